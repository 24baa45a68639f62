#include "ProcessHistory.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ptriage {

namespace {
constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();
}

ProcessHistory::ProcessHistory(std::size_t pointsPerProcess, std::size_t systemPoints)
    : m_perProcess(std::max<std::size_t>(2, pointsPerProcess)),
      m_systemPoints(std::max<std::size_t>(2, systemPoints)),
      m_times(m_perProcess, 0)
{ }

void ProcessHistory::record(const Snapshot &snapshot)
{
    ++m_generation;
    const auto at = snapshot.capturedAtMs;
    m_times[m_generation % m_perProcess] = at;
    for (const auto &s : snapshot.processes) {
        Values p;
        p.cpuPercent = s.cpuShare ? static_cast<float>(*s.cpuShare * 100.0) : kUnknown;
        p.rssMiB = static_cast<float>(static_cast<double>(s.rssBytes) / (1024.0 * 1024.0));
        p.ioKiBps = s.ioRate ? static_cast<float>(*s.ioRate / 1024.0) : kUnknown;
        Ring &r = m_processes[s.id];
        if (r.seenAt == m_generation)
            continue; // a key seen twice in one scan keeps its first process
        if (r.points.empty()) // the whole ring at once: a fixed array from then on
            r.points.assign(m_perProcess, Values{kUnknown, kUnknown, kUnknown});
        r.seenAt = m_generation;
        r.points[r.next] = p;
        r.next = (r.next + 1) % m_perProcess;
        r.count = std::min(r.count + 1, m_perProcess);
    }
    std::erase_if(m_processes, [&](const auto &entry) { return entry.second.seenAt != m_generation; });

    const auto &sys = snapshot.system;
    SystemPoint sp;
    sp.atMs = at;
    sp.memUsedPercent = sys.memTotalBytes
        ? static_cast<float>(100.0
            * static_cast<double>(sys.memTotalBytes - std::min(sys.memAvailableBytes, sys.memTotalBytes))
            / static_cast<double>(sys.memTotalBytes))
        : kUnknown;
    sp.pressureSome = sys.memPressureSome ? static_cast<float>(*sys.memPressureSome) : kUnknown;
    sp.pressureFull = sys.memPressureFull ? static_cast<float>(*sys.memPressureFull) : kUnknown;
    m_system.push_back(sp);
    if (m_system.size() > m_systemPoints)
        m_system.pop_front();
}

std::vector<ProcessHistory::ProcessPoint> ProcessHistory::process(const ProcessIdentity &key) const
{
    auto it = m_processes.find(key);
    if (it == m_processes.end())
        return {};
    const Ring &r = it->second;
    const std::size_t n = r.count;
    const std::size_t oldest = (r.next + m_perProcess - n) % m_perProcess;
    std::vector<ProcessPoint> out;
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Values &v = r.points[(oldest + i) % m_perProcess];
        const std::uint64_t generation = r.seenAt - (n - 1 - i);
        out.push_back({m_times[generation % m_perProcess], v.cpuPercent, v.rssMiB, v.ioKiBps});
    }
    return out;
}

} // namespace ptriage
