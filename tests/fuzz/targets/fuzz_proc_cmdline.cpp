// /proc/PID/cmdline: NUL-separated arguments; joining them again gives the input back.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const auto args = parseCmdline(text);
    std::string joined;
    for (std::size_t i = 0; i < args.size(); ++i) {
        FUZZ_CHECK(args[i].find('\0') == std::string::npos);
        if (i > 0)
            joined += '\0';
        joined += args[i];
    }
    // The input, less one trailing NUL (the kernel ends every argument with one).
    const bool trailing = !text.empty() && text.back() == '\0';
    FUZZ_CHECK(joined == text.substr(0, text.size() - (trailing ? 1 : 0)));
    FUZZ_CHECK(args.empty() == text.empty());
    return 0;
}
