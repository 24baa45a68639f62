#include "ProcessReader.h"

#include "collect/SteadyRate.h"
#include "collect/proc/ProcParsers.h"
#include "collect/proc/SchedTimes.h"
#include "util/Parallel.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

namespace ptriage {
namespace {

int countEntries(int dirFd, const char *name)
{
    const int fd = ::openat(dirFd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1;
    DIR *dir = ::fdopendir(fd);
    if (!dir) {
        ::close(fd);
        return -1;
    }
    int n = 0;
    while (const dirent *e = ::readdir(dir))
        if (e->d_name[0] != '.')
            ++n;
    ::closedir(dir);
    return n;
}

// What stat said of `was`, for a process that has not run since.
void takeStatOf(const Sample &was, Sample &s)
{
    s.id = was.id;
    s.comm = was.comm;
    s.ppid = was.ppid;
    s.pgrp = was.pgrp;
    s.session = was.session;
    s.ttyNr = was.ttyNr;
    s.tpgid = was.tpgid;
    s.state = was.state;
    s.flags = was.flags;
    s.nice = was.nice;
    s.threads = was.threads;
    s.processor = was.processor;
    s.cpuTicks = was.cpuTicks;
    s.rssBytes = was.rssBytes;
    s.vsizeBytes = was.vsizeBytes;
}

// Its previous sample if it has not run since (its I/O, fds and uid are then that sample's), else null.
const PreviousSample *didNotRunSince(const CollectorState &state, const Sample &s)
{
    // A one-thread process that has not run since its previous sample did no I/O, opened or closed no
    // file and changed no credentials (only its own system calls change them): they are carried over,
    // not read again. Its CPU nanoseconds say it exactly; a thread's share of a group's ticks would not.
    if (state.capture || s.threads != 1 || !s.cpuNs || *s.cpuNs == 0) // 0: no scheduler statistics to go by
        return nullptr;
    const auto it = state.previous.find(s.id);
    if (it == state.previous.end() || it->second.cpuNs != s.cpuNs || !it->second.ioBytes)
        return nullptr;
    return &it->second;
}

// After stat and the CPU time: I/O (unless `ioUnused`), uid and fd count, carried over from the
// previous sample when the process has not run since (didNotRunSince).
void readIoUidFds(const CollectorState &state, int dirFd, Sample &s, FileBuffer &buf, bool ioUnused)
{
    const PreviousSample *unchanged = didNotRunSince(state, s);
    if (unchanged) {
        s.ioBytes = unchanged->ioBytes;
        s.writtenBytes = unchanged->writtenBytes;
    } else if (!ioUnused)
        readIo(dirFd, s, buf);

    if (state.capture) {
        std::uint32_t uid = 0;
        if (buf.readRecordAt(dirFd, "status") && parseStatusUid(buf.view(), uid))
            s.uid = uid;
        else if (buf.error() != 0 && buf.error() != ENOENT)
            addReason(s.partial, describeErrno("status", buf.error()));
        else
            addReason(s.partial, "status: no Uid");
        s.fdCount = countEntries(dirFd, "fd");
    } else {
        struct stat st { };
        if (unchanged && unchanged->uid)
            s.uid = unchanged->uid;
        else if (::fstat(dirFd, &st) == 0)
            s.uid = st.st_uid;
        if (!state.fdsCountedWithDetails)
            s.fdCount = unchanged && unchanged->fdCount >= 0 ? unchanged->fdCount : countFds(dirFd);
    }
    if (s.state == 'Z')
        s.fdCount = 0; // its files were closed when it exited (its fd directory may not be readable)
}

} // namespace

double bootClockSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

double now(const CollectorState &state, FileBuffer &buf)
{
    if (!state.capture)
        return bootClockSeconds();
    double up = 0;
    if (buf.readAt(state.root.get(), "uptime"))
        parseUptime(buf.view(), up);
    return up;
}

void addReason(std::string &partial, std::string_view what)
{
    if (!partial.empty())
        partial += "; ";
    partial += what;
}

std::string describeErrno(const char *file, int err)
{
    return std::string(file) + ": " + describeReadError(err);
}

std::vector<int> listPids(int dirFd)
{
    auto pids = listNumericEntries(dirFd);
    std::erase(pids, 0);
    return pids;
}

DirFd openPid(const CollectorState &state, int pid)
{
    char name[16];
    auto [end, ec] = std::to_chars(name, name + sizeof name - 1, pid);
    *end = '\0';
    return DirFd::openAt(state.root.get(), name);
}

std::size_t pidDirBudget()
{
    // Leave room for everything else the process opens (the window's sockets, fonts, a database).
    constexpr rlim_t reserve = 512;
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return 1 << 20;
    return rl.rlim_cur > reserve ? static_cast<std::size_t>(rl.rlim_cur - reserve) : 0;
}

void reserveFdTable(int anyFd, std::size_t fds)
{
    // The lowest free fd at or above fds - 1 makes the table that large; it stays so when closed.
    const int fd = ::fcntl(anyFd, F_DUPFD_CLOEXEC, static_cast<int>(std::min<std::size_t>(fds, 1 << 24)) - 1);
    if (fd >= 0)
        ::close(fd);
}

int countFds(int pidDir)
{
    // Linux ≥ 6.2 reports the number of open fds as the size of the fd directory.
    struct stat st { };
    if (::fstatat(pidDir, "fd", &st, 0) == 0 && st.st_size > 0)
        return static_cast<int>(st.st_size);
    return countEntries(pidDir, "fd");
}

StillSame stillSame(int dirFd, const Sample &s, FileBuffer &buf)
{
    StatFields f;
    const char *reason = nullptr;
    if (!buf.readRecordAt(dirFd, "stat") || !parseStat(buf.view(), f, &reason) || f.startTicks != s.id.startTicks)
        return StillSame::No;
    return f.comm.substr(0, 15) == s.comm ? StillSame::Yes : StillSame::Execd;
}

bool readCheap(const CollectorState &state, int pid, Sample &s, FileBuffer &buf, std::optional<double> *lastRanMs,
    DirFd *keep, double *cpuReadAt, char *quiet, const Sample *carry, char *carried)
{
    if (keep && keep->valid()) { // the last refresh's: its process's or none
        if (readCheapAt(state, *keep, pid, s, buf, lastRanMs, cpuReadAt, quiet, carry, carried))
            return true;
        *keep = DirFd(); // that process is gone: the pid may name another now
        s = Sample{};
    }
    DirFd dir = openPid(state, pid);
    if (!dir.valid())
        return false; // vanished
    const bool read = readCheapAt(state, dir, pid, s, buf, lastRanMs, cpuReadAt, quiet);
    if (read && keep)
        *keep = std::move(dir);
    return read;
}

bool readCheapAt(const CollectorState &state, const DirFd &dir, int pid, Sample &s, FileBuffer &buf,
    std::optional<double> *lastRanMs, double *cpuReadAt, char *quiet, const Sample *carry, char *carried)
{
    if (carry) {
        // A one-thread process that has not run since changed nothing of what stat says that only it
        // can change (its state, threads, CPU, mappings, name); what others can change of it while it
        // sleeps is read again in turn (kStatEveryRefreshes), its parent when that one is gone
        // (recheckCarriedParents), and a process with a terminal (its foreground group) every time.
        const double before = bootClockSeconds();
        const auto ns = readCpuNs(dir.get(), 1, buf);
        if (ns && ns == carry->cpuNs) {
            takeStatOf(*carry, s);
            s.cpuNs = ns;
            if (cpuReadAt)
                *cpuReadAt = (before + bootClockSeconds()) / 2;
            readIoUidFds(state, dir.get(), s, buf, false); // carried too: it did not run
            *carried = 1;
            return true;
        }
    }
    if (!buf.readRecordAt(dir.get(), "stat")) {
        if (state.source == ProcSource::Live || buf.error() == ENOENT)
            return false; // vanished (or unreadable, which procfs never does for stat)
        s.id = {state.bootId, 0, pid}; // a capture's FIFO or link: a warning for that pid
        s.partial = describeErrno("stat", buf.error());
        return true;
    }
    StatFields f;
    const char *reason = nullptr;
    if (!parseStat(buf.view(), f, &reason)) {
        // Not even an identity: keep a marked record only if the pid is known.
        s.id = {state.bootId, 0, pid};
        s.partial = reason;
        return true;
    }
    if (f.state == 'X')
        return false; // dead, being released: gone (and its parent already reads as 0)
    s.id = {state.bootId, f.startTicks, pid};
    s.comm.assign(f.comm.substr(0, 15));
    s.ppid = f.ppid;
    s.pgrp = f.pgrp;
    s.session = f.session;
    s.ttyNr = f.ttyNr;
    s.tpgid = f.tpgid;
    s.state = f.state;
    s.flags = f.flags;
    s.nice = f.nice;
    s.threads = f.threads;
    s.processor = f.processor;
    s.cpuTicks = f.utime + f.stime;
    s.vsizeBytes = f.vsize;
    s.rssBytes
        = f.rssPages > 0 ? static_cast<std::uint64_t>(f.rssPages) * static_cast<std::uint64_t>(::getpagesize()) : 0;
    if (s.isKernelThread())
        return true; // no io, fds or uid worth reading
    const double before = cpuReadAt ? bootClockSeconds() : 0; // the vDSO: tens of nanoseconds
    if (state.preciseCpu && s.threads == 1 && lastRanMs) {
        const SchedReading r = readSchedOfOneThread(dir.get(), buf);
        s.cpuNs = r.cpuNs ? r.cpuNs : readCpuNs(dir.get(), 1, buf); // no sched file: schedstat
        *lastRanMs = r.lastRanMs;
    } else if (state.preciseCpu || s.threads == 1) {
        // A refresh too reads a one-thread process's CPU nanoseconds (schedstat, one small read in a
        // directory already open): its rate is then what a one-shot scan computes, and "last ran" can
        // tell that it ran since it was read without opening the directory again (attachLastRan).
        s.cpuNs = readCpuNs(dir.get(), s.threads, buf);
    }
    if (cpuReadAt)
        *cpuReadAt = (before + bootClockSeconds()) / 2;
    // Quiet long before this read (a one-shot's first pass): it is not read again, its rates are
    // nothing over the interval, and its I/O counters matter only where its life fills the interval.
    bool ioUnused = false;
    if (quiet && state.quiet && lastRanMs && *lastRanMs && s.cpuNs && s.threads == 1 && cpuReadAt
        && (s.state == 'S' || s.state == 'I' || s.state == 'T' || s.state == 't')) {
        const double since
            = (SchedClocks::liveNowMs() - state.quiet->clocks.toTimeline(**lastRanMs, s.processor)) / 1000;
        *quiet = since >= state.quiet->seconds ? 1 : 0;
        ioUnused = *quiet
            && !lifeFills(*cpuReadAt - static_cast<double>(s.id.startTicks) / state.quiet->ticksPerSecond, since);
    }

    readIoUidFds(state, dir.get(), s, buf, ioUnused);
    return true;
}

void readIo(int dirFd, Sample &s, FileBuffer &buf)
{
    if (buf.readRecordAt(dirFd, "io")) {
        if (const auto io = parseIo(buf.view())) {
            s.ioBytes = io->total();
            s.writtenBytes = io->written;
        } else
            addReason(s.partial, "io: malformed");
    } else if (buf.error() != ENOENT) {
        addReason(s.partial, describeErrno("io", buf.error()));
    }
}

Pass startPass(CollectorState &state, std::size_t n, bool firstOfTwo, std::size_t dirsToKeep)
{
    Pass pass;
    pass.uptime = now(state, state.buffer);
    pass.samples.resize(n);
    pass.lastRanMs.resize(n);
    pass.readAt.resize(state.capture ? 0 : n);
    pass.quiet.assign(n, 0);
    pass.dirs.resize(firstOfTwo || dirsToKeep ? n : 0); // an invalid entry past the fd budget
    pass.execSeenLater = firstOfTwo;
    pass.statCarried.assign(n, 0);
    return pass;
}

void readCheapTier(CollectorState &state, Pass &pass, const std::vector<int> &pids, bool firstOfTwo,
    std::size_t dirsToKeep, const std::vector<const Sample *> &carry)
{
    const std::size_t n = pids.size();
    const std::size_t kept = std::min(dirsToKeep, n);
    std::vector<char> alive(n, 0);
    parallelChunks(state.pool.get(), n, static_cast<int>(state.buffers.size()),
        [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = state.buffers[static_cast<std::size_t>(worker)];
            for (std::size_t i = begin; i < end; ++i)
                alive[i] = readCheap(state, pids[i], pass.samples[i], buf, &pass.lastRanMs[i],
                               i < kept ? &pass.dirs[i] : nullptr, pass.readAt.empty() ? nullptr : &pass.readAt[i],
                               firstOfTwo ? &pass.quiet[i] : nullptr, carry.empty() ? nullptr : carry[i],
                               &pass.statCarried[i])
                    ? 1
                    : 0;
        });
    // The vanished drop out in place: no second array of samples.
    std::size_t out = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (!alive[i])
            continue;
        if (out != i) {
            pass.samples[out] = std::move(pass.samples[i]);
            pass.quiet[out] = pass.quiet[i];
            pass.statCarried[out] = pass.statCarried[i];
            pass.lastRanMs[out] = pass.lastRanMs[i];
            if (!pass.readAt.empty())
                pass.readAt[out] = pass.readAt[i];
            if (!pass.dirs.empty())
                pass.dirs[out] = std::move(pass.dirs[i]);
        }
        ++out;
    }
    pass.samples.resize(out);
    pass.quiet.resize(out);
    pass.statCarried.resize(out);
    pass.lastRanMs.resize(out);
    if (!pass.readAt.empty())
        pass.readAt.resize(out);
    if (!pass.dirs.empty())
        pass.dirs.resize(out);
}

void keepDirs(CollectorState &state, Pass &pass)
{
    state.keptDirs.clear();
    state.keptDirs.reserve(pass.dirs.size());
    for (std::size_t i = 0; i < pass.dirs.size(); ++i)
        if (pass.dirs[i].valid())
            state.keptDirs.push_back({pass.samples[i].id, std::move(pass.dirs[i])});
    std::sort(state.keptDirs.begin(), state.keptDirs.end(),
        [](const KeptDir &a, const KeptDir &b) { return a.id.pid < b.id.pid; });
}

} // namespace ptriage
