#pragma once

#include "collect/proc/ProcFiles.h"
#include "collect/proc/SchedClocks.h"

#include <cstdint>
#include <optional>

namespace ptriage {

// What the scheduler knows about a process's threads (CONFIG_SCHED_DEBUG / CONFIG_SCHEDSTATS).
// Its clocks (one per CPU, see SchedClocks) stand still while the machine is suspended, like
// CLOCK_MONOTONIC — so "not run for" never counts a suspend (it says less, not more).

// When any thread of the process in `pidFd` last ran, on the clocks' timeline (the newest
// se.exec_start of task/*/sched, each on the clock of the CPU that thread ran on; its own sched
// when it has one thread or task/ is absent, on `cpu`, its stat's); empty when unknown.
std::optional<double> readLastRanMs(int pidFd, long threads, int cpu, const SchedClocks &clocks, FileBuffer &buf);
// Both at once for a one-thread process, from its sched file alone (one read instead of two).
struct SchedReading {
    std::optional<double> lastRanMs; // on the clock of the CPU it ran on (SchedClocks::toTimeline)
    std::optional<std::uint64_t> cpuNs;
};
SchedReading readSchedOfOneThread(int pidFd, FileBuffer &buf);
// CPU time of all threads in nanoseconds, from task/*/schedstat (its own schedstat when the
// process has one thread); empty when unknown.
std::optional<std::uint64_t> readCpuNs(int pidFd, long threads, FileBuffer &buf);

} // namespace ptriage
