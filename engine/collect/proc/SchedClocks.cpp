#include "collect/proc/SchedClocks.h"

#include "collect/proc/ProcParsers.h"
#include "util/Format.h"

#include <algorithm>
#include <sched.h>
#include <time.h>
#include <unistd.h>

namespace ptriage {

double SchedClocks::liveNowMs()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

namespace {

// The calling thread's se.exec_start: when it was last put on its CPU, which is this instant.
std::optional<double> ownExecStartMs(int rootFd, FileBuffer &buf)
{
    double ms = 0;
    if (buf.readAt(rootFd, "thread-self/sched") && parseSchedExecStart(buf.view(), ms))
        return ms;
    return std::nullopt;
}

} // namespace

std::optional<SchedClocks> SchedClocks::read(int rootFd, bool live, FileBuffer &buf, std::string *warning)
{
    if (!live && buf.readAt(rootFd, kCaptureFile)) {
        std::string error;
        if (auto recorded = fromText(buf.view(), &error))
            return recorded;
        if (warning)
            *warning = std::string(kCaptureFile) + ": " + error;
    }
    SchedClocks c;
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (live && ::sched_getaffinity(0, sizeof allowed, &allowed) == 0) {
        // Every CPU, not only those this thread is kept to (taskset): processes run on the others.
        // One its cpuset forbids refuses the move and stays unknown.
        const int cpus = static_cast<int>(std::clamp(::sysconf(_SC_NPROCESSORS_CONF), 1L, long{CPU_SETSIZE}));
        for (int cpu = 0; cpu < cpus; ++cpu) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(cpu, &one);
            // Moving this thread puts it on `cpu` before the call returns: exec_start is then
            // that CPU's clock, read a few microseconds late at most.
            if (::sched_setaffinity(0, sizeof one, &one) != 0 || ::sched_getcpu() != cpu)
                continue;
            const double at = liveNowMs();
            const auto clock = ownExecStartMs(rootFd, buf);
            if (clock && ::sched_getcpu() == cpu) {
                c.m_offsetMs.resize(static_cast<std::size_t>(cpu) + 1);
                c.m_offsetMs[static_cast<std::size_t>(cpu)] = *clock - at;
            }
        }
        ::sched_setaffinity(0, sizeof allowed, &allowed);
    }
    if (c.spanOffsets()) {
        c.m_nowMs = liveNowMs();
        c.m_visited = true;
        return c;
    }
    // One clock for all, the reading thread's. Live, the timeline stays CLOCK_MONOTONIC, so what
    // was read in other scans still compares; a capture's timeline is that clock itself.
    const double at = live ? liveNowMs() : 0;
    const auto now = ownExecStartMs(rootFd, buf);
    if (!now)
        return std::nullopt;
    c.m_offsetMs.clear();
    c.m_minOffsetMs = c.m_maxOffsetMs = live ? *now - at : 0;
    c.m_nowMs = live ? at : *now;
    return c;
}

bool SchedClocks::spanOffsets()
{
    bool any = false;
    for (const auto &offset : m_offsetMs) {
        if (!offset)
            continue;
        m_minOffsetMs = any ? std::min(m_minOffsetMs, *offset) : *offset;
        m_maxOffsetMs = any ? std::max(m_maxOffsetMs, *offset) : *offset;
        any = true;
    }
    return any;
}

std::string SchedClocks::toText() const
{
    // Milliseconds with six decimals: the nanoseconds the kernel gives.
    std::string out = "# ptriage: CLOCK_MONOTONIC when read, and each CPU's scheduler clock minus it (ms)\n";
    // The C locale's decimal point whatever setlocale() says (the reader takes no other).
    out += "now " + formatNumber(m_nowMs, 6) + "\n";
    for (std::size_t cpu = 0; cpu < m_offsetMs.size(); ++cpu)
        if (m_offsetMs[cpu])
            out += "cpu " + std::to_string(cpu) + " " + formatNumber(*m_offsetMs[cpu], 6) + "\n";
    return out;
}

std::optional<SchedClocks> SchedClocks::fromText(std::string_view text, std::string *error)
{
    RecordedClocks recorded;
    if (!parseRecordedClocks(text, recorded, error))
        return std::nullopt;
    SchedClocks c;
    c.m_nowMs = recorded.nowMs;
    for (const auto &[cpu, offset] : recorded.offsetsMs) {
        c.m_offsetMs.resize(std::max(c.m_offsetMs.size(), static_cast<std::size_t>(cpu) + 1));
        c.m_offsetMs[static_cast<std::size_t>(cpu)] = offset;
    }
    c.spanOffsets();
    return c;
}

std::optional<SchedClocks> SchedClocks::renewed(double maxAgeMs) const
{
    const double now = liveNowMs();
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
