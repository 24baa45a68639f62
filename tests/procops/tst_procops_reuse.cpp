// PID reuse raced against the helper's bare-pid writes: at the very moment between the identity check
// and each write (setpriority, sched_setaffinity, cgroup.procs), the target dies and a new process
// takes its pid (through ns_last_pid, in a private PID namespace where nothing else forks). The new
// process must come out exactly as it was born. Needs root and runs as PID 1 of its own namespace
// (CMake starts it through `unshare --pid --fork --mount-proc`).
#include "procops/identity/ProcFs.h"
#include "procops/ops/Cgroups.h"
#include "procops/ops/HelperCore.h"
#include "procops/ops/KernelOps.h"
#include "procops/ops/WriteHook.h"

#include <QDateTime>
#include <QtTest>

#include <chrono>
#include <csignal>
#include <sched.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage::procops;
using ptriage::ProcessIdentity;

namespace {

int forkSleeper(int threads = 0)
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        for (int i = 0; i < threads; ++i)
            std::thread([] {
                for (;;)
                    ::pause();
            }).detach();
        for (;;)
            ::pause();
    }
    return pid;
}

int taskCount(int pid)
{
    return int(procfs::threadIds(pid).size());
}

void killAndReap(int pid)
{
    if (pid > 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
}

ProcessIdentity identityOf(int pid)
{
    ProcessIdentity id;
    id.boot = procfs::bootId().value_or(ptriage::BootId{});
    id.pid = pid;
    const auto st = procfs::readStat(pid);
    id.startTicks = st ? st->startTicks : 0;
    return id;
}

// Forks on request, from a cgroup of its own ("born elsewhere"): a newcomer's rightful group is then
// not the one the helper moves processes back to, so a stray move shows. SIGCHLD ignored: no zombies.
class Forker {
public:
    Forker()
    {
        int ask[2], answer[2];
        if (::pipe(ask) != 0 || ::pipe(answer) != 0)
            return;
        m_pid = ::fork();
        if (m_pid == 0) {
            ::signal(SIGCHLD, SIG_IGN);
            char threads;
            while (::read(ask[0], &threads, 1) == 1) {
                const int child = forkSleeper(threads);
                for (int i = 0; i < 2000 && taskCount(child) < 1 + threads; ++i)
                    ::usleep(500); // its threads are up before it is handed over
                if (::write(answer[1], &child, sizeof child) != sizeof child)
                    ::_exit(1);
            }
            ::_exit(0);
        }
        ::close(ask[0]);
        ::close(answer[1]);
        m_ask = ask[1];
        m_answer = answer[0];
    }
    ~Forker() { stop(); }
    void stop()
    {
        if (m_pid <= 0)
            return;
        ::close(m_ask);
        ::close(m_answer);
        killAndReap(m_pid);
        m_pid = -1;
    }
    int pid() const { return m_pid; }
    // A new process, with `threads` threads besides its main one.
    int fork(char threads = 0) const
    {
        int child = -1;
        return ::write(m_ask, &threads, 1) == 1 && ::read(m_answer, &child, sizeof child) == sizeof child ? child : -1;
    }

private:
    int m_pid = -1, m_ask = -1, m_answer = -1;
};

// The race, run from inside the core: the first write aimed at `target` kills it and puts a new
// process under its pid.
struct Race {
    const Forker *forker = nullptr;
    int target = 0;
    int reuser = 0;
    char reuserThreads = 0;
    bool fired = false;
    int missed = 0; // the new process did not get the pid (should not happen in a private namespace)

    static void hook(int id, void *context)
    {
        auto *r = static_cast<Race *>(context);
        if (r->fired || id != r->target)
            return;
        r->fired = true;
        killAndReap(r->target);
        procfs::writeFile(QStringLiteral("/proc/sys/kernel/ns_last_pid"), QByteArray::number(r->target - 1));
        r->reuser = r->forker->fork(r->reuserThreads);
        if (r->reuser != r->target)
            ++r->missed;
    }
};

QList<int> affinity(int pid)
{
    return affinityOf(pid);
}

} // namespace

class HelperReuseTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (::geteuid() != 0 || ::getpid() != 1)
            QSKIP("needs root in a PID namespace of its own (ctest runs it through unshare)");
        if (procfs::writeFile(QStringLiteral("/proc/sys/kernel/ns_last_pid"), "300") != 0)
            QSKIP("/proc/sys/kernel/ns_last_pid is not writable");
    }

    void cleanup() { testing::beforeWrite() = {}; }

    void reusedPidNeverTakesTheWrite_data()
    {
        QTest::addColumn<Verb>("verb");
        QTest::addColumn<int>("rounds");
        QTest::addColumn<char>("reuserThreads");
        QTest::newRow("renice") << Verb::Renice << 300 << char(0);
        QTest::newRow("quarantine") << Verb::Quarantine << 300 << char(0);
        QTest::newRow("freeze (move into the group)") << Verb::Freeze << 250 << char(0);
        QTest::newRow("thaw (move back)") << Verb::Thaw << 250 << char(0);
        // The newcomer's threads are listed after the write: they must never be the old process's.
        QTest::newRow("renice, a newcomer with threads") << Verb::Renice << 50 << char(3);
        QTest::newRow("quarantine, a newcomer with threads") << Verb::Quarantine << 50 << char(3);
    }

    void reusedPidNeverTakesTheWrite()
    {
        QFETCH(Verb, verb);
        QFETCH(int, rounds);
        QFETCH(char, reuserThreads);
        const HelperCore core;
        const auto freezer = core.options().cgroups.layout.unified()
            ? core.options().cgroups.layout.unified()
            : core.options().cgroups.layout.v1(QStringLiteral("freezer"));
        if ((verb == Verb::Freeze || verb == Verb::Thaw) && !freezer)
            QSKIP("no freezer hierarchy here");
        const QList<int> cpus = affinity(::getpid());
        if (verb == Verb::Quarantine && cpus.size() < 2)
            QSKIP("needs two CPUs to see a quarantine");
        const QString myGroup = freezer ? cgroupPathOf(::getpid(), *freezer) : QString();
        Forker forker;
        QVERIFY(forker.pid() > 0);
        QString birthGroup = myGroup; // where the newcomers are born: a sibling group when there is a freezer
        QString birthDir;
        if (freezer) {
            birthDir = cgroupDirectory(*freezer, myGroup)
                + QStringLiteral("/test-reuse-birth-%1").arg(QDateTime::currentMSecsSinceEpoch());
            ::mkdir(birthDir.toLocal8Bit().constData(), 0755);
            QCOMPARE(
                procfs::writeFile(birthDir + QStringLiteral("/cgroup.procs"), QByteArray::number(forker.pid())), 0);
            birthGroup = cgroupPathOf(forker.pid(), *freezer);
            QVERIFY(birthGroup != myGroup);
        }
        auto removeBirthGroup = qScopeGuard([&] {
            if (birthDir.isEmpty())
                return;
            forker.stop(); // with whatever it forked
            for (int i = 0; i < 200 && ::rmdir(birthDir.toLocal8Bit().constData()) != 0 && errno == EBUSY; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        });
        int raced = 0, wrong = 0, missed = 0;
        QStringList statuses;
        for (int round = 0; round < rounds; ++round) {
            const int t = forkSleeper();
            QVERIFY(t > 0);
            // The new process must start on a later clock tick than the old one, or no start time
            // could tell them apart (10 ms per tick).
            std::this_thread::sleep_for(std::chrono::milliseconds(12));
            const ProcessIdentity id = identityOf(t);
            HelperRequest r;
            r.verb = verb;
            r.targets = {id};
            if (verb == Verb::Renice)
                r.nice = 15;
            if (verb == Verb::Quarantine)
                r.cpus = {cpus.first()};
            if (verb == Verb::Thaw) {
                HelperRequest freeze = r;
                freeze.verb = Verb::Freeze;
                const auto frozen = core.execute(freeze, 0);
                QCOMPARE(frozen.first().status, TargetStatus::Done);
            }
            Race race;
            race.target = t;
            race.forker = &forker;
            race.reuserThreads = reuserThreads;
            testing::beforeWrite() = {&Race::hook, &race};
            const TargetResult result = core.execute(r, 0).first();
            testing::beforeWrite() = {};
            if (race.fired)
                ++raced;
            missed += race.missed;
            const int b = race.reuser;
            if (b > 0) {
                // The newcomer as it was born: its parent's nice, affinity and group, not frozen.
                errno = 0;
                const int nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(b));
                bool threadsAsBorn = taskCount(b) == 1 + reuserThreads;
                for (const int tid : procfs::threadIds(b))
                    threadsAsBorn = threadsAsBorn && ::getpriority(PRIO_PROCESS, static_cast<id_t>(tid)) == nice
                        && affinity(tid) == cpus;
                const bool ok = nice == ::getpriority(PRIO_PROCESS, 0) && affinity(b) == cpus && threadsAsBorn
                    && (!freezer || cgroupPathOf(b, *freezer) == birthGroup)
                    && (verb == Verb::Thaw || result.status != TargetStatus::Done); // thawed, then it died
                if (!ok) {
                    ++wrong;
                    qWarning("round %d: pid %d taken over by a new process that was changed: nice %d, CPUs %d, "
                             "group %s; result %s: %s",
                        round, b, nice, int(affinity(b).size()),
                        qPrintable(freezer ? cgroupPathOf(b, *freezer) : QString()),
                        qPrintable(statusName(result.status)), qPrintable(result.message));
                }
                if (!statuses.contains(statusName(result.status)))
                    statuses.append(statusName(result.status));
                ::kill(b, SIGKILL); // the forker's child: it reaps
            } else {
                if (round == 0)
                    qInfo("no race: %s: %s", qPrintable(statusName(result.status)), qPrintable(result.message));
                if (verb == Verb::Thaw || verb == Verb::Freeze)
                    core.execute(
                        [&] {
                            HelperRequest thaw = r;
                            thaw.verb = Verb::Thaw;
                            return thaw;
                        }(),
                        0);
                killAndReap(t);
            }
        }
        qInfo("%s: %d rounds, %d raced at the write, %d wrong targets, %d pids not reused; results: %s",
            qPrintable(verbName(verb)), rounds, raced, wrong, missed, qPrintable(statuses.join(QLatin1Char(','))));
        QCOMPARE(wrong, 0);
        QCOMPARE(missed, 0);
        QCOMPARE(raced, rounds);
        if (freezer) {
            const QString dir = cgroupDirectory(*freezer, myGroup);
            QCOMPARE(QDir(dir).entryList({QStringLiteral("ptriage-[0-9]*")}, QDir::Dirs), QStringList());
        }
    }
};

QTEST_GUILESS_MAIN(HelperReuseTest)
#include "tst_procops_reuse.moc"
