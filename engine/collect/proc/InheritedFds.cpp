#include "collect/proc/InheritedFds.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <linux/kcmp.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_map>

namespace ptriage {
namespace {

// Off for good once the kernel has no kcmp (ENOSYS). EPERM (a seccomp profile, or a pair not ours
// to compare) only ends that child's compares (sharedWith): one failed call per child.
std::atomic<bool> g_kcmpRefused{false};

} // namespace

SameFile sameOpenFile(int pid, int other, int fd)
{
    if (g_kcmpRefused.load(std::memory_order_relaxed))
        return SameFile::Unknown;
    const long r = ::syscall(SYS_kcmp, pid, other, KCMP_FILE, fd, fd);
    if (r >= 0)
        return r == 0 ? SameFile::Yes : SameFile::No;
    if (errno == EBADF)
        return SameFile::NotInBoth;
    if (errno == ENOSYS)
        g_kcmpRefused.store(true, std::memory_order_relaxed);
    return SameFile::Unknown; // ESRCH (gone), EPERM (not ours to compare)
}

ParentsFirst parentsFirst(
    const std::vector<Sample> &samples, const std::vector<std::size_t> &work, const std::vector<char> &canLend)
{
    ParentsFirst out;
    out.lender.assign(samples.size(), -1);
    std::unordered_map<int, std::size_t> byPid; // those read now
    byPid.reserve(work.size());
    for (std::size_t i : work)
        byPid.emplace(samples[i].id.pid, i);
    // A lender's level, then its child's one more: parents come before children in pid order unless the
    // pids wrapped, so the loop is repeated until nothing moves (bounded: a tree is acyclic).
    std::vector<int> level(samples.size(), 0);
    for (std::size_t i : work)
        if (const auto p = byPid.find(samples[i].ppid); p != byPid.end() && p->second != i && canLend[p->second])
            out.lender[i] = static_cast<long>(p->second);
    constexpr int kDeepest = 64; // a deeper chain borrows no further (a loop could only come from bad input)
    for (bool moved = true; moved;) {
        moved = false;
        for (std::size_t i : work)
            if (const long l = out.lender[i]; l >= 0 && level[i] <= level[static_cast<std::size_t>(l)]
                && level[static_cast<std::size_t>(l)] < kDeepest) {
                level[i] = level[static_cast<std::size_t>(l)] + 1;
                moved = true;
            }
    }
    for (std::size_t i : work) {
        if (const long l = out.lender[i]; l >= 0 && level[static_cast<std::size_t>(l)] >= level[i])
            out.lender[i] = -1; // in a loop, or past the deepest: its lender is not read before it
        const auto at = static_cast<std::size_t>(level[i]);
        if (out.levels.size() <= at)
            out.levels.resize(at + 1);
        out.levels[at].push_back(i);
    }
    return out;
}

std::vector<const OpenFile *> sharedWith(int pid, int lenderPid, const DeepDetails &lender)
{
    std::vector<const OpenFile *> shared;
    const std::size_t n = std::min(lender.files.size(), kComparedFds);
    for (std::size_t k = 0; k < n; ++k) {
        const OpenFile &theirs = lender.files[k];
        if (k > 0 && theirs.fd <= lender.files[k - 1].fd)
            break; // not in fd order: compared no further
        const SameFile same = sameOpenFile(pid, lenderPid, theirs.fd);
        if (same == SameFile::Unknown && k == 0)
            break; // the kernel does not say (not permitted, or gone): nothing to compare
        if (same == SameFile::NotInBoth)
            break; // the child closed it (the lender has not run since its read): a child keeps the
                   // low fds it shares (stdio, a pipe), so the rest are read, not compared in vain
        if (same == SameFile::Yes)
            shared.push_back(&theirs);
    }
    return shared;
}

} // namespace ptriage
