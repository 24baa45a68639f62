// /proc/PID/smaps_rollup: the Pss line (kB) in bytes, never wrapped.
#include "FuzzCheck.h"
#include "collect/MemoryFootprint.h"

#include <charconv>
#include <limits>
#include <string>

using namespace ptriage;

namespace {

// The number of the first "Pss:" line, read independently.
std::optional<std::uint64_t> pssKb(std::string_view text)
{
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t eol = std::min(text.find('\n', at), text.size());
        auto line = text.substr(at, eol - at);
        at = eol + 1;
        if (!line.starts_with("Pss:"))
            continue;
        line.remove_prefix(4);
        while (!line.empty() && (line.front() == ' ' || line.front() == '\t'))
            line.remove_prefix(1);
        std::uint64_t n = 0;
        const auto [end, ec] = std::from_chars(line.data(), line.data() + line.size(), n);
        return ec == std::errc() ? std::optional(n) : std::nullopt;
    }
    return std::nullopt;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const auto pss = parsePssBytes(text);
    if (!pss)
        return 0;
    const auto kb = pssKb(text);
    FUZZ_CHECK(kb && *kb <= std::numeric_limits<std::uint64_t>::max() / 1024 && *pss == *kb * 1024);
    const auto again = parsePssBytes("Rss:  8 kB\nPss:  " + std::to_string(*kb) + " kB\n");
    FUZZ_CHECK(again == pss);
    return 0;
}
