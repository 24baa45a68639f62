#pragma once

#include "collect/Snapshot.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace ptriage {

// What the charts draw: per process CPU, memory and I/O over the session, and the system's
// memory use and pressure. Fed one snapshot per refresh on the owner's thread; bounded: a process's
// ring is allocated whole when it is first seen (12 bytes a point; the times are kept once per
// refresh for all processes).
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
    std::size_t trackedProcesses() const { return m_processes.size(); }

private:
    struct Values {
        float cpuPercent, rssMiB, ioKiBps;
    };
    // A process is in every record() since it appeared (it is forgotten the first time it is not),
    // so its points are those of the last refreshes, newest at m_generation: their times are in m_times.
    struct Ring {
        std::vector<Values> points; // m_perProcess of them from the start
        std::size_t next = 0; // where the next point goes
        std::size_t count = 0; // points recorded, at most m_perProcess
        std::uint64_t seenAt = 0; // the record() that last saw it
    };

    std::size_t m_perProcess;
    std::size_t m_systemPoints;
    std::uint64_t m_generation = 0;
    std::vector<std::int64_t> m_times; // capturedAtMs of the last m_perProcess records, by generation
    std::unordered_map<ProcessIdentity, Ring> m_processes;
    std::deque<SystemPoint> m_system;
};

} // namespace ptriage
