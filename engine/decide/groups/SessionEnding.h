#pragma once

#include "decide/Triage.h"

#include <string_view>
#include <vector>

namespace ptriage {

// One agent, editor or terminal session's leftovers, for the hooks these tools run when a session
// ends (`ptriage groups --session ID --ending --end`).

// The groups of the session `id`: those whose origin names it (its id whole, or its first 8 characters
// or more). Empty when no process of it runs.
std::vector<int> groupsOfSession(const TriageResult &r, std::string_view id);
// The group of the session that started process `pid` (a hook's own session); -1 when no agent, editor
// or terminal session did.
int sessionGroupOf(const TriageResult &r, int pid);
// The groups of every agent, editor or terminal session whose owner has ended (of `tool` only, "Codex",
// when not empty): what a hook run at another session's start or turn cleans up after.
std::vector<int> endedSessions(const TriageResult &r, std::string_view tool);
// The owners of these groups that still run (the agent, editor or terminal that started them).
std::vector<ProcessIdentity> liveOwners(const TriageResult &r, const std::vector<int> &groups);
// The scan as it will be once `owners` have exited (a SessionEnd hook runs while its agent still lives):
// they are gone, their children adopted by init, their locks released. Triaged, it gives the verdicts the
// window will give a moment after the exit; the group's End plan is the one it will offer.
std::shared_ptr<const Snapshot> withOwnersGone(const Snapshot &snap, const std::vector<ProcessIdentity> &owners);

} // namespace ptriage
