// The helper core against real processes and real cgroups (run as root; no mocks). What needs neither
// (the decoder, identities, results, the parsers) is in tst_helper_request.cpp.
#include "procops/identity/ProcFs.h"
#include "procops/ops/HelperCore.h"
#include "procops/ops/KernelOps.h"
#include "procops/ops/LogDaemon.h"
#include "support/Spawner.h"

#include <QtTest>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <functional>
#include <grp.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::procops;
using ptriage::test::Actor;
using ptriage::test::Spawner;

Q_DECLARE_METATYPE(ptriage::procops::Verb)
Q_DECLARE_METATYPE(ptriage::procops::CgroupBackend)

namespace {

#define REQUIRE_ROOT()                                                                                                 \
    do {                                                                                                               \
        if (::geteuid() != 0)                                                                                          \
            QSKIP("needs root: the helper core acts on other users' processes and on cgroups");                        \
    } while (false)

#define EXPECT_STATUS(result, expected)                                                                                \
    QVERIFY2((result).status == (expected),                                                                            \
        qPrintable(QStringLiteral("got %1 (%2), expected %3")                                                          \
                       .arg(statusName((result).status), (result).message, statusName(expected))))

ProcessIdentity identityOf(int pid)
{
    ProcessIdentity id;
    id.boot = procfs::bootId().value_or(BootId{});
    id.pid = pid;
    const auto s = procfs::readStat(pid);
    id.startTicks = s ? s->startTicks : 0;
    return id;
}

HelperRequest request(Verb verb, const ProcessIdentity &id)
{
    HelperRequest r;
    r.verb = verb;
    r.targets = {id};
    return r;
}

HelperRequest signalRequest(const ProcessIdentity &id, const QString &sig, bool group = false)
{
    HelperRequest r = request(Verb::Signal, id);
    r.signal = sig;
    r.processGroup = group;
    return r;
}

TargetResult runOne(const HelperCore &core, const HelperRequest &r, int caller = ::getpid())
{
    const auto results = core.execute(r, caller);
    return results.size() == 1 ? results[0]
                               : TargetResult::failed(ProcessIdentity{}, EINVAL, QStringLiteral("not one result"));
}

// Runs a result's undo the way a client would: its map plus the target, through the decoder.
TargetResult runUndo(const HelperCore &core, const TargetResult &done, const ProcessIdentity &id)
{
    QVariantMap map = done.undo;
    map.insert(field::targets, QStringList{id.toQString()});
    const DecodeResult d = decodeRequest(map, core.options().limits);
    if (!d.ok())
        return TargetResult::failed(id, EINVAL, QStringLiteral("undo does not decode: ") + d.error);
    return runOne(core, *d.request);
}

bool waitUntil(const std::function<bool()> &condition, int timeoutMs = 5000)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
}

char stateOf(int pid)
{
    const auto s = procfs::readStat(pid);
    return s ? s->state : 0;
}

bool goneOrZombie(int pid)
{
    const char s = stateOf(pid);
    return s == 0 || s == 'Z' || s == 'X';
}

std::uint64_t cpuTicks(int pid)
{
    const auto s = procfs::readStat(pid);
    return s ? s->utime + s->stime : 0;
}

// CPU time the process used over `ms` of wall time, as a fraction of one core.
double cpuShare(int pid, int ms)
{
    const std::uint64_t before = cpuTicks(pid);
    const auto t0 = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    const std::uint64_t after = cpuTicks(pid);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return double(after - before) / double(::sysconf(_SC_CLK_TCK)) / seconds;
}

QList<int> childrenOf(int parent)
{
    QList<int> kids;
    const QStringList entries = QDir(QStringLiteral("/proc")).entryList(QDir::Dirs);
    for (const QString &e : entries) {
        bool ok = false;
        const int pid = e.toInt(&ok);
        if (!ok)
            continue;
        const auto s = procfs::readStat(pid);
        if (s && s->ppid == parent)
            kids.append(pid);
    }
    return kids;
}

// A bare child of the test (not from the Spawner), so the test can reap it itself.
int forkSleeper()
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        for (;;)
            ::pause();
    }
    return pid;
}

void killAndReap(int pid)
{
    if (pid > 0) {
        ::kill(pid, SIGKILL);
        ::waitpid(pid, nullptr, 0);
    }
}

std::optional<CgroupHierarchy> hierarchyNamed(const QString &name)
{
    const CgroupLayout layout = CgroupLayout::fromMountInfo();
    if (name == QLatin1String("v2"))
        return layout.unified();
    return layout.v1(name.mid(3)); // "v1-freezer", "v1-cpu"
}

bool dirExists(const QString &path)
{
    struct stat st;
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 && S_ISDIR(st.st_mode);
}

QString readText(const QString &path)
{
    const auto t = procfs::readFile(path);
    return t ? QString::fromLatin1(t->trimmed()) : QString();
}

// Whatever a test leaves behind in a dedicated group is lifted and removed, even when a check fails
// (a process frozen by the v1 freezer would not even die from the Spawner's SIGKILL).
class GroupGuard {
public:
    GroupGuard(QString groupDir, QString parentDir) : m_group(std::move(groupDir)), m_parent(std::move(parentDir)) { }
    ~GroupGuard()
    {
        if (!dirExists(m_group))
            return;
        procfs::writeFile(m_group + QStringLiteral("/cgroup.freeze"), "0");
        procfs::writeFile(m_group + QStringLiteral("/freezer.state"), "THAWED");
        procfs::writeFile(m_group + QStringLiteral("/cpu.cfs_quota_us"), "-1");
        for (const QString &pid : readText(m_group + QStringLiteral("/cgroup.procs")).split(QLatin1Char('\n')))
            if (!pid.isEmpty())
                procfs::writeFile(m_parent + QStringLiteral("/cgroup.procs"), pid.toLatin1());
        waitUntil([&] { return ::rmdir(m_group.toLocal8Bit().constData()) == 0 || errno == ENOENT; }, 2000);
    }

private:
    QString m_group;
    QString m_parent;
};

HelperCore coreWith(CgroupBackend freeze, CgroupBackend throttle, const QString &ledgerDir = {})
{
    HelperOptions o;
    o.cgroups.freeze = freeze;
    o.cgroups.throttle = throttle;
    o.undoLedgerDir = ledgerDir;
    return HelperCore(o);
}

const QString kBoot = QStringLiteral("0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0");

} // namespace

class HelperCoreTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // No dedicated group of ours may outlive the tests, whatever failed.
    void cleanupTestCase()
    {
        for (const auto &name : {QStringLiteral("v2"), QStringLiteral("v1-freezer"), QStringLiteral("v1-cpu")}) {
            const auto h = hierarchyNamed(name);
            if (!h)
                continue;
            const QString mine = cgroupDirectory(*h, cgroupPathOf(::getpid(), *h));
            for (const QString &dir : {h->mountPoint, mine}) {
                const QStringList left = QDir(dir).entryList({QStringLiteral("ptriage-*")}, QDir::Dirs);
                QVERIFY2(left.isEmpty(), qPrintable(dir + QStringLiteral(": ") + left.join(QLatin1Char(' '))));
            }
        }
    }

    // ---- signals ------------------------------------------------------------------------------

    void signalTerminates_data()
    {
        QTest::addColumn<QString>("sig");
        QTest::newRow("TERM") << QStringLiteral("TERM");
        QTest::newRow("KILL") << QStringLiteral("KILL");
    }

    void signalTerminates()
    {
        REQUIRE_ROOT();
        QFETCH(QString, sig);
        Spawner sp;
        const Actor a = sp.spawn({"victim", {"victim"}, {}});
        QVERIFY(a.pid > 0);
        const HelperCore core;
        const TargetResult r = runOne(core, signalRequest(identityOf(a.pid), sig));
        EXPECT_STATUS(r, TargetStatus::Done);
        QVERIFY(r.undo.isEmpty());
        QVERIFY(waitUntil([&] { return goneOrZombie(a.pid); }));
    }

    void stopAndCont()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"pausable", {"pausable"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(a.pid > 0);
        const HelperCore core;
        const ProcessIdentity id = identityOf(a.pid);
        const TargetResult stop = runOne(core, signalRequest(id, QStringLiteral("STOP")));
        EXPECT_STATUS(stop, TargetStatus::Done);
        QVERIFY(waitUntil([&] { return stateOf(a.pid) == 'T'; }));
        QCOMPARE(stop.undo.value(field::signal).toString(), QStringLiteral("CONT"));
        const TargetResult cont = runUndo(core, stop, id);
        EXPECT_STATUS(cont, TargetStatus::Done);
        QVERIFY(waitUntil([&] { return stateOf(a.pid) == 'R' || stateOf(a.pid) == 'S'; }));
    }

    void processGroupSignal()
    {
        REQUIRE_ROOT();
        Spawner sp;
        // A session and group leader with two members (a non-interactive shell has no job control).
        const int sh = sp.spawnProgram({"/bin/sh", "-c", "sleep 600 & sleep 600 & wait"});
        QVERIFY(sh > 0);
        QVERIFY(waitUntil([&] { return childrenOf(sh).size() == 2; }));
        const QList<int> members = childrenOf(sh);
        auto cleanup = qScopeGuard([&] { ::kill(-sh, SIGKILL); });
        for (int m : members)
            QCOMPARE(procfs::readStat(m)->pgrp, sh);
        const HelperCore core;

        // Only through the leader.
        const TargetResult notLeader
            = runOne(core, signalRequest(identityOf(members[0]), QStringLiteral("TERM"), true));
        EXPECT_STATUS(notLeader, TargetStatus::Refused);
        QVERIFY2(
            notLeader.message.contains(QStringLiteral("does not lead a process group")), qPrintable(notLeader.message));
        QVERIFY(!goneOrZombie(members[0]));

        const ProcessIdentity leader = identityOf(sh);
        const TargetResult stop = runOne(core, signalRequest(leader, QStringLiteral("STOP"), true));
        EXPECT_STATUS(stop, TargetStatus::Done);
        QVERIFY(
            waitUntil([&] { return stateOf(sh) == 'T' && stateOf(members[0]) == 'T' && stateOf(members[1]) == 'T'; }));
        QCOMPARE(stop.undo.value(field::processGroup), QVariant(true));
        EXPECT_STATUS(runUndo(core, stop, leader), TargetStatus::Done);
        QVERIFY(
            waitUntil([&] { return stateOf(sh) == 'S' && stateOf(members[0]) == 'S' && stateOf(members[1]) == 'S'; }));

        EXPECT_STATUS(runOne(core, signalRequest(leader, QStringLiteral("TERM"), true)), TargetStatus::Done);
        QVERIFY(waitUntil([&] { return goneOrZombie(sh) && goneOrZombie(members[0]) && goneOrZombie(members[1]); }));
    }

    // ---- renice and quarantine ----------------------------------------------------------------

    void reniceAndBack()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"threads", {"threads"}, {{"ACTOR_THREADS", "4"}}});
        QVERIFY(a.pid > 0);
        const QList<int> tids = procfs::threadIds(a.pid);
        QCOMPARE(tids.size(), 4);
        auto niceOf = [&](int tid) { return procfs::readStat(a.pid, nullptr, tid)->nice; };
        // What it started with: the nice of whoever runs the tests (0, or 10 under `nice ctest`).
        const long start = niceOf(tids.first());
        for (int tid : tids)
            QCOMPARE(niceOf(tid), start);

        const HelperCore core;
        const ProcessIdentity id = identityOf(a.pid);
        HelperRequest r = request(Verb::Renice, id);
        r.nice = 12;
        const TargetResult done = runOne(core, r);
        EXPECT_STATUS(done, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), 12L);
        QCOMPARE(done.undo.value(field::verb).toString(), QStringLiteral("renice"));
        QCOMPARE(done.undo.value(field::nice), QVariant(static_cast<int>(start)));
        QCOMPARE(done.details.value(QStringLiteral("threads")).toInt(), 4);

        r.nice = -7; // raising priority needs the privilege the helper has
        EXPECT_STATUS(runOne(core, r), TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), -7L);

        const TargetResult back = runUndo(core, done, id);
        EXPECT_STATUS(back, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), start);
    }

    void quarantineAndRestore()
    {
        REQUIRE_ROOT();
        const MachineLimits limits = MachineLimits::current();
        if (limits.allowedCpus.size() < 2)
            QSKIP("needs at least two online CPUs to see a quarantine");
        Spawner sp;
        const Actor a = sp.spawn({"threads", {"threads"}, {{"ACTOR_THREADS", "3"}, {"ACTOR_SPIN", "1"}}});
        QVERIFY(a.pid > 0);
        const QList<int> tids = procfs::threadIds(a.pid);
        QCOMPARE(tids.size(), 3);
        const QList<int> original = affinityOf(a.pid);
        QVERIFY(original.size() >= 2);

        const HelperCore core;
        const ProcessIdentity id = identityOf(a.pid);
        HelperRequest r = request(Verb::Quarantine, id);
        r.cpus = {limits.allowedCpus.last()};
        const TargetResult done = runOne(core, r);
        EXPECT_STATUS(done, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(affinityOf(tid), r.cpus);
        QCOMPARE(done.undo.value(field::verb).toString(), QStringLiteral("unquarantine"));
        QVariantList expectedUndo;
        for (int c : original)
            expectedUndo.append(c);
        QCOMPARE(done.undo.value(field::affinity).toList(), expectedUndo);

        const TargetResult back = runUndo(core, done, id);
        EXPECT_STATUS(back, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(affinityOf(tid), original);
        QCOMPARE(back.undo.value(field::verb).toString(), QStringLiteral("quarantine"));
    }

    // ---- cgroups ------------------------------------------------------------------------------

    void freezeAndThaw_data()
    {
        QTest::addColumn<QString>("hierarchy");
        QTest::addColumn<CgroupBackend>("backend");
        QTest::newRow("v1 freezer") << QStringLiteral("v1-freezer") << CgroupBackend::V1;
        QTest::newRow("cgroup2") << QStringLiteral("v2") << CgroupBackend::V2;
        QTest::newRow("auto") << QStringLiteral("auto") << CgroupBackend::Auto;
    }

    void freezeAndThaw()
    {
        REQUIRE_ROOT();
        QFETCH(QString, hierarchy);
        QFETCH(CgroupBackend, backend);
        const HelperCore core = coreWith(backend, CgroupBackend::Auto);
        const CgroupLayout &layout = core.options().cgroups.layout;
        std::optional<CgroupHierarchy> h = hierarchy == QLatin1String("auto")
            ? (layout.unified() ? layout.unified() : layout.v1(QStringLiteral("freezer")))
            : hierarchyNamed(hierarchy);
        if (!h)
            QSKIP(qPrintable(QStringLiteral("no %1 hierarchy is mounted on this machine").arg(hierarchy)));

        Spawner sp;
        const Actor a = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}, {"ACTOR_THREADS", "2"}}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString original = cgroupPathOf(a.pid, *h);
        QVERIFY(!original.isEmpty());
        const QString parentDir = cgroupDirectory(*h, original);
        const QString groupDir = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(groupDir, parentDir); // declared after the Spawner: lifts the freeze before the kill

        const TargetResult frozen = runOne(core, request(Verb::Freeze, id));
        EXPECT_STATUS(frozen, TargetStatus::Done);
        QCOMPARE(frozen.details.value(QStringLiteral("cgroup")).toString(), groupDir);
        QCOMPARE(frozen.undo, (QVariantMap{{field::verb, QStringLiteral("thaw")}}));
        QVERIFY(dirExists(groupDir));
        const QString dedicated = QStringLiteral("ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        QCOMPARE(cgroupPathOf(a.pid, *h),
            (original == QLatin1String("/") ? QString() : original) + QLatin1Char('/') + dedicated);
        for (int tid : procfs::threadIds(a.pid)) // every thread moved
            QCOMPARE(cgroupPathOf(tid, *h), cgroupPathOf(a.pid, *h));
        if (h->v2)
            QVERIFY(readText(groupDir + QStringLiteral("/cgroup.events")).contains(QStringLiteral("frozen 1")));
        else
            QCOMPARE(readText(groupDir + QStringLiteral("/freezer.state")), QStringLiteral("FROZEN"));
        QVERIFY(stateOf(a.pid) != 'T'); // not a SIGSTOP
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        const std::uint64_t ticks = cpuTicks(a.pid);
        std::this_thread::sleep_for(std::chrono::milliseconds(600));
        QVERIFY2(cpuTicks(a.pid) - ticks <= 1, "a frozen process burns no CPU");

        // Freezing again is harmless: same group.
        EXPECT_STATUS(runOne(core, request(Verb::Freeze, id)), TargetStatus::Done);
        QVERIFY(!dirExists(groupDir + QLatin1Char('/') + dedicated));

        const TargetResult thawed = runUndo(core, frozen, id);
        EXPECT_STATUS(thawed, TargetStatus::Done);
        QCOMPARE(cgroupPathOf(a.pid, *h), original);
        QVERIFY(!dirExists(groupDir));
        QVERIFY2(cpuShare(a.pid, 400) > 0.05, "a thawed process runs again");

        // Nothing left to thaw.
        const TargetResult again = runOne(core, request(Verb::Thaw, id));
        EXPECT_STATUS(again, TargetStatus::Refused);
        QVERIFY(again.message.contains(QStringLiteral("not in a ptriage freeze group")));
    }

    // A group named like ours that the helper did not make for this request is refused, not reused:
    // its owner could have set it up (a delegated user subtree). An empty leftover of ours is made anew.
    void preCreatedGroupIsRefused_data()
    {
        QTest::addColumn<QString>("hierarchy");
        QTest::addColumn<CgroupBackend>("backend");
        QTest::newRow("v1 freezer") << QStringLiteral("v1-freezer") << CgroupBackend::V1;
        QTest::newRow("cgroup2") << QStringLiteral("v2") << CgroupBackend::V2;
    }

    void preCreatedGroupIsRefused()
    {
        REQUIRE_ROOT();
        QFETCH(QString, hierarchy);
        QFETCH(CgroupBackend, backend);
        const std::optional<CgroupHierarchy> h = hierarchyNamed(hierarchy);
        if (!h)
            QSKIP(qPrintable(QStringLiteral("no %1 hierarchy is mounted on this machine").arg(hierarchy)));
        const HelperCore core = coreWith(backend, CgroupBackend::Auto);
        Spawner sp;
        const Actor a = sp.spawn({"sleeper", {"sleeper"}, {}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString original = cgroupPathOf(a.pid, *h);
        const QString parentDir = cgroupDirectory(*h, original);
        const QString groupDir = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(groupDir, parentDir);
        QVERIFY(::mkdir(groupDir.toLocal8Bit().constData(), 0755) == 0);
        QVERIFY(::chown(groupDir.toLocal8Bit().constData(), 65534, 65534) == 0); // nobody's
        const TargetResult refused = runOne(core, request(Verb::Freeze, id));
        EXPECT_STATUS(refused, TargetStatus::Refused);
        QVERIFY2(refused.message.contains(QStringLiteral("already exists")), qPrintable(refused.message));
        QCOMPARE(cgroupPathOf(a.pid, *h), original); // not moved
        QVERIFY(dirExists(groupDir)); // not ours to remove either

        // The same group, empty and root's (a leftover of the helper): made anew, then used.
        QVERIFY(::chown(groupDir.toLocal8Bit().constData(), 0, 0) == 0);
        const TargetResult frozen = runOne(core, request(Verb::Freeze, id));
        EXPECT_STATUS(frozen, TargetStatus::Done);
        EXPECT_STATUS(runUndo(core, frozen, id), TargetStatus::Done);
        QVERIFY(!dirExists(groupDir));
    }

    // Someone moved the frozen process out of its group: the thaw still finds the group, thaws what
    // it holds (the process's children forked before the freeze stay frozen there otherwise) and
    // removes it.
    void thawFindsAGroupLeftBehind_data()
    {
        QTest::addColumn<QString>("hierarchy");
        QTest::addColumn<CgroupBackend>("backend");
        QTest::newRow("v1 freezer") << QStringLiteral("v1-freezer") << CgroupBackend::V1;
        QTest::newRow("cgroup2") << QStringLiteral("v2") << CgroupBackend::V2;
    }

    void thawFindsAGroupLeftBehind()
    {
        REQUIRE_ROOT();
        QFETCH(QString, hierarchy);
        QFETCH(CgroupBackend, backend);
        const std::optional<CgroupHierarchy> h = hierarchyNamed(hierarchy);
        if (!h)
            QSKIP(qPrintable(QStringLiteral("no %1 hierarchy is mounted on this machine").arg(hierarchy)));
        QTemporaryDir ledger; // the helper's: the group is found where the ledger says
        const HelperCore core = coreWith(backend, CgroupBackend::Auto, ledger.path());
        Spawner sp;
        const Actor a = sp.spawn({"sleeper", {"sleeper"}, {}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString original = cgroupPathOf(a.pid, *h);
        const QString parentDir = cgroupDirectory(*h, original);
        const QString groupDir = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(groupDir, parentDir);
        EXPECT_STATUS(runOne(core, request(Verb::Freeze, id)), TargetStatus::Done);
        QCOMPARE(core.ledger().held(UndoLedger::Hold::Freeze, id), std::optional<QString>(groupDir));
        // Moved out by someone else (on v1 a frozen task moves; cgroup2 allows it too).
        QCOMPARE(procfs::writeFile(parentDir + QStringLiteral("/cgroup.procs"), QByteArray::number(a.pid)), 0);
        QCOMPARE(cgroupPathOf(a.pid, *h), original);
        QVERIFY(dirExists(groupDir));
        const TargetResult thawed = runOne(core, request(Verb::Thaw, id));
        EXPECT_STATUS(thawed, TargetStatus::Done);
        QVERIFY2(thawed.message.contains(QStringLiteral("moved out")), qPrintable(thawed.message));
        QVERIFY(!dirExists(groupDir));
        QVERIFY(!core.ledger().held(UndoLedger::Hold::Freeze, id));
    }

    // A directory named like the helper's group but made by someone else (a delegated subtree's
    // user) is no group of the helper's: thaw neither searches the tree for it nor empties it.
    void thawLeavesALookalikeAlone_data() { thawFindsAGroupLeftBehind_data(); }

    void thawLeavesALookalikeAlone()
    {
        REQUIRE_ROOT();
        QFETCH(QString, hierarchy);
        QFETCH(CgroupBackend, backend);
        const std::optional<CgroupHierarchy> h = hierarchyNamed(hierarchy);
        if (!h)
            QSKIP(qPrintable(QStringLiteral("no %1 hierarchy is mounted on this machine").arg(hierarchy)));
        QTemporaryDir ledger;
        const HelperCore core = coreWith(backend, CgroupBackend::Auto, ledger.path());
        Spawner sp;
        const Actor a = sp.spawn({"sleeper", {"sleeper"}, {}});
        const Actor lodger = sp.spawn({"sleeper", {"sleeper"}, {}});
        QVERIFY(a.pid > 0 && lodger.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString parentDir = cgroupDirectory(*h, cgroupPathOf(a.pid, *h));
        const QString lookalike = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(lookalike, parentDir);
        QVERIFY(::mkdir(lookalike.toLocal8Bit().constData(), 0755) == 0);
        QVERIFY(::chown(lookalike.toLocal8Bit().constData(), 65534, 65534) == 0);
        QCOMPARE(procfs::writeFile(lookalike + QStringLiteral("/cgroup.procs"), QByteArray::number(lodger.pid)), 0);

        const TargetResult r = runOne(core, request(Verb::Thaw, id));
        EXPECT_STATUS(r, TargetStatus::Refused);
        QVERIFY(dirExists(lookalike));
        QCOMPARE(readText(lookalike + QStringLiteral("/cgroup.procs")), QString::number(lodger.pid));
        QVERIFY(!isUndo(request(Verb::Thaw, id), &core.ledger())); // and no undo grant covers it

        // The process itself in the lookalike: still not the helper's to lift.
        QCOMPARE(procfs::writeFile(lookalike + QStringLiteral("/cgroup.procs"), QByteArray::number(a.pid)), 0);
        const TargetResult inside = runOne(core, request(Verb::Thaw, id));
        EXPECT_STATUS(inside, TargetStatus::Refused);
        QVERIFY2(inside.message.contains(QStringLiteral("not made by the helper")), qPrintable(inside.message));
        QVERIFY(dirExists(lookalike));
    }

    // STOP is held in the ledger before the signal and released by the CONT; only then is a CONT
    // an undo. Records of processes that are gone are pruned when a helper starts.
    void theLedgerHoldsWhatTheHelperStopped()
    {
        REQUIRE_ROOT();
        QTemporaryDir ledger;
        const HelperCore core = coreWith(CgroupBackend::Auto, CgroupBackend::Auto, ledger.path());
        Spawner sp;
        const Actor a = sp.spawn({"sleeper", {"sleeper"}, {}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const HelperRequest cont = signalRequest(id, QStringLiteral("CONT"));
        QVERIFY(!isUndo(cont, &core.ledger()));
        QCOMPARE(actionIdFor(cont, &core.ledger()), QStringLiteral("org.ptriage.helper.signal"));
        EXPECT_STATUS(runOne(core, signalRequest(id, QStringLiteral("STOP"))), TargetStatus::Done);
        QVERIFY(core.ledger().held(UndoLedger::Hold::Stop, id));
        QCOMPARE(actionIdFor(cont, &core.ledger()), QStringLiteral("org.ptriage.helper.undo"));
        EXPECT_STATUS(runOne(core, cont), TargetStatus::Done);
        QVERIFY(!core.ledger().held(UndoLedger::Hold::Stop, id));

        const int dead = forkSleeper();
        const ProcessIdentity gone = identityOf(dead);
        core.ledger().hold(UndoLedger::Hold::Stop, gone);
        core.ledger().hold(UndoLedger::Hold::Stop, id);
        killAndReap(dead);
        QCOMPARE(QDir(ledger.path()).entryList(QDir::Files).size(), 2);
        const HelperCore restarted = coreWith(CgroupBackend::Auto, CgroupBackend::Auto, ledger.path());
        QVERIFY(!restarted.ledger().held(UndoLedger::Hold::Stop, gone));
        QVERIFY(restarted.ledger().held(UndoLedger::Hold::Stop, id));
        QCOMPARE(QDir(ledger.path()).entryList(QDir::Files).size(), 1);
    }

    void freezeWithoutAnyFreezerFails()
    {
        REQUIRE_ROOT();
        HelperOptions o;
        o.cgroups.layout = CgroupLayout(); // neither cgroup2 nor a v1 freezer
        const HelperCore core(o);
        Spawner sp;
        const Actor a = sp.spawn({"victim", {"victim"}, {}});
        QVERIFY(a.pid > 0);
        const TargetResult r = runOne(core, request(Verb::Freeze, identityOf(a.pid)));
        EXPECT_STATUS(r, TargetStatus::Failed);
        QCOMPARE(r.error, ENOTSUP);
        QVERIFY2(
            r.message.contains(QStringLiteral("neither a cgroup2 hierarchy nor a v1 freezer")), qPrintable(r.message));
        QVERIFY(!r.permissionDenied());
    }

    void throttleAndUnthrottle_data()
    {
        QTest::addColumn<QString>("hierarchy");
        QTest::addColumn<CgroupBackend>("backend");
        QTest::newRow("v1 cpu") << QStringLiteral("v1-cpu") << CgroupBackend::V1;
        QTest::newRow("cgroup2") << QStringLiteral("v2") << CgroupBackend::V2;
    }

    void throttleAndUnthrottle()
    {
        REQUIRE_ROOT();
        QFETCH(QString, hierarchy);
        QFETCH(CgroupBackend, backend);
        const std::optional<CgroupHierarchy> h = hierarchyNamed(hierarchy);
        if (!h)
            QSKIP(qPrintable(QStringLiteral("no %1 hierarchy is mounted on this machine").arg(hierarchy)));
        if (h->v2
            && !readText(h->mountPoint + QStringLiteral("/cgroup.controllers"))
                    .split(QLatin1Char(' '))
                    .contains(QStringLiteral("cpu")))
            QSKIP("the cpu controller is not available in cgroup2 here (it is bound to the v1 cpu hierarchy)");
        const HelperCore core = coreWith(CgroupBackend::Auto, backend);

        Spawner sp;
        const Actor a = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString original = cgroupPathOf(a.pid, *h);
        const QString parentDir = cgroupDirectory(*h, original);
        const QString groupDir = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(groupDir, parentDir);

        HelperRequest r = request(Verb::Throttle, id);
        r.quotaPercent = 20;
        const TargetResult done = runOne(core, r);
        EXPECT_STATUS(done, TargetStatus::Done);
        QCOMPARE(done.undo, (QVariantMap{{field::verb, QStringLiteral("unthrottle")}}));
        QCOMPARE(done.details.value(QStringLiteral("cgroup")).toString(), groupDir);
        if (h->v2) {
            QCOMPARE(readText(groupDir + QStringLiteral("/cpu.max")), QStringLiteral("20000 100000"));
        } else {
            QCOMPARE(readText(groupDir + QStringLiteral("/cpu.cfs_period_us")), QStringLiteral("100000"));
            QCOMPARE(readText(groupDir + QStringLiteral("/cpu.cfs_quota_us")), QStringLiteral("20000"));
        }
        const double throttled = cpuShare(a.pid, 1000);
        QVERIFY2(throttled > 0.08 && throttled < 0.32,
            qPrintable(QStringLiteral("CPU share %1, quota 0.20").arg(throttled)));

        const TargetResult undone = runUndo(core, done, id);
        EXPECT_STATUS(undone, TargetStatus::Done);
        QCOMPARE(cgroupPathOf(a.pid, *h), original);
        QVERIFY(!dirExists(groupDir));
        const double free = cpuShare(a.pid, 1000);
        QVERIFY2(free > 1.5 * throttled,
            qPrintable(QStringLiteral("CPU share %1 after, %2 before").arg(free).arg(throttled)));
    }

    // Where cgroup2 cannot pass the cpu controller down (here: it is bound to v1), an explicit v2
    // throttle fails cleanly: the process is moved back and the group removed.
    void throttleV2UnavailableRollsBack()
    {
        REQUIRE_ROOT();
        const std::optional<CgroupHierarchy> h = hierarchyNamed(QStringLiteral("v2"));
        if (!h)
            QSKIP("no cgroup2 hierarchy is mounted on this machine");
        if (readText(h->mountPoint + QStringLiteral("/cgroup.controllers"))
                .split(QLatin1Char(' '))
                .contains(QStringLiteral("cpu")))
            QSKIP("cgroup2 has the cpu controller here; throttleAndUnthrottle(cgroup2) covers it");
        Spawner sp;
        const Actor a = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        const QString original = cgroupPathOf(a.pid, *h);
        const QString parentDir = cgroupDirectory(*h, original);
        const QString groupDir = parentDir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks);
        GroupGuard guard(groupDir, parentDir);
        HelperRequest r = request(Verb::Throttle, id);
        r.quotaPercent = 20;
        const TargetResult result = runOne(coreWith(CgroupBackend::Auto, CgroupBackend::V2), r);
        EXPECT_STATUS(result, TargetStatus::Failed);
        QVERIFY2(result.message.contains(QStringLiteral("cpu controller")), qPrintable(result.message));
        QCOMPARE(cgroupPathOf(a.pid, *h), original);
        QVERIFY(!dirExists(groupDir));
    }

    // Auto picks what works here (v1 cpu on a hybrid machine whose cgroup2 has no controllers) and
    // unthrottle finds it without being told.
    void throttleAuto()
    {
        REQUIRE_ROOT();
        const HelperCore core;
        const CgroupLayout &layout = core.options().cgroups.layout;
        if (!layout.v1(QStringLiteral("cpu")) && !layout.unified())
            QSKIP("no cpu controller on this machine");
        Spawner sp;
        const Actor a = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(a.pid > 0);
        const ProcessIdentity id = identityOf(a.pid);
        std::vector<std::unique_ptr<GroupGuard>> guards;
        for (const auto &h : {layout.unified(), layout.v1(QStringLiteral("cpu"))})
            if (h) {
                const QString parent = cgroupDirectory(*h, cgroupPathOf(a.pid, *h));
                guards.push_back(std::make_unique<GroupGuard>(
                    parent + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(id.startTicks), parent));
            }
        HelperRequest r = request(Verb::Throttle, id);
        r.quotaPercent = 50;
        const TargetResult done = runOne(core, r);
        if (done.status == TargetStatus::Failed && done.error == ENOTSUP)
            QSKIP(qPrintable(done.message));
        EXPECT_STATUS(done, TargetStatus::Done);
        const QString groupDir = done.details.value(QStringLiteral("cgroup")).toString();
        QVERIFY(dirExists(groupDir));
        EXPECT_STATUS(runOne(core, request(Verb::Unthrottle, id)), TargetStatus::Done);
        QVERIFY(!dirExists(groupDir));
        EXPECT_STATUS(runOne(core, request(Verb::Unthrottle, id)), TargetStatus::Refused);
    }

    // ---- identity -----------------------------------------------------------------------------

    void identityMismatch_data()
    {
        QTest::addColumn<bool>("wrongBoot");
        QTest::newRow("wrong start time") << false;
        QTest::newRow("wrong boot id") << true;
    }

    void identityMismatch()
    {
        REQUIRE_ROOT();
        QFETCH(bool, wrongBoot);
        Spawner sp;
        const Actor a = sp.spawn({"victim", {"victim"}, {}});
        QVERIFY(a.pid > 0);
        ProcessIdentity id = identityOf(a.pid);
        if (wrongBoot)
            id.boot
                = *BootId::parse(id.boot == BootId::parse(kBoot.toStdString()) ? "00000000-0000-0000-0000-000000000000"
                                                                               : kBoot.toStdString());
        else
            id.startTicks += 1;
        const HelperCore core;
        const TargetResult r = runOne(core, signalRequest(id, QStringLiteral("KILL")));
        EXPECT_STATUS(r, TargetStatus::IdentityChanged);
        QVERIFY(r.message.contains(wrongBoot ? QStringLiteral("another boot") : QStringLiteral("another process")));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QVERIFY(!goneOrZombie(a.pid));
    }

    // A stale identity whose pid really was given to another process (through ns_last_pid).
    void realPidReuse()
    {
        REQUIRE_ROOT();
        if (::access("/proc/sys/kernel/ns_last_pid", W_OK) != 0)
            QSKIP("/proc/sys/kernel/ns_last_pid is not writable here");
        ProcessIdentity stale;
        int reused = -1;
        for (int attempt = 0; attempt < 50 && reused < 0; ++attempt) {
            const int a = forkSleeper();
            QVERIFY(a > 0);
            QVERIFY(waitUntil([&] { return procfs::readStat(a).has_value(); }));
            std::this_thread::sleep_for(std::chrono::milliseconds(30)); // B must start on a later tick
            stale = identityOf(a);
            killAndReap(a);
            if (procfs::writeFile(QStringLiteral("/proc/sys/kernel/ns_last_pid"), QByteArray::number(a - 1)) != 0)
                QSKIP("cannot write /proc/sys/kernel/ns_last_pid");
            const int b = forkSleeper();
            QVERIFY(b > 0);
            if (b == a && identityOf(b).startTicks != stale.startTicks)
                reused = b;
            else
                killAndReap(b); // someone else forked in between: try again
        }
        if (reused < 0)
            QSKIP("could not get a pid reused in 50 attempts (a busy machine)");
        auto cleanup = qScopeGuard([&] { killAndReap(reused); });

        const HelperCore core;
        const TargetResult r = runOne(core, signalRequest(stale, QStringLiteral("KILL")));
        EXPECT_STATUS(r, TargetStatus::IdentityChanged);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(::waitpid(reused, nullptr, WNOHANG), 0); // B still alive
        QVERIFY(!goneOrZombie(reused));
    }

    void processGone_data()
    {
        QTest::addColumn<Verb>("verb");
        QTest::newRow("signal") << Verb::Signal;
        QTest::newRow("renice") << Verb::Renice;
        QTest::newRow("freeze") << Verb::Freeze;
        QTest::newRow("throttle") << Verb::Throttle;
    }

    // The target exits between decoding and acting.
    void processGone()
    {
        REQUIRE_ROOT();
        QFETCH(Verb, verb);
        const int pid = forkSleeper();
        QVERIFY(pid > 0);
        QVERIFY(waitUntil([&] { return procfs::readStat(pid).has_value(); }));
        HelperRequest r = request(verb, identityOf(pid));
        if (verb == Verb::Signal)
            r.signal = QStringLiteral("TERM");
        if (verb == Verb::Renice)
            r.nice = 5;
        if (verb == Verb::Throttle)
            r.quotaPercent = 10;
        QVERIFY(validateRequest(r, MachineLimits::current()).isEmpty());
        killAndReap(pid);
        const TargetResult result = runOne(HelperCore(), r);
        EXPECT_STATUS(result, TargetStatus::NoSuchProcess);
    }

    // ---- refusals -----------------------------------------------------------------------------

    void refusals_data()
    {
        QTest::addColumn<int>("pid");
        QTest::addColumn<QString>("reason");
        QTest::newRow("PID 1") << 1 << QStringLiteral("PID 1 (init)");
        QTest::newRow("kthreadd") << 2 << QStringLiteral("kernel thread");
        int kthread = 0; // a kernel thread other than kthreadd, found by its flag
        for (int pid = 3; pid < 200 && !kthread; ++pid) {
            const auto s = procfs::readStat(pid);
            if (s && (s->flags & procfs::kPfKthread))
                kthread = pid;
        }
        if (kthread)
            QTest::newRow("kernel thread") << kthread << QStringLiteral("kernel thread");
        QTest::newRow("the core's own process") << int(::getpid()) << QStringLiteral("the helper itself");
    }

    void refusals()
    {
        REQUIRE_ROOT();
        QFETCH(int, pid);
        QFETCH(QString, reason);
        const HelperCore core;
        const ProcessIdentity id = identityOf(pid);
        QVERIFY(id.startTicks > 0 || pid == 2 || pid == 1);
        // CONT, so that a broken rule would do no harm; the other verbs meet the same rules.
        for (Verb verb : {Verb::Signal, Verb::Freeze, Verb::Renice}) {
            HelperRequest r = request(verb, id);
            if (verb == Verb::Signal)
                r.signal = QStringLiteral("CONT");
            if (verb == Verb::Renice)
                r.nice = 0;
            const TargetResult result = runOne(core, r, 0);
            EXPECT_STATUS(result, TargetStatus::Refused);
            QVERIFY2(result.message.contains(reason), qPrintable(result.message));
        }
    }

    // A stopped log daemon hangs whoever logs: the process that holds the log's socket is refused
    // like the bus daemon (only an undo may touch it), found by the socket, whatever its name.
    void theLogDaemonIsMachinery()
    {
        REQUIRE_ROOT();
        QTemporaryDir dir;
        const QByteArray path = QFile::encodeName(dir.filePath(QStringLiteral("log")));
        int ready[2];
        QCOMPARE(::pipe(ready), 0);
        const pid_t daemon = ::fork();
        if (daemon == 0) {
            const int fd = ::socket(AF_UNIX, SOCK_DGRAM, 0);
            sockaddr_un a{};
            a.sun_family = AF_UNIX;
            std::strcpy(a.sun_path, path.constData());
            const bool bound = ::bind(fd, reinterpret_cast<const sockaddr *>(&a), sizeof a) == 0;
            if (::write(ready[1], bound ? "1" : "0", 1) != 1 || !bound)
                ::_exit(1);
            for (;;)
                ::pause();
        }
        char c = 0;
        QCOMPARE(::read(ready[0], &c, 1), 1);
        ::close(ready[0]);
        ::close(ready[1]);
        auto reap = qScopeGuard([&] { killAndReap(daemon); });
        QCOMPARE(c, '1');
        const int bystander = forkSleeper();
        auto reapBystander = qScopeGuard([&] { killAndReap(bystander); });

        LogDaemon finder(path);
        QCOMPARE(finder.pids(), QList<int>{daemon});
        QCOMPARE(finder.pids(), QList<int>{daemon}); // kept while it lives

        HelperOptions o;
        o.logSocket = path;
        const HelperCore core(o);
        for (const char *sig : {"STOP", "TERM"}) {
            const TargetResult r = runOne(core, signalRequest(identityOf(daemon), QLatin1String(sig)));
            EXPECT_STATUS(r, TargetStatus::Refused);
            QVERIFY2(r.message.contains(QStringLiteral("the system log daemon")), qPrintable(r.message));
        }
        EXPECT_STATUS(runOne(core, signalRequest(identityOf(daemon), QStringLiteral("CONT"))), TargetStatus::Done);
        EXPECT_STATUS(runOne(core, signalRequest(identityOf(bystander), QStringLiteral("STOP"))), TargetStatus::Done);
        QVERIFY(procfs::readStat(daemon)->state != 'T');

        // A restarted daemon is found anew.
        killAndReap(daemon);
        reap.dismiss();
        QVERIFY(finder.pids().isEmpty());
    }

    void threadIdIsNotAProcess()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"threads", {"threads"}, {{"ACTOR_THREADS", "2"}}});
        QVERIFY(a.pid > 0);
        QList<int> tids = procfs::threadIds(a.pid);
        tids.removeAll(a.pid);
        QCOMPARE(tids.size(), 1);
        const TargetResult r = runOne(HelperCore(), signalRequest(identityOf(tids[0]), QStringLiteral("CONT")));
        EXPECT_STATUS(r, TargetStatus::Refused);
        QVERIFY2(r.message.contains(QStringLiteral("is a thread of process %1").arg(a.pid)), qPrintable(r.message));
    }

    void callerAndItsSessionLeader()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const int sh = sp.spawnProgram({"/bin/sh", "-c", "sleep 600 & wait"}); // leads its own session
        QVERIFY(sh > 0);
        QVERIFY(waitUntil([&] { return childrenOf(sh).size() == 1; }));
        const int caller = childrenOf(sh).first();
        auto cleanup = qScopeGuard([&] { ::kill(-sh, SIGKILL); });
        QCOMPARE(procfs::readStat(caller)->session, sh);
        const HelperCore core;

        TargetResult r = runOne(core, signalRequest(identityOf(sh), QStringLiteral("CONT")), caller);
        EXPECT_STATUS(r, TargetStatus::Refused);
        QVERIFY2(r.message.contains(QStringLiteral("leads the caller's session")), qPrintable(r.message));
        r = runOne(core, signalRequest(identityOf(caller), QStringLiteral("CONT")), caller);
        EXPECT_STATUS(r, TargetStatus::Refused);
        QVERIFY2(r.message.contains(QStringLiteral("the caller itself")), qPrintable(r.message));
        // The same target for another caller is fine.
        EXPECT_STATUS(
            runOne(core, signalRequest(identityOf(sh), QStringLiteral("CONT")), ::getpid()), TargetStatus::Done);
        // A caller that is gone cannot be checked: refuse.
        const int goneCaller = forkSleeper();
        killAndReap(goneCaller);
        EXPECT_STATUS(
            runOne(core, signalRequest(identityOf(sh), QStringLiteral("CONT")), goneCaller), TargetStatus::Refused);
    }

    void zombieIsRoutedToItsParent()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"parent", {"parent"}, {{"ACTOR_ZOMBIE", "1"}}});
        QVERIFY(a.pid > 0 && a.zombiePid > 0);
        QVERIFY(waitUntil([&] { return stateOf(a.zombiePid) == 'Z'; }));
        const HelperCore core;
        const ProcessIdentity id = identityOf(a.zombiePid);
        const TargetResult r = runOne(core, signalRequest(id, QStringLiteral("KILL")));
        EXPECT_STATUS(r, TargetStatus::Refused);
        QVERIFY2(r.message.contains(QStringLiteral("zombie")), qPrintable(r.message));
        QVERIFY2(r.message.contains(QStringLiteral("parent (PID %1)").arg(a.pid)), qPrintable(r.message));
        QVERIFY(r.message.contains(QStringLiteral("Act on the parent")));
        EXPECT_STATUS(runOne(core, request(Verb::Freeze, id)), TargetStatus::Refused);
    }

    // A vfork parent waits in uninterruptible sleep until its child execs or exits.
    void uninterruptibleRefusesTermAndKill()
    {
        REQUIRE_ROOT();
        const pid_t parent = ::fork();
        if (parent == 0) {
            if (::vfork() == 0) {
                for (;;)
                    ::pause();
            }
            ::_exit(0);
        }
        QVERIFY(parent > 0);
        auto cleanup = qScopeGuard([&] {
            for (int child : childrenOf(parent))
                ::kill(child, SIGKILL);
            killAndReap(parent);
        });
        QVERIFY(waitUntil([&] { return stateOf(parent) == 'D'; }));
        const HelperCore core;
        const ProcessIdentity id = identityOf(parent);
        for (const QString &sig : {QStringLiteral("TERM"), QStringLiteral("KILL")}) {
            const TargetResult r = runOne(core, signalRequest(id, sig));
            EXPECT_STATUS(r, TargetStatus::Refused);
            QVERIFY2(r.message.contains(QStringLiteral("uninterruptible")), qPrintable(r.message));
        }
        EXPECT_STATUS(runOne(core, signalRequest(id, QStringLiteral("CONT"))), TargetStatus::Done);
    }

    // ---- batches, unprivileged use ------------------------------------------------------------

    void batchKeepsOrderAndIsPerTarget()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"one", {"one"}, {}});
        const Actor b = sp.spawn({"two", {"two"}, {}});
        QVERIFY(a.pid > 0 && b.pid > 0);
        const long startNice = procfs::readStat(a.pid)->nice; // 10 under `nice ctest`
        ProcessIdentity stale = identityOf(b.pid);
        stale.startTicks += 7;
        const HelperCore core;

        // Built in code (as the engine does): PID 1 gets its own refusal, the others go on.
        HelperRequest r = signalRequest(identityOf(a.pid), QStringLiteral("CONT"));
        r.targets = {identityOf(a.pid), identityOf(1), stale};
        const QList<TargetResult> results = core.execute(r, ::getpid());
        QCOMPARE(results.size(), 3);
        EXPECT_STATUS(results[0], TargetStatus::Done);
        EXPECT_STATUS(results[1], TargetStatus::Refused);
        EXPECT_STATUS(results[2], TargetStatus::IdentityChanged);
        QCOMPARE(results[2].target, stale);

        // Through the transport entry: decode, execute, encode.
        r.targets = {identityOf(a.pid), stale};
        const HelperCore::Reply reply = core.handle(r.toVariantMap(), ::getpid());
        QVERIFY2(reply.error.isEmpty(), qPrintable(reply.error));
        QCOMPARE(reply.results.size(), 2);
        QCOMPARE(reply.results[0].toMap().value(QStringLiteral("status")).toString(), QStringLiteral("done"));
        QCOMPARE(
            reply.results[1].toMap().value(QStringLiteral("status")).toString(), QStringLiteral("identity_changed"));
        QCOMPARE(reply.results[1].toMap().value(QStringLiteral("target")).toString(), stale.toQString());
        r.targets = {identityOf(1)};
        const HelperCore::Reply bad = core.handle(r.toVariantMap(), ::getpid());
        QVERIFY(bad.error.contains(QStringLiteral("1 is init")));
        QVERIFY(bad.results.isEmpty());

        // A request built in code with bad arguments refuses every target, acts on none.
        HelperRequest wild = request(Verb::Renice, identityOf(a.pid));
        wild.nice = 40;
        const QList<TargetResult> refused = core.execute(wild, ::getpid());
        QCOMPARE(refused.size(), 1);
        EXPECT_STATUS(refused[0], TargetStatus::Refused);
        QVERIFY(refused[0].message.contains(QStringLiteral("invalid request")));
        QCOMPARE(procfs::readStat(a.pid)->nice, startNice);
    }

    // The engine tries as the user first; what the kernel refuses for lack of rights is marked so.
    void unprivilegedAttemptIsPermissionDenied_data()
    {
        QTest::addColumn<Verb>("verb");
        QTest::newRow("signal") << Verb::Signal;
        QTest::newRow("renice") << Verb::Renice;
        QTest::newRow("quarantine") << Verb::Quarantine;
        QTest::newRow("freeze") << Verb::Freeze;
        QTest::newRow("throttle") << Verb::Throttle;
    }

    void unprivilegedAttemptIsPermissionDenied()
    {
        REQUIRE_ROOT();
        QFETCH(Verb, verb);
        Spawner sp;
        const Actor a = sp.spawn({"rootowned", {"rootowned"}, {}});
        QVERIFY(a.pid > 0);
        HelperRequest r = request(verb, identityOf(a.pid));
        r.signal = verb == Verb::Signal ? QStringLiteral("TERM") : QString();
        r.nice = verb == Verb::Renice ? 5 : 0;
        r.cpus = verb == Verb::Quarantine ? QList<int>{MachineLimits::current().allowedCpus.first()} : QList<int>{};
        r.quotaPercent = verb == Verb::Throttle ? 10 : 0;
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        const pid_t child = ::fork();
        if (child == 0) {
            ::close(fds[0]);
            int out[3] = {-1, 0, 0};
            QByteArray message;
            if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0) {
                const TargetResult res = runOne(HelperCore(), r, ::getpid());
                out[0] = int(res.status);
                out[1] = res.error;
                out[2] = res.permissionDenied();
                message = res.message.toUtf8();
            }
            if (::write(fds[1], out, sizeof out) != sizeof out
                || ::write(fds[1], message.constData(), size_t(message.size())) != message.size())
                ::_exit(2);
            ::_exit(0);
        }
        ::close(fds[1]);
        int out[3] = {};
        const ssize_t n = ::read(fds[0], out, sizeof out);
        QByteArray message;
        char buf[512];
        for (ssize_t got; (got = ::read(fds[0], buf, sizeof buf)) > 0;)
            message.append(buf, got);
        ::close(fds[0]);
        ::waitpid(child, nullptr, 0);
        QCOMPARE(n, ssize_t(sizeof out));
        QVERIFY2(out[0] >= 0, "could not drop to uid 65534");
        QVERIFY2(out[0] == int(TargetStatus::Failed),
            qPrintable(QStringLiteral("status %1, errno %2").arg(statusName(TargetStatus(out[0]))).arg(out[1])));
        // Without a cgroup hierarchy for the verb (some containers mount none), the attempt fails as
        // unsupported and says so; it is no permission error, so the helper (which could not do it
        // either) is not asked.
        const auto v2 = hierarchyNamed(QStringLiteral("v2"));
        const bool v2Cpu
            = v2 && readText(v2->mountPoint + QStringLiteral("/cgroup.controllers")).split(u' ').contains(u"cpu");
        const bool unsupportedHere = (verb == Verb::Freeze && !v2 && !hierarchyNamed(QStringLiteral("v1-freezer")))
            || (verb == Verb::Throttle && !v2Cpu && !hierarchyNamed(QStringLiteral("v1-cpu")));
        if (unsupportedHere) {
            QCOMPARE(out[1], EOPNOTSUPP);
            QCOMPARE(out[2], 0);
            QVERIFY2(message.contains(verb == Verb::Freeze ? "is mounted; cannot freeze" : "cannot throttle"),
                message.constData());
            return;
        }
        QVERIFY2(out[2] == 1,
            qPrintable(
                QStringLiteral("errno %1 is not a permission error: %2").arg(out[1]).arg(QString::fromUtf8(message))));
        QVERIFY(!goneOrZombie(a.pid));
        // Nothing half-done was left behind by the refused cgroup attempt.
        for (const auto &name : {QStringLiteral("v2"), QStringLiteral("v1-freezer"), QStringLiteral("v1-cpu")})
            if (const auto h = hierarchyNamed(name)) {
                const QString dir = cgroupDirectory(*h, cgroupPathOf(a.pid, *h));
                QVERIFY(
                    !dirExists(dir + QStringLiteral("/ptriage-%1-%2").arg(a.pid).arg(identityOf(a.pid).startTicks)));
            }
    }
};

QTEST_GUILESS_MAIN(HelperCoreTest)
#include "tst_procops_core.moc"
