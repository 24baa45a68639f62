#pragma once

#include "collect/Sample.h"

#include <optional>

namespace ptriage {

// What the steady rates (Sample::cpuSteady, ioSteady) are smoothed over, whatever the refreshes' interval.
constexpr double kSteadySeconds = 30;

// The life rates a first look's window was filled with (none: not filled).
struct LifeFill {
    std::optional<double> cpu; // share of a core
    std::optional<double> io; // bytes written per second
};

// Fills a first look's short interval `dt` (read at uptime `at`) up to kSteadySeconds with the
// process's own average over its life, into cpuSteady and ioSteady; returns what it filled with.
LifeFill fillShortInterval(Sample &s, double dt, double at);

// The steady rate after a new interval's `rate` over `dt` seconds, from `steady`, which has seen
// `seenSeconds` of its window and, when `life` is set, fills the rest with that life rate. Until the
// window is seen whole, what was seen grows and the fill shrinks by as much; then it is smoothed
// exponentially over kSteadySeconds.
double nextSteady(double steady, double rate, double dt, double seenSeconds, std::optional<double> life);
// Whether fillShortInterval fills with a process's life: not with a life shorter than a minute (its
// average is its start-up), nor when the scheduler says it has not run for kSteadySeconds.
bool lifeFills(double ageSeconds, std::optional<double> sinceLastRanSeconds);

} // namespace ptriage
