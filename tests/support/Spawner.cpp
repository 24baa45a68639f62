#include "Spawner.h"

#include "BuildPaths.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <poll.h>
#include <stdexcept>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

namespace ptriage::test {
namespace {

int pidfdOpen(int pid)
{
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
}

std::vector<char *> cStrings(std::vector<std::string> &v)
{
    std::vector<char *> out;
    for (auto &s : v)
        out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

std::vector<std::string> environment(const std::vector<std::pair<std::string, std::string>> &extra, int readyFd)
{
    std::vector<std::string> env = {"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"};
    if (readyFd >= 0)
        env.push_back("ACTOR_READY_FD=" + std::to_string(readyFd));
    for (const auto &[k, v] : extra)
        env.push_back(k + '=' + v);
    return env;
}

// Closes every descriptor from 3 up except `keep`, so an actor holds only what its scenario asks for.
void closeInherited(int keep)
{
    const unsigned k = static_cast<unsigned>(keep);
    if (keep >= 3) {
        ::syscall(SYS_close_range, 3u, k - 1, 0u);
        ::syscall(SYS_close_range, k + 1, ~0u, 0u);
    } else {
        ::syscall(SYS_close_range, 3u, ~0u, 0u);
    }
}

std::string &actorBinary()
{
    static std::string path = testActorBinary();
    return path;
}

} // namespace

void Spawner::useActorBinary(const std::string &path)
{
    actorBinary() = path;
}

Spawner::Spawner()
{
    char tmpl[] = "/tmp/ptriage-test-XXXXXX";
    if (!::mkdtemp(tmpl))
        throw std::runtime_error("mkdtemp failed");
    m_dir = tmpl;
}

Spawner::~Spawner()
{
    for (int fd : m_pidfds) {
        ::syscall(SYS_pidfd_send_signal, fd, SIGKILL, nullptr, 0);
        ::close(fd);
    }
    for (int pid : m_children)
        ::waitpid(pid, nullptr, 0);
    for (int fd : m_ptyMasters)
        ::close(fd);
    std::system(("rm -rf '" + m_dir + "'").c_str());
}

std::string Spawner::actorPath(const std::string &name)
{
    const std::string bin = m_dir + "/bin";
    ::mkdir(bin.c_str(), 0755);
    const std::string path = bin + '/' + name;
    ::symlink(actorBinary().c_str(), path.c_str());
    return path;
}

void Spawner::adopt(int pid)
{
    const int fd = pidfdOpen(pid);
    if (fd >= 0)
        m_pidfds.push_back(fd);
}

Actor Spawner::spawn(const ActorSpec &spec)
{
    const std::string path = actorPath(spec.name);
    int ready[2];
    if (::pipe(ready) != 0)
        return {};
    int master = -1;
    std::string slave;
    if (spec.parenting == Parenting::Terminal) {
        master = ::posix_openpt(O_RDWR | O_NOCTTY);
        if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0)
            return {};
        slave = ::ptsname(master);
        m_ptyMasters.push_back(master);
    }
    std::vector<std::string> argv = spec.argv;
    std::vector<std::string> env = environment(spec.env, ready[1]);
    auto args = cStrings(argv);
    auto envp = cStrings(env);

    const pid_t child = ::fork();
    if (child == 0) {
        ::close(ready[0]);
        ::setsid();
        if (spec.parenting == Parenting::Terminal) {
            const int fd = ::open(slave.c_str(), O_RDWR); // first tty opened by a session leader: controlling
            ::dup2(fd, 0);
            ::dup2(fd, 1);
            ::dup2(fd, 2);
            ::tcsetpgrp(0, ::getpid());
        } else {
            // Only what the scenario asks for: not the test runner's output files.
            const int null = ::open("/dev/null", O_RDWR);
            ::dup2(null, 0);
            ::dup2(null, 1);
            ::dup2(null, 2);
        }
        if (spec.parenting == Parenting::OrphanNoSession) {
            // The session leader forks the actor and leaves: init adopts it, its session has no leader.
            if (::fork() != 0)
                ::_exit(0);
        }
        closeInherited(ready[1]);
        ::execve(path.c_str(), args.data(), envp.data());
        ::_exit(127);
    }
    ::close(ready[1]);
    if (child < 0) {
        ::close(ready[0]);
        return {};
    }
    if (spec.parenting == Parenting::OrphanNoSession)
        ::waitpid(child, nullptr, 0);
    else
        m_children.push_back(child);
    char line[128] = {};
    std::size_t got = 0;
    while (got < sizeof line - 1) {
        const ssize_t n = ::read(ready[0], line + got, sizeof line - 1 - got);
        if (n <= 0)
            break;
        got += static_cast<std::size_t>(n);
        if (std::memchr(line, '\n', got))
            break;
    }
    // Then its end's close (end of file): until then the actor has one fd more than it keeps, and a
    // scan could count it (bounded: a child of the actor's that inherited the pipe would hold it open).
    for (pollfd closed{ready[0], POLLIN, 0}; ::poll(&closed, 1, 5000) == 1;) {
        char rest[64];
        if (::read(ready[0], rest, sizeof rest) <= 0)
            break;
    }
    ::close(ready[0]);
    Actor a;
    if (std::sscanf(line, "ready %d %d %d", &a.pid, &a.port, &a.zombiePid) != 3)
        return {};
    a.pidfd = pidfdOpen(a.pid);
    if (a.pidfd >= 0)
        m_pidfds.push_back(a.pidfd);
    return a;
}

int Spawner::spawnProgram(
    const std::vector<std::string> &argvIn, const std::vector<std::pair<std::string, std::string>> &extra)
{
    std::vector<std::string> argv = argvIn;
    std::vector<std::string> env = environment(extra, -1);
    auto args = cStrings(argv);
    auto envp = cStrings(env);
    const pid_t child = ::fork();
    if (child == 0) {
        ::setsid();
        const int null = ::open("/dev/null", O_RDWR);
        ::dup2(null, 0);
        ::dup2(null, 1);
        closeInherited(-1);
        ::execvpe(args[0], args.data(), envp.data());
        ::_exit(127);
    }
    if (child > 0) {
        m_children.push_back(child);
        adopt(child);
    }
    return child;
}

char processState(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    const std::string text((std::istreambuf_iterator<char>(in)), {});
    const auto close = text.rfind(')'); // comm may hold spaces and parentheses
    return close == std::string::npos || close + 2 >= text.size() ? '?' : text[close + 2];
}

bool hasEnded(int pid)
{
    const char s = processState(pid);
    return s == '?' || s == 'Z' || s == 'X';
}

} // namespace ptriage::test
