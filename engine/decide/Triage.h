#pragma once

#include "Recommendation.h"

#include "infer/PastContext.h"

#include <memory>

namespace ptriage {

struct TriageOptions {
    int selfPid = 0;
    std::optional<double> minAgeSeconds; // overrides the policy's
    // Past decisions and saved sessions: the "past decisions" and "leaking" terms. Null: absent.
    std::shared_ptr<const PastContext> past;
};

// The whole verdict on one snapshot, index-aligned with snapshot->processes. Immutable once built.
struct TriageResult {
    std::shared_ptr<const Snapshot> snapshot;
    std::vector<ProcessFacts> facts;
    std::vector<Posterior> posteriors;
    std::vector<Recommendation> recommendations;
    std::vector<BlastRadius> blast;
    std::vector<std::vector<BlastGraph::Edge>> blastEdges; // the graph the radii came from, per process
    std::vector<int> ranking; // candidates first, by score, then everything else by score
    double minAgeSeconds = 0;

    const ProcessIdentity &identityOf(int index) const
    {
        return snapshot->processes[static_cast<std::size_t>(index)].id;
    }
};

std::shared_ptr<const TriageResult> triage(
    std::shared_ptr<const Snapshot> snapshot, const TriageConfig &config, const TriageOptions &options);

} // namespace ptriage
