// /proc/loadavg: three load averages, shown and written to JSON (so finite and not negative).
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cmath>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    double l1 = 0, l5 = 0, l15 = 0;
    if (!parseLoadavg(fuzzText(data, size), l1, l5, l15))
        return 0;
    for (double l : {l1, l5, l15})
        FUZZ_CHECK(std::isfinite(l) && l >= 0);
    return 0;
}
