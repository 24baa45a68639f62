// The ledger pane shows a real process's verdict: posterior, every ledger term, expected losses,
// the recommendation and what blocks it, files and sockets.
#include "panes/LedgerPane.h"
#include "report/EngineLabels.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessColumns.h"
#include "util/Format.h"

#include <QTableWidget>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// Delivers every event posted so far (layout requests, updates) and what they post in turn: a wait
// that does not depend on how fast the machine is.
void settle()
{
    for (int round = 0; round < 4; ++round) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

class LedgerPaneTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void abandonedWorkerWithGitLock()
    {
        Spawner sp;
        const std::string git = sp.dir() + "/repo/.git";
        QVERIFY(QDir().mkpath(QString::fromStdString(git)));
        const Actor a = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "tests/"},
            {{"ACTOR_WRITE", git + "/index.lock"}}, Parenting::OrphanNoSession});
        QVERIFY(a.pid > 0);
        const auto r = replay(capturePair(sp.dir(), 0.3, 3 * 3600), defaultModel());
        const int i = indexOfPid(*r, a.pid);
        QVERIFY(i >= 0);
        LedgerPane pane(defaultModel());
        pane.resize(700, 900);
        pane.showProcess(r, i);
        QCOMPARE(pane.shownIdentity(), r->identityOf(i));
        const Ledger ledger = ledgerOf(*r, i, defaultModel());
        QCOMPARE(pane.ledgerTable()->rowCount(), static_cast<int>(ledger.size()));
        QCOMPARE(pane.ledgerTable()->item(0, 2)->text().toStdString(), ledger[0].detail.english());
        QCOMPARE(pane.ledgerTable()->item(0, 1)->data(Qt::UserRole).toDouble(), ledger[0].bits);
        QVERIFY2(pane.lossText().contains(QStringLiteral("kill 0."))
                && pane.lossText().contains(QStringLiteral("(blocked)")),
            qPrintable(pane.lossText()));
        QVERIFY(pane.lossText().contains(QStringLiteral("<b>%1 ").arg(
            EngineLabels::action(r->recommendations[static_cast<std::size_t>(i)].action))));
        const QStringList blocked = pane.blockedReasons();
        QVERIFY2(std::any_of(blocked.begin(), blocked.end(),
                     [&](const QString &b) { return b.contains(QString::fromStdString(git + "/index.lock")); }),
            qPrintable(blocked.join(QLatin1Char('\n'))));
        const QStringList resources = pane.resourceLines();
        QVERIFY(std::any_of(resources.begin(), resources.end(),
            [](const QString &l) { return l.contains(QStringLiteral("critical")); }));
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS"))
            pane.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/ledger-pane.png"));
    }

    void deepDetailsForAnotherProcessAreIgnored()
    {
        Spawner sp;
        const Actor a = sp.spawn({"server", {"server"}, {{"ACTOR_LISTEN", "0"}}});
        const auto r = live(defaultModel(), 0.0);
        const int i = indexOfPid(*r, a.pid);
        QVERIFY(i >= 0);
        LedgerPane pane(defaultModel());
        pane.showProcess(r, i);
        QVERIFY(pane.resourceLines()
                    .join(QLatin1Char(' '))
                    .contains(QStringLiteral("listens on TCP 127.0.0.1:%1").arg(a.port)));
        const QStringList before = pane.resourceLines();
        auto other = std::make_shared<DeepDetails>();
        other->files.push_back({3, FdKind::File, "/should/not/appear", 0, true});
        pane.showDeep({pane.shownIdentity().boot, 1, 2}, other);
        QCOMPARE(pane.resourceLines(), before);
        pane.showDeep(pane.shownIdentity(), other);
        QVERIFY(pane.resourceLines().join(QLatin1Char(' ')).contains(QStringLiteral("/should/not/appear")));
        pane.clear();
        QVERIFY(!pane.shownIdentity().isValid());
        QCOMPARE(pane.ledgerTable()->rowCount(), 0);
    }

    // A young process's age changes at every refresh: the pane shows it without laying itself out
    // again (which would re-lay out and repaint every word-wrapped label in it) or being painted.
    void anAgeTickingDoesNotLayThePaneOutAgain()
    {
        Spawner sp;
        const Actor a = sp.spawn({"sleeper", {"sleeper"}, {}});
        const auto first = live(defaultModel(), 0.0);
        const int i = indexOfPid(*first, a.pid);
        QVERIFY(i >= 0);
        // The same result a moment later: only the age differs (a live one may differ elsewhere too).
        auto later = std::make_shared<TriageResult>(*first);
        later->facts[static_cast<std::size_t>(i)].ageSeconds += 0.5;
        LedgerPane pane(defaultModel());
        pane.resize(700, 900);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        pane.showProcess(first, i);
        settle(); // the first showing's layout and paint done, however busy the machine is
        const QString before = pane.factsText();
        QVERIFY2(before.contains(first->identityOf(i).toQString()), qPrintable(before));

        PaneEvents events;
        pane.installEventFilter(&events);
        pane.showProcess(later, i);
        settle(); // whatever the second showing asked for has arrived
        const QString age
            = QString::fromStdString(formatDuration(later->facts[static_cast<std::size_t>(i)].ageSeconds));
        QVERIFY2(pane.factsText() != before && pane.factsText().startsWith(age), qPrintable(pane.factsText()));
        QCOMPARE(events.layouts, 0);
        QCOMPARE(events.paints, 0); // the line is opaque: only it is painted, not the pane behind it
    }

private:
    struct PaneEvents : QObject {
        int layouts = 0;
        int paints = 0;
        bool eventFilter(QObject *, QEvent *event) override
        {
            layouts += event->type() == QEvent::LayoutRequest ? 1 : 0;
            paints += event->type() == QEvent::Paint ? 1 : 0;
            return false;
        }
    };
};

PTRIAGE_ROOM_MAIN(LedgerPaneTest)
#include "tst_ledger_pane.moc"
