// A real process for the tests, exec'd under any name and argv. What it does comes from its
// environment, so that its command line stays whatever the scenario needs:
//   ACTOR_LISTEN=PORT      listen on 127.0.0.1:PORT (0: any free port)
//   ACTOR_CONNECT=PORT     hold a TCP connection to 127.0.0.1:PORT
//   ACTOR_WRITE=PATH       hold PATH open for writing (created if missing)
//   ACTOR_FLOCK=PATH       hold an exclusive flock on PATH
//   ACTOR_FLOCK_WAIT=PATH  after reporting ready, block waiting for an exclusive flock on PATH
//   ACTOR_SPIN=1           burn a core
//   ACTOR_ZOMBIE=1         fork a child that exits at once, and never reap it
//   ACTOR_THREADS=N        run N-1 extra threads that sleep (N threads in all; asleep before ready)
//   ACTOR_CPU=N            run on CPU N only (its threads too)
//   ACTOR_IGNORE_TERM=1    ignore SIGTERM (only KILL ends it)
//   ACTOR_ALLOC_MB=N       allocate N MiB and write every page, so it is resident and private
//   ACTOR_LIFETIME=SECONDS exit after this long anyway (default 600), so nothing outlives a test run
//   ACTOR_ALLOC_LATE_MB=N  after reporting ready (once moved into a cgroup), allocate and touch N MiB
//   ACTOR_REREAD=PATH      after reporting ready, read PATH to its end again and again (page cache churn)
//   ACTOR_WAKE_AFTER_MS=MS after reporting ready, sleep MS, then run once more (its main thread):
//                          a process older than its idle time
//   ACTOR_READY_FD=FD      write "ready PID [PORT] [ZOMBIE_PID]\n" there once set up
#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <sys/file.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

char *volatile g_held = nullptr;

int envInt(const char *name, int fallback)
{
    const char *v = std::getenv(name);
    return v ? std::atoi(v) : fallback;
}

sem_t g_threadsStarted;

void *sleepForever(void *)
{
    ::sem_post(&g_threadsStarted); // it has run: the last time it does, within microseconds
    for (;;)
        ::pause();
}

void die(const char *what)
{
    std::fprintf(stderr, "test actor: %s: %s\n", what, std::strerror(errno));
    std::_Exit(3);
}

} // namespace

int main()
{
    ::alarm(static_cast<unsigned>(envInt("ACTOR_LIFETIME", 600)));
    if (const int cpu = envInt("ACTOR_CPU", -1); cpu >= 0) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        if (::sched_setaffinity(0, sizeof one, &one) != 0)
            die("sched_setaffinity");
    }
    if (std::getenv("ACTOR_IGNORE_TERM"))
        std::signal(SIGTERM, SIG_IGN);
    int port = -1;
    if (const char *listenPort = std::getenv("ACTOR_LISTEN")) {
        const int s = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<unsigned short>(std::atoi(listenPort)));
        const int one = 1;
        ::setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        if (s < 0 || ::bind(s, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || ::listen(s, 16) != 0)
            die("listen");
        socklen_t len = sizeof a;
        ::getsockname(s, reinterpret_cast<sockaddr *>(&a), &len);
        port = ntohs(a.sin_port);
    }
    if (const char *connectPort = std::getenv("ACTOR_CONNECT")) {
        const int s = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in a{};
        a.sin_family = AF_INET;
        a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        a.sin_port = htons(static_cast<unsigned short>(std::atoi(connectPort)));
        if (s < 0 || ::connect(s, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0)
            die("connect");
    }
    if (const char *path = std::getenv("ACTOR_WRITE"))
        if (::open(path, O_WRONLY | O_CREAT | O_APPEND, 0644) < 0)
            die("write");
    if (const char *path = std::getenv("ACTOR_FLOCK")) {
        const int fd = ::open(path, O_RDWR | O_CREAT, 0644);
        if (fd < 0 || ::flock(fd, LOCK_EX) != 0)
            die("flock");
    }
    if (const int mb = envInt("ACTOR_ALLOC_MB", 0); mb > 0) {
        const std::size_t size = static_cast<std::size_t>(mb) << 20;
        auto *memory = static_cast<char *>(std::malloc(size));
        if (!memory)
            die("malloc");
        for (std::size_t at = 0; at < size; at += 4096)
            memory[at] = static_cast<char>(at >> 12 | 1); // touched: really resident, not a zero page
        g_held = memory; // kept reachable, so no optimizer drops it
    }
    int zombie = -1;
    if (std::getenv("ACTOR_ZOMBIE")) {
        zombie = ::fork();
        if (zombie == 0)
            std::_Exit(0);
        if (zombie < 0)
            die("fork");
        ::signal(SIGCHLD, SIG_DFL); // default action keeps the child as a zombie until reaped
        // Ready only once it is a zombie (WNOWAIT leaves it unreaped): a scan right after must see Z.
        siginfo_t exited{};
        if (::waitid(P_PID, static_cast<id_t>(zombie), &exited, WEXITED | WNOWAIT) != 0)
            die("waitid");
    }
    ::sem_init(&g_threadsStarted, 0, 0);
    for (int i = 1; i < envInt("ACTOR_THREADS", 1); ++i) {
        pthread_t t;
        if (::pthread_create(&t, nullptr, sleepForever, nullptr) != 0)
            die("pthread_create");
    }
    for (int i = 1; i < envInt("ACTOR_THREADS", 1); ++i) // "when it last ran" counts from ready
        while (::sem_wait(&g_threadsStarted) != 0)
            if (errno != EINTR)
                die("sem_wait");
    const int ready = envInt("ACTOR_READY_FD", -1);
    if (ready >= 0) {
        char line[64];
        const int n = std::snprintf(line, sizeof line, "ready %d %d %d\n", ::getpid(), port, zombie);
        if (::write(ready, line, static_cast<std::size_t>(n)) != n)
            die("ready");
        ::close(ready);
    }
    if (const char *path = std::getenv("ACTOR_FLOCK_WAIT")) {
        const int fd = ::open(path, O_RDWR | O_CREAT, 0644);
        if (fd < 0 || ::flock(fd, LOCK_EX) != 0)
            die("flock wait");
    }
    if (const int mb = envInt("ACTOR_ALLOC_LATE_MB", 0); mb > 0) {
        const std::size_t size = static_cast<std::size_t>(mb) << 20;
        auto *block = static_cast<char *>(std::malloc(size));
        if (!block)
            die("alloc");
        for (std::size_t i = 0; i < size; i += 4096)
            block[i] = 1; // touched: charged to the memory cgroup now, not on first use
    }
    if (const char *path = std::getenv("ACTOR_REREAD")) {
        const int fd = ::open(path, O_RDONLY);
        if (fd < 0)
            die("reread");
        static char buffer[1 << 20];
        for (;;) {
            if (::read(fd, buffer, sizeof buffer) <= 0)
                ::lseek(fd, 0, SEEK_SET);
        }
    }
    if (const int ms = envInt("ACTOR_WAKE_AFTER_MS", 0); ms > 0) {
        timespec left{ms / 1000, static_cast<long>(ms % 1000) * 1000000L};
        while (::nanosleep(&left, &left) != 0)
            if (errno != EINTR)
                die("nanosleep");
    }
    if (std::getenv("ACTOR_SPIN")) {
        volatile unsigned long x = 0;
        for (;;)
            x = x + 1;
    }
    for (;;)
        ::pause();
}
