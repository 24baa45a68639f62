#pragma once

#include "Evidence.h"

#include <cstdint>
#include <memory>

namespace ptriage {

// One line of the evidence ledger: how much one term moved the verdict, in bits.
struct EvidenceTerm {
    std::string term;
    double bits = 0; // log2 Bayes factor of the verdict against the reference class
    ProcessClass favors{}; // the class this term pushes toward (of the two compared)
    Strength strength = Strength::Weak;
    Phrase detail;
};

using Ledger = std::vector<EvidenceTerm>;

// The verdict on one process. Its ledger (why, term by term) is built only when asked for:
// ledgerOf() here, or for a triage result decide/Triage's ledgerOf().
struct Posterior {
    ClassVector probability{};
    ProcessClass classification = ProcessClass::Useful;
    ProcessClass reference = ProcessClass::Useful; // what the ledger compares against
    Confidence confidence = Confidence::Low;
    // Everything the numbers were computed from, folded (posteriorKey): under one config, equal
    // keys give equal posteriors.
    std::uint64_t key = 0;
    // The live service holds a verdict that would change towards acting until the change holds for
    // kRefreshesToHold refreshes: `pending` is what the evidence says now, `pendingFor` how many times.
    ProcessClass pending = ProcessClass::Useful;
    int pendingFor = 0;
};
inline constexpr int kRefreshesToHold = 2;

// The inputs of one process's posterior (its observations' terms, tables and bins, its category,
// state and whether its reads were partial; not the sentences), folded into 64 bits.
std::uint64_t posteriorKey(const Sample &s, const ProcessFacts &facts, const std::vector<Observation> &observations);

// Posteriors one process at a time (its observations made and dropped in turn, never all at once):
// the capped tables are made once. infer() is const: call it from several threads.
class Inferrer {
public:
    explicit Inferrer(const TriageConfig &config);
    // Process `index` of `snap`, with its facts, observations and posteriorKey(), into `out`.
    void infer(Posterior &out, const Snapshot &snap, std::size_t index, const ProcessFacts &facts,
        const std::vector<Observation> &observations, std::uint64_t key) const;

private:
    const TriageConfig &m_config;
    std::vector<std::vector<ClassVector>> m_tables;
};

// Evaluates the processes `which` (indices into the snapshot) into out[index]: per process, the
// capped log-likelihoods per class summed with the log prior and normalized with log-sum-exp (Eigen).
// A posterior is bit-identical whatever else is in `which`. `keys` are their posteriorKey()s,
// index-aligned with the snapshot.
void inferInto(std::vector<Posterior> &out, const std::vector<int> &which, const Snapshot &snap,
    const std::vector<ProcessFacts> &facts, const std::vector<std::vector<Observation>> &observations,
    const std::vector<std::uint64_t> &keys, const TriageConfig &config);

// The ledger of a posterior: the prior, each observation and the category in bits for its verdict
// against its reference, strongest first.
Ledger ledgerOf(const Posterior &p, const Sample &s, std::vector<Observation> observations, const ProcessFacts &fact,
    const TriageConfig &config);

} // namespace ptriage
