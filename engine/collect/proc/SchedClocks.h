#pragma once

#include "collect/proc/ProcFiles.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptriage {

// Each CPU keeps its own scheduler clock (rq clock_task), which leaves out the time that CPU spent
// in interrupts and, in a VM, the time the host stole from it: after hours up, two CPUs' clocks
// differ by seconds (0.6 s on the VM this was written on), after weeks by minutes. A thread's
// se.exec_start is on the clock of the CPU it ran on, so "how long since it ran" is measured
// against that CPU's clock. SchedClocks maps each CPU's clock onto one timeline.
class SchedClocks {
public:
    // live: visits each CPU (also those outside the calling thread's affinity, which is restored
    // after; one its cpuset forbids stays unknown) and reads that CPU's clock there (the thread's
    // own sched file), against CLOCK_MONOTONIC. A capture: the clocks it recorded (kCaptureFile),
    // else (an older capture, or where no CPU could be visited) one clock for all, the reading
    // thread's. Empty when there is no sched file. `warning`: why a capture's recorded clocks
    // were not used.
    static std::optional<SchedClocks> read(int rootFd, bool live, FileBuffer &buf, std::string *warning = nullptr);
    // What a capture records of the clocks, in a file of its own beside /proc's (writeCapture).
    static constexpr const char *kCaptureFile = "ptriage_sched_clocks";
    std::string toText() const;
    static std::optional<SchedClocks> fromText(std::string_view text, std::string *error);
    // These clocks with "now" moved on, if they were read by visiting the CPUs less than `maxAgeMs`
    // ago. A visit is a migration (on a loaded machine milliseconds each, waiting for a turn on
    // that CPU), and the clocks drift apart slowly (0.6 s in 16 h up here): a refresh reuses them.
    std::optional<SchedClocks> renewed(double maxAgeMs) const;

    // Now, on the timeline.
    double nowMs() const { return m_nowMs; }
    // Now on a live scan's timeline (CLOCK_MONOTONIC), without reading the clocks again.
    static double liveNowMs();
    // An exec_start read on `cpu`'s clock, on the timeline. For a CPU not visited (-1: unknown)
    // the latest it can be, so "since" comes out shortest: when unsure, say less.
    double toTimeline(double execStartMs, int cpu) const;
    // How far apart the visited CPUs' clocks are: below it, which CPU does not matter.
    double spreadMs() const { return m_maxOffsetMs - m_minOffsetMs; }

private:
    bool spanOffsets(); // sets the least and greatest offset; false when there is none
    std::vector<std::optional<double>> m_offsetMs; // per CPU: its clock − the timeline
    double m_minOffsetMs = 0, m_maxOffsetMs = 0;
    double m_nowMs = 0;
    bool m_visited = false; // the offsets were read on their CPUs, at m_nowMs
};

} // namespace ptriage
