#pragma once

#include "Session.h"
#include "util/Phrase.h"

namespace ptriage {

// Where a group of processes comes from: "what keeps spawning these?"
struct OriginKey {
    std::string command; // the processes' own normalized command
    std::string parent; // the parent's normalized command when the process was first seen, or a marker:
                        // "(orphaned)", "(unknown)" (JSON keeps it; parentText() is for people)
    std::string unit; // systemd unit or cgroup
    std::string project; // the normalized cwd
    std::string terminal; // tmux/screen session, ssh
    std::string
        startedBy; // the agent, editor, terminal or runner that started them ("Claude Code", "tmux"); empty: none named
    friend auto operator<=>(const OriginKey &, const OriginKey &) = default;
};

struct AccumulationRow {
    OriginKey origin;
    std::vector<int> counts; // processes per session, index-aligned with the sessions given
    bool parentGone = false; // in the last session, its processes were orphaned: that parent exited
    bool ownerGone = false; // in the last session, what started them (startedBy) had ended
    std::uint64_t rssBytes = 0; // in the last session
    double growthPerHour = 0; // (last count − first count) / hours from first to last session; 0 when !rateKnown()
    double shareOfTotal = 0; // of the processes in the last session
    ProcessIdentity oldest; // the oldest survivor in the last session; invalid when none survives
    double oldestAgeSeconds = 0;
    std::vector<ProcessIdentity> examples; // up to three, from the last session it had processes in
};

struct Accumulation {
    // A rate per hour from a shorter span is an extrapolation (5 in a minute is not "300/h").
    static constexpr double kShortestRateSpanHours = 0.25;

    std::vector<SessionInfo> sessions; // oldest first
    double spanHours = 0;
    bool rateKnown() const { return spanHours >= kShortestRateSpanHours; }
    std::vector<AccumulationRow> rows; // fastest growing first, then largest
};

// OriginKey::parent for people: a marker in the installed translation, a command as it is.
Phrase parentText(const std::string &parent);

// Sessions oldest first. Rows only for origins with processes in some session.
Accumulation accumulate(const std::vector<Session> &sessions);

} // namespace ptriage
