#include "collect/proc/ProcParsers.h"

#include <array>
#include <charconv>
#include <cmath>
#include <limits>

namespace ptriage {
namespace {

// The most kB that still fit in 64 bits as bytes.
constexpr std::uint64_t kMaxKb = std::numeric_limits<std::uint64_t>::max() / 1024;

template<typename T> bool toNumber(std::string_view s, T &out)
{
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size();
}

// Splits on single spaces without allocating; returns false when fewer than n tokens exist.
template<std::size_t N> std::size_t splitSpaces(std::string_view s, std::array<std::string_view, N> &tokens)
{
    std::size_t count = 0;
    std::size_t i = 0;
    while (i < s.size() && count < N) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\n'))
            ++i;
        const std::size_t start = i;
        while (i < s.size() && s[i] != ' ' && s[i] != '\n')
            ++i;
        if (i > start)
            tokens[count++] = s.substr(start, i - start);
    }
    return count;
}

std::string_view lineValue(std::string_view text, std::string_view key)
{
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto line = text.substr(pos, end - pos);
        if (line.size() > key.size() && line.substr(0, key.size()) == key)
            return line.substr(key.size());
        pos = end + 1;
    }
    return {};
}

std::string_view trim(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n'))
        s.remove_suffix(1);
    return s;
}

} // namespace

bool parseStat(std::string_view text, StatFields &out, const char **reason)
{
    const auto open = text.find('(');
    const auto close = text.rfind(')'); // comm may contain ')' and spaces
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) {
        *reason = "stat: no (comm)";
        return false;
    }
    if (!toNumber(trim(text.substr(0, open)), out.pid)) {
        *reason = "stat: bad pid";
        return false;
    }
    out.comm = text.substr(open + 1, close - open - 1);
    std::array<std::string_view, 37> t{}; // fields 3 (state) to 39 (processor)
    const std::size_t fields = splitSpaces(text.substr(close + 1), t);
    if (fields < 22) {
        *reason = "stat: truncated";
        return false;
    }
    if (t[0].size() != 1) {
        *reason = "stat: bad state";
        return false;
    }
    out.state = t[0][0];
    bool ok = toNumber(t[1], out.ppid) && toNumber(t[2], out.pgrp) && toNumber(t[3], out.session)
        && toNumber(t[4], out.ttyNr) && toNumber(t[5], out.tpgid) && toNumber(t[6], out.flags)
        && toNumber(t[11], out.utime) && toNumber(t[12], out.stime) && toNumber(t[16], out.nice)
        && toNumber(t[17], out.threads) && toNumber(t[19], out.startTicks) && toNumber(t[20], out.vsize)
        && toNumber(t[21], out.rssPages);
    if (!ok)
        *reason = "stat: bad number";
    else if (fields < t.size() || !toNumber(t[36], out.processor))
        out.processor = -1; // only "since it last ran" wants it, and copes without
    return ok;
}

std::optional<IoCounters> parseIo(std::string_view text)
{
    IoCounters io;
    if (!toNumber(trim(lineValue(text, "rchar:")), io.read) || !toNumber(trim(lineValue(text, "wchar:")), io.written))
        return std::nullopt;
    return io;
}

bool parseStatusUid(std::string_view text, std::uint32_t &uid)
{
    auto v = trim(lineValue(text, "Uid:"));
    const auto tab = v.find_first_of("\t ");
    return toNumber(v.substr(0, tab), uid);
}

std::vector<std::string> parseCmdline(std::string_view text)
{
    std::vector<std::string> args;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\0', pos);
        if (end == std::string_view::npos)
            end = text.size();
        args.emplace_back(text.substr(pos, end - pos));
        pos = end + 1;
    }
    return args;
}

std::vector<std::pair<std::string, std::string>> parseEnviron(
    std::string_view text, const std::vector<std::string_view> &wanted)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\0', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto entry = text.substr(pos, end - pos);
        const auto eq = entry.find('=');
        if (eq != std::string_view::npos && eq > 0) {
            const auto key = entry.substr(0, eq);
            for (auto w : wanted) {
                if (w == key) {
                    out.emplace_back(std::string(key), std::string(entry.substr(eq + 1, 4096)));
                    break;
                }
            }
        }
        pos = end + 1;
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> parseEnvironAll(std::string_view text, std::size_t maxEntries)
{
    std::vector<std::pair<std::string, std::string>> out;
    std::size_t pos = 0;
    while (pos < text.size() && out.size() < maxEntries) {
        auto end = text.find('\0', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto entry = text.substr(pos, end - pos);
        const auto eq = entry.find('=');
        if (eq != std::string_view::npos && eq > 0)
            out.emplace_back(std::string(entry.substr(0, eq)), std::string(entry.substr(eq + 1, 4096)));
        pos = end + 1;
    }
    return out;
}

std::string parseCgroup(std::string_view text)
{
    std::string_view firstV1;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto line = text.substr(pos, end - pos);
        if (line.substr(0, 3) == "0::")
            return std::string(line.substr(3));
        const auto c1 = line.find(':');
        const auto c2 = c1 == std::string_view::npos ? c1 : line.find(':', c1 + 1);
        if (firstV1.empty() && c2 != std::string_view::npos && line.size() > c2 + 1)
            firstV1 = line.substr(c2 + 1);
        pos = end + 1;
    }
    return std::string(firstV1);
}

bool parseUptime(std::string_view text, double &seconds)
{
    const auto sp = text.find(' ');
    const auto first = text.substr(0, sp);
    auto [p, ec] = std::from_chars(first.data(), first.data() + first.size(), seconds);
    return ec == std::errc() && std::isfinite(seconds) && seconds >= 0; // "inf" and "nan" parse too
}

void parseMeminfo(std::string_view text, std::uint64_t &totalBytes, std::uint64_t &availableBytes)
{
    auto kb = [&](std::string_view key) -> std::uint64_t {
        auto v = trim(lineValue(text, key));
        const auto sp = v.find(' ');
        std::uint64_t n = 0;
        return toNumber(v.substr(0, sp), n) && n <= kMaxKb ? n * 1024 : 0;
    };
    totalBytes = kb("MemTotal:");
    availableBytes = kb("MemAvailable:");
}

bool parseSwap(std::string_view text, std::uint64_t &totalBytes, std::uint64_t &freeBytes)
{
    auto kb = [&](std::string_view key, std::uint64_t &out) {
        auto v = trim(lineValue(text, key));
        std::uint64_t n = 0;
        if (!toNumber(v.substr(0, v.find(' ')), n) || n > kMaxKb)
            return false;
        out = n * 1024;
        return true;
    };
    return kb("SwapTotal:", totalBytes) && kb("SwapFree:", freeBytes);
}

bool parsePressure(std::string_view text, double &someAvg10, double &fullAvg10)
{
    auto avg10 = [&](std::string_view prefix, double &out) {
        const auto at = text.find(prefix);
        if (at == std::string_view::npos || (at > 0 && text[at - 1] != '\n'))
            return false;
        auto line = text.substr(at + prefix.size());
        line = line.substr(0, line.find('\n'));
        const auto key = line.find("avg10=");
        if (key == std::string_view::npos)
            return false;
        line.remove_prefix(key + 6);
        auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), out);
        return ec == std::errc() && out >= 0 && out <= 100;
    };
    double some = 0, full = 0;
    if (!avg10("some ", some))
        return false;
    if (!avg10("full ", full))
        full = 0; // a missing "full" line reads as no full stall
    someAvg10 = some;
    fullAvg10 = full;
    return true;
}

bool parseMeminfoFigures(std::string_view text, MeminfoFigures &out, const char **reason)
{
    // "MemTotal:       24558108 kB": a number of kB; 0 = missing, -1 = malformed.
    auto kb = [&](std::string_view key, std::uint64_t &bytes) {
        std::size_t pos = 0;
        while (pos < text.size()) {
            std::size_t end = text.find('\n', pos);
            if (end == std::string_view::npos)
                end = text.size();
            const auto line = text.substr(pos, end - pos);
            pos = end + 1;
            if (!line.starts_with(key))
                continue;
            auto v = trim(line.substr(key.size()));
            if (v.ends_with(" kB"))
                v = trim(v.substr(0, v.size() - 3));
            std::uint64_t n = 0;
            if (!toNumber(v, n) || n > (std::uint64_t{1} << 53))
                return -1;
            bytes = n * 1024;
            return 1;
        }
        return 0;
    };
    MeminfoFigures f;
    struct Field {
        const char *key;
        std::uint64_t *bytes;
        bool required;
        const char *missing, *malformed;
    };
    const Field fields[] = {
        {"MemTotal:", &f.memTotal, true, "no MemTotal line", "malformed MemTotal line"},
        {"MemAvailable:", &f.memAvailable, true, "no MemAvailable line", "malformed MemAvailable line"},
        {"SwapTotal:", &f.swapTotal, false, nullptr, "malformed SwapTotal line"},
        {"SwapFree:", &f.swapFree, false, nullptr, "malformed SwapFree line"},
    };
    for (const auto &field : fields) {
        const int got = kb(field.key, *field.bytes);
        if (got < 0 || (got == 0 && field.required)) {
            *reason = got < 0 ? field.malformed : field.missing;
            return false;
        }
    }
    if (f.memTotal == 0) {
        *reason = "MemTotal is 0";
        return false;
    }
    if (f.memAvailable > f.memTotal || f.swapFree > f.swapTotal) {
        *reason = f.swapFree > f.swapTotal ? "SwapFree larger than SwapTotal" : "MemAvailable larger than MemTotal";
        return false;
    }
    out = f;
    return true;
}

bool parsePsiLine(std::string_view text, std::string_view kind, double &avg10, double &avg60, std::uint64_t &totalUs,
    const char **reason)
{
    *reason = nullptr;
    std::string_view line;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos)
            end = text.size();
        const auto candidate = text.substr(pos, end - pos);
        pos = end + 1;
        if (candidate.size() > kind.size() && candidate.starts_with(kind) && candidate[kind.size()] == ' ') {
            line = candidate.substr(kind.size() + 1);
            break;
        }
    }
    if (line.data() == nullptr)
        return false;
    std::array<std::string_view, 4> t{};
    double a10 = -1, a60 = -1, a300 = -1;
    std::uint64_t total = 0;
    bool ok = splitSpaces(line, t) == 4;
    auto field = [&](std::string_view token, std::string_view key, auto &value) {
        return token.starts_with(key) && toNumber(token.substr(key.size()), value);
    };
    ok = ok && field(t[0], "avg10=", a10) && field(t[1], "avg60=", a60) && field(t[2], "avg300=", a300)
        && field(t[3], "total=", total);
    if (!ok || !(a10 >= 0 && a10 <= 100 && a60 >= 0 && a60 <= 100 && a300 >= 0 && a300 <= 100)) {
        *reason = kind == "some" ? "malformed 'some' line" : "malformed 'full' line";
        return false;
    }
    avg10 = a10;
    avg60 = a60;
    totalUs = total;
    return true;
}

bool parseLoadavg(std::string_view text, double &l1, double &l5, double &l15)
{
    std::array<std::string_view, 3> t{};
    if (splitSpaces(text, t) < 3)
        return false;
    auto num = [](std::string_view s, double &d) {
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), d);
        return ec == std::errc() && std::isfinite(d) && d >= 0; // not "nan", "inf" or below 0
    };
    return num(t[0], l1) && num(t[1], l5) && num(t[2], l15);
}

bool parseFdinfoFlags(std::string_view text, unsigned &flags)
{
    const auto v = trim(lineValue(text, "flags:"));
    auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), flags, 8);
    return ec == std::errc() && !v.empty();
}

bool parseFdinfoInode(std::string_view text, std::uint64_t &inode)
{
    return toNumber(trim(lineValue(text, "ino:")), inode);
}

namespace {
bool parseSchedField(std::string_view text, std::string_view key, double &ms)
{
    auto v = lineValue(text, key);
    const auto colon = v.find(':');
    if (colon == std::string_view::npos || v.substr(0, colon).find_first_not_of(' ') != std::string_view::npos)
        return false; // a longer key that starts the same, or no value
    v = trim(v.substr(colon + 1));
    // Not "nan" or "inf", and few enough ms for 64-bit nanoseconds (SchedTimes converts): 292 years.
    constexpr double kMaxMs = 9.2e12;
    double value = 0;
    if (!toNumber(v, value) || !(value >= 0 && value <= kMaxMs))
        return false;
    ms = value;
    return true;
}
} // namespace

bool parseSchedExecStart(std::string_view text, double &ms)
{
    return parseSchedField(text, "se.exec_start", ms);
}

bool parseSchedSumExecRuntime(std::string_view text, double &ms)
{
    return parseSchedField(text, "se.sum_exec_runtime", ms);
}

bool parseSchedHeader(std::string_view text, std::string_view &comm, long &threads)
{
    const auto line = text.substr(0, text.find('\n'));
    constexpr std::string_view tag = ", #threads: ";
    const auto open = line.rfind(" (");
    const auto count = line.rfind(tag);
    if (open == std::string_view::npos || count == std::string_view::npos || count < open || !line.ends_with(')'))
        return false;
    const auto number = line.substr(count + tag.size(), line.size() - 1 - count - tag.size());
    if (!toNumber(number, threads) || threads < 1)
        return false;
    comm = line.substr(0, open);
    return true;
}

bool parseSchedstatRunNs(std::string_view text, std::uint64_t &ns)
{
    std::array<std::string_view, 3> tokens;
    return splitSpaces(text, tokens) == 3 && toNumber(tokens[0], ns);
}

FdKind classifyFdTarget(std::string_view t, std::uint64_t &inode)
{
    auto bracketed = [&](std::string_view prefix) {
        if (t.substr(0, prefix.size()) != prefix || t.back() != ']')
            return false;
        const auto num = t.substr(prefix.size(), t.size() - prefix.size() - 1);
        std::from_chars(num.data(), num.data() + num.size(), inode);
        return true;
    };
    if (t.empty())
        return FdKind::Other;
    if (bracketed("socket:["))
        return FdKind::Socket;
    if (bracketed("pipe:["))
        return FdKind::Pipe;
    if (t.substr(0, 9) == "/dev/pts/" || t.substr(0, 8) == "/dev/tty" || t == "/dev/console")
        return FdKind::Tty;
    if (t.substr(0, 5) == "/dev/")
        return FdKind::Device;
    if (t.front() == '/')
        return FdKind::File;
    return FdKind::Other;
}

std::optional<BootId> parseBootIdFile(std::string_view text)
{
    while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
        text.remove_suffix(1);
    return BootId::parse(text);
}

bool parseRecordedClocks(std::string_view text, RecordedClocks &out, std::string *error)
{
    out = {};
    bool haveNow = false;
    int lineNo = 0;
    while (!text.empty()) {
        const auto eol = text.find('\n');
        const std::string_view line = text.substr(0, eol);
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        ++lineNo;
        if (line.empty() || line.front() == '#')
            continue;
        std::array<std::string_view, 4> w;
        const std::size_t n = splitSpaces(line, w);
        double ms = 0;
        int cpu = 0;
        if (n == 2 && w[0] == "now" && toNumber(w[1], ms) && std::isfinite(ms)) {
            out.nowMs = ms;
            haveNow = true;
        } else if (n == 3 && w[0] == "cpu" && toNumber(w[1], cpu) && cpu >= 0 && cpu < 8192 && toNumber(w[2], ms)
            && std::isfinite(ms)) {
            out.offsetsMs.emplace_back(cpu, ms);
        } else {
            *error = "line " + std::to_string(lineNo) + " is not \"now MS\" or \"cpu N MS\"";
            return false;
        }
    }
    if (!haveNow || out.offsetsMs.empty()) {
        *error = haveNow ? "no \"cpu\" line" : "no \"now\" line";
        return false;
    }
    return true;
}

} // namespace ptriage
