// Ended-session alerts from the tray, with real programs on a private session bus
// (tests/support/fake_desktop.py records what the desktop is sent and invokes actions), under Xvfb.
// Two stand-in Claude Code sessions (bash scripts that give their tools the variables Claude Code sets:
// CLAUDECODE, CLAUDE_CODE_ENTRYPOINT, CLAUDE_CODE_SESSION_ID), each in a git work tree of its own
// (`billing`, `ledger`), start a real MCP server from npm (mcp-server-memory, under node, on a pipe);
// the billing session also starts a dev server (python3 -m http.server) in the background, which
// inherits the pipe to the MCP server, as a backgrounded job does. The billing session is then
// SIGKILLed: its MCP server and dev server stay. The tray names it in exactly one notification (the
// tool, the project, how many processes and what they hold, the dev server's port), never twice, and
// never names the live ledger session (nor, once alerts are paused, after it ended too); Show opens the window By
// origin on the group; End them opens the usual confirmation listing the group, and confirming it ends exactly the
// plan's members. The grace period comes from the policy (a few seconds here); the npm tools from the scenario suite's
// cache
// (`PTRIAGE_NPM_CACHE`, filled by the test_scenario_npm_tools fixture).
// PTRIAGE_TEST_SHOTS=DIR keeps a picture of the confirmation and of the window.
#include "acting/ActionDialog.h"
#include "decide/groups/GroupPlan.h"
#include "desk/Desk.h"
#include "look/UiText.h"
#include "pressure/PressureMonitor.h"
#include "support/AcceptingListener.h"
#include "support/CaptureTools.h"
#include "support/FakeDesktop.h"
#include "support/LoopbackHttp.h"
#include "support/NpmTools.h"
#include "support/PrivateBus.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "tray/DesktopServices.h"
#include "tray/EndedSessionAlerts.h"
#include "tray/TrayController.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/WindowOnDemand.h"

#include <QCheckBox>
#include <QDBusConnection>
#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUuid>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QString npmBin(const QString &tool)
{
    return QString::fromStdString(npmModules()) + QStringLiteral("/.bin/") + tool;
}

std::vector<int> pidsIn(const QString &path)
{
    QFile f(path);
    std::vector<int> pids;
    if (!f.open(QIODevice::ReadOnly))
        return pids;
    for (const QByteArray &line : f.readAll().split('\n'))
        if (line.toInt() > 0)
            pids.push_back(line.toInt());
    return pids;
}

// A coding agent's stand-in, as Claude Code runs its tools: the variables only in its tools'
// environment (never in its own), an MCP server on a pipe the agent writes to, and (with a port) a
// dev server started in the background, which inherits that pipe. Writes the agent's pid, then the
// MCP server's and the dev server's, one a line, to PIDS; then waits for its jobs.
std::string agentScript(const QString &project, const QString &pids, const QString &memoryFile, int port)
{
    std::string s = "cd '" + project.toStdString() + "' || exit 1\n"
        + "export CLAUDECODE=1 CLAUDE_CODE_ENTRYPOINT=cli CLAUDE_CODE_SESSION_ID=\"$SID\"\n"
        + "export MEMORY_FILE_PATH='" + memoryFile.toStdString() + "'\n" //
        + "exec 3> >(exec '" + npmBin(QStringLiteral("mcp-server-memory")).toStdString() + "' 2>/dev/null)\n"
        + "mcp=$!\n";
    if (port > 0)
        s += "python3 -m http.server " + std::to_string(port) + " --bind 127.0.0.1 >/dev/null 2>&1 &\n" //
            + "server=$!\n";
    s += "printf '%s\\n' $$ $mcp $server > '" + pids.toStdString() + ".tmp'\n" //
        + "mv '" + pids.toStdString() + ".tmp' '" + pids.toStdString() + "'\n" //
        + "while :; do wait; sleep 1; done\n";
    return s;
}

bool gitInit(const QString &path)
{
    return QDir().mkpath(path)
        && QProcess::execute(QStringLiteral("git"), {QStringLiteral("init"), QStringLiteral("-q"), path}) == 0;
}

FakeDesktop fakeDesktop()
{
    return {QDBusConnection::sessionBus(), qEnvironmentVariable("DBUS_SESSION_BUS_ADDRESS"), {}};
}

template<typename T> T *findTopLevel()
{
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *t = qobject_cast<T *>(w); t && t->isVisible())
            return t;
    return nullptr;
}

// The ended-session notifications the desktop was sent.
QList<QJsonObject> endedAlerts(FakeDesktop &desktop)
{
    QList<QJsonObject> out;
    for (const QJsonObject &n : desktop.events(QStringLiteral("notify")))
        if (n.value(QStringLiteral("summary")).toString() == EndedSessionAlerts::summaryText())
            out << n;
    return out;
}

// The alerts that name `project`. Another test's session that ends meanwhile is alerted too (rightly:
// it is on this machine); `dismissOthers` answers those with Not now, so the next alert shows.
QList<QJsonObject> alertsNaming(FakeDesktop &desktop, const QString &project)
{
    QList<QJsonObject> out;
    for (const QJsonObject &n : endedAlerts(desktop))
        if (n.value(QStringLiteral("body")).toString().contains(QStringLiteral(" in ") + project + QLatin1Char(' ')))
            out << n;
    return out;
}

void dismissOthers(FakeDesktop &desktop, const QStringList &ours, QSet<int> &dismissed)
{
    for (const QJsonObject &n : endedAlerts(desktop)) {
        const QString body = n.value(QStringLiteral("body")).toString();
        const int id = n.value(QStringLiteral("id")).toInt();
        const bool mine = std::any_of(ours.begin(), ours.end(),
            [&](const QString &p) { return body.contains(QStringLiteral(" in ") + p + QLatin1Char(' ')); });
        const QStringList actions = n.value(QStringLiteral("actions")).toVariant().toStringList();
        if (mine || dismissed.contains(id) || actions.size() < 6)
            continue;
        dismissed.insert(id);
        desktop.control(QStringLiteral("Invoke"), {QVariant::fromValue(static_cast<uint>(id)), actions[4]});
    }
}

// What the ended session's group is in the Desk's current result, by one of its members.
int groupOfPid(const TriageResult &r, int pid)
{
    const int i = indexOfPid(r, pid);
    return i < 0 ? -1 : r.groupOf[static_cast<std::size_t>(i)];
}

} // namespace

class TrayEndedSessionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(QDBusConnection::sessionBus().isConnected(), "no private session bus");
        QVERIFY2(QFile::exists(npmBin(QStringLiteral("mcp-server-memory"))),
            "no mcp-server-memory in the npm cache: run tests/scenarios/npm-tools.sh (ctest's scenario_npm_tools)");
    }

    void anEndedAgentSessionIsNamedOnceAndEndThemEndsItsPlan()
    {
        FakeDesktop desktop = fakeDesktop();
        QVERIFY(desktop.waitFor(QStringLiteral("ready")));
        QTemporaryDir dir;
        const QString billing = dir.filePath(QStringLiteral("work/billing"));
        const QString ledger = dir.filePath(QStringLiteral("work/ledger"));
        QVERIFY(gitInit(billing) && gitInit(ledger));
        Spawner sp;
        const int port = freeTcpPort(), livePort = freeTcpPort();
        const std::string endedId = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
        const std::string liveId = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
        const QString endedPids = dir.filePath(QStringLiteral("ended.pids"));
        const QString livePids = dir.filePath(QStringLiteral("live.pids"));
        const int endedAgent = sp.spawnProgram(
            {"/bin/bash", "-c", agentScript(billing, endedPids, dir.filePath(QStringLiteral("m1.json")), port)},
            {{"SID", endedId}});
        const int liveAgent = sp.spawnProgram(
            {"/bin/bash", "-c", agentScript(ledger, livePids, dir.filePath(QStringLiteral("m2.json")), livePort)},
            {{"SID", liveId}});
        QVERIFY(endedAgent > 0 && liveAgent > 0);
        QTRY_VERIFY_WITH_TIMEOUT(pidsIn(endedPids).size() == 3 && pidsIn(livePids).size() == 3, 15000);
        const int endedMcp = pidsIn(endedPids)[1], devServer = pidsIn(endedPids)[2];
        const int liveMcp = pidsIn(livePids)[1], liveServer = pidsIn(livePids)[2];
        for (int pid : {endedMcp, devServer, liveMcp, liveServer})
            sp.adopt(pid); // ended at the end, whatever happens
        QTRY_VERIFY_WITH_TIMEOUT(tcpListening(port) && tcpListening(livePort), 15000);

        // The tray as `ptriage --tray` has it, with a grace period of 2 s from the policy.
        TriageConfig config = defaultModel();
        config.policy.endedSessions.graceSeconds = 2;
        Desk desk(config, longLivedOptions(), youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        WindowOnDemand windows(desk);
        PressureMonitor monitor(config.policy.pressure);
        QString error;
        QVERIFY2(monitor.start(&error), qPrintable(error));
        const DesktopServices services = makeDesktopServices();
        TrayController tray(desk, monitor, *services.trayIcon, *services.notifier, 300);
        EndedSessionAlerts &alerts = tray.alertEndedSessions(*services.sessionNotifier);
        connect(&alerts, &EndedSessionAlerts::groupRequested, &windows, &WindowOnDemand::showGroup);
        desk.setCadence(Desk::Cadence::Background);
        desk.setBackgroundIntervalMs(1000);
        desk.start();
        tray.start();

        // Both sessions seen alive first: their owners are the agents.
        const auto ownerOf = [&desk](int pid) {
            const auto r = desk.current();
            const int i = r ? indexOfPid(*r, pid) : -1;
            return i < 0 ? origins::OwnerState::Unknown : r->process(i).origin().owner;
        };
        QTRY_VERIFY_WITH_TIMEOUT(ownerOf(endedMcp) == origins::OwnerState::Alive
                && ownerOf(devServer) == origins::OwnerState::Alive && ownerOf(liveMcp) == origins::OwnerState::Alive,
            20000);
        QVERIFY(alertsNaming(desktop, QStringLiteral("billing")).isEmpty());
        QVERIFY(alertsNaming(desktop, QStringLiteral("ledger")).isEmpty());
        QSet<int> dismissed;
        const QStringList ours{QStringLiteral("billing"), QStringLiteral("ledger")};

        // The billing session's agent is killed; its MCP server and dev server stay (init adopts them).
        QCOMPARE(::kill(endedAgent, SIGKILL), 0);
        ::waitpid(endedAgent, nullptr, 0);
        QTest::qWait(1000);
        QVERIFY(!hasEnded(endedMcp) && !hasEnded(devServer));

        // One notification, naming the session, its project and what it left.
        // (Its leftovers' verdicts settle first: a verdict towards ending is held for a while.)
        QTRY_VERIFY2_WITH_TIMEOUT(
            (dismissOthers(desktop, ours, dismissed), !alertsNaming(desktop, QStringLiteral("billing")).isEmpty()),
            qPrintable(QString::fromStdString(
                desk.current() ? dump(*desk.current(), indexOfPid(*desk.current(), endedMcp)) : std::string())),
            120000);
        const QJsonObject n = alertsNaming(desktop, QStringLiteral("billing")).first();
        const QString body = n.value(QStringLiteral("body")).toString();
        qInfo("notification: %s — %s", qPrintable(n.value(QStringLiteral("summary")).toString()), qPrintable(body));
        const QRegularExpression said(
            QStringLiteral("^Claude Code session in billing ended .+ ago and left (\\d+) processes \\((.+)\\)\\. End "
                           "them would end (.+)\\.$"));
        const QRegularExpressionMatch m = said.match(body);
        QVERIFY2(m.hasMatch(), qPrintable(body));
        QVERIFY2(m.captured(2).contains(QStringLiteral(":%1").arg(port)), qPrintable(body)); // the dev server's port
        QVERIFY(!body.contains(QStringLiteral("ledger")));
        // Its figures are the By-origin view's: summarizeGroup of the group, planGroupEnd for End.
        auto result = desk.current();
        const int g = groupOfPid(*result, endedMcp);
        QVERIFY(g >= 0);
        QCOMPARE(groupOfPid(*result, devServer), g);
        QCOMPARE(m.captured(1).toInt(), summarizeGroup(*result, g).members);
        const std::string key = result->group(g).key;
        QCOMPARE(alerts.shownKey(), key);
        const QStringList actions = n.value(QStringLiteral("actions")).toVariant().toStringList();
        QCOMPARE(actions.size(), 6);
        QCOMPARE(QStringList({actions[1], actions[3], actions[5]}),
            QStringList({QStringLiteral("End them"), QStringLiteral("Show"), QStringLiteral("Not now")}));

        // Never twice for one group; the live session's processes never appear.
        QTest::qWait(3000);
        QCOMPARE(alertsNaming(desktop, QStringLiteral("billing")).size(), 1);
        for (const QJsonObject &other : desktop.events(QStringLiteral("notify")))
            QVERIFY(!other.value(QStringLiteral("body")).toString().contains(QStringLiteral("ledger")));

        // Show: the window By origin, with only the group's members.
        const uint id = static_cast<uint>(n.value(QStringLiteral("id")).toInt());
        desktop.control(QStringLiteral("Invoke"), {QVariant::fromValue(id), actions[2]});
        QTRY_VERIFY_WITH_TIMEOUT(windows.windowVisible(), 10000);
        MainWindow &w = *windows.existingWindow();
        QCOMPARE(modelOf(w)->mode(), ProcessTableModel::Mode::Origin);
        QCOMPARE(filterOf(w)->only().size(), static_cast<qsizetype>(result->group(g).members.size()));
        QTRY_VERIFY_WITH_TIMEOUT(modelOf(w)->indexOfGroup(key).isValid(), 10000);
        if (!qEnvironmentVariableIsEmpty("PTRIAGE_TEST_SHOTS"))
            w.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/ended-session-window.png"));
        w.close();

        // End them: the usual confirmation, over no window, listing the group; the plan's members ticked.
        desktop.control(QStringLiteral("Invoke"), {QVariant::fromValue(id), actions[0]});
        ActionDialog *confirm = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((confirm = findTopLevel<ActionDialog>()) != nullptr, 10000);
        QVERIFY(!confirm->parentWidget());
        result = desk.current();
        const GroupPlan plan = planGroupEnd(*result, result->findGroup(key));
        std::vector<ProcessIdentity> planned;
        for (int i : plan.end)
            planned.push_back(result->identityOf(i));
        QVERIFY(!planned.empty());
        QCOMPARE(confirm->request().targets, planned);
        QCOMPARE(
            confirm->targetTable()->rowCount(), static_cast<int>(result->group(result->findGroup(key)).members.size()));
        if (!qEnvironmentVariableIsEmpty("PTRIAGE_TEST_SHOTS"))
            confirm->grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/ended-session-end.png"));
        if (confirm->needsSecondConfirmation())
            confirm->secondConfirmation()->setChecked(true);
        QVERIFY(confirm->actButton()->isEnabled());
        confirm->actButton()->click();
        for (const ProcessIdentity &target : planned)
            QTRY_VERIFY_WITH_TIMEOUT(hasEnded(target.pid), 20000);
        for (const auto &[i, why] : plan.leftOut)
            QVERIFY2(!hasEnded(result->identityOf(i).pid), qPrintable(qs(why)));
        // The live session runs on, untouched, and was never named.
        QVERIFY(!hasEnded(liveAgent) && !hasEnded(liveMcp));
        QTest::qWait(2500);
        QCOMPARE(alertsNaming(desktop, QStringLiteral("billing")).size(), 1);

        // While alerts are paused, a session that ends stays quiet, and is not named once they resume.
        tray.pauseAlerts(3600);
        QCOMPARE(::kill(liveAgent, SIGKILL), 0);
        ::waitpid(liveAgent, nullptr, 0);
        const auto ledgerDue = [&desk, liveServer] {
            const auto r = desk.current();
            const int ledgerGroup = r ? groupOfPid(*r, liveServer) : -1;
            return ledgerGroup >= 0 && endedSession(*r, ledgerGroup, desk.config().policy.endedSessions).has_value();
        };
        QTRY_VERIFY_WITH_TIMEOUT(ledgerDue(), 120000); // it would be named now, were alerts not paused
        QTest::qWait(2500);
        tray.pauseAlerts(0);
        QTest::qWait(3000);
        QCOMPARE(alertsNaming(desktop, QStringLiteral("billing")).size(), 1);
        for (const QJsonObject &other : desktop.events(QStringLiteral("notify")))
            QVERIFY(!other.value(QStringLiteral("body")).toString().contains(QStringLiteral("ledger")));
    }
};

// A private session bus for the whole test, before anything in Qt connects to one.
static int runTrayEndedTest(int argc, char **argv)
{
    const PrivateBus bus("DBUS_SESSION_BUS_ADDRESS");
    if (!bus.ok())
        return 1;
    qunsetenv("XDG_CURRENT_DESKTOP");
    QApplication app(argc, argv);
    TrayEndedSessionsTest test;
    return QTest::qExec(&test, argc, argv);
}
PTRIAGE_ROOM_TEST(TrayEndedSessionsTest, runTrayEndedTest)

#include "tst_tray_ended.moc"
