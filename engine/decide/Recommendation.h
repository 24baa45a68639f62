#pragma once

#include "BlastRadius.h"
#include "infer/Inference.h"

#include <array>

namespace ptriage {

// What ptriage recommends for one process, and what stands in the way of anything stronger.
struct Recommendation {
    RecommendedAction action = RecommendedAction::Keep;
    int targetIndex = -1; // the process to act on: itself, or a zombie's parent
    std::vector<Phrase> blockedBy; // gates that ruled out stronger actions, in words
    std::array<double, kActionCount> expectedLoss{};
    std::array<bool, kActionCount> allowed{};
    int score = 0; // 0..100: how much acting is worth (expected-loss gain of the action)
    bool candidate = false; // worth a person's attention
    // Kept, because no action is worth its risk yet, but probably abandoned: a person should look.
    bool review = false;
};

struct DecideInput {
    const Snapshot &snap;
    const std::vector<ProcessFacts> &facts;
    const std::vector<Posterior> &posteriors;
    const TriageConfig &config;
    double minAgeSeconds;
};

std::vector<Recommendation> decide(const DecideInput &in);

} // namespace ptriage
