#include "collect/proc/CgroupMembers.h"

#include "collect/proc/ProcFiles.h"
#include "collect/proc/ProcParsers.h"

#include <charconv>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

namespace ptriage {
namespace {

constexpr int kMaxDepth = 64;

std::vector<std::string> subdirectories(int dirFd)
{
    std::vector<std::string> out;
    forEachEntry(dirFd, [&out](const char *name, unsigned char type) {
        if (type == DT_DIR && std::strcmp(name, ".") != 0 && std::strcmp(name, "..") != 0)
            out.emplace_back(name);
    });
    return out;
}

struct Walk {
    std::unordered_map<int, std::uint32_t> &pathOfPid;
    std::vector<std::string> &paths;
    std::size_t maxCgroups;
    FileBuffer buf;

    // False once the walk has visited more than maxCgroups.
    bool visit(int dirFd, const std::string &path, int depth)
    {
        if (paths.size() >= maxCgroups)
            return false;
        const auto index = static_cast<std::uint32_t>(paths.size());
        paths.push_back(path);
        // A threaded cgroup's cgroup.procs refuses to be read: its processes are looked up one by one.
        if (buf.readAt(dirFd, "cgroup.procs", 64 << 20)) {
            const std::string_view text = buf.view();
            std::size_t at = 0;
            while (at < text.size()) {
                const std::size_t end = std::min(text.find('\n', at), text.size());
                int pid = 0;
                const auto [p, ec] = std::from_chars(text.data() + at, text.data() + end, pid);
                if (ec == std::errc() && p == text.data() + end && pid > 0)
                    pathOfPid[pid] = index; // listed twice (it moved meanwhile): either was its
                at = end + 1;
            }
        }
        if (depth >= kMaxDepth)
            return true;
        for (const std::string &name : subdirectories(dirFd)) {
            const DirFd child = DirFd::openAt(dirFd, name.c_str());
            if (child.valid() && !visit(child.get(), path == "/" ? "/" + name : path + '/' + name, depth + 1))
                return false;
        }
        return true;
    }
};

std::uint64_t bootTick()
{
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts); // what a process's start time in /proc/PID/stat counts
    const auto hz = static_cast<std::uint64_t>(std::max(1L, ::sysconf(_SC_CLK_TCK)));
    return static_cast<std::uint64_t>(ts.tv_sec) * hz + static_cast<std::uint64_t>(ts.tv_nsec) / (1000000000 / hz);
}

} // namespace

std::string CgroupMembers::unifiedMount()
{
    for (const char *mount : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
        struct statfs fs { };
        if (::statfs(mount, &fs) == 0 && fs.f_type == CGROUP2_SUPER_MAGIC)
            return mount;
    }
    return {};
}

std::optional<CgroupMembers> CgroupMembers::read(const std::string &mount, std::size_t maxCgroups)
{
    CgroupMembers m;
    m.m_walkTick = bootTick();
    const DirFd root(::open(mount.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!root.valid())
        return std::nullopt;
    Walk walk{m.m_pathOfPid, m.m_paths, maxCgroups, FileBuffer()};
    if (!walk.visit(root.get(), "/", 0))
        return std::nullopt;
    // The walk and /proc/PID/cgroup must name cgroups alike: this process is where it says it is.
    FileBuffer own;
    const DirFd self(::open("/proc/self", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!self.valid() || !own.readRecordAt(self.get(), "cgroup"))
        return std::nullopt;
    const auto it = m.m_pathOfPid.find(static_cast<int>(::getpid()));
    if (it == m.m_pathOfPid.end() || m.m_paths[it->second] != parseCgroup(own.view()))
        return std::nullopt;
    return m;
}

const std::string *CgroupMembers::find(int pid, std::uint64_t startTicks) const
{
    if (startTicks >= m_walkTick)
        return nullptr; // it may have taken a pid the walk saw another process under
    const auto it = m_pathOfPid.find(pid);
    return it == m_pathOfPid.end() ? nullptr : &m_paths[it->second];
}

} // namespace ptriage
