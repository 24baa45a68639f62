#pragma once

#include <QMetaType>

#include <cstdint>
#include <optional>

namespace ptriage {

// One line of /proc/pressure/memory: the share of time stalled (percent) and the total stall.
struct PsiFigures {
    double avg10 = 0, avg60 = 0;
    std::uint64_t totalUs = 0;
};

// What one look at /proc/meminfo and /proc/pressure/memory saw.
struct MemoryReading {
    std::int64_t atMs = 0; // wall clock, ms since the epoch
    std::uint64_t memTotalBytes = 0, memAvailableBytes = 0, swapTotalBytes = 0, swapFreeBytes = 0;
    std::optional<PsiFigures> some, full; // empty when the kernel has no PSI (or it is disabled: empty file)
    double availableShare() const; // MemAvailable / MemTotal, 0..1
};

} // namespace ptriage

Q_DECLARE_METATYPE(ptriage::MemoryReading)
