// /proc/PID/fdinfo/N: the octal open flags.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <cstdio>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    unsigned flags = 0;
    if (!parseFdinfoFlags(fuzzText(data, size), flags))
        return 0;
    char again[64];
    std::snprintf(again, sizeof again, "pos:\t0\nflags:\t0%o\nmnt_id:\t1\n", flags);
    unsigned twice = 0;
    FUZZ_CHECK(parseFdinfoFlags(again, twice) && twice == flags);
    return 0;
}
