// /proc/PID/statm: (resident − shared) pages in bytes, never wrapped.
#include "FuzzCheck.h"
#include "collect/MemoryFootprint.h"

#include <charconv>
#include <limits>
#include <string>

using namespace ptriage;

namespace {

std::optional<std::uint64_t> next(std::string_view &text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc())
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return v;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto text = fuzzText(data, size);
    for (long page : {4096L, 65536L}) {
        const auto bytes = parseStatmPrivateBytes(text, page);
        if (!bytes)
            continue;
        auto rest = text;
        next(rest);
        const auto resident = next(rest);
        const auto shared = next(rest);
        FUZZ_CHECK(resident && shared);
        const std::uint64_t pages = *resident > *shared ? *resident - *shared : 0;
        FUZZ_CHECK(pages <= std::numeric_limits<std::uint64_t>::max() / static_cast<std::uint64_t>(page));
        FUZZ_CHECK(*bytes == pages * static_cast<std::uint64_t>(page));
        const auto again = parseStatmPrivateBytes("9 " + std::to_string(pages) + " 0 1 0 1 0\n", page);
        FUZZ_CHECK(again == bytes);
    }
    FUZZ_CHECK(!parseStatmPrivateBytes(text, 0));
    return 0;
}
