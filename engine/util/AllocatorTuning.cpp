#include "AllocatorTuning.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace ptriage {

void tuneAllocatorForLongRun()
{
#ifdef __GLIBC__
    ::mallopt(M_ARENA_MAX, 2);
#endif
}

} // namespace ptriage
