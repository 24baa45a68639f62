#pragma once

#include "Facts.h"

namespace ptriage {

// One observation about one process: which bin of which term, and why, in words.
// bin < 0: the evidence is unknown (it still appears in the ledger, with no weight).
struct Observation {
    int table = -1; // index into Priors::terms
    int bin = -1;
    std::string term;
    std::string detail;
};

std::vector<std::vector<Observation>> observe(
    const Snapshot &snap, const std::vector<ProcessFacts> &facts, const TriageConfig &config);

} // namespace ptriage
