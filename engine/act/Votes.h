#pragma once

#include "act/ActRequest.h"
#include "decide/Triage.h"
#include "infer/Learning.h"

#include <cstdint>
#include <vector>

namespace ptriage {

// What ptriage learns from a person's decisions: one vote per target whose command is known (a
// kernel thread, or a process whose command was never read, gives no pattern to learn). Only this
// machine's processes teach it (Machine::learns): none for a host's result.
std::vector<Decision> votesFor(
    const TriageResult &result, const std::vector<ProcessIdentity> &targets, Decision::Vote vote, std::int64_t atMs);

// Ending or killing a process is a vote for "abandoned": the votes a confirmed request casts once
// its targets are gone. Other verbs (pausing, a signal) say nothing about abandonment.
std::vector<Decision> votesAskedBy(const ActRequest &request, const TriageResult &result, std::int64_t atMs);

// Of the votes asked, those whose target the action really ended.
std::vector<Decision> votesCast(const std::vector<Decision> &asked, const std::vector<ActOutcome> &outcomes);

} // namespace ptriage
