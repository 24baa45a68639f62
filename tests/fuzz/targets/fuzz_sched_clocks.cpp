// A capture's record of the CPUs' scheduler clocks (ptriage_sched_clocks, written by ptriage capture).
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cmath>
#include <cstdio>
#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    RecordedClocks r;
    std::string error;
    if (!parseRecordedClocks(fuzzText(data, size), r, &error)) {
        FUZZ_CHECK(!error.empty());
        return 0;
    }
    FUZZ_CHECK(std::isfinite(r.nowMs) && !r.offsetsMs.empty());
    std::string again = "now " + std::to_string(r.nowMs) + "\n";
    for (const auto &[cpu, ms] : r.offsetsMs) {
        FUZZ_CHECK(cpu >= 0 && cpu < 8192 && std::isfinite(ms));
        char line[400];
        std::snprintf(line, sizeof line, "cpu %d %.17g\n", cpu, ms);
        again += line;
    }
    RecordedClocks twice;
    FUZZ_CHECK(parseRecordedClocks(again, twice, &error) && twice.offsetsMs == r.offsetsMs);
    return 0;
}
