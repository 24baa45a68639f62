#pragma once

#include "config/EndedSessionRules.h"
#include "decide/groups/GroupPlan.h"

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace ptriage {

// An origin group worth an "ended session" alert: the leftovers of an agent, editor or terminal
// session whose owner is gone, past the grace period, that the group's End would end, and that hold
// something notable (memory, a listening port or CPU). Its figures are the ones the window's By-origin
// view shows (summarizeGroup) and "End them" ends its plan (planGroupEnd): one voice.
struct EndedSession {
    std::string key; // OriginGroup::key
    int group = -1; // into the result's groups
    GroupSummary summary;
    GroupPlan plan;
    double endedAgoSeconds = -1; // since its owner was last seen alive; < 0: its ending was not seen
    // "Claude Code session in billing ended 12 min ago and left 4 processes (1.1 GiB, :8000)"
    Phrase phrase;
};

// Whether group `group` of `result` is an ended session by `rules` now (the result's time), and why
// not as nullopt. `waitSeconds`, when given and the group is one but for the grace period: how long
// until the grace has passed (else left alone).
std::optional<EndedSession> endedSession(
    const TriageResult &result, int group, const EndedSessionRules &rules, double *waitSeconds = nullptr);

// Which groups deserve an ended-session alert now, each once: the decision the tray asks after every
// result. Groups it has named are remembered by key until no process of theirs is left (so a later
// session that happens to get the same key is a new one); `remember` takes keys named before (kept
// across a restart of the tray). A result costs one look at each group's oldest member; only a group
// of the right kind whose owner is gone and that was never named is summarized and planned.
class EndedSessions {
public:
    // `uid`: only that user's sessions (the tray's user); none: everyone's.
    explicit EndedSessions(EndedSessionRules rules, std::optional<std::uint32_t> uid = std::nullopt)
        : m_rules(rules), m_uid(uid)
    { }

    // The groups of `result` to alert for now, none named before; each is remembered as named (the
    // caller shows it, or stays quiet while alerts are paused: named all the same). Forgets the named
    // groups `result` no longer has.
    std::vector<EndedSession> due(const TriageResult &result);
    // Seconds until a group seen by the last `due` passes its grace period and could be due; < 0: none waits.
    double nextDueInSeconds() const { return m_nextDueSeconds; }

    void remember(const std::string &key) { m_named.insert(key); }
    bool named(const std::string &key) const { return m_named.count(key) > 0; }
    // Every key remembered, sorted (to keep them).
    std::vector<std::string> namedKeys() const;
    const EndedSessionRules &rules() const { return m_rules; }

private:
    EndedSessionRules m_rules;
    std::optional<std::uint32_t> m_uid;
    std::unordered_set<std::string> m_named;
    double m_nextDueSeconds = -1;
};

} // namespace ptriage
