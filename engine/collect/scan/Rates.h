#pragma once

// Rates over each process's own two reads (its previous sample, kept per identity in state.previous),
// and when a process that did not run in the interval last ran.

#include "collect/scan/CollectorState.h"

#include <optional>

namespace ptriage {

void applyRates(CollectorState &state, Pass &pass);
void attachLastRan(CollectorState &state, Pass &pass);
void fillShortIntervals(CollectorState &state, Pass &pass); // after attachLastRan: it reads the interval's own CPU
std::optional<SchedClocks> schedClocks(CollectorState &state); // the clocks, renewed or read by visiting the CPUs

} // namespace ptriage
