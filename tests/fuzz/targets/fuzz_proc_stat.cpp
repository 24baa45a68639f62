// /proc/PID/stat: the engine's parser (collect/ProcParsers) and the helper's (core/ProcFs), which must
// agree wherever both accept a line, and say the same again of the line rebuilt from what they read.
#include "FuzzCheck.h"
#include "collect/proc/ProcParsers.h"
#include "procops/identity/ProcFs.h"

#include <string>

using namespace ptriage;

namespace {

std::string rebuild(const StatFields &f)
{
    auto n = [](auto v) { return ' ' + std::to_string(v); };
    return std::to_string(f.pid) + " (" + std::string(f.comm) + ") " + f.state + n(f.ppid) + n(f.pgrp) + n(f.session)
        + n(f.ttyNr) + n(f.tpgid) + n(f.flags) + " 0 0 0 0" + n(f.utime) + n(f.stime) + " 0 0 20" + n(f.nice)
        + n(f.threads) + " 0" + n(f.startTicks) + n(f.vsize) + n(f.rssPages) + " 0 0\n";
}

void sameAsHelper(const StatFields &f, const procops::procfs::Stat &h)
{
    FUZZ_CHECK(h.state == f.state);
    FUZZ_CHECK(h.ppid == f.ppid && h.pgrp == f.pgrp && h.session == f.session && h.flags == f.flags);
    FUZZ_CHECK(h.utime == f.utime && h.stime == f.stime && h.nice == f.nice && h.startTicks == f.startTicks);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto text = fuzzText(data, size);
    StatFields f;
    const char *reason = nullptr;
    const bool ok = parseStat(text, f, &reason);
    const auto h = procops::procfs::parseStat(text);
    if (!ok) {
        FUZZ_CHECK(reason != nullptr);
        return 0;
    }
    FUZZ_CHECK(within(f.comm, text));
    FUZZ_CHECK(f.state != ' ' && f.state != '\n');
    // Where both read a kernel-shaped line (no newline but the last), they read the same. (The engine
    // also splits fields at newlines, the helper only at spaces.)
    const auto close = text.rfind(')');
    const auto newline = text.find('\n', close);
    if (h && (newline == std::string_view::npos || newline + 1 == text.size()))
        sameAsHelper(f, *h);

    const std::string again = rebuild(f);
    StatFields g;
    FUZZ_CHECK(parseStat(again, g, &reason));
    FUZZ_CHECK(g.pid == f.pid && g.comm == f.comm && g.state == f.state && g.ppid == f.ppid && g.pgrp == f.pgrp);
    FUZZ_CHECK(g.session == f.session && g.ttyNr == f.ttyNr && g.tpgid == f.tpgid && g.flags == f.flags);
    FUZZ_CHECK(g.utime == f.utime && g.stime == f.stime && g.nice == f.nice && g.threads == f.threads);
    FUZZ_CHECK(g.startTicks == f.startTicks && g.vsize == f.vsize && g.rssPages == f.rssPages);
    const auto h2 = procops::procfs::parseStat(again);
    if (f.state != '\t' && f.state != '\r') // the helper splits on spaces only; it must read a kernel-like line
        FUZZ_CHECK(h2.has_value());
    if (h2)
        sameAsHelper(f, *h2);
    return 0;
}
