#pragma once

#include <cstdint>

// Here, not in decide/: policy.json carries them, and config is a floor below decide.
namespace ptriage {

// When the leftovers of an ended agent, editor or terminal session are worth a notification from the
// tray (policy.json "ended_sessions"): the session's owner ended at least `graceSeconds` ago (or, when
// its ending was not seen, its leftovers are that old), and the leftovers hold something notable: at
// least `minBytes` of memory, a listening port, or at least `minCpuShare` of a core.
struct EndedSessionRules {
    bool enabled = true;
    double graceSeconds = 600;
    std::uint64_t minBytes = 100ull << 20;
    double minCpuShare = 0.05;
};

} // namespace ptriage
