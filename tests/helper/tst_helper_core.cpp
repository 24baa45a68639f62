// The helper core against real processes and real cgroups (run as root; no mocks).
#include "core/HelperCore.h"
#include "core/KernelOps.h"
#include "core/ProcFs.h"
#include "support/Spawner.h"

#include <QtTest>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <functional>
#include <grp.h>
#include <limits>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::helper;
using ptriage::test::Actor;
using ptriage::test::Spawner;

Q_DECLARE_METATYPE(ptriage::helper::Verb)
Q_DECLARE_METATYPE(ptriage::helper::CgroupBackend)

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

HelperCore coreWith(CgroupBackend freeze, CgroupBackend throttle)
{
    HelperOptions o;
    o.cgroups.freeze = freeze;
    o.cgroups.throttle = throttle;
    return HelperCore(o);
}

QVariantMap validSignalMap(const QString &identity)
{
    return {{field::verb, QStringLiteral("signal")}, {field::targets, QStringList{identity}},
        {field::signal, QStringLiteral("TERM")}};
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

    // ---- decoder ------------------------------------------------------------------------------

    void decoder_data()
    {
        QTest::addColumn<QVariantMap>("map");
        QTest::addColumn<QString>("error"); // expected substring; empty: must decode

        const QString id = kBoot + QStringLiteral(":12345:678");
        const QVariantMap base = validSignalMap(id);
        auto with = [&](const QString &key, const QVariant &value, QVariantMap m = {}) {
            if (m.isEmpty())
                m = base;
            m.insert(key, value);
            return m;
        };
        auto without = [&](const QString &key, QVariantMap m) {
            m.remove(key);
            return m;
        };
        auto verb = [&](const QString &v, std::initializer_list<std::pair<QString, QVariant>> args) {
            QVariantMap m{{field::verb, v}, {field::targets, QStringList{id}}};
            for (const auto &[k, val] : args)
                m.insert(k, val);
            return m;
        };
        auto target = [&](const QString &identity) { return with(field::targets, QStringList{identity}); };

        QTest::newRow("valid signal") << base << QString();
        QTest::newRow("valid group signal") << with(field::processGroup, true) << QString();
        QTest::newRow("valid freeze") << verb(QStringLiteral("freeze"), {}) << QString();
        QTest::newRow("valid thaw") << verb(QStringLiteral("thaw"), {}) << QString();
        QTest::newRow("valid unthrottle") << verb(QStringLiteral("unthrottle"), {}) << QString();
        QTest::newRow("valid renice -20") << verb(QStringLiteral("renice"), {{field::nice, -20}}) << QString();
        QTest::newRow("valid renice 19 as uint") << verb(QStringLiteral("renice"), {{field::nice, 19u}}) << QString();
        QTest::newRow("valid renice as qlonglong")
            << verb(QStringLiteral("renice"), {{field::nice, qlonglong(5)}}) << QString();
        QTest::newRow("valid throttle 1%") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 1}}) << QString();
        QTest::newRow("valid throttle 400%")
            << verb(QStringLiteral("throttle"), {{field::quotaPercent, 400}}) << QString();
        QTest::newRow("valid quarantine")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{0, 3}}}) << QString();
        QTest::newRow("valid quarantine QList<int>")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariant::fromValue(QList<int>{1})}}) << QString();
        QTest::newRow("valid unquarantine")
            << verb(QStringLiteral("unquarantine"), {{field::affinity, QVariantList{0, 1, 3}}}) << QString();
        QTest::newRow("valid targets as variant list")
            << with(field::targets, QVariantList{id, kBoot + QStringLiteral(":1:2")}) << QString();

        // Missing, unknown and misplaced fields.
        QTest::newRow("missing verb") << without(field::verb, base) << QStringLiteral("missing field 'verb'");
        QTest::newRow("missing targets") << without(field::targets, base) << QStringLiteral("missing field 'targets'");
        QTest::newRow("missing signal") << without(field::signal, base) << QStringLiteral("missing field 'signal'");
        QTest::newRow("missing nice") << verb(QStringLiteral("renice"), {}) << QStringLiteral("missing field 'nice'");
        QTest::newRow("missing cpus") << verb(QStringLiteral("quarantine"), {})
                                      << QStringLiteral("missing field 'cpus'");
        QTest::newRow("missing affinity")
            << verb(QStringLiteral("unquarantine"), {}) << QStringLiteral("missing field 'affinity'");
        QTest::newRow("missing quota") << verb(QStringLiteral("throttle"), {})
                                       << QStringLiteral("missing field 'quotaPercent'");
        QTest::newRow("unknown key") << with(QStringLiteral("pid"), 5) << QStringLiteral("unknown field 'pid'");
        QTest::newRow("unknown key, hostile")
            << with(QStringLiteral("x\ny") + QString(500, QLatin1Char('z')), 5) << QStringLiteral("unknown field 'x?y");
        QTest::newRow("field of another verb") << with(field::nice, 5) << QStringLiteral("'nice' does not apply");
        QTest::newRow("cpus for unquarantine") << verb(QStringLiteral("unquarantine"), {{field::cpus, QVariantList{0}}})
                                               << QStringLiteral("'cpus' does not apply");

        // Wrong types.
        QTest::newRow("verb int") << with(field::verb, 1) << QStringLiteral("'verb' must be a string");
        QTest::newRow("verb unknown") << with(field::verb, QStringLiteral("explode"))
                                      << QStringLiteral("'verb' is 'explode'");
        QTest::newRow("verb wrong case") << with(field::verb, QStringLiteral("Signal")) << QStringLiteral("'verb'");
        QTest::newRow("signal int") << with(field::signal, 15) << QStringLiteral("'signal' must be a string");
        QTest::newRow("signal SEGV") << with(field::signal, QStringLiteral("SEGV"))
                                     << QStringLiteral("'signal' is 'SEGV'");
        QTest::newRow("signal SIGTERM") << with(field::signal, QStringLiteral("SIGTERM")) << QStringLiteral("'signal'");
        QTest::newRow("signal number text") << with(field::signal, QStringLiteral("9")) << QStringLiteral("'signal'");
        QTest::newRow("processGroup int")
            << with(field::processGroup, 1) << QStringLiteral("'processGroup' must be a boolean");
        QTest::newRow("processGroup string")
            << with(field::processGroup, QStringLiteral("true")) << QStringLiteral("'processGroup' must be a boolean");
        QTest::newRow("nice string") << verb(QStringLiteral("renice"), {{field::nice, QStringLiteral("5")}})
                                     << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice double") << verb(QStringLiteral("renice"), {{field::nice, 5.0}})
                                     << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice bool") << verb(QStringLiteral("renice"), {{field::nice, true}})
                                   << QStringLiteral("'nice' must be an integer");
        QTest::newRow("nice invalid variant") << verb(QStringLiteral("renice"), {{field::nice, QVariant()}})
                                              << QStringLiteral("'nice' must be an integer");
        QTest::newRow("quota double") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 50.5}})
                                      << QStringLiteral("'quotaPercent' must be an integer");
        QTest::newRow("cpus string") << verb(QStringLiteral("quarantine"), {{field::cpus, QStringLiteral("0,1")}})
                                     << QStringLiteral("'cpus' must be a list of integers");
        QTest::newRow("cpus element double")
            << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{0, 1.0}}})
            << QStringLiteral("'cpus'[1] must be an integer");
        QTest::newRow("targets string") << with(field::targets, id) << QStringLiteral("'targets' must be a list");
        QTest::newRow("targets element int")
            << with(field::targets, QVariantList{id, 5}) << QStringLiteral("'targets'[1] must be a string");
        QTest::newRow("targets nested list")
            << with(field::targets, QVariantList{QVariantList{id}}) << QStringLiteral("'targets'[0] must be a string");

        // Ranges, negatives and overflow.
        QTest::newRow("nice 20") << verb(QStringLiteral("renice"), {{field::nice, 20}})
                                 << QStringLiteral("'nice' is 20; it must be between -20 and 19");
        QTest::newRow("nice -21") << verb(QStringLiteral("renice"), {{field::nice, -21}})
                                  << QStringLiteral("'nice' is -21");
        QTest::newRow("nice qlonglong overflow") << verb(QStringLiteral("renice"), {{field::nice, qlonglong(1) << 40}})
                                                 << QStringLiteral("'nice' is 1099511627776");
        QTest::newRow("nice qlonglong wraps to 0") << verb(QStringLiteral("renice"),
            {{field::nice, qlonglong(1) << 32}}) << QStringLiteral("'nice' is 4294967296");
        QTest::newRow("nice ulonglong max")
            << verb(QStringLiteral("renice"), {{field::nice, std::numeric_limits<qulonglong>::max()}})
            << QStringLiteral("'nice' is");
        QTest::newRow("nice uint max") << verb(QStringLiteral("renice"), {{field::nice, 4294967295u}})
                                       << QStringLiteral("'nice' is 4294967295");
        QTest::newRow("quota 0") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 0}})
                                 << QStringLiteral("'quotaPercent' is 0");
        QTest::newRow("quota negative") << verb(QStringLiteral("throttle"), {{field::quotaPercent, -5}})
                                        << QStringLiteral("'quotaPercent' is -5");
        QTest::newRow("quota above all CPUs") << verb(QStringLiteral("throttle"), {{field::quotaPercent, 401}})
                                              << QStringLiteral("'quotaPercent' is 401; it must be between 1 and 400");
        QTest::newRow("cpus empty") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{}}})
                                    << QStringLiteral("'cpus' is empty");
        QTest::newRow("cpu index = nproc") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{4}}})
                                           << QStringLiteral("'cpus'[0] is CPU 4; this machine has CPUs 0 to 3");
        QTest::newRow("cpu negative") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{-1}}})
                                      << QStringLiteral("'cpus'[0] is CPU -1");
        QTest::newRow("cpu offline") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{2}}})
                                     << QStringLiteral("CPU 2, which is not online");
        QTest::newRow("cpu repeated") << verb(QStringLiteral("quarantine"), {{field::cpus, QVariantList{1, 1}}})
                                      << QStringLiteral("'cpus'[1] repeats CPU 1");
        QTest::newRow("cpu list huge") << verb(
            QStringLiteral("quarantine"), {{field::cpus, QVariant::fromValue(QList<int>(100000, 0))}})
                                       << QStringLiteral("'cpus' has 100000 entries");
        QTest::newRow("affinity huge variant list")
            << verb(QStringLiteral("unquarantine"), {{field::affinity, QVariantList(5000, 0)}})
            << QStringLiteral("'affinity' has 5000 entries");

        // Targets: count, repeats and malformed identities.
        QTest::newRow("targets empty") << with(field::targets, QStringList{}) << QStringLiteral("'targets' is empty");
        QStringList many;
        for (int i = 0; i < 10000; ++i)
            many.append(kBoot + QStringLiteral(":1:%1").arg(i + 2));
        QTest::newRow("10000 targets") << with(field::targets, many)
                                       << QStringLiteral("'targets' has 10000 entries; at most 256");
        QTest::newRow("257 targets") << with(field::targets, many.mid(0, 257)) << QStringLiteral("has 257 entries");
        QTest::newRow("256 targets") << with(field::targets, many.mid(0, 256)) << QString();
        QTest::newRow("repeated target") << with(field::targets, QStringList{id, id})
                                         << QStringLiteral("'targets'[1] repeats 'targets'[0]");
        QTest::newRow("id empty") << target(QString()) << QStringLiteral("'targets'[0]: '' is not an identity");
        QTest::newRow("id uppercase boot")
            << target(kBoot.toUpper() + QStringLiteral(":1:2")) << QStringLiteral("lowercase uuid");
        QTest::newRow("id short boot") << target(kBoot.left(35) + QStringLiteral(":1:2"))
                                       << QStringLiteral("lowercase uuid");
        QTest::newRow("id boot without dashes")
            << target(QString(kBoot).replace(QLatin1Char('-'), QLatin1Char('0')) + QStringLiteral(":1:2"))
            << QStringLiteral("lowercase uuid");
        QTest::newRow("id two fields") << target(kBoot + QStringLiteral(":12")) << QStringLiteral("three fields");
        QTest::newRow("id four fields") << target(id + QStringLiteral(":9")) << QStringLiteral("three fields");
        QTest::newRow("id negative pid") << target(kBoot + QStringLiteral(":1:-5")) << QStringLiteral("the pid");
        QTest::newRow("id pid 0") << target(kBoot + QStringLiteral(":1:0")) << QStringLiteral("pid 0 is never");
        QTest::newRow("id pid 1") << target(kBoot + QStringLiteral(":1:1")) << QStringLiteral("1 is init");
        QTest::newRow("id pid too big") << target(kBoot + QStringLiteral(":1:4194305")) << QStringLiteral("to 4194304");
        QTest::newRow("id pid max") << target(kBoot + QStringLiteral(":1:4194304")) << QString();
        QTest::newRow("id pid leading zero") << target(kBoot + QStringLiteral(":1:0678")) << QStringLiteral("the pid");
        QTest::newRow("id pid space") << target(kBoot + QStringLiteral(":1: 678")) << QStringLiteral("the pid");
        QTest::newRow("id start plus") << target(kBoot + QStringLiteral(":+5:678")) << QStringLiteral("start time");
        QTest::newRow("id start hex") << target(kBoot + QStringLiteral(":0x10:678")) << QStringLiteral("start time");
        QTest::newRow("id start overflow")
            << target(kBoot + QStringLiteral(":18446744073709551616:678")) << QStringLiteral("start time");
        QTest::newRow("id start max") << target(kBoot + QStringLiteral(":18446744073709551615:678")) << QString();
        QTest::newRow("id arabic digits")
            << target(kBoot + QStringLiteral(":\u0661\u0662:678")) << QStringLiteral("start time");
        QTest::newRow("id very long") << target(QString(100000, QLatin1Char('a'))) << QStringLiteral("too long");
    }

    void decoder()
    {
        QFETCH(QVariantMap, map);
        QFETCH(QString, error);
        MachineLimits limits;
        limits.configuredCpus = 4;
        limits.allowedCpus = {0, 1, 3}; // CPU 2 offline
        const DecodeResult d = decodeRequest(map, limits);
        if (error.isEmpty()) {
            QVERIFY2(d.ok(), qPrintable(d.error));
            QVERIFY(d.error.isEmpty());
            QCOMPARE(validateRequest(*d.request, limits), QString());
            // What a client encodes decodes to the same request.
            const DecodeResult again = decodeRequest(d.request->toVariantMap(), limits);
            QVERIFY2(again.ok(), qPrintable(again.error));
            QVERIFY(*again.request == *d.request);
        } else {
            QVERIFY(!d.ok());
            QVERIFY2(d.error.contains(error), qPrintable(d.error));
            QVERIFY2(d.error.size() < 400, "error messages stay short");
            QVERIFY(!d.error.contains(QLatin1Char('\n')));
        }
    }

    void decoderUsesTheMachinesCpus()
    {
        const MachineLimits limits = MachineLimits::current();
        QVERIFY(limits.configuredCpus >= 1);
        QVERIFY(!limits.allowedCpus.isEmpty());
        QVariantMap m{{field::verb, QStringLiteral("quarantine")},
            {field::targets, QStringList{kBoot + QStringLiteral(":1:2")}},
            {field::cpus, QVariantList{limits.configuredCpus}}};
        const DecodeResult d = decodeRequest(m);
        QVERIFY(!d.ok());
        QVERIFY2(d.error.contains(QStringLiteral("'cpus'[0]")), qPrintable(d.error));
        m.insert(field::cpus, QVariantList{limits.allowedCpus.first()});
        QVERIFY(decodeRequest(m).ok());
        m = {{field::verb, QStringLiteral("throttle")}, {field::targets, QStringList{kBoot + QStringLiteral(":1:2")}},
            {field::quotaPercent, 100 * limits.configuredCpus + 1}};
        QVERIFY(!decodeRequest(m).ok());
    }

    void actionIds()
    {
        const QList<std::pair<Verb, QString>> expected{{Verb::Signal, QStringLiteral("org.ptriage.helper.signal")},
            {Verb::Freeze, QStringLiteral("org.ptriage.helper.freeze")},
            {Verb::Thaw, QStringLiteral("org.ptriage.helper.freeze")},
            {Verb::Throttle, QStringLiteral("org.ptriage.helper.throttle")},
            {Verb::Unthrottle, QStringLiteral("org.ptriage.helper.throttle")},
            {Verb::Renice, QStringLiteral("org.ptriage.helper.renice")},
            {Verb::Quarantine, QStringLiteral("org.ptriage.helper.quarantine")},
            {Verb::Unquarantine, QStringLiteral("org.ptriage.helper.quarantine")}};
        for (const auto &[verb, id] : expected) {
            QCOMPARE(actionIdFor(verb), id);
            QCOMPARE(actionIdFor(verbName(verb)), id);
            QCOMPARE(verbFromName(verbName(verb)), std::optional<Verb>(verb));
        }
        QCOMPARE(actionIdFor(QStringLiteral("kill")), QString());
    }

    void statParserFindsTheLastParen()
    {
        const auto s
            = procfs::parseStat("42 (a) b) (c) R 7 42 40 0 -1 4194560 1 2 3 4 11 22 0 0 20 -5 3 0 987654 1 2 3\n");
        QVERIFY(s);
        QCOMPARE(s->state, 'R');
        QCOMPARE(s->ppid, 7);
        QCOMPARE(s->pgrp, 42);
        QCOMPARE(s->session, 40);
        QCOMPARE(s->utime, std::uint64_t(11));
        QCOMPARE(s->nice, -5L);
        QCOMPARE(s->startTicks, std::uint64_t(987654));
        QVERIFY(!procfs::parseStat("42 (x) R 7"));
        QVERIFY(!procfs::parseStat("garbage"));
        QVERIFY(!procfs::parseStat("1 (x)"));
    }

    void mountInfoLayout()
    {
        const QByteArray text = "31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n"
                                "32 31 0:29 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n"
                                "37 31 0:34 /ctr /mnt/my\\040freezer rw - cgroup cgroup rw,freezer\n"
                                "40 31 0:37 / /sys/fs/cgroup/systemd rw - cgroup cgroup rw,xattr,name=systemd\n"
                                "41 31 0:38 / /sys/fs/cgroup/unified rw shared:9 - cgroup2 cgroup2 rw,nsdelegate\n";
        const CgroupLayout l = CgroupLayout::parseMountInfo(text);
        QVERIFY(l.unified());
        QCOMPARE(l.unified()->mountPoint, QStringLiteral("/sys/fs/cgroup/unified"));
        QVERIFY(l.v1(QStringLiteral("cpu")));
        QCOMPARE(l.v1(QStringLiteral("cpuacct"))->mountPoint, QStringLiteral("/sys/fs/cgroup/cpu,cpuacct"));
        const auto freezer = l.v1(QStringLiteral("freezer"));
        QVERIFY(freezer);
        QCOMPARE(freezer->mountPoint, QStringLiteral("/mnt/my freezer"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr/a")), QStringLiteral("/mnt/my freezer/a"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr")), QStringLiteral("/mnt/my freezer"));
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/other")), QString()); // not mounted here
        QCOMPARE(cgroupDirectory(*freezer, QStringLiteral("/ctr/../etc")), QString());
        QVERIFY(!l.v1(QStringLiteral("memory")));
        QVERIFY(!l.v1(QStringLiteral("xattr")));
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
        for (int tid : tids)
            QCOMPARE(niceOf(tid), 0L);

        const HelperCore core;
        const ProcessIdentity id = identityOf(a.pid);
        HelperRequest r = request(Verb::Renice, id);
        r.nice = 12;
        const TargetResult done = runOne(core, r);
        EXPECT_STATUS(done, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), 12L);
        QCOMPARE(done.undo.value(field::verb).toString(), QStringLiteral("renice"));
        QCOMPARE(done.undo.value(field::nice), QVariant(0));
        QCOMPARE(done.details.value(QStringLiteral("threads")).toInt(), 4);

        r.nice = -7; // raising priority needs the privilege the helper has
        EXPECT_STATUS(runOne(core, r), TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), -7L);

        const TargetResult back = runUndo(core, done, id);
        EXPECT_STATUS(back, TargetStatus::Done);
        for (int tid : tids)
            QCOMPARE(niceOf(tid), 0L);
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

    // ---- batches, encoding, unprivileged use --------------------------------------------------

    void batchKeepsOrderAndIsPerTarget()
    {
        REQUIRE_ROOT();
        Spawner sp;
        const Actor a = sp.spawn({"one", {"one"}, {}});
        const Actor b = sp.spawn({"two", {"two"}, {}});
        QVERIFY(a.pid > 0 && b.pid > 0);
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
        QCOMPARE(procfs::readStat(a.pid)->nice, 0L);
    }

    void encodedResults()
    {
        const ProcessIdentity someone{*BootId::parse(kBoot.toStdString()), 1, 2};
        TargetResult f = TargetResult::failed(someone, EPERM, QStringLiteral("cannot"));
        QVERIFY(f.permissionDenied());
        const QVariantMap m = encodeResult(f);
        QCOMPARE(m.value(QStringLiteral("status")).toString(), QStringLiteral("failed"));
        QCOMPARE(m.value(QStringLiteral("errno")).toInt(), EPERM);
        QCOMPARE(m.value(QStringLiteral("errorName")).toString(), QStringLiteral("EPERM"));
        QCOMPARE(m.value(QStringLiteral("permissionDenied")).toBool(), true);
        QVERIFY(m.value(QStringLiteral("message")).toString().startsWith(QStringLiteral("cannot: ")));
        const TargetResult other = TargetResult::failed(someone, EBUSY, QStringLiteral("busy"));
        QVERIFY(!other.permissionDenied());
        TargetResult d = TargetResult::done(someone, QStringLiteral("ok"));
        d.undo.insert(field::verb, QStringLiteral("thaw"));
        const QVariantMap dm = encodeResult(d);
        QCOMPARE(dm.value(QStringLiteral("status")).toString(), QStringLiteral("done"));
        QVERIFY(!dm.contains(QStringLiteral("errno")));
        QCOMPARE(dm.value(QStringLiteral("undo")).toMap().value(field::verb).toString(), QStringLiteral("thaw"));
        QCOMPARE(encodeResults({f, d}).size(), 2);
        QCOMPARE(statusName(TargetStatus::NoSuchProcess), QStringLiteral("no_such_process"));
        QCOMPARE(statusName(TargetStatus::IdentityChanged), QStringLiteral("identity_changed"));
        QCOMPARE(statusName(TargetStatus::Refused), QStringLiteral("refused"));
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
            if (::setgroups(0, nullptr) == 0 && ::setgid(65534) == 0 && ::setuid(65534) == 0) {
                const TargetResult res = runOne(HelperCore(), r, ::getpid());
                out[0] = int(res.status);
                out[1] = res.error;
                out[2] = res.permissionDenied();
            }
            if (::write(fds[1], out, sizeof out) != sizeof out)
                ::_exit(2);
            ::_exit(0);
        }
        ::close(fds[1]);
        int out[3] = {};
        const ssize_t n = ::read(fds[0], out, sizeof out);
        ::close(fds[0]);
        ::waitpid(child, nullptr, 0);
        QCOMPARE(n, ssize_t(sizeof out));
        QVERIFY2(out[0] >= 0, "could not drop to uid 65534");
        QVERIFY2(out[0] == int(TargetStatus::Failed),
            qPrintable(QStringLiteral("status %1, errno %2").arg(statusName(TargetStatus(out[0]))).arg(out[1])));
        QVERIFY2(out[2] == 1, qPrintable(QStringLiteral("errno %1 is not a permission error").arg(out[1])));
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
#include "tst_helper_core.moc"
