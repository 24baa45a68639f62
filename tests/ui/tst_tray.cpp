// The tray against real D-Bus services on a private session bus (tests/support/fake_desktop.py: a
// notification server that records Notify calls, a StatusNotifier watcher that records the tray
// items and reads their properties), in a real X server (xvfb-run; the offscreen platform has no
// tray). Memory states replay from a captured /proc whose meminfo and pressure files the test
// writes: critical → one notification (critical urgency, our desktop-entry, Show / Free memory…,
// the culprits named), replaced rather than stacked, rate-limited; "Show" opens the window filtered
// to the culprits; another application's notification ids are ignored. A tray host that starts
// after ptriage still gets the icon (Qt 6.4 asks once per process, so that case runs first).
#include "act/ActionRules.h"
#include "acting/ActionDialog.h"
#include "collect/Collector.h"
#include "desk/Desk.h"
#include "pressure/PressureMonitor.h"
#include "support/CaptureTools.h"
#include "support/FakeDesktop.h"
#include "support/PrivateBus.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessFilterModel.h"
#include "tray/DesktopServices.h"
#include "tray/NotificationClient.h"
#include "tray/TrayController.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/WindowOnDemand.h"

#include <QDBusConnection>
#include <QDBusMessage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QProcess>
#include <QSystemTrayIcon>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

FakeDesktop fakeDesktop(const QStringList &args)
{
    return {QDBusConnection::sessionBus(), qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"), args};
}

void writeMemory(const QString &root, std::uint64_t totalKb, std::uint64_t availableKb, double someAvg10)
{
    std::ofstream(root.toStdString() + "/meminfo", std::ios::trunc)
        << "MemTotal:       " << totalKb << " kB\nMemFree:        " << availableKb / 2
        << " kB\nMemAvailable:   " << availableKb << " kB\nSwapTotal:             0 kB\nSwapFree:              0 kB\n";
    std::ofstream(root.toStdString() + "/pressure/memory", std::ios::trunc)
        << "some avg10=" << someAvg10 << " avg60=1.00 avg300=0.50 total=123456\n"
        << "full avg10=" << someAvg10 / 2 << " avg60=0.50 avg300=0.20 total=65432\n";
}

PressureThresholds fastThresholds()
{
    PressureThresholds t;
    t.readingsToEnter = 1;
    t.readingsToLeave = 1;
    t.intervalMs = 200;
    return t;
}

// A top-level widget of that type (a dialog opened over no window).
template<typename T> T *findTopLevel()
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *t = qobject_cast<T *>(w); t && t->isVisible())
            return t;
    return nullptr;
}

} // namespace

class TrayTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QDBusConnection::sessionBus().isConnected(), "no private session bus");
    }

    // First in this process: Qt must not have asked about a tray before the host exists.
    void aTrayHostThatStartsLaterStillGetsTheIcon()
    {
        FakeDesktop desktop = fakeDesktop({QStringLiteral("--watcher"), QStringLiteral("later")});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        QTemporaryDir dir;
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        WindowOnDemand windows(desk);
        PressureMonitor monitor(fastThresholds());
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        const DesktopServices services = makeDesktopServices();
        TrayController tray(desk, monitor, *services.trayIcon, *services.notifier, 300);
        connect(&tray, &TrayController::windowRequested, &windows, &WindowOnDemand::showOnly);
        tray.start();
        QVERIFY(!tray.hasIcon());
        QVERIFY2(tray.status().contains(QStringLiteral("notifications only")), qPrintable(tray.status()));
        desktop.control(QStringLiteral("StartWatcher"));
        QTRY_VERIFY_WITH_TIMEOUT(tray.hasIcon(), 10000);
        QVERIFY(desktop.waitFor(QStringLiteral("item_registered")));
        QVERIFY(desktop.waitFor(QStringLiteral("item_properties")));
        const QJsonObject props
            = desktop.events(QStringLiteral("item_properties")).first().value(QStringLiteral("properties")).toObject();
        QVERIFY2(props.contains(QStringLiteral("Menu")), QJsonDocument(props).toJson().constData());
    }

    void criticalMemoryNotifiesWithTheCulpritsOnce()
    {
        FakeDesktop desktop = fakeDesktop({});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        // A captured /proc with a real idle orphan in it, left for hours (the capture's clock moved
        // forward), whose memory files say: 4 % available. Only the orphan and this test's line are
        // kept: the alert must name it, not whatever else a busy machine runs.
        Spawner spawner;
        const Actor worker = spawner.spawn(
            {"ptriage-hog", {"ptriage-hog", "--serve"}, {{"ACTOR_ALLOC_MB", "96"}}, Parenting::OrphanNoSession});
        QVERIFY(worker.pid > 0);
        QTemporaryDir dir;
        const CapturePair pair = capturePair(dir.filePath(QStringLiteral("proc")).toStdString(), 1, 6 * 3600);
        keepOnly(pair, {worker.pid});
        const QString root = QString::fromStdString(pair.after);
        writeMemory(root, 16'000'000, 640'000, 45);

        CollectOptions collect = longLivedOptions();
        collect.procRoot = root.toStdString();
        Desk desk(defaultModel(), collect, youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        WindowOnDemand windows(desk);
        PressureMonitor monitor(fastThresholds(), root);
        QString monitorError;
        QVERIFY2(monitor.start(&monitorError), qPrintable(monitorError));
        const DesktopServices services = makeDesktopServices();
        TrayController tray(desk, monitor, *services.trayIcon, *services.notifier, 300);
        connect(&tray, &TrayController::windowRequested, &windows, &WindowOnDemand::showOnly);
        desk.setCadence(Desk::Cadence::Background);
        desk.start();
        tray.start();
        QTRY_VERIFY_WITH_TIMEOUT(tray.hasIcon(), 10000);
        QVERIFY(desktop.waitFor(QStringLiteral("notify")));
        const QJsonObject n = desktop.events(QStringLiteral("notify")).first();
        QCOMPARE(n.value(QStringLiteral("summary")).toString(), QStringLiteral("Memory is almost exhausted"));
        // How much the relief plan frees of what is needed to get back above the warning threshold.
        const QString body = n.value(QStringLiteral("body")).toString();
        QVERIFY2(body.contains(QStringLiteral("available of")), qPrintable(body));
        const QRegularExpression plan(QStringLiteral(
            "(Free memory… would free .+ of the .+ needed, ending .+\\.|Free memory… can safely free only .+ of the "
            ".+ needed, ending .+\\.|Nothing here is safe to end to free the .+ needed\\.)$"));
        QVERIFY2(plan.match(body).hasMatch(), qPrintable(body));
        qInfo("notification: %s", qPrintable(body));
        QVERIFY2(body.contains(QStringLiteral("ending ptriage-hog")), qPrintable(body)); // the idle orphan
        const QJsonObject hints = n.value(QStringLiteral("hints")).toObject();
        QCOMPARE(hints.value(QStringLiteral("urgency")).toInt(), 2);
        QCOMPARE(hints.value(QStringLiteral("desktop-entry")).toString(), QStringLiteral("org.ptriage.ptriage"));
        // Key, label, key, label: the keys are the notifier's own (KNotification numbers them).
        const QStringList actions = n.value(QStringLiteral("actions")).toVariant().toStringList();
        QCOMPARE(actions.size(), 4);
        QCOMPARE(QStringList({actions[1], actions[3]}),
            QStringList({QStringLiteral("Show"), QStringLiteral("Free memory…")}));
        const QString showKey = actions[0];
        QVERIFY(!tray.culprits().empty());
        QVERIFY(tray.icon().toolTip().contains(QStringLiteral("Memory:")));

        // Another application's notification: not ours, nothing happens.
        QVERIFY(!windows.existingWindow()); // the tray alone, until a person asks for the window
        desktop.control(QStringLiteral("Invoke"), {QVariant::fromValue(uint(4242)), showKey});
        QTest::qWait(500);
        QVERIFY(!windows.existingWindow());
        // Ours: the window opens with only the culprits.
        const uint id = static_cast<uint>(n.value(QStringLiteral("id")).toInt());
        desktop.control(QStringLiteral("Invoke"), {QVariant::fromValue(id), showKey});
        QTRY_VERIFY_WITH_TIMEOUT(windows.windowVisible(), 5000);
        QCOMPARE(filterOf(*windows.existingWindow())->only().size(), static_cast<qsizetype>(tray.culprits().size()));
        // Closing it keeps ptriage in the tray.
        windows.existingWindow()->close();
        QVERIFY(!windows.windowVisible());

        // Back to normal, then critical again within the repeat time: no second notification.
        writeMemory(root, 16'000'000, 12'000'000, 0);
        QTRY_VERIFY_WITH_TIMEOUT(monitor.level() == PressureLevel::Normal, 5000);
        writeMemory(root, 16'000'000, 640'000, 45);
        QTRY_VERIFY_WITH_TIMEOUT(monitor.level() == PressureLevel::Critical, 5000);
        QTest::qWait(1500);
        QCOMPARE(desktop.events(QStringLiteral("notify")).size(), 1);

        // The menu: open, the culprits with their recommendation, Free memory…, pause, quit.
        QMenu *menu = tray.menu();
        QMetaObject::invokeMethod(menu, "aboutToShow");
        QStringList texts;
        for (QAction *a : menu->actions())
            texts << a->text();
        QVERIFY2(texts.contains(QStringLiteral("Free memory…")) && texts.contains(QStringLiteral("Quit"))
                && texts.contains(QStringLiteral("Pause alerts for 1 hour")),
            qPrintable(texts.join(QLatin1Char('|'))));

        // A culprit can be ended from the tray, with no window: the usual confirmation, nothing done
        // when it is cancelled.
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000);
        QMenu *hog = nullptr;
        for (QAction *a : menu->actions())
            if (a->menu() && a->text().startsWith(QStringLiteral("ptriage-hog")))
                hog = a->menu();
        QVERIFY2(hog, qPrintable(texts.join(QLatin1Char('|'))));
        // Its actions are the engine's offer for it (ActionRules), as the window's menu and explain have it.
        QStringList offered, shown;
        const auto current = desk.current();
        const ProcessIdentity hogId = current->snapshot->byPid(worker.pid)->id;
        for (const OfferedAction &o : offeredActions(*current->find(hogId), actedOn(desk.undoable(), hogId, Machine())))
            offered << ActionDialog::verbLabel(o.verb) + QStringLiteral("…");
        QAction *end = nullptr;
        for (QAction *a : hog->actions()) {
            if (!a->isSeparator() && a->text() != QStringLiteral("Show in ptriage"))
                shown << a->text();
            if (a->text() == QStringLiteral("End (TERM, then KILL)…"))
                end = a;
        }
        QCOMPARE(shown, offered);
        QVERIFY(end && end->isEnabled());
        end->trigger();
        ActionDialog *confirm = nullptr;
        QTRY_VERIFY((confirm = findTopLevel<ActionDialog>()) != nullptr);
        QCOMPARE(confirm->request().targets.size(), std::size_t{1});
        QCOMPARE(confirm->request().targets.front().pid, worker.pid);
        QVERIFY(!confirm->parentWidget()); // over no window: the tray acts without one
        confirm->reject();
        QTest::qWait(300);
        QVERIFY(!hasEnded(worker.pid));
    }

    // Where the memory is the leftovers of an agent session whose owner is gone, the alert names the
    // session once, with how many processes it left and their memory; "Show" lists all of them.
    void theAlertNamesAGroupThatIsTheCulprit()
    {
        FakeDesktop desktop = fakeDesktop({});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        Spawner spawner;
        const std::vector<std::pair<std::string, std::string>> agent{
            {"CLAUDECODE", "1"}, {"CLAUDE_CODE_SESSION_ID", "7a11e000-0000-4000-8000-00000000c0de"}};
        std::vector<int> pids;
        for (const char *name : {"leftover-hog-a", "leftover-hog-b"}) {
            auto env = agent;
            env.emplace_back("ACTOR_ALLOC_MB", "64");
            pids.push_back(spawner.spawn({name, {name}, env, Parenting::OrphanNoSession}).pid);
            QVERIFY(pids.back() > 0);
        }
        QTemporaryDir dir;
        const QString root = QString::fromStdString(
            capturePair(dir.filePath(QStringLiteral("proc")).toStdString(), 1, 6 * 3600).after);
        writeMemory(root, 16'000'000, 640'000, 45);
        CollectOptions collect = longLivedOptions();
        collect.procRoot = root.toStdString();
        Desk desk(defaultModel(), collect, youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        PressureMonitor monitor(fastThresholds(), root);
        QString monitorError;
        QVERIFY2(monitor.start(&monitorError), qPrintable(monitorError));
        const DesktopServices services = makeDesktopServices();
        TrayController tray(desk, monitor, *services.trayIcon, *services.notifier, 300);
        desk.setCadence(Desk::Cadence::Background);
        desk.start();
        tray.start();
        QVERIFY(desktop.waitFor(QStringLiteral("notify")));
        const QString body = desktop.events(QStringLiteral("notify")).first().value(QStringLiteral("body")).toString();
        qInfo("notification: %s", qPrintable(body));
        const QRegularExpression named(
            QStringLiteral("Your ended Claude Code session (in \\S+ )?left 2 processes, ([0-9.]+) MiB\\."));
        QVERIFY2(named.match(body).hasMatch(), qPrintable(body));
        // Ours hold 2 × 64 MiB; a small group another test left on the machine at the same time is not ours.
        auto matches = named.globalMatch(body);
        int times = 0;
        while (matches.hasNext())
            times += matches.next().captured(2).toDouble() >= 100 ? 1 : 0;
        QVERIFY2(times == 1, qPrintable(body)); // once, not per process
        QVERIFY2(!body.contains(QStringLiteral("leftover-hog-a (")), qPrintable(body)); // not also by name
        const std::vector<ProcessIdentity> culprits = tray.culprits();
        for (int pid : pids)
            QVERIFY(std::any_of(
                culprits.begin(), culprits.end(), [pid](const ProcessIdentity &id) { return id.pid == pid; }));
    }

    // Whichever notifier this build has (tray/DesktopServices.h): one of ours at a time.
    // The desktop answers each Notify 400 ms late (a loaded machine): the second alert comes while the
    // first one's id is still unknown to us.
    void aNewAlertReplacesOurOwnNotification()
    {
        FakeDesktop desktop = fakeDesktop({QStringLiteral("--notify-reply-delay"), QStringLiteral("400")});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        const DesktopServices services = makeDesktopServices();
        QSignalSpy ready(services.notifier.get(), &Notifier::ready);
        services.notifier->start();
        QTRY_COMPARE(ready.size(), 1);
        services.notifier->show(QStringLiteral("one"), QStringLiteral("body"), false, {});
        QTRY_COMPARE(desktop.events(QStringLiteral("notify")).size(), 1);
        services.notifier->show(QStringLiteral("two"), QStringLiteral("body"), true, {});
        QTRY_COMPARE(desktop.events(QStringLiteral("notify")).size(), 2);
        const auto notes = desktop.events(QStringLiteral("notify"));
        const int first = notes[0].value(QStringLiteral("id")).toInt();
        // Replaced in place (our client) or closed before the new one (KNotification): never two.
        const bool replaced = notes[1].value(QStringLiteral("replaces_id")).toInt() == first;
        const auto closes = desktop.events(QStringLiteral("close"));
        const bool closed = std::any_of(closes.begin(), closes.end(),
            [first](const QJsonObject &c) { return c.value(QStringLiteral("id")).toInt() == first; });
        QVERIFY2(replaced || closed, "the first notification is still shown beside the second");
        QCOMPARE(notes[0].value(QStringLiteral("hints")).toObject().value(QStringLiteral("urgency")).toInt(), 1);
        QCOMPARE(notes[1].value(QStringLiteral("hints")).toObject().value(QStringLiteral("urgency")).toInt(), 2);
        QCOMPARE(notes[1].value(QStringLiteral("hints")).toObject().value(QStringLiteral("desktop-entry")).toString(),
            QStringLiteral("org.ptriage.ptriage"));
    }

    // A process names itself: the desktop's server reads markup (they all do; so does the fake one),
    // and a name arrives escaped, never as markup.
    void whatAProcessWroteIsNeverMarkup()
    {
        FakeDesktop desktop = fakeDesktop({});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        const DesktopServices services = makeDesktopServices();
        QSignalSpy ready(services.notifier.get(), &Notifier::ready);
        services.notifier->start();
        QTRY_COMPARE(ready.size(), 1);
        services.notifier->show(
            QStringLiteral("Memory is running low"), QStringLiteral("ending <b>x</b> & <a href=y>z</a>"), false, {});
        QVERIFY(desktop.waitFor(QStringLiteral("notify")));
        QCOMPARE(desktop.events(QStringLiteral("notify")).first().value(QStringLiteral("body")).toString(),
            QStringLiteral("ending &lt;b&gt;x&lt;/b&gt; &amp; &lt;a href=y&gt;z&lt;/a&gt;"));
    }

    // Our own client, where a server reads no markup: the text as written.
    void ourClientSendsTextAsWrittenWhereTheServerReadsNoMarkup()
    {
        FakeDesktop desktop = fakeDesktop({QStringLiteral("--capabilities"), QStringLiteral("actions,body")});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        NotificationClient client;
        QSignalSpy ready(&client, &Notifier::ready);
        client.start();
        QTRY_COMPARE(ready.size(), 1);
        client.show(QStringLiteral("Memory is running low"), QStringLiteral("ending <b>x</b> & y"), false, {});
        QVERIFY(desktop.waitFor(QStringLiteral("notify")));
        QCOMPARE(desktop.events(QStringLiteral("notify")).first().value(QStringLiteral("body")).toString(),
            QStringLiteral("ending <b>x</b> & y"));
    }

    // Alerts one right after another (warning, then critical): the later ones wait for the server's
    // id of the first and replace it; of those that came meanwhile only the latest is sent.
    void alertsInQuickSuccessionStillShowOne()
    {
        FakeDesktop desktop = fakeDesktop({});
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        NotificationClient client;
        QSignalSpy ready(&client, &Notifier::ready);
        client.start();
        QTRY_COMPARE(ready.size(), 1);
        client.show(QStringLiteral("one"), QStringLiteral("body"), false, {});
        client.show(QStringLiteral("two"), QStringLiteral("body"), false, {}); // before the server answered
        client.show(QStringLiteral("three"), QStringLiteral("body"), true, {});
        QTRY_COMPARE(desktop.events(QStringLiteral("notify")).size(), 2);
        QTest::qWait(300); // nothing more comes
        const auto notes = desktop.events(QStringLiteral("notify"));
        QCOMPARE(notes.size(), 2);
        QCOMPARE(notes[1].value(QStringLiteral("summary")).toString(), QStringLiteral("three"));
        QCOMPARE(notes[1].value(QStringLiteral("replaces_id")).toInt(), notes[0].value(QStringLiteral("id")).toInt());
    }
};

// A private session bus for the whole test, before anything in Qt connects to one.
static int runTrayTest(int argc, char **argv)
{
    const PrivateBus bus("DBUS_SESSION_BUS_ADDRESS");
    if (!bus.ok())
        return 1;
    qunsetenv("XDG_CURRENT_DESKTOP"); // the generic theme: the StatusNotifier tray
    QApplication app(argc, argv);
    TrayTest test;
    return QTest::qExec(&test, argc, argv);
}
PTRIAGE_ROOM_TEST(TrayTest, runTrayTest)

#include "tst_tray.moc"
