#include "Triage.h"

#include <algorithm>

namespace ptriage {

std::shared_ptr<const TriageResult> triage(
    std::shared_ptr<const Snapshot> snapshot, const TriageConfig &config, const TriageOptions &options)
{
    auto r = std::make_shared<TriageResult>();
    r->snapshot = std::move(snapshot);
    const Snapshot &snap = *r->snapshot;
    r->minAgeSeconds = options.minAgeSeconds.value_or(config.policy.minAgeSeconds);
    r->facts = findFacts(snap, config, {options.selfPid, r->minAgeSeconds});
    const auto observations = observe(snap, r->facts, config, options.past.get());
    r->posteriors = infer(snap, r->facts, observations, config);
    r->recommendations = decide({snap, r->facts, r->posteriors, config, r->minAgeSeconds});
    BlastGraph graph(snap, r->facts, config.policy);
    r->blast.reserve(snap.processes.size());
    for (std::size_t i = 0; i < snap.processes.size(); ++i)
        r->blast.push_back(graph.radiusOf(static_cast<int>(i)));
    r->blastEdges = std::move(graph).takeEdges();
    r->ranking.resize(snap.processes.size());
    for (std::size_t i = 0; i < r->ranking.size(); ++i)
        r->ranking[i] = static_cast<int>(i);
    std::stable_sort(r->ranking.begin(), r->ranking.end(), [&](int a, int b) {
        const auto &pa = r->recommendations[static_cast<std::size_t>(a)];
        const auto &pb = r->recommendations[static_cast<std::size_t>(b)];
        if (pa.candidate != pb.candidate)
            return pa.candidate;
        if (pa.score != pb.score)
            return pa.score > pb.score;
        const auto &qa = r->posteriors[static_cast<std::size_t>(a)].probability;
        const auto &qb = r->posteriors[static_cast<std::size_t>(b)].probability;
        return qa[2] + qa[3] > qb[2] + qb[3];
    });
    return r;
}

} // namespace ptriage
