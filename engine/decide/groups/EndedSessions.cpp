#include "decide/groups/EndedSessions.h"

#include "infer/ProcessOrigin.h"

#include <algorithm>
#include <string_view>

namespace ptriage {
namespace {

using origins::OriginKind;

Phrase said(const char *source, std::vector<Phrase> args = {})
{
    return Phrase("EndedSessions", source, std::move(args));
}

// Sessions a person starts and ends: an agent's, an editor's window, a terminal's.
bool sessionKind(OriginKind kind)
{
    return kind == OriginKind::Agent || kind == OriginKind::Editor || kind == OriginKind::Terminal;
}

// "1.1 GiB, :8000", with the CPU when it is what makes the group notable.
Phrase figures(const GroupSummary &s, const EndedSessionRules &rules)
{
    std::vector<Phrase> parts{Phrase::bytes(static_cast<double>(s.rssBytes))};
    if (!s.ports.empty()) {
        std::vector<std::string> ports;
        ports.reserve(s.ports.size());
        for (int p : s.ports)
            ports.push_back(':' + std::to_string(p));
        parts.push_back(joinFirst(ports, 3));
    }
    if (s.cpuShare >= rules.minCpuShare && rules.minCpuShare > 0)
        parts.push_back(said(QT_TRANSLATE_NOOP("EndedSessions", "%1 of a core"), {Phrase::percent(s.cpuShare)}));
    Phrase out = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i)
        out = Phrase("Format", "%1, %2", {out, parts[i]});
    return out;
}

// "Claude Code session in billing ended 12 min ago and left 4 processes (1.1 GiB, :8000)".
Phrase sentence(const ProcessOrigin &o, const EndedSession &e, const EndedSessionRules &rules)
{
    const bool window = o.kind == OriginKind::Editor;
    const Phrase who = o.projectLabel.empty()
        ? (window ? said(QT_TRANSLATE_NOOP("EndedSessions", "%1 window"), {o.tool})
                  : said(QT_TRANSLATE_NOOP("EndedSessions", "%1 session"), {o.tool}))
        : (window ? said(QT_TRANSLATE_NOOP("EndedSessions", "%1 window in %2"), {o.tool, o.projectLabel})
                  : said(QT_TRANSLATE_NOOP("EndedSessions", "%1 session in %2"), {o.tool, o.projectLabel}));
    const Phrase processes = e.summary.members == 1
        ? said(QT_TRANSLATE_NOOP("EndedSessions", "1 process"))
        : said(QT_TRANSLATE_NOOP("EndedSessions", "%1 processes"), {std::to_string(e.summary.members)});
    const Phrase held = figures(e.summary, rules);
    // An agent's session ends; an editor's window and a terminal's session are closed.
    const bool ended = o.kind == OriginKind::Agent;
    if (e.endedAgoSeconds < 0)
        return ended
            ? said(QT_TRANSLATE_NOOP("EndedSessions", "%1 has ended and left %2 (%3)"), {who, processes, held})
            : said(QT_TRANSLATE_NOOP("EndedSessions", "%1 was closed and left %2 (%3)"), {who, processes, held});
    const Phrase ago = Phrase::duration(e.endedAgoSeconds);
    return ended
        ? said(QT_TRANSLATE_NOOP("EndedSessions", "%1 ended %2 ago and left %3 (%4)"), {who, ago, processes, held})
        : said(
            QT_TRANSLATE_NOOP("EndedSessions", "%1 was closed %2 ago and left %3 (%4)"), {who, ago, processes, held});
}

} // namespace

std::optional<EndedSession> endedSession(
    const TriageResult &result, int group, const EndedSessionRules &rules, double *waitSeconds)
{
    const OriginGroup &members = result.group(group);
    if (!rules.enabled || members.members.empty())
        return std::nullopt;
    const ProcessOrigin &o = result.process(members.members.front()).origin();
    if (!sessionKind(o.kind) || !origins::ownerGone(o.owner))
        return std::nullopt;
    EndedSession e;
    e.plan = planGroupEnd(result, group);
    if (e.plan.end.empty())
        return std::nullopt; // nothing its End would end: nothing to offer
    e.summary = summarizeGroup(result, group);
    if (e.summary.rssBytes < rules.minBytes && e.summary.ports.empty()
        && !(rules.minCpuShare > 0 && e.summary.cpuShare >= rules.minCpuShare))
        return std::nullopt; // small and quiet: not worth interrupting anyone
    // Its owner was last seen alive when the latest member says so; not seen at all, its leftovers'
    // age stands in (the youngest of what the End would end).
    std::int64_t seenAliveMs = 0;
    for (int i : members.members)
        seenAliveMs = std::max(seenAliveMs, result.process(i).origin().ownerSeenAliveMs);
    const std::int64_t nowMs = result.snapshot->capturedAtMs;
    double passed = 0;
    if (seenAliveMs > 0) {
        e.endedAgoSeconds = static_cast<double>(std::max<std::int64_t>(0, nowMs - seenAliveMs)) / 1000.0;
        passed = e.endedAgoSeconds;
    } else {
        passed = result.process(e.plan.end.front()).facts().ageSeconds;
        for (int i : e.plan.end)
            passed = std::min(passed, result.process(i).facts().ageSeconds);
    }
    if (passed < rules.graceSeconds) {
        if (waitSeconds)
            *waitSeconds = rules.graceSeconds - passed;
        return std::nullopt;
    }
    e.key = members.key;
    e.group = group;
    e.phrase = sentence(o, e, rules);
    return e;
}

std::vector<EndedSession> EndedSessions::due(const TriageResult &result)
{
    m_nextDueSeconds = -1;
    std::vector<EndedSession> out;
    if (!m_rules.enabled)
        return out;
    std::unordered_set<std::string_view> present;
    if (!m_named.empty())
        present.reserve(result.groups.size());
    for (std::size_t g = 0; g < result.groups.size(); ++g) {
        const OriginGroup &group = result.groups[g];
        if (!m_named.empty())
            present.insert(group.key);
        if (group.members.empty())
            continue;
        // One look at the oldest member: most groups stop here.
        const ProcessView first = result.process(group.members.front());
        if (!sessionKind(first.origin().kind) || !origins::ownerGone(first.origin().owner) || named(group.key))
            continue;
        if (m_uid && first.sample().uid != m_uid)
            continue; // another user's session: theirs to deal with
        double wait = -1;
        if (auto e = endedSession(result, static_cast<int>(g), m_rules, &wait)) {
            out.push_back(std::move(*e));
        } else if (wait >= 0 && (m_nextDueSeconds < 0 || wait < m_nextDueSeconds)) {
            m_nextDueSeconds = wait;
        }
    }
    // Named groups whose processes have all gone are forgotten; the ones due now are named.
    for (auto it = m_named.begin(); it != m_named.end();)
        it = present.count(*it) ? std::next(it) : m_named.erase(it);
    for (const EndedSession &e : out)
        m_named.insert(e.key);
    return out;
}

std::vector<std::string> EndedSessions::namedKeys() const
{
    std::vector<std::string> keys(m_named.begin(), m_named.end());
    std::sort(keys.begin(), keys.end());
    return keys;
}

} // namespace ptriage
