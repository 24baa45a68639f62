#include "AllocatorTuning.h"

#include <cstdlib> // on glibc, defines __GLIBC__ (no header before this one does: the tuning was a no-op)

#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace ptriage {

void tuneAllocatorForLongRun()
{
#ifdef __GLIBC__
    ::mallopt(M_ARENA_MAX, 2);
    // Fixed, so glibc does not raise them after freeing a large block (a scan's vectors): blocks
    // of 128 KiB and more are mapped and returned whole, the top of the heap is given back.
    ::mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    ::mallopt(M_TRIM_THRESHOLD, 256 * 1024);
#endif
}

} // namespace ptriage
