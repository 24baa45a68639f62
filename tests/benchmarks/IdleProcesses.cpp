#include "IdleProcesses.h"

#include <cerrno>
#include <csignal>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace ptriage::bench {
namespace {

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

int spawn(std::vector<pid_t> &out, int n, void (*child)(pid_t))
{
    const pid_t self = ::getpid();
    for (int i = 0; i < n; ++i) {
        const pid_t pid = ::fork();
        if (pid < 0)
            return errno;
        if (pid == 0)
            child(self);
        out.push_back(pid);
    }
    return 0;
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
} // namespace ptriage::bench
