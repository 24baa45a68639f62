// /proc/PID/sched: when a thread last ran and its CPU time, in milliseconds. SchedTimes turns the
// latter into nanoseconds (llround(ms × 1e6)), so a value must fit in 64-bit nanoseconds.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cmath>
#include <cstdio>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    double ms = -1;
    for (bool execStart : {true, false}) {
        const bool ok = execStart ? parseSchedExecStart(text, ms) : parseSchedSumExecRuntime(text, ms);
        if (!ok)
            continue;
        FUZZ_CHECK(std::isfinite(ms) && ms >= 0 && ms * 1e6 < 9.2e18);
        char again[128];
        std::snprintf(again, sizeof again, "x (1, #threads: 1)\n------\n%s   :   %.17g\n",
            execStart ? "se.exec_start" : "se.sum_exec_runtime", ms);
        double twice = -1;
        FUZZ_CHECK(
            (execStart ? parseSchedExecStart(again, twice) : parseSchedSumExecRuntime(again, twice)) && twice == ms);
    }
    return 0;
}
