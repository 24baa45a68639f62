#pragma once

#include <cstdint>
#include <vector>

namespace ptriage {

// One thing the relief plan may do, reduced to what the search needs. Two options that share a
// member (a process and the tree of its ancestor) exclude each other: doing both ends nothing more.
struct ReliefOption {
    std::uint64_t bytes = 0;
    double cost = 0; // expected loss plus the risk penalty, ≥ 0
    std::vector<int> members; // the processes it ends (snapshot indices)
    std::vector<int> holders; // port goal: which of the port's holders it ends (their numbers 0..k-1)
};

struct ReliefChoice {
    std::vector<int> chosen; // option numbers
    std::uint64_t bytes = 0;
    double cost = 0;
    bool reached = false;
    bool exact = false;
};

// Up to this many options the search is exact (branch and bound); above it, greedy by bytes per
// unit of cost with a local improvement pass.
constexpr std::size_t kExactReliefOptions = 20;

// The least-cost set of compatible options that frees at least `goalBytes`. Unreachable: the set
// that frees the most (reached = false).
ReliefChoice chooseForBytes(
    const std::vector<ReliefOption> &options, std::uint64_t goalBytes, std::size_t exactLimit = kExactReliefOptions);
// The least-cost set of compatible options that ends every one of `holderCount` holders.
// Unreachable: the options that end the holders that can be ended (reached = false).
ReliefChoice chooseForHolders(
    const std::vector<ReliefOption> &options, int holderCount, std::size_t exactLimit = kExactReliefOptions);

} // namespace ptriage
