#include "OneShotScan.h"

#include "collect/proc/ProcParsers.h"
#include "collect/scan/DeepReader.h"
#include "collect/scan/DetailReader.h"
#include "collect/scan/ProcessReader.h"
#include "collect/scan/Publish.h"
#include "collect/scan/Rates.h"
#include "util/Parallel.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <string_view>
#include <system_error>
#include <thread>
#include <unistd.h>

namespace ptriage {

std::shared_ptr<const Snapshot> OneShotScan::run(double minIntervalSeconds)
{
    m_state.phases.clear();
    m_state.inherited = {};
    PhaseClock clock(&m_state.phases);
    m_state.preciseCpu = true;
    // Each process's deep read (all, or all new, which is all while none is known) counts its fds from
    // the fd directory it stats or lists: not counted first in the cheap tier as well.
    m_state.fdsCountedWithDetails = !m_state.capture
        && (m_state.options.deep == DeepReads::All
            || (m_state.options.deep == DeepReads::NewOnly && m_state.deep.empty()));
    m_state.keptDirs.clear(); // a one-shot keeps its own, within the same budget
    m_state.lastRefresh.reset();
    if (m_state.capture)
        return runOnCapture(clock);
    m_state.exeLeftForLater = m_state.options.refreshesAfterScanOnce && m_state.options.readExecutable;
    // Room in the fd table for a directory per process, made while this may still be the only
    // thread: the kernel grows a table shared by threads (in one step) only after an RCU grace period
    // (10-30 ms). The window grows its table at start (reserveFdTableBeforeThreads).
    const auto pids = listPids(m_state.root.get());
    const std::size_t keep = std::min(pids.size(), pidDirBudget());
    reserveFdTable(m_state.root.get(), keep + 64);
    // Beside the first pass and its details, on a thread of its own (started once the fd table is
    // grown): the socket tables, /proc/locks, which mostly waits for an RCU grace period, and the
    // caller's work. The files of the few that hold a lock are named after the details.
    setLocks(m_state, {});
    FileBuffer besideBuffer(m_state.source);
    std::vector<FileLock> lockTable;
    std::optional<SocketReading> sockets;
    std::atomic<bool> socketsRead{false};
    const auto beside = [this, &besideBuffer, &lockTable, &sockets, &socketsRead] {
        sockets = readSockets(m_state, besideBuffer);
        socketsRead.store(true);
        lockTable = readLockTable(m_state, besideBuffer);
        if (m_state.options.meanwhile)
            m_state.options.meanwhile();
    };
    std::thread besideThread;
    try {
        besideThread = std::thread(beside);
    } catch (const std::system_error &) { // no thread to be had (a fork bomb took every pid): in turn
        beside();
    }
    // Many processes in few cgroups (a test run's workers): each cgroup's members read once, not each
    // process's cgroup. Walking more cgroups than a third of the processes would cost more.
    m_state.cgroups.reset();
    if (const std::string mount = CgroupMembers::unifiedMount(); !mount.empty() && m_state.options.procRoot == "/proc")
        m_state.cgroups = CgroupMembers::read(mount, pids.size() / 3);
    clock.lap("cgroups");
    // "Last ran" on the clocks' timeline at the first read: those quiet long before it are read once.
    if (const auto clocks = schedClocks(m_state))
        m_state.quiet = QuietTest{*clocks, std::max(kQuietSeconds, 10 * minIntervalSeconds),
            static_cast<double>(std::max(1L, ::sysconf(_SC_CLK_TCK)))};
    clock.lap("scheduler clocks");
    Pass first = startPass(m_state, pids.size(), true, keep);
    readCheapTier(m_state, first, pids, true, keep);
    m_state.quiet.reset();
    m_state.ioLeftForLater.clear();
    if (m_state.options.refreshesAfterScanOnce)
        for (std::size_t i = 0; i < first.samples.size(); ++i)
            if (first.quiet[i] && !first.samples[i].ioBytes)
                m_state.ioLeftForLater.push_back(first.samples[i].id);
    clock.lap("cheap tier");
    if (m_state.options.afterCheapTier)
        m_state.options.afterCheapTier();
    applyRates(m_state, first);
    // Listeners in a table read before the first fd was were there for their holders' reads: refreshes look for
    // the holders of newer ones only. Else the first refresh reads the fds of every young process again.
    const bool socketsBeforeFds = socketsRead.load();
    attachDetails(m_state, first, m_state.options.deep == DeepReads::All);
    clock.lap("details");
    if (besideThread.joinable())
        besideThread.join();
    clock.lap("waited for: locks, sockets, the caller's work");
    m_state.tcpListeners = socketsBeforeFds && sockets ? tcpListeners(sockets->sockets) : std::vector<std::uint64_t>{};
    setLocks(m_state, std::move(lockTable));
    nameLockedFiles(m_state, first);
    clock.lap("locked files");
    const double elapsed = bootClockSeconds() - first.uptime;
    if (elapsed < minIntervalSeconds)
        std::this_thread::sleep_for(std::chrono::duration<double>(minIntervalSeconds - elapsed));
    clock.lap("interval wait");
    Pass second = rereadRates(first);
    clock.lap("rates again");
    attachDetails(m_state, second, false); // those that exec'd meanwhile get theirs read again
    clock.lap("details (exec'd)");
    applyRates(m_state, second);
    attachLastRan(m_state, second);
    fillShortIntervals(m_state, second);
    m_state.cgroups.reset();
    m_state.exeLeftForLater = false;
    if (m_state.options.refreshesAfterScanOnce)
        keepDirs(m_state, second);
    clock.lap("rates, last ran");
    return publish(m_state, std::move(second), clock, std::move(sockets));
}

std::shared_ptr<const Snapshot> OneShotScan::runOnCapture(PhaseClock &clock)
{
    if (m_state.options.meanwhile)
        m_state.options.meanwhile();
    setLocks(m_state, readLockTable(m_state, m_state.buffer));
    clock.lap("locks");
    const auto pids = listPids(m_state.root.get());
    Pass pass = startPass(m_state, pids.size(), false, 0);
    readCheapTier(m_state, pass, pids, false, 0);
    clock.lap("cheap tier");
    attachDetails(m_state, pass, m_state.options.deep == DeepReads::All);
    clock.lap("details");
    applyRates(m_state, pass);
    attachLastRan(m_state, pass);
    fillShortIntervals(m_state, pass);
    clock.lap("rates, last ran");
    return publish(m_state, std::move(pass), clock);
}

Pass OneShotScan::rereadRates(Pass &first)
{
    Pass second;
    second.uptime = now(m_state, m_state.buffer);
    const std::size_t n = first.samples.size();
    std::vector<char> alive(n, 0);
    std::vector<std::optional<double>> lastRan(n);
    const bool keepForRefreshes = m_state.options.refreshesAfterScanOnce; // their first refresh opens none again
    std::vector<double> readAt(m_state.capture ? 0 : n);
    parallelChunks(m_state.pool.get(), n, static_cast<int>(m_state.buffers.size()),
        [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = m_state.buffers[static_cast<std::size_t>(worker)];
            for (std::size_t i = begin; i < end; ++i) {
                Sample &s = first.samples[i];
                double *cpuReadAt = readAt.empty() ? nullptr : &readAt[i];
                if (cpuReadAt && first.quiet[i]) {
                    // Quiet long before its first read: taken as not run since (running is what I/O
                    // and an exec take too), so it reads now as it did then, stamped at this pass's
                    // start: its rates 0 over the interval, its last run as read. (ps reads once.)
                    *cpuReadAt = second.uptime;
                    lastRan[i] = first.lastRanMs[i];
                    if (i < first.dirs.size() && !keepForRefreshes)
                        first.dirs[i] = DirFd();
                    alive[i] = 1;
                    continue;
                }
                const bool pinned = i < first.dirs.size() && first.dirs[i].valid();
                if (pinned && !s.isKernelThread() && s.threads == 1 && s.cpuNs) {
                    // One read for CPU time, last run and the command name (an exec shows there).
                    std::string_view comm;
                    long threads = 0;
                    double ms = 0;
                    const int dir = first.dirs[i].get();
                    const double before = cpuReadAt ? bootClockSeconds() : 0;
                    const bool schedRead = buf.readRecordAt(dir, "sched");
                    if (cpuReadAt)
                        *cpuReadAt = (before + bootClockSeconds()) / 2;
                    // No sched file (a kernel without CONFIG_SCHED_DEBUG), or gone: read below.
                    if (schedRead && parseSchedHeader(buf.view(), comm, threads) && threads == 1
                        && parseSchedSumExecRuntime(buf.view(), ms)) {
                        const auto ns = static_cast<std::uint64_t>(std::llround(ms * 1e6));
                        // A process that did not run did no I/O (it is counted in its own
                        // syscalls and page faults); unreadable in the first pass: said there.
                        const bool ran = ns != *s.cpuNs;
                        s.cpuNs = ns;
                        if (parseSchedExecStart(buf.view(), ms))
                            lastRan[i] = ms;
                        const bool execd = comm != s.comm;
                        if (execd)
                            s.comm.assign(comm.substr(0, 15));
                        if (ran && s.ioBytes)
                            readIo(dir, s, buf);
                        if (!execd && !keepForRefreshes)
                            first.dirs[i] = DirFd(); // closed here, in parallel: only an exec reads more
                        alive[i] = 1;
                        continue;
                    } // threads started meanwhile, or no sched: read it whole below
                }
                // Many threads (a schedstat per thread), a kernel thread, or no directory kept (past
                // the fd budget): the whole cheap tier again, kept only if still the same process.
                Sample fresh;
                const bool read = pinned
                    ? readCheapAt(m_state, first.dirs[i], s.id.pid, fresh, buf, &lastRan[i], cpuReadAt)
                    : readCheap(m_state, s.id.pid, fresh, buf, &lastRan[i], nullptr, cpuReadAt);
                if (read && fresh.id == s.id) {
                    if (fresh.fdCount < 0)
                        fresh.fdCount = s.fdCount; // counted with its details
                    if (pinned && fresh.comm == s.comm && !keepForRefreshes)
                        first.dirs[i] = DirFd();
                    s = std::move(fresh);
                    alive[i] = 1;
                }
            }
        });
    second.samples.reserve(n);
    second.lastRanMs.reserve(n);
    second.readAt.reserve(readAt.size());
    second.dirs.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        if (alive[i]) {
            second.samples.push_back(std::move(first.samples[i]));
            second.lastRanMs.push_back(lastRan[i]);
            if (!readAt.empty())
                second.readAt.push_back(readAt[i]);
            second.dirs.push_back(i < first.dirs.size() ? std::move(first.dirs[i]) : DirFd());
        }
    return second;
}

} // namespace ptriage
