// The window with the real engine on its worker thread: the selection follows the process (its
// identity), never a row or a PID, across refreshes where rows appear, vanish and reorder.
#include "desk/Desk.h"
#include "panes/BlastGraphView.h"
#include "panes/DetailsPane.h"
#include "panes/HistoryCharts.h"
#include "panes/LedgerPane.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "table/ProcessColumns.h"
#include "table/ProcessFilterModel.h"
#include "table/ProcessTableModel.h"
#include "ui/WindowParts.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"
#include "window/SummaryBar.h"
#include "window/menus/ProcessMenus.h"

#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QFrame>
#include <QGuiApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolButton>
#include <QTreeView>
#include <QtTest>

#include <algorithm>
#include <csignal>
#include <memory>
#include <optional>
#include <sys/resource.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// Counts the paint events of the widget it filters.
// View → Pause updates: checked, no refresh changes (or repaints) anything.
QAction *pauseAction(MainWindow &w)
{
    for (QAction *a : w.findChildren<QAction *>())
        if (a->text() == QStringLiteral("&Pause updates"))
            return a;
    return nullptr;
}

// Shows `w`, starts it, waits until `pid` is selected and pauses its refreshes, so that nothing
// repaints meanwhile: the pause action, or null when a step failed.
QAction *selectedAndPaused(MainWindow &w, int pid)
{
    w.resize(1200, 800);
    w.show();
    w.selectPidWhenSeen(pid);
    w.start();
    if (!QTest::qWaitFor([&] { return w.selectedIdentity().isValid(); }, 20000))
        return nullptr;
    QAction *pause = pauseAction(w);
    if (pause)
        pause->setChecked(true);
    return pause;
}

class PaintCount : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return false;
    }
};

// A window's paint passes (update requests) and layouts (layout requests).
class PassCount : public QObject {
public:
    PassCount() { clock.start(); }
    int passes = 0;
    int layouts = 0;
    QElapsedTimer clock;
    std::vector<qint64> passAt; // ms on `clock`

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::UpdateRequest)
            passAt.push_back(clock.elapsed());
        passes += event->type() == QEvent::UpdateRequest ? 1 : 0;
        layouts += event->type() == QEvent::LayoutRequest ? 1 : 0;
        return false;
    }
};

QString currentIdentity(MainWindow &w)
{
    return w.table()->currentIndex().data(IdentityRole).toString();
}

// The identities of the table's rows, top to bottom, as the person sees them.
QStringList rowOrder(MainWindow &w)
{
    QStringList out;
    for (int r = 0; r < w.table()->model()->rowCount(); ++r)
        out << w.table()->model()->index(r, 0).data(IdentityRole).toString();
    return out;
}

// The CPU share the table shows for a row (its sort value: −1 while unknown).
double cpuOf(MainWindow &w, int row)
{
    const int cpu = modelOf(w)->columns().indexOf(u"cpu");
    return w.table()->model()->index(row, cpu).data(SortRole).toDouble();
}

} // namespace

class MainWindowTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true); // QSettings in a throwaway place
    }

    void selectionFollowsTheProcessAcrossRefreshes()
    {
        Spawner sp;
        // A child of the test: in use, ranked below the left-behind orphans that appear later.
        const Actor target = sp.spawn({"selected-one", {"selected-one"}, {}, Parenting::Child});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.selectPidWhenSeen(target.pid);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.tabs()->ledger()->shownIdentity().isValid(), 20000);
        const QString id = w.tabs()->ledger()->shownIdentity().toQString();
        QVERIFY(id.endsWith(QLatin1Char(':') + QString::number(target.pid)));
        QCOMPARE(currentIdentity(w), id);

        // Rows appear (left-behind orphans rank above it), vanish, and the order changes.
        QTest::mouseMove(w.statusBar(), QPoint(5, 5)); // not over the table: rows follow the ranking
        QTRY_VERIFY(!filterOf(w)->orderHeld());
        Spawner more;
        std::vector<Actor> orphans;
        for (int i = 0; i < 3; ++i)
            orphans.push_back(more.spawn({"left-over", {"left-over"}, {}, Parenting::OrphanNoSession}));
        std::optional<Spawner> doomed(std::in_place);
        for (int i = 0; i < 5; ++i)
            doomed->spawn({"short-lived", {"short-lived"}, {}});
        for (int round = 0; round < 3; ++round) {
            const auto before = applied.size();
            if (round == 1)
                doomed.reset(); // those five vanish before this refresh
            QTRY_VERIFY_WITH_TIMEOUT(applied.size() > before, 20000);
            QCOMPARE(currentIdentity(w), id);
            QCOMPARE(w.tabs()->ledger()->shownIdentity().toQString(), id);
        }
        // The sort put the orphans above it: its row moved, the selection did not move off it.
        const auto rowOf = [&](int pid) {
            const QString tail = QLatin1Char(':') + QString::number(pid);
            for (int r = 0; r < w.table()->model()->rowCount(); ++r)
                if (w.table()->model()->index(r, 0).data(IdentityRole).toString().endsWith(tail))
                    return r;
            return -1;
        };
        for (const Actor &o : orphans)
            QVERIFY2(rowOf(o.pid) >= 0 && rowOf(o.pid) < w.table()->currentIndex().row(),
                qPrintable(QStringLiteral("orphan at row %1, the selected one at %2")
                               .arg(rowOf(o.pid))
                               .arg(w.table()->currentIndex().row())));

        // Tree view keeps the selection too.
        QAction *tree = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text().contains(QStringLiteral("Tree")))
                tree = a;
        QVERIFY(tree);
        tree->setChecked(true);
        QCOMPARE(currentIdentity(w), id);
        tree->setChecked(false);
        QCOMPARE(currentIdentity(w), id);
    }

    // Opening a tab fills its pane and paints it once: its layout and the repaints Qt posts for the
    // widgets shown are handled before that paint, not after it with a second one.
    void openingATabPaintsItsPaneOnce()
    {
        Spawner sp;
        const Actor target = sp.spawn({"watched-one", {"watched-one"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.tabs()->setCurrentWidget(w.tabs()->charts());
        QVERIFY(selectedAndPaused(w, target.pid));
        w.tabs()->setCurrentWidget(w.tabs()->ledger()); // shown once before: polished, laid out
        QTest::qWait(200);
        w.tabs()->setCurrentWidget(w.tabs()->charts());
        QTest::qWait(200);

        PaintCount painted;
        w.tabs()->ledger()->installEventFilter(&painted);
        w.tabs()->setCurrentWidget(w.tabs()->ledger());
        QTest::qWait(300);
        QCOMPARE(w.tabs()->ledger()->shownIdentity(), w.selectedIdentity());
        QCOMPARE(painted.count, 1);
    }

    // A pane behind another tab holds no result: the scan it showed last is freed with everything it
    // read, whatever tab was open then; opened again, it shows the newest.
    void aPaneBehindAnotherTabHoldsNoOldScan()
    {
        Spawner sp;
        const Actor target = sp.spawn({"watched-one", {"watched-one"}, {}, Parenting::Child});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.tabs()->setCurrentWidget(w.tabs()->details());
        w.selectPidWhenSeen(target.pid);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.tabs()->details()->shownIdentity().isValid(), 20000);
        const std::weak_ptr<const TriageResult> shownByDetails = w.shownResult();
        QVERIFY(!shownByDetails.expired());
        w.tabs()->setCurrentWidget(w.tabs()->ledger());
        QCOMPARE(w.tabs()->ledger()->shownIdentity(), w.tabs()->details()->shownIdentity());
        for (int refresh = 0; refresh < 2; ++refresh) {
            const auto before = applied.size();
            desk.refreshNow();
            QTRY_VERIFY_WITH_TIMEOUT(applied.size() > before, 20000);
        }
        QVERIFY(w.shownResult() != shownByDetails.lock());
        QTRY_VERIFY_WITH_TIMEOUT(shownByDetails.expired(), 5000);
        w.tabs()->setCurrentWidget(w.tabs()->details());
        QCOMPARE(w.tabs()->details()->shownIdentity(), w.tabs()->ledger()->shownIdentity());
    }

    // Every refresh changes a few texts: the ledger's age line and the scan time in the status bar.
    // They are repainted in the refresh's one paint pass. A QLabel's new text would lay the whole
    // window out again, and a selectable label laid out while it is painted asks for a second pass.
    void aRefreshPaintsOnceAndLaysNothingOutAgain()
    {
        Spawner sp;
        const Actor target = sp.spawn({"steady-one", {"steady-one"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        QAction *pause = selectedAndPaused(w, target.pid);
        QVERIFY(pause);
        w.tabs()->setCurrentWidget(w.tabs()->ledger());
        // Only its row shows: rows that come and go with other tests' processes repaint the table
        // in passes of their own (the view lays its rows out later).
        filterOf(w)->setFilterText(QString::number(target.pid));
        QTest::qWait(300);

        PassCount counted;
        w.installEventFilter(&counted);
        std::vector<std::pair<int, int>> atApplied; // passes and layouts as each refresh was applied
        std::vector<qint64> appliedAt;
        connect(&w, &MainWindow::resultApplied, &w, [&] {
            atApplied.emplace_back(counted.passes, counted.layouts);
            appliedAt.push_back(counted.clock.elapsed());
        });
        pause->setChecked(false); // the button's new text lays the toolbar out: before the refreshes counted
        QTRY_VERIFY_WITH_TIMEOUT(atApplied.size() >= 5, 20000);
        pause->setChecked(true);
        // Each of four refreshes paints in one pass: a second pass follows the first within a few
        // event-loop turns (a layout asked for while painting). Passes later in the interval are not
        // the refresh's (a loaded machine stretches the interval, and other windows' work lands in it).
        for (std::size_t i = 0; i < 4; ++i) {
            const auto passes = std::count_if(counted.passAt.begin(), counted.passAt.end(),
                [&](qint64 t) { return t >= appliedAt[i] && t < std::min(appliedAt[i] + 250, appliedAt[i + 1]); });
            QVERIFY2(passes <= 1, qPrintable(QStringLiteral("refresh %1 painted in %2 passes").arg(i).arg(passes)));
        }
        QCOMPARE(atApplied[4].second - atApplied[0].second, 0);
    }

    // Qt Charts updates each scene once more after it is shown, with nothing new: the charts are
    // painted once at the opening, and new data after it still repaint them.
    void openingTheChartsPaintsEachOnceAndNewDataAgain()
    {
        Spawner sp;
        const Actor target = sp.spawn({"charted-one", {"charted-one"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        QAction *pause = selectedAndPaused(w, target.pid);
        QVERIFY(pause);
        w.tabs()->setCurrentWidget(w.tabs()->charts()); // shown once before: polished, laid out
        QTest::qWait(200);
        w.tabs()->setCurrentWidget(w.tabs()->ledger());
        QTest::qWait(200);

        const auto views = w.tabs()->charts()->findChildren<QChartView *>();
        QCOMPARE(views.size(), 4);
        std::vector<std::unique_ptr<PaintCount>> painted;
        for (QChartView *v : views) {
            painted.push_back(std::make_unique<PaintCount>());
            v->viewport()->installEventFilter(painted.back().get());
        }
        w.tabs()->setCurrentWidget(w.tabs()->charts());
        QTest::qWait(300);
        QCOMPARE(w.tabs()->charts()->shownIdentity(), w.selectedIdentity());
        for (const auto &p : painted)
            QCOMPARE(p->count, 1);

        // Each refresh adds a point to every series: the lines move, so each chart is painted again.
        pause->setChecked(false);
        const qsizetype before = applied.size();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= before + 2, 20000);
        QTest::qWait(100);
        for (const auto &p : painted)
            QVERIFY2(p->count >= 2, qPrintable(QString::number(p->count)));
    }

    // When the selected process ends, its row goes and Qt moves the current index to a neighbour:
    // the panes must not follow it to another process (the selection is an identity, issue 14).
    void panesNeverShowAnotherProcessWhenTheSelectedOneEnds()
    {
        std::optional<Spawner> doomed(std::in_place);
        const Actor target = doomed->spawn({"ending-one", {"ending-one"}, {}});
        Spawner others;
        for (int i = 0; i < 3; ++i) // neighbours in the table, whatever the sort
            others.spawn({"neighbour", {"neighbour"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        w.tabs()->setCurrentWidget(w.tabs()->charts()); // so the charts follow the selection too
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.selectPidWhenSeen(target.pid);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(w.selectedIdentity().isValid(), 20000);
        const ProcessIdentity id = w.selectedIdentity();
        QCOMPARE(id.pid, target.pid);
        // The pane in view shows it at once; the others when their tab is opened, never before.
        QCOMPARE(w.tabs()->charts()->shownIdentity(), id);
        QVERIFY(!w.tabs()->ledger()->shownIdentity().isValid());
        w.tabs()->setCurrentWidget(w.tabs()->ledger());
        QCOMPARE(w.tabs()->ledger()->shownIdentity(), id);
        w.tabs()->setCurrentWidget(w.tabs()->details());
        QCOMPARE(w.tabs()->details()->shownIdentity(), id);
        w.tabs()->setCurrentWidget(w.tabs()->graph());
        QCOMPARE(w.tabs()->graph()->shownIdentity(), id);
        w.tabs()->setCurrentWidget(w.tabs()->charts());

        QStringList wrong;
        auto check = [&](const char *when, bool row) {
            const auto other = [&](const ProcessIdentity &shown) { return shown.isValid() && shown != id; };
            const QString current = currentIdentity(w);
            if (other(w.tabs()->ledger()->shownIdentity()))
                wrong << QStringLiteral("%1: the evidence shows %2")
                             .arg(QLatin1String(when), w.tabs()->ledger()->shownIdentity().toQString());
            if (other(w.tabs()->details()->shownIdentity()))
                wrong << QStringLiteral("%1: the details show %2")
                             .arg(QLatin1String(when), w.tabs()->details()->shownIdentity().toQString());
            if (other(w.tabs()->graph()->shownIdentity()))
                wrong << QStringLiteral("%1: the blast radius shows %2")
                             .arg(QLatin1String(when), w.tabs()->graph()->shownIdentity().toQString());
            if (other(w.tabs()->charts()->shownIdentity()))
                wrong << QStringLiteral("%1: the charts show %2")
                             .arg(QLatin1String(when), w.tabs()->charts()->shownIdentity().toQString());
            if (row && !current.isEmpty() && current != id.toQString())
                wrong << QStringLiteral("%1: the current row is %2").arg(QLatin1String(when), current);
        };
        const auto afterRefresh
            = connect(&w, &MainWindow::resultApplied, this, [&] { check("after a refresh", true); });
        // Also while a result is being applied: the row's removal moves the current index (after the
        // window's own handler of the same signal, so the panes have followed).
        const auto whileApplying = connect(w.table()->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [&] { check("when the current row changed", false); });
        doomed.reset(); // ends and is reaped
        QTRY_VERIFY_WITH_TIMEOUT(w.shownResult() && !w.shownResult()->snapshot->byIdentity(id), 20000);
        const auto seen = applied.size();
        desk.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() > seen, 20000);
        QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QLatin1Char('\n'))));
        QVERIFY(!w.tabs()->ledger()->shownIdentity().isValid());
        QVERIFY(!w.tabs()->details()->shownIdentity().isValid());
        QVERIFY(!w.tabs()->graph()->shownIdentity().isValid());
        QVERIFY(!w.tabs()->charts()->shownIdentity().isValid());
        QVERIFY(currentIdentity(w).isEmpty());
        disconnect(afterRefresh);
        disconnect(whileApplying);

        // A person's next choice is followed as before.
        const QModelIndex first = w.table()->model()->index(0, 0);
        w.table()->setCurrentIndex(first);
        QCOMPARE(w.selectedIdentity().toQString(), first.data(IdentityRole).toString());
        QCOMPARE(w.tabs()->charts()->shownIdentity(), w.selectedIdentity()); // the pane in view follows
    }

    // Rows do not move under the pointer: while it is over the table a refresh that re-sorts changes
    // what the rows say, not where they are, and a click lands on the process the person saw there.
    // Once the pointer leaves, the new order comes.
    void rowsStayPutUnderThePointer()
    {
        // Two spinners busy at first, two stopped; then the other way round.
        Spawner sp;
        std::vector<Actor> calm, jumpers;
        for (int i = 0; i < 2; ++i)
            calm.push_back(sp.spawn({"rowhold-calm", {"rowhold-calm"}, {{"ACTOR_SPIN", "1"}}}));
        for (int i = 0; i < 2; ++i)
            jumpers.push_back(sp.spawn({"rowhold-jump", {"rowhold-jump"}, {{"ACTOR_SPIN", "1"}}}));
        for (const Actor &j : jumpers)
            QCOMPARE(::kill(j.pid, SIGSTOP), 0);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        desk.setIntervalMs(250);
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        filterOf(w)->setFilterText(QStringLiteral("rowhold"));
        w.table()->sortByColumn(modelOf(w)->columns().indexOf(u"cpu"), Qt::DescendingOrder);
        // All four in view, each with a CPU share measured: the busy ones on top.
        QTRY_VERIFY_WITH_TIMEOUT(rowOrder(w).size() == 4 && cpuOf(w, 3) >= 0 && cpuOf(w, 1) > cpuOf(w, 3) + 0.2, 20000);

        // The pointer rests on the last row (a stopped one); the busy ones stop, the stopped ones go.
        const QModelIndex last = w.table()->model()->index(3, 0);
        const QPoint at = w.table()->visualRect(last).center();
        QTest::mouseMove(w.table()->viewport(), at);
        QTRY_VERIFY(filterOf(w)->orderHeld());
        const QStringList seen = rowOrder(w);
        const QString underPointer = last.data(IdentityRole).toString();
        for (const Actor &c : calm)
            QCOMPARE(::kill(c.pid, SIGSTOP), 0);
        for (const Actor &j : jumpers)
            QCOMPARE(::kill(j.pid, SIGCONT), 0);
        // Refreshes until the last row's CPU share is above the first's: sorted, rows would move.
        const auto outOfOrder = [&] { return cpuOf(w, 3) > cpuOf(w, 0) + 0.2; };
        QTRY_VERIFY_WITH_TIMEOUT(outOfOrder(), 20000);
        const auto before = applied.size();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() > before + 1, 20000);
        QCOMPARE(rowOrder(w), seen);
        QCOMPARE(w.table()->indexAt(at).data(IdentityRole).toString(), underPointer);

        // A click as a refresh lands: the process under the pointer is the one selected.
        bool clicked = false;
        const auto clickOnNext = connect(&w, &MainWindow::resultApplied, this, [&] {
            if (!clicked)
                QTest::mouseClick(w.table()->viewport(), Qt::LeftButton, {}, at);
            clicked = true;
        });
        QTRY_VERIFY_WITH_TIMEOUT(clicked, 20000);
        disconnect(clickOnNext);
        QCOMPARE(w.selectedIdentity().toQString(), underPointer);
        QCOMPARE(currentIdentity(w), underPointer);

        // The pointer leaves: the spinners go to the top, and the selection stays on its process.
        QTest::mouseMove(w.statusBar(), QPoint(5, 5));
        QTRY_VERIFY(!filterOf(w)->orderHeld());
        QTRY_VERIFY_WITH_TIMEOUT(rowOrder(w) != seen, 20000);
        QVERIFY(cpuOf(w, 0) >= cpuOf(w, 3));
        QCOMPARE(w.selectedIdentity().toQString(), underPointer);
    }

    // A filter that hides the selected process leaves nothing selected and the panes empty (not a
    // neighbour Qt made current); when the filter shows it again, it is selected again.
    void aFilterThatHidesTheSelectionEmptiesThePanes()
    {
        Spawner sp;
        const Actor a = sp.spawn({"filtered-alpha", {"filtered-alpha"}, {}});
        const Actor b = sp.spawn({"filtered-beta", {"filtered-beta"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        QAction *pause = selectedAndPaused(w, a.pid);
        QVERIFY(pause);
        const ProcessIdentity chosen = w.selectedIdentity();
        QCOMPARE(chosen.pid, a.pid);
        filterOf(w)->setFilterText(QStringLiteral("filtered-beta"));
        QCOMPARE(filterOf(w)->rowCount(), 1);
        QVERIFY(!w.selectedIdentity().isValid());
        QVERIFY(!w.tabs()->ledger()->shownIdentity().isValid());
        QVERIFY(w.tabs()->ledger()->showsWhereToStart()); // not empty boxes
        QVERIFY(!w.table()->currentIndex().isValid());
        QVERIFY(w.table()->selectionModel()->selectedRows().isEmpty());
        filterOf(w)->setFilterText(QStringLiteral("filtered"));
        QCOMPARE(w.selectedIdentity(), chosen);
        QCOMPARE(currentIdentity(w), chosen.toQString());
        QCOMPARE(w.table()->selectionModel()->selectedRows().size(), 1);
        QVERIFY(!w.tabs()->ledger()->showsWhereToStart());
        Q_UNUSED(b);
    }

    // The first view answers "is anything wrong here?" in one line, shows only those processes on a
    // click, and the minimum age is visible and can be changed in the window.
    void theSummaryLineSaysWhatNeedsAttention()
    {
        Spawner sp;
        const Actor z = sp.spawn({"summary-zparent", {"summary-zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor orphan = sp.spawn({"summary-orphan", {"summary-orphan"}, {}, Parenting::OrphanNoSession});
        QVERIFY(z.zombiePid > 0 && orphan.pid > 0);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1, 20000);
        auto *bar = w.findChild<SummaryBar *>();
        QVERIFY(bar);
        QVERIFY2(bar->summary().contains(QStringLiteral(" candidate")), qPrintable(bar->summary()));
        QVERIFY2(bar->summary().contains(QStringLiteral("zombie")), qPrintable(bar->summary()));
        QCOMPARE(bar->summary(), SummaryBar::summaryOf(*w.shownResult()));

        // "Show them": only the processes that need attention, the zombie among them.
        QPushButton *showThem = nullptr;
        for (auto *b : bar->findChildren<QPushButton *>())
            if (b->text() == QStringLiteral("Show them"))
                showThem = b;
        QVERIFY(showThem && showThem->isVisible());
        showThem->click();
        QVERIFY(filterOf(w)->candidatesOnly());
        QVERIFY(filterOf(w)->rowCount() >= 1);
        QStringList shown;
        for (int r = 0; r < filterOf(w)->rowCount(); ++r) {
            QVERIFY(filterOf(w)->index(r, 0).data(CandidateRole).toBool());
            shown << filterOf(w)->index(r, 0).data(IdentityRole).toString();
        }
        QVERIFY(std::any_of(shown.begin(), shown.end(),
            [&](const QString &id) { return id.endsWith(QLatin1Char(':') + QString::number(z.zombiePid)); }));
        QCOMPARE(showThem->text(), QStringLiteral("Show all"));
        showThem->click();
        QVERIFY(!filterOf(w)->candidatesOnly());

        // The minimum age, chosen in the window: the next result is judged with it, and the orphan
        // (seconds old) is "too young" in the Why column.
        auto *chooser = bar->minAgeChooser()->findChild<QComboBox *>();
        QVERIFY(chooser && chooser->isVisible());
        const int day = chooser->findData(86400.0);
        QVERIFY(day >= 0);
        chooser->setCurrentIndex(day);
        Q_EMIT chooser->activated(day);
        QTRY_VERIFY_WITH_TIMEOUT(w.shownResult() && w.shownResult()->minAgeSeconds == 86400.0, 20000);
        QCOMPARE(chooser->currentData().toDouble(), 86400.0);
        const int why = modelOf(w)->columns().indexOf(u"why");
        const QModelIndex orphanRow = modelOf(w)->indexOf(w.shownResult()->snapshot->byPid(orphan.pid)->id, why);
        QVERIFY2(orphanRow.data().toString().startsWith(QStringLiteral("too young")),
            qPrintable(orphanRow.data().toString()));
    }

    // The context menu depends on the process: a zombie gets its parent's actions, a stopped process
    // Resume (not Pause), one at nice 19 no Renice; the recommended action is the default.
    void theContextMenuFitsTheProcess()
    {
        Spawner sp;
        const Actor z = sp.spawn({"menu-zparent", {"menu-zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor stopped = sp.spawn({"menu-stopped", {"menu-stopped"}, {}});
        const Actor lowest = sp.spawn({"menu-lowest", {"menu-lowest"}, {}});
        QCOMPARE(::kill(stopped.pid, SIGSTOP), 0);
        QCOMPARE(::setpriority(PRIO_PROCESS, static_cast<id_t>(lowest.pid), 19), 0);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1, 20000);
        const auto r = w.shownResult();
        const auto menuOf = [&](int pid) {
            QStringList items;
            QMenu menu;
            const Sample *s = r->snapshot->byPid(pid);
            if (!s)
                return items;
            w.findChild<ProcessMenus *>()->fillProcessMenu(&menu, r->find(s->id)->index());
            for (QAction *a : menu.actions())
                if (!a->isSeparator())
                    items << (a == menu.defaultAction() ? QStringLiteral("*") : QString()) + a->text().remove(u'&');
            return items;
        };
        const QStringList zombie = menuOf(z.zombiePid);
        QVERIFY2(zombie.contains(QStringLiteral("*Ask the parent to collect this zombie (SIGCHLD)")),
            qPrintable(zombie.join(u'|')));
        QVERIFY(!zombie.contains(QStringLiteral("Pause")) && !zombie.contains(QStringLiteral("Resume")));
        QVERIFY(!zombie.contains(QStringLiteral("Send signal")));
        const QStringList paused = menuOf(stopped.pid);
        QVERIFY2(paused.contains(QStringLiteral("Resume")) && !paused.contains(QStringLiteral("Pause")),
            qPrintable(paused.join(u'|')));
        const QStringList niced = menuOf(lowest.pid);
        QVERIFY2(!niced.contains(QStringLiteral("Renice")) && niced.contains(QStringLiteral("Pause")),
            qPrintable(niced.join(u'|')));
        QVERIFY(menuOf(stopped.pid).size() < 14); // not every action there is
        QCOMPARE(::kill(stopped.pid, SIGCONT), 0);
    }

    // Help → Guide opens offline (built in) and covers what a first look needs; the legend names every
    // class and what a bold action and "review" mean.
    void theGuideAndTheLegendAreBuiltIn()
    {
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        w.show();
        QAction *guide = nullptr;
        for (QAction *a : w.findChildren<QAction *>())
            if (a->text() == QStringLiteral("&Guide"))
                guide = a;
        QVERIFY(guide);
        QCOMPARE(guide->shortcut(), QKeySequence(QKeySequence::HelpContents));
        guide->trigger();
        QTextBrowser *text = nullptr;
        QTRY_VERIFY((text = w.findChild<QTextBrowser *>()) != nullptr);
        const QString page = text->toPlainText();
        for (const char *part : {"Where to start", "Classes", "bits", "score", "Minimum age", "too young", "Keyboard",
                 "Delete", "identity"})
            QVERIFY2(page.contains(QLatin1String(part)), part);

        auto *bar = w.findChild<SummaryBar *>();
        QToolButton *legend = nullptr;
        for (auto *b : bar->findChildren<QToolButton *>())
            if (b->text() == QStringLiteral("Legend"))
                legend = b;
        QVERIFY(legend);
        legend->click();
        QFrame *popup = nullptr;
        QTRY_VERIFY((popup = qobject_cast<QFrame *>(QApplication::activePopupWidget())) != nullptr);
        QString words;
        for (const QLabel *l : popup->findChildren<QLabel *>())
            words += l->text() + QLatin1Char('\n');
        for (const char *word : {"useful", "stuck or spinning", "abandoned", "zombie", "review", "too young"})
            QVERIFY2(words.contains(QLatin1String(word)), qPrintable(words));
        popup->close();
    }

    // A remembered geometry from a larger screen is shrunk and moved onto this one: the whole window,
    // its status line included, is on screen.
    void aRememberedGeometryThatNoLongerFitsIsClamped()
    {
        QWidget big;
        big.setGeometry(-400, 200, 4000, 3000);
        QSettings().setValue(QStringLiteral("window/geometry"), big.saveGeometry());
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        const QRect free = QGuiApplication::primaryScreen()->availableGeometry();
        QVERIFY2(free.contains(w.frameGeometry()),
            qPrintable(QStringLiteral("%1,%2 %3x%4 on %5x%6")
                           .arg(w.frameGeometry().x())
                           .arg(w.frameGeometry().y())
                           .arg(w.frameGeometry().width())
                           .arg(w.frameGeometry().height())
                           .arg(free.width())
                           .arg(free.height())));
        QSettings().remove(QStringLiteral("window/geometry"));
    }

    void filterShowsOnlyMatchingProcesses()
    {
        Spawner sp;
        const Actor a = sp.spawn({"alpha-job", {"alpha-job", "--queue", "night"}, {}});
        const Actor b = sp.spawn({"beta-job", {"beta-job", "--queue", "day"}, {}});
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1, 20000);
        filterOf(w)->setFilterText(QStringLiteral("queue night"));
        QStringList shown;
        for (int r = 0; r < filterOf(w)->rowCount(); ++r)
            shown << filterOf(w)->index(r, 0).data(IdentityRole).toString();
        QCOMPARE(shown.size(), 1);
        QVERIFY(shown.first().endsWith(QLatin1Char(':') + QString::number(a.pid)));
        filterOf(w)->setFilterText(QString::number(b.pid));
        QVERIFY(filterOf(w)->rowCount() >= 1);

        // Typed into the filter field as a person does: Down reaches the list, on the first match.
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QLineEdit *field = nullptr;
        for (QLineEdit *e : w.findChildren<QLineEdit *>())
            if (e->placeholderText().startsWith(QStringLiteral("Filter")))
                field = e;
        QVERIFY(field);
        field->setFocus();
        field->clear();
        QTest::keyClicks(field, QStringLiteral("alpha-job night"));
        QTRY_COMPARE(filterOf(w)->rowCount(), 1);
        QTest::keyClick(field, Qt::Key_Down);
        QTRY_VERIFY(w.table()->hasFocus());
        QVERIFY(w.table()
                    ->currentIndex()
                    .data(IdentityRole)
                    .toString()
                    .endsWith(QLatin1Char(':') + QString::number(a.pid)));
        QCOMPARE(w.selectedIdentity().pid, a.pid);
    }

    // An old actions.sqlite that cannot be imported: acting stays on, the file is left as it was, and
    // the status bar says where it is.
    void anOldJournalLeftAloneIsShown()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        {
            QFile f(old);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("not a journal\n");
        }
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        MainWindow w(desk);
        desk.openJournal(dir.filePath(QStringLiteral("sessions.sqlite")));
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000); // opened off the GUI thread
        const QString shown = w.statusBar()->currentMessage();
        QVERIFY2(shown.contains(old) && shown.contains(QStringLiteral("left as it is")), qPrintable(shown));
        QFile f(old);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("not a journal\n"));
    }

    void closingDuringAScanIsClean()
    {
        for (int round = 0; round < 3; ++round) {
            Desk desk(defaultModel(), longLivedOptions(), youngOptions());
            auto w = std::make_unique<MainWindow>(desk);
            w->show();
            w->start();
            QTest::qWait(round * 40);
            w->close();
            w.reset();
        }
    }

    // The rows of a result are prepared on a thread of their own; the window (and its model) may go
    // while they are. The sanitizer build of CI sees any read of what the window owned.
    void closingWhileRowsAreBeingPreparedIsClean()
    {
        for (int round = 0; round < 3; ++round) {
            Desk desk(defaultModel(), longLivedOptions(), youngOptions());
            auto w = std::make_unique<MainWindow>(desk);
            bool closedDuringPreparation = false;
            // Connected after the window's own slot: the preparation has just been started.
            connect(&desk, &Desk::resultChanged, this, [&] {
                if (!w)
                    return;
                w.reset();
                closedDuringPreparation = true;
            });
            w->show();
            w->start();
            QTRY_VERIFY_WITH_TIMEOUT(closedDuringPreparation, 60000);
        }
    }
};

PTRIAGE_ROOM_MAIN(MainWindowTest)
#include "tst_main_window.moc"
