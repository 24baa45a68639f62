// /proc/PID/environ: the wanted keys (parseEnviron) and every entry (parseEnvironAll).
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"

#include <algorithm>
#include <string>

using namespace ptriage;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    const auto all = parseEnvironAll(text, 1 << 20);
    for (const auto &[key, value] : all) {
        FUZZ_CHECK(!key.empty() && key.find('=') == std::string::npos && key.find('\0') == std::string::npos);
        FUZZ_CHECK(value.size() <= 4096 && value.find('\0') == std::string::npos);
    }
    const auto few = parseEnvironAll(text, 3);
    FUZZ_CHECK(few.size() == std::min<std::size_t>(3, all.size()));
    FUZZ_CHECK(std::equal(few.begin(), few.end(), all.begin()));

    // Wanted: the first keys seen and two that are always asked for; the result is a sub-list of all.
    std::vector<std::string> keys{"TMUX", "INVOCATION_ID"};
    for (std::size_t i = 0; i < all.size() && i < 4; ++i)
        keys.push_back(all[i].first);
    const std::vector<std::string_view> wanted(keys.begin(), keys.end());
    const auto some = parseEnviron(text, wanted);
    auto at = all.begin();
    for (const auto &entry : some) {
        FUZZ_CHECK(std::find(keys.begin(), keys.end(), entry.first) != keys.end());
        at = std::find(at, all.end(), entry);
        FUZZ_CHECK(at != all.end());
        ++at;
    }
    return 0;
}
