#include "IdleProcesses.h"

#include <cerrno>
#include <csignal>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ptriage::bench {
namespace {

// Past its setup once its fds are closed (the spawner's `started` pipe among them).
[[noreturn]] void idleChild(pid_t parent)
{
    dieWithParent(parent);
    ::close_range(3, ~0U, 0);
    for (;;)
        ::pause();
}

[[noreturn]] void busyChild(pid_t parent)
{
    dieWithParent(parent);
    ::close_range(3, ~0U, 0);
    volatile unsigned long x = 0;
    for (;;) {
        const unsigned long next = x + 1;
        x = next;
    }
}

// Returns once every child is past its setup (has closed its copy of the `started` pipe): what is
// measured next does not share the cores with thousands of children still starting.
int spawn(std::vector<pid_t> &out, int n, void (*child)(pid_t))
{
    int started[2];
    if (::pipe(started) != 0)
        return errno;
    const pid_t self = ::getpid();
    int error = 0;
    for (int i = 0; i < n; ++i) {
        const pid_t pid = ::fork();
        if (pid < 0) {
            error = errno;
            break;
        }
        if (pid == 0)
            child(self);
        out.push_back(pid);
    }
    ::close(started[1]);
    char byte;
    while (::read(started[0], &byte, 1) < 0 && errno == EINTR) { } // end of file: every copy closed
    ::close(started[0]);
    return error;
}

} // namespace

void dieWithParent(pid_t parent)
{
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (::getppid() != parent)
        ::_exit(1);
}

int spawnIdle(std::vector<pid_t> &idle, int n)
{
    return spawn(idle, n, idleChild);
}

int spawnBusy(std::vector<pid_t> &busy, int n)
{
    return spawn(busy, n, busyChild);
}

int killIdle(std::vector<pid_t> &idle)
{
    for (pid_t pid : idle)
        ::kill(pid, SIGKILL);
    int reaped = 0;
    for (pid_t pid : idle) {
        while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) { }
        ++reaped;
    }
    idle.clear();
    return reaped;
}
IdleFamily spawnIdleFamily(int n)
{
    IdleFamily family;
    int report[2], hold[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        family.error = errno;
        return family;
    }
    if (::pipe2(hold, O_CLOEXEC) != 0) {
        family.error = errno;
        ::close(report[0]);
        ::close(report[1]);
        return family;
    }
    family.parent = ::fork();
    if (family.parent == 0) {
        ::close(report[0]);
        ::close(hold[1]);
        std::vector<pid_t> children;
        IdleFamily mine;
        mine.error = spawnIdle(children, n);
        mine.count = static_cast<int>(children.size());
        mine.first = children.empty() ? -1 : children.front();
        if (::write(report[1], &mine, sizeof mine) == static_cast<ssize_t>(sizeof mine)) {
            ::close(report[1]);
            char byte;
            while (::read(hold[0], &byte, 1) < 0 && errno == EINTR) { } // end of file: ended, or we died
        }
        killIdle(children);
        ::_exit(0);
    }
    const int forkError = errno;
    ::close(report[1]);
    ::close(hold[0]);
    if (family.parent < 0) {
        family.error = forkError;
        ::close(report[0]);
        ::close(hold[1]);
        return family;
    }
    IdleFamily theirs;
    ssize_t got;
    while ((got = ::read(report[0], &theirs, sizeof theirs)) < 0 && errno == EINTR) { }
    ::close(report[0]);
    if (got != static_cast<ssize_t>(sizeof theirs))
        theirs.error = got < 0 ? errno : EPIPE;
    theirs.parent = family.parent;
    theirs.hold = hold[1];
    return theirs;
}

void endIdleFamily(IdleFamily &family)
{
    if (family.hold >= 0)
        ::close(family.hold);
    if (family.parent > 0)
        while (::waitpid(family.parent, nullptr, 0) < 0 && errno == EINTR) { }
    family = IdleFamily{};
}

} // namespace ptriage::bench
