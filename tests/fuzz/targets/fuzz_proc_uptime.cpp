// /proc/uptime: seconds since boot, the clock of a captured tree.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cmath>
#include <cstdio>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    double seconds = 0;
    if (!parseUptime(fuzzText(data, size), seconds))
        return 0;
    FUZZ_CHECK(std::isfinite(seconds) && seconds >= 0);
    char again[64];
    std::snprintf(again, sizeof again, "%.17g 1.00\n", seconds);
    double twice = -1;
    FUZZ_CHECK(parseUptime(again, twice) && twice == seconds);
    return 0;
}
