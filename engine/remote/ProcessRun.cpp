#include "ProcessRun.h"

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>

extern char **environ;

namespace ptriage {
namespace {

constexpr std::size_t kErrTail = 4096;

struct Running {
    pid_t pid = -1;
    int pidfd = -1; // readable once it has exited; -1 once collected (or with no pidfd_open)
    int out = -1;
    int err = -1;
    bool done = false;
    bool reaped = false; // collected: its exit status is in `status`, its pid may be another's
    int status = 0;
};

// Collects it if it has exited. One that ends early (a refused host) is then no zombie of ours while
// the others are still read, where a scan of this machine would see it.
void reapIfExited(Running &r)
{
    if (r.pid <= 0 || r.reaped || ::waitpid(r.pid, &r.status, WNOHANG) != r.pid)
        return;
    r.reaped = true;
    if (r.pidfd >= 0)
        ::close(std::exchange(r.pidfd, -1));
}

bool spawn(const std::vector<std::string> &argv, Running &r, std::string *error)
{
    int outPipe[2], errPipe[2];
    if (argv.empty())
        return *error = "no command", false;
    if (::pipe2(outPipe, O_CLOEXEC) != 0)
        return *error = std::strerror(errno), false;
    if (::pipe2(errPipe, O_CLOEXEC) != 0) {
        ::close(outPipe[0]);
        ::close(outPipe[1]);
        return *error = std::strerror(errno), false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO);
    std::vector<char *> args;
    for (const std::string &a : argv)
        args.push_back(const_cast<char *>(a.c_str()));
    args.push_back(nullptr);
    const int rc = ::posix_spawnp(&r.pid, args[0], &actions, nullptr, args.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(outPipe[1]);
    ::close(errPipe[1]);
    if (rc != 0) {
        ::close(outPipe[0]);
        ::close(errPipe[0]);
        return *error = argv[0] + ": " + std::strerror(rc), false;
    }
    r.out = outPipe[0];
    r.err = errPipe[0];
    r.pidfd = static_cast<int>(::syscall(SYS_pidfd_open, r.pid, 0)); // -1 before Linux 5.3: collected at the end
    return true;
}

void stop(Running &r)
{
    if (r.pid <= 0 || r.reaped) // collected: its pid may be another process's by now
        return;
    if (r.pidfd < 0 || ::syscall(SYS_pidfd_send_signal, r.pidfd, SIGKILL, nullptr, 0) != 0)
        ::kill(r.pid, SIGKILL); // not collected, so the pid is still our child's (a zombie at worst)
}

} // namespace

std::vector<RunResult> runAll(const std::vector<std::vector<std::string>> &argvs, double timeoutSeconds,
    std::size_t maxOutput, const std::atomic<bool> *cancel)
{
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const auto deadline
        = start + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeoutSeconds));
    std::vector<RunResult> results(argvs.size());
    std::vector<Running> running(argvs.size());
    for (std::size_t i = 0; i < argvs.size(); ++i)
        if (!spawn(argvs[i], running[i], &results[i].spawnError))
            running[i].done = true;
    char buf[65536];
    for (;;) {
        enum class Fd { Out, Err, Exit };
        std::vector<pollfd> fds;
        std::vector<std::pair<std::size_t, Fd>> owner;
        bool reading = false;
        for (std::size_t i = 0; i < running.size(); ++i) {
            if (running[i].out >= 0) {
                fds.push_back({running[i].out, POLLIN, 0});
                owner.emplace_back(i, Fd::Out);
            }
            if (running[i].err >= 0) {
                fds.push_back({running[i].err, POLLIN, 0});
                owner.emplace_back(i, Fd::Err);
            }
            reading = reading || running[i].out >= 0 || running[i].err >= 0;
            if (running[i].pidfd >= 0) {
                fds.push_back({running[i].pidfd, POLLIN, 0});
                owner.emplace_back(i, Fd::Exit);
            }
        }
        if (!reading)
            break; // the rest are waited for below
        const bool cancelled = cancel && cancel->load();
        const auto left
            = cancelled ? 0 : std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) {
            for (std::size_t i = 0; i < running.size(); ++i)
                if (running[i].out >= 0 || running[i].err >= 0) {
                    results[i].timedOut = true;
                    stop(running[i]);
                    for (int *fd : {&running[i].out, &running[i].err})
                        if (*fd >= 0)
                            ::close(std::exchange(*fd, -1));
                }
            break;
        }
        if (::poll(fds.data(), fds.size(), static_cast<int>(std::min<long long>(left, cancel ? 100 : 1000))) < 0
            && errno != EINTR)
            break;
        for (std::size_t k = 0; k < fds.size(); ++k) {
            if (!fds[k].revents)
                continue;
            const auto [i, which] = owner[k];
            if (which == Fd::Exit) {
                reapIfExited(running[i]);
                if (running[i].pidfd >= 0) // readable yet not collectable: no more polling it
                    ::close(std::exchange(running[i].pidfd, -1));
                continue;
            }
            const bool isOut = which == Fd::Out;
            int &fd = isOut ? running[i].out : running[i].err;
            const ssize_t n = ::read(fd, buf, sizeof buf);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0) {
                ::close(std::exchange(fd, -1));
                if (running[i].out < 0 && running[i].err < 0)
                    results[i].seconds = std::chrono::duration<double>(Clock::now() - start).count();
                continue;
            }
            RunResult &r = results[i];
            if (!isOut) {
                r.errTail.append(buf, static_cast<std::size_t>(n));
                if (r.errTail.size() > kErrTail)
                    r.errTail.erase(0, r.errTail.size() - kErrTail);
            } else if (r.out.size() + static_cast<std::size_t>(n) > maxOutput) {
                r.outputTooLarge = true;
                stop(running[i]);
                ::close(std::exchange(running[i].out, -1));
                if (running[i].err >= 0)
                    ::close(std::exchange(running[i].err, -1));
            } else {
                r.out.append(buf, static_cast<std::size_t>(n));
            }
        }
    }
    for (std::size_t i = 0; i < running.size(); ++i) {
        if (running[i].pid <= 0)
            continue;
        int status = running[i].status;
        // Its pipes are closed: it has exited, or been killed, or closed them and lives on (then the
        // deadline is over for it too).
        pid_t got = running[i].reaped ? running[i].pid : ::waitpid(running[i].pid, &status, WNOHANG);
        if (got == 0) {
            const auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            for (long long waited = 0; got == 0 && waited < std::max<long long>(wait, 0) && !(cancel && cancel->load());
                 waited += 10) {
                ::usleep(10'000);
                got = ::waitpid(running[i].pid, &status, WNOHANG);
            }
            if (got == 0) {
                results[i].timedOut = true;
                stop(running[i]);
                got = ::waitpid(running[i].pid, &status, 0);
            }
        }
        if (running[i].pidfd >= 0)
            ::close(std::exchange(running[i].pidfd, -1));
        if (got == running[i].pid) {
            if (WIFEXITED(status))
                results[i].exitCode = WEXITSTATUS(status);
            else if (WIFSIGNALED(status))
                results[i].signal = WTERMSIG(status);
        }
        if (results[i].seconds == 0 || results[i].timedOut || results[i].outputTooLarge)
            results[i].seconds = std::chrono::duration<double>(Clock::now() - start).count();
    }
    return results;
}

} // namespace ptriage
