#include "Rates.h"

#include "collect/SteadyRate.h"
#include "collect/proc/SchedTimes.h"
#include "collect/scan/ProcessReader.h"
#include "util/Parallel.h"

#include <algorithm>
#include <string>
#include <unistd.h>

namespace ptriage {

void applyRates(CollectorState &state, Pass &pass)
{
    std::unordered_map<ProcessIdentity, PreviousSample> next;
    next.reserve(pass.samples.size());
    std::optional<double> interval;
    pass.intervals.assign(pass.samples.size(), 0);
    for (std::size_t k = 0; k < pass.samples.size(); ++k) {
        Sample &s = pass.samples[k];
        const double at = k < pass.readAt.size() ? pass.readAt[k] : pass.uptime;
        auto it = state.previous.find(s.id);
        double seenSeconds = kSteadySeconds;
        LifeFill life;
        if (it != state.previous.end()) {
            const double dt = at - it->second.uptimeSeconds;
            const auto &prev = it->second;
            if (dt > 0 && s.cpuNs && prev.cpuNs && *s.cpuNs >= *prev.cpuNs) {
                // Nanoseconds: a 0.1 s interval is not quantized to 10 % steps. (A thread that
                // ended in between takes its time with it; then the sum shrinks and ticks serve.)
                s.cpuShare = static_cast<double>(*s.cpuNs - *prev.cpuNs) / 1e9 / dt;
            } else if (dt > 0 && s.cpuTicks >= prev.cpuTicks) {
                s.cpuShare = static_cast<double>(s.cpuTicks - prev.cpuTicks)
                    / static_cast<double>(::sysconf(_SC_CLK_TCK)) / dt;
            }
            if (s.cpuShare) {
                if (s.ioBytes && it->second.ioBytes && *s.ioBytes >= *it->second.ioBytes)
                    s.ioRate = static_cast<double>(*s.ioBytes - *it->second.ioBytes) / dt;
                else if (s.cpuNs && prev.cpuNs && *s.cpuNs == *prev.cpuNs)
                    s.ioRate = 0; // not run since: no I/O (a quiet one's counters may be unread: readCheapAt)
                interval = dt;
                pass.intervals[k] = dt;
                // Over kSteadySeconds of refreshes, whatever their interval (nextSteady).
                if (prev.cpuSteady) {
                    s.cpuSteady
                        = nextSteady(*prev.cpuSteady, *s.cpuShare, dt, prev.steadySeenSeconds, prev.steadyLife.cpu);
                    s.steadyFrom = Sample::SteadyFrom::Refreshes;
                    seenSeconds = std::min(kSteadySeconds, prev.steadySeenSeconds + dt);
                    life = seenSeconds < kSteadySeconds ? prev.steadyLife : LifeFill{};
                } else {
                    s.cpuSteady = *s.cpuShare;
                    s.steadyFrom = Sample::SteadyFrom::Interval;
                    seenSeconds = dt;
                    pass.intervals[k] = -dt; // the first: fillShortIntervals may fill it up
                }
                if (s.ioRate)
                    s.ioSteady = prev.ioSteady
                        ? nextSteady(*prev.ioSteady, *s.ioRate, dt, prev.steadySeenSeconds, prev.steadyLife.io)
                        : *s.ioRate;
            }
        }
        next.emplace(s.id,
            PreviousSample{s.id, s.cpuTicks, s.ioBytes, s.writtenBytes, at, s.cpuNs, s.cpuSteady, s.ioSteady, s.fdCount,
                s.uid, seenSeconds, life});
    }
    state.previous = std::move(next);
    state.lastInterval = interval;
}

void fillShortIntervals(CollectorState &state, Pass &pass)
{
    if (state.capture)
        return; // a capture pair's interval (0.3 s and more, chosen for it) is taken as it is
    for (std::size_t k = 0; k < pass.samples.size() && k < pass.intervals.size(); ++k) {
        Sample &s = pass.samples[k];
        if (pass.intervals[k] >= 0 || !s.cpuShare)
            continue;
        const LifeFill life
            = fillShortInterval(s, -pass.intervals[k], k < pass.readAt.size() ? pass.readAt[k] : pass.uptime);
        // The next refreshes go on from what this look said, not from its short interval alone: a burst
        // caught in 0.2 s (1 MB: 5 MB/s) took minutes to fade from the live rate.
        if (const auto it = state.previous.find(s.id); it != state.previous.end()) {
            it->second.cpuSteady = s.cpuSteady;
            it->second.ioSteady = s.ioSteady;
            it->second.steadyLife = life;
        }
    }
}

std::optional<SchedClocks> schedClocks(CollectorState &state)
{
    auto clocks = state.clocks ? state.clocks->renewed(30000) : std::nullopt;
    if (!clocks) {
        std::string warning;
        clocks = SchedClocks::read(state.root.get(), !state.capture, state.buffer, &warning);
        state.clocks = clocks;
        if (!warning.empty())
            state.clockWarning = Phrase("Collector",
                QT_TRANSLATE_NOOP("Collector", "%1; one scheduler clock is used for every CPU"), {warning});
    }
    return clocks;
}

void attachLastRan(CollectorState &state, Pass &pass)
{
    // Only processes that did not run in the interval: for the others the CPU share says it.
    const auto clocks = schedClocks(state);
    if (!clocks) {
        state.lastRan.clear(); // no sched files (kernel without CONFIG_SCHED_DEBUG, an older capture)
        return;
    }
    const double nowMs = clocks->nowMs();
    std::unordered_map<ProcessIdentity, LastRan> next;
    std::vector<std::size_t> work;
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        const Sample &s = pass.samples[i];
        if (s.isKernelThread() || s.state == 'Z' || s.id.startTicks == 0 || (s.cpuShare && *s.cpuShare > 0))
            continue;
        if (pass.lastRanMs[i]) {
            next.emplace(s.id, LastRan{clocks->toTimeline(*pass.lastRanMs[i], s.processor), s.cpuNs}); // cheap tier
            continue;
        }
        work.push_back(i);
    }
    // A refresh counts CPU in ticks, which a process that wakes for microseconds twice a second
    // never moves: "no CPU" says nothing about when it last ran. What was read before holds only
    // while its CPU time in nanoseconds (schedstat, a small read) is unchanged; else it is read again.
    std::vector<std::optional<LastRan>> read(pass.samples.size());
    parallelChunks(state.pool.get(), work.size(), static_cast<int>(state.buffers.size()),
        [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = state.buffers[static_cast<std::size_t>(worker)];
            for (std::size_t w = begin; w < end; ++w) {
                const Sample &s = pass.samples[work[w]];
                const auto known = state.lastRan.find(s.id);
                if (known != state.lastRan.end() && s.cpuNs && known->second.cpuNs == s.cpuNs) {
                    read[work[w]] = known->second; // not run since: its last run is where it was
                    continue;
                }
                const DirFd dir = openPid(state, s.id.pid);
                if (!dir.valid())
                    continue;
                const auto cpuNs = s.cpuNs ? s.cpuNs : readCpuNs(dir.get(), s.threads, buf);
                if (known != state.lastRan.end() && cpuNs && known->second.cpuNs == cpuNs) {
                    read[work[w]] = known->second;
                    continue;
                }
                const auto ms = readLastRanMs(dir.get(), s.threads, s.processor, *clocks, buf);
                if (ms && stillSame(dir.get(), s, buf) != StillSame::No) // not another process under its pid
                    read[work[w]] = LastRan{*ms, cpuNs};
            }
        });
    for (std::size_t i : work)
        if (read[i])
            next.emplace(pass.samples[i].id, *read[i]);
    const double ticks = static_cast<double>(std::max(1L, ::sysconf(_SC_CLK_TCK)));
    for (auto &s : pass.samples) {
        auto it = next.find(s.id);
        // Never longer than its age as the snapshot gives it (uptime read at the pass's start, a
        // few ms before "now"): "2.3 s old, not run for 2.4 s" read as a contradiction.
        const double age = pass.uptime - static_cast<double>(s.id.startTicks) / ticks;
        if (it != next.end())
            s.sinceLastRanSeconds = std::clamp((nowMs - it->second.ms) / 1000.0, 0.0, std::max(0.0, age));
        else if (s.cpuShare && *s.cpuShare > 0)
            s.sinceLastRanSeconds = 0; // it ran during the interval
    }
    state.lastRan = std::move(next);
}

} // namespace ptriage
