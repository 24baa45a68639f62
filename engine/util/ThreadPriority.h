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
// waiting for one, or pauses while the window handles events (foregroundAwake). A kernel that does not preempt on
// wakeup (EEVDF protecting a running slice, without kernel preemption) leaves the GUI thread, woken by its timer or an
// event, waiting for the next tick (4 ms at 250 Hz) behind a scan. Costs a system call; nothing on other threads, nor
// while the machine is saturated (see noteBackgroundShare).
void yieldPoint();

// This process has no window (`watch`): yield points do nothing from now on. Giving way serves a GUI
// thread; without one it was a system call and a context switch per block (3 % of watch's CPU).
void noWindowToGiveWayTo();

// The window's thread says when it handles events: awake at the first event after its loop woke
// up, asleep when the loop is about to wait again (ui/desk/ForegroundWatch). While it is awake, yield points pause
// instead of giving way, for at most kForegroundPauseMs from its waking: the window's work then runs without background
// threads ready on its core. A thread that ran while others were ready is owed less later: on EEVDF kernels, the GUI
// thread woken after a long paint beside a scan waited up to 27 ms (behind nice-10 threads, whose small weight
// multiplies the debt when it rejoins their queue).
inline constexpr int kForegroundPauseMs = 8;
void foregroundAwake(int pauseMs = kForegroundPauseMs);
void foregroundAsleep();
// How many times a yield point has paused for the window (what a test can count, whatever the load).
std::uint64_t foregroundPausesTaken();

// After a piece of background work that took `wallNs`, of which the calling thread ran `cpuNs`: a
// thread that had its core less than half the time shares a saturated machine, where giving way
// hands the core to that load rather than to the window (refreshes 1.4 to 1.8 times slower with two
// spinning processes on two cores). Yield points give way again once a piece of work has its core.
void noteBackgroundShare(std::int64_t wallNs, std::int64_t cpuNs);

// The calling thread's CPU time.
std::int64_t threadCpuNanoseconds();

} // namespace ptriage
