// The window on other machines, against a real sshd (started by test_window_hosts.py, which also
// leaves processes behind on "beta": a machine of its own, with its own PID namespace and boot id).
// The machine chooser lists each host with how it answered (a dead one cannot be chosen); beta's
// processes are judged here and shown; a pause confirmed in the window is done there by beta's own
// ptriage and journaled here with the host; an End on a process that ended there since is refused
// there (its identity is checked there), and nothing here is ever signalled for a host's process.
#include "act/ActionJournal.h"
#include "acting/ActFlow.h"
#include "acting/ActionDialog.h"
#include "desk/Desk.h"
#include "hosts/MachineChooser.h"
#include "remote/HostsFile.h"
#include "remote/RemoteEvidence.h"
#include "support/CaptureTools.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/menus/WindowActions.h"

#include <QApplication>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeView>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

int envInt(const char *name)
{
    return qEnvironmentVariableIntValue(name);
}

// `command` run on beta over the test's ssh (what a person would type), its output.
QString onBeta(const QString &command)
{
    QStringList words = qEnvironmentVariable("PTRIAGE_SSH_COMMAND").split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QProcess ssh;
    ssh.start(words.takeFirst(),
        words << QStringLiteral("-o") << QStringLiteral("BatchMode=yes") << QStringLiteral("beta") << command);
    ssh.waitForFinished(30000);
    return QString::fromUtf8(ssh.readAllStandardOutput()).trimmed();
}

QChar stateOnBeta(int pid)
{
    const QString stat = onBeta(QStringLiteral("cat /proc/%1/stat").arg(pid));
    const qsizetype paren = stat.lastIndexOf(QLatin1Char(')'));
    return paren < 0 || paren + 2 >= stat.size() ? QChar() : stat.at(paren + 2);
}

} // namespace

class WindowHostsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (qEnvironmentVariableIsEmpty("PTRIAGE_TEST_BETA_BOOT"))
            QSKIP("run by test_window_hosts.py, which starts the sshd and leaves the processes behind");
    }

    void aHostIsChosenJudgedHereAndActedOnThere()
    {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        TriageOptions triage;
        triage.minAgeSeconds = 0; // what the test left behind is seconds old
        Desk desk(defaultModel(), longLivedOptions(), triage, home.filePath(QStringLiteral("sessions.sqlite")));
        MainWindow window(desk);
        window.show();
        window.start();
        const int idlePid = envInt("PTRIAGE_TEST_BETA_IDLE");
        const int gonePid = envInt("PTRIAGE_TEST_BETA_GONE");
        const std::string betaBoot = qEnvironmentVariable("PTRIAGE_TEST_BETA_BOOT").toStdString();

        // Every host of the hosts file, after this machine; dead says why and cannot be chosen.
        QTRY_VERIFY_WITH_TIMEOUT(
            desk.hosts().host(Machine::host("beta")) && desk.hosts().host(Machine::host("beta"))->result, 60000);
        MachineChooser *chooser = window.machineChooser();
        QVERIFY(chooser->isVisibleTo(&window));
        QCOMPARE(chooser->itemText(0), QStringLiteral("This machine"));
        const int deadRow = chooser->findData(QStringLiteral("dead"));
        QVERIFY(deadRow > 0);
        QVERIFY2(chooser->itemText(deadRow).contains(QStringLiteral("Connection refused")),
            qPrintable(chooser->itemText(deadRow)));
        QVERIFY(!qobject_cast<QStandardItemModel *>(chooser->model())->item(deadRow)->isEnabled());
        QVERIFY(!window.showMachine(Machine::host("dead")));
        QVERIFY(chooser->findData(QStringLiteral("alpha")) > 0);

        // Beta shown: its processes, its identities (its boot), judged by this machine's model.
        QSignalSpy applied(&window, &MainWindow::resultApplied);
        QVERIFY(window.showMachine(Machine::host("beta")));
        QTRY_VERIFY_WITH_TIMEOUT(window.shownResult() && window.shownResult()->machine == Machine::host("beta"), 30000);
        const auto beta = window.shownResult();
        const Sample *idle = beta->snapshot->byPid(idlePid);
        QVERIFY2(idle, "the process left behind on beta is in the table");
        QCOMPARE(idle->id.boot.toString(), betaBoot);
        QVERIFY(!beta->recommendations.empty());
        QVERIFY(window.windowTitle().contains(QStringLiteral("beta")));
        QVERIFY(!window.actions()->undo->isEnabled()); // nothing done there yet

        // Pause it from the window: confirmed here, done there, journaled here with the host.
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000);
        const auto select = [&](const ProcessIdentity &id) {
            const QModelIndex proxy = filterOf(window)->mapFromSource(modelOf(window)->indexOf(id));
            QVERIFY(proxy.isValid());
            window.table()->selectionModel()->setCurrentIndex(
                proxy, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        };
        select(idle->id);
        window.askToAct(ActVerb::Pause);
        auto *dialog = window.findChild<ActionDialog *>();
        QVERIFY(dialog);
        QVERIFY2(dialog->windowTitle().contains(QStringLiteral("on beta")), qPrintable(dialog->windowTitle()));
        QSignalSpy finished(&desk, &Desk::actFinished);
        dialog->actButton()->click();
        QVERIFY(finished.wait(90000));
        auto outcomes = finished.front().at(2).value<std::vector<ActOutcome>>();
        QCOMPARE(outcomes.size(), std::size_t{1});
        QVERIFY2(outcomes.front().status == ActStatus::Done, qPrintable(ActFlow::outcomeLines(outcomes)));
        QCOMPARE(outcomes.front().target, idle->id);
        QCOMPARE(stateOnBeta(idlePid), QLatin1Char('T'));
        {
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(home.filePath(QStringLiteral("sessions.sqlite")), &error), qPrintable(error));
            const auto entries = journal.recent(10);
            QCOMPARE(entries.size(), std::size_t{1});
            QVERIFY(entries.front().machine == Machine::host("beta"));
            QVERIFY(entries.front().remoteId > 0);
            QVERIFY(entries.front().remoteUndo);
            QCOMPARE(entries.front().id, outcomes.front().journalId);
            QVERIFY(journal.undoable().empty()); // this machine's own undo list
            QCOMPARE(journal.undoableOnHosts().size(), std::size_t{1});
        }

        // Marked in beta's table, and undone from the window: there, by beta's own ptriage.
        const int stateColumn = modelOf(window)->columns().indexOf(u"state");
        QTRY_VERIFY_WITH_TIMEOUT(modelOf(window)
                                     ->indexOf(idle->id, stateColumn)
                                     .data()
                                     .toString()
                                     .startsWith(QStringLiteral("paused by ptriage")),
            30000);
        select(idle->id);
        QTRY_VERIFY_WITH_TIMEOUT(window.actions()->undo->isEnabled(), 10000);
        finished.clear();
        window.undoSelected();
        QMessageBox *question = nullptr;
        for (auto *box : window.findChildren<QMessageBox *>())
            if (box->button(QMessageBox::Yes))
                question = box;
        QVERIFY(question);
        QVERIFY2(question->text().contains(QStringLiteral("on beta")), qPrintable(question->text()));
        question->button(QMessageBox::Yes)->click();
        QVERIFY(finished.wait(90000));
        outcomes = finished.front().at(2).value<std::vector<ActOutcome>>();
        QCOMPARE(outcomes.size(), std::size_t{1});
        QVERIFY2(outcomes.front().status == ActStatus::Done, qPrintable(ActFlow::outcomeLines(outcomes)));
        QCOMPARE(stateOnBeta(idlePid), QLatin1Char('S'));
        {
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(home.filePath(QStringLiteral("sessions.sqlite")), &error), qPrintable(error));
            QVERIFY(journal.undoableOnHosts().empty()); // the pause is marked undone here
            QCOMPARE(journal.recent(10).size(), std::size_t{2});
        }

        // A process that ended there since the window read it: End is refused there, by identity.
        const auto before = window.shownResult();
        const Sample *gone = before->snapshot->byPid(gonePid);
        QVERIFY2(gone, "the second process left behind on beta is in the table");
        onBeta(QStringLiteral("kill -KILL %1").arg(gonePid));
        select(gone->id);
        finished.clear();
        window.askToAct(ActVerb::End);
        dialog = window.findChildren<ActionDialog *>().last();
        QVERIFY(dialog);
        dialog->actButton()->click();
        QVERIFY(finished.wait(90000));
        outcomes = finished.front().at(2).value<std::vector<ActOutcome>>();
        QCOMPARE(outcomes.size(), std::size_t{1});
        // Its own scan there no longer has that identity: refused, or found gone; never done.
        const ActStatus status = outcomes.front().status;
        QVERIFY2(
            status == ActStatus::NoSuchProcess || status == ActStatus::IdentityChanged || status == ActStatus::Refused,
            qPrintable(ActFlow::outcomeLines(outcomes)));

        // Back to this machine: its own result again.
        QVERIFY(window.showMachine(Machine()));
        QTRY_VERIFY_WITH_TIMEOUT(window.shownResult() && window.shownResult()->machine.isThis(), 30000);
        QVERIFY(!window.windowTitle().contains(QStringLiteral("beta")));

        // File → Remove host…: the chosen host leaves the hosts file and the chooser; the others stay.
        QAction *remove = nullptr;
        for (QAction *menu : window.menuBar()->actions())
            for (QAction *a : menu->menu() ? menu->menu()->actions() : QList<QAction *>())
                if (a->text() == QStringLiteral("&Remove host…"))
                    remove = a;
        QVERIFY(remove);
        QString offered;
        QTimer answer; // the dialog runs its own loop: answered from it once it is shown
        connect(&answer, &QTimer::timeout, &window, [&] {
            for (QWidget *top : QApplication::topLevelWidgets())
                if (auto *ask = qobject_cast<QInputDialog *>(top); ask && ask->isVisible()) {
                    answer.stop();
                    offered = ask->comboBoxItems().join(QLatin1Char(' '));
                    ask->setTextValue(QStringLiteral("dead"));
                    ask->accept();
                }
        });
        answer.start(50);
        remove->trigger();
        QVERIFY2(
            offered.contains(QStringLiteral("dead")) && offered.contains(QStringLiteral("beta")), qPrintable(offered));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("dead")),
            qPrintable(window.statusBar()->currentMessage()));
        QTRY_VERIFY_WITH_TIMEOUT(chooser->findData(QStringLiteral("dead")) < 0, 60000);
        QVERIFY(chooser->findData(QStringLiteral("beta")) > 0);
        std::vector<HostSpec> listed;
        std::string why;
        QVERIFY2(readHostsFile(defaultHostsFile(), listed, &why), why.c_str());
        QVERIFY(std::none_of(listed.begin(), listed.end(), [](const HostSpec &h) { return h.name == "dead"; }));
        QVERIFY(std::any_of(listed.begin(), listed.end(), [](const HostSpec &h) { return h.name == "beta"; }));
    }
};

QTEST_MAIN(WindowHostsTest)
#include "tst_window_hosts.moc"
