// The churn test's spawner and its children (one small static program, so forks are cheap).
//   churn_child spawn RATE SECONDS EXEC PREFIX PLACEHOLDER
//       forks RATE children a second for SECONDS and reaps them. Before each fork it writes the
//       child's tag (PREFIX and a number, exactly as long as PLACEHOLDER) over its own last argument,
//       so the child carries its tag in argv from its first instant. Most children sleep 0–300 ms
//       and exit, three in a hundred 1–2.5 s; one in a hundred burns a core briefly; one in twenty
//       sleeps half its life, then execs EXEC (another name: another comm) as `churn_exec TAG-x MS`
//       with CHURN_TAG=TAG-x.
//       Writes one line per child to stdout, "pid start_ticks kind tag ms" (kind f: fork only, x: exec,
//       ms: what it sleeps after its exec), then "done SPAWNED SECONDS".
//   churn_exec TAG MS   sleeps MS milliseconds (what an exec'ing child becomes)
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <signal.h>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

double nowSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

void sleepMs(long ms)
{
    timespec ts{ms / 1000, (ms % 1000) * 1000000};
    while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) { }
}

// Field 22 of /proc/PID/stat (after the comm, which may hold anything, so counted from its ')').
unsigned long long startTicksOf(pid_t pid)
{
    char path[64];
    std::snprintf(path, sizeof path, "/proc/%d/stat", pid);
    const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    char buf[1024];
    const ssize_t n = ::read(fd, buf, sizeof buf - 1);
    ::close(fd);
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    const char *p = std::strrchr(buf, ')');
    for (int field = 2; p && field < 22; ++field)
        p = std::strchr(p + 1, ' ');
    return p ? std::strtoull(p + 1, nullptr, 10) : 0;
}

unsigned long nextRandom(unsigned long &state)
{
    state = state * 6364136223846793005ul + 1442695040888963407ul;
    return state >> 33;
}

int spawn(char **argv)
{
    const double rate = std::atof(argv[2]);
    const double seconds = std::atof(argv[3]);
    const char *exec = argv[4];
    const std::string prefix = argv[5];
    char *slot = argv[6]; // rewritten before every fork: the child's argv
    const std::size_t width = std::strlen(slot);
    if (rate <= 0 || prefix.size() + 8 > width)
        return 2;
    ::prctl(PR_SET_PDEATHSIG, SIGKILL); // never outlive the test
    unsigned long random = static_cast<unsigned long>(::getpid());
    const double t0 = nowSeconds();
    long spawned = 0;
    std::string line;
    for (;;) {
        const double elapsed = nowSeconds() - t0;
        if (elapsed >= seconds)
            break;
        const auto due = static_cast<long>(elapsed * rate);
        for (int burst = 0; burst < 20 && spawned < due; ++burst) {
            // The tag: the prefix, then the number zero-padded to the placeholder's width.
            std::string tag = std::to_string(spawned);
            tag = prefix + std::string(width - prefix.size() - tag.size(), '0') + tag;
            std::memcpy(slot, tag.data(), width);
            const unsigned long kind = nextRandom(random) % 100;
            // Mostly 0–300 ms; a few live 1–2.5 s, so they are seen by two scans and get rates.
            const long lifetimeMs = kind >= 97 ? 1000 + static_cast<long>(nextRandom(random) % 1501)
                                               : static_cast<long>(nextRandom(random) % 301);
            const pid_t pid = ::fork();
            if (pid == 0) {
                if (kind < 1) { // burns a core, briefly
                    const double end = nowSeconds() + static_cast<double>(lifetimeMs) / 6000;
                    volatile unsigned long x = 0;
                    while (nowSeconds() < end)
                        for (int i = 0; i < 10000; ++i)
                            x = x + 1;
                } else if (kind < 6) { // becomes another program halfway through its life
                    sleepMs(lifetimeMs / 2);
                    const std::string tag2 = tag + "-x";
                    const std::string ms = std::to_string(lifetimeMs - lifetimeMs / 2);
                    const std::string env = "CHURN_TAG=" + tag2;
                    char *next[] = {const_cast<char *>("churn_exec"), const_cast<char *>(tag2.c_str()),
                        const_cast<char *>(ms.c_str()), nullptr};
                    char *envp[] = {const_cast<char *>(env.c_str()), nullptr};
                    ::execve(exec, next, envp);
                    ::_exit(3);
                } else {
                    sleepMs(lifetimeMs);
                }
                ::_exit(0);
            }
            if (pid < 0) {
                std::fprintf(stderr, "churn_child: fork: %s\n", std::strerror(errno));
                sleepMs(10);
                break;
            }
            ++spawned;
            // Not reaped yet, so the pid is still this child's: its start time is its identity.
            line += std::to_string(pid) + ' ' + std::to_string(startTicksOf(pid)) + ' '
                + (kind >= 1 && kind < 6 ? 'x' : 'f') + ' ' + tag + ' ' + std::to_string(lifetimeMs - lifetimeMs / 2)
                + '\n';
        }
        if (!line.empty()) {
            std::fwrite(line.data(), 1, line.size(), stdout);
            std::fflush(stdout);
            line.clear();
        }
        while (::waitpid(-1, nullptr, WNOHANG) > 0) { }
        if (spawned >= static_cast<long>((nowSeconds() - t0) * rate))
            sleepMs(1);
    }
    const double took = nowSeconds() - t0;
    while (::waitpid(-1, nullptr, 0) > 0) { } // every child lives at most 2.5 s
    std::printf("done %ld %.3f\n", spawned, took);
    std::fflush(stdout);
    return 0;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 7 && std::strcmp(argv[1], "spawn") == 0)
        return spawn(argv);
    if (argc == 3) { // churn_exec TAG MS
        sleepMs(std::strtol(argv[2], nullptr, 10));
        return 0;
    }
    return 2;
}
