#include "ThreadPriority.h"

#include <atomic>
#include <cerrno>
#include <ctime>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

namespace ptriage {

namespace {

thread_local bool t_background = false;
std::atomic<bool> g_giveWay{true}; // the machine has room: yield points give way

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
    if (t_background && g_giveWay.load(std::memory_order_relaxed))
        ::sched_yield();
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
