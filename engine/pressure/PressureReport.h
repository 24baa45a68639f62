#pragma once

#include "PressureMonitor.h"

#include <string>

namespace ptriage {

// What `ptriage pressure` prints: a ptriage.pressure.v1 object (one line), the terminal summary,
// and the one line per reading of --watch.
std::string pressureJson(const PressureMonitor &monitor);
std::string pressureText(const PressureMonitor &monitor);
std::string pressureWatchLine(const PressureMonitor &monitor);
const char *jsonName(PressureMonitor::Source source); // "psi_trigger", "low_memory_monitor", "polling"

} // namespace ptriage
