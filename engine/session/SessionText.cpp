#include "SessionReport.h"

#include "util/Format.h"

#include <cstdarg>
#include <cstdio>

namespace ptriage {
namespace {

__attribute__((format(printf, 1, 2))) std::string line(const char *format, ...)
{
    char buf[1024];
    va_list args;
    va_start(args, format);
    std::vsnprintf(buf, sizeof buf, format, args);
    va_end(args);
    return buf;
}

std::string shortTime(std::int64_t ms)
{
    std::string t = isoTimeOf(ms);
    return t.substr(0, std::min<std::size_t>(t.size(), 19));
}

std::string clip(std::string s, std::size_t n)
{
    if (s.size() > n)
        s = s.substr(0, n - 1) + "…";
    return s;
}

std::string signedBytes(long long b)
{
    return (b < 0 ? "-" : "+") + formatBytes(static_cast<double>(b < 0 ? -b : b));
}

} // namespace

std::string sessionsText(const std::vector<SessionInfo> &sessions)
{
    if (sessions.empty())
        return "no sessions saved\n";
    std::string out
        = line("%6s  %-19s  %-16s  %9s  %10s  %10s\n", "ID", "TIME", "HOST", "PROCESSES", "CANDIDATES", "MEMORY");
    for (const auto &i : sessions)
        out += line("%6lld  %-19s  %-16s  %9d  %10d  %10s\n", i.id, shortTime(i.atMs).c_str(), clip(i.host, 16).c_str(),
            i.processCount, i.candidateCount, formatBytes(static_cast<double>(i.rssBytes)).c_str());
    return out;
}

std::string diffText(const SessionDiff &d, bool includeStable, const std::vector<SessionAction> &actions)
{
    std::string out = line("session %lld (%s) → session %lld (%s)\n", d.before->info.id,
        shortTime(d.before->info.atMs).c_str(), d.after->info.id, shortTime(d.after->info.atMs).c_str());
    if (d.crossBoot)
        out += "different boots: processes compared by command and origin only, not by identity\n";
    for (int t = 0; t < kTransitionCount; ++t)
        out += line(
            "%s%s %d", t ? ", " : "", jsonName(static_cast<Transition>(t)), d.counts[static_cast<std::size_t>(t)]);
    out += "\n\n";
    for (const auto &e : d.entries) {
        if (e.transition == Transition::Stable && !includeStable)
            continue;
        const SessionProcess *p = e.after ? e.after : e.before;
        std::string what = d.crossBoot ? line("%d → %d  %s", e.countBefore, e.countAfter, e.key.c_str())
                                       : line("%7d  %s", e.identity.pid, p->commandLine().c_str());
        std::string change;
        if (e.before && e.after && e.transition == Transition::ClassChanged)
            change = std::string(jsonName(e.before->classification)) + " → " + jsonName(e.after->classification);
        else if (e.before && e.after && e.transition == Transition::RecommendationChanged)
            change = std::string(jsonName(e.before->action)) + (e.before->review ? " (review)" : "") + " → "
                + jsonName(e.after->action) + (e.after->review ? " (review)" : "");
        else if (e.before && e.after && e.transition == Transition::Reparented)
            change = line("parent %d → %d", e.before->ppid, e.after->ppid);
        out += line("%-22s %-24s %10s  %s\n", jsonName(e.transition), clip(change, 24).c_str(),
            signedBytes(e.rssGrowthBytes).c_str(), clip(what, 100).c_str());
    }
    if (!actions.empty()) {
        out += line("\nactions taken between the two (%zu):\n", actions.size());
        for (const auto &a : actions)
            out += line("%6lld  %s  %-14s %-16s %s  %s\n", a.id, shortTime(a.atMs).c_str(), a.verb.c_str(),
                a.status.c_str(), a.target.c_str(), clip(a.command, 80).c_str());
    }
    return out;
}

std::string accumulationText(const Accumulation &acc, int limit)
{
    if (acc.sessions.empty())
        return "no sessions in that span\n";
    std::string out = line("%zu sessions over %s\n", acc.sessions.size(), formatDuration(acc.spanHours * 3600).c_str());
    out += line("%-40s %-28s %8s %9s %7s %10s  %s\n", "SOURCE", "PARENT", "FIRST→NOW", "PER HOUR", "SHARE", "MEMORY",
        "UNIT / PROJECT / TERMINAL");
    int shown = 0;
    for (const auto &r : acc.rows) {
        if (shown++ >= limit)
            break;
        const std::string counts = line("%d→%d", r.counts.front(), r.counts.back());
        const std::string where = r.origin.unit + (r.origin.project.empty() ? "" : "  " + r.origin.project)
            + (r.origin.terminal.empty() ? "" : "  " + r.origin.terminal);
        out += line("%-40s %-28s %8s %+9.1f %7s %10s  %s\n", clip(r.origin.command, 40).c_str(),
            clip(r.origin.parent + (r.parentGone ? " (gone)" : ""), 28).c_str(), counts.c_str(), r.growthPerHour,
            formatPercent(r.shareOfTotal).c_str(), formatBytes(static_cast<double>(r.rssBytes)).c_str(),
            clip(where, 80).c_str());
    }
    return out;
}

} // namespace ptriage
