#pragma once

#include "collect/MemoryFootprint.h"
#include "decide/Triage.h"
#include "util/Phrase.h"

#include <QString>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ptriage {

// What a person wants back: bytes of memory, or a TCP port. One of the two.
struct ReliefGoal {
    std::uint64_t freeBytes = 0;
    int freePort = 0;
};

// One step of a relief plan: end a process (and the tree that ends with it), or, for a supervised
// one, advice to stop its unit.
struct ReliefStep {
    int index = -1; // the process acted on (snapshot index)
    ProcessIdentity target; // never a bare pid
    RecommendedAction action = RecommendedAction::Kill;
    std::uint64_t freesBytes = 0; // its own and its tree's, shared memory counted once
    MemoryFootprint::Source source = MemoryFootprint::Source::Pss;
    std::vector<int> tree; // other snapshot indices that end with it
    double expectedLoss = 0;
    Risk risk = Risk::Low;
    std::string stopUnit; // non-empty: supervised — advice "stop the unit X", not carried out by the plan
    Phrase why; // one line for people
};

// The set of recommended actions that reaches a goal with the least expected loss and risk. Not the
// per-process Recommendation: this one spans processes and serves one goal.
struct ReliefPlan {
    ReliefGoal goal;
    std::vector<ReliefStep> steps; // in the order to carry out
    std::uint64_t freesBytes = 0;
    double expectedLoss = 0;
    bool reached = false;
    bool exact = false; // exact search (small candidate sets) or greedy + local improvement
    Phrase shortfall; // when not reached: why, and the best safe amount
    std::vector<std::pair<int, Phrase>> excluded; // candidates left out and the gate that excluded them
};

// footprints: index-aligned with result.snapshot->processes (empty optional: unknown → not counted)
ReliefPlan planRelief(const TriageResult &result, const std::vector<std::optional<MemoryFootprint>> &footprints,
    const ReliefGoal &goal, const TriageConfig &config);
// Reads the footprints the plan needs (candidates, their trees, and what the gates leave out, to
// name it with its size), on the calling thread.
std::vector<std::optional<MemoryFootprint>> readFootprints(const TriageResult &result, const QString &procRoot);
std::string reliefPlanJson(const ReliefPlan &plan, const TriageResult &result); // "ptriage.relief.v1"
// The terminal table; width: the terminal's, to which command lines are cut (0: a pipe's widths).
std::string reliefPlanText(const ReliefPlan &plan, const TriageResult &result, std::size_t width = 0);

// What ending process `index` would also end: its descendants in its own process group (see
// ReliefPlan.cpp for why). Snapshot indices, nearest first.
std::vector<int> reliefTree(const TriageResult &result, int index);

// What a person stops instead of ending a supervised process (a kill would be restarted): its
// systemd unit ("x.service"), its container ("container:…") or process manager ("pm2"); empty when
// unsupervised. A relief step's stopUnit.
std::string supervisorToStop(const ProcessFacts &facts);

} // namespace ptriage
