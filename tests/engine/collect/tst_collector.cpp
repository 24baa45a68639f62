// The collector against the live /proc and against captured trees, with real processes.
#include "collect/Collector.h"
#include "collect/SecretMask.h"
#include "collect/proc/CgroupMembers.h"
#include "collect/proc/ProcParsers.h"
#include "collect/proc/SchedClocks.h"
#include "support/AcceptingListener.h"
#include "support/CaptureTools.h"
#include "support/IdleChildren.h"
#include "support/LoopbackHttp.h"
#include "support/PidTaking.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QScopeGuard>
#include <QtTest>

#include <algorithm>

#include <cmath>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <netinet/in.h>
#include <optional>
#include <sched.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace ptriage;
using namespace ptriage::test;

namespace {

std::uint64_t startTicksOf(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    StatFields f;
    const char *why = nullptr;
    return parseStat(text, f, &why) ? f.startTicks : 0;
}

// The CPUs this thread may run on.
cpu_set_t allowedCpus()
{
    cpu_set_t all;
    CPU_ZERO(&all);
    if (::sched_getaffinity(0, sizeof all, &all) != 0)
        qFatal("sched_getaffinity: %s", std::strerror(errno));
    return all;
}

Collector openLive(DeepReads deep = DeepReads::All)
{
    CollectOptions o;
    o.deep = deep;
    Collector c(o);
    std::string error;
    if (!c.open(&error))
        qFatal("%s", error.c_str());
    return c;
}

// A one-shot scan of a captured tree.
std::shared_ptr<const Snapshot> scanCapture(const std::string &dir, DeepReads deep = DeepReads::All)
{
    CollectOptions o;
    o.procRoot = dir;
    o.deep = deep;
    Collector c(o);
    std::string error;
    if (!c.open(&error))
        qFatal("%s", error.c_str());
    return c.scanOnce();
}

void writeText(const std::string &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// `sleep SECONDS`, started directly; its pid or -1.
pid_t startSleep(const char *seconds)
{
    const char *argv[] = {"sleep", seconds, nullptr};
    pid_t pid = -1;
    return ::posix_spawn(&pid, "/bin/sleep", nullptr, nullptr, const_cast<char **>(argv), environ) == 0 ? pid : -1;
}

// `sleep SECONDS` in a session of its own (no controlling terminal); its pid or -1.
pid_t startSleepInItsOwnSession(const char *seconds)
{
    const char *argv[] = {"sleep", seconds, nullptr};
    posix_spawnattr_t attr;
    ::posix_spawnattr_init(&attr);
    ::posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, "/bin/sleep", nullptr, &attr, const_cast<char **>(argv), environ);
    ::posix_spawnattr_destroy(&attr);
    return rc == 0 ? pid : -1;
}

void endProcess(pid_t pid)
{
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
}

// Ends `victim` and starts a `sleep 2002` meant to get its pid (through ns_last_pid): the new pid,
// which another fork on the machine may have beaten to it.
pid_t givePidAway(pid_t victim)
{
    endProcess(victim);
    return test::spawnWithPid(victim, [] { return startSleep("2002"); });
}

// A shell that execs `/bin/sleep 1000` once the file `go` exists; its pid.
int spawnExecWhen(Spawner &sp, const std::string &go)
{
    return sp.spawnProgram({"/bin/sh", "-c", "while [ ! -e " + go + " ]; do sleep 0.01; done; exec /bin/sleep 1000"});
}

enum class Scan { Refresh, OneShot };

// One scan during which `victim` ends and its pid goes to a new `sleep 2002` (between the cheap
// tier and the details); null when another fork on the machine took the pid first.
std::shared_ptr<const Snapshot> scanAsAPidChangesHands(pid_t victim, Scan scan)
{
    pid_t usurper = -1;
    CollectOptions o;
    o.deep = scan == Scan::Refresh ? DeepReads::NewOnly : DeepReads::All;
    o.afterCheapTier = [&] { usurper = givePidAway(victim); };
    Collector c(o);
    std::string error;
    if (!c.open(&error))
        qFatal("%s", error.c_str());
    auto snap = scan == Scan::Refresh ? c.refresh() : c.scanOnce(0.0);
    if (usurper > 0)
        endProcess(usurper);
    return usurper == victim ? snap : nullptr;
}

std::string processComm(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/comm");
    std::string comm;
    std::getline(in, comm);
    return comm;
}

} // namespace

class CollectorTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void identityAndDetailsOfARealProcess()
    {
        Spawner sp;
        const Actor a = sp.spawn({"idle-worker", {"idle-worker", "--queue", "jobs"},
            {{"TMUX", "/tmp/tmux-0/default,1,0"}, {"API_TOKEN", "s3cret"}}});
        QVERIFY(a.pid > 0);
        Collector c = openLive();
        QVERIFY(!c.isCapture());
        const auto snap = c.scanOnce();
        const Sample *s = snap->byPid(a.pid);
        QVERIFY(s);
        QCOMPARE(s->id.startTicks, startTicksOf(a.pid));
        QCOMPARE(s->id.boot, c.bootId());
        QVERIFY(!s->id.boot.isNull());
        QCOMPARE(s->ppid, static_cast<int>(::getpid()));
        QCOMPARE(s->uid.value_or(99999), static_cast<std::uint32_t>(::getuid()));
        QCOMPARE(s->details->comm, std::string("idle-worker"));
        QCOMPARE(s->details->cmdline, (std::vector<std::string>{"idle-worker", "--queue", "jobs"}));
        // Counted as its fd table is listed, which is the kernel's count.
        QVERIFY(s->deep && s->deep->filesRead);
        const auto fds = std::distance(std::filesystem::directory_iterator("/proc/" + std::to_string(a.pid) + "/fd"),
            std::filesystem::directory_iterator());
        QCOMPARE(s->fdCount, static_cast<int>(fds));
        QVERIFY(s->fdCount >= 3);
        // A one-shot that reads new processes deep (every one, the first time) counts them there too.
        Collector newOnly = openLive(DeepReads::NewOnly);
        const auto once = newOnly.scanOnce();
        QVERIFY(once->byPid(a.pid));
        QCOMPARE(once->byPid(a.pid)->fdCount, static_cast<int>(fds));
        QVERIFY(s->rssBytes > 0);
        // Only the environment keys that matter are kept: no secrets.
        QCOMPARE(s->details->environ.size(), std::size_t{1});
        QCOMPARE(s->details->environ[0].first, std::string("TMUX"));
        // The second pass starts 0.04 s (the default) after the first did; the process read last in
        // the first pass, whose interval this is, loses at most what the first pass took.
        std::int64_t firstPassNs = 0;
        for (const auto &phase : c.lastPhases().phases)
            if (phase.name == "cheap tier")
                firstPassNs = phase.ns;
        QVERIFY(snap->intervalSeconds);
        QVERIFY2(*snap->intervalSeconds >= 0.039 - static_cast<double>(firstPassNs) / 1e9,
            qPrintable(QStringLiteral("%1 s, first pass %2 s")
                           .arg(*snap->intervalSeconds)
                           .arg(static_cast<double>(firstPassNs) / 1e9)));
        QVERIFY(s->cpuShare.has_value()); // a one-shot scan reports recent rates
    }

    // Each process's uid is its pid directory's owner (its effective uid), in a one-shot and in a second
    // one by the same collector (its details cached): another user's process too, and one that gave up
    // root without an exec, which procfs makes non-dumpable (its other files, fd/ too, say root).
    void oneShotUidIsThePidDirectoryOwner()
    {
        Spawner sp;
        int other = -1;
        if (::getuid() == 0 && std::filesystem::exists("/usr/bin/setpriv"))
            other = sp.spawnProgram(
                {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sleep", "1000"});
        if (other > 0)
            QTRY_VERIFY_WITH_TIMEOUT(processComm(other) == "sleep", 30000);
        pid_t undumpable = -1;
        if (::getuid() == 0) {
            undumpable = ::fork();
            if (undumpable == 0) {
                if (::setgid(65534) == 0 && ::setuid(65534) == 0)
                    ::pause();
                ::_exit(1);
            }
        }
        const auto cleanup = qScopeGuard([undumpable] {
            if (undumpable > 0) {
                ::kill(undumpable, SIGKILL);
                ::waitpid(undumpable, nullptr, 0);
            }
        });
        if (undumpable > 0)
            QTRY_VERIFY(QFileInfo(QStringLiteral("/proc/%1").arg(undumpable)).ownerId() == 65534);
        Collector c = openLive();
        for (int scan = 0; scan < 2; ++scan) {
            const auto snap = c.scanOnce(0.0);
            int compared = 0;
            for (const Sample &s : snap->processes) {
                struct stat st { };
                if (s.isKernelThread() || ::stat(("/proc/" + std::to_string(s.id.pid)).c_str(), &st) != 0
                    || startTicksOf(s.id.pid) != s.id.startTicks)
                    continue; // gone meanwhile
                QCOMPARE(s.uid.value_or(99999), static_cast<std::uint32_t>(st.st_uid));
                ++compared;
            }
            QVERIFY(compared >= 3);
            for (pid_t pid : {static_cast<pid_t>(other), undumpable})
                if (pid > 0)
                    QCOMPARE(snap->byPid(pid) ? snap->byPid(pid)->uid.value_or(0) : 0u, 65534u);
        }
    }

    void ratesComeFromThePreviousSampleOfTheSameIdentity()
    {
        Spawner sp;
        const Actor busy = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        const Actor idle = sp.spawn({"sleeper", {"sleeper"}, {}});
        const auto ranSeconds = [pid = busy.pid] {
            std::ifstream in("/proc/" + std::to_string(pid) + "/schedstat");
            std::uint64_t ns = 0;
            in >> ns;
            return static_cast<double>(ns) / 1e9;
        };
        Collector c = openLive(DeepReads::NewOnly);
        const auto from = std::chrono::steady_clock::now();
        const double ranFrom = ranSeconds();
        const auto first = c.refresh();
        QVERIFY(!first->byPid(busy.pid)->cpuShare); // nothing to compare with yet
        std::this_thread::sleep_for(std::chrono::milliseconds(400));
        const auto second = c.refresh();
        // The spinner's time off a CPU around both reads, at most: how much of a core it gets is the load's.
        const double ran = ranSeconds() - ranFrom;
        const double off = std::chrono::duration<double>(std::chrono::steady_clock::now() - from).count() - ran;
        const Sample *b = second->byPid(busy.pid);
        const Sample *i = second->byPid(idle.pid);
        QVERIFY(b && b->cpuShare && i && i->cpuShare);
        // Its rate is its CPU time over its interval (0.39 s or more), which lost `off` at most.
        QVERIFY2(*b->cpuShare >= 1 - off / 0.39 - 0.02,
            qPrintable(QStringLiteral("%1 (off a CPU for %2 s)").arg(*b->cpuShare).arg(off)));
        QVERIFY2(*i->cpuShare < 0.02, std::to_string(*i->cpuShare).c_str());
        QVERIFY(i->ioRate && *i->ioRate == 0);
        QVERIFY(second->intervalSeconds && *second->intervalSeconds >= 0.39);
        // Details are read once per identity and shared afterwards.
        QCOMPARE(second->byPid(idle.pid)->details.get(), first->byPid(idle.pid)->details.get());
    }

    void whatAnIdleProcessDidIsNeverCarriedOver()
    {
        // A refresh carries an idle one-thread process's I/O and fd count over (it ran no system
        // call). Once it runs, opens files and writes, the next refresh reads them anew.
        int go[2];
        QVERIFY(::pipe(go) == 0);
        const QTemporaryDir dir;
        const std::string base = dir.path().toStdString() + "/out";
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            ::close(go[1]);
            char c;
            if (::read(go[0], &c, 1) != 1)
                ::_exit(1);
            static char block[1 << 16];
            for (int k = 0; k < 3; ++k) {
                const int fd = ::open((base + std::to_string(k)).c_str(), O_WRONLY | O_CREAT, 0600);
                for (int i = 0; i < 4 && fd >= 0; ++i)
                    if (::write(fd, block, sizeof block) != sizeof block)
                        ::_exit(1);
            }
            while (::read(go[0], &c, 1) == 1) { } // asleep again, the files held
            ::_exit(0);
        }
        ::close(go[0]);
        auto reap = qScopeGuard([&] {
            ::close(go[1]);
            ::kill(child, SIGKILL);
            ::waitpid(child, nullptr, 0);
        });
        const std::string fdDir = "/proc/" + std::to_string(child) + "/fd";
        const auto listed = [&] {
            return static_cast<int>(
                std::distance(std::filesystem::directory_iterator(fdDir), std::filesystem::directory_iterator()));
        };
        const auto ioNow = [&] {
            std::ifstream in("/proc/" + std::to_string(child) + "/io");
            const std::string text((std::istreambuf_iterator<char>(in)), {});
            const auto io = parseIo(text);
            return io ? std::optional<std::uint64_t>(io->total()) : std::nullopt;
        };
        QTRY_VERIFY(processComm(child).size() > 0 && listed() > 0); // forked, asleep in read
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        Collector c = openLive(DeepReads::NewOnly);
        const auto first = c.refresh();
        const auto second = c.refresh(); // asleep since the first: carried over
        const Sample *before = second->byPid(child);
        QVERIFY(before && before->ioBytes);
        QCOMPARE(before->fdCount, listed());
        QCOMPARE(before->ioBytes, ioNow());
        QCOMPARE(before->ioBytes, first->byPid(child)->ioBytes);

        QCOMPARE(::write(go[1], "x", 1), ssize_t{1});
        // It ran: 768 KiB written (then back asleep), three files open.
        QTRY_VERIFY(ioNow().value_or(0) >= *before->ioBytes + (3u << 18));
        QCOMPARE(listed(), before->fdCount + 3);
        const auto after = c.refresh();
        const Sample *s = after->byPid(child);
        QVERIFY(s && s->ioBytes);
        QCOMPARE(s->fdCount, before->fdCount + 3);
        QCOMPARE(s->ioBytes, ioNow());
        QVERIFY2(*s->ioBytes >= *before->ioBytes + (3u << 18),
            qPrintable(QStringLiteral("%1 → %2").arg(*before->ioBytes).arg(*s->ioBytes)));
    }

    void theFirstLooksFillIsWhereTheLiveRateGoesOnFrom()
    {
        // A first look's short interval is filled with the lifetime average (for a process past its
        // first minute); the live refreshes after it smooth on from that, not from the short interval.
        Collector c = openLive(DeepReads::None);
        const auto first = c.scanOnce();
        const Sample *old = nullptr;
        const double ticks = static_cast<double>(::sysconf(_SC_CLK_TCK));
        for (const Sample &s : first->processes) // an idle one-thread process well past its first minute
            if (!s.isKernelThread() && s.threads == 1 && s.state == 'S' && s.cpuSteady && *s.cpuSteady > 0 && s.cpuShare
                && *s.cpuShare == 0
                && first->system.uptimeSeconds - static_cast<double>(s.id.startTicks) / ticks > 120) {
                old = &s;
                break;
            }
        if (!old)
            QSKIP("no idle one-thread process older than two minutes that ran in the last 30 s on this machine");
        const ProcessIdentity id = old->id;
        const double filled = *old->cpuSteady;
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        const auto second = c.refresh();
        const Sample *now = second->byIdentity(id);
        if (!now)
            QSKIP("the process chosen ended meanwhile");
        QVERIFY(now->cpuSteady && now->cpuShare);
        // 0.5 s of 30: the filled value keeps above 98 % of its weight (it would be near 0 from the interval).
        QVERIFY2(*now->cpuSteady >= 0.9 * filled,
            qPrintable(QStringLiteral("pid %1: filled %2, then %3 (share %4)")
                           .arg(id.pid)
                           .arg(filled)
                           .arg(*now->cpuSteady)
                           .arg(*now->cpuShare)));
    }

    void vanishedProcessDropsOut()
    {
        Spawner sp;
        Actor a = sp.spawn({"short-lived", {"short-lived"}, {}});
        Collector c = openLive(DeepReads::NewOnly);
        QVERIFY(c.refresh()->byPid(a.pid));
        const ProcessIdentity key{c.bootId(), startTicksOf(a.pid), a.pid};
        ::syscall(SYS_pidfd_send_signal, a.pidfd, SIGKILL, nullptr, 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            startTicksOf(a.pid) == 0 ||
                [&] {
                    std::ifstream in("/proc/" + std::to_string(a.pid) + "/stat");
                    std::string t((std::istreambuf_iterator<char>(in)), {});
                    return t.find(") Z ") != std::string::npos;
                }(),
            30000);
        ::waitpid(a.pid, nullptr, 0);
        QTRY_VERIFY_WITH_TIMEOUT(c.refresh()->byPid(a.pid) == nullptr, 30000);
        QVERIFY(c.readDeep(key) == nullptr); // gone: nothing is read, nothing is acted on
    }

    void deepReadRefusesAnotherProcessUnderTheSamePid()
    {
        Spawner sp;
        const Actor a = sp.spawn({"target", {"target"}, {}});
        Collector c = openLive();
        const ProcessIdentity real{c.bootId(), startTicksOf(a.pid), a.pid};
        QVERIFY(c.readDeep(real) != nullptr);
        const ProcessIdentity stale{c.bootId(), real.startTicks - 1, a.pid}; // same pid, another life
        QVERIFY(c.readDeep(stale) == nullptr);
    }

    // A pid that changes hands between the cheap tier and the detail reads: the details read then
    // are the new process's and must not be reported under the old one's identity (issue 14).
    void detailsOfAPidThatChangedHandsAreNeverAnotherProcesss()
    {
        Spawner sp;
        const Actor a = sp.spawn({"bystander", {"bystander"}, {}});
        std::string error;
        const std::string dir = sp.dir() + "/cap";
        QVERIFY(writeCapture("/proc", dir, {a.pid}, &error));
        const std::string p = dir + "/4242";
        ::mkdir(p.c_str(), 0755);
        auto become = [&](const std::string &comm, int start) {
            writeText(p + "/stat",
                "4242 (" + comm + ") S 1 4242 4242 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 " + std::to_string(start)
                    + " 1000 10\n");
            writeText(p + "/cmdline", comm + std::string("\0--mine", 7) + '\0');
        };
        become("victim", 100);
        CollectOptions o;
        o.procRoot = dir;
        o.deep = DeepReads::NewOnly;
        o.afterCheapTier = [&] { become("usurper", 200); };
        Collector c(o);
        QVERIFY2(c.open(&error), error.c_str());
        const auto snap = c.refresh();
        const Sample *s = snap->byPid(4242);
        QVERIFY(s);
        QCOMPARE(s->id.startTicks, std::uint64_t{100});
        QCOMPARE(s->comm, std::string("victim"));
        QVERIFY2(s->details->cmdline.empty(), "the usurper's command line under the victim's identity");
        QCOMPARE(s->details->partial, std::string("vanished before its details were read"));
        // The next refresh sees the new process with its own details.
        const auto next = c.refresh();
        const Sample *u = next->byPid(4242);
        QVERIFY(u);
        QCOMPARE(u->id.startTicks, std::uint64_t{200});
        QCOMPARE(u->details->cmdline, (std::vector<std::string>{"usurper", "--mine"}));
        QVERIFY(!u->cpuShare); // a rate needs an earlier sample of the same identity
    }

    // The same for real: the pid given to another process through ns_last_pid between the tiers.
    void detailsOfARealReusedPidAreNeverAnotherProcesss()
    {
        if (::access("/proc/sys/kernel/ns_last_pid", W_OK) != 0)
            QSKIP("/proc/sys/kernel/ns_last_pid is not writable here");
        for (int attempt = 0; attempt < 100; ++attempt) {
            const pid_t victim = startSleep("1001");
            QVERIFY(victim > 0);
            const std::uint64_t victimStart = startTicksOf(victim);
            // Clock ticks are 10 ms: the process that gets its pid must start in a later one, or the
            // two have the same identity and nothing can tell them apart.
            std::this_thread::sleep_for(std::chrono::milliseconds(30));
            const auto snap = scanAsAPidChangesHands(victim, Scan::Refresh);
            if (!snap)
                continue; // another fork on the machine took the pid first: again
            const Sample *s = snap->byPid(victim);
            QVERIFY(s);
            QCOMPARE(s->id.startTicks, victimStart);
            QVERIFY2(s->details->cmdline != (std::vector<std::string>{"sleep", "2002"}),
                "the victim's identity reported with the command line of the process that got its pid");
            QVERIFY(s->details->cmdline.empty());
            QVERIFY(!s->deep || s->deep->files.empty());
            return;
        }
        QSKIP("the pid was never given to the new process (a busy machine): not tested");
    }

    // The window grows its fd table while it has one thread: once threads share the table, each
    // growth waits for an RCU grace period. Checked in a forked child (one thread, a table of its own)
    // through the kernel's own FDSize.
    void theFdTableIsGrownBeforeThreadsForTheDirectoriesKept()
    {
        const IdleChildren idle(600); // more directories than the table of a fresh process holds
        QCOMPARE(idle.size(), 600);
        const auto fdSize = [] {
            std::ifstream status("/proc/self/status");
            std::string line;
            while (std::getline(status, line))
                if (line.rfind("FDSize:", 0) == 0)
                    return std::stol(line.substr(7));
            return -1L;
        };
        const pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            const long before = fdSize();
            Collector::reserveFdTableBeforeThreads();
            const long after = fdSize();
            long pids = 0;
            for (const auto &e : std::filesystem::directory_iterator("/proc")) {
                const std::string name = e.path().filename().string();
                pids += std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; });
            }
            rlimit rl{};
            ::getrlimit(RLIMIT_NOFILE, &rl);
            const long budget = rl.rlim_cur > 512 ? static_cast<long>(rl.rlim_cur) - 512 : 0;
            const long wanted = std::min(2 * pids, budget) + 64;
            std::printf("FDSize %ld -> %ld, wanted >= %ld (%ld processes)\n", before, after, wanted, pids);
            std::fflush(stdout);
            if (before <= 0 || before >= wanted)
                ::_exit(77); // the child's table is sized by the parent's highest open fd
            ::_exit(after >= wanted - wanted / 8 ? 0 : 1); // a few processes may have ended meanwhile
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        if (WEXITSTATUS(status) == 77)
            QSKIP("this process holds an fd high enough that the child's table is already large");
        QCOMPARE(WEXITSTATUS(status), 0);
    }

    // A refresh keeps each process's directory for the next, which reads that process through it:
    // once it is gone, the process that got its pid is read as itself, never as the one that ended.
    void aRefreshReadsThroughTheDirectoriesTheLastKept()
    {
        if (::access("/proc/sys/kernel/ns_last_pid", W_OK) != 0)
            QSKIP("/proc/sys/kernel/ns_last_pid is not writable here");
        Collector c = openLive(DeepReads::NewOnly);
        rlimit rl{};
        QVERIFY(::getrlimit(RLIMIT_NOFILE, &rl) == 0);
        for (int attempt = 0; attempt < 100; ++attempt) {
            const pid_t victim = startSleep("1001");
            QVERIFY(victim > 0);
            const std::uint64_t victimStart = startTicksOf(victim);
            std::this_thread::sleep_for(std::chrono::milliseconds(30)); // see the refresh's test above
            const auto before = c.refresh();
            QVERIFY(before->byPid(victim));
            const auto own = static_cast<std::size_t>(std::distance(
                std::filesystem::directory_iterator("/proc/self/fd"), std::filesystem::directory_iterator()));
            const std::size_t budget = rl.rlim_cur > 512 ? static_cast<std::size_t>(rl.rlim_cur) - 512 : 0;
            QVERIFY2(own >= std::min(before->processes.size(), budget),
                qPrintable(QStringLiteral("%1 fds open for %2 processes").arg(own).arg(before->processes.size())));
            const pid_t usurper = givePidAway(victim);
            if (usurper != victim) { // another fork on the machine took the pid first: again
                if (usurper > 0)
                    endProcess(usurper);
                continue;
            }
            const auto ended = qScopeGuard([usurper] { endProcess(usurper); });
            const std::uint64_t usurperStart = startTicksOf(usurper);
            const auto after = c.refresh();
            const Sample *s = after->byPid(victim);
            QVERIFY2(s, "the process that got a kept directory's pid was not read");
            QVERIFY(usurperStart != victimStart);
            QCOMPARE(s->id.startTicks, usurperStart);
            QCOMPARE(s->comm, std::string("sleep"));
            // Read mid-exec (posix_spawn returns once the new program's name is in place, before its
            // arguments are) its command line is empty, and read again by the next refresh.
            const std::vector<std::string> command{"sleep", "2002"};
            QVERIFY(s->details->cmdline == command || s->details->cmdline.empty());
            const auto again = c.refresh();
            QVERIFY(again->byPid(victim));
            QCOMPARE(again->byPid(victim)->details->cmdline, command);
            return;
        }
        QSKIP("the pid was never given to the new process (a busy machine): not tested");
    }

    // A refresh reads only schedstat of a process that has not run since, and carries over what its
    // stat said. What others change of it meanwhile, its nice value here, is seen within
    // kStatEveryRefreshes refreshes (without the reads in turn, never).
    void whatOthersChangeOfASleeperIsSeenWithinAFewRefreshes()
    {
        const pid_t pid = startSleepInItsOwnSession("1003"); // no terminal: a terminal's is read every time
        QVERIFY(pid > 0);
        const auto ended = qScopeGuard([pid] { endProcess(pid); });
        std::this_thread::sleep_for(std::chrono::milliseconds(50)); // past its exec
        Collector c = openLive(DeepReads::NewOnly);
        std::optional<std::uint64_t> cpuNs;
        for (int k = 0; k < 3; ++k) {
            const auto snap = c.refresh();
            QVERIFY(snap->byPid(pid));
            cpuNs = snap->byPid(pid)->cpuNs;
        }
        const int nice = std::min(19, ::getpriority(PRIO_PROCESS, static_cast<id_t>(pid)) + 3);
        QVERIFY(::setpriority(PRIO_PROCESS, static_cast<id_t>(pid), nice) == 0);
        bool seen = false;
        for (std::uint64_t k = 0; k < Collector::kStatEveryRefreshes && !seen; ++k) {
            const auto snap = c.refresh();
            const Sample *s = snap->byPid(pid);
            QVERIFY(s);
            QCOMPARE(s->comm, std::string("sleep"));
            QCOMPARE(s->state, 'S');
            QCOMPARE(s->cpuNs, cpuNs); // it did not run: a renice does not wake it
            seen = s->nice == nice;
        }
        QVERIFY2(seen, "a renice of a sleeping process was not seen within kStatEveryRefreshes refreshes");
    }

    // A parent that ends hands its children to a reaper without them running: a carried parent pid is
    // checked against the processes read (without that check the dead parent stayed, 4 runs in 5).
    void aSleeperWhoseParentEndedShowsItsNewParent()
    {
        int fds[2];
        QVERIFY(::pipe(fds) == 0);
        const pid_t parent = ::fork();
        QVERIFY(parent >= 0);
        if (parent == 0) {
            ::setsid(); // no terminal
            const pid_t child = ::fork();
            if (child == 0) {
                ::execl("/bin/sleep", "sleep", "1004", static_cast<char *>(nullptr));
                ::_exit(127);
            }
            if (::write(fds[1], &child, sizeof child) != sizeof child)
                ::_exit(1);
            for (;;)
                ::pause();
        }
        ::close(fds[1]);
        pid_t child = -1;
        const bool told = ::read(fds[0], &child, sizeof child) == sizeof child;
        ::close(fds[0]);
        bool parentReaped = false;
        const auto ended = qScopeGuard([&] {
            if (told)
                ::kill(child, SIGKILL); // not ours to reap once reparented
            if (!parentReaped)
                endProcess(parent);
        });
        QVERIFY(told && child > 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(50)); // past its exec
        Collector c = openLive(DeepReads::NewOnly);
        for (int k = 0; k < 3; ++k) {
            const auto snap = c.refresh();
            QVERIFY(snap->byPid(child));
            QCOMPARE(snap->byPid(child)->ppid, parent);
        }
        endProcess(parent);
        parentReaped = true;
        std::ifstream in("/proc/" + std::to_string(child) + "/stat");
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        StatFields now;
        const char *why = nullptr;
        QVERIFY(parseStat(text, now, &why));
        QVERIFY(now.ppid != parent);
        const auto after = c.refresh();
        const Sample *s = after->byPid(child);
        QVERIFY(s);
        QCOMPARE(s->ppid, now.ppid);
    }

    // A process that execs keeps its identity but becomes another program: its details are read
    // again (a forked child is its parent's copy until it execs).
    void anExecIsSeenAndItsDetailsReadAgain()
    {
        Spawner sp;
        const std::string go = sp.dir() + "/go";
        const int pid = spawnExecWhen(sp, go);
        QVERIFY(pid > 0);
        Collector c = openLive(DeepReads::NewOnly);
        // Each refresh reads the whole machine: under a sanitizer on a busy machine, seconds.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                const auto snap = c.refresh();
                const Sample *s = snap->byPid(pid);
                return s && s->comm == "sh" && !s->details->cmdline.empty();
            }(),
            30000);
        const auto before = c.refresh();
        QCOMPARE(before->byPid(pid)->details->cmdline.front(), std::string("/bin/sh"));
        writeText(go, "");
        QTRY_VERIFY_WITH_TIMEOUT(processComm(pid) == "sleep", 30000);
        const auto after = c.refresh();
        const Sample *s = after->byPid(pid);
        QVERIFY(s);
        QCOMPARE(s->id, before->byPid(pid)->id);
        QCOMPARE(s->comm, std::string("sleep"));
        QCOMPARE(s->details->cmdline, (std::vector<std::string>{"/bin/sleep", "1000"}));
        QCOMPARE(s->details->comm, std::string("sleep"));
    }

    // A one-shot scan keeps each pid directory open from its first pass to its last: a process that
    // ends meanwhile is left out, and the one that gets its pid is never read in its place.
    void oneShotNeverReadsTheProcessThatGotAPid()
    {
        if (::access("/proc/sys/kernel/ns_last_pid", W_OK) != 0)
            QSKIP("/proc/sys/kernel/ns_last_pid is not writable here");
        for (int attempt = 0; attempt < 100; ++attempt) {
            const pid_t victim = startSleep("1001");
            QVERIFY(victim > 0);
            const std::uint64_t victimStart = startTicksOf(victim);
            std::this_thread::sleep_for(std::chrono::milliseconds(30)); // see the refresh's test
            const auto snap = scanAsAPidChangesHands(victim, Scan::OneShot);
            if (!snap)
                continue; // another fork on the machine took the pid first: again
            for (const auto &s : snap->processes) {
                QVERIFY2(s.id.startTicks != victimStart || s.id.pid != victim, "a process that ended was reported");
                if (s.details)
                    QVERIFY2(s.details->cmdline != (std::vector<std::string>{"sleep", "2002"}) || s.id.pid != victim,
                        "the process that got the pid was read in the scan's second pass");
            }
            return;
        }
        QSKIP("the pid was never given to the new process (a busy machine): not tested");
    }

    // An exec between a one-shot's passes shows in the second (its command name) and the details
    // are read again: never the new program's command line under the old name, or the reverse.
    void oneShotSeesAnExecBetweenItsPasses()
    {
        Spawner sp;
        const std::string go = sp.dir() + "/go";
        const int pid = spawnExecWhen(sp, go);
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(processComm(pid) == "sh", 30000);
        CollectOptions o;
        o.afterCheapTier = [&] {
            writeText(go, "");
            for (int i = 0; i < 3000 && processComm(pid) != "sleep"; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        };
        Collector c(o);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto snap = c.scanOnce(0.0);
        QCOMPARE(processComm(pid), std::string("sleep"));
        const Sample *s = snap->byPid(pid);
        QVERIFY(s && s->details);
        QCOMPARE(s->comm, std::string("sleep"));
        QCOMPARE(s->details->comm, std::string("sleep"));
        QCOMPARE(s->details->cmdline, (std::vector<std::string>{"/bin/sleep", "1000"}));
    }

    // Past the fd budget (a low soft limit) the scan reads the rest by pid, checked as a refresh
    // does: the same processes, with rates and details, as with a directory kept for each.
    void oneShotPastItsFdBudgetReadsTheSame()
    {
        Spawner sp;
        std::vector<int> pids;
        for (int i = 0; i < 300; ++i)
            pids.push_back(sp.spawnProgram({"/bin/sleep", "1000"}));
        for (int pid : pids)
            QTRY_VERIFY_WITH_TIMEOUT(processComm(pid) == "sleep", 30000);
        auto scan = [] {
            Collector c = openLive();
            return c.scanOnce(0.0);
        };
        rlimit saved{};
        QVERIFY(::getrlimit(RLIMIT_NOFILE, &saved) == 0);
        if (saved.rlim_cur < 700)
            QSKIP("the soft fd limit is already low");
        rlimit low = saved;
        low.rlim_cur = 600; // a budget of 88 directories
        QVERIFY(::setrlimit(RLIMIT_NOFILE, &low) == 0);
        const auto lean = scan();
        QVERIFY(::setrlimit(RLIMIT_NOFILE, &saved) == 0);
        const auto full = scan();
        QVERIFY(lean->processes.size() > 300);
        for (int pid : pids) {
            const Sample *a = lean->byPid(pid);
            const Sample *b = full->byPid(pid);
            QVERIFY(a && b);
            QCOMPARE(a->id, b->id);
            QVERIFY(a->cpuShare);
            QCOMPARE(a->cpuNs.has_value(), b->cpuNs.has_value());
            QCOMPARE(a->sinceLastRanSeconds.has_value(), b->sinceLastRanSeconds.has_value());
            QVERIFY(a->details && a->details->partial.empty());
            QCOMPARE(a->details->cmdline, b->details->cmdline);
            QVERIFY(a->deep && a->deep->filesRead);
            QCOMPARE(a->deep->files.size(), b->deep->files.size());
            QCOMPARE(a->fdCount, b->fdCount);
        }
    }

    // Files longer than one read (cmdline, environ: a read that fills the buffer is not the end).
    void longCommandLineAndEnvironmentAreReadWhole()
    {
        Spawner sp;
        const std::string arg(10000, 'a');
        const Actor a = sp.spawn(
            {"long-args", {"long-args", "--x", arg}, {{"PADDING", std::string(9000, 'p')}, {"STY", "1.pts"}}});
        QVERIFY(a.pid > 0);
        Collector c = openLive();
        const auto snap = c.scanOnce(0.0);
        const Sample *s = snap->byPid(a.pid);
        QVERIFY(s && s->details);
        QCOMPARE(s->details->cmdline, (std::vector<std::string>{"long-args", "--x", arg}));
        QCOMPARE(s->details->environ, (std::vector<std::pair<std::string, std::string>>{{"STY", "1.pts"}}));
        // Its executable, for the window; a command line scan leaves it out.
        QCOMPARE(s->details->exe, std::filesystem::read_symlink("/proc/" + std::to_string(a.pid) + "/exe").string());
        QVERIFY(s->details->exeRead);
        CollectOptions noExe;
        noExe.readExecutable = false;
        Collector lean(noExe);
        QVERIFY(lean.open(nullptr));
        const auto leanSnap = lean.scanOnce(0.0);
        QVERIFY(leanSnap->byPid(a.pid) && leanSnap->byPid(a.pid)->details);
        QVERIFY(leanSnap->byPid(a.pid)->details->exe.empty() && !leanSnap->byPid(a.pid)->details->exeRead);
        QCOMPARE(leanSnap->byPid(a.pid)->details->cmdline, s->details->cmdline);
    }

    // Its fds as the kernel lists them, whether they are 0..n-1 (read without a listing) or have gaps
    // (a guess of 0..n-1 that stops at the first gap, then the listing).
    void everyFdIsReadWithOrWithoutGaps()
    {
        Spawner sp;
        const std::string file = sp.dir() + "/held";
        std::ofstream(file) << "x";
        const int dense = sp.spawnProgram({"/bin/sh", "-c", "exec 3<" + file + " 4<" + file + "; exec sleep 1000"});
        const int gaps = sp.spawnProgram({"/bin/sh", "-c", "exec 5<" + file + " 9<" + file + "; exec sleep 1000"});
        for (int pid : {dense, gaps})
            QTRY_VERIFY_WITH_TIMEOUT(processComm(pid) == "sleep", 30000);
        Collector c = openLive();
        const auto snap = c.scanOnce(0.0);
        for (int pid : {dense, gaps}) {
            std::vector<int> listed;
            for (const auto &e : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd"))
                listed.push_back(std::stoi(e.path().filename().string()));
            std::sort(listed.begin(), listed.end());
            const Sample *s = snap->byPid(pid);
            QVERIFY(s && s->deep && s->deep->filesRead);
            std::vector<int> read;
            for (const auto &f : s->deep->files)
                read.push_back(f.fd);
            std::sort(read.begin(), read.end());
            QCOMPARE(read, listed);
            QCOMPARE(s->fdCount, static_cast<int>(listed.size()));
            QVERIFY(std::count(read.begin(), read.end(), pid == gaps ? 9 : 4) == 1);
        }
    }

    // A one-shot holds every process's directory open meanwhile, a refresh for the next: its own
    // fds are those, not listed (a link each); another process's are.
    void aScanDoesNotListItsOwnHeldDirectories()
    {
        Spawner sp;
        const Actor a = sp.spawn({"has-files", {"has-files"}, {}});
        Collector c = openLive();
        const auto once = c.scanOnce(0.0);
        const Sample *self = once->byPid(static_cast<int>(::getpid()));
        const Sample *other = once->byPid(a.pid);
        QVERIFY(self && self->deep && other && other->deep);
        QVERIFY(!self->deep->filesRead);
        QVERIFY(self->deep->partial.find("fd: not listed") != std::string::npos);
        QVERIFY(other->deep->filesRead && other->deep->files.size() >= 3);
        Collector refreshing = openLive();
        refreshing.refresh();
        const auto again = refreshing.refresh();
        const Sample *selfAgain = again->byPid(static_cast<int>(::getpid()));
        const Sample *otherAgain = again->byPid(a.pid);
        QVERIFY(selfAgain && selfAgain->deep && otherAgain && otherAgain->deep);
        QVERIFY(!selfAgain->deep->filesRead);
        QVERIFY(selfAgain->deep->partial.find("fd: not listed") != std::string::npos);
        QVERIFY(otherAgain->deep->filesRead && otherAgain->deep->files.size() >= 3);
    }

    void deepReadOfOneProcessHasItsWholeEnvironmentMasked()
    {
        Spawner sp;
        const Actor a = sp.spawn({"server", {"server"}, {{"API_TOKEN", "s3cret-value"}, {"PLAIN_SETTING", "visible"}}});
        Collector c = openLive();
        const auto deep = c.readDeep({c.bootId(), startTicksOf(a.pid), a.pid});
        QVERIFY(deep != nullptr);
        std::map<std::string, std::string> env(deep->environment.begin(), deep->environment.end());
        QCOMPARE(env["PLAIN_SETTING"], std::string("visible"));
        QCOMPARE(env["API_TOKEN"], std::string(kMask));
        for (const auto &[k, v] : deep->environment)
            QVERIFY2(v.find("s3cret") == std::string::npos, k.c_str()); // the secret never leaves the collector

        // The cheap tier stays cheap: a refresh keeps only the environment keys that matter.
        const auto snap = c.scanOnce(0.0);
        const Sample *s = snap->byPid(a.pid);
        QVERIFY(s && s->details);
        for (const auto &[k, v] : s->details->environ)
            QVERIFY(k != "API_TOKEN" && k != "PLAIN_SETTING");
        QCOMPARE(snap->system.memPressureSome.has_value(), QFileInfo::exists(QStringLiteral("/proc/pressure/memory")));
    }

    void listenersAndWritableFiles()
    {
        Spawner sp;
        const std::string log = sp.dir() + "/out.log";
        const Actor a = sp.spawn({"server", {"server"}, {{"ACTOR_LISTEN", "0"}, {"ACTOR_WRITE", log}}});
        QVERIFY(a.port > 0);
        const Actor client = sp.spawn({"client", {"client"}, {{"ACTOR_CONNECT", std::to_string(a.port)}}});
        QVERIFY(client.pid > 0);
        const auto r = live(defaultModel(), 0.0);
        const int si = indexOfPid(*r, a.pid);
        const int ci = indexOfPid(*r, client.pid);
        QVERIFY(si >= 0 && ci >= 0);
        const auto &f = r->facts[static_cast<std::size_t>(si)];
        QCOMPARE(f.listeners, (std::vector<std::string>{"TCP 127.0.0.1:" + std::to_string(a.port)}));
        std::string files;
        for (const auto &w : f.writableFiles)
            files += w + ' ';
        QVERIFY2(f.writableFiles == std::vector<std::string>{log}, files.c_str());
        QCOMPARE(r->facts[static_cast<std::size_t>(ci)].established, 1);
        // A client counts whether or not the server has accept()ed it yet (a queued connection has no
        // inode: the actor never accepts).
        QCOMPARE(f.clients, 1);
        // The client is in the server's blast radius.
        const auto &affected = r->blast[static_cast<std::size_t>(si)].affected;
        QVERIFY(std::find(affected.begin(), affected.end(), ci) != affected.end());
    }

    void requestsServedWithinTheLastMinuteAreUse()
    {
        // A real server answering short requests (HTTP/1.0: it closes each connection after its answer)
        // has no client connected between them; the connections it just closed (TIME_WAIT on its end)
        // say it is used. A connect-only readiness probe closes first: nothing on the server's end.
        Spawner sp;
        const int port = test::freeTcpPort();
        QVERIFY(port > 0);
        const int srv = sp.spawnProgram({"/usr/bin/python3", "-m", "http.server", std::to_string(port), "--bind",
            "127.0.0.1", "--directory", sp.dir()});
        QVERIFY(srv > 0);
        QTRY_VERIFY_WITH_TIMEOUT(test::tcpListening(port), 10000); // looked up, not connected to
        for (int i = 0; i < 2; ++i)
            QVERIFY(test::probe(port));
        const auto serverEnd = [&](const TriageResult &r) {
            const int i = indexOfPid(r, srv);
            return i < 0 ? ProcessFacts{} : r.facts[static_cast<std::size_t>(i)];
        };
        auto r = live(defaultModel(), 0.0);
        QVERIFY(!r->snapshot->closedByPort.count(port));
        QCOMPARE(serverEnd(*r).closedRecently, 0);
        QVERIFY(!serverEnd(*r).servesClients());

        for (int i = 0; i < 3; ++i)
            QVERIFY(test::getPage(port));
        r = live(defaultModel(), 0.0);
        QVERIFY2(r->snapshot->closedByPort.count(port) && r->snapshot->closedByPort.at(port) == 3,
            "the three answered GETs' connections are in TIME_WAIT under the server's port");
        for (const auto &[inode, si] : r->snapshot->sockets)
            QVERIFY2(si.established || si.listening || si.proto == SocketInfo::Proto::Unix
                    || si.proto == SocketInfo::Proto::Udp || si.proto == SocketInfo::Proto::Udp6,
                "no TIME_WAIT connection is kept as a socket");
        const int i = indexOfPid(*r, srv);
        QVERIFY(i >= 0);
        const ProcessFacts &f = r->facts[static_cast<std::size_t>(i)];
        QCOMPARE(f.clients, 0); // none connected at the scan
        QCOMPARE(f.closedRecently, 3);
        QVERIFY(f.servesClients());
        const Recommendation &rec = r->recommendations[static_cast<std::size_t>(i)];
        QVERIFY2(!rec.allowed[static_cast<std::size_t>(RecommendedAction::Kill)], dump(*r, i).c_str());
        bool said = false;
        for (const EvidenceTerm &t : ledgerOf(*r, i, defaultModel()))
            said = said || t.detail.english().find("ended within the last minute") != std::string::npos;
        QVERIFY2(said, dump(*r, i).c_str());
    }

    void lockHolderNamesItsFileAndWaiters()
    {
        Spawner sp;
        const std::string lock = sp.dir() + "/build.lock";
        const Actor holder = sp.spawn({"holder", {"holder"}, {{"ACTOR_FLOCK", lock}}});
        const Actor waiter = sp.spawn({"waiter", {"waiter"}, {{"ACTOR_FLOCK_WAIT", lock}}});
        QVERIFY(holder.pid > 0 && waiter.pid > 0);
        std::shared_ptr<const TriageResult> r;
        int hi = -1, wi = -1;
        // The waiter reports ready just before it blocks: poll until the kernel lists it waiting.
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            r = live(defaultModel(), 0.0);
            hi = indexOfPid(*r, holder.pid);
            wi = indexOfPid(*r, waiter.pid);
            return hi >= 0 && wi >= 0
                && std::any_of(r->snapshot->locks.begin(), r->snapshot->locks.end(),
                    [&](const FileLock &l) { return l.waiting && l.pid == waiter.pid; });
        }()),
            5000);
        QCOMPARE(r->facts[static_cast<std::size_t>(hi)].lockedFiles, std::vector<std::string>{lock});
        const auto &blast = r->blast[static_cast<std::size_t>(hi)];
        QVERIFY(std::find(blast.affected.begin(), blast.affected.end(), wi) != blast.affected.end());
        bool named = false;
        for (const auto &reason : blast.reasons)
            named = named || reason.english().find("lock on " + lock) != std::string::npos;
        QVERIFY(named);

        // A capture names it from its own record (the fd's fdinfo has the inode), never by following
        // the fd's link out to this machine's files: removed since, the file is still named.
        std::string error;
        const std::string dir = sp.dir() + "/cap";
        QVERIFY2(writeCapture("/proc", dir, {holder.pid, waiter.pid}, &error), error.c_str());
        QVERIFY(std::filesystem::remove(lock)); // the holder keeps its lock on the unlinked file
        const auto snap = scanCapture(dir);
        const auto facts = findFacts(*snap, defaultModel(), FactContext{});
        const auto ci = snap->indexByPid.find(holder.pid);
        QVERIFY(ci != snap->indexByPid.end());
        QCOMPARE(facts[ci->second].lockedFiles, std::vector<std::string>{lock});
    }

    // The scheduler says how long an idle process has not run; a busy one ran just now and its
    // CPU time comes in nanoseconds. A capture keeps both; without sched files it is unknown.
    void lastRanAndNanosecondCpu()
    {
        // The sleeper and the capture on one CPU: an older capture (no record of the CPUs' clocks,
        // below) has the capturing thread's clock only, and other CPUs' clocks are apart from it.
        const cpu_set_t all = allowedCpus();
        int cpu = 0;
        while (!CPU_ISSET(cpu, &all))
            ++cpu;
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(cpu, &one);
        Spawner sp;
        const Actor idle
            = sp.spawn({"sleeper", {"sleeper"}, {{"ACTOR_THREADS", "3"}, {"ACTOR_CPU", std::to_string(cpu)}}});
        const Actor busy = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        Collector c = openLive();
        const auto snap = c.scanOnce();
        const Sample *i = snap->byPid(idle.pid);
        const Sample *b = snap->byPid(busy.pid);
        QVERIFY(i && b);
        QVERIFY(b->cpuNs && i->cpuNs);
        QVERIFY2(i->sinceLastRanSeconds && *i->sinceLastRanSeconds >= 1.0 && *i->sinceLastRanSeconds < 60,
            std::to_string(i->sinceLastRanSeconds.value_or(-1)).c_str());
        QCOMPARE(b->sinceLastRanSeconds.value_or(-1), 0.0);

        std::string error;
        const std::string dir = sp.dir() + "/cap";
        QVERIFY(::sched_setaffinity(0, sizeof one, &one) == 0);
        const auto started = std::chrono::steady_clock::now();
        const bool written = writeCapture("/proc", dir, {idle.pid, busy.pid}, &error);
        // The two clocks below were read within the capture: apart by its length at most (a busy
        // machine stretches it).
        const double tolerance
            = std::max(0.05, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        QVERIFY(::sched_setaffinity(0, sizeof all, &all) == 0);
        QVERIFY2(written, error.c_str());
        const auto readCapture = [&] { return scanCapture(dir); };
        const auto replayed = readCapture();
        const Sample *ci = replayed->byPid(idle.pid);
        QVERIFY(ci && ci->sinceLastRanSeconds && *ci->sinceLastRanSeconds >= 1.0);
        QVERIFY(ci->cpuNs);
        QVERIFY(std::filesystem::remove(dir + "/" + SchedClocks::kCaptureFile)); // as in an older capture
        const auto oneClock = readCapture();
        QVERIFY(oneClock->byPid(idle.pid) && oneClock->byPid(idle.pid)->sinceLastRanSeconds);
        QVERIFY2(std::abs(*oneClock->byPid(idle.pid)->sinceLastRanSeconds - *ci->sinceLastRanSeconds) < tolerance,
            std::to_string(tolerance).c_str());
        QVERIFY(std::filesystem::remove(dir + "/thread-self/sched")); // older still
        const auto older = readCapture();
        QVERIFY(older->byPid(idle.pid) && !older->byPid(idle.pid)->sinceLastRanSeconds);
    }

    // A one-shot reads a process quiet for a second before its first read once: not run since (its
    // rates nothing, its I/O counters unread while nothing uses them), as ps would have it. One
    // woken between the passes is not seen to run; one that runs is read again.
    void aQuietProcessIsReadOnce()
    {
        Spawner sp;
        const std::string fifo = sp.dir() + "/wake";
        QVERIFY(::mkfifo(fifo.c_str(), 0600) == 0);
        // Blocked opening the FIFO, then a busy loop once something is written to it.
        const int quiet = sp.spawnProgram({"/bin/sh", "-c",
            "read x < " + fifo + "; i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; exec sleep 1000"});
        const Actor busy = sp.spawn({"quiet-test-spinner", {"quiet-test-spinner"}, {{"ACTOR_SPIN", "1"}}});
        const Actor idle = sp.spawn({"quiet-test-idle", {"quiet-test-idle"}, {}});
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        const auto cpuNs = [quiet] {
            std::ifstream in("/proc/" + std::to_string(quiet) + "/schedstat");
            std::uint64_t ns = 0;
            in >> ns;
            return ns;
        };
        const std::uint64_t before = cpuNs();
        bool ran = false, woken = false;
        CollectOptions o;
        o.afterCheapTier = [&] {
            if (std::exchange(woken, true))
                return; // the refresh below
            std::ofstream(fifo) << "go\n";
            for (int i = 0; i < 500 && !ran; ++i) { // it has run before the second pass
                ran = cpuNs() > before;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        };
        Collector c(o);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto snap = c.scanOnce();
        QVERIFY(ran);
        const Sample *q = snap->byPid(quiet);
        QVERIFY(q && q->cpuShare && q->ioRate && q->sinceLastRanSeconds);
        QCOMPARE(*q->cpuShare, 0.0);
        QCOMPARE(*q->ioRate, 0.0);
        QCOMPARE(q->ioSteady.value_or(-1), 0.0);
        QVERIFY2(*q->sinceLastRanSeconds >= 1.0, std::to_string(*q->sinceLastRanSeconds).c_str());
        QVERIFY(!q->ioBytes); // younger than a minute: its life's writes fill nothing
        const Sample *b = snap->byPid(busy.pid);
        QVERIFY(b && b->cpuShare && b->ioBytes);
        QVERIFY2(*b->cpuShare > 0.2, std::to_string(*b->cpuShare).c_str());
        QCOMPARE(b->sinceLastRanSeconds.value_or(-1), 0.0);

        // A refresh reads it every time: the interval's CPU is seen. One that did not run has no I/O
        // since, though its counters were not read before.
        const auto again = c.refresh();
        QVERIFY(again->byPid(quiet) && again->byPid(quiet)->cpuShare);
        const Sample *i = again->byPid(idle.pid);
        QVERIFY(snap->byPid(idle.pid) && !snap->byPid(idle.pid)->ioBytes);
        QVERIFY(i && i->ioBytes && i->ioRate);
        QCOMPARE(*i->ioRate, 0.0);
    }

    // The live service's first scan leaves a quiet process's I/O counters unread as a one-shot does,
    // and reads them once its result is out (readIoLeftForLater): where the first refresh's rates
    // start. Taken only while the process has not run since the scan (they are the scan's then).
    void theLiveServiceReadsQuietCountersAfterItsFirstResult()
    {
        Spawner sp;
        const auto reader = [&sp](const std::string &fifo) {
            if (::mkfifo(fifo.c_str(), 0600) != 0)
                return -1;
            return sp.spawnProgram({"/bin/sh", "-c", "while read x < " + fifo + "; do :; done"});
        };
        const std::string early = sp.dir() + "/early", late = sp.dir() + "/late";
        const int wokenEarly = reader(early), wokenLate = reader(late);
        QVERIFY(wokenEarly > 0 && wokenLate > 0);
        const auto readBytes = [](int pid) {
            std::ifstream in("/proc/" + std::to_string(pid) + "/io");
            std::string key;
            std::uint64_t value = 0;
            while (in >> key >> value)
                if (key == "rchar:")
                    return value;
            return std::uint64_t{0};
        };
        // Written to, then read by the loop: it ran and did I/O.
        const auto wake = [&readBytes](const std::string &fifo, int pid) {
            const std::uint64_t before = readBytes(pid);
            std::ofstream(fifo) << "go\n";
            for (int i = 0; i < 500 && readBytes(pid) == before; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            return readBytes(pid) > before;
        };
        std::this_thread::sleep_for(std::chrono::milliseconds(1500)); // quiet for a second at the scan

        CollectOptions live;
        live.refreshesAfterScanOnce = true;
        Collector c(live);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto first = c.scanOnce();
        for (const int pid : {wokenEarly, wokenLate}) {
            const Sample *s = first->byPid(pid);
            QVERIFY(s && s->ioRate && !s->ioBytes); // "no I/O" over the interval, its counters unread
            QCOMPARE(*s->ioRate, 0.0);
        }
        QVERIFY(wake(early, wokenEarly)); // after the scan, before its counters are read
        QVERIFY(c.readIoLeftForLater() >= 1);
        QVERIFY(wake(late, wokenLate)); // after they were read

        const auto next = c.refresh();
        const Sample *l = next->byPid(wokenLate);
        QVERIFY(l && l->ioRate);
        QVERIFY2(*l->ioRate > 0, std::to_string(*l->ioRate).c_str());
        // Its counters read after its wakeup are not the scan's: never "no I/O" against them.
        const Sample *e = next->byPid(wokenEarly);
        QVERIFY(e && e->ioBytes);
        QVERIFY2(!e->ioRate || *e->ioRate > 0, std::to_string(e->ioRate.value_or(-1)).c_str());
    }

    // The live service's first scan leaves executables unread (no verdict reads them): the refreshes after it
    // read them into the details they keep, once, 1,024 a refresh (each a copy of its details, beside those the
    // window shows); the on-demand read of one process carries its own.
    void theLiveServicesRefreshesReadTheExecutablesItsScanLeft()
    {
        std::optional<IdleChildren> idle(std::in_place, 1100); // more than a refresh reads
        QCOMPARE(idle->size(), 1100);
        Spawner sp;
        const Actor a = sp.spawn({"exe-later", {"exe-later"}, {}});
        QVERIFY(a.pid > 0);
        const std::string exe = std::filesystem::read_symlink("/proc/" + std::to_string(a.pid) + "/exe").string();
        const pid_t zombie = ::fork();
        if (zombie == 0)
            ::_exit(0);
        QVERIFY(zombie > 0);
        siginfo_t ended{};
        QCOMPARE(::waitid(P_PID, static_cast<id_t>(zombie), &ended, WEXITED | WNOWAIT), 0); // a zombie until reaped
        const auto reap = qScopeGuard([zombie] { ::waitpid(zombie, nullptr, 0); });
        CollectOptions o;
        o.deep = DeepReads::NewOnly;
        o.refreshesAfterScanOnce = true;
        Collector c(o);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto first = c.scanOnce();
        const Sample *s = first->byPid(a.pid);
        QVERIFY(s && s->details && !s->details->cmdline.empty());
        QVERIFY(!s->details->exeRead && s->details->exe.empty()); // not read, which is not "unreadable"
        const auto deep = c.readDeep(s->id);
        QVERIFY(deep && deep->exeRead);
        QCOMPARE(deep->exe, exe);
        // Kernel threads and zombies have no executable: said at once, they take no refresh's turn.
        const Sample *z = first->byPid(zombie);
        QVERIFY(z && z->state == 'Z' && z->details && z->details->exeRead && z->details->exe.empty());
        for (const Sample &p : first->processes)
            if (p.isKernelThread() && p.details && p.details->partial.empty())
                QVERIFY2(p.details->exeRead, p.comm.c_str());

        // Of the processes the scan left unread: read since, and still left (a process gone
        // meanwhile is neither: one that ends during a refresh keeps what was read of it before).
        const auto since = [&first](const Snapshot &snap) {
            std::pair<std::size_t, std::size_t> readLeft{0, 0};
            for (const Sample &p : snap.processes) {
                const Sample *was = first->byIdentity(p.id);
                if (!was || !was->details || was->details->exeRead || !p.details
                    || p.details->partial.find("vanished") != std::string::npos)
                    continue;
                if (!p.details->exeRead && startTicksOf(p.id.pid) != p.id.startTicks)
                    continue;
                // Read anew with its executable, as any new process is: it exec'd (another name), or
                // the scan caught it mid-exec (no arguments yet). Other tests' processes do that.
                if ((was->details->cmdline.empty() && !was->isKernelThread()) || was->details->comm != p.details->comm)
                    continue;
                ++(p.details->exeRead ? readLeft.first : readLeft.second);
            }
            return readLeft;
        };
        const auto next = c.refresh();
        const auto [read, left] = since(*next);
        QVERIFY2(read <= 1024 && left > 0, (std::to_string(read) + " " + std::to_string(left)).c_str());
        // As many more as the machine's other processes need (a busy machine has thousands, and
        // processes that exec or end take a turn this count leaves out), each reading at most its
        // 1,024 and some while any is left: then none is left.
        auto last = next;
        auto counted = std::make_pair(read, left);
        const std::size_t enough = 2 + first->processes.size() / 1024;
        for (std::size_t refreshes = 1; refreshes <= enough && counted.second > 0; ++refreshes) {
            last = c.refresh();
            const auto now = since(*last);
            QVERIFY2(now.first <= counted.first + 1024 && (now.first > counted.first || now.second < counted.second),
                (std::to_string(now.first) + " read, " + std::to_string(now.second) + " left").c_str());
            counted = now;
        }
        QCOMPARE(counted.second, std::size_t{0});
        const Sample *r = last->byPid(a.pid);
        QVERIFY(r && r->details && r->details->exeRead);
        QCOMPARE(r->details->exe, exe);
        QCOMPARE(r->details->cmdline, s->details->cmdline); // the rest as the scan read it
        QCOMPARE(r->details->cwd, s->details->cwd);
        const auto after = c.refresh();
        QCOMPARE(after->byPid(a.pid)->details.get(), r->details.get()); // read once
    }

    // The live service's first scan reads the socket table before any fd (beside its first pass): its
    // listeners were there for their holders' reads, and the first refresh reads no young process's fds
    // again for them, even for a listener no process holds (in flight here). It read every young
    // process's fds again (5,000 of them: 50 ms). A listener bound after the scan is looked for
    // (tst_port_holders aListenerOpenedAfterTheFirstRefreshIsFound).
    void theFirstRefreshReadsNoFdsAgainForListenersItsScanSaw()
    {
        // A TCP listener no process holds: sent over a socket pair and closed, held by the message.
        int pair[2];
        QVERIFY(::socketpair(AF_UNIX, SOCK_STREAM, 0, pair) == 0);
        auto closePair = qScopeGuard([&] {
            ::close(pair[0]);
            ::close(pair[1]);
        });
        const int listener = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in addr{};
        addr.sin_family = AF_INET;
        addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        QVERIFY(listener >= 0);
        QVERIFY(::bind(listener, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) == 0);
        QVERIFY(::listen(listener, 1) == 0);
        struct stat st { };
        QVERIFY(::fstat(listener, &st) == 0);
        alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
        char byte = 'x';
        iovec iov{&byte, 1};
        msghdr msg{};
        msg.msg_iov = &iov;
        msg.msg_iovlen = 1;
        msg.msg_control = control;
        msg.msg_controllen = sizeof control;
        cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int));
        std::memcpy(CMSG_DATA(c), &listener, sizeof(int));
        QVERIFY(::sendmsg(pair[0], &msg, 0) == 1);
        ::close(listener);

        Spawner sp;
        const Actor young = sp.spawn({"young-sleeper", {"young-sleeper"}, {}});
        QVERIFY(young.pid > 0);
        CollectOptions o;
        o.deep = DeepReads::NewOnly;
        o.refreshesAfterScanOnce = true;
        // The table read before the fds, as it is when the first pass takes longer than reading it.
        std::atomic<bool> besideDone{false};
        o.meanwhile = [&besideDone] { besideDone = true; };
        o.afterCheapTier = [&besideDone] {
            for (int i = 0; i < 500 && !besideDone; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        };
        Collector collector(o);
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        const auto first = collector.scanOnce();
        const auto next = collector.refresh();
        const auto held = next->sockets.find(static_cast<std::uint64_t>(st.st_ino));
        QVERIFY(held != next->sockets.end() && held->second.listening); // in the table, held by no fd
        const Sample *before = first->byPid(young.pid), *after = next->byPid(young.pid);
        QVERIFY(before && after && before->deep && before->deep->filesRead);
        QCOMPARE(after->deep.get(), before->deep.get()); // not read again
    }

    // The cgroups' member lists name each process's cgroup as its own cgroup file does; a process
    // started after the walk is not looked up in it (its pid may have been another's then).
    void cgroupsReadPerCgroupNameWhatEachProcessSays()
    {
        const std::string mount = CgroupMembers::unifiedMount();
        if (mount.empty())
            QSKIP("no cgroup v2 hierarchy mounted here");
        const auto members = CgroupMembers::read(mount, 1 << 16);
        QVERIFY2(members, "this process is not where the walk found it");
        QVERIFY(members->cgroupCount() >= 1);
        QVERIFY(!CgroupMembers::read(mount, 0));
        Spawner sp;
        const Actor late = sp.spawn({"after-the-walk", {"after-the-walk"}, {}});
        QVERIFY(!members->find(late.pid, startTicksOf(late.pid)));
        int compared = 0;
        for (const auto &e : std::filesystem::directory_iterator("/proc")) {
            const std::string name = e.path().filename().string();
            if (name.find_first_not_of("0123456789") != std::string::npos)
                continue;
            const int pid = std::stoi(name);
            std::ifstream in("/proc/" + name + "/cgroup");
            const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const std::uint64_t start = startTicksOf(pid);
            const std::string *found = members->find(pid, start);
            if (!found || text.empty() || startTicksOf(pid) != start)
                continue; // started after the walk, a kernel thread, gone meanwhile
            QCOMPARE(*found, parseCgroup(text));
            ++compared;
        }
        QVERIFY2(compared >= 3, std::to_string(compared).c_str());

        // A one-shot of the live /proc names each process's cgroup the same whichever way it read it.
        Collector c = openLive();
        const auto snap = c.scanOnce(0.0);
        const Sample *self = snap->byPid(static_cast<int>(::getpid()));
        std::ifstream own("/proc/self/cgroup");
        const std::string text((std::istreambuf_iterator<char>(own)), std::istreambuf_iterator<char>());
        QVERIFY(self && self->details);
        QCOMPARE(self->details->cgroup, parseCgroup(text));
    }

    // A v6 listener and the v6 connections it just closed are found, whatever v4 sockets there are:
    // TIME_WAIT is one count for both families, and the v6 table is dumped unless v4's held them all.
    void v6ListenersAndTheirClosedConnectionsAreFound()
    {
        const int probeFd = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
        sockaddr_in6 any{};
        any.sin6_family = AF_INET6;
        any.sin6_addr = in6addr_loopback;
        const bool v6 = probeFd >= 0 && ::bind(probeFd, reinterpret_cast<sockaddr *>(&any), sizeof any) == 0;
        if (probeFd >= 0)
            ::close(probeFd);
        if (!v6)
            QSKIP("no IPv6 loopback here");
        Spawner sp;
        const int port = test::freeTcpPort();
        const int srv = sp.spawnProgram(
            {"/usr/bin/python3", "-m", "http.server", std::to_string(port), "--bind", "::1", "--directory", sp.dir()});
        QVERIFY(srv > 0);
        const auto getV6 = [port] {
            const int fd = ::socket(AF_INET6, SOCK_STREAM | SOCK_CLOEXEC, 0);
            sockaddr_in6 to{};
            to.sin6_family = AF_INET6;
            to.sin6_addr = in6addr_loopback;
            to.sin6_port = htons(static_cast<std::uint16_t>(port));
            bool whole = fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr *>(&to), sizeof to) == 0;
            const std::string ask = "GET / HTTP/1.0\r\n\r\n";
            whole = whole && ::write(fd, ask.data(), ask.size()) == static_cast<ssize_t>(ask.size());
            char buf[4096];
            ssize_t n = 0;
            while (whole && (n = ::read(fd, buf, sizeof buf)) > 0) { }
            if (fd >= 0)
                ::close(fd);
            return whole && n == 0; // the server closed first: TIME_WAIT on its end
        };
        QTRY_VERIFY_WITH_TIMEOUT(getV6(), 10000);
        QVERIFY(getV6());
        Collector c = openLive();
        const auto snap = c.scanOnce(0.0);
        bool listening = false;
        for (const auto &[inode, si] : snap->sockets)
            listening = listening || (si.proto == SocketInfo::Proto::Tcp6 && si.listening && si.localPort == port);
        QVERIFY(listening);
        QVERIFY2(snap->closedByPort.count(port) && snap->closedByPort.at(port) >= 2,
            std::to_string(snap->closedByPort.count(port) ? snap->closedByPort.at(port) : 0).c_str());
        // The server gone, its closed connections stay a minute: no v6 socket in use (where the machine
        // has no other), yet the v6 table is dumped for them.
        endProcess(srv);
        const auto after = c.scanOnce(0.0);
        QVERIFY2(after->closedByPort.count(port) && after->closedByPort.at(port) >= 2,
            std::to_string(after->closedByPort.count(port) ? after->closedByPort.at(port) : 0).c_str());
    }

    // The caller's work meanwhile (the CLI loads its config and past there) runs once, beside the
    // first pass on a thread of its own, and the second pass waits for it: work slower than the
    // interval lengthens every process's interval, it never races the second pass. A capture,
    // read once, runs it too.
    void meanwhileRunsOnceBeforeTheSecondPass()
    {
        int calls = 0;
        std::thread::id ranOn;
        CollectOptions o;
        o.meanwhile = [&] {
            ++calls;
            ranOn = std::this_thread::get_id();
            std::this_thread::sleep_for(std::chrono::milliseconds(500));
        };
        Collector live(o);
        std::string error;
        QVERIFY2(live.open(&error), error.c_str());
        const auto snap = live.scanOnce();
        QVERIFY(snap && snap->intervalSeconds);
        QCOMPARE(calls, 1);
        QVERIFY(ranOn != std::this_thread::get_id());
        // Every process was read again after the 0.5 s sleep, less at most the first pass's length.
        QVERIFY2(*snap->intervalSeconds > 0.25, std::to_string(*snap->intervalSeconds).c_str());

        Spawner sp;
        const Actor idle = sp.spawn({"meanwhile-idle", {"meanwhile-idle"}, {}});
        const std::string dir = sp.dir() + "/cap";
        QVERIFY2(writeCapture("/proc", dir, {idle.pid}, &error), error.c_str());
        o.procRoot = dir;
        Collector capture(o);
        QVERIFY2(capture.open(&error), error.c_str());
        QVERIFY(capture.scanOnce());
        QCOMPARE(calls, 2);
    }

    // A refresh reuses the CPUs' clocks for a while (visiting every CPU is a migration each); one
    // clock read without visiting (a capture) is read anew each time.
    void schedClocksAreReusedOnlyWhenReadOnTheirCpus()
    {
        const DirFd proc = DirFd::openAt(AT_FDCWD, "/proc");
        QVERIFY(proc.valid());
        FileBuffer buf;
        const auto live = SchedClocks::read(proc.get(), true, buf);
        QVERIFY(live);
        const auto again = live->renewed(30000);
        QVERIFY(again);
        QVERIFY(again->nowMs() >= live->nowMs());
        QCOMPARE(again->spreadMs(), live->spreadMs());
        QCOMPARE(again->toTimeline(1000, 0), live->toTimeline(1000, 0));
        QVERIFY(!live->renewed(-1)); // too old
        QVERIFY(!again->renewed(30000)); // only the reading itself is renewed, so its age counts
        const auto oneClock = SchedClocks::read(proc.get(), false, buf);
        QVERIFY(oneClock);
        QCOMPARE(oneClock->spreadMs(), 0.0);
        QVERIFY(!oneClock->renewed(30000));
    }

    // Each CPU's scheduler clock leaves out its own interrupt (and, in a VM, stolen) time, so two
    // CPUs' clocks drift apart (0.6 s on the VM this was written on): a sleeper's last run is on
    // the clock of the CPU it ran on, whichever CPU the collector reads "now" on.
    void lastRanIsOnTheClockOfTheCpuItRanOn()
    {
        cpu_set_t all = allowedCpus();
        if (!CPU_ISSET(0, &all) || !CPU_ISSET(1, &all))
            QSKIP("needs cores 0 and 1");
        using Clock = std::chrono::steady_clock;
        struct Sleeper {
            Actor actor;
            Clock::time_point spawning, ready;
        };
        Spawner sp;
        std::vector<Sleeper> sleepers;
        for (const char *cpu : {"0", "1"})
            for (const char *threads : {"1", "3"}) {
                Sleeper s;
                s.spawning = Clock::now();
                s.actor = sp.spawn({"clock-sleeper", {"clock-sleeper"},
                    {{"ACTOR_CPU", cpu}, {"ACTOR_THREADS", threads}, {"ACTOR_WAKE_AFTER_MS", "1000"}}});
                s.ready = Clock::now();
                QVERIFY(s.actor.pid > 0);
                sleepers.push_back(s);
            }
        std::this_thread::sleep_for(std::chrono::milliseconds(2200));
        Collector c = openLive(DeepReads::None);
        const auto scanning = Clock::now();
        const auto snap = c.scanOnce();
        const auto scanned = Clock::now();
        const auto seconds = [](Clock::duration d) { return std::chrono::duration<double>(d).count(); };
        // Each last ran when it woke, 1 s after reporting ready (its threads before), and not since:
        // older than its idle time, so a clock off by the CPUs' skew is not hidden by its age. (A
        // wake can come late, a few ms; on a loaded machine more: so less is allowed.)
        const auto checkSinceWoken
            = [&](const Snapshot &read, Clock::time_point from, Clock::time_point to, const char *how) {
                  for (const Sleeper &s : sleepers) {
                      const Sample *sample = read.byPid(s.actor.pid);
                      QVERIFY(sample && sample->sinceLastRanSeconds);
                      const double least = seconds(from - s.ready) - 1.0 - 0.25;
                      const double most = seconds(to - s.spawning) - 1.0 + 0.05;
                      QVERIFY2(*sample->sinceLastRanSeconds >= least && *sample->sinceLastRanSeconds <= most,
                          qPrintable(QStringLiteral("%1, CPU %2, %3 threads: %4 s, not in [%5, %6]")
                                         .arg(QLatin1String(how))
                                         .arg(sample->processor)
                                         .arg(sample->threads)
                                         .arg(*sample->sinceLastRanSeconds)
                                         .arg(least)
                                         .arg(most)));
                  }
              };
        checkSinceWoken(*snap, scanning, scanned, "live");
        if (QTest::currentTestFailed())
            return;
        // Nothing has gone without running for longer than it has lived, as the snapshot dates it.
        const double ticks = static_cast<double>(snap->system.clockTicks);
        for (const Sample &p : snap->processes)
            if (p.sinceLastRanSeconds)
                QVERIFY(*p.sinceLastRanSeconds
                    <= snap->system.uptimeSeconds - static_cast<double>(p.id.startTicks) / ticks + 1e-9);

        // A capture records every CPU's clock: written on core 0, it dates the sleepers of core 1 too.
        std::vector<int> pids;
        for (const Sleeper &s : sleepers)
            pids.push_back(s.actor.pid);
        std::string error;
        const std::string dir = sp.dir() + "/clocks-capture";
        cpu_set_t core0;
        CPU_ZERO(&core0);
        CPU_SET(0, &core0);
        QVERIFY(::sched_setaffinity(0, sizeof core0, &core0) == 0);
        const auto capturing = Clock::now();
        const bool written = writeCapture("/proc", dir, pids, &error);
        const auto captured = Clock::now();
        QVERIFY(::sched_setaffinity(0, sizeof all, &all) == 0);
        QVERIFY2(written, error.c_str());
        const auto replay = [&] { return scanCapture(dir, DeepReads::None); };
        const auto replayed = replay();
        QVERIFY(replayed->warnings.empty());
        checkSinceWoken(*replayed, capturing, captured, "captured on CPU 0");
        if (QTest::currentTestFailed())
            return;
        // A record that does not parse is said, and the capturing thread's one clock is used.
        {
            std::ofstream bad(dir + "/" + SchedClocks::kCaptureFile, std::ios::trunc);
            bad << "now 12.5\ncpu zero 3\n";
        }
        const auto misread = replay();
        QCOMPARE(misread->warnings.size(), std::size_t{1});
        QVERIFY2(misread->warnings[0].english().find("ptriage_sched_clocks: line 2") != std::string::npos,
            misread->warnings[0].english().c_str());
        QVERIFY(misread->byPid(pids[0]) && misread->byPid(pids[0])->sinceLastRanSeconds);
    }

    // A one-shot reads every process twice, the first time more slowly (the cheap tier) than the
    // second: a process read late has less time between its two reads than the passes' starts. A
    // spinner alone on its core, read after a thousand idle processes, uses one core: so it shows.
    void aProcessReadLastGetsItsOwnInterval()
    {
        cpu_set_t all = allowedCpus();
        if (!CPU_ISSET(0, &all) || !CPU_ISSET(1, &all))
            QSKIP("needs cores 0 and 1: one for the scan, one for the spinner");
        cpu_set_t core0, core1;
        CPU_ZERO(&core0);
        CPU_SET(0, &core0);
        CPU_ZERO(&core1);
        CPU_SET(1, &core1);
        // This thread, the children and the collector's readers (started later, from here) on core 0.
        QVERIFY(::sched_setaffinity(0, sizeof core0, &core0) == 0);
        std::optional<IdleChildren> idle(std::in_place, 1000);
        QCOMPARE(idle->size(), 1000);
        Spawner sp;
        const Actor spinner = sp.spawn({"last-spinner", {"last-spinner"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(spinner.pid > 0);
        QVERIFY(::sched_setaffinity(spinner.pid, sizeof core1, &core1) == 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        // Three scans, the median: the kernel brings a running task's CPU time up to date at each
        // tick (4 ms at 250 Hz), which moves one scan's figure by a few percent.
        // What the spinner really got over each scan, from outside: if something else took part of its
        // core (other tests running beside this one), its share over its own interval is unknown.
        const auto spinnerNs = [&] {
            std::ifstream in("/proc/" + std::to_string(spinner.pid) + "/schedstat");
            double ns = 0;
            in >> ns;
            return ns;
        };
        std::vector<double> shares;
        double leastAlone = 1;
        bool readLast = true;
        for (int scan = 0; scan < 3 && readLast; ++scan) {
            Collector c = openLive();
            const auto t0 = std::chrono::steady_clock::now();
            const double ns0 = spinnerNs();
            const auto snap = c.scanOnce();
            const double ns1 = spinnerNs();
            leastAlone = std::min(leastAlone,
                (ns1 - ns0) / 1e9 / std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            const auto at = snap->indexByPid.find(spinner.pid);
            QVERIFY(at != snap->indexByPid.end());
            readLast = at->second + 20 >= snap->processes.size();
            const Sample &s = snap->processes[at->second];
            QVERIFY(s.cpuShare);
            shares.push_back(*s.cpuShare);
        }
        ::sched_setaffinity(0, sizeof all, &all);
        idle.reset();
        if (!readLast)
            QSKIP("the pids wrapped: the spinner is not read last");
        if (leastAlone < 0.95)
            QSKIP(qPrintable(QStringLiteral("core 1 was busy: the spinner got %1 of it").arg(leastAlone)));
        std::sort(shares.begin(), shares.end());
        QVERIFY2(shares[1] > 0.93 && shares[1] < 1.07,
            qPrintable(QStringLiteral("%1 %2 %3").arg(shares[0]).arg(shares[1]).arg(shares[2])));
    }

    void captureReadsLikeLive()
    {
        Spawner sp;
        const Actor a = sp.spawn({"captured", {"captured", "arg with spaces"}, {{"ACTOR_LISTEN", "0"}}});
        std::string error;
        const std::string dir = sp.dir() + "/cap";
        QVERIFY2(writeCapture("/proc", dir, {a.pid, static_cast<int>(::getpid())}, &error), error.c_str());
        CollectOptions o;
        o.procRoot = dir;
        Collector c(o);
        QVERIFY2(c.open(&error), error.c_str());
        QVERIFY(c.isCapture());
        const auto snap = c.scanOnce();
        QCOMPARE(snap->processes.size(), std::size_t{2});
        const Sample *s = snap->byPid(a.pid);
        QVERIFY(s);
        QCOMPARE(s->id.startTicks, startTicksOf(a.pid));
        QCOMPARE(s->uid.value_or(99999), static_cast<std::uint32_t>(::getuid())); // from status
        QCOMPARE(s->details->cmdline.back(), std::string("arg with spaces"));
        QVERIFY(!s->cpuShare); // no earlier sample: unknown, not invented
        QVERIFY(!snap->intervalSeconds);
        bool listening = false;
        for (const auto &f : s->deep->files)
            if (f.kind == FdKind::Socket && snap->sockets.count(f.inode))
                listening = listening || snap->sockets.at(f.inode).listening;
        QVERIFY(listening); // sockets come from the capture's net/tcp
    }

    void hostileCaptureGivesPartialRecordsNotCrashes()
    {
        Spawner sp;
        const Actor a = sp.spawn({"victim", {"victim"}, {}});
        std::string error;
        const std::string dir = sp.dir() + "/cap";
        QVERIFY(writeCapture("/proc", dir, {a.pid}, &error));
        // Fake processes with every kind of damage.
        auto fake = [&](int pid, const std::string &stat) {
            const std::string p = dir + '/' + std::to_string(pid);
            ::mkdir(p.c_str(), 0755);
            writeText(p + "/stat", stat);
            return p;
        };
        fake(90001, "");
        fake(90002, "90002 (trunc) S 1 2");
        const std::string evil
            = fake(90003, "90003 (a) b) (c) S 1 90003 90003 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 100 1000 10\n");
        writeText(evil + "/cmdline", std::string("\xff\xfe\x01\0--flag\0", 10));
        writeText(evil + "/status", "Uid:\tnot-a-number\n");
        writeText(evil + "/environ", std::string(3 << 20, 'x')); // huge, no '='
        writeText(evil + "/io", "garbage");
        ::symlink("/nonexistent (deleted)", (evil + "/cwd").c_str());
        ::mkdir((dir + "/not-a-pid").c_str(), 0755);
        // Read while its parent reaps it: dead (X), and its parent already reads as 0. Gone, not an orphan.
        fake(90004, "90004 (reaped) X 0 90004 90004 0 -1 0 0 0 0 0 5 5 0 0 20 0 1 0 100 1000 10\n");
        writeText(dir + "/meminfo", "");
        CollectOptions o;
        o.procRoot = dir;
        Collector c(o);
        QVERIFY(c.open(&error));
        const auto snap = c.scanOnce();
        const Sample *e = snap->byPid(90003);
        QVERIFY(e);
        QCOMPARE(e->comm, std::string("a) b) (c"));
        QVERIFY(!e->partial.empty()); // uid and io could not be read
        QVERIFY(e->details->cwdDeleted);
        const Sample *t = snap->byPid(90002);
        QVERIFY(t && t->id.startTicks == 0 && e->partial.find("io") != std::string::npos);
        QVERIFY(snap->byPid(a.pid));
        QVERIFY(!snap->byPid(90004));
        // The whole pipeline copes: a verdict for everything, JSON included.
        const auto r = triage(snap, defaultModel(), {});
        QCOMPARE(r->recommendations.size(), snap->processes.size());
        QCOMPARE(r->recommendations[static_cast<std::size_t>(indexOfPid(*r, 90002))].action, RecommendedAction::Keep);
    }

    void missingOrBrokenRootIsAClearError()
    {
        std::string error;
        CollectOptions o;
        o.procRoot = "/nonexistent/proc";
        Collector c(o);
        QVERIFY(!c.open(&error));
        QVERIFY2(error.find("/nonexistent/proc") != std::string::npos, error.c_str());
        QTemporaryDir empty;
        o.procRoot = empty.path().toStdString();
        Collector d(o);
        QVERIFY(!d.open(&error));
        QVERIFY2(error.find("boot_id") != std::string::npos, error.c_str());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CollectorTest)
#include "tst_collector.moc"
