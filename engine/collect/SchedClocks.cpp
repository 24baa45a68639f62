#include "SchedClocks.h"

#include "ProcParsers.h"

#include <algorithm>
#include <sched.h>
#include <time.h>

namespace ptriage {
namespace {

double monotonicMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// The calling thread's se.exec_start: when it was last put on its CPU, which is this instant.
std::optional<double> ownExecStartMs(int rootFd, FileBuffer &buf)
{
    double ms = 0;
    if (buf.readAt(rootFd, "thread-self/sched") && parseSchedExecStart(buf.view(), ms))
        return ms;
    return std::nullopt;
}

} // namespace

std::optional<SchedClocks> SchedClocks::read(int rootFd, bool live, FileBuffer &buf)
{
    SchedClocks c;
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (live && ::sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
        for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
            if (!CPU_ISSET(cpu, &allowed))
                continue;
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            // Moving this thread puts it on `cpu` before the call returns: exec_start is then
            // that CPU's clock, read a few microseconds late at most.
            if (::sched_setaffinity(0, sizeof one, &one) != 0 || ::sched_getcpu() != cpu)
                continue;
            const double at = monotonicMs();
            const auto clock = ownExecStartMs(rootFd, buf);
            if (clock && ::sched_getcpu() == cpu) {
                c.m_offsetMs.resize(static_cast<std::size_t>(cpu) + 1);
                c.m_offsetMs[static_cast<std::size_t>(cpu)] = *clock - at;
            }
        }
        ::sched_setaffinity(0, sizeof allowed, &allowed);
    }
    bool visited = false;
    for (const auto &offset : c.m_offsetMs) {
        if (!offset)
            continue;
        c.m_minOffsetMs = visited ? std::min(c.m_minOffsetMs, *offset) : *offset;
        c.m_maxOffsetMs = visited ? std::max(c.m_maxOffsetMs, *offset) : *offset;
        visited = true;
    }
    if (visited) {
        c.m_nowMs = monotonicMs();
        c.m_visited = true;
        return c;
    }
    // One clock for all, the reading thread's. Live, the timeline stays CLOCK_MONOTONIC, so what
    // was read in other scans still compares; a capture's timeline is that clock itself.
    const double at = live ? monotonicMs() : 0;
    const auto now = ownExecStartMs(rootFd, buf);
    if (!now)
        return std::nullopt;
    c.m_offsetMs.clear();
    c.m_minOffsetMs = c.m_maxOffsetMs = live ? *now - at : 0;
    c.m_nowMs = live ? at : *now;
    return c;
}

std::optional<SchedClocks> SchedClocks::renewed(double maxAgeMs) const
{
    const double now = monotonicMs();
    if (!m_visited || now - m_nowMs > maxAgeMs)
        return std::nullopt;
    SchedClocks c = *this;
    c.m_nowMs = now;
    c.m_visited = false; // its offsets are as old as this one's
    return c;
}

double SchedClocks::toTimeline(double execStartMs, int cpu) const
{
    const auto at = static_cast<std::size_t>(cpu);
    if (cpu >= 0 && at < m_offsetMs.size() && m_offsetMs[at])
        return execStartMs - *m_offsetMs[at];
    return execStartMs - m_minOffsetMs;
}

} // namespace ptriage
