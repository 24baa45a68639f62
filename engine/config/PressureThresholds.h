#pragma once

// Here, not in pressure/: policy.json carries them, and config is a floor below pressure.
namespace ptriage {

// When memory pressure is an alert (policy.json "pressure"). Shares are of MemTotal (0..1), PSI
// figures are avg10 in percent. Pressure alone with plenty of memory available is not an alert:
// every PSI rule is gated on MemAvailable.
struct PressureThresholds {
    double warningAvailableBelow = 0.15;
    double warningPsiSomeAbove = 20, warningPsiAvailableBelow = 0.30;
    double criticalAvailableBelow = 0.07;
    double criticalPsiFullAbove = 20, criticalPsiAvailableBelow = 0.15;
    int readingsToEnter = 2; // consecutive readings a level's condition must hold to enter it
    int readingsToLeave = 3; // consecutive readings outside the level (with the margin) to leave it
    double leaveMargin = 0.05; // share of memory added to the MemAvailable thresholds when leaving
    double psiLeaveMargin = 5; // percentage points taken off the PSI thresholds when leaving
    int intervalMs = 2000;
    double alertRepeatSeconds = 300;
    bool useTrigger = true; // off: LowMemoryMonitor or polling only (policy "trigger.enabled")
    int triggerStallMs = 150; // the PSI trigger: "some" stall per window that wakes the monitor early
    int triggerWindowMs = 2000; // a multiple of 2 s: what unprivileged triggers accept
};

} // namespace ptriage
