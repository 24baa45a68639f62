// The Ports view in a real window under Xvfb, with the real engine: a real listener with a real
// client shows as one row with its client and "not safe: in use"; choosing the row chooses its
// process in the table (and the panes); "Free port P…" opens the relief plan for that port. The
// model stays consistent across refreshes (QAbstractItemModelTester). PTRIAGE_TEST_SHOTS=DIR keeps a
// picture of the window.
#include "acting/ReliefDialog.h"
#include "desk/Desk.h"
#include "ports/PortsModel.h"
#include "ports/PortsView.h"
#include "support/AcceptingListener.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessColumns.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"

#include <QAbstractItemModelTester>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

#include <csignal>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// The Ports view's row (of its sorted view) of `port`; -1 when there is none.
int rowOfPort(PortsView &v, int port)
{
    QAbstractItemModel *m = v.view()->model();
    for (int row = 0; row < m->rowCount(); ++row)
        if (m->index(row, 0).data(PortsModel::PortRole).toInt() == port)
            return row;
    return -1;
}

} // namespace

class PortsViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void listenerRowSelectsItsProcessAndFreesItsPort()
    {
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        const Actor client
            = sp.spawn({"port-client", {"port-client"}, {{"ACTOR_CONNECT", std::to_string(server.port)}}});
        QVERIFY(client.pid > 0);
        QTest::qWait(300); // the server accepts
        QTemporaryDir dir;
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        MainWindow w(desk);
        QAbstractItemModelTester tester(portsOf(w)->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        w.resize(1300, 760);
        w.show();
        w.showPorts();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.start();
        PortsView &ports = *portsOf(w);
        QTRY_VERIFY_WITH_TIMEOUT(rowOfPort(ports, server.port) >= 0, 20000);
        QCOMPARE(viewsOf(w)->currentWidget(), &ports);
        QVERIFY2(ports.summary().contains(QStringLiteral("listener")), qPrintable(ports.summary()));

        const auto row
            = [&](int column) { return ports.view()->model()->index(rowOfPort(ports, server.port), column); };
        const ProcessIdentity id = row(0).data(PortsModel::IdentityRole).value<ProcessIdentity>();
        QCOMPARE(id.pid, server.pid);
        QCOMPARE(row(PortsModel::Listener).data().toString(), QStringLiteral("TCP 127.0.0.1:%1").arg(server.port));
        QCOMPARE(row(PortsModel::Clients).data().toString(), QStringLiteral("1"));
        QVERIFY2(row(PortsModel::Process).data().toString().contains(QStringLiteral("(pid %1)").arg(server.pid)),
            qPrintable(row(PortsModel::Process).data().toString()));
        QVERIFY2(row(PortsModel::Verdict).data().toString().startsWith(QStringLiteral("not safe: in use: 1 client")),
            qPrintable(row(PortsModel::Verdict).data().toString()));
        const QString tip = row(PortsModel::Verdict).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("1 client connection")) && tip.contains(QStringLiteral("would break")),
            qPrintable(tip));
        QVERIFY(!row(PortsModel::Origin).data().toString().isEmpty()); // who started it
        QVERIFY(!row(PortsModel::Origin).data(Qt::ToolTipRole).toString().isEmpty());
        QVERIFY(!ports.freePortButton()->isEnabled());

        // Choosing the row (a click, as a person does) chooses its process: the table and the panes.
        const QRect cell = ports.view()->visualRect(row(PortsModel::Process));
        QVERIFY(cell.isValid());
        QTest::mouseClick(ports.view()->viewport(), Qt::LeftButton, {}, cell.center());
        QTRY_COMPARE(w.selectedIdentity(), id);
        QCOMPARE(w.table()->currentIndex().data(IdentityRole).value<ProcessIdentity>(), id);
        QVERIFY(ports.freePortButton()->isEnabled());
        QCOMPARE(ports.freePortButton()->text(), QStringLiteral("Free port %1…").arg(server.port));

        // It stays while refreshes come (the pointer is over the view: rows hold their places).
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 2, 20000);
        QCOMPARE(ports.view()->currentIndex().data(PortsModel::IdentityRole).value<ProcessIdentity>(), id);
        QCOMPARE(w.selectedIdentity(), id);

        if (const QByteArray shots = qgetenv("PTRIAGE_TEST_SHOTS"); !shots.isEmpty())
            w.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/ports-view.png"));

        // "Free port P…": the relief plan for that port.
        QTest::mouseClick(ports.freePortButton(), Qt::LeftButton);
        ReliefDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<ReliefDialog *>()) != nullptr);
        QCOMPARE(dialog->goalField()->text(), QStringLiteral(":%1").arg(server.port));
        QCOMPARE(dialog->windowTitle(), QStringLiteral("Free port %1").arg(server.port));
        QSignalSpy shown(dialog, &ReliefDialog::planShown);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, 20000);
        QCOMPARE(dialog->shownPlan()->goal.freePort, server.port);
        QCOMPARE(dialog->shownPlan()->goal.freeBytes, std::uint64_t(0));
        QVERIFY2(dialog->shownPlan()->reached, qPrintable(dialog->summary()));
        QCOMPARE(dialog->shownPlan()->steps.front().target, id);
        if (const QByteArray shots = qgetenv("PTRIAGE_TEST_SHOTS"); !shots.isEmpty())
            dialog->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/ports-relief.png"));
        dialog->close();

        // The listener ends: its row goes with the next result.
        ::kill(server.pid, SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(rowOfPort(ports, server.port) < 0, 20000);
        QVERIFY(!ports.freePortButton()->isEnabled() || ports.selectedPort() != server.port);
    }

    // Another user's listener (its holder's open files unreadable, as without privileges) is a row of
    // its own: the socket's user, no process to choose and no port to free from here.
    void anotherUsersListenerIsARowWithoutAProcess()
    {
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        QTemporaryDir dir;
        const CapturePair pair = capturePair(dir.filePath(QStringLiteral("cap")).toStdString(), 0.2, 3600);
        hideOpenFiles(pair, server.pid);
        PortsModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(replay(pair, defaultModel(), 0.0));
        int row = -1;
        for (int r = 0; r < model.rowCount(); ++r)
            if (model.index(r, 0).data(PortsModel::PortRole).toInt() == server.port)
                row = r;
        QVERIFY(row >= 0);
        const auto cell = [&](int column) { return model.index(row, column); };
        QCOMPARE(cell(PortsModel::Listener).data().toString(), QStringLiteral("TCP 127.0.0.1:%1").arg(server.port));
        QVERIFY(!cell(0).data(PortsModel::IdentityRole).value<ProcessIdentity>().isValid());
        QCOMPARE(cell(PortsModel::Verdict).data().toString(), QStringLiteral("held by root"));
        QCOMPARE(cell(PortsModel::User).data().toString(), QStringLiteral("root"));
        QCOMPARE(cell(PortsModel::Process).data().toString(), QStringLiteral("not visible"));
        QVERIFY(cell(PortsModel::Verdict).data(Qt::ToolTipRole).toString().contains(QStringLiteral("privileges")));
    }
};

PTRIAGE_ROOM_MAIN(PortsViewTest)
#include "tst_ports_view.moc"
