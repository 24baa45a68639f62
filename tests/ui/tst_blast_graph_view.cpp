// The blast-radius graph of real processes: node and edge counts for known scenarios, edge labels,
// and a click on a node selecting that process.
#include "panes/BlastGraphView.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QGraphicsItem>
#include <QSignalSpy>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

class BlastGraphViewTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parentWithTwoChildren()
    {
        Spawner sp;
        const int shell = sp.spawnProgram({"sh", "-c", "sleep 300 & sleep 300 & wait"});
        QVERIFY(shell > 0);
        std::shared_ptr<const TriageResult> r;
        QTRY_VERIFY_WITH_TIMEOUT(([&] {
            r = live(defaultModel(), 0.0);
            int children = 0;
            for (const auto &s : r->snapshot->processes)
                children += s.ppid == shell ? 1 : 0;
            return children == 2;
        }()),
            5000);
        BlastGraphView view(defaultModel());
        view.resize(600, 500);
        view.showProcess(r, indexOfPid(*r, shell));
        QCOMPARE(view.processNodeCount(), 3);
        QCOMPARE(view.edgeCount(), 2);
        QCOMPARE(view.edgeLabels(), (QStringList{QStringLiteral("child"), QStringLiteral("child")}));
        for (const auto &s : r->snapshot->processes)
            if (s.ppid == shell)
                sp.adopt(s.id.pid);
    }

    void listenerWithClientAndClickToSelect()
    {
        Spawner sp;
        const Actor server = sp.spawn({"api-server", {"api-server"}, {{"ACTOR_LISTEN", "0"}}});
        const Actor client = sp.spawn({"api-client", {"api-client"}, {{"ACTOR_CONNECT", std::to_string(server.port)}}});
        QVERIFY(server.pid > 0 && client.pid > 0);
        const auto r = live(defaultModel(), 0.0);
        const int si = indexOfPid(*r, server.pid);
        const int ci = indexOfPid(*r, client.pid);
        BlastGraphView view(defaultModel());
        view.resize(700, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showProcess(r, si);
        QCOMPARE(view.processNodeCount(), 2);
        QCOMPARE(view.resourceNodeCount(), 1); // the listener
        QCOMPARE(view.edgeCount(), 2);
        QVERIFY(view.edgeLabels().contains(QStringLiteral("connected to its port %1").arg(server.port)));
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS"))
            view.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/blast-graph.png"));

        // Click the client's node.
        const QString clientId = QString::fromStdString(r->identityOf(ci).toString());
        QGraphicsItem *node = nullptr;
        for (auto *item : view.scene()->items())
            if (item->data(0).toString() == clientId)
                node = item;
        QVERIFY(node);
        QSignalSpy spy(&view, &BlastGraphView::processActivated);
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, view.mapFromScene(node->sceneBoundingRect().center()));
        QCOMPARE(spy.size(), 1);
        QCOMPARE(spy.at(0).at(0).toString(), clientId);

        // A refresh with the same graph keeps the scene and the person's zoom; another process's
        // radius is drawn anew.
        view.scale(2.0, 2.0);
        const QTransform zoomed = view.transform();
        view.scene()->items().front()->setData(7, QStringLiteral("drawn before"));
        const auto again = live(defaultModel(), 0.0);
        view.showProcess(again, indexOfPid(*again, server.pid));
        const QList<QGraphicsItem *> kept = view.scene()->items();
        QVERIFY(std::any_of(kept.cbegin(), kept.cend(),
            [](const QGraphicsItem *i) { return i->data(7).toString() == QStringLiteral("drawn before"); }));
        QCOMPARE(view.transform(), zoomed);
        view.showProcess(again, indexOfPid(*again, client.pid));
        QCOMPARE(view.shownIdentity(), again->identityOf(indexOfPid(*again, client.pid)));
        QVERIFY(view.transform() != zoomed);
        QCOMPARE(view.processNodeCount(), 1); // nothing depends on the client
    }
};

PTRIAGE_ROOM_MAIN(BlastGraphViewTest)
#include "tst_blast_graph_view.moc"
