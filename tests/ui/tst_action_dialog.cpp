// The confirmation before acting, on real processes: every target with its blast radius; hard
// blocks left alone and not overridable; Cancel is the default; a high risk needs a second,
// explicit confirmation.
#include "acting/ActionDialog.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QCheckBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScopeGuard>
#include <QSpinBox>
#include <QTableWidget>
#include <QThread>
#include <QtTest>

#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QString cellText(const QTableWidget *t, int row, int column)
{
    return t->item(row, column) ? t->item(row, column)->text() : QString();
}

} // namespace

class ActionDialogTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsTargetsAndLeavesHardBlocksAlone()
    {
        Spawner sp;
        const Actor server = sp.spawn({"devserver", {"devserver", "--port", "0"}, {{"ACTOR_LISTEN", "0"}}});
        const auto r = live(defaultModel(), 0.0);
        ActRequest req;
        req.verb = ActVerb::End;
        req.targets = {r->identityOf(indexOfPid(*r, server.pid)), r->identityOf(indexOfPid(*r, 1))};
        ActionDialog dialog(req, r);
        QCOMPARE(dialog.targetTable()->rowCount(), 2);
        QCOMPARE(cellText(dialog.targetTable(), 0, 0), QString::number(server.pid));
        QVERIFY(cellText(dialog.targetTable(), 0, 1).startsWith(QStringLiteral("devserver --port 0")));
        QVERIFY2(cellText(dialog.targetTable(), 0, 5).contains(QStringLiteral("listens on")),
            qPrintable(cellText(dialog.targetTable(), 0, 5)));
        QVERIFY2(cellText(dialog.targetTable(), 1, 5).contains(QStringLiteral("left alone"))
                && cellText(dialog.targetTable(), 1, 5).contains(QStringLiteral("protected")),
            qPrintable(cellText(dialog.targetTable(), 1, 5)));
        QCOMPARE(dialog.blockedCount(), 1);
        QCOMPARE(dialog.request().targets.size(), std::size_t(1)); // PID 1 is not in what will be asked
        QCOMPARE(dialog.request().targets.front().pid, server.pid);
        QVERIFY(dialog.cancelButton()->isDefault());
        QVERIFY(!dialog.actButton()->isDefault());
        QVERIFY(dialog.actButton()->isEnabled());
        QVERIFY(!dialog.needsSecondConfirmation());
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS")) {
            dialog.resize(1000, 300);
            dialog.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/action-dialog.png"));
        }

        // Only hard-blocked targets: nothing can be confirmed.
        req.targets = {r->identityOf(indexOfPid(*r, 1))};
        ActionDialog none(req, r);
        QVERIFY(!none.actButton()->isEnabled());
        QVERIFY(none.request().targets.empty());
    }

    void parametersAreChosenInTheDialog()
    {
        Spawner sp;
        const Actor a = sp.spawn({"busy", {"busy"}, {}});
        const auto r = live(defaultModel(), 0.0);
        ActRequest req;
        req.targets = {r->identityOf(indexOfPid(*r, a.pid))};
        req.verb = ActVerb::Renice;
        ActionDialog renice(req, r);
        QVERIFY(renice.parameter());
        // Lower than it runs at now: 10, or 19 from 10 on (a niced test run starts its actors at 10).
        QCOMPARE(renice.parameter()->value(), r->process(indexOfPid(*r, a.pid)).reniceTo().value_or(19));
        renice.parameter()->setValue(25); // clamped to the kernel's range
        QCOMPARE(renice.request().nice, 19);
        renice.parameter()->setValue(18);
        QCOMPARE(renice.request().nice, 18);

        // Renicing only lowers a priority: from the current nice value up, never at nice 19.
        QCOMPARE(::setpriority(PRIO_PROCESS, static_cast<id_t>(a.pid), 12), 0);
        Spawner lowest;
        const Actor b = lowest.spawn({"busy", {"busy"}, {}});
        QCOMPARE(::setpriority(PRIO_PROCESS, static_cast<id_t>(b.pid), 19), 0);
        const auto niced = live(defaultModel(), 0.0);
        req.verb = ActVerb::Renice;
        req.targets = {niced->identityOf(indexOfPid(*niced, a.pid))};
        ActionDialog lower(req, niced);
        QCOMPARE(lower.parameter()->minimum(), 13);
        QVERIFY(lower.parameter()->value() > 12);
        QVERIFY(lower.actButton()->isEnabled());
        req.targets = {niced->identityOf(indexOfPid(*niced, b.pid))};
        ActionDialog atLowest(req, niced);
        QVERIFY(!atLowest.actButton()->isEnabled());
        QVERIFY(atLowest.findChildren<QLabel *>().size() > 0);
        bool said = false;
        for (const QLabel *l : atLowest.findChildren<QLabel *>())
            said = said || l->text().contains(QStringLiteral("Already at the lowest priority"));
        QVERIFY(said);
        req.targets = {r->identityOf(indexOfPid(*r, a.pid))};

        req.verb = ActVerb::Quarantine;
        ActionDialog quarantine(req, r);
        QVERIFY(quarantine.cpuList());
        quarantine.cpuList()->setText(QString::number(QThread::idealThreadCount())); // no such CPU
        QVERIFY(!quarantine.actButton()->isEnabled());
        quarantine.cpuList()->setText(QStringLiteral("0"));
        QVERIFY(quarantine.actButton()->isEnabled());
        QCOMPARE(quarantine.request().cpus, std::vector<int>{0});

        req.verb = ActVerb::Pause;
        ActionDialog pause(req, r);
        QVERIFY(!pause.parameter() && !pause.cpuList());
    }

    // The dialog says whether ptriage recommends what is about to be done, the button says how many,
    // and ending a zombie offers its parent (a zombie cannot be ended).
    void saysWhetherPtriageRecommendsIt()
    {
        Spawner sp;
        const Actor server = sp.spawn({"devserver", {"devserver"}, {{"ACTOR_LISTEN", "0"}}});
        const Actor z = sp.spawn({"zparent", {"zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        QVERIFY(z.zombiePid > 0);
        const auto r = live(defaultModel(), 0.0);
        ActRequest req;
        req.verb = ActVerb::End;
        req.targets = {r->identityOf(indexOfPid(*r, server.pid))};
        ActionDialog dialog(req, r);
        QCOMPARE(dialog.actButton()->text(), QStringLiteral("End 1 process"));
        const int says = 6;
        QCOMPARE(dialog.targetTable()->horizontalHeaderItem(says)->text(), QStringLiteral("ptriage recommends"));
        const QString recommends = cellText(dialog.targetTable(), 0, says);
        const auto &rec = r->recommendations[static_cast<std::size_t>(indexOfPid(*r, server.pid))];
        QCOMPARE(recommends == QStringLiteral("this"), rec.action == RecommendedAction::Kill);
        QString intro;
        for (const QLabel *l : dialog.findChildren<QLabel *>())
            intro += l->text();
        QVERIFY2(intro.contains(rec.action == RecommendedAction::Kill ? QStringLiteral("ptriage recommends this")
                                                                      : QStringLiteral("does not recommend this")),
            qPrintable(intro));
        QCOMPARE(cellText(dialog.targetTable(), 0, 7), QStringLiteral("you"));

        req.targets = {r->identityOf(indexOfPid(*r, z.zombiePid))};
        ActionDialog zombie(req, r);
        QCOMPARE(cellText(zombie.targetTable(), 0, 0), QString::number(z.pid)); // its parent
        QCOMPARE(zombie.request().targets.size(), std::size_t(1));
        QCOMPARE(zombie.request().targets.front().pid, z.pid);
        QString note;
        for (const QLabel *l : zombie.findChildren<QLabel *>())
            note += l->text();
        QVERIFY2(
            note.contains(QStringLiteral("is a zombie")) && note.contains(QString::number(z.pid)), qPrintable(note));
    }

    // A process that is not the person's: the dialog says whose it is and that an administrator's rights
    // will be asked for.
    void saysWhoseProcessItIs()
    {
        if (::getuid() != 0)
            QSKIP("needs root to start a process as another user");
        const pid_t other = ::fork();
        if (other == 0) {
            if (::setgid(65534) == 0 && ::setuid(65534) == 0)
                ::pause();
            ::_exit(1);
        }
        QVERIFY(other > 0);
        const auto cleanup = qScopeGuard([other] {
            ::kill(other, SIGKILL);
            ::waitpid(other, nullptr, 0);
        });
        QTRY_VERIFY(QFileInfo(QStringLiteral("/proc/%1").arg(other)).ownerId() == 65534);
        const auto r = live(defaultModel(), 0.0);
        ActRequest req;
        req.verb = ActVerb::Pause;
        req.targets = {r->identityOf(indexOfPid(*r, other))};
        ActionDialog dialog(req, r);
        QVERIFY2(cellText(dialog.targetTable(), 0, 7).endsWith(QStringLiteral("(another user)")),
            qPrintable(cellText(dialog.targetTable(), 0, 7)));
        QString intro;
        for (const QLabel *l : dialog.findChildren<QLabel *>())
            intro += l->text();
        QVERIFY2(intro.contains(QStringLiteral("Not yours")) && intro.contains(QStringLiteral("administrator")),
            qPrintable(intro));
    }

    void highRiskNeedsASecondConfirmation()
    {
        Spawner sp;
        // An SQLite journal open for writing (git's own lock would be freed by ending git: no block).
        const Actor a = sp.spawn({"sqlite3", {"sqlite3", "app.db"}, {{"ACTOR_WRITE", sp.dir() + "/app.db-wal"}}});
        const auto r = live(defaultModel(), 0.0);
        const int i = indexOfPid(*r, a.pid);
        QVERIFY(r->blast[static_cast<std::size_t>(i)].risk >= Risk::High);
        ActRequest req;
        req.verb = ActVerb::Pause; // pausing is allowed; its risk is shown
        req.targets = {r->identityOf(i)};
        ActionDialog dialog(req, r);
        QVERIFY(dialog.needsSecondConfirmation());
        QVERIFY(!dialog.actButton()->isEnabled());
        dialog.secondConfirmation()->setChecked(true);
        QVERIFY(dialog.actButton()->isEnabled());

        req.verb = ActVerb::Kill; // a critical file open for writing: never from the dialog
        ActionDialog kill(req, r);
        QVERIFY(!kill.actButton()->isEnabled());
        QVERIFY2(cellText(kill.targetTable(), 0, 5).contains(QStringLiteral("app.db-wal")),
            qPrintable(cellText(kill.targetTable(), 0, 5)));
    }
};

PTRIAGE_ROOM_MAIN(ActionDialogTest)
#include "tst_action_dialog.moc"
