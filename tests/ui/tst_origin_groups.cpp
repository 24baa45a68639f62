// Groups in the window, over real processes: a fake coding-agent session (a bash "harness" with
// Claude Code's variables in its environment) starts a sleeper, a worker holding memory and a
// server with a client connected from outside the session, and is then killed with SIGKILL: its
// children are adopted by init, their owner is gone. The By origin view shows the session as one
// row with its three members and "ended"; End this group's leftovers… lists every member with its
// own verdict, includes only what the engine's plan ends and shows the server greyed with the
// reason; accepting it ends exactly those, and the server (and its client) still run. A capture of
// /proc with its clock moved forward makes the leftovers hours old, as they would be when found.
// PTRIAGE_TEST_SHOTS=DIR keeps pictures of the view and the confirmation.
#include "acting/ActionDialog.h"
#include "decide/groups/GroupPlan.h"
#include "desk/Desk.h"
#include "support/CaptureTools.h"
#include "support/LoopbackHttp.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/menus/ProcessMenus.h"
#include "window/menus/WindowActions.h"

#include <QAction>
#include <QCheckBox>
#include <QFile>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QUuid>
#include <QtTest>

#include <arpa/inet.h>
#include <csignal>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

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

bool listening(int port)
{
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(static_cast<unsigned short>(port));
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    ::close(fd);
    return ok;
}

} // namespace

class OriginGroupsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void byOriginViewAndTheGroupsEnd()
    {
        Spawner sp;
        QTemporaryDir dir;
        const QString pidFile = dir.filePath(QStringLiteral("pids"));
        const int port = test::freeTcpPort(); // the server binds it itself: the test knows it beforehand
        const std::string session = QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString();
        const std::string script = "echo $$ > '" + pidFile.toStdString() + ".harness'\n" //
            + "sleep 600 & echo $! >> '" + pidFile.toStdString() + "'\n" //
            + "ACTOR_ALLOC_MB=16 '" + sp.actorPath("leftover-worker") + "' & echo $! >> '" + pidFile.toStdString()
            + "'\n" //
            + "ACTOR_LISTEN=" + std::to_string(port) + " '" + sp.actorPath("leftover-server") + "' & echo $! >> '"
            + pidFile.toStdString() + "'\n" //
            + "wait\n";
        const int harness
            = sp.spawnProgram({"bash", "-c", script}, {{"CLAUDECODE", "1"}, {"CLAUDE_CODE_SESSION_ID", session}});
        QVERIFY(harness > 0);
        QTRY_VERIFY_WITH_TIMEOUT(pidsIn(pidFile).size() == 3 && listening(port), 10000);
        const std::vector<int> members = pidsIn(pidFile);
        for (int pid : members)
            sp.adopt(pid); // ended at the end, whatever happens
        const int sleeper = members[0], worker = members[1], server = members[2];
        // A client from outside the session: ending the server would break it.
        const Actor client
            = sp.spawn({"outside-client", {"outside-client"}, {{"ACTOR_CONNECT", std::to_string(port)}}});
        QVERIFY(client.pid > 0);
        QCOMPARE(::kill(harness, SIGKILL), 0); // the session's owner is gone; init adopts its children
        ::waitpid(harness, nullptr, 0);
        QTRY_VERIFY_WITH_TIMEOUT(processState(harness) == '?', 5000);

        CollectOptions collect = longLivedOptions();
        collect.procRoot = capturePair(dir.filePath(QStringLiteral("proc")).toStdString(), 1, 6 * 3600).after;
        TriageOptions triage;
        triage.selfPid = static_cast<int>(::getpid());
        triage.minAgeSeconds = 0;
        Desk desk(defaultModel(), collect, triage, dir.filePath(QStringLiteral("s.sqlite")));
        MainWindow w(desk);
        w.resize(1366, 768);
        w.show();
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.shownResult() && w.shownResult()->snapshot->byPid(server), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 20000);

        // View → By origin: one row for the session, its three members under it, the owner ended.
        w.actions()->originMode->setChecked(true);
        QCOMPARE(modelOf(w)->mode(), ProcessTableModel::Mode::Origin);
        QVERIFY(!w.actions()->treeMode->isChecked());
        const std::string key = "agent:Claude Code:" + session + "@" + std::to_string(::getuid());
        const QModelIndex group = modelOf(w)->indexOfGroup(key);
        QVERIFY(group.isValid());
        QVERIFY(!group.parent().isValid());
        QCOMPARE(modelOf(w)->shown()->rowCount(group), 3); // By origin, the table shows its OriginModel
        const ProcessColumns &columns = modelOf(w)->columns();
        const QString title = group.siblingAtColumn(columns.indexOf(u"command")).data().toString();
        QVERIFY2(title.startsWith(QStringLiteral("The Claude Code session ")), qPrintable(title));
        QVERIFY2(title.contains(QStringLiteral(" · ended")), qPrintable(title));
        const QString why = group.siblingAtColumn(columns.indexOf(u"why")).data().toString();
        QVERIFY2(why.startsWith(QStringLiteral("ended · 3 processes")), qPrintable(why));
        QVERIFY2(why.contains(QString::number(port)), qPrintable(why)); // its ports
        QVERIFY(group.siblingAtColumn(columns.indexOf(u"pid")).data().toString().isEmpty());
        QStringList memberPids;
        for (int row = 0; row < 3; ++row)
            memberPids << modelOf(w)->shown()->index(row, columns.indexOf(u"pid"), group).data().toString();
        memberPids.sort();
        QStringList expected{QString::number(sleeper), QString::number(worker), QString::number(server)};
        expected.sort();
        QCOMPARE(memberPids, expected);

        // The engine's plan, which the confirmation must follow exactly.
        const auto result = desk.current();
        const int g = result->groupOf[static_cast<std::size_t>(indexOfPid(*result, server))];
        const GroupPlan plan = planGroupEnd(*result, g);
        QVERIFY2(plan.end.size() == 2, qPrintable(QString::fromStdString(dump(*result, indexOfPid(*result, worker)))));
        QCOMPARE(plan.leftOut.size(), std::size_t(1));
        QCOMPARE(result->identityOf(plan.leftOut.front().first).pid, server);

        // Its row selected, the group's End is enabled; a member's menu offers it too.
        const QModelIndex shownGroup = filterOf(w)->mapFromSource(group);
        QVERIFY(shownGroup.isValid());
        w.table()->selectionModel()->setCurrentIndex(
            shownGroup, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        QCOMPARE(selectionOf(w)->currentGroup(), g);
        QVERIFY(w.actions()->endGroup->isEnabled());
        QVERIFY(!w.selectedIdentity().isValid()); // a group is no process: the panes show none
        {
            QMenu menu;
            w.findChild<ProcessMenus *>()->fillProcessMenu(&menu, indexOfPid(*w.shownResult(), sleeper));
            bool offered = false;
            for (QAction *a : menu.actions())
                offered = offered || (a->text() == QStringLiteral("End the leftovers of its group…") && a->isEnabled());
            QVERIFY(offered);
        }
        if (!qEnvironmentVariableIsEmpty("PTRIAGE_TEST_SHOTS"))
            w.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/by-origin.png"));

        w.actions()->endGroup->trigger();
        ActionDialog *confirm = nullptr;
        QTRY_VERIFY((confirm = w.findChild<ActionDialog *>()) != nullptr);
        const QTableWidget *t = confirm->targetTable();
        QCOMPARE(t->rowCount(), 3); // every member
        QCOMPARE(confirm->leftOutCount(), 1);
        QCOMPARE(confirm->blockedCount(), 0);
        const ActRequest request = confirm->request();
        QCOMPARE(request.verb, ActVerb::End);
        std::vector<ProcessIdentity> planned;
        for (int i : plan.end)
            planned.push_back(result->identityOf(i));
        QCOMPARE(request.targets, planned); // identities, exactly the plan's
        for (int row = 0; row < t->rowCount(); ++row) {
            const QTableWidgetItem *first = t->item(row, 0);
            const int pid = first->text().section(QLatin1Char(' '), 0, 0).toInt();
            QVERIFY2(first->text().contains(QStringLiteral("started")), qPrintable(first->text()));
            QVERIFY(!(first->flags() & Qt::ItemIsUserCheckable)); // nothing can be ticked or unticked here
            if (pid == server) {
                QCOMPARE(first->checkState(), Qt::Unchecked);
                QVERIFY(!(first->flags() & Qt::ItemIsEnabled)); // greyed
                const QString verdict = t->item(row, 6)->text(); // its own verdict, and why it is left out
                const QString reason = QString::fromStdString(plan.leftOut.front().second.english());
                QVERIFY2(verdict.endsWith(QStringLiteral("left out: ") + reason), qPrintable(verdict));
            } else {
                QVERIFY(pid == sleeper || pid == worker);
                QCOMPARE(first->checkState(), Qt::Checked);
                QCOMPARE(t->item(row, 6)->text(), QStringLiteral("kill"));
            }
        }
        if (!qEnvironmentVariableIsEmpty("PTRIAGE_TEST_SHOTS"))
            confirm->grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/group-end.png"));

        // Accepted: exactly the plan's members end; the server and its client still run.
        if (confirm->needsSecondConfirmation())
            confirm->secondConfirmation()->setChecked(true);
        QVERIFY(confirm->actButton()->isEnabled());
        QCOMPARE(confirm->actButton()->text(), QStringLiteral("End 2 processes"));
        confirm->actButton()->click();
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(sleeper) && hasEnded(worker), 20000);
        QMessageBox *outcome = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT(
            (outcome = w.findChild<QMessageBox *>(QStringLiteral("actionOutcome"))) != nullptr, 20000);
        QVERIFY2(outcome->text().startsWith(QStringLiteral("2 of 2 done")), qPrintable(outcome->text()));
        QVERIFY(!hasEnded(server));
        QVERIFY(!hasEnded(client.pid));
        outcome->close();
    }
};

PTRIAGE_ROOM_MAIN(OriginGroupsTest)
#include "tst_origin_groups.moc"
