#pragma once

#include "decide/Triage.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace ptriage {

// One origin group at a glance: what its members hold, and what ending its leftovers would take.
struct GroupSummary {
    int group = -1; // into TriageResult::groups
    int members = 0;
    std::uint64_t rssBytes = 0; // resident memory of all members (shared pages counted in each)
    double cpuShare = 0; // of one core, all members together
    std::vector<int> ports; // listening ports of its members, sorted, each once
    int strongest = -1; // the member with the strongest verdict (highest score among candidates); -1: none
    int leftovers = 0; // members the group's End would end
    std::uint64_t leftoverRssBytes = 0;
};

// "End this group's leftovers": which members it ends, and every member it leaves out with the
// reason, so that none is included or dropped silently. A member is ended only when its own verdict
// is to end it and no gate blocks that; in use, protected, blocked, too young, a zombie or in D state
// are left out.
struct GroupPlan {
    int group = -1; // -1: an End of chosen processes (planEndOf), not of a group
    std::vector<int> end; // snapshot indices, parents before children
    std::vector<std::pair<int, Phrase>> leftOut;
    std::vector<ProcessIdentity> gone; // chosen, but not in the result (ended, or its pid reused)
};

// A culprit named by its origin group (a memory alert, a relief plan): the leftovers of a session
// whose owner is gone, "your ended Claude Code session in api@fix-auth left 14 processes, 3.2 GiB".
struct GroupCulprit {
    int group = -1;
    int members = 0;
    std::uint64_t rssBytes = 0; // all its members' resident memory
    Phrase phrase;
};

GroupSummary summarizeGroup(const TriageResult &result, int group);
// Every group, those with the most leftover memory first, then by their strongest verdict.
std::vector<GroupSummary> summarizeGroups(const TriageResult &result);
GroupPlan planGroupEnd(const TriageResult &result, int group);
// An End of chosen processes (an agent's, by identity) held to the group's rule: each ends only when
// its own verdict is to end it and no gate blocks that (whyLeftOut); each identity once, in its order.
GroupPlan planEndOf(const TriageResult &result, const std::vector<ProcessIdentity> &chosen);
// Why member `index` is not ended with its group; empty when it would be.
Phrase whyLeftOut(const TriageResult &result, int index);

// The group a culprit is a leftover of: the group of more than one process whose owner is gone that
// holds most of the resident memory of process `index` and `tree` (what ends with it); -1 when none.
int culpritGroup(const TriageResult &result, int index, const std::vector<int> &tree = {});
GroupCulprit groupCulprit(const TriageResult &result, int group);
// The culprits (with their trees) that name a group, each group once, in the culprits' order; the
// others are named as processes by the caller.
std::vector<GroupCulprit> groupCulprits(
    const TriageResult &result, const std::vector<std::pair<int, std::vector<int>>> &culprits);

} // namespace ptriage
