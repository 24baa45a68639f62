// The LowMemoryMonitor wake source against a real D-Bus service: a private dbus-daemon stands in for
// the system bus (DBUS_SYSTEM_BUS_ADDRESS, set before Qt connects to one) and
// tests/support/fake_desktop.py --low-memory-monitor owns org.freedesktop.LowMemoryMonitor on it.
// The PSI trigger, which comes first where the kernel grants it, is off in these thresholds (policy
// "trigger.enabled": false), as on kernels before 6.4 without CAP_SYS_RESOURCE.
#include "pressure/PressureMonitor.h"
#include "support/FakeDesktop.h"
#include "support/PrivateBus.h"
#include "support/TestRoom.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// Polling so slow that any reading within the test came from the signal.
PressureThresholds slowPolling()
{
    PressureThresholds t;
    t.intervalMs = 600'000;
    t.useTrigger = false;
    return t;
}

FakeDesktop fakeSystemServices(const QStringList &args)
{
    return {QDBusConnection::systemBus(), qEnvironmentVariable("DBUS_SYSTEM_BUS_ADDRESS"), args};
}

} // namespace

class LowMemoryMonitorTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY2(QDBusConnection::systemBus().isConnected(), "no private system bus"); }

    void aWarningWakesTheMonitor()
    {
        FakeDesktop services = fakeSystemServices({QStringLiteral("--low-memory-monitor")});
        QVERIFY(services.waitFor(QStringLiteral("ready")));
        PressureMonitor monitor(slowPolling());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        QCOMPARE(monitor.source(), PressureMonitor::Source::LowMemoryMonitor);
        QVERIFY2(monitor.sourceDescription().startsWith(QStringLiteral(
                     "org.freedesktop.LowMemoryMonitor's LowMemoryWarning, and polling every 600 s (the PSI "
                     "trigger is off in the policy)")),
            qPrintable(monitor.sourceDescription()));

        QSignalSpy readings(&monitor, &PressureMonitor::readingTaken);
        QTest::qWait(300);
        QCOMPARE(readings.size(), 0); // nothing wakes it on its own
        services.control(QStringLiteral("LowMemoryWarning"), {QVariant::fromValue(uchar(50))});
        QTRY_COMPARE_WITH_TIMEOUT(readings.size(), 1, 5000);
        QVERIFY(monitor.lastReading().memTotalBytes > 0);
        services.control(QStringLiteral("LowMemoryWarning"), {QVariant::fromValue(uchar(255))});
        QTRY_COMPARE_WITH_TIMEOUT(readings.size(), 2, 5000);
    }

    // A replayed tree is not this machine: the service's warnings are not about it.
    void aReplayedTreeIgnoresTheService()
    {
        FakeDesktop services = fakeSystemServices({QStringLiteral("--low-memory-monitor")});
        QVERIFY(services.waitFor(QStringLiteral("ready")));
        QTemporaryDir dir;
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("pressure")));
        std::ofstream(dir.filePath(QStringLiteral("meminfo")).toStdString())
            << "MemTotal: 1000 kB\nMemAvailable: 900 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n";
        PressureMonitor monitor(slowPolling(), dir.path());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        QCOMPARE(monitor.source(), PressureMonitor::Source::Polling);
    }

    void withoutTheServiceItPolls()
    {
        PressureMonitor monitor(slowPolling());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        QCOMPARE(monitor.source(), PressureMonitor::Source::Polling);
        QVERIFY2(monitor.sourceDescription().startsWith(
                     QStringLiteral("polling every 600 s (the PSI trigger is off in the policy)")),
            qPrintable(monitor.sourceDescription()));
    }
};

// A private bus as the system bus for the whole test, before anything in Qt connects to one.
static int runLowMemoryMonitorTest(int argc, char **argv)
{
    const PrivateBus bus("DBUS_SYSTEM_BUS_ADDRESS");
    if (!bus.ok())
        return 1;
    QCoreApplication app(argc, argv);
    LowMemoryMonitorTest test;
    return QTest::qExec(&test, argc, argv);
}
PTRIAGE_ROOM_TEST(LowMemoryMonitorTest, runLowMemoryMonitorTest)

#include "tst_low_memory_monitor.moc"
