#pragma once

#include "Learning.h"

#include <memory>

namespace ptriage {

// One process of a saved session, as much as the past terms need.
struct PastProcess {
    ProcessIdentity id;
    std::uint64_t rssBytes = 0;
};

// What triage knows from before this scan: the person's decisions and the memory of each process
// in the last saved sessions of this boot. Built once (at start, on reload), shared read-only.
struct PastContext {
    LearnedPatterns patterns;
    // RSS per identity in the saved sessions it appears in, oldest first.
    std::unordered_map<ProcessIdentity, std::vector<std::uint64_t>> rssSeries;
    int sessionCount = 0; // saved sessions of this boot that were read
};

// `sessions`: each saved session's processes, oldest session first.
std::shared_ptr<const PastContext> buildPastContext(const std::vector<Decision> &decisions,
    const std::vector<std::vector<PastProcess>> &sessions, const std::vector<ProcessStart> &starts,
    const Priors &priors, std::int64_t nowMs);

} // namespace ptriage
