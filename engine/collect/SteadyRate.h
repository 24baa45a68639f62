#pragma once

#include "collect/Sample.h"

#include <optional>

namespace ptriage {

// What the steady rates (Sample::cpuSteady, ioSteady) are smoothed over, whatever the refreshes' interval.
constexpr double kSteadySeconds = 30;

// Fills a first look's short interval `dt` (read at uptime `at`) up to kSteadySeconds with the
// process's own average over its life, into cpuSteady and ioSteady.
void fillShortInterval(Sample &s, double dt, double at);
// Whether fillShortInterval fills with a process's life: not with a life shorter than a minute (its
// average is its start-up), nor when the scheduler says it has not run for kSteadySeconds.
bool lifeFills(double ageSeconds, std::optional<double> sinceLastRanSeconds);

} // namespace ptriage
