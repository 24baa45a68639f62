#include "Collector.h"

#include "SecretMask.h"
#include "SteadyRate.h"
#include "Workspace.h"
#include "collect/proc/CgroupMembers.h"
#include "collect/proc/InheritedFds.h"
#include "collect/proc/ProcParsers.h"
#include "collect/proc/SchedTimes.h"
#include "collect/proc/SocketTable.h"
#include "config/OriginTools.h"
#include "config/ProcessManagers.h"
#include "util/Parallel.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <dirent.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <system_error>
#include <thread>
#include <time.h>
#include <unistd.h>

namespace ptriage {
namespace {

// Lists the pids of a proc root (pid 0 never appears in a real one).
std::vector<int> listPids(int dirFd)
{
    auto pids = listNumericEntries(dirFd);
    std::erase(pids, 0);
    return pids;
}

// A process's likely fds, ascending, from how many it has: those it shares with its lender (kcmp
// found them open) and the lowest others. A gap in the others is found when its link is missing.
std::vector<int> guessedFds(std::size_t count, const std::vector<const OpenFile *> &shared)
{
    std::vector<int> fds;
    fds.reserve(std::max(count, shared.size()));
    std::size_t others = count > shared.size() ? count - shared.size() : 0;
    auto nextShared = shared.begin();
    for (int fd = 0; others > 0; ++fd) {
        while (nextShared != shared.end() && (*nextShared)->fd < fd)
            fds.push_back((*nextShared++)->fd);
        if (nextShared != shared.end() && (*nextShared)->fd == fd)
            ++nextShared;
        else
            --others;
        fds.push_back(fd);
    }
    for (; nextShared != shared.end(); ++nextShared)
        fds.push_back((*nextShared)->fd);
    return fds;
}

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

int countFds(int pidDir)
{
    // Linux ≥ 6.2 reports the number of open fds as the size of the fd directory.
    struct stat st { };
    if (::fstatat(pidDir, "fd", &st, 0) == 0 && st.st_size > 0)
        return static_cast<int>(st.st_size);
    return countEntries(pidDir, "fd");
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

// tty_nr from stat → the device node: pts (majors 136–143) and virtual consoles (major 4).
std::string ttyDevicePath(int ttyNr)
{
    const unsigned major = (static_cast<unsigned>(ttyNr) >> 8) & 0xfffu;
    const unsigned minor = (static_cast<unsigned>(ttyNr) & 0xffu) | ((static_cast<unsigned>(ttyNr) >> 12) & 0xfff00u);
    if (major >= 136 && major <= 143)
        return "/dev/pts/" + std::to_string((major - 136) * 256 + minor);
    if (major == 4 && minor < 64)
        return "/dev/tty" + std::to_string(minor);
    return {};
}

// The lock files of the git repository around `cwd` (the nearest directory with a .git/).
std::vector<std::string> findGitLocks(std::string dir)
{
    std::vector<std::string> locks;
    struct stat st { };
    for (int depth = 0; depth < 64 && dir.size() > 1 && dir.front() == '/'; ++depth) {
        const std::string git = dir + "/.git";
        if (::stat(git.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
            for (const char *name : {"index.lock", "HEAD.lock", "packed-refs.lock", "config.lock", "shallow.lock"})
                if (::stat((git + '/' + name).c_str(), &st) == 0)
                    locks.push_back(git + '/' + name);
            break;
        }
        dir.resize(dir.rfind('/'));
    }
    return locks;
}

// Whether the process behind `dirFd` (a pid directory opened earlier) is still the one `s` was read
// from, read again after reads through that directory. A pid directory keeps naming the process it
// was opened for (reads through it fail once that one is gone), but it may have been opened after
// the pid changed hands, and the process may have exec'd since `s` was read.
enum class StillSame { Yes, Execd, No };
StillSame stillSame(int dirFd, const Sample &s, FileBuffer &buf)
{
    StatFields f;
    const char *reason = nullptr;
    if (!buf.readRecordAt(dirFd, "stat") || !parseStat(buf.view(), f, &reason) || f.startTicks != s.id.startTicks)
        return StillSame::No;
    return f.comm.substr(0, 15) == s.comm ? StillSame::Yes : StillSame::Execd;
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

double bootClockSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_BOOTTIME, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

} // namespace

std::vector<std::string> CollectOptions::defaultEnvironKeys()
{
    using namespace managers;
    std::vector<std::string> keys{std::string(kTmuxMarker), std::string(kTmuxPaneMarker), std::string(kScreenMarker),
        "SSH_CONNECTION", "SSH_TTY", "INVOCATION_ID", "JOURNAL_STREAM", std::string(kPm2Marker),
        std::string(kPm2HomeMarker), std::string(kSupervisordMarker), std::string(kNodemonMarker), "container", "CI",
        "GITHUB_ACTIONS", "GITLAB_CI", "JENKINS_URL", "TERM_PROGRAM", "DISPLAY", "WAYLAND_DISPLAY", "CURSOR_SESSION",
        "AIDER_SESSION"};
    // And what the origins read: the sessions of coding agents, editors and terminals.
    for (std::string_view key : origins::kEnvironKeys)
        keys.emplace_back(key);
    return keys;
}

Collector::~Collector() = default;
Collector::Collector(Collector &&) noexcept = default;

Collector::Collector(CollectOptions options)
    : m_options(std::move(options)),
      m_buffers(static_cast<std::size_t>(workerCount())),
      m_pool(std::make_unique<QThreadPool>())
{
    // Its threads are started by whoever scans, and share that thread's scheduling priority.
    m_pool->setMaxThreadCount(std::max(1, workerCount() - 1));
    for (const auto &k : m_options.environKeys)
        m_environKeys.emplace_back(k);
}

bool Collector::open(std::string *error)
{
    m_root = DirFd(::open(m_options.procRoot.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!m_root.valid()) {
        if (error)
            *error = m_options.procRoot + ": " + std::strerror(errno);
        return false;
    }
    // A live procfs has a "self" link; a captured tree does not.
    struct stat st { };
    m_capture = ::fstatat(m_root.get(), "self", &st, 0) != 0;
    m_canCompareFds = !m_capture && readLinkAt(m_root.get(), "self") == std::to_string(::getpid());
    if (!m_capture && !m_workTrees)
        m_workTrees = std::make_unique<WorkTreeCache>();
    // Whatever it has, a tree that is not procfs is read as anyone's files.
    m_source = procSourceOf(m_root.get());
    m_buffer.setSource(m_source);
    for (FileBuffer &b : m_buffers)
        b.setSource(m_source);
    FileBuffer buf(m_source);
    if (!buf.readAt(m_root.get(), "sys/kernel/random/boot_id")) {
        if (error)
            *error = m_options.procRoot + "/sys/kernel/random/boot_id: " + std::strerror(buf.error());
        return false;
    }
    const auto boot = parseBootIdFile(buf.view());
    if (!boot) {
        if (error)
            *error = m_options.procRoot + "/sys/kernel/random/boot_id: not a boot id (a lowercase uuid)";
        return false;
    }
    m_bootId = *boot;
    if (m_capture && !buf.readAt(m_root.get(), "uptime")) {
        if (error)
            *error = m_options.procRoot + "/uptime: " + std::strerror(buf.error());
        return false;
    }
    if (m_capture && ::fstatat(m_root.get(), "uptime", &st, 0) == 0)
        m_capturedAtMs = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000 + st.st_mtim.tv_nsec / 1'000'000;
    return true;
}

double Collector::now(FileBuffer &buf)
{
    if (!m_capture)
        return bootClockSeconds();
    double up = 0;
    if (buf.readAt(m_root.get(), "uptime"))
        parseUptime(buf.view(), up);
    return up;
}

DirFd Collector::openPid(int pid) const
{
    char name[16];
    auto [end, ec] = std::to_chars(name, name + sizeof name - 1, pid);
    *end = '\0';
    return DirFd::openAt(m_root.get(), name);
}

bool Collector::readCheap(int pid, Sample &s, FileBuffer &buf, std::optional<double> *lastRanMs, DirFd *keep,
    double *cpuReadAt, char *quiet, const Sample *carry, char *carried)
{
    if (keep && keep->valid()) { // the last refresh's: its process's or none
        if (readCheapAt(*keep, pid, s, buf, lastRanMs, cpuReadAt, quiet, carry, carried))
            return true;
        *keep = DirFd(); // that process is gone: the pid may name another now
        s = Sample{};
    }
    DirFd dir = openPid(pid);
    if (!dir.valid())
        return false; // vanished
    const bool read = readCheapAt(dir, pid, s, buf, lastRanMs, cpuReadAt, quiet);
    if (read && keep)
        *keep = std::move(dir);
    return read;
}

bool Collector::readCheapAt(const DirFd &dir, int pid, Sample &s, FileBuffer &buf, std::optional<double> *lastRanMs,
    double *cpuReadAt, char *quiet, const Sample *carry, char *carried)
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
            readIoUidFds(dir.get(), s, buf, false); // carried too: it did not run
            *carried = 1;
            return true;
        }
    }
    if (!buf.readRecordAt(dir.get(), "stat")) {
        if (m_source == ProcSource::Live || buf.error() == ENOENT)
            return false; // vanished (or unreadable, which procfs never does for stat)
        s.id = {m_bootId, 0, pid}; // a capture's FIFO or link: a warning for that pid
        s.partial = describeErrno("stat", buf.error());
        return true;
    }
    StatFields f;
    const char *reason = nullptr;
    if (!parseStat(buf.view(), f, &reason)) {
        // Not even an identity: keep a marked record only if the pid is known.
        s.id = {m_bootId, 0, pid};
        s.partial = reason;
        return true;
    }
    if (f.state == 'X')
        return false; // dead, being released: gone (and its parent already reads as 0)
    s.id = {m_bootId, f.startTicks, pid};
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
    if (m_preciseCpu && s.threads == 1 && lastRanMs) {
        const SchedReading r = readSchedOfOneThread(dir.get(), buf);
        s.cpuNs = r.cpuNs ? r.cpuNs : readCpuNs(dir.get(), 1, buf); // no sched file: schedstat
        *lastRanMs = r.lastRanMs;
    } else if (m_preciseCpu || s.threads == 1) {
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
    if (quiet && m_quiet && lastRanMs && *lastRanMs && s.cpuNs && s.threads == 1 && cpuReadAt
        && (s.state == 'S' || s.state == 'I' || s.state == 'T' || s.state == 't')) {
        const double since = (SchedClocks::liveNowMs() - m_quiet->clocks.toTimeline(**lastRanMs, s.processor)) / 1000;
        *quiet = since >= m_quiet->seconds ? 1 : 0;
        ioUnused
            = *quiet && !lifeFills(*cpuReadAt - static_cast<double>(s.id.startTicks) / m_quiet->ticksPerSecond, since);
    }

    readIoUidFds(dir.get(), s, buf, ioUnused);
    return true;
}

void Collector::readIoUidFds(int dirFd, Sample &s, FileBuffer &buf, bool ioUnused)
{
    const PreviousSample *unchanged = didNotRunSince(s);
    if (unchanged) {
        s.ioBytes = unchanged->ioBytes;
        s.writtenBytes = unchanged->writtenBytes;
    } else if (!ioUnused)
        readIo(dirFd, s, buf);

    if (m_capture) {
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
        if (!m_fdsCountedWithDetails)
            s.fdCount = unchanged && unchanged->fdCount >= 0 ? unchanged->fdCount : countFds(dirFd);
    }
}

const PreviousSample *Collector::didNotRunSince(const Sample &s) const
{
    // A one-thread process that has not run since its previous sample did no I/O, opened or closed no
    // file and changed no credentials (only its own system calls change them): they are carried over,
    // not read again. Its CPU nanoseconds say it exactly; a thread's share of a group's ticks would not.
    if (m_capture || s.threads != 1 || !s.cpuNs || *s.cpuNs == 0) // 0: no scheduler statistics to go by
        return nullptr;
    const auto it = m_previous.find(s.id);
    if (it == m_previous.end() || it->second.cpuNs != s.cpuNs || !it->second.ioBytes)
        return nullptr;
    return &it->second;
}

void Collector::readIo(int dirFd, Sample &s, FileBuffer &buf)
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

Collector::Pass Collector::readCheapTier()
{
    const auto pids = listPids(m_root.get());
    if (m_capture)
        return readCheapTier(pids, false, 0);
    const std::size_t keep = std::min(pids.size(), pidDirBudget());
    reserveFdTable(m_root.get(), keep + 64);
    return readCheapTier(pids, false, keep);
}

Collector::Pass Collector::readCheapTier(const std::vector<int> &pids, bool firstOfTwo, std::size_t dirsToKeep)
{
    Pass pass;
    pass.uptime = now(m_buffer);
    const std::size_t n = pids.size();
    pass.samples.resize(n);
    pass.lastRanMs.resize(n);
    pass.readAt.resize(m_capture ? 0 : n);
    pass.quiet.assign(n, 0);
    pass.dirs.resize(firstOfTwo || dirsToKeep ? n : 0); // an invalid entry past the fd budget
    pass.execSeenLater = firstOfTwo;
    pass.statCarried.assign(n, 0);
    const std::size_t kept = std::min(dirsToKeep, n);
    std::vector<const Sample *> carry(n, nullptr);
    if (!firstOfTwo) {
        ++m_refreshes;
        for (std::size_t i = 0; i < kept; ++i) {
            const auto it = std::lower_bound(m_keptDirs.begin(), m_keptDirs.end(), pids[i],
                [](const KeptDir &e, int pid) { return e.id.pid < pid; });
            if (it != m_keptDirs.end() && it->id.pid == pids[i]) {
                pass.dirs[i] = std::move(it->dir);
                carry[i] = statCarriable(it->id);
            }
        }
    }
    m_keptDirs.clear(); // those left: their pids are gone, or past the budget
    std::vector<char> alive(n, 0);
    parallelChunks(
        m_pool.get(), n, static_cast<int>(m_buffers.size()), [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = m_buffers[static_cast<std::size_t>(worker)];
            for (std::size_t i = begin; i < end; ++i)
                alive[i] = readCheap(pids[i], pass.samples[i], buf, &pass.lastRanMs[i],
                               i < kept ? &pass.dirs[i] : nullptr, pass.readAt.empty() ? nullptr : &pass.readAt[i],
                               firstOfTwo ? &pass.quiet[i] : nullptr, carry[i], &pass.statCarried[i])
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
    recheckCarriedParents(pass);
    return pass;
}

const Sample *Collector::statCarriable(const ProcessIdentity &id) const
{
    if (!m_lastRefresh || m_capture || m_preciseCpu
        || (m_refreshes + static_cast<std::uint64_t>(id.pid)) % kStatEveryRefreshes == 0)
        return nullptr;
    const Sample *was = m_lastRefresh->byIdentity(id);
    // No CPU time at all: schedstat says nothing here (a kernel without scheduler statistics).
    return was && was->cpuNs && *was->cpuNs > 0 && was->threads == 1 && was->ttyNr == 0 && !was->isKernelThread()
        ? was
        : nullptr;
}

void Collector::recheckCarriedParents(Pass &pass)
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
            && readCheapAt(pass.dirs[i], s.id.pid, again, m_buffer, nullptr, &readAt) && again.id == s.id) {
            s = std::move(again);
            if (i < pass.readAt.size())
                pass.readAt[i] = readAt;
        }
    }
}

std::shared_ptr<const ProcessDetails> Collector::readDetails(int pidFd, const Sample &s, FileBuffer &buf)
{
    auto d = std::make_shared<ProcessDetails>();
    d->comm = s.comm; // the same text as the comm file, already read with stat
    if (buf.readAt(pidFd, "cmdline", 256 * 1024, FileBuffer::ShortRead::Ends))
        d->cmdline = parseCmdline(buf.view());
    else
        addReason(d->partial, describeErrno("cmdline", buf.error()));
    if (const std::string *cgroup = m_cgroups ? m_cgroups->find(s.id.pid, s.id.startTicks) : nullptr)
        d->cgroup = *cgroup;
    else if (buf.readRecordAt(pidFd, "cgroup"))
        d->cgroup = parseCgroup(buf.view());
    if (buf.readAt(pidFd, "environ", 1 << 20, FileBuffer::ShortRead::Ends)) {
        d->environ = parseEnviron(buf.view(), m_environKeys);
        d->environRead = true;
    } else if (buf.error() != ENOENT)
        addReason(d->partial, describeErrno("environ", buf.error()));
    int err = 0;
    if (m_options.readExecutable && !m_exeLeftForLater) {
        d->exe = readLinkAt(pidFd, "exe", &err);
        d->exeRead = true;
    }
    d->cwd = readLinkAt(pidFd, "cwd", &err);
    if (err == EACCES || err == EPERM)
        addReason(d->partial, "cwd: permission denied");
    constexpr std::string_view deleted = " (deleted)";
    if (d->cwd.size() > deleted.size() && d->cwd.ends_with(deleted)) {
        d->cwdDeleted = true;
        d->cwd.resize(d->cwd.size() - deleted.size());
    }
    if (s.comm == "git" && !d->cwdDeleted)
        d->gitLocks = findGitLocks(d->cwd);
    if (m_workTrees && !d->cwdDeleted && !d->cwd.empty()) {
        WorkTree tree = m_workTrees->find(d->cwd);
        d->project = std::move(tree.root);
        d->projectRepository = std::move(tree.repository);
        d->projectLabel = std::move(tree.label);
    }
    return d;
}

std::shared_ptr<const ProcessDetails> Collector::withExecutable(int pidFd, const ProcessDetails &known)
{
    auto d = std::make_shared<ProcessDetails>(known);
    d->exe = readLinkAt(pidFd, "exe");
    d->exeRead = true;
    return d;
}

std::shared_ptr<DeepDetails> Collector::ownFilesWhilePinning()
{
    // Meanwhile this process holds a directory of every other one open: listing them (a link and
    // a mode each, thousands) would cost more than reading all the others' files and say nothing.
    auto deep = std::make_shared<DeepDetails>();
    deep->partial = "fd: not listed (this scan's own, while it holds every process's directory open)";
    return deep;
}

std::shared_ptr<DeepDetails> Collector::readDeepAt(
    int pidFd, const Sample &s, FileBuffer &buf, const Lender *lender, std::size_t *taken)
{
    auto deep = std::make_shared<DeepDetails>();
    // Where it sleeps matters only when it cannot be woken (D).
    if (s.state == 'D' && buf.readRecordAt(pidFd, "wchan")) {
        auto w = buf.view();
        if (!w.empty() && w != "0")
            deep->wchan = std::string(w.substr(0, 128));
    }
    // Its lender's fds it shares first: kcmp names it by pid, and its directory answering after (the
    // fd count below) says it still lived, so that pid was its. Not for a lock holder: its files'
    // inodes are read, which a lender's records lack.
    const std::vector<const OpenFile *> shared = lender && !m_lockHolders.count(s.id.pid)
        ? sharedWith(s.id.pid, lender->pid, *lender->files)
        : std::vector<const OpenFile *>{};
    auto nextShared = shared.begin();
    // Linux ≥ 6.2 gives the number of open fds as the fd directory's size. Most processes' fds are
    // those they share with their lender and the lowest others (0..n-1 when none is shared), and
    // then their links are the whole list: read as fd/N through the pid directory, with no fd
    // directory opened and no listing (which makes a dentry per fd). A link that is not there (a
    // gap) ends the guess, and the directory is listed after all. A capture's is always listed.
    struct stat dirStat { };
    bool guessed
        = !m_capture && ::fstatat(pidFd, "fd", &dirStat, 0) == 0 && dirStat.st_size > 0 && dirStat.st_size < (1 << 24);
    DirFd fdDir; // opened to list it
    std::vector<int> fds;
    const auto list = [&] {
        fdDir = DirFd::openAt(pidFd, "fd");
        if (!fdDir.valid())
            return false;
        fds = listNumericEntries(fdDir.get(), Rewind::No);
        deep->fdCount = static_cast<int>(fds.size());
        return true;
    };
    if (guessed) {
        fds = guessedFds(static_cast<std::size_t>(dirStat.st_size), shared);
        deep->fdCount = static_cast<int>(fds.size());
    } else if (!list()) {
        addReason(deep->partial, describeErrno("fd", errno));
        return deep;
    }
    deep->filesRead = true;
    DirFd fdinfo;
    const bool lockHolder = m_lockHolders.count(s.id.pid) > 0; // its files' inodes name its locks
    std::size_t took = 0;
    for (std::size_t k = 0; k < fds.size(); ++k) {
        const int fd = fds[k];
        if (deep->files.size() >= m_options.maxFdsPerProcess) {
            addReason(
                deep->partial, "fd: more than " + std::to_string(m_options.maxFdsPerProcess) + " open, rest not read");
            break;
        }
        // "fd/N" through the pid directory while guessing, else "N" in the fd directory.
        char path[24] = "fd/";
        char *name = guessed ? path + 3 : path;
        auto [end, ec] = std::to_chars(name, path + sizeof path - 1, fd);
        *end = '\0';
        const int linkDir = guessed ? pidFd : fdDir.get();
        while (nextShared != shared.end() && (*nextShared)->fd < fd)
            ++nextShared;
        if (nextShared != shared.end() && (*nextShared)->fd == fd) {
            deep->files.push_back(**nextShared);
            ++took;
            continue;
        }
        OpenFile f;
        f.fd = fd;
        int err = 0;
        f.target = readLinkAt(linkDir, path, &err);
        if (f.target.empty() && guessed) {
            if (deep->files.size() == took && (err == EACCES || err == EPERM)) { // another user's
                deep->filesRead = false;
                deep->fdCount = -1;
                deep->files.clear();
                addReason(deep->partial, describeErrno("fd", err));
                return deep;
            }
            guessed = false;
            if (!list()) {
                addReason(deep->partial, describeErrno("fd", errno));
                break;
            }
            std::erase_if(fds, [fd](int listed) { return listed <= fd; }); // those below are read
            k = static_cast<std::size_t>(-1); // on from the list's start
            continue;
        }
        if (f.target.empty())
            continue; // closed meanwhile
        f.kind = classifyFdTarget(f.target, f.inode);
        struct stat st { };
        const bool holdsLocks = f.kind == FdKind::File && lockHolder;
        if (holdsLocks && !m_capture && ::fstatat(linkDir, path, &st, 0) == 0)
            f.inode = st.st_ino; // to name the files behind its locks
        if (f.kind == FdKind::File && !m_capture) {
            // procfs gives each fd link the open mode as its permissions (write: S_IWUSR), which
            // saves opening fdinfo/ and a file in it per open file.
            if (::fstatat(linkDir, path, &st, AT_SYMLINK_NOFOLLOW) == 0)
                f.writable = (st.st_mode & S_IWUSR) != 0;
        } else if (f.kind == FdKind::File) {
            // A capture's links are plain symlinks to paths of the machine it was read on, never followed
            // (what is there now is not what the process had open): its fdinfo says the mode and inode.
            if (!fdinfo.valid())
                fdinfo = DirFd::openAt(pidFd, "fdinfo"); // only processes with open files need it
            unsigned flags = 0;
            if (fdinfo.valid() && buf.readRecordAt(fdinfo.get(), path)) {
                if (parseFdinfoFlags(buf.view(), flags))
                    f.writable = (flags & O_ACCMODE) == O_WRONLY || (flags & O_ACCMODE) == O_RDWR;
                std::uint64_t inode = 0;
                if (holdsLocks && parseFdinfoInode(buf.view(), inode))
                    f.inode = inode;
            }
        }
        deep->files.push_back(std::move(f));
    }
    if (taken)
        *taken = took;
    return deep;
}

std::vector<char> Collector::lenders(
    const Pass &pass, const std::vector<std::size_t> &work, const std::vector<std::uint8_t> &needs) const
{
    std::vector<char> can(pass.samples.size(), 0);
    if (!m_canCompareFds)
        return can;
    const int self = ::getpid();
    for (std::size_t i : work) {
        const Sample &s = pass.samples[i];
        can[i] = (needs[i] & 2) && i < pass.dirs.size() && pass.dirs[i].valid() && s.threads == 1 && s.cpuNs
            && *s.cpuNs > 0 && s.id.pid != self;
    }
    return can;
}

void Collector::confirmLenders(Pass &pass, const std::vector<long> &lender, const std::vector<char> &took)
{
    std::unordered_map<long, bool> stillAsRead; // per lender: its CPU nanoseconds as the cheap tier read them
    for (std::size_t i = 0; i < took.size(); ++i) {
        if (!took[i])
            continue;
        const long l = lender[i];
        auto known = stillAsRead.find(l);
        if (known == stillAsRead.end()) {
            const Sample &parent = pass.samples[static_cast<std::size_t>(l)];
            const auto ns = readCpuNs(pass.dirs[static_cast<std::size_t>(l)].get(), 1, m_buffer);
            known = stillAsRead.emplace(l, ns && ns == parent.cpuNs).first;
        }
        if (known->second)
            continue;
        Sample &s = pass.samples[i];
        if (!s.deep)
            continue; // not kept (it exec'd or ended meanwhile)
        s.deep = readDeepAt(pass.dirs[i].get(), s, m_buffer); // its own links, through its kept directory
        m_inherited.readAgain.push_back(s.id);
    }
}

std::vector<FileLock> Collector::readLockTable(FileBuffer &buf) const
{
    // Reading /proc/locks waits for an RCU grace period (~8 ms) however small it is: deep scans only.
    if (m_options.deep == DeepReads::All && buf.readAt(m_root.get(), "locks", 16 << 20))
        return parseLocks(buf.view());
    return {};
}

void Collector::setLocks(std::vector<FileLock> locks)
{
    m_locks = std::move(locks);
    m_lockHolders.clear();
    for (const auto &l : m_locks)
        if (!l.waiting)
            m_lockHolders.insert(l.pid);
}

void Collector::nameLockedFiles(Pass &pass)
{
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (!m_lockHolders.count(s.id.pid) || !s.deep || !s.deep->filesRead)
            continue;
        const bool pinned = i < pass.dirs.size() && pass.dirs[i].valid();
        const DirFd opened = pinned ? DirFd() : openPid(s.id.pid); // past the fd budget
        const int dir = pinned ? pass.dirs[i].get() : opened.get();
        const DirFd fdDir = DirFd::openAt(dir, "fd");
        if (dir < 0 || !fdDir.valid())
            continue;
        auto deep = std::make_shared<DeepDetails>(*s.deep);
        for (OpenFile &f : deep->files) {
            char name[16];
            auto [end, ec] = std::to_chars(name, name + sizeof name - 1, f.fd);
            *end = '\0';
            struct stat st { };
            if (f.kind == FdKind::File && f.inode == 0 && ::fstatat(fdDir.get(), name, &st, 0) == 0)
                f.inode = st.st_ino;
        }
        if (!pinned && stillSame(dir, s, m_buffer) != StillSame::Yes)
            continue; // the pid changed hands (or it exec'd): not its files
        s.deep = deep;
        m_deep[s.id] = std::move(deep);
    }
}

void Collector::attachDetails(Pass &pass, bool deepForAll, const std::unordered_set<ProcessIdentity> *readFdsAgain)
{
    // Cached per identity; the expensive reads happen only for what the cache lacks.
    std::vector<std::size_t> work;
    std::vector<std::uint8_t> needs(pass.samples.size(), 0); // bit 1: details, bit 2: deep, bit 4: exe only
    const bool exeWanted = m_options.readExecutable && !m_exeLeftForLater;
    // A bounded number a refresh: each is a copy of its details, beside the old ones the window still shows (all
    // 5,000 at once raised its peak by 2 MiB).
    std::size_t exeLeft = exeWanted ? kExecutablesPerRefresh : 0;
    std::size_t cached = 0, cachedDeep = 0;
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (s.id.startTicks == 0 && !s.partial.empty())
            continue; // no identity: nothing to cache against
        auto known = m_details.find(s.id);
        auto knownDeep = m_deep.find(s.id);
        // Another comm under the same identity: it exec'd (or renamed itself) since its details were
        // read, and what it is now must be read again: before its exec a child is its parent's copy.
        const bool execd = known != m_details.end() && known->second->comm != s.comm;
        if (known != m_details.end() && !execd) {
            s.details = known->second;
            ++cached;
            if (exeLeft > 0 && !s.details->exeRead) {
                needs[i] |= 4; // left by the first scan
                --exeLeft;
            }
        } else
            needs[i] |= 1;
        const bool wantDeep = !s.isKernelThread()
            && (deepForAll
                || (m_options.deep != DeepReads::None
                    && (knownDeep == m_deep.end() || execd || (readFdsAgain && readFdsAgain->count(s.id)))));
        if (wantDeep)
            needs[i] |= 2;
        else if (knownDeep != m_deep.end()) {
            s.deep = knownDeep->second;
            ++cachedDeep;
        }
        if (needs[i])
            work.push_back(i);
    }
    if (work.empty() && cached == pass.samples.size() && cached == m_details.size() && cachedDeep == m_deep.size())
        return; // every process known, none gone: the caches stay as they are
    std::vector<std::uint8_t> execd(pass.samples.size(), 0); // exec'd while its details were read
    const int self = ::getpid();
    // Parents before children, so that the fds a child shares with its parent are taken from the parent.
    const ParentsFirst order = parentsFirst(pass.samples, work, lenders(pass, work, needs));
    std::vector<char> took(pass.samples.size(), 0);
    std::atomic<std::size_t> tookFds{0};
    for (const std::vector<std::size_t> &level : order.levels) {
        if (&level != &order.levels.front() && m_options.afterLendersRead)
            m_options.afterLendersRead();
        parallelChunks(m_pool.get(), level.size(), static_cast<int>(m_buffers.size()),
            [&](std::size_t begin, std::size_t end, int worker) {
                FileBuffer &buf = m_buffers[static_cast<std::size_t>(worker)];
                for (std::size_t w = begin; w < end; ++w) {
                    const std::size_t i = level[w];
                    Sample &s = pass.samples[i];
                    const bool pinned = i < pass.dirs.size() && pass.dirs[i].valid();
                    const DirFd opened = pinned ? DirFd() : openPid(s.id.pid);
                    const int dir = pinned ? pass.dirs[i].get() : opened.get();
                    if (dir < 0)
                        continue; // vanished: marked below
                    std::shared_ptr<const ProcessDetails> details;
                    std::shared_ptr<const DeepDetails> deep;
                    if (needs[i] & 1)
                        details = readDetails(dir, s, buf);
                    else if (needs[i] & 4)
                        details = withExecutable(dir, *s.details);
                    if (needs[i] & 2 && pinned && s.id.pid == self)
                        deep = ownFilesWhilePinning();
                    else if (needs[i] & 2) {
                        const long l = order.lender[i];
                        const Sample *parent = l >= 0 ? &pass.samples[static_cast<std::size_t>(l)] : nullptr;
                        const bool lends = pinned && parent && parent->deep && parent->deep->filesRead;
                        const Lender from{lends ? parent->deep.get() : nullptr, parent ? parent->id.pid : 0};
                        std::size_t n = 0;
                        deep = readDeepAt(dir, s, buf, lends ? &from : nullptr, &n);
                        took[i] = n > 0;
                        tookFds += n;
                    }
                    if (m_fdsCountedWithDetails && s.fdCount < 0 && !s.isKernelThread())
                        s.fdCount = deep && deep->filesRead ? deep->fdCount : countFds(dir);
                    // The pid may have changed hands since the cheap tier (then this directory is
                    // another process's), or the process exec'd meanwhile: such reads are not its.
                    // Through a kept directory only the exec can happen, which a one-shot's second
                    // pass sees in the command name (its details are then read again).
                    switch (pinned && pass.execSeenLater ? StillSame::Yes : stillSame(dir, s, buf)) {
                    case StillSame::Yes:
                        if (needs[i] & 5)
                            s.details = std::move(details);
                        if (needs[i] & 2)
                            s.deep = std::move(deep);
                        break;
                    case StillSame::Execd:
                        execd[i] = 1;
                        break;
                    case StillSame::No: // vanished: marked below
                        break;
                    }
                }
            });
    }
    m_inherited.fds += tookFds;
    confirmLenders(pass, order.lender, took);
    std::unordered_map<ProcessIdentity, std::shared_ptr<const ProcessDetails>> details;
    std::unordered_map<ProcessIdentity, std::shared_ptr<const DeepDetails>> deep;
    details.reserve(pass.samples.size());
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (execd[i]) {
            // Read again next time, when stat and the details can agree.
            auto d = std::make_shared<ProcessDetails>();
            d->comm = s.comm;
            d->partial = "changed (exec) while its details were read";
            s.details = d;
            s.deep.reset();
            continue;
        }
        if (!s.details) {
            auto d = std::make_shared<ProcessDetails>();
            d->comm = s.comm;
            d->partial = "vanished before its details were read";
            s.details = d;
        } else if (!s.details->cmdline.empty() || s.isKernelThread() || s.state == 'Z' || m_capture) {
            details.emplace(s.id, s.details);
        } // else read again next time: read mid-exec (the new program's name in place, not yet its
          // arguments: a spawner resumes before then), or a process that emptied its arguments
        if (s.deep)
            deep.emplace(s.id, s.deep);
    }
    m_details = std::move(details); // identities that are gone drop out of the cache
    m_deep = std::move(deep);
}

void Collector::applyRates(Pass &pass)
{
    std::unordered_map<ProcessIdentity, PreviousSample> next;
    next.reserve(pass.samples.size());
    std::optional<double> interval;
    pass.intervals.assign(pass.samples.size(), 0);
    for (std::size_t k = 0; k < pass.samples.size(); ++k) {
        Sample &s = pass.samples[k];
        const double at = k < pass.readAt.size() ? pass.readAt[k] : pass.uptime;
        auto it = m_previous.find(s.id);
        double seenSeconds = kSteadySeconds;
        LifeFill life;
        if (it != m_previous.end()) {
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
    m_previous = std::move(next);
    m_lastInterval = interval;
}

void Collector::fillShortIntervals(Pass &pass)
{
    if (m_capture)
        return; // a capture pair's interval (0.3 s and more, chosen for it) is taken as it is
    for (std::size_t k = 0; k < pass.samples.size() && k < pass.intervals.size(); ++k) {
        Sample &s = pass.samples[k];
        if (pass.intervals[k] >= 0 || !s.cpuShare)
            continue;
        const LifeFill life
            = fillShortInterval(s, -pass.intervals[k], k < pass.readAt.size() ? pass.readAt[k] : pass.uptime);
        // The next refreshes go on from what this look said, not from its short interval alone: a burst
        // caught in 0.2 s (1 MB: 5 MB/s) took minutes to fade from the live rate.
        if (const auto it = m_previous.find(s.id); it != m_previous.end()) {
            it->second.cpuSteady = s.cpuSteady;
            it->second.ioSteady = s.ioSteady;
            it->second.steadyLife = life;
        }
    }
}

std::optional<SchedClocks> Collector::schedClocks()
{
    auto clocks = m_clocks ? m_clocks->renewed(30000) : std::nullopt;
    if (!clocks) {
        std::string warning;
        clocks = SchedClocks::read(m_root.get(), !m_capture, m_buffer, &warning);
        m_clocks = clocks;
        if (!warning.empty())
            m_clockWarning = Phrase("Collector",
                QT_TRANSLATE_NOOP("Collector", "%1; one scheduler clock is used for every CPU"), {warning});
    }
    return clocks;
}

void Collector::attachLastRan(Pass &pass)
{
    // Only processes that did not run in the interval: for the others the CPU share says it.
    const auto clocks = schedClocks();
    if (!clocks) {
        m_lastRan.clear(); // no sched files (kernel without CONFIG_SCHED_DEBUG, an older capture)
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
    parallelChunks(m_pool.get(), work.size(), static_cast<int>(m_buffers.size()),
        [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = m_buffers[static_cast<std::size_t>(worker)];
            for (std::size_t w = begin; w < end; ++w) {
                const Sample &s = pass.samples[work[w]];
                const auto known = m_lastRan.find(s.id);
                if (known != m_lastRan.end() && s.cpuNs && known->second.cpuNs == s.cpuNs) {
                    read[work[w]] = known->second; // not run since: its last run is where it was
                    continue;
                }
                const DirFd dir = openPid(s.id.pid);
                if (!dir.valid())
                    continue;
                const auto cpuNs = s.cpuNs ? s.cpuNs : readCpuNs(dir.get(), s.threads, buf);
                if (known != m_lastRan.end() && cpuNs && known->second.cpuNs == cpuNs) {
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
    m_lastRan = std::move(next);
}

Collector::SocketReading Collector::readSockets(FileBuffer &buf) const
{
    SocketReading r;
    std::string netError;
    std::string sockstat;
    if (!m_capture && buf.readAt(m_root.get(), "net/sockstat"))
        sockstat = buf.view();
    const SocketCounts counts
        = parseSockstat(sockstat, !m_capture && buf.readAt(m_root.get(), "net/sockstat6") ? buf.view() : "");
    if (m_capture || !readInetSocketsNetlink(r.sockets, &netError, &r.closedByPort, &counts)) {
        r.closedByPort.clear(); // what a failed dump counted is counted again below
        if (!netError.empty())
            r.warning = Phrase("Collector", QT_TRANSLATE_NOOP("Collector", "%1; falling back to %2/net"),
                std::vector<Phrase>{netError, m_options.procRoot});
        const std::pair<const char *, SocketInfo::Proto> files[]
            = {{"net/tcp", SocketInfo::Proto::Tcp}, {"net/tcp6", SocketInfo::Proto::Tcp6},
                {"net/udp", SocketInfo::Proto::Udp}, {"net/udp6", SocketInfo::Proto::Udp6}};
        for (const auto &[file, proto] : files)
            if (buf.readAt(m_root.get(), file, 64 << 20))
                parseProcNetInet(buf.view(), proto, r.sockets, &r.closedByPort);
    }
    if (buf.readAt(m_root.get(), "net/unix", 64 << 20))
        parseProcNetUnix(buf.view(), r.sockets);
    return r;
}

std::vector<std::uint64_t> Collector::tcpListeners(const SocketMap &sockets)
{
    std::vector<std::uint64_t> listeners;
    for (const auto &[inode, si] : sockets)
        if (si.listening && (si.proto == SocketInfo::Proto::Tcp || si.proto == SocketInfo::Proto::Tcp6))
            listeners.push_back(inode);
    std::sort(listeners.begin(), listeners.end());
    return listeners;
}

std::unordered_set<ProcessIdentity> Collector::holdersToReadAgain(const Pass &pass, const SocketMap &sockets)
{
    constexpr double kYoungSeconds = 300; // a dev server binds within seconds of its start
    std::vector<std::uint64_t> listeners = tcpListeners(sockets);
    std::unordered_set<ProcessIdentity> again;
    if (listeners == m_tcpListeners)
        return again; // the common case: nothing to look for
    const auto listening = [&](const std::vector<std::uint64_t> &set, std::uint64_t inode) {
        return std::binary_search(set.begin(), set.end(), inode);
    };
    std::unordered_set<std::uint64_t> held;
    for (const auto &[id, deep] : m_deep) {
        if (!deep)
            continue;
        for (const OpenFile &of : deep->files) {
            if (of.kind != FdKind::Socket)
                continue;
            held.insert(of.inode);
            if (listening(m_tcpListeners, of.inode) && !listening(listeners, of.inode))
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
    m_tcpListeners = std::move(listeners);
    return again;
}

std::shared_ptr<Snapshot> Collector::publish(Pass &&pass, PhaseClock &clock, std::optional<SocketReading> sockets)
{
    auto snap = std::make_shared<Snapshot>();
    auto &sys = snap->system;
    sys.bootId = m_bootId;
    sys.uptimeSeconds = pass.uptime;
    sys.clockTicks = ::sysconf(_SC_CLK_TCK);
    sys.pageSize = ::getpagesize();
    sys.cpuCount = static_cast<int>(std::max(1L, ::sysconf(_SC_NPROCESSORS_ONLN)));
    FileBuffer &buf = m_buffer;
    if (buf.readAt(m_root.get(), "meminfo")) {
        parseMeminfo(buf.view(), sys.memTotalBytes, sys.memAvailableBytes);
        std::uint64_t swapTotal = 0, swapFree = 0;
        if (parseSwap(buf.view(), swapTotal, swapFree)) {
            sys.swapTotalBytes = swapTotal;
            sys.swapFreeBytes = swapFree;
        }
    } else
        snap->warnings.push_back(m_options.procRoot + "/meminfo: " + std::strerror(buf.error()));
    if (buf.readAt(m_root.get(), "loadavg"))
        parseLoadavg(buf.view(), sys.load1, sys.load5, sys.load15);
    double some = 0, full = 0;
    if (buf.readAt(m_root.get(), "pressure/memory") && parsePressure(buf.view(), some, full)) {
        sys.memPressureSome = some;
        sys.memPressureFull = full;
    }
    clock.lap("system");

    if (!sockets)
        sockets = readSockets(buf);
    snap->sockets = std::move(sockets->sockets);
    snap->closedByPort = std::move(sockets->closedByPort);
    if (sockets->warning)
        snap->warnings.push_back(std::move(*sockets->warning));
    if (m_clockWarning)
        snap->warnings.push_back(std::move(*m_clockWarning));
    m_clockWarning.reset();
    snap->locks = std::move(m_locks);
    clock.lap("sockets");

    if (!m_capture) {
        for (const auto &s : pass.samples) {
            if (s.ttyNr == 0 || snap->ttyActivityMs.count(s.ttyNr))
                continue;
            const std::string dev = ttyDevicePath(s.ttyNr);
            struct stat st { };
            if (!dev.empty() && ::stat(dev.c_str(), &st) == 0) {
                const auto &t = st.st_atim.tv_sec > st.st_mtim.tv_sec ? st.st_atim : st.st_mtim;
                snap->ttyActivityMs[s.ttyNr] = static_cast<std::int64_t>(t.tv_sec) * 1000 + t.tv_nsec / 1000000;
            }
        }
    }
    if (m_source == ProcSource::Capture) {
        // Files refused in a capture are each process's warnings; the scan says where to look.
        std::vector<std::string> refused;
        for (const auto &s : pass.samples)
            if (s.partialReasons().find("(a capture)") != std::string::npos
                || s.partialReasons().find("outside the capture") != std::string::npos)
                refused.push_back(std::to_string(s.id.pid));
        if (!refused.empty())
            snap->warnings.emplace_back("Collector",
                QT_TRANSLATE_NOOP("Collector",
                    "%1: files of %2 processes are FIFOs, devices or links and were not read (pid %3); "
                    "explain PID says which"),
                std::vector<Phrase>{m_options.procRoot, std::to_string(refused.size()), joinFirst(refused, 10)});
    }
    snap->intervalSeconds = m_lastInterval;
    snap->capturedAtMs = m_capturedAtMs > 0
        ? m_capturedAtMs
        : std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
              .count();
    snap->processes = std::move(pass.samples);
    snap->indexByPid.reserve(snap->processes.size());
    for (std::size_t i = 0; i < snap->processes.size(); ++i)
        snap->indexByPid.emplace(snap->processes[i].id.pid, i);
    clock.lap("terminals, snapshot");
    return snap;
}

std::shared_ptr<const Snapshot> Collector::scanOnce(double minIntervalSeconds)
{
    m_phases.clear();
    m_inherited = {};
    PhaseClock clock(&m_phases);
    m_preciseCpu = true;
    // Each process's deep read (all, or all new, which is all while none is known) counts its fds from
    // the fd directory it stats or lists: not counted first in the cheap tier as well.
    m_fdsCountedWithDetails
        = !m_capture && (m_options.deep == DeepReads::All || (m_options.deep == DeepReads::NewOnly && m_deep.empty()));
    m_keptDirs.clear(); // a one-shot keeps its own, within the same budget
    m_lastRefresh.reset();
    if (m_capture) {
        if (m_options.meanwhile)
            m_options.meanwhile();
        setLocks(readLockTable(m_buffer));
        clock.lap("locks");
        Pass pass = readCheapTier();
        clock.lap("cheap tier");
        attachDetails(pass, m_options.deep == DeepReads::All);
        clock.lap("details");
        applyRates(pass);
        attachLastRan(pass);
        fillShortIntervals(pass);
        clock.lap("rates, last ran");
        return publish(std::move(pass), clock);
    }
    m_exeLeftForLater = m_options.refreshesAfterScanOnce && m_options.readExecutable;
    // Room in the fd table for a directory per process, made while this may still be the only
    // thread: the kernel grows a table shared by threads (in one step) only after an RCU grace period
    // (10-30 ms). The window grows its table at start (reserveFdTableBeforeThreads).
    const auto pids = listPids(m_root.get());
    const std::size_t keep = std::min(pids.size(), pidDirBudget());
    reserveFdTable(m_root.get(), keep + 64);
    // Beside the first pass and its details, on a thread of its own (started once the fd table is
    // grown): the socket tables, /proc/locks, which mostly waits for an RCU grace period, and the
    // caller's work. The files of the few that hold a lock are named after the details.
    setLocks({});
    FileBuffer besideBuffer(m_source);
    std::vector<FileLock> lockTable;
    std::optional<SocketReading> sockets;
    std::atomic<bool> socketsRead{false};
    const auto beside = [this, &besideBuffer, &lockTable, &sockets, &socketsRead] {
        sockets = readSockets(besideBuffer);
        socketsRead.store(true);
        lockTable = readLockTable(besideBuffer);
        if (m_options.meanwhile)
            m_options.meanwhile();
    };
    std::thread besideThread;
    try {
        besideThread = std::thread(beside);
    } catch (const std::system_error &) { // no thread to be had (a fork bomb took every pid): in turn
        beside();
    }
    // Many processes in few cgroups (a test run's workers): each cgroup's members read once, not each
    // process's cgroup. Walking more cgroups than a third of the processes would cost more.
    m_cgroups.reset();
    if (const std::string mount = CgroupMembers::unifiedMount(); !mount.empty() && m_options.procRoot == "/proc")
        m_cgroups = CgroupMembers::read(mount, pids.size() / 3);
    clock.lap("cgroups");
    // "Last ran" on the clocks' timeline at the first read: those quiet long before it are read once.
    if (const auto clocks = schedClocks())
        m_quiet = QuietTest{*clocks, std::max(kQuietSeconds, 10 * minIntervalSeconds),
            static_cast<double>(std::max(1L, ::sysconf(_SC_CLK_TCK)))};
    clock.lap("scheduler clocks");
    Pass first = readCheapTier(pids, true, keep);
    m_quiet.reset();
    m_ioLeftForLater.clear();
    if (m_options.refreshesAfterScanOnce)
        for (std::size_t i = 0; i < first.samples.size(); ++i)
            if (first.quiet[i] && !first.samples[i].ioBytes)
                m_ioLeftForLater.push_back(first.samples[i].id);
    clock.lap("cheap tier");
    if (m_options.afterCheapTier)
        m_options.afterCheapTier();
    applyRates(first);
    // Listeners in a table read before the first fd was were there for their holders' reads: refreshes look for
    // the holders of newer ones only. Else the first refresh reads the fds of every young process again.
    const bool socketsBeforeFds = socketsRead.load();
    attachDetails(first, m_options.deep == DeepReads::All);
    clock.lap("details");
    if (besideThread.joinable())
        besideThread.join();
    clock.lap("waited for: locks, sockets, the caller's work");
    m_tcpListeners = socketsBeforeFds && sockets ? tcpListeners(sockets->sockets) : std::vector<std::uint64_t>{};
    setLocks(std::move(lockTable));
    nameLockedFiles(first);
    clock.lap("locked files");
    const double elapsed = bootClockSeconds() - first.uptime;
    if (elapsed < minIntervalSeconds)
        std::this_thread::sleep_for(std::chrono::duration<double>(minIntervalSeconds - elapsed));
    clock.lap("interval wait");
    Pass second = rereadRates(first);
    clock.lap("rates again");
    attachDetails(second, false); // those that exec'd meanwhile get theirs read again
    clock.lap("details (exec'd)");
    applyRates(second);
    attachLastRan(second);
    fillShortIntervals(second);
    m_cgroups.reset();
    m_exeLeftForLater = false;
    if (m_options.refreshesAfterScanOnce)
        keepDirs(second);
    clock.lap("rates, last ran");
    return publish(std::move(second), clock, std::move(sockets));
}

Collector::Pass Collector::rereadRates(Pass &first)
{
    Pass second;
    second.uptime = now(m_buffer);
    const std::size_t n = first.samples.size();
    std::vector<char> alive(n, 0);
    std::vector<std::optional<double>> lastRan(n);
    const bool keepForRefreshes = m_options.refreshesAfterScanOnce; // their first refresh opens none again
    std::vector<double> readAt(m_capture ? 0 : n);
    parallelChunks(
        m_pool.get(), n, static_cast<int>(m_buffers.size()), [&](std::size_t begin, std::size_t end, int worker) {
            FileBuffer &buf = m_buffers[static_cast<std::size_t>(worker)];
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
                const bool read = pinned ? readCheapAt(first.dirs[i], s.id.pid, fresh, buf, &lastRan[i], cpuReadAt)
                                         : readCheap(s.id.pid, fresh, buf, &lastRan[i], nullptr, cpuReadAt);
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

void Collector::reserveFdTableBeforeThreads()
{
    const DirFd proc(::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (!proc.valid())
        return;
    reserveFdTable(proc.get(), std::min(2 * listPids(proc.get()).size(), pidDirBudget()) + 64);
}

void Collector::reserveFdTable(int anyFd, std::size_t fds)
{
    // The lowest free fd at or above fds - 1 makes the table that large; it stays so when closed.
    const int fd = ::fcntl(anyFd, F_DUPFD_CLOEXEC, static_cast<int>(std::min<std::size_t>(fds, 1 << 24)) - 1);
    if (fd >= 0)
        ::close(fd);
}

std::size_t Collector::pidDirBudget()
{
    // Leave room for everything else the process opens (the window's sockets, fonts, a database).
    constexpr rlim_t reserve = 512;
    rlimit rl{};
    if (::getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return 1 << 20;
    return rl.rlim_cur > reserve ? static_cast<std::size_t>(rl.rlim_cur - reserve) : 0;
}

void Collector::keepDirs(Pass &pass)
{
    m_keptDirs.clear();
    m_keptDirs.reserve(pass.dirs.size());
    for (std::size_t i = 0; i < pass.dirs.size(); ++i)
        if (pass.dirs[i].valid())
            m_keptDirs.push_back({pass.samples[i].id, std::move(pass.dirs[i])});
    std::sort(
        m_keptDirs.begin(), m_keptDirs.end(), [](const KeptDir &a, const KeptDir &b) { return a.id.pid < b.id.pid; });
}

std::size_t Collector::readIoLeftForLater()
{
    std::size_t taken = 0;
    const auto left = std::exchange(m_ioLeftForLater, {});
    // Background work after a result the window waits for: blocks with yield points between them.
    parallelChunks(nullptr, left.size(), 1, [&](std::size_t begin, std::size_t end, int) {
        for (std::size_t i = begin; i < end; ++i) {
            const ProcessIdentity &id = left[i];
            const auto kept = std::lower_bound(
                m_keptDirs.begin(), m_keptDirs.end(), id.pid, [](const KeptDir &k, int pid) { return k.id.pid < pid; });
            const auto previous = m_previous.find(id);
            if (kept == m_keptDirs.end() || kept->id != id || previous == m_previous.end() || !previous->second.cpuNs)
                continue;
            Sample s;
            readIo(kept->dir.get(), s, m_buffer);
            // Read first, then its CPU time: unchanged, it did no I/O since the scan, nor before this read.
            if (s.ioBytes && readCpuNs(kept->dir.get(), 1, m_buffer) == previous->second.cpuNs) {
                previous->second.ioBytes = s.ioBytes;
                previous->second.writtenBytes = s.writtenBytes;
                ++taken;
            }
        }
    });
    return taken;
}

std::shared_ptr<const Snapshot> Collector::refresh()
{
    m_phases.clear();
    m_ioLeftForLater.clear();
    m_inherited = {};
    PhaseClock clock(&m_phases);
    setLocks(readLockTable(m_buffer));
    clock.lap("locks");
    m_preciseCpu = m_capture; // every refresh: ticks for many threads (schedstat only for one-thread processes, a read
                              // in an open directory)
    m_fdsCountedWithDetails = false;
    Pass pass = readCheapTier();
    clock.lap("cheap tier");
    if (m_options.afterCheapTier)
        m_options.afterCheapTier();
    // The socket table before the details: whose fds to read again follows from its listeners.
    SocketReading sockets = readSockets(m_buffer);
    clock.lap("socket table");
    const auto again = m_options.deep == DeepReads::NewOnly && !m_capture ? holdersToReadAgain(pass, sockets.sockets)
                                                                          : std::unordered_set<ProcessIdentity>{};
    attachDetails(pass, m_options.deep == DeepReads::All, &again);
    keepDirs(pass);
    clock.lap("details");
    applyRates(pass);
    attachLastRan(pass);
    fillShortIntervals(pass);
    clock.lap("rates, last ran");
    auto snap = publish(std::move(pass), clock, std::move(sockets));
    m_lastRefresh = snap;
    return snap;
}

std::shared_ptr<const DeepDetails> Collector::readDeep(const ProcessIdentity &id)
{
    const DirFd dir = openPid(id.pid);
    if (!dir.valid())
        return nullptr;
    Sample s;
    if (!readCheapAt(dir, id.pid, s, m_buffer) || s.id != id)
        return nullptr; // gone, or the pid now names another process
    auto deep = readDeepAt(dir.get(), s, m_buffer);
    if (m_options.readExecutable) {
        deep->exe = readLinkAt(dir.get(), "exe");
        deep->exeRead = true;
    }
    // The whole environment only for this one process; masked before it leaves the collector.
    if (m_buffer.readAt(dir.get(), "environ", 1 << 20)) {
        deep->environment = parseEnvironAll(m_buffer.view(), 4096);
        maskSecrets(deep->environment);
        std::sort(deep->environment.begin(), deep->environment.end());
    } else {
        addReason(deep->partial, describeErrno("environ", m_buffer.error()));
    }
    if (stillSame(dir.get(), s, m_buffer) == StillSame::No)
        return nullptr; // a captured tree changed under the reads (a live pid directory cannot)
    auto details = m_details.find(id);
    if (!m_capture && details != m_details.end() && details->second && !details->second->cwdDeleted)
        deep->workspace = findWorkspace(details->second->cwd);
    m_deep[id] = deep;
    return deep;
}

void Collector::seedPrevious(const std::vector<PreviousSample> &previous)
{
    for (const auto &p : previous)
        m_previous[p.id] = p;
}

std::vector<PreviousSample> Collector::previousSamples() const
{
    std::vector<PreviousSample> out;
    out.reserve(m_previous.size());
    for (const auto &[k, v] : m_previous)
        out.push_back(v);
    return out;
}

Phrase partialPhrase(const std::string &reasons)
{
    // The collector's own endings (describeReadError), after "FILE".
    static const std::pair<std::string_view, const char *> kEndings[] = {
        {": permission denied", QT_TRANSLATE_NOOP("Collector", "%1: permission denied")},
        {": not a regular file, not read (a capture)",
            QT_TRANSLATE_NOOP("Collector", "%1: not a regular file, not read (a capture)")},
        {": a link, not followed (a capture)", QT_TRANSLATE_NOOP("Collector", "%1: a link, not followed (a capture)")},
        {": outside the capture, not read", QT_TRANSLATE_NOOP("Collector", "%1: outside the capture, not read")}};
    Phrase out;
    std::size_t at = 0;
    while (at < reasons.size()) {
        const std::size_t end = std::min(reasons.find("; ", at), reasons.size());
        const std::string part = reasons.substr(at, end - at);
        Phrase one(part);
        for (const auto &[ending, source] : kEndings)
            if (part.ends_with(ending)) {
                one = Phrase("Collector", source, {part.substr(0, part.size() - ending.size())});
                break;
            }
        out = out.empty() ? one : Phrase("Format", "%1; %2", {out, one});
        at = end + 2;
    }
    return out;
}

} // namespace ptriage
