#pragma once

#include "ProcFiles.h"

#include <cstdint>
#include <optional>

namespace ptriage {

// What the scheduler knows about a process's threads (CONFIG_SCHED_DEBUG / CONFIG_SCHEDSTATS).
// Its clock is sched_clock: milliseconds since boot that, like CLOCK_MONOTONIC, stand still while
// the machine is suspended — so "not run for" never counts a suspend (it says less, not more).

// When any thread of the process in `pidFd` last ran (the newest se.exec_start of task/*/sched,
// or of its own sched when it has one thread or task/ is absent); empty when unknown.
std::optional<double> readLastRanMs(int pidFd, long threads, FileBuffer &buf);
// "Now" on the same clock: when the calling thread (in a capture: the capturing thread) last ran,
// which is this instant, from <root>/thread-self/sched.
std::optional<double> readSchedNowMs(int rootFd, FileBuffer &buf);
// Both at once for a one-thread process, from its sched file alone (one read instead of two).
struct SchedReading {
    std::optional<double> lastRanMs;
    std::optional<std::uint64_t> cpuNs;
};
SchedReading readSchedOfOneThread(int pidFd, FileBuffer &buf);
// CPU time of all threads in nanoseconds, from task/*/schedstat (its own schedstat when the
// process has one thread); empty when unknown.
std::optional<std::uint64_t> readCpuNs(int pidFd, long threads, FileBuffer &buf);

} // namespace ptriage
