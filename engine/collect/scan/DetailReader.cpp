#include "DetailReader.h"

#include "collect/Workspace.h"
#include "collect/proc/InheritedFds.h"
#include "collect/proc/ProcParsers.h"
#include "collect/proc/SchedTimes.h"
#include "collect/scan/DeepReader.h"
#include "collect/scan/ProcessReader.h"
#include "util/Parallel.h"

#include <atomic>
#include <cerrno>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace ptriage {
namespace {

// Executables a refresh reads that the live service's first scan left (refreshesAfterScanOnce).
constexpr std::size_t kExecutablesPerRefresh = 1024;

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

std::shared_ptr<const ProcessDetails> readDetails(
    const CollectorState &state, int pidFd, const Sample &s, FileBuffer &buf)
{
    auto d = std::make_shared<ProcessDetails>();
    d->comm = s.comm; // the same text as the comm file, already read with stat
    if (buf.readAt(pidFd, "cmdline", 256 * 1024, FileBuffer::ShortRead::Ends))
        d->cmdline = parseCmdline(buf.view());
    else
        addReason(d->partial, describeErrno("cmdline", buf.error()));
    if (const std::string *cgroup = state.cgroups ? state.cgroups->find(s.id.pid, s.id.startTicks) : nullptr)
        d->cgroup = *cgroup;
    else if (buf.readRecordAt(pidFd, "cgroup"))
        d->cgroup = parseCgroup(buf.view());
    if (buf.readAt(pidFd, "environ", 1 << 20, FileBuffer::ShortRead::Ends)) {
        d->environ = parseEnviron(buf.view(), state.environKeys);
        d->environRead = true;
    } else if (buf.error() != ENOENT && s.state != 'Z') // a zombie's memory, environ in it, is gone
        addReason(d->partial, describeErrno("environ", buf.error()));
    int err = 0;
    // A kernel thread or a zombie has no executable: said at once, it takes no later refresh's turn.
    if (state.options.readExecutable && (!state.exeLeftForLater || s.isKernelThread() || s.state == 'Z')) {
        d->exe = readLinkAt(pidFd, "exe", &err);
        d->exeRead = true;
    }
    d->cwd = readLinkAt(pidFd, "cwd", &err);
    if ((err == EACCES || err == EPERM) && s.state != 'Z')
        addReason(d->partial, "cwd: permission denied");
    constexpr std::string_view deleted = " (deleted)";
    if (d->cwd.size() > deleted.size() && d->cwd.ends_with(deleted)) {
        d->cwdDeleted = true;
        d->cwd.resize(d->cwd.size() - deleted.size());
    }
    if (s.comm == "git" && !d->cwdDeleted)
        d->gitLocks = findGitLocks(d->cwd);
    if (state.workTrees && !d->cwdDeleted && !d->cwd.empty()) {
        WorkTree tree = state.workTrees->find(d->cwd);
        d->project = std::move(tree.root);
        d->projectRepository = std::move(tree.repository);
        d->projectLabel = std::move(tree.label);
    }
    return d;
}

// `known` with its executable read (left by the live service's first scan).
std::shared_ptr<const ProcessDetails> withExecutable(int pidFd, const ProcessDetails &known)
{
    auto d = std::make_shared<ProcessDetails>(known);
    d->exe = readLinkAt(pidFd, "exe");
    d->exeRead = true;
    return d;
}

// Which samples of the pass may lend their fd records to their children read after them.
std::vector<char> lenders(const CollectorState &state, const Pass &pass, const std::vector<std::size_t> &work,
    const std::vector<std::uint8_t> &needs)
{
    std::vector<char> can(pass.samples.size(), 0);
    if (!state.canCompareFds)
        return can;
    const int self = ::getpid();
    for (std::size_t i : work) {
        const Sample &s = pass.samples[i];
        can[i] = (needs[i] & 2) && i < pass.dirs.size() && pass.dirs[i].valid() && s.threads == 1 && s.cpuNs
            && *s.cpuNs > 0 && s.id.pid != self;
    }
    return can;
}

// Children that took records from a parent that ran since its CPU time was read get theirs read again.
void confirmLenders(CollectorState &state, Pass &pass, const std::vector<long> &lender, const std::vector<char> &took)
{
    std::unordered_map<long, bool> stillAsRead; // per lender: its CPU nanoseconds as the cheap tier read them
    for (std::size_t i = 0; i < took.size(); ++i) {
        if (!took[i])
            continue;
        const long l = lender[i];
        auto known = stillAsRead.find(l);
        if (known == stillAsRead.end()) {
            const Sample &parent = pass.samples[static_cast<std::size_t>(l)];
            const auto ns = readCpuNs(pass.dirs[static_cast<std::size_t>(l)].get(), 1, state.buffer);
            known = stillAsRead.emplace(l, ns && ns == parent.cpuNs).first;
        }
        if (known->second)
            continue;
        Sample &s = pass.samples[i];
        if (!s.deep)
            continue; // not kept (it exec'd or ended meanwhile)
        s.deep = readDeepAt(state, pass.dirs[i].get(), s, state.buffer); // its own links, through its kept directory
        state.inherited.readAgain.push_back(s.id);
    }
}

} // namespace

void attachDetails(
    CollectorState &state, Pass &pass, bool deepForAll, const std::unordered_set<ProcessIdentity> *readFdsAgain)
{
    // Cached per identity; the expensive reads happen only for what the cache lacks.
    std::vector<std::size_t> work;
    std::vector<std::uint8_t> needs(pass.samples.size(), 0); // bit 1: details, bit 2: deep, bit 4: exe only
    const bool exeWanted = state.options.readExecutable && !state.exeLeftForLater;
    // A bounded number a refresh: each is a copy of its details, beside the old ones the window still shows (all
    // 5,000 at once raised its peak by 2 MiB).
    std::size_t exeLeft = exeWanted ? kExecutablesPerRefresh : 0;
    std::size_t cached = 0, cachedDeep = 0;
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (s.id.startTicks == 0 && !s.partial.empty())
            continue; // no identity: nothing to cache against
        auto known = state.details.find(s.id);
        auto knownDeep = state.deep.find(s.id);
        // Another comm under the same identity: it exec'd (or renamed itself) since its details were
        // read, and what it is now must be read again: before its exec a child is its parent's copy.
        const bool execd = known != state.details.end() && known->second->comm != s.comm;
        if (known != state.details.end() && !execd) {
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
                || (state.options.deep != DeepReads::None
                    && (knownDeep == state.deep.end() || execd || (readFdsAgain && readFdsAgain->count(s.id)))));
        if (wantDeep)
            needs[i] |= 2;
        else if (knownDeep != state.deep.end()) {
            s.deep = knownDeep->second;
            ++cachedDeep;
        }
        if (needs[i])
            work.push_back(i);
    }
    if (work.empty() && cached == pass.samples.size() && cached == state.details.size()
        && cachedDeep == state.deep.size())
        return; // every process known, none gone: the caches stay as they are
    std::vector<std::uint8_t> execd(pass.samples.size(), 0); // exec'd while its details were read
    const int self = ::getpid();
    // Parents before children, so that the fds a child shares with its parent are taken from the parent.
    const ParentsFirst order = parentsFirst(pass.samples, work, lenders(state, pass, work, needs));
    std::vector<char> took(pass.samples.size(), 0);
    std::atomic<std::size_t> tookFds{0};
    for (const std::vector<std::size_t> &level : order.levels) {
        if (&level != &order.levels.front() && state.options.afterLendersRead)
            state.options.afterLendersRead();
        parallelChunks(state.pool.get(), level.size(), static_cast<int>(state.buffers.size()),
            [&](std::size_t begin, std::size_t end, int worker) {
                FileBuffer &buf = state.buffers[static_cast<std::size_t>(worker)];
                for (std::size_t w = begin; w < end; ++w) {
                    const std::size_t i = level[w];
                    Sample &s = pass.samples[i];
                    const bool pinned = i < pass.dirs.size() && pass.dirs[i].valid();
                    const DirFd opened = pinned ? DirFd() : openPid(state, s.id.pid);
                    const int dir = pinned ? pass.dirs[i].get() : opened.get();
                    if (dir < 0)
                        continue; // vanished: marked below
                    std::shared_ptr<const ProcessDetails> details;
                    std::shared_ptr<const DeepDetails> deep;
                    if (needs[i] & 1)
                        details = readDetails(state, dir, s, buf);
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
                        deep = readDeepAt(state, dir, s, buf, lends ? &from : nullptr, &n);
                        took[i] = n > 0;
                        tookFds += n;
                    }
                    if (state.fdsCountedWithDetails && s.fdCount < 0 && !s.isKernelThread())
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
    state.inherited.fds += tookFds;
    confirmLenders(state, pass, order.lender, took);
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
        } else if (!s.details->cmdline.empty() || s.isKernelThread() || s.state == 'Z' || state.capture) {
            details.emplace(s.id, s.details);
        } // else read again next time: read mid-exec (the new program's name in place, not yet its
          // arguments: a spawner resumes before then), or a process that emptied its arguments
        if (s.deep)
            deep.emplace(s.id, s.deep);
    }
    state.details = std::move(details); // identities that are gone drop out of the cache
    state.deep = std::move(deep);
}

} // namespace ptriage
