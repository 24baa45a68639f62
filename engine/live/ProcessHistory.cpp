#include "ProcessHistory.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace ptriage {

namespace {
constexpr float kUnknown = std::numeric_limits<float>::quiet_NaN();
}

void ProcessHistory::Ring::append(const Values &v, std::size_t maxPoints)
{
    const auto slot = [&](std::uint32_t k) -> Run & { return runs[(head + k) % runs.size()]; };
    if (count == maxPoints) { // the oldest point goes first, so a full ring never overwrites it
        --count;
        if (--slot(0).count == 0) {
            head = static_cast<std::uint32_t>((head + 1) % runs.size());
            --used;
        }
    }
    ++count;
    // Bytes, not ==: NaN (unknown) equals NaN here.
    if (used > 0 && std::memcmp(&slot(used - 1).values, &v, sizeof v) == 0) {
        ++slot(used - 1).count;
        return;
    }
    if (used == runs.size()) { // used < count <= maxPoints here, so it grows
        std::vector<Run> grown;
        grown.reserve(std::max<std::size_t>(2, std::min(maxPoints, runs.size() * 2)));
        for (std::uint32_t k = 0; k < used; ++k)
            grown.push_back(slot(k));
        grown.resize(grown.capacity());
        runs = std::move(grown);
        head = 0;
    }
    slot(used) = {v, 1};
    ++used;
}

ProcessHistory::ProcessHistory(std::size_t pointsPerProcess, std::size_t systemPoints)
    : m_perProcess(std::max<std::size_t>(2, pointsPerProcess)),
      m_systemPoints(std::max<std::size_t>(2, systemPoints)),
      m_times(m_perProcess, 0)
{ }

bool ProcessHistory::before(const ProcessIdentity &a, const ProcessIdentity &b)
{
    if (a.pid != b.pid)
        return a.pid < b.pid;
    if (a.startTicks != b.startTicks)
        return a.startTicks < b.startTicks;
    return a.boot < b.boot;
}

void ProcessHistory::record(const Snapshot &snapshot)
{
    ++m_generation;
    const auto at = snapshot.capturedAtMs;
    m_times[m_generation % m_perProcess] = at;
    const auto &procs = snapshot.processes;
    const auto byIdentity = [](const Sample &x, const Sample &y) { return before(x.id, y.id); };
    // A live scan lists by pid already; anything else (a capture) is walked in sorted order.
    std::vector<std::uint32_t> order;
    if (!std::is_sorted(procs.begin(), procs.end(), byIdentity)) {
        order.resize(procs.size());
        for (std::uint32_t i = 0; i < order.size(); ++i)
            order[i] = i;
        std::stable_sort(order.begin(), order.end(),
            [&](std::uint32_t x, std::uint32_t y) { return byIdentity(procs[x], procs[y]); });
    }
    m_next.clear();
    m_next.reserve(procs.size());
    auto old = m_tracked.begin();
    for (std::size_t k = 0; k < procs.size(); ++k) {
        const Sample &s = order.empty() ? procs[k] : procs[order[k]];
        if (!m_next.empty() && m_next.back().id == s.id)
            continue; // a key seen twice in one scan keeps its first process
        while (old != m_tracked.end() && before(old->id, s.id))
            ++old; // gone: forgotten
        Tracked &t = m_next.emplace_back();
        t.id = s.id;
        if (old != m_tracked.end() && old->id == s.id)
            t.ring = std::move((old++)->ring);
        Values p;
        p.cpuPercent = s.cpuShare ? static_cast<float>(*s.cpuShare * 100.0) : kUnknown;
        p.rssMiB = static_cast<float>(static_cast<double>(s.rssBytes) / (1024.0 * 1024.0));
        p.ioKiBps = s.ioRate ? static_cast<float>(*s.ioRate / 1024.0) : kUnknown;
        t.ring.seenAt = m_generation;
        t.ring.append(p, m_perProcess);
    }
    std::swap(m_tracked, m_next);
    m_next.clear();

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
    const auto it = std::lower_bound(m_tracked.begin(), m_tracked.end(), key,
        [](const Tracked &t, const ProcessIdentity &k) { return before(t.id, k); });
    if (it == m_tracked.end() || it->id != key)
        return {};
    const Ring &r = it->ring;
    const std::size_t n = r.count;
    std::vector<ProcessPoint> out;
    out.reserve(n);
    for (std::uint32_t k = 0; k < r.used; ++k) {
        const Run &run = r.runs[(r.head + k) % r.runs.size()];
        for (std::uint32_t c = 0; c < run.count; ++c) {
            const std::uint64_t generation = r.seenAt - (n - 1 - out.size());
            const Values &v = run.values;
            out.push_back({m_times[generation % m_perProcess], v.cpuPercent, v.rssMiB, v.ioKiBps});
        }
    }
    return out;
}

} // namespace ptriage
