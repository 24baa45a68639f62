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

bool writeFileAt(int dirFd, const char *name, std::string_view data)
{
    const int fd = ::openat(dirFd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
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

bool makeDirs(const std::string &path)
{
    std::string partial;
    for (std::size_t i = 0; i <= path.size(); ++i) {
        if (i == path.size() || path[i] == '/') {
            if (!partial.empty() && ::mkdir(partial.c_str(), 0755) != 0 && errno != EEXIST)
                return false;
        }
        if (i < path.size())
            partial += path[i];
    }
    return true;
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
    if (!tasks.valid() || ::mkdirat(dst, "task", 0755) != 0)
        return;
    DirFd outTasks = DirFd::openAt(dst, "task");
    for (int tid : listNumericEntries(tasks.get())) {
        char name[16];
        auto [end, ec] = std::to_chars(name, name + sizeof name - 1, tid);
        *end = '\0';
        DirFd task = DirFd::openAt(tasks.get(), name);
        if (!task.valid() || ::mkdirat(outTasks.get(), name, 0755) != 0)
            continue;
        DirFd outTask = DirFd::openAt(outTasks.get(), name);
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
    if (!src.valid() || (::mkdirat(out, name, 0755) != 0 && errno != EEXIST))
        return;
    DirFd dst = DirFd::openAt(out, name);
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
    if (fd.valid() && ::mkdirat(dst.get(), "fd", 0755) == 0 && ::mkdirat(dst.get(), "fdinfo", 0755) == 0) {
        DirFd outFd = DirFd::openAt(dst.get(), "fd");
        DirFd outInfo = DirFd::openAt(dst.get(), "fdinfo");
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
    if (!makeDirs(dir + "/sys/kernel/random") || !makeDirs(dir + "/net") || !makeDirs(dir + "/pressure")) {
        *error = dir + ": " + std::strerror(errno);
        return false;
    }
    DirFd out(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!out.valid()) {
        *error = dir + ": " + std::strerror(errno);
        return false;
    }
    FileBuffer buf;
    if (!buf.readAt(root.get(), "sys/kernel/random/boot_id")
        || !writeFileAt(out.get(), "sys/kernel/random/boot_id", buf.view())) {
        *error = dir + "/sys/kernel/random/boot_id: cannot copy the boot id";
        return false;
    }
    for (const char *file : {"stat", "meminfo", "loadavg", "pressure/memory", "net/tcp", "net/tcp6", "net/udp",
             "net/udp6", "net/unix", "locks"})
        copyAt(root.get(), out.get(), file, buf, 64 << 20);
    std::vector<std::string_view> keys;
    const auto keyStrings = CollectOptions::defaultEnvironKeys();
    for (const auto &k : keyStrings)
        keys.emplace_back(k);
    const auto targets = pids.empty() ? listNumericEntries(root.get()) : pids;
    for (int pid : targets)
        captureProcess(root.get(), out.get(), pid, keys, buf);
    // The scheduler's "now" (when this thread last ran), for how long each process has not run.
    if (::mkdirat(out.get(), "thread-self", 0755) == 0 || errno == EEXIST)
        if (DirFd self = DirFd::openAt(root.get(), "thread-self"), outSelf = DirFd::openAt(out.get(), "thread-self");
            self.valid() && outSelf.valid())
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
