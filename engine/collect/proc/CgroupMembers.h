#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptriage {

// Which process is in which cgroup of the unified (v2) hierarchy, from each cgroup's cgroup.procs:
// a read per cgroup instead of a /proc/PID/cgroup per process, which pays when many processes share
// few cgroups (a test run's thousands of workers, all in its one). A pid listed names the process that
// had it during the walk, so only a process started before the walk began is looked up in it.
class CgroupMembers {
public:
    // Walks the v2 hierarchy at `mount` (see unifiedMount), visiting at most `maxCgroups`; empty when it
    // has more, or when this process is not found where its own /proc/self/cgroup says (another cgroup
    // namespace's view, another pid namespace's /proc).
    static std::optional<CgroupMembers> read(const std::string &mount, std::size_t maxCgroups);
    // Where the v2 hierarchy is mounted (/sys/fs/cgroup, or /sys/fs/cgroup/unified beside v1's), or empty.
    static std::string unifiedMount();

    // The cgroup of `pid` as /proc/PID/cgroup's "0::" line gives it, if the process was there before the
    // walk (its start time, in clock ticks since boot, before the walk's first tick); else null.
    const std::string *find(int pid, std::uint64_t startTicks) const;
    std::size_t cgroupCount() const { return m_paths.size(); }

private:
    std::unordered_map<int, std::uint32_t> m_pathOfPid;
    std::vector<std::string> m_paths;
    std::uint64_t m_walkTick = 0;
};

} // namespace ptriage
