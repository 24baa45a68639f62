// /proc/PID/io: rchar + wchar.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const auto io = parseIo(text);
    const auto again = parseIo(text);
    FUZZ_CHECK(io.has_value() == again.has_value());
    if (io)
        FUZZ_CHECK(io->read == again->read && io->written == again->written && io->total() >= io->written);
    return 0;
}
