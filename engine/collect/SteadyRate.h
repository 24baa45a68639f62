#pragma once

#include "collect/Sample.h"

namespace ptriage {

// What the steady rates (Sample::cpuSteady, ioSteady) are smoothed over, whatever the refreshes' interval.
constexpr double kSteadySeconds = 30;

// Fills a first look's short interval `dt` (read at uptime `at`) up to kSteadySeconds with the
// process's own average over its life, into cpuSteady and ioSteady.
void fillShortInterval(Sample &s, double dt, double at);

} // namespace ptriage
