#pragma once

#include <cstdint>

namespace ptriage {

// The nice value of background work (scans, formatting rows): below the GUI thread's, so on a
// busy machine the window gets a core first.
inline constexpr int kBackgroundNice = 10;

// Makes the calling thread background work: its nice value lowered to `nice` (never raised; threads
// it starts inherit it), and giving way at yieldPoint().
void becomeBackgroundThread(int nice = kBackgroundNice);
bool isBackgroundThread();

// Where background work, between two pieces of about a millisecond, gives its core to a thread
// waiting for one. A kernel that does not preempt on wakeup (EEVDF protecting a running slice,
// without kernel preemption) leaves the GUI thread, woken by its timer or an event, waiting for the
// next tick (4 ms at 250 Hz) behind a scan. Costs a system call; nothing on other threads, nor while
// the machine is saturated (see noteBackgroundShare).
void yieldPoint();

// After a piece of background work that took `wallNs`, of which the calling thread ran `cpuNs`: a
// thread that had its core less than half the time shares a saturated machine, where giving way
// hands the core to that load rather than to the window (refreshes 1.4 to 1.8 times slower with two
// spinning processes on two cores). Yield points give way again once a piece of work has its core.
void noteBackgroundShare(std::int64_t wallNs, std::int64_t cpuNs);

// The calling thread's CPU time.
std::int64_t threadCpuNanoseconds();

} // namespace ptriage
