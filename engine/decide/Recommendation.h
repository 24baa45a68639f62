#pragma once

#include "BlastRadius.h"
#include "infer/Inference.h"

#include <array>

namespace ptriage {

// What ptriage recommends for one process, and what stands in the way of anything stronger.
struct Recommendation {
    RecommendedAction action = RecommendedAction::Keep;
    int targetIndex = -1; // the process to act on: itself, or a zombie's parent
    // A zombie's: what its parent (targetIndex) should do or have done to it. None for every other process.
    ParentAction parentAction = ParentAction::None;
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

// The nice value a renice sets for a process now at `currentNice`: always a lower priority than now
// (10, or 19 from 10 on); none at 19, where no renice lowers it. The action dialog's default.
std::optional<int> lowerPriorityNice(long currentNice);

} // namespace ptriage
