#include "ThreadPriority.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace ptriage {

namespace {

thread_local bool t_background = false;
std::atomic<bool> g_giveWay{true}; // the machine has room: yield points give way
std::atomic<bool> g_windowless{false}; // no GUI thread to give way to
std::atomic<std::int64_t> g_foregroundUntilNs{0}; // yield points pause until then; 0: asleep
std::atomic<std::uint32_t> g_foregroundSleeps{0}; // counts the window's sleeps; pausing threads wait on it
std::atomic<int> g_pausing{0};
std::atomic<std::uint64_t> g_pauses{0}; // pauses begun, ever

std::int64_t monotonicNanoseconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// Until the window next sleeps, or `ns` pass.
void pauseForForeground(std::int64_t ns)
{
    static_assert(sizeof(std::atomic<std::uint32_t>) == sizeof(std::uint32_t));
    const std::uint32_t sleeps = g_foregroundSleeps.load();
    g_pauses.fetch_add(1, std::memory_order_relaxed);
    g_pausing.fetch_add(1);
    if (g_foregroundUntilNs.load() != 0) { // not asleep since `sleeps` was read
        const timespec timeout{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
        ::syscall(SYS_futex, reinterpret_cast<std::uint32_t *>(&g_foregroundSleeps), FUTEX_WAIT_PRIVATE, sleeps,
            &timeout, nullptr, 0);
    }
    g_pausing.fetch_sub(1);
}

} // namespace

void becomeBackgroundThread(int nice)
{
    t_background = true;
    // On Linux, PRIO_PROCESS with a thread id sets that one thread's nice value.
    const auto self = static_cast<id_t>(::gettid());
    errno = 0;
    const int current = ::getpriority(PRIO_PROCESS, self);
    if (errno == 0 && current < nice)
        ::setpriority(PRIO_PROCESS, self, nice);
}

bool isBackgroundThread()
{
    return t_background;
}

void yieldPoint()
{
    if (!t_background || !g_giveWay.load(std::memory_order_relaxed) || g_windowless.load(std::memory_order_relaxed))
        return;
    if (const std::int64_t until = g_foregroundUntilNs.load(std::memory_order_relaxed)) {
        const std::int64_t now = monotonicNanoseconds();
        if (now < until) {
            pauseForForeground(until - now);
            return;
        }
    }
    ::sched_yield();
}

void noWindowToGiveWayTo()
{
    g_windowless.store(true);
}

void foregroundAwake(int pauseMs)
{
    // From the first event after a sleep: a busy stretch longer than the bound pauses no one past it.
    if (g_foregroundUntilNs.load(std::memory_order_relaxed) == 0)
        g_foregroundUntilNs.store(monotonicNanoseconds() + std::int64_t{pauseMs} * 1'000'000);
}

void foregroundAsleep()
{
    g_foregroundUntilNs.store(0);
    g_foregroundSleeps.fetch_add(1);
    if (g_pausing.load() > 0)
        ::syscall(SYS_futex, reinterpret_cast<std::uint32_t *>(&g_foregroundSleeps), FUTEX_WAKE_PRIVATE, INT_MAX,
            nullptr, nullptr, 0);
}

std::uint64_t foregroundPausesTaken()
{
    return g_pauses.load(std::memory_order_relaxed);
}

void noteBackgroundShare(std::int64_t wallNs, std::int64_t cpuNs)
{
    if (wallNs > 0)
        g_giveWay.store(2 * cpuNs >= wallNs, std::memory_order_relaxed);
}

std::int64_t threadCpuNanoseconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

} // namespace ptriage
