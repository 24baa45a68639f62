#include "DeepReader.h"

#include "collect/proc/InheritedFds.h"
#include "collect/proc/ProcParsers.h"
#include "collect/scan/ProcessReader.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>

namespace ptriage {
namespace {

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

} // namespace

std::shared_ptr<DeepDetails> ownFilesWhilePinning()
{
    // Meanwhile this process holds a directory of every other one open: listing them (a link and
    // a mode each, thousands) would cost more than reading all the others' files and say nothing.
    auto deep = std::make_shared<DeepDetails>();
    deep->partial = "fd: not listed (this scan's own, while it holds every process's directory open)";
    return deep;
}

std::shared_ptr<DeepDetails> readDeepAt(
    const CollectorState &state, int pidFd, const Sample &s, FileBuffer &buf, const Lender *lender, std::size_t *taken)
{
    auto deep = std::make_shared<DeepDetails>();
    if (s.state == 'Z') { // it closed every file when it exited: none, not "permission denied"
        deep->fdCount = 0;
        deep->filesRead = true;
        return deep;
    }
    // Where it sleeps matters only when it cannot be woken (D).
    if (s.state == 'D' && buf.readRecordAt(pidFd, "wchan")) {
        auto w = buf.view();
        if (!w.empty() && w != "0")
            deep->wchan = std::string(w.substr(0, 128));
    }
    // Its lender's fds it shares first: kcmp names it by pid, and its directory answering after (the
    // fd count below) says it still lived, so that pid was its. Not for a lock holder: its files'
    // inodes are read, which a lender's records lack.
    const std::vector<const OpenFile *> shared = lender && !state.lockHolders.count(s.id.pid)
        ? sharedWith(s.id.pid, lender->pid, *lender->files)
        : std::vector<const OpenFile *>{};
    auto nextShared = shared.begin();
    // Linux ≥ 6.2 gives the number of open fds as the fd directory's size. Most processes' fds are
    // those they share with their lender and the lowest others (0..n-1 when none is shared), and
    // then their links are the whole list: read as fd/N through the pid directory, with no fd
    // directory opened and no listing (which makes a dentry per fd). A link that is not there (a
    // gap) ends the guess, and the directory is listed after all. A capture's is always listed.
    struct stat dirStat { };
    bool guessed = !state.capture && ::fstatat(pidFd, "fd", &dirStat, 0) == 0 && dirStat.st_size > 0
        && dirStat.st_size < (1 << 24);
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
    const bool lockHolder = state.lockHolders.count(s.id.pid) > 0; // its files' inodes name its locks
    std::size_t took = 0;
    for (std::size_t k = 0; k < fds.size(); ++k) {
        const int fd = fds[k];
        if (deep->files.size() >= state.options.maxFdsPerProcess) {
            addReason(deep->partial,
                "fd: more than " + std::to_string(state.options.maxFdsPerProcess) + " open, rest not read");
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
        if (holdsLocks && !state.capture && ::fstatat(linkDir, path, &st, 0) == 0)
            f.inode = st.st_ino; // to name the files behind its locks
        if (f.kind == FdKind::File && !state.capture) {
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

std::vector<FileLock> readLockTable(const CollectorState &state, FileBuffer &buf)
{
    // Reading /proc/locks waits for an RCU grace period (~8 ms) however small it is: deep scans only.
    if (state.options.deep == DeepReads::All && buf.readAt(state.root.get(), "locks", 16 << 20))
        return parseLocks(buf.view());
    return {};
}

void setLocks(CollectorState &state, std::vector<FileLock> locks)
{
    state.locks = std::move(locks);
    state.lockHolders.clear();
    for (const auto &l : state.locks)
        if (!l.waiting)
            state.lockHolders.insert(l.pid);
}

void nameLockedFiles(CollectorState &state, Pass &pass)
{
    for (std::size_t i = 0; i < pass.samples.size(); ++i) {
        Sample &s = pass.samples[i];
        if (!state.lockHolders.count(s.id.pid) || !s.deep || !s.deep->filesRead)
            continue;
        const bool pinned = i < pass.dirs.size() && pass.dirs[i].valid();
        const DirFd opened = pinned ? DirFd() : openPid(state, s.id.pid); // past the fd budget
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
        if (!pinned && stillSame(dir, s, state.buffer) != StillSame::Yes)
            continue; // the pid changed hands (or it exec'd): not its files
        s.deep = deep;
        state.deep[s.id] = std::move(deep);
    }
}

} // namespace ptriage
