#include "Triage.h"

#include "util/Parallel.h"

#include <algorithm>

namespace ptriage {

namespace {

// Posteriors whose inputs are what they were in `previous` carry over; the rest are computed. Each
// process's observations are made, weighed and dropped in turn: all of them at once were megabytes
// (56 bytes each, twenty per process) beside the last result at the window's peak.
std::vector<Posterior> carryOrInfer(const Snapshot &snap, const std::vector<ProcessFacts> &facts,
    const Observing &observing, const TriageConfig &config, const TriageResult *previous, QThreadPool *pool,
    std::size_t &carried)
{
    const std::size_t n = snap.processes.size();
    std::vector<Posterior> out(n);
    std::vector<char> same(n, 0); // its posterior carries over from the previous result
    const Inferrer inferrer(config);
    parallelChunks(pool, n, pool ? workerCount() : 1, [&](std::size_t begin, std::size_t end, int) {
        std::vector<Observation> observations;
        for (std::size_t i = begin; i < end; ++i) {
            const Sample &s = snap.processes[i];
            observing.observe(i, facts[i], observations);
            const std::uint64_t key = posteriorKey(s, facts[i], observations);
            const Sample *before = previous ? previous->snapshot->byIdentity(s.id) : nullptr;
            const auto j = before ? static_cast<std::size_t>(before - previous->snapshot->processes.data()) : 0;
            if (before && previous->posteriors[j].key == key) {
                out[i] = previous->posteriors[j];
                same[i] = 1;
            } else {
                inferrer.infer(out[i], snap, i, facts[i], observations, key);
            }
        }
    });
    carried += static_cast<std::size_t>(std::count(same.begin(), same.end(), 1));
    return out;
}

} // namespace

// A verdict flapping between scans is one nobody trusts. Between refreshes of the live service a
// change towards acting (useful → stuck or abandoned, or between those) waits until the evidence has
// said it kRefreshesToHold times in a row; a change back to useful, or to or from a zombie, is at once.
// Gates (a client, a person at the terminal) are facts and hold at once whatever the verdict.
void holdVerdicts(std::vector<Posterior> &posteriors, const Snapshot &snap, const TriageResult &previous)
{
    for (std::size_t i = 0; i < posteriors.size(); ++i) {
        const Sample *before = previous.snapshot->byIdentity(snap.processes[i].id);
        if (!before)
            continue;
        const Posterior &was
            = previous.posteriors[static_cast<std::size_t>(before - previous.snapshot->processes.data())];
        Posterior &now = posteriors[i];
        const ProcessClass said = now.classification;
        if (said == was.classification || said == ProcessClass::Useful || said == ProcessClass::Zombie
            || was.classification == ProcessClass::Zombie)
            continue;
        const int times = (was.pendingFor > 0 && was.pending == said ? was.pendingFor : 0) + 1;
        if (times >= kRefreshesToHold)
            continue;
        now = was;
        now.pending = said;
        now.pendingFor = times;
        now.key = 0; // computed again next time, never carried over as it is
    }
}

std::shared_ptr<const TriageResult> triage(std::shared_ptr<const Snapshot> snapshot, const TriageConfig &config,
    const TriageOptions &options, const TriageResult *previous)
{
    PhaseClock clock(options.phases);
    auto r = std::make_shared<TriageResult>();
    r->snapshot = std::move(snapshot);
    const Snapshot &snap = *r->snapshot;
    r->minAgeSeconds = options.minAgeSeconds.value_or(config.policy.minAgeSeconds);
    r->machine = options.machine;
    r->facts = findFacts(snap, config,
        {options.selfPid, r->minAgeSeconds, previous ? previous->snapshot.get() : nullptr,
            previous ? &previous->facts : nullptr, options.pool});
    clock.lap("facts");
    findOrigins(
        snap, r->facts, config, previous ? previous->snapshot.get() : nullptr, previous ? &previous->facts : nullptr);
    clock.lap("origins");
    r->past = options.past;
    r->posteriors = carryOrInfer(snap, r->facts, Observing(snap, config, options.past.get()), config, previous,
        options.pool, r->carriedPosteriors);
    clock.lap("evidence and inference");
    if (previous)
        holdVerdicts(r->posteriors, snap, *previous);
    clock.lap("held verdicts");
    r->recommendations = decide({snap, r->facts, r->posteriors, config, r->minAgeSeconds});
    clock.lap("decision");
    BlastGraph graph(snap, r->facts, config.policy);
    r->blast.reserve(snap.processes.size());
    for (std::size_t i = 0; i < snap.processes.size(); ++i)
        r->blast.push_back(graph.radiusOf(static_cast<int>(i)));
    r->blastEdges = std::move(graph).takeEdges();
    clock.lap("blast radius");
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
    clock.lap("ranking");
    r->groups = groupByOrigin(snap, r->facts);
    r->groupOf.assign(snap.processes.size(), 0);
    for (std::size_t g = 0; g < r->groups.size(); ++g)
        for (int i : r->groups[g].members)
            r->groupOf[static_cast<std::size_t>(i)] = static_cast<int>(g);
    clock.lap("groups by origin");
    return r;
}

Ledger ledgerOf(const TriageResult &r, int index, const TriageConfig &config)
{
    const auto i = static_cast<std::size_t>(index);
    return ledgerOf(r.posteriors[i], r.snapshot->processes[i],
        observeProcess(*r.snapshot, r.facts, i, config, r.past.get()), r.facts[i], config);
}

} // namespace ptriage
