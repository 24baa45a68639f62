#include "Collector.h"
#include "collect/proc/ProcParsers.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {
namespace {

// Output is only ever created, never opened: a name that exists (a link someone planted) fails.
constexpr int kCreateFile = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
constexpr int kOpenDir = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// A directory of the capture, made here and opened without following a link.
DirFd makeDirAt(int parent, const char *name)
{
    if (::mkdirat(parent, name, 0755) != 0)
        return DirFd();
    return DirFd(::openat(parent, name, kOpenDir));
}

bool writeFileAt(int dirFd, const char *name, std::string_view data)
{
    const int fd = ::openat(dirFd, name, kCreateFile, 0644);
    if (fd < 0)
        return false;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ::close(fd);
            return false;
        }
        done += static_cast<std::size_t>(n);
    }
    return ::close(fd) == 0;
}

// True when the directory has no entry but . and .. (or cannot be listed: then not empty).
bool isEmptyDir(int dirFd)
{
    const int fd = ::openat(dirFd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    DIR *d = fd >= 0 ? ::fdopendir(fd) : nullptr;
    if (!d) {
        if (fd >= 0)
            ::close(fd);
        return false;
    }
    bool empty = true;
    while (const dirent *e = ::readdir(d))
        if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0) {
            empty = false;
            break;
        }
    ::closedir(d);
    return empty;
}

// Makes the parents of `dir` as needed (like mkdir -p), then `dir` itself: new, or an empty
// directory of ours that no one else may write to. Anything else is refused before a byte is
// written, so a directory another user prepared (with links to a victim's files in it) is never
// written through. The path is walked a directory at a time: a link on the way is followed only when
// the caller or root made it, never another user's (/tmp/x → a directory only root may read).
// Returns `dir` opened without following a link.
DirFd makeCaptureDir(const std::string &dir, std::string *error)
{
    const auto fail = [&](const std::string &why) {
        *error = dir + ": " + why;
        return DirFd();
    };
    DirFd out(::open(dir.empty() || dir[0] != '/' ? "." : "/", kOpenDir));
    std::string walked = dir.empty() || dir[0] != '/' ? "" : "/";
    for (std::size_t at = 0; at < dir.size() && out.valid();) {
        const std::size_t end = std::min(dir.find('/', at), dir.size());
        const std::string name = dir.substr(at, end - at);
        at = end + 1;
        if (name.empty() || name == ".")
            continue;
        walked += (walked.empty() || walked.back() == '/' ? "" : "/") + name;
        const bool last = dir.find_first_not_of('/', at) == std::string::npos;
        if (::mkdirat(out.get(), name.c_str(), last ? 0700 : 0755) != 0 && errno != EEXIST)
            return fail(walked + ": " + std::strerror(errno));
        DirFd next(::openat(out.get(), name.c_str(), kOpenDir));
        struct stat link { };
        if (!next.valid() && (errno == ELOOP || errno == ENOTDIR) && !last
            && ::fstatat(out.get(), name.c_str(), &link, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(link.st_mode)) {
            if (link.st_uid != ::geteuid() && link.st_uid != 0)
                return fail(walked + ": a link another user (uid " + std::to_string(link.st_uid)
                    + ") made; give a path without one");
            next = DirFd(::openat(out.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        }
        if (!next.valid()) {
            const std::string why = errno == ELOOP || errno == ENOTDIR
                ? "not a directory (a link?); give a new directory"
                : std::string(std::strerror(errno));
            return fail(last ? why : walked + ": " + why);
        }
        out = std::move(next);
    }
    if (!out.valid())
        return fail(std::strerror(errno));
    struct stat st { };
    if (::fstat(out.get(), &st) != 0)
        return fail(std::strerror(errno));
    if (st.st_uid != ::geteuid())
        return fail("belongs to someone else; give a new directory");
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
        return fail("others may write to it; give a new directory");
    if (!isEmptyDir(out.get()))
        return fail("not empty; give a new or empty directory");
    return out;
}

// Copies one file from `from` to `to`; a missing or unreadable file is skipped.
void copyAt(int from, int to, const char *name, FileBuffer &buf, std::size_t limit = 1 << 20)
{
    if (buf.readAt(from, name, limit))
        writeFileAt(to, name, buf.view());
}

void copyLinkAt(int from, int to, const char *name)
{
    const auto target = readLinkAt(from, name);
    // Best effort, like every file of a capture: a link that cannot be written is simply missing.
    if (!target.empty() && ::symlinkat(target.c_str(), to, name) != 0)
        return;
}

// The scheduler's view of each thread: when it last ran (sched), on which CPU (stat), and its CPU
// time (schedstat).
void captureThreads(int src, int dst, FileBuffer &buf)
{
    copyAt(src, dst, "sched", buf);
    copyAt(src, dst, "schedstat", buf);
    DirFd tasks = DirFd::openAt(src, "task");
    if (!tasks.valid())
        return;
    DirFd outTasks = makeDirAt(dst, "task");
    if (!outTasks.valid())
        return;
    for (int tid : listNumericEntries(tasks.get())) {
        char name[16];
        auto [end, ec] = std::to_chars(name, name + sizeof name - 1, tid);
        *end = '\0';
        DirFd task = DirFd::openAt(tasks.get(), name);
        if (!task.valid())
            continue;
        DirFd outTask = makeDirAt(outTasks.get(), name);
        if (!outTask.valid())
            continue;
        copyAt(task.get(), outTask.get(), "sched", buf);
        copyAt(task.get(), outTask.get(), "schedstat", buf);
        copyAt(task.get(), outTask.get(), "stat", buf); // the CPU it ran on: whose clock its sched is on
    }
}

void captureProcess(int root, int out, int pid, const std::vector<std::string_view> &keys, FileBuffer &buf)
{
    char name[16];
    auto [end, ec] = std::to_chars(name, name + sizeof name - 1, pid);
    *end = '\0';
    DirFd src = DirFd::openAt(root, name);
    if (!src.valid())
        return;
    DirFd dst = makeDirAt(out, name);
    if (!dst.valid())
        return;
    for (const char *file : {"stat", "status", "comm", "io", "cgroup", "wchan", "smaps_rollup"})
        copyAt(src.get(), dst.get(), file, buf);
    copyAt(src.get(), dst.get(), "cmdline", buf, 256 * 1024);
    if (buf.readAt(src.get(), "environ", 1 << 20)) {
        std::string kept;
        for (const auto &[k, v] : parseEnviron(buf.view(), keys))
            kept += k + '=' + v + '\0';
        writeFileAt(dst.get(), "environ", kept);
    }
    copyLinkAt(src.get(), dst.get(), "cwd");
    copyLinkAt(src.get(), dst.get(), "exe");
    captureThreads(src.get(), dst.get(), buf);
    DirFd fd = DirFd::openAt(src.get(), "fd");
    DirFd fdinfo = DirFd::openAt(src.get(), "fdinfo");
    DirFd outFd = fd.valid() ? makeDirAt(dst.get(), "fd") : DirFd();
    DirFd outInfo = outFd.valid() ? makeDirAt(dst.get(), "fdinfo") : DirFd();
    if (outFd.valid() && outInfo.valid()) {
        for (int n : listNumericEntries(fd.get())) {
            char fdName[16];
            auto [e2, ec2] = std::to_chars(fdName, fdName + sizeof fdName - 1, n);
            *e2 = '\0';
            copyLinkAt(fd.get(), outFd.get(), fdName);
            if (fdinfo.valid())
                copyAt(fdinfo.get(), outInfo.get(), fdName, buf);
        }
    }
}

} // namespace

bool writeCapture(const std::string &procRoot, const std::string &dir, const std::vector<int> &pids, std::string *error)
{
    DirFd root(::open(procRoot.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid()) {
        *error = procRoot + ": " + std::strerror(errno);
        return false;
    }
    DirFd out = makeCaptureDir(dir, error);
    if (!out.valid())
        return false;
    DirFd sys = makeDirAt(out.get(), "sys");
    DirFd kernel = sys.valid() ? makeDirAt(sys.get(), "kernel") : DirFd();
    DirFd random = kernel.valid() ? makeDirAt(kernel.get(), "random") : DirFd();
    DirFd net = makeDirAt(out.get(), "net");
    DirFd pressure = makeDirAt(out.get(), "pressure");
    if (!random.valid() || !net.valid() || !pressure.valid()) {
        *error = dir + ": " + std::strerror(errno);
        return false;
    }
    FileBuffer buf;
    if (!buf.readAt(root.get(), "sys/kernel/random/boot_id") || !writeFileAt(random.get(), "boot_id", buf.view())) {
        *error = dir + "/sys/kernel/random/boot_id: cannot copy the boot id";
        return false;
    }
    for (const char *file : {"stat", "meminfo", "loadavg", "locks"})
        copyAt(root.get(), out.get(), file, buf, 64 << 20);
    if (DirFd from = DirFd::openAt(root.get(), "pressure"); from.valid())
        copyAt(from.get(), pressure.get(), "memory", buf, 64 << 20);
    // net and thread-self are links in /proc (to self/net, to the thread's own directory).
    if (DirFd from(::openat(root.get(), "net", O_RDONLY | O_DIRECTORY | O_CLOEXEC)); from.valid())
        for (const char *file : {"tcp", "tcp6", "udp", "udp6", "unix"})
            copyAt(from.get(), net.get(), file, buf, 64 << 20);
    std::vector<std::string_view> keys;
    const auto keyStrings = CollectOptions::defaultEnvironKeys();
    for (const auto &k : keyStrings)
        keys.emplace_back(k);
    const auto targets = pids.empty() ? listNumericEntries(root.get()) : pids;
    for (int pid : targets)
        captureProcess(root.get(), out.get(), pid, keys, buf);
    // The scheduler's "now" (when this thread last ran), for how long each process has not run.
    if (DirFd self(::openat(root.get(), "thread-self", O_RDONLY | O_DIRECTORY | O_CLOEXEC)); self.valid())
        if (DirFd outSelf = makeDirAt(out.get(), "thread-self"); outSelf.valid())
            copyAt(self.get(), outSelf.get(), "sched", buf);
    // And each CPU's clock beside it: a process's last run is on the clock of the CPU it ran on.
    struct stat st { };
    if (::fstatat(root.get(), "self", &st, 0) == 0) // a live procfs: its CPUs can be visited
        if (const auto clocks = SchedClocks::read(root.get(), true, buf))
            writeFileAt(out.get(), SchedClocks::kCaptureFile, clocks->toText());
    // Uptime last: every process in the tree was alive at or before this instant.
    if (!buf.readAt(root.get(), "uptime") || !writeFileAt(out.get(), "uptime", buf.view())) {
        *error = dir + "/uptime: cannot write";
        return false;
    }
    return true;
}

} // namespace ptriage
