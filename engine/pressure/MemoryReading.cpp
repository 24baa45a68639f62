#include "MemoryReading.h"

namespace ptriage {

double MemoryReading::availableShare() const
{
    if (memTotalBytes == 0)
        return 0;
    const double share = static_cast<double>(memAvailableBytes) / static_cast<double>(memTotalBytes);
    return share > 1 ? 1 : share;
}

} // namespace ptriage
