#pragma once

#include "collect/Sample.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ptriage {

// Pure parsers of /proc text. Each returns false (and leaves a reason) on malformed input;
// none throws or reads out of bounds.
struct StatFields {
    int pid = 0;
    std::string_view comm;
    char state = '?';
    int ppid = 0, pgrp = 0, session = 0, ttyNr = 0, tpgid = -1;
    unsigned flags = 0;
    std::uint64_t utime = 0, stime = 0;
    long nice = 0, threads = 0;
    std::uint64_t startTicks = 0, vsize = 0;
    std::int64_t rssPages = 0;
    int processor = -1; // the CPU it last ran on; -1 when the line stops before it
};

bool parseStat(std::string_view text, StatFields &out, const char **reason);
// /proc/PID/io: the bytes read and written through system calls (rchar, wchar).
struct IoCounters {
    std::uint64_t read = 0;
    std::uint64_t written = 0;
    // Saturating: a malformed file's huge counters must not wrap to a small total.
    std::uint64_t total() const { return read > UINT64_MAX - written ? UINT64_MAX : read + written; }
};
std::optional<IoCounters> parseIo(std::string_view text);
// The real uid from a status file ("Uid:\t1000\t1000\t…").
bool parseStatusUid(std::string_view text, std::uint32_t &uid);
std::vector<std::string> parseCmdline(std::string_view text);
// Keeps only the environment keys in `wanted` (exact names).
std::vector<std::pair<std::string, std::string>> parseEnviron(
    std::string_view text, const std::vector<std::string_view> &wanted);
// Every entry, at most `maxEntries` (values cut at 4 KiB).
std::vector<std::pair<std::string, std::string>> parseEnvironAll(std::string_view text, std::size_t maxEntries);
// The cgroup v2 path ("0::/x"), else the path of the first v1 hierarchy that has one.
std::string parseCgroup(std::string_view text);
bool parseUptime(std::string_view text, double &seconds);
void parseMeminfo(std::string_view text, std::uint64_t &totalBytes, std::uint64_t &availableBytes);
// SwapTotal and SwapFree; false when either is missing or malformed.
bool parseSwap(std::string_view text, std::uint64_t &totalBytes, std::uint64_t &freeBytes);
// avg10 of the "some" and "full" lines of /proc/pressure/memory, in percent.
bool parsePressure(std::string_view text, double &someAvg10, double &fullAvg10);
// The memory-pressure monitor's figures of /proc/meminfo, in bytes. MemTotal and MemAvailable must be
// there (and MemTotal > 0, MemAvailable ≤ MemTotal); swap lines may be missing (0), not malformed.
struct MeminfoFigures {
    std::uint64_t memTotal = 0, memAvailable = 0, swapTotal = 0, swapFree = 0;
};
bool parseMeminfoFigures(std::string_view text, MeminfoFigures &out, const char **reason);
// One line of a PSI file ("some avg10=1.00 avg60=0.50 avg300=0.10 total=12345"), kind "some" or
// "full". Returns false when the line is missing (reason null) or malformed (reason set).
bool parsePsiLine(std::string_view text, std::string_view kind, double &avg10, double &avg60, std::uint64_t &totalUs,
    const char **reason);
bool parseLoadavg(std::string_view text, double &l1, double &l5, double &l15);
// "flags:\t0100002" in fdinfo: octal open flags.
bool parseFdinfoFlags(std::string_view text, unsigned &flags);
// The inode of the open file from /proc/PID/fdinfo/N ("ino:", Linux 5.14 and later).
bool parseFdinfoInode(std::string_view text, std::uint64_t &inode);
// "se.exec_start   :   8337593.434081" in /proc/PID/sched (CONFIG_SCHED_DEBUG): when the thread
// last ran, in milliseconds on the scheduler's clock.
bool parseSchedExecStart(std::string_view text, double &ms);
// "se.sum_exec_runtime : 3.995660": CPU time of the thread in milliseconds (ns precision).
bool parseSchedSumExecRuntime(std::string_view text, double &ms);
// "cat (23102, #threads: 1)", the first line of /proc/PID/sched: the command name (comm, as in
// stat) and the number of threads. A comm may hold spaces and parentheses: the last " (" splits.
bool parseSchedHeader(std::string_view text, std::string_view &comm, long &threads);
// The first field of /proc/PID/schedstat: time spent on a CPU, in nanoseconds.
bool parseSchedstatRunNs(std::string_view text, std::uint64_t &ns);
// What a /proc/PID/fd/N link points at ("socket:[123]", "pipe:[7]", "/dev/pts/3", a path); the inode
// of a socket or pipe goes to `inode` (left alone otherwise).
FdKind classifyFdTarget(std::string_view target, std::uint64_t &inode);
// The contents of sys/kernel/random/boot_id (a lowercase uuid and a newline).
std::optional<BootId> parseBootIdFile(std::string_view text);

// A capture's record of the CPUs' scheduler clocks (SchedClocks::kCaptureFile): a "now MS" line
// (CLOCK_MONOTONIC) and a "cpu N MS" line per CPU (its clock minus that), '#' comments; finite
// numbers only. False with the line that is wrong, or when "now" or every CPU is missing.
struct RecordedClocks {
    double nowMs = 0;
    std::vector<std::pair<int, double>> offsetsMs;
};
bool parseRecordedClocks(std::string_view text, RecordedClocks &out, std::string *error);

} // namespace ptriage
