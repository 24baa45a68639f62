#include "collect/proc/SchedTimes.h"

#include "collect/proc/ProcParsers.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace ptriage {
namespace {

// Calls `read(taskDirFd)` for each thread directory under task/; false when task/ is unreadable.
template<typename Read> bool forEachThread(int pidFd, Read &&read)
{
    DirFd tasks = DirFd::openAt(pidFd, "task");
    if (!tasks.valid())
        return false;
    for (int tid : listNumericEntries(tasks.get(), Rewind::No)) {
        char name[16];
        auto [end, ec] = std::to_chars(name, name + sizeof name - 1, tid);
        *end = '\0';
        DirFd task = DirFd::openAt(tasks.get(), name);
        if (task.valid())
            read(task.get()); // a thread that ended meanwhile is simply not counted
    }
    return true;
}

std::optional<double> execStartAt(int dirFd, FileBuffer &buf)
{
    double ms = 0;
    if (buf.readRecordAt(dirFd, "sched") && parseSchedExecStart(buf.view(), ms)) // one read: ~1.5 KiB
        return ms;
    return std::nullopt;
}

} // namespace

std::optional<double> readLastRanMs(int pidFd, long threads, int cpu, const SchedClocks &clocks, FileBuffer &buf)
{
    const auto onTimeline = [&](std::optional<double> ms, int on) {
        return ms ? std::optional(clocks.toTimeline(*ms, on)) : std::nullopt;
    };
    if (threads == 1)
        return onTimeline(execStartAt(pidFd, buf), cpu); // its one thread is the leader: no task/ listing
    const bool oneClock = clocks.spreadMs() < 1;
    std::optional<double> newest;
    const bool listed = forEachThread(pidFd, [&](int taskFd) {
        const auto ms = execStartAt(taskFd, buf);
        if (!ms || (newest && clocks.toTimeline(*ms, -1) <= *newest))
            return; // even on the CPU whose clock is furthest behind it ran before the newest
        int on = -1;
        StatFields f;
        const char *reason = nullptr;
        if (!oneClock && buf.readRecordAt(taskFd, "stat") && parseStat(buf.view(), f, &reason))
            on = f.processor;
        const double at = clocks.toTimeline(*ms, on);
        newest = newest ? std::max(*newest, at) : at;
    });
    return listed && newest ? newest : onTimeline(execStartAt(pidFd, buf), cpu);
}

SchedReading readSchedOfOneThread(int pidFd, FileBuffer &buf)
{
    SchedReading r;
    double ms = 0;
    if (!buf.readRecordAt(pidFd, "sched"))
        return r;
    if (parseSchedExecStart(buf.view(), ms))
        r.lastRanMs = ms;
    if (parseSchedSumExecRuntime(buf.view(), ms))
        r.cpuNs = static_cast<std::uint64_t>(std::llround(ms * 1e6));
    return r;
}

std::optional<std::uint64_t> readCpuNs(int pidFd, long threads, FileBuffer &buf)
{
    std::uint64_t ns = 0;
    if (threads <= 1)
        return buf.readRecordAt(pidFd, "schedstat") && parseSchedstatRunNs(buf.view(), ns) ? std::optional(ns)
                                                                                           : std::nullopt;
    bool complete = true;
    const bool listed = forEachThread(pidFd, [&](int taskFd) {
        std::uint64_t one = 0;
        if (buf.readRecordAt(taskFd, "schedstat") && parseSchedstatRunNs(buf.view(), one))
            ns += one;
        else
            complete = false;
    });
    return listed && complete ? std::optional(ns) : std::nullopt;
}

} // namespace ptriage
