#include "SessionReport.h"

#include "EngineLabels.h"
#include "util/Format.h"
#include "util/Phrase.h"

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

// A sentence of these tables in the installed translation.
std::string saySession(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("SessionText", source, std::move(args)).translated();
}

std::string shortTime(std::int64_t ms)
{
    std::string t = isoTimeOf(ms);
    return t.substr(0, std::min<std::size_t>(t.size(), 19));
}

// "0" for no change, as the Sessions window says it: "+0 B" read as a growth.
std::string signedBytes(long long b)
{
    if (b == 0)
        return "0";
    return (b < 0 ? "-" : "+") + localBytes(static_cast<double>(b < 0 ? -b : b)).toStdString();
}

// A kernel thread (no arguments) as ps shows it: its name in brackets, not an empty column.
std::string shownCommand(const SessionProcess &p)
{
    return p.argv.empty() ? "[" + p.comm + "]" : p.commandLine();
}

std::string utf8(const QString &s)
{
    return s.toStdString();
}

std::string shownAction(RecommendedAction action, bool review)
{
    const std::string a = utf8(EngineLabels::action(action));
    return review ? saySession(QT_TRANSLATE_NOOP("SessionText", "%1 (review)"), {a}) : a;
}

} // namespace

std::string sessionsText(const std::vector<SessionInfo> &sessions)
{
    if (sessions.empty())
        return saySession(QT_TRANSLATE_NOOP("SessionText", "no sessions saved")) + "\n";
    std::string out = padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "ID")), 6, true) + "  "
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "TIME")), 19) + "  "
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "HOST")), 16) + "  "
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "PROCESSES")), 9, true) + "  "
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "CANDIDATES")), 10, true) + "  "
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "MEMORY")), 10, true) + "\n";
    for (const auto &i : sessions)
        out += line("%6lld  %-19s  %-16s  %9d  %10d  %10s\n", i.id, shortTime(i.atMs).c_str(),
            cutColumns(i.sshHost.empty() ? i.host : "ssh:" + i.sshHost, 16).c_str(), i.processCount, i.candidateCount,
            utf8(localBytes(static_cast<double>(i.rssBytes))).c_str());
    return out;
}

std::string diffText(const SessionDiff &d, bool includeStable, const std::vector<SessionAction> &actions)
{
    std::string out = saySession(QT_TRANSLATE_NOOP("SessionText", "session %1 (%2) → session %3 (%4)"),
                          {std::to_string(d.before->info.id), shortTime(d.before->info.atMs),
                              std::to_string(d.after->info.id), shortTime(d.after->info.atMs)})
        + "\n";
    if (d.crossBoot)
        out += saySession(QT_TRANSLATE_NOOP(
                   "SessionText", "different boots: processes compared by command and origin only, not by identity"))
            + "\n";
    for (int t = 0; t < kTransitionCount; ++t)
        out += line("%s%s %d", t ? ", " : "", utf8(EngineLabels::transition(static_cast<Transition>(t))).c_str(),
            d.counts[static_cast<std::size_t>(t)]);
    out += "\n\n";
    for (const auto &e : d.entries) {
        if (e.transition == Transition::Stable && !includeStable)
            continue;
        const SessionProcess *p = e.after ? e.after : e.before;
        std::string what = d.crossBoot ? line("%d → %d  %s", e.countBefore, e.countAfter, e.key.c_str())
                                       : line("%7d  %s", e.identity.pid, shownCommand(*p).c_str());
        std::string change;
        if (e.before && e.after && e.transition == Transition::ClassChanged)
            change = utf8(EngineLabels::processClass(e.before->classification)) + " → "
                + utf8(EngineLabels::processClass(e.after->classification));
        else if (e.before && e.after && e.transition == Transition::RecommendationChanged)
            change = shownAction(e.before->action, e.before->review) + " → "
                + shownAction(e.after->action, e.after->review);
        else if (e.before && e.after && e.transition == Transition::Reparented)
            change = saySession(QT_TRANSLATE_NOOP("SessionText", "parent %1 → %2"),
                {std::to_string(e.before->ppid), std::to_string(e.after->ppid)});
        out += padColumns(utf8(EngineLabels::transition(e.transition)), 22) + ' '
            + padColumns(cutColumns(change, 24), 24)
            + line(" %10s  %s\n", signedBytes(e.rssGrowthBytes).c_str(), cutColumns(what, 100).c_str());
    }
    if (!actions.empty()) {
        out += "\n"
            + saySession(QT_TRANSLATE_NOOP("SessionText", "actions taken between the two (%1):"),
                {std::to_string(actions.size())})
            + "\n";
        for (const auto &a : actions)
            out += line("%6lld  %s  %-14s %-16s %s  %s\n", a.id, shortTime(a.atMs).c_str(), a.verb.c_str(),
                a.status.c_str(), a.target.c_str(), cutColumns(a.command, 80).c_str());
    }
    return out;
}

std::string accumulationText(const Accumulation &acc, int limit)
{
    if (acc.sessions.empty())
        return saySession(QT_TRANSLATE_NOOP("SessionText", "no sessions in that span")) + "\n";
    std::string out = saySession(QT_TRANSLATE_NOOP("SessionText", "%1 sessions over %2"),
        {std::to_string(acc.sessions.size()), Phrase::duration(acc.spanHours * 3600)});
    if (!acc.rateKnown())
        out += saySession(QT_TRANSLATE_NOOP("SessionText", " (span too short for a rate per hour: under %1)"),
            {Phrase::duration(Accumulation::kShortestRateSpanHours * 3600)});
    out += "\n";
    // Each column as wide as its heading in this language, at least as wide as its figures need.
    const std::string counting = saySession(QT_TRANSLATE_NOOP("SessionText", "FIRST→NOW"));
    const std::string perHour = saySession(QT_TRANSLATE_NOOP("SessionText", "PER HOUR"));
    const std::string share = saySession(QT_TRANSLATE_NOOP("SessionText", "SHARE"));
    const std::string memory = saySession(QT_TRANSLATE_NOOP("SessionText", "MEMORY"));
    const std::size_t countWidth = std::max<std::size_t>(9, displayColumns(counting));
    const std::size_t rateWidth = std::max<std::size_t>(9, displayColumns(perHour));
    const std::size_t shareWidth = std::max<std::size_t>(7, displayColumns(share));
    const std::size_t memoryWidth = std::max<std::size_t>(10, displayColumns(memory));
    out += padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "SOURCE")), 40) + ' '
        + padColumns(saySession(QT_TRANSLATE_NOOP("SessionText", "PARENT")), 28) + ' '
        + padColumns(counting, countWidth, true) + ' ' + padColumns(perHour, rateWidth, true) + ' '
        + padColumns(share, shareWidth, true) + ' ' + padColumns(memory, memoryWidth, true) + "  "
        + saySession(QT_TRANSLATE_NOOP("SessionText", "UNIT / PROJECT / TERMINAL")) + "\n";
    int shown = 0;
    for (const auto &r : acc.rows) {
        if (shown++ >= limit)
            break;
        const std::string counts = line("%d→%d", r.counts.front(), r.counts.back());
        std::string where = r.origin.unit + (r.origin.project.empty() ? "" : "  " + r.origin.project)
            + (r.origin.terminal.empty() ? "" : "  " + r.origin.terminal);
        if (!r.origin.startedBy.empty())
            where += "  "
                + (r.ownerGone
                        ? saySession(QT_TRANSLATE_NOOP("SessionText", "started by %1 (ended)"), {r.origin.startedBy})
                        : saySession(QT_TRANSLATE_NOOP("SessionText", "started by %1"), {r.origin.startedBy}));
        const std::string rate = acc.rateKnown()
            ? padColumns((r.growthPerHour < 0 ? "" : "+") + utf8(localNumber(r.growthPerHour, 1)), rateWidth, true)
            : padColumns("\u2014", rateWidth, true);
        // Padded by display columns, as the heading is: "→" and umlauts are one column, several bytes.
        const std::string parent = r.parentGone
            ? saySession(QT_TRANSLATE_NOOP("SessionText", "%1 (gone)"), {parentText(r.origin.parent)})
            : parentText(r.origin.parent).translated();
        out += padColumns(cutColumns(r.origin.command, 40), 40) + ' ' + padColumns(cutColumns(parent, 28), 28) + ' '
            + padColumns(counts, countWidth, true) + ' ' + rate + ' '
            + padColumns(utf8(localPercent(r.shareOfTotal)), shareWidth, true) + ' '
            + padColumns(utf8(localBytes(static_cast<double>(r.rssBytes))), memoryWidth, true) + "  "
            + cutColumns(where, 80) + '\n';
    }
    return out;
}

std::string machineName(const std::string &sshHost)
{
    return sshHost.empty() ? saySession(QT_TRANSLATE_NOOP("SessionText", "this machine")) : sshHost;
}

std::string hostAccumulationText(const HostAccumulation &acc, int limit)
{
    if (acc.machines.empty())
        return saySession(QT_TRANSLATE_NOOP("SessionText", "no sessions in that span")) + "\n";
    std::string out;
    for (const auto &m : acc.machines)
        out += (out.empty() ? "" : ", ") + machineName(m.host) + " "
            + saySession(QT_TRANSLATE_NOOP("SessionText", "(sessions: %1)"), {std::to_string(m.sessions)});
    out = saySession(QT_TRANSLATE_NOOP("SessionText", "Machines: %1"), {out}) + "\n";
    if (acc.machines.size() < 2)
        return out
            + saySession(QT_TRANSLATE_NOOP("SessionText",
                "only one machine has sessions in that span: save others with 'ptriage scan --host HOST --save'"))
            + "\n";
    if (acc.rows.empty())
        return out + saySession(QT_TRANSLATE_NOOP("SessionText", "no command runs on more than one machine")) + "\n";
    int shown = 0;
    for (const auto &r : acc.rows) {
        if (shown++ >= limit)
            break;
        std::string where;
        for (const HostCount &h : r.hosts) {
            where += (where.empty() ? "" : ", ") + machineName(h.host) + " ×" + std::to_string(h.processes);
            if (h.leftBehind > 0)
                where += " "
                    + saySession(QT_TRANSLATE_NOOP("SessionText", "(%1 left behind)"), {std::to_string(h.leftBehind)});
        }
        out += cutColumns(r.command, 60) + " — " + where + "\n";
    }
    return out;
}

} // namespace ptriage
