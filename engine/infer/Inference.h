#pragma once

#include "Evidence.h"

namespace ptriage {

// One line of the evidence ledger: how much one term moved the verdict, in bits.
struct EvidenceTerm {
    std::string term;
    double bits = 0; // log2 Bayes factor of the verdict against the reference class
    ProcessClass favors{}; // the class this term pushes toward (of the two compared)
    Strength strength = Strength::Weak;
    Phrase detail;
};

struct Posterior {
    ClassVector probability{};
    ProcessClass classification = ProcessClass::Useful;
    ProcessClass reference = ProcessClass::Useful; // what the ledger compares against
    Confidence confidence = Confidence::Low;
    std::vector<EvidenceTerm> ledger; // strongest first
};

// Evaluates every process at once: a processes × terms matrix of log-likelihoods per class,
// summed with the log prior and normalized with log-sum-exp.
std::vector<Posterior> infer(const Snapshot &snap, const std::vector<ProcessFacts> &facts,
    const std::vector<std::vector<Observation>> &observations, const TriageConfig &config);

} // namespace ptriage
