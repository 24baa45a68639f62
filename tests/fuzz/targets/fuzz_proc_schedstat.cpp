// /proc/PID/schedstat: run time in nanoseconds, wait time, time slices.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    std::uint64_t ns = 0;
    if (!parseSchedstatRunNs(fuzzText(data, size), ns))
        return 0;
    std::uint64_t twice = 0;
    FUZZ_CHECK(parseSchedstatRunNs(std::to_string(ns) + " 0 0\n", twice) && twice == ns);
    return 0;
}
