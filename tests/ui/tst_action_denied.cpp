// A denied authorization changes nothing and says so. Run as root, the test starts a root-owned
// process, then gives up root: pausing that process fails with EPERM as the user and goes to the
// privileged transport, which answers as polkit does when a rule says no; a process of the user's
// own is paused without it. The window reports both, and only the user's process is marked.
#include "acting/ActFlow.h"
#include "acting/ActionDialog.h"
#include "desk/Desk.h"
#include "support/BuildPaths.h"
#include "support/CaptureTools.h"
#include "support/CopyForOthers.h"
#include "support/Spawner.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"

#include <QApplication>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <grp.h>
#include <sys/prctl.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

int g_rootPid = -1; // a root-owned process started before root was given up
constexpr uid_t kNobody = 65534;

// Stands in for polkit saying no (the real polkit path is tests/helper's end-to-end test).
class DenyingTransport final : public PrivilegedTransport {
public:
    explicit DenyingTransport(QList<QVariantMap> *seen) : m_seen(seen) { }
    TransportReply execute(const QVariantMap &request) override
    {
        m_seen->append(request);
        return {TransportReply::Error::NotAuthorized,
            QStringLiteral("not authorized: the system's polkit rules deny this action to this user"), {}, {}};
    }

private:
    QList<QVariantMap> *m_seen;
};

} // namespace

class ActionDeniedTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void deniedAuthorizationChangesNothing()
    {
        if (g_rootPid <= 0)
            QSKIP("needs to start as root (to own a process the user may not touch)");
        QCOMPARE(::geteuid(), kNobody);
        QTemporaryDir home;
        QVERIFY(home.isValid());
        Spawner sp;
        const Actor mine = sp.spawn({"mine", {"mine"}, {}});
        QVERIFY(mine.pid > 0);

        QList<QVariantMap> seen;
        Desk desk(defaultModel(), longLivedOptions(), {});
        MainWindow window(desk);
        desk.setTransportFactory([&seen] { return std::make_unique<DenyingTransport>(&seen); });
        desk.openJournal(home.filePath(QStringLiteral("sessions.sqlite")));
        QSignalSpy applied(&window, &MainWindow::resultApplied);
        window.start();
        QVERIFY(applied.wait(30000));
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000); // the journal is open

        // Select both, pause them, confirm.
        auto *table = window.table();
        const auto select = [&](int pid) {
            const auto r = window.shownResult();
            const QModelIndex source = modelOf(window)->indexOf(r->identityOf(indexOfPid(*r, pid)));
            const QModelIndex proxy = filterOf(window)->mapFromSource(source);
            QVERIFY(proxy.isValid());
            table->selectionModel()->select(proxy, QItemSelectionModel::Select | QItemSelectionModel::Rows);
        };
        select(g_rootPid);
        select(mine.pid);
        const QString rootId = QString::fromStdString(
            window.shownResult()->identityOf(indexOfPid(*window.shownResult(), g_rootPid)).toString());
        window.askToAct(ActVerb::Pause);
        auto *dialog = window.findChild<ActionDialog *>();
        QVERIFY(dialog);
        QCOMPARE(dialog->targetTable()->rowCount(), 2);
        QSignalSpy finished(&desk, &Desk::actFinished);
        dialog->actButton()->click();
        QVERIFY(finished.wait(30000));

        // One request reached the helper, for the root process only; the user's own needed none.
        QCOMPARE(seen.size(), 1);
        QCOMPARE(seen.front().value(QStringLiteral("targets")).toList().size(), 1);
        QCOMPARE(seen.front().value(QStringLiteral("targets")).toList().front().toString(), rootId);
        const QString report = ActFlow::outcomeLines(finished.front().at(2).value<std::vector<ActOutcome>>());
        QVERIFY2(report.contains(QStringLiteral("PID %1: not authorized").arg(g_rootPid))
                && report.contains(QStringLiteral("polkit rules deny"))
                && report.contains(QStringLiteral("nothing was done")),
            qPrintable(report));
        QVERIFY2(report.contains(QStringLiteral("PID %1: done").arg(mine.pid)), qPrintable(report));
        QVERIFY(processState(g_rootPid) != 'T'); // untouched
        QCOMPARE(processState(mine.pid), 'T');

        // The table marks only what was done.
        const int stateColumn = modelOf(window)->columns().indexOf(u"state");
        const auto stateText = [&](int pid) {
            const auto r = window.shownResult();
            return modelOf(window)->indexOf(r->identityOf(indexOfPid(*r, pid)), stateColumn).data().toString();
        };
        QVERIFY2(stateText(mine.pid).startsWith(QStringLiteral("paused by ptriage")), qPrintable(stateText(mine.pid)));
        QVERIFY2(!stateText(g_rootPid).contains(QStringLiteral("ptriage")), qPrintable(stateText(g_rootPid)));
        ::kill(mine.pid, SIGCONT);
    }
};

int main(int argc, char **argv)
{
    CopyForOthers forOthers;
    if (::geteuid() == 0) {
        const pid_t child = ::fork();
        if (child == 0) {
            // Ends with the test (which cannot kill it once it is not root), or after 90 s anyway;
            // holds none of the test's output pipes.
            ::prctl(PR_SET_PDEATHSIG, SIGKILL);
            const int null = ::open("/dev/null", O_RDWR);
            ::dup2(null, 0);
            ::dup2(null, 1);
            ::dup2(null, 2);
            ::execl("/bin/sleep", "sleep", "90", static_cast<char *>(nullptr));
            ::_exit(127);
        }
        g_rootPid = child;
        // The actor must stay runnable for nobody, wherever the build tree is (a 0700 home).
        QString error;
        const QString actor = forOthers.of(QString::fromUtf8(ptriage::test::testActorBinary()), &error);
        if (actor.isEmpty() || !forOthers.giveTo(kNobody, kNobody)) {
            std::fprintf(stderr, "tst_action_denied: %s\n", qPrintable(error));
            return 3;
        }
        Spawner::useActorBinary(actor.toStdString());
        // Give up root for good: the window runs as an ordinary user from here on.
        if (::setgroups(0, nullptr) != 0 || ::setresgid(kNobody, kNobody, kNobody) != 0
            || ::setresuid(kNobody, kNobody, kNobody) != 0)
            return 3;
        ::chdir("/");
        qputenv("HOME", "/tmp");
        qputenv("XDG_RUNTIME_DIR", "/tmp");
        qputenv("XDG_CONFIG_HOME", "/tmp/ptriage-denied-test-config");
    }
    QApplication app(argc, argv);
    ActionDeniedTest test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_action_denied.moc"
