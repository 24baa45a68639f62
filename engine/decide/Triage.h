#pragma once

#include "Candidates.h"
#include "Recommendation.h"

#include "collect/Machine.h"
#include "infer/PastContext.h"
#include "util/PhaseTimes.h"

#include <memory>
#include <optional>
#include <string>

namespace ptriage {

struct TriageResult;

struct TriageOptions {
    int selfPid = 0;
    std::optional<double> minAgeSeconds; // overrides the policy's
    // Past decisions and saved sessions: the "past decisions" and "leaking" terms. Null: absent.
    std::shared_ptr<const PastContext> past;
    PhaseTimes *phases = nullptr; // the benchmarks': where the time went, phase by phase
    // Threads for the per-process work of facts and evidence (a one-shot scan, where nothing carries
    // over); null: the calling thread alone.
    QThreadPool *pool = nullptr;
    Machine machine; // the machine the snapshot was read on
    // Without a previous result: the verdicts the live service holds (decide/HeldVerdicts), for a
    // one-shot to hold its own against as the window's next refresh would. Null: none.
    std::shared_ptr<const TriageResult> held;
};

class ProcessView;

// The whole verdict on one snapshot, index-aligned with snapshot->processes. Immutable once built.
struct TriageResult {
    std::shared_ptr<const Snapshot> snapshot;
    std::vector<ProcessFacts> facts;
    std::vector<Posterior> posteriors;
    std::vector<Recommendation> recommendations;
    std::vector<BlastRadius> blast;
    std::vector<std::vector<BlastGraph::Edge>> blastEdges; // the graph the radii came from, per process
    std::vector<int> ranking; // candidates first, by score, then everything else by score
    std::vector<OriginGroup> groups; // the processes by origin (ProcessFacts::origin)
    std::vector<int> groupOf; // each process's index into `groups`
    double minAgeSeconds = 0;
    // The machine it was read on (`ptriage scan --host`: a host). Acting on another machine's process
    // goes there (RemoteHost), and nothing of it is read here.
    Machine machine;
    std::size_t carriedPosteriors = 0; // taken over from the previous result unchanged
    CandidateCounts counts; // what every surface counts of it (countCandidates), counted once
    std::shared_ptr<const PastContext> past; // what the evidence read from before the scan, for ledgerOf()

    const ProcessIdentity &identityOf(int index) const
    {
        return snapshot->processes[static_cast<std::size_t>(index)].id;
    }
    // Every part of one process's verdict, typed; `index` must be in range.
    ProcessView process(int index) const;
    int size() const { return static_cast<int>(snapshot->processes.size()); }
    // The process of that identity (never another one under a reused pid), or of that pid, if this
    // result holds it: through the snapshot's index by pid, so no caller computes an index.
    std::optional<ProcessView> find(const ProcessIdentity &id) const;
    std::optional<ProcessView> byPid(int pid) const;
    // Origin group `g` (ProcessView::groupIndex, GroupSummary::group); `g` must be in range.
    const OriginGroup &group(int g) const { return groups[static_cast<std::size_t>(g)]; }
    int findGroup(const std::string &key) const; // the index of the group of that key, or -1
};

// One process of a TriageResult: what was read, known, believed and recommended about it, and
// what acting on it would break. A view: the result must outlive it.
class ProcessView {
public:
    ProcessView(const TriageResult &result, int index) : m_result(&result), m_index(index) { }

    const TriageResult &result() const { return *m_result; }
    int index() const { return m_index; }
    const ProcessIdentity &identity() const { return sample().id; }
    const Sample &sample() const { return m_result->snapshot->processes[at()]; }
    const ProcessFacts &facts() const { return m_result->facts[at()]; }
    const Posterior &posterior() const { return m_result->posteriors[at()]; }
    const Recommendation &recommendation() const { return m_result->recommendations[at()]; }
    const BlastRadius &blast() const { return m_result->blast[at()]; }
    const ProcessOrigin &origin() const { return facts().origin; }
    int groupIndex() const { return m_result->groupOf[at()]; } // into result().groups
    const OriginGroup &group() const { return m_result->group(groupIndex()); }
    const std::vector<BlastGraph::Edge> &blastEdges() const { return m_result->blastEdges[at()]; }
    // Its nice value now (-20..19), and what a renice would set: a lower priority, or none at 19.
    long nice() const { return sample().nice; }
    std::optional<int> reniceTo() const { return lowerPriorityNice(sample().nice); }
    // Its kind: the signature category it matched (an index into the config's categories).
    int kind() const { return facts().category; }
    // Younger than the minimum age: its posterior is no verdict yet. A zombie is a zombie at any age.
    bool tooYoungToJudge() const { return facts().ageSeconds < m_result->minAgeSeconds && sample().state != 'Z'; }

private:
    std::size_t at() const { return static_cast<std::size_t>(m_index); }

    const TriageResult *m_result;
    int m_index;
};

inline ProcessView TriageResult::process(int index) const
{
    return ProcessView(*this, index);
}

// Why the posterior of process `index` is what it is, term by term: the evidence read again from the
// result (the same as triage read; `config` must be the one it was made with).
Ledger ledgerOf(const TriageResult &r, int index, const TriageConfig &config);
inline Ledger ledgerOf(const ProcessView &process, const TriageConfig &config)
{
    return ledgerOf(process.result(), process.index(), config);
}

// Between refreshes of the live service: a verdict that would change towards acting keeps the previous
// one until the evidence says it kRefreshesToHold times in a row (pending/pendingFor); a change to useful
// is at once. `posteriors` are the new snapshot's, `previous` the last result.
void holdVerdicts(std::vector<Posterior> &posteriors, const Snapshot &snap, const TriageResult &previous);

// Between refreshes: an action changes only past a margin, and towards acting only once it has stayed
// there; a change says from what and why (Recommendation::changed). `r` is the new result, its
// recommendations fresh from decide().
void holdActions(TriageResult &r, const TriageResult &previous, const TriageConfig &config);

// `previous`: the last result of the same config, or null. A process whose posterior inputs are
// what they were there keeps its posterior from it; facts, evidence, decisions and
// blast radii are computed anew for everyone, as they depend on neighbours and the clock.
std::shared_ptr<const TriageResult> triage(std::shared_ptr<const Snapshot> snapshot, const TriageConfig &config,
    const TriageOptions &options, const TriageResult *previous = nullptr);

} // namespace ptriage
