#pragma once

#include "config/Vocabulary.h"

#include <array>
#include <cstdint>

namespace ptriage {

struct TriageResult;

// What every surface counts of one verdict — the window's headline and status bar, the tray, the report,
// the Sessions chart and scan's summary — defined once, so one result gives one set of figures.
struct CandidateCounts {
    int candidates = 0; // Recommendation::candidate: worth a person's attention
    int reviews = 0; // of them, kept but to be looked at
    std::array<int, kClassCount> byClass{}; // the candidates by class
    // Resident memory of the candidates a kill is recommended for: what ending them gives back, at most.
    std::uint64_t reclaimableBytes = 0;
    int holdingPorts = 0; // candidates listening on a port
    int tooYoung = 0; // user processes younger than the minimum age: no verdict yet

    // One process's part. A saved session adds its processes through this too.
    void add(ProcessClass c, bool candidate, bool review, RecommendedAction action, std::uint64_t rssBytes,
        bool holdsPort = false);
};

CandidateCounts countCandidates(const TriageResult &result);

} // namespace ptriage
