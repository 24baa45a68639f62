#include "ThreadPriority.h"

#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

namespace ptriage {

void lowerCurrentThreadPriority(int nice)
{
    // On Linux, PRIO_PROCESS with a thread id sets that one thread's nice value.
    const auto self = static_cast<id_t>(::gettid());
    errno = 0;
    const int current = ::getpriority(PRIO_PROCESS, self);
    if (errno == 0 && current < nice)
        ::setpriority(PRIO_PROCESS, self, nice);
}

} // namespace ptriage
