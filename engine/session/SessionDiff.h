#pragma once

#include "Session.h"

namespace ptriage {

enum class Transition { Appeared, Exited, Stable, NewlyOrphaned, Reparented, ClassChanged, RecommendationChanged };
inline constexpr int kTransitionCount = 7;
// appeared, exited, stable, newly_orphaned, reparented, class_changed, recommendation_changed
const char *jsonName(Transition t);

// Exactly one transition per identity (or, across boots, per command and origin).
struct DiffEntry {
    Transition transition = Transition::Stable;
    ProcessIdentity identity; // the process's; across boots, invalid
    const SessionProcess *before = nullptr; // into the diffed sessions; null when it did not exist
    const SessionProcess *after = nullptr;
    std::string key; // across boots: the command and origin compared
    int countBefore = 0; // across boots: processes of that key in each session
    int countAfter = 0;
    long long rssGrowthBytes = 0;
    double cpuGrowthSeconds = 0;
};

struct SessionDiff {
    const Session *before = nullptr;
    const Session *after = nullptr;
    // The sessions are from different boots: identities cannot match, so processes were compared by
    // command and origin only.
    bool crossBoot = false;
    std::vector<DiffEntry> entries; // by transition, then by identity (or key)
    std::array<int, kTransitionCount> counts{};
};

// Both sessions must outlive the diff.
SessionDiff diffSessions(const Session &before, const Session &after);

} // namespace ptriage
