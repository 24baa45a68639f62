#pragma once

#include "collect/Snapshot.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace ptriage {

// What the charts draw: per process CPU, memory and I/O over the session, and the system's
// memory use and pressure. Fed one snapshot per refresh on the owner's thread; bounded. A process's
// points are kept as runs of equal points (16 bytes a run): an idle process, most of a machine,
// costs a run or two however long it lives; one whose every point differs, at most its last
// `pointsPerProcess` points. The times are kept once per refresh for all processes.
class ProcessHistory {
public:
    struct ProcessPoint {
        std::int64_t atMs = 0; // wall clock
        float cpuPercent = 0; // of one core; NaN when no rate yet
        float rssMiB = 0;
        float ioKiBps = 0; // NaN when unknown
    };
    struct SystemPoint {
        std::int64_t atMs = 0;
        float memUsedPercent = 0;
        float pressureSome = 0; // PSI avg10 percent; NaN without /proc/pressure
        float pressureFull = 0;
    };

    explicit ProcessHistory(std::size_t pointsPerProcess = 450, std::size_t systemPoints = 43200);

    // Appends a point for every process and the system; forgets processes that are gone.
    void record(const Snapshot &snapshot);
    // Oldest first; empty for an identity never seen (or gone).
    std::vector<ProcessPoint> process(const ProcessIdentity &key) const;
    const std::deque<SystemPoint> &system() const { return m_system; }
    std::size_t trackedProcesses() const { return m_tracked.size(); }

private:
    struct Values {
        float cpuPercent, rssMiB, ioKiBps;
    };
    struct Run {
        Values values;
        std::uint32_t count; // consecutive points with these values
    };
    // A process is in every record() since it appeared (it is forgotten the first time it is not),
    // so its points are those of the last refreshes, newest at m_generation: their times are in m_times.
    struct Ring {
        std::vector<Run> runs; // circular, oldest at `head`; grows by doubling
        std::uint32_t head = 0;
        std::uint32_t used = 0; // runs in use
        std::size_t count = 0; // points in all runs, at most m_perProcess
        std::uint64_t seenAt = 0; // the record() that last saw it

        void append(const Values &v, std::size_t maxPoints);
    };

    struct Tracked {
        ProcessIdentity id;
        Ring ring;
    };
    static bool before(const ProcessIdentity &a, const ProcessIdentity &b);

    std::size_t m_perProcess;
    std::size_t m_systemPoints;
    std::uint64_t m_generation = 0;
    std::vector<std::int64_t> m_times; // capturedAtMs of the last m_perProcess records, by generation
    // By pid (then start, boot), as a scan lists them: record() walks it beside the snapshot, so a
    // refresh hashes no identity. m_next is the walk's output, kept for its capacity.
    std::vector<Tracked> m_tracked, m_next;
    std::deque<SystemPoint> m_system;
};

} // namespace ptriage
