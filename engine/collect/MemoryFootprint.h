#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace ptriage {

// The memory that ending a process would give back. PSS splits every shared page among the
// processes that map it, so summing PSS over several processes counts shared memory once; where
// smaps_rollup cannot be read (older kernels, captures without it), RSS minus shared pages from
// statm counts only private memory, which is a lower bound.
struct MemoryFootprint {
    std::uint64_t bytes = 0;
    enum class Source { Pss, RssMinusShared } source = Source::Pss;
};

const char *jsonName(MemoryFootprint::Source source); // "pss", "rss_minus_shared"

// Reads <pid>/smaps_rollup (PSS), else <pid>/statm (RSS − shared), relative to an open /proc
// directory fd. Empty when the process is gone or neither file can be read.
std::optional<MemoryFootprint> readMemoryFootprint(int procDirFd, int pid);
// The same under a proc root path ("/proc" or a captured tree).
std::optional<MemoryFootprint> readMemoryFootprint(const std::string &procRoot, int pid);

// Pure parsers, for tests: the "Pss:" line of smaps_rollup (kB); statm's resident − shared pages.
std::optional<std::uint64_t> parsePssBytes(std::string_view smapsRollup);
std::optional<std::uint64_t> parseStatmPrivateBytes(std::string_view statm, long pageSize);

} // namespace ptriage
