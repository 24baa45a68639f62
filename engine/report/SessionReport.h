#pragma once

#include "session/Accumulation.h"
#include "session/HostAccumulation.h"
#include "session/SessionDiff.h"

#include <cstdint>
#include <string>

namespace ptriage {

// One journaled action, as the diff lists the actions taken between its two sessions.
struct SessionAction {
    long long id = 0;
    long long atMs = 0;
    std::string verb; // "freeze", "undo freeze"
    std::string target; // start_id
    std::string command;
    std::string status; // done, refused, …
    std::string message;
};

// `ptriage.sessions.v1`, `ptriage.diff.v1`, `ptriage.accumulation.v1`: see the README for every field.
std::string sessionsJson(const std::vector<SessionInfo> &sessions);
// Stable processes are counted always, listed only with `includeStable`.
std::string diffJson(const SessionDiff &diff, bool includeStable, const std::vector<SessionAction> &actions = {});
std::string accumulationJson(const Accumulation &acc);
// `ptriage.accumulation-hosts.v1`: the same commands on several machines.
std::string hostAccumulationJson(const HostAccumulation &acc);

// The same for people.
std::string sessionsText(const std::vector<SessionInfo> &sessions);
std::string diffText(const SessionDiff &diff, bool includeStable, const std::vector<SessionAction> &actions = {});
std::string accumulationText(const Accumulation &acc, int limit);
std::string hostAccumulationText(const HostAccumulation &acc, int limit);
// A session's machine for people: its ssh name, or "this machine".
std::string machineName(const std::string &sshHost);

std::string isoTimeOf(std::int64_t ms); // local time with its offset

} // namespace ptriage
