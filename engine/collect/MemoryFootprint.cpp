#include "MemoryFootprint.h"

#include "collect/proc/ProcFiles.h"

#include <charconv>
#include <fcntl.h>
#include <limits>
#include <string_view>
#include <unistd.h>

namespace ptriage {
namespace {

std::optional<std::uint64_t> number(std::string_view &text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end == text.data())
        return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return v;
}

} // namespace

const char *jsonName(MemoryFootprint::Source source)
{
    return source == MemoryFootprint::Source::Pss ? "pss" : "rss_minus_shared";
}

std::optional<std::uint64_t> parsePssBytes(std::string_view text)
{
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t eol = std::min(text.find('\n', at), text.size());
        std::string_view line = text.substr(at, eol - at);
        at = eol + 1;
        if (line.substr(0, 4) != "Pss:")
            continue;
        line.remove_prefix(4);
        const auto kb = number(line);
        if (!kb || line.find("kB") == std::string_view::npos || *kb > std::numeric_limits<std::uint64_t>::max() / 1024)
            return std::nullopt;
        return *kb * 1024;
    }
    return std::nullopt;
}

std::optional<std::uint64_t> parseStatmPrivateBytes(std::string_view text, long pageSize)
{
    const auto size = number(text);
    const auto resident = number(text);
    const auto shared = number(text);
    if (!size || !resident || !shared || pageSize <= 0)
        return std::nullopt;
    const std::uint64_t pages = *resident > *shared ? *resident - *shared : 0;
    const auto page = static_cast<std::uint64_t>(pageSize);
    if (pages > std::numeric_limits<std::uint64_t>::max() / page)
        return std::nullopt; // not a real count: the product would wrap
    return pages * page;
}

std::optional<MemoryFootprint> readMemoryFootprint(int procDirFd, int pid)
{
    const DirFd dir = DirFd::openAt(procDirFd, std::to_string(pid).c_str());
    if (!dir.valid())
        return std::nullopt;
    FileBuffer buf(procSourceOf(procDirFd));
    if (buf.readAt(dir.get(), "smaps_rollup"))
        if (const auto pss = parsePssBytes(buf.view()))
            return MemoryFootprint{*pss, MemoryFootprint::Source::Pss};
    if (buf.readRecordAt(dir.get(), "statm"))
        if (const auto priv = parseStatmPrivateBytes(buf.view(), ::sysconf(_SC_PAGESIZE)))
            return MemoryFootprint{*priv, MemoryFootprint::Source::RssMinusShared};
    return std::nullopt;
}

std::optional<MemoryFootprint> readMemoryFootprint(const std::string &procRoot, int pid)
{
    const DirFd root(::open(procRoot.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    return root.valid() ? readMemoryFootprint(root.get(), pid) : std::nullopt;
}

} // namespace ptriage
