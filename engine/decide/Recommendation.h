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

    // Between refreshes of the live service (holdActions): since when this verdict stands (the
    // snapshot's wall clock, ms), a stronger one the evidence has proposed since `pendingSinceMs`, and
    // how the verdict last changed and why, in words (empty: not seen to change).
    std::int64_t sinceMs = 0;
    RecommendedAction pendingAction = RecommendedAction::Keep;
    bool pendingReview = false;
    std::int64_t pendingSinceMs = 0; // 0: nothing pending
    Phrase changed;
};

// The score `action` would have for this process (0..100, as `score` for the recommended one), and
// unbounded: its expected-loss gain over keeping, in score points (negative: worse than keeping).
int scoreOf(const Recommendation &p, RecommendedAction action, const Policy &policy);
double scorePoints(const Recommendation &p, RecommendedAction action, const Policy &policy);

struct DecideInput {
    const Snapshot &snap;
    const std::vector<ProcessFacts> &facts;
    const std::vector<Posterior> &posteriors;
    const TriageConfig &config;
    double minAgeSeconds;
};

std::vector<Recommendation> decide(const DecideInput &in);

// The gates, by kind: what JSON names them (gateName) and what a view may say of each.
enum class GateKind : std::uint8_t {
    Zombie,
    Protected,
    Wrapper,
    NoIdentity,
    Uninterruptible, // D state
    LowestPriority, // nice 19: a renice cannot lower it
    TooYoung, // younger than the minimum age
    CriticalFile,
    HeldLock, // a lock file others wait for, which ending it removes: no pause or freeze
    InUse, // clients connected to it or served by what runs under it, or work under it
    PersonUsing, // ssh, tmux, recent terminal input
    Foreground,
    Supervised, // a unit, container or process manager would restart it
};
const char *gateName(GateKind kind); // "in_use", "too_young", "supervised" …

struct GateReason {
    GateKind kind;
    Phrase why; // the sentence decide() uses in blockedBy
};

// Every gate that rules out `action` for process `index`, whether or not it held the recommendation
// back (decide()'s blockedBy names only those that did): the same gates decide() applies.
std::vector<GateReason> gatesAgainst(const Snapshot &snap, const std::vector<ProcessFacts> &facts, int index,
    double minAgeSeconds, RecommendedAction action);

// The nice value a renice sets for a process now at `currentNice`: always a lower priority than now
// (10, or 19 from 10 on); none at 19, where no renice lowers it. The action dialog's default.
std::optional<int> lowerPriorityNice(long currentNice);

} // namespace ptriage
