#include "Triage.h"

#include "util/Parallel.h"

#include <algorithm>
#include <cmath>

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
            const auto before = previous ? previous->find(s.id) : std::nullopt;
            if (before && before->posterior().key == key) {
                out[i] = before->posterior();
                same[i] = 1;
            } else {
                inferrer.infer(out[i], snap, i, facts[i], observations, key);
            }
        }
    });
    carried += static_cast<std::size_t>(std::count(same.begin(), same.end(), 1));
    return out;
}

// How far a verdict goes: keeping, then looking (review), then the actions by how much they interrupt.
int strength(const Recommendation &r)
{
    if (!r.candidate)
        return 0;
    if (r.review)
        return 1;
    switch (r.action) {
    case RecommendedAction::Keep:
        return 0;
    case RecommendedAction::Renice:
        return 2;
    case RecommendedAction::Throttle:
        return 3;
    case RecommendedAction::Quarantine:
        return 4;
    case RecommendedAction::Pause:
        return 5;
    case RecommendedAction::Freeze:
        return 6;
    case RecommendedAction::Kill:
        return 7;
    }
    return 0;
}

bool sameVerdict(const Recommendation &a, const Recommendation &b)
{
    return a.action == b.action && a.review == b.review && a.candidate == b.candidate
        && a.parentAction == b.parentAction;
}

Phrase verdictWord(const Recommendation &r)
{
    return r.review ? Phrase::word("review", "EngineLabels", QT_TRANSLATE_NOOP("EngineLabels", "review"))
                    : word(r.action);
}

// Whether the evidence moved the verdict past a margin, not just over a line: the new action must gain
// kScoreMargin score points over the held one; review and the candidate line have margins of their own.
bool pastMargin(const Recommendation &now, const Recommendation &was, const ClassVector &post, const Policy &policy)
{
    constexpr double kScoreMargin = 10;
    constexpr double kReviewMargin = 0.05;
    if (now.action != was.action)
        return scorePoints(now, now.action, policy) - scorePoints(now, was.action, policy) >= kScoreMargin;
    // Over the review or the candidate line: going up takes a margin, going down only the line.
    if (now.review != was.review)
        return !now.review
            || post[static_cast<std::size_t>(ProcessClass::Abandoned)] >= policy.reviewMinAbandoned + kReviewMargin;
    return !now.candidate || scorePoints(now, now.action, policy) >= policy.candidateMinScore + kScoreMargin / 2;
}

// The term whose reading changed between the two verdicts, in its own words ("no CPU over the last 30 s").
Phrase whatChanged(
    const TriageResult &before, std::size_t j, const TriageResult &now, std::size_t i, const TriageConfig &config)
{
    // Held verdicts read from the live state have no facts: what moved is P(abandoned).
    if (before.facts.size() == before.snapshot->processes.size()) {
        const auto was = observeProcess(*before.snapshot, before.facts, j, config, before.past.get());
        for (const Observation &o : observeProcess(*now.snapshot, now.facts, i, config, now.past.get())) {
            const auto it
                = std::find_if(was.begin(), was.end(), [&](const Observation &w) { return w.term == o.term; });
            const bool moved = it == was.end() || it->bin != o.bin
                || (o.logLikelihood && (!it->logLikelihood || *it->logLikelihood != *o.logLikelihood));
            if (moved && o.detail)
                return *o.detail;
        }
    }
    const Recommendation &r = now.recommendations[i];
    if (!r.blockedBy.empty() && r.blockedBy != before.recommendations[j].blockedBy)
        return r.blockedBy.front();
    const auto abandoned = static_cast<std::size_t>(ProcessClass::Abandoned);
    return Phrase("Recommendation", QT_TRANSLATE_NOOP("Recommendation", "P(abandoned) %1 → %2"),
        {Phrase::percent(before.posteriors[j].probability[abandoned]),
            Phrase::percent(now.posteriors[i].probability[abandoned])});
}

} // namespace

std::optional<ProcessView> TriageResult::byPid(int pid) const
{
    const auto it = snapshot->indexByPid.find(pid);
    if (it == snapshot->indexByPid.end())
        return std::nullopt;
    return process(static_cast<int>(it->second));
}

std::optional<ProcessView> TriageResult::find(const ProcessIdentity &id) const
{
    auto p = byPid(id.pid);
    return p && p->identity() == id ? p : std::nullopt;
}

int TriageResult::findGroup(const std::string &key) const
{
    const auto it = std::find_if(groups.begin(), groups.end(), [&](const OriginGroup &g) { return g.key == key; });
    return it == groups.end() ? -1 : static_cast<int>(it - groups.begin());
}

// An action that changes with every refresh is one nobody acts on. Between refreshes a verdict changes
// only when the evidence moved it past a margin (pastMargin); towards acting, it must also have stayed
// there kHoldActionMs; towards less, it changes at once. A gate (the held action no longer allowed) and a
// zombie change it at once. A change says from what and why (Recommendation::changed).
void holdActions(TriageResult &r, const TriageResult &previous, const TriageConfig &config)
{
    constexpr std::int64_t kHoldActionMs = 30000;
    const Snapshot &snap = *r.snapshot;
    const std::int64_t now = snap.capturedAtMs;
    for (std::size_t i = 0; i < r.recommendations.size(); ++i) {
        Recommendation &rec = r.recommendations[i];
        rec.sinceMs = now;
        const auto before = previous.find(snap.processes[i].id);
        if (!before)
            continue;
        const auto j = static_cast<std::size_t>(before->index());
        const Recommendation &was = before->recommendation();
        if (sameVerdict(rec, was)) {
            rec.sinceMs = was.sinceMs;
            rec.changed = was.changed;
            continue;
        }
        const bool atOnce = snap.processes[i].state == 'Z' || before->sample().state == 'Z'
            || !rec.allowed[static_cast<std::size_t>(was.action)] || rec.parentAction != ParentAction::None
            || was.parentAction != ParentAction::None;
        bool change = atOnce;
        if (!atOnce && pastMargin(rec, was, r.posteriors[i].probability, config.policy)) {
            const bool pendingSame
                = was.pendingSinceMs > 0 && was.pendingAction == rec.action && was.pendingReview == rec.review;
            const std::int64_t pendingSince = pendingSame ? was.pendingSinceMs : now;
            change = strength(rec) < strength(was) || now - pendingSince >= kHoldActionMs;
            if (!change) {
                rec.pendingAction = rec.action;
                rec.pendingReview = rec.review;
                rec.pendingSinceMs = pendingSince;
            }
        }
        if (change) {
            rec.changed = Phrase("Recommendation", QT_TRANSLATE_NOOP("Recommendation", "was %1 for %2; then %3"),
                {verdictWord(was), Phrase::duration(static_cast<double>(now - was.sinceMs) / 1000.0),
                    whatChanged(previous, j, r, i, config)});
            continue;
        }
        // Held: the verdict it had, with today's figures.
        rec.action = was.action;
        rec.review = was.review;
        rec.candidate = was.candidate;
        rec.blockedBy = was.blockedBy;
        if (!rec.review)
            rec.score = scoreOf(rec, rec.action, config.policy);
        rec.sinceMs = was.sinceMs;
        rec.changed = was.changed;
    }
}

// A verdict flapping between scans is one nobody trusts. Between refreshes of the live service a
// change towards acting (useful → stuck or abandoned, or between those) waits until the evidence has
// said it kRefreshesToHold times in a row; a change back to useful, or to or from a zombie, is at once.
// Gates (a client, a person at the terminal) are facts and hold at once whatever the verdict.
void holdVerdicts(std::vector<Posterior> &posteriors, const Snapshot &snap, const TriageResult &previous)
{
    for (std::size_t i = 0; i < posteriors.size(); ++i) {
        const auto before = previous.find(snap.processes[i].id);
        if (!before)
            continue;
        const Posterior &was = before->posterior();
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
    // A one-shot holds against the live service's verdicts: one voice with the window's next refresh.
    const TriageResult *heldBy = previous ? previous : options.held.get();
    if (heldBy)
        holdVerdicts(r->posteriors, snap, *heldBy);
    clock.lap("held verdicts");
    r->recommendations = decide({snap, r->facts, r->posteriors, config, r->minAgeSeconds});
    if (heldBy)
        holdActions(*r, *heldBy, config);
    else
        for (Recommendation &rec : r->recommendations)
            rec.sinceMs = snap.capturedAtMs;
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
    r->counts = countCandidates(*r);
    return r;
}

Ledger ledgerOf(const TriageResult &r, int index, const TriageConfig &config)
{
    const auto i = static_cast<std::size_t>(index);
    return ledgerOf(r.posteriors[i], r.snapshot->processes[i],
        observeProcess(*r.snapshot, r.facts, i, config, r.past.get()), r.facts[i], config);
}

} // namespace ptriage
