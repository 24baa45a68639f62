#include "LiveRefresh.h"

#include "collect/proc/SchedTimes.h"
#include "collect/scan/DeepReader.h"
#include "collect/scan/DetailReader.h"
#include "collect/scan/ProcessReader.h"
#include "collect/scan/Publish.h"
#include "collect/scan/Rates.h"
#include "util/Parallel.h"

#include <algorithm>
#include <unistd.h>
#include <utility>
#include <vector>

namespace ptriage {

std::shared_ptr<const Snapshot> LiveRefresh::run()
{
    m_state.phases.clear();
    m_state.ioLeftForLater.clear();
    m_state.inherited = {};
    PhaseClock clock(&m_state.phases);
    setLocks(m_state, readLockTable(m_state, m_state.buffer));
    clock.lap("locks");
    m_state.preciseCpu = m_state.capture; // every refresh: ticks for many threads (schedstat only for one-thread
                                          // processes, a read in an open directory)
    m_state.fdsCountedWithDetails = false;
    Pass pass = readThroughKeptDirs();
    clock.lap("cheap tier");
    if (m_state.options.afterCheapTier)
        m_state.options.afterCheapTier();
    // The socket table before the details: whose fds to read again follows from its listeners.
    SocketReading sockets = readSockets(m_state, m_state.buffer);
    clock.lap("socket table");
    const auto again = m_state.options.deep == DeepReads::NewOnly && !m_state.capture
        ? holdersToReadAgain(pass, sockets.sockets)
        : std::unordered_set<ProcessIdentity>{};
    attachDetails(m_state, pass, m_state.options.deep == DeepReads::All, &again);
    keepDirs(m_state, pass);
    clock.lap("details");
    applyRates(m_state, pass);
    attachLastRan(m_state, pass);
    fillShortIntervals(m_state, pass);
    clock.lap("rates, last ran");
    auto snap = publish(m_state, std::move(pass), clock, std::move(sockets));
    m_state.lastRefresh = snap;
    return snap;
}

Pass LiveRefresh::readThroughKeptDirs()
{
    const auto pids = listPids(m_state.root.get());
    std::size_t keep = 0;
    if (!m_state.capture) {
        keep = std::min(pids.size(), pidDirBudget());
        reserveFdTable(m_state.root.get(), keep + 64);
    }
    Pass pass = startPass(m_state, pids.size(), false, keep);
    ++m_state.refreshes;
    std::vector<const Sample *> carry(pids.size(), nullptr);
    for (std::size_t i = 0; i < keep; ++i) {
        const auto it = std::lower_bound(m_state.keptDirs.begin(), m_state.keptDirs.end(), pids[i],
            [](const KeptDir &e, int pid) { return e.id.pid < pid; });
        if (it != m_state.keptDirs.end() && it->id.pid == pids[i]) {
            pass.dirs[i] = std::move(it->dir);
            carry[i] = statCarriable(it->id);
        }
    }
    m_state.keptDirs.clear(); // those left: their pids are gone, or past the budget
    readCheapTier(m_state, pass, pids, false, keep, carry);
    recheckCarriedParents(pass);
    return pass;
}

const Sample *LiveRefresh::statCarriable(const ProcessIdentity &id) const
{
    if (!m_state.lastRefresh || m_state.capture || m_state.preciseCpu
        || (m_state.refreshes + static_cast<std::uint64_t>(id.pid)) % Collector::kStatEveryRefreshes == 0)
        return nullptr;
    const Sample *was = m_state.lastRefresh->byIdentity(id);
    // No CPU time at all: schedstat says nothing here (a kernel without scheduler statistics).
    return was && was->cpuNs && *was->cpuNs > 0 && was->threads == 1 && was->ttyNr == 0 && !was->isKernelThread()
        ? was
        : nullptr;
}

void LiveRefresh::recheckCarriedParents(Pass &pass)
{
    if (std::find(pass.statCarried.begin(), pass.statCarried.end(), 1) == pass.statCarried.end())
        return;
    // Reparented when its parent ended: the parent is gone, or its pid names a younger process now.
    std::vector<std::pair<int, std::uint64_t>> started; // pid, start
    started.reserve(pass.samples.size());
    for (const Sample &s : pass.samples)
        started.emplace_back(s.id.pid, s.id.startTicks);
    if (!std::is_sorted(started.begin(), started.end())) // procfs lists pids in order
        std::sort(started.begin(), started.end());
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (!pass.statCarried[i] || s.ppid <= 0)
            continue;
        const auto it = std::lower_bound(started.begin(), started.end(), std::pair<int, std::uint64_t>{s.ppid, 0});
        if (it != started.end() && it->first == s.ppid && it->second <= s.id.startTicks)
            continue;
        pass.statCarried[i] = 0;
        Sample again;
        double readAt = 0;
        if (i < pass.dirs.size() && pass.dirs[i].valid()
            && readCheapAt(m_state, pass.dirs[i], s.id.pid, again, m_state.buffer, nullptr, &readAt)
            && again.id == s.id) {
            s = std::move(again);
            if (i < pass.readAt.size())
                pass.readAt[i] = readAt;
        }
    }
}

std::unordered_set<ProcessIdentity> LiveRefresh::holdersToReadAgain(const Pass &pass, const SocketMap &sockets)
{
    constexpr double kYoungSeconds = 300; // a dev server binds within seconds of its start
    std::vector<std::uint64_t> listeners = tcpListeners(sockets);
    std::unordered_set<ProcessIdentity> again;
    if (listeners == m_state.tcpListeners)
        return again; // the common case: nothing to look for
    const auto listening = [&](const std::vector<std::uint64_t> &set, std::uint64_t inode) {
        return std::binary_search(set.begin(), set.end(), inode);
    };
    std::unordered_set<std::uint64_t> held;
    for (const auto &[id, deep] : m_state.deep) {
        if (!deep)
            continue;
        for (const OpenFile &of : deep->files) {
            if (of.kind != FdKind::Socket)
                continue;
            held.insert(of.inode);
            if (listening(m_state.tcpListeners, of.inode) && !listening(listeners, of.inode))
                again.insert(id); // it closed a listener: it may have opened another (a restart in place)
        }
    }
    const bool unheld
        = std::any_of(listeners.begin(), listeners.end(), [&](std::uint64_t i) { return !held.count(i); });
    const double ticks = static_cast<double>(::sysconf(_SC_CLK_TCK));
    if (unheld)
        for (const Sample &s : pass.samples)
            if (!s.isKernelThread() && pass.uptime - static_cast<double>(s.id.startTicks) / ticks < kYoungSeconds)
                again.insert(s.id);
    m_state.tcpListeners = std::move(listeners);
    return again;
}

std::size_t LiveRefresh::readIoLeftForLater()
{
    std::size_t taken = 0;
    const auto left = std::exchange(m_state.ioLeftForLater, {});
    // Background work after a result the window waits for: blocks with yield points between them.
    parallelChunks(nullptr, left.size(), 1, [&](std::size_t begin, std::size_t end, int) {
        for (std::size_t i = begin; i < end; ++i) {
            const ProcessIdentity &id = left[i];
            const auto kept = std::lower_bound(m_state.keptDirs.begin(), m_state.keptDirs.end(), id.pid,
                [](const KeptDir &k, int pid) { return k.id.pid < pid; });
            const auto previous = m_state.previous.find(id);
            if (kept == m_state.keptDirs.end() || kept->id != id || previous == m_state.previous.end()
                || !previous->second.cpuNs)
                continue;
            Sample s;
            readIo(kept->dir.get(), s, m_state.buffer);
            // Read first, then its CPU time: unchanged, it did no I/O since the scan, nor before this read.
            if (s.ioBytes && readCpuNs(kept->dir.get(), 1, m_state.buffer) == previous->second.cpuNs) {
                previous->second.ioBytes = s.ioBytes;
                previous->second.writtenBytes = s.writtenBytes;
                ++taken;
            }
        }
    });
    return taken;
}

} // namespace ptriage
