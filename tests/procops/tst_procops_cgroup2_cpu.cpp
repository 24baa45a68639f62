// cgroup2 throttling follows the kernel's rules and leaves every group as it was found. A process
// alone in its group (a systemd unit, say) is throttled: the helper moves it into a child group, turns
// the cpu controller on in its group, and on unthrottle turns it off again before moving the process
// back — a group that passes a controller down may hold no processes ("no internal processes"), so
// left on, the unit could never take its process back.
//
// This machine binds the cpu controller to an (empty) v1 hierarchy, and a controller serves one
// hierarchy at a time. The test unmounts that hierarchy, so the kernel hands cpu to cgroup2, and
// mounts it back at the end. It runs alone (RUN_SERIAL) and skips where that cannot be done.
#include "procops/identity/ProcFs.h"
#include "procops/ops/Cgroups.h"
#include "procops/ops/HelperCore.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <csignal>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace ptriage::procops;
using ptriage::ProcessIdentity;

namespace {

QString readText(const QString &path)
{
    const auto t = procfs::readFile(path);
    return t ? QString::fromLatin1(t->trimmed()) : QString();
}

bool has(const QString &file, const char *controller)
{
    return readText(file).split(QLatin1Char(' ')).contains(QLatin1String(controller));
}

bool waitUntil(const std::function<bool()> &condition, int timeoutMs = 5000)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline)
            return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

int forkSpinner()
{
    const pid_t pid = ::fork();
    if (pid == 0) {
        volatile unsigned long spins = 0;
        for (;;)
            spins = spins + 1UL;
    }
    return pid;
}

bool sameFile(const char *a, const char *b)
{
    struct stat sa {
    }, sb{};
    return ::stat(a, &sa) == 0 && ::stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

double cpuShare(int pid, int ms)
{
    auto ticks = [pid] {
        const auto s = procfs::readStat(pid);
        return s ? s->utime + s->stime : 0;
    };
    const auto before = ticks();
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
    return double(ticks() - before) / double(::sysconf(_SC_CLK_TCK)) / (ms / 1000.0);
}

ProcessIdentity identityOf(int pid)
{
    ProcessIdentity id;
    id.boot = procfs::bootId().value_or(ptriage::BootId{});
    id.pid = pid;
    id.startTicks = procfs::readStat(pid)->startTicks;
    return id;
}

} // namespace

class Cgroup2CpuTest : public QObject {
    Q_OBJECT

    std::optional<CgroupHierarchy> m_unified;
    QString m_v1CpuMount; // unmounted by this test: mounted back at the end
    bool m_enabledAtRoot = false;

private Q_SLOTS:
    void initTestCase()
    {
        if (::geteuid() != 0)
            QSKIP("needs root: unmounts and mounts a cgroup hierarchy, moves processes");
        const CgroupLayout layout = CgroupLayout::fromMountInfo();
        m_unified = layout.unified();
        if (!m_unified || m_unified->mountRoot != QLatin1String("/"))
            QSKIP("no cgroup2 hierarchy mounted whole");
        const QString root = m_unified->mountPoint;
        if (!has(root + QStringLiteral("/cgroup.controllers"), "cpu")) {
            const auto v1 = layout.v1(QStringLiteral("cpu"));
            if (!v1)
                QSKIP("the cpu controller is in neither hierarchy");
            if (!QDir(v1->mountPoint).entryList(QDir::Dirs | QDir::NoDotAndDotDot).isEmpty())
                QSKIP("the v1 cpu hierarchy has groups in use; it is not ours to unmount");
            if (v1->controllers != QStringList{QStringLiteral("cpu")})
                QSKIP("cpu shares its v1 hierarchy with other controllers");
            if (::umount2(v1->mountPoint.toLocal8Bit().constData(), 0) != 0)
                QSKIP(qPrintable(QStringLiteral("cpu is bound to the v1 hierarchy at %1, which cannot be unmounted "
                                                "(%2: something holds it open); a controller serves one hierarchy")
                                     .arg(v1->mountPoint, QString::fromLocal8Bit(std::strerror(errno)))));
            m_v1CpuMount = v1->mountPoint; // cleanupTestCase mounts it back, also after a skip
            const bool handed
                = waitUntil([&] { return has(root + QStringLiteral("/cgroup.controllers"), "cpu"); }, 10000);
            // In a chroot the hierarchy may be mounted outside its root too (a bind of the machine's
            // cgroup tree), where this test can neither see nor unmount it.
            if (!handed && !sameFile("/", "/proc/1/root"))
                QSKIP("cpu stays in a v1 hierarchy mounted outside this chroot; it is not ours to unmount");
            QVERIFY2(handed, "the kernel did not hand cpu to cgroup2 after the v1 hierarchy was unmounted");
        }
        // What systemd does at the root: cpu passed down (the root may hold processes and controllers).
        if (!has(root + QStringLiteral("/cgroup.subtree_control"), "cpu")) {
            QCOMPARE(procfs::writeFile(root + QStringLiteral("/cgroup.subtree_control"), "+cpu"), 0);
            m_enabledAtRoot = true;
        }
    }

    void cleanupTestCase()
    {
        if (!m_unified)
            return;
        const QString root = m_unified->mountPoint;
        if (m_enabledAtRoot)
            procfs::writeFile(root + QStringLiteral("/cgroup.subtree_control"), "-cpu");
        if (!m_v1CpuMount.isEmpty()) {
            // The kernel frees cpu from cgroup2 a moment after the last user lets go.
            const bool back = waitUntil(
                [&] {
                    return ::mount("cgroup", m_v1CpuMount.toLocal8Bit().constData(), "cgroup",
                               MS_NOSUID | MS_NODEV | MS_NOEXEC, "cpu")
                        == 0;
                },
                15000);
            QVERIFY2(back, "could not mount the v1 cpu hierarchy back");
        }
    }

    // The unit: a group holding one busy process. Throttled, unthrottled: back in its unit, and the
    // unit's subtree_control as it was (no cpu), the dedicated group gone.
    void throttleAloneInItsGroupLeavesItAsFound()
    {
        const QString root = m_unified->mountPoint;
        const QString unit = root + QStringLiteral("/ptriage-test-unit-%1").arg(::getpid());
        QVERIFY(::mkdir(unit.toLocal8Bit().constData(), 0755) == 0);
        const int pid = forkSpinner();
        auto cleanup = qScopeGuard([&] {
            ::kill(pid, SIGKILL);
            ::waitpid(pid, nullptr, 0);
            for (const QString &d : QDir(unit).entryList({QStringLiteral("ptriage-*")}, QDir::Dirs))
                ::rmdir(QString(unit + QLatin1Char('/') + d).toLocal8Bit().constData());
            procfs::writeFile(unit + QStringLiteral("/cgroup.subtree_control"), "-cpu");
            ::rmdir(unit.toLocal8Bit().constData());
        });
        QCOMPARE(procfs::writeFile(unit + QStringLiteral("/cgroup.procs"), QByteArray::number(pid)), 0);
        const QString before = readText(unit + QStringLiteral("/cgroup.subtree_control"));
        QVERIFY(!before.contains(QStringLiteral("cpu")));

        QTemporaryDir ledgerParent;
        HelperOptions o;
        o.cgroups.throttle = CgroupBackend::V2;
        o.undoLedgerDir = ledgerParent.filePath(QStringLiteral("ledger"));
        const HelperCore core(o);
        const ProcessIdentity id = identityOf(pid);
        HelperRequest r;
        r.verb = Verb::Throttle;
        r.targets = {id};
        r.quotaPercent = 20;
        const TargetResult throttled = core.execute(r, 0).first();
        QVERIFY2(throttled.status == TargetStatus::Done, qPrintable(throttled.message));
        const QString group = unit + QStringLiteral("/ptriage-%1-%2").arg(pid).arg(id.startTicks);
        QCOMPARE(throttled.details.value(QStringLiteral("cgroup")).toString(), group);
        QVERIFY(has(unit + QStringLiteral("/cgroup.subtree_control"), "cpu"));
        QCOMPARE(readText(group + QStringLiteral("/cpu.max")), QStringLiteral("20000 100000"));
        const double share = cpuShare(pid, 1500);
        qInfo("throttled to 20 %%: %.0f %% of a core", share * 100);
        QVERIFY2(share < 0.35, "the cgroup2 limit holds");

        r.verb = Verb::Unthrottle;
        r.quotaPercent = 0; // a throttle's field only: the request is refused with it
        const TargetResult lifted = core.execute(r, 0).first();
        QVERIFY2(lifted.status == TargetStatus::Done, qPrintable(lifted.message));
        QCOMPARE(readText(QStringLiteral("/proc/%1/cgroup").arg(pid)).section(QLatin1Char('\n'), -1),
            QStringLiteral("0::/ptriage-test-unit-%1").arg(::getpid()));
        QCOMPARE(readText(unit + QStringLiteral("/cgroup.subtree_control")), before);
        QVERIFY(!QDir(group).exists());
        qInfo("unthrottled: %s; the unit's subtree_control is '%s' again", qPrintable(lifted.message),
            qPrintable(before));
    }
};

QTEST_GUILESS_MAIN(Cgroup2CpuTest)
#include "tst_procops_cgroup2_cpu.moc"
