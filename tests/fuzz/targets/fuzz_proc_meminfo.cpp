// /proc/meminfo: the collector's totals (parseMeminfo, parseSwap) and the pressure monitor's figures
// (parseMeminfoFigures). Byte counts are kB × 1024 and never wrap.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <charconv>
#include <limits>
#include <optional>
#include <string>

using namespace ptriage;

namespace {

// What a "Key:   N kB" line says in bytes, read independently: the first line with the key, its
// first word; empty when that is not a number or N kB does not fit in 64 bits.
std::optional<std::uint64_t> reference(std::string_view text, std::string_view key)
{
    std::size_t pos = 0;
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const auto line = text.substr(pos, end - pos);
        pos = end + 1;
        if (line.size() <= key.size() || line.substr(0, key.size()) != key)
            continue;
        auto v = line.substr(key.size());
        while (!v.empty() && (v.front() == ' ' || v.front() == '\t'))
            v.remove_prefix(1);
        while (!v.empty() && (v.back() == ' ' || v.back() == '\t'))
            v.remove_suffix(1);
        v = v.substr(0, v.find(' '));
        std::uint64_t n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc() || p != v.data() + v.size() || n > std::numeric_limits<std::uint64_t>::max() / 1024)
            return std::nullopt;
        return n * 1024;
    }
    return std::nullopt;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    std::uint64_t total = 1, available = 1;
    parseMeminfo(text, total, available);
    FUZZ_CHECK(total == reference(text, "MemTotal:").value_or(0));
    FUZZ_CHECK(available == reference(text, "MemAvailable:").value_or(0));

    std::uint64_t swapTotal = 0, swapFree = 0;
    if (parseSwap(text, swapTotal, swapFree)) {
        FUZZ_CHECK(reference(text, "SwapTotal:") == swapTotal);
        FUZZ_CHECK(reference(text, "SwapFree:") == swapFree);
    }

    MeminfoFigures f;
    const char *reason = nullptr;
    if (!parseMeminfoFigures(text, f, &reason)) {
        FUZZ_CHECK(reason != nullptr);
        return 0;
    }
    FUZZ_CHECK(f.memTotal > 0 && f.memAvailable <= f.memTotal && f.swapFree <= f.swapTotal);
    FUZZ_CHECK(f.memTotal % 1024 == 0 && f.memAvailable % 1024 == 0 && f.swapTotal % 1024 == 0);
    auto line = [](const char *key, std::uint64_t bytes) {
        return std::string(key) + "   " + std::to_string(bytes / 1024) + " kB\n";
    };
    const std::string again = line("MemTotal:", f.memTotal) + line("MemFree:", 0)
        + line("MemAvailable:", f.memAvailable) + line("SwapTotal:", f.swapTotal) + line("SwapFree:", f.swapFree);
    MeminfoFigures g;
    FUZZ_CHECK(parseMeminfoFigures(again, g, &reason));
    FUZZ_CHECK(g.memTotal == f.memTotal && g.memAvailable == f.memAvailable && g.swapTotal == f.swapTotal
        && g.swapFree == f.swapFree);
    return 0;
}
