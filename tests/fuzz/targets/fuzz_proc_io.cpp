// /proc/PID/io: rchar + wchar.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    std::uint64_t bytes = 7, again = 9;
    const bool ok = parseIo(text, bytes);
    FUZZ_CHECK(ok == parseIo(text, again));
    if (ok)
        FUZZ_CHECK(bytes == again);
    else
        FUZZ_CHECK(bytes == 7); // untouched on failure
    return 0;
}
