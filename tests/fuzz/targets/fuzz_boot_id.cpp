// /proc/sys/kernel/random/boot_id: the strict uuid parser that every identity starts from.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto id = parseBootIdFile(fuzzText(data, size));
    if (!id)
        return 0;
    const std::string text = id->toString();
    FUZZ_CHECK(text.size() == 36);
    FUZZ_CHECK(BootId::parse(text) == id);
    FUZZ_CHECK(parseBootIdFile(text + "\n") == id);
    return 0;
}
