// /proc/pressure/memory (PSI): the collector's avg10 pair (parsePressure) and the pressure monitor's
// lines (parsePsiLine). Shares are percentages.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cstdio>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    double some = -1, full = -1;
    if (parsePressure(text, some, full))
        FUZZ_CHECK(some >= 0 && some <= 100 && full >= 0 && full <= 100);

    for (const char *kind : {"some", "full"}) {
        double avg10 = -1, avg60 = -1;
        std::uint64_t total = 0;
        const char *reason = "unset";
        if (!parsePsiLine(text, kind, avg10, avg60, total, &reason)) {
            FUZZ_CHECK(reason == nullptr || std::string_view(reason).find(kind) != std::string_view::npos);
            continue;
        }
        FUZZ_CHECK(reason == nullptr);
        FUZZ_CHECK(avg10 >= 0 && avg10 <= 100 && avg60 >= 0 && avg60 <= 100);
        char again[160];
        std::snprintf(again, sizeof again, "%s avg10=%.17g avg60=%.17g avg300=0.00 total=%llu\n", kind, avg10, avg60,
            static_cast<unsigned long long>(total));
        double a10 = -1, a60 = -1;
        std::uint64_t t = 0;
        FUZZ_CHECK(parsePsiLine(again, kind, a10, a60, t, &reason));
        FUZZ_CHECK(a10 == avg10 && a60 == avg60 && t == total);
    }
    return 0;
}
