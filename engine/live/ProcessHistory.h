#pragma once

#include "collect/Snapshot.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

namespace ptriage {

// What the charts draw: per process CPU, memory and I/O over the session, and the system's
// memory use and pressure. Fed one snapshot per refresh on the owner's thread; bounded.
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
    struct Ring {
        std::vector<ProcessPoint> points;
        std::size_t next = 0; // where the next point goes once full
        std::uint64_t seenAt = 0; // the record() that last saw it
    };

    std::size_t m_perProcess;
    std::size_t m_systemPoints;
    std::uint64_t m_generation = 0;
    std::unordered_map<ProcessIdentity, Ring> m_processes;
    std::deque<SystemPoint> m_system;
};

} // namespace ptriage
