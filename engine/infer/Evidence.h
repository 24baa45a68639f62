#pragma once

#include "Facts.h"
#include "util/Phrase.h"

#include <memory>
#include <string_view>

namespace ptriage {

// One observation about one process: which bin of which term, and why, in words.
// bin < 0: the evidence is unknown (it still appears in the ledger, with no weight).
// Small on purpose: a scan makes one per term and process (75,000 at 5,000 processes), and what only
// a ledger reads (the sentence) or only a past term has (its own likelihood) is behind a pointer.
struct Observation {
    int table = -1; // index into Priors::terms
    int bin = -1;
    std::string_view term; // the evidence table's name: static text
    std::shared_ptr<const Phrase> detail; // only when sentences were asked for (a ledger)
    // A term that is not a table's bin (past decisions: counts, not categories): its own
    // log-likelihood per class, capped like every term. Set only with table < 0.
    std::shared_ptr<const ClassVector> logLikelihood;
};

struct PastContext;

// `past`: decisions and saved sessions; null when there are none (the past terms are absent). Without
// sentences (every `detail` empty): what the posteriors need; observeProcess has them. One process at a
// time, into a vector of the caller's (cleared first), with what all share (the term index, the
// interval's words) made once. Const: call it from several threads.
class Observing {
public:
    Observing(const Snapshot &snap, const TriageConfig &config, const PastContext *past);
    ~Observing();
    void observe(std::size_t index, const ProcessFacts &facts, std::vector<Observation> &out) const;

private:
    struct Shared;
    const Snapshot &m_snap;
    const TriageConfig &m_config;
    const PastContext *m_past;
    std::unique_ptr<const Shared> m_shared;
};

// The same for one process, with its sentences (its ledger, when asked for).
std::vector<Observation> observeProcess(const Snapshot &snap, const std::vector<ProcessFacts> &facts, std::size_t index,
    const TriageConfig &config, const PastContext *past = nullptr);

} // namespace ptriage
