// The details pane and the charts for a real process: its command line, cwd and project, the
// environment with secrets masked, its open files and listening socket; and the history charts
// fed by real scans.
#include "collect/Collector.h"
#include "collect/SecretMask.h"
#include "decide/Triage.h"
#include "panes/DetailsPane.h"
#include "panes/HistoryCharts.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QChart>
#include <QChartView>
#include <QDateTimeAxis>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QScrollBar>
#include <QTableWidget>
#include <QtTest>

#include <filesystem>
#include <pwd.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QStringList column(const QTableWidget *t, int c)
{
    QStringList out;
    for (int r = 0; r < t->rowCount(); ++r)
        out << (t->item(r, c) ? t->item(r, c)->text() : QString());
    return out;
}

std::shared_ptr<const DeepDetails> readDeepNow(const ProcessIdentity &key)
{
    Collector c;
    std::string error;
    if (!c.open(&error))
        return nullptr;
    return c.readDeep(key);
}

} // namespace

class DetailsAndChartsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void detailsOfAListenerWritingAFile()
    {
        Spawner sp;
        const std::string log = sp.dir() + "/server.log";
        const Actor a = sp.spawn({"devserver", {"devserver", "--port", "0", "--watch"},
            {{"ACTOR_LISTEN", "0"}, {"ACTOR_WRITE", log}, {"STRIPE_SECRET_KEY", "sk_live_123"},
                {"NODE_ENV", "development"}}});
        QVERIFY(a.pid > 0 && a.port > 0);
        const auto r = live(defaultModel(), 0.0);
        const int i = indexOfPid(*r, a.pid);
        QVERIFY(i >= 0);
        DetailsPane pane;
        pane.resize(700, 900);
        pane.showProcess(r, i);
        const ProcessIdentity id = r->identityOf(i);
        QCOMPARE(pane.shownIdentity(), id);
        QCOMPARE(pane.fieldText(QStringLiteral("command")), QStringLiteral("devserver --port 0 --watch"));
        QVERIFY(!pane.fieldText(QStringLiteral("cwd")).isEmpty());
        // What every monitor's Properties shows: owner, parent by name, start, named priority, threads.
        const QString process = pane.fieldText(QStringLiteral("process"));
        const QString me = QString::fromLocal8Bit(::getpwuid(::geteuid())->pw_name);
        QVERIFY2(
            process.startsWith(QStringLiteral("user %1 · parent %2 (").arg(me).arg(::getpid())), qPrintable(process));
        QVERIFY2(process.contains(QStringLiteral(" ago) · ")) && process.contains(QStringLiteral("started ")),
            qPrintable(process));
        const int nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(a.pid));
        QVERIFY2(process.contains(QStringLiteral("priority (nice %1) · ").arg(nice)), qPrintable(process));
        QVERIFY2(process.contains(QStringLiteral(" thread")) && process.count(QStringLiteral(" · ")) == 5,
            qPrintable(process)); // and its state last

        // Another process's fds arriving late are ignored; this one's are shown.
        pane.showDeep({id.boot, 1, 1}, std::make_shared<DeepDetails>());
        const auto deep = readDeepNow(r->snapshot->processes[static_cast<std::size_t>(i)].id);
        QVERIFY(deep);
        pane.showDeep(id, deep);
        const QStringList keys = column(pane.environmentTable(), 0);
        const QStringList values = column(pane.environmentTable(), 1);
        const auto at = keys.indexOf(QStringLiteral("STRIPE_SECRET_KEY"));
        QVERIFY(at >= 0);
        QCOMPARE(values.at(at), QString::fromUtf8(kMask.data(), static_cast<qsizetype>(kMask.size())));
        QVERIFY(!values.join(QLatin1Char('\n')).contains(QStringLiteral("sk_live")));
        QCOMPARE(values.at(keys.indexOf(QStringLiteral("NODE_ENV"))), QStringLiteral("development"));

        const QStringList targets = column(pane.filesTable(), 3);
        const QStringList modes = column(pane.filesTable(), 2);
        const auto logRow = targets.indexOf(QString::fromStdString(log));
        QVERIFY2(logRow >= 0, qPrintable(targets.join(QLatin1Char('\n'))));
        QCOMPARE(modes.at(logRow), QStringLiteral("write"));
        const QString listening = QStringLiteral(":%1, listening").arg(a.port);
        QVERIFY2(std::any_of(targets.begin(), targets.end(), [&](const QString &t) { return t.endsWith(listening); }),
            qPrintable(targets.join(QLatin1Char('\n'))));
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS"))
            pane.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/details-pane.png"));

        // A refresh with the same details changes no cell and keeps where the person scrolled to.
        pane.resize(700, 500);
        pane.show();
        QVERIFY(QTest::qWaitForWindowExposed(&pane));
        auto *env = const_cast<QTableWidget *>(pane.environmentTable()); // to scroll it as a person would
        env->scrollToBottom();
        const int scrolled = env->verticalScrollBar()->value();
        QVERIFY2(scrolled > 0, "the environment is longer than the table");
        QSignalSpy removed(env->model(), &QAbstractItemModel::rowsRemoved);
        QSignalSpy changed(env->model(), &QAbstractItemModel::dataChanged);
        pane.showProcess(r, i);
        pane.showDeep(id, deep);
        QTest::qWait(50); // the view lays itself out again
        QCOMPARE(removed.count(), 0);
        QCOMPARE(changed.count(), 0);
        QCOMPARE(env->verticalScrollBar()->value(), scrolled);
        QCOMPARE(column(pane.environmentTable(), 1), values);

        pane.clear();
        QVERIFY(!pane.shownIdentity().isValid());
        QCOMPARE(pane.environmentTable()->rowCount(), 0);
    }

    // The window's first scan leaves executables to its first refresh: meanwhile the pane shows the
    // on-demand read's (it reads the selected process), and says it is loading before, not "not readable".
    void theExecutableComesFromTheOnDemandReadUntilTheDetailsHaveIt()
    {
        Spawner sp;
        const Actor a = sp.spawn({"exe-shown", {"exe-shown"}, {}});
        QVERIFY(a.pid > 0);
        const QString exe
            = QString::fromStdString(std::filesystem::read_symlink("/proc/" + std::to_string(a.pid) + "/exe").string());
        CollectOptions o = longLivedOptions();
        o.refreshesAfterScanOnce = true;
        Collector c(o);
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        const auto first = triage(c.scanOnce(), defaultModel(), youngOptions());
        const int i = indexOfPid(*first, a.pid);
        QVERIFY(i >= 0);
        DetailsPane pane;
        pane.showProcess(first, i);
        QCOMPARE(pane.fieldText(QStringLiteral("executable")), QStringLiteral("loading…"));
        const ProcessIdentity id = first->identityOf(i);
        pane.showDeep(id, c.readDeep(id));
        QCOMPARE(pane.fieldText(QStringLiteral("executable")), exe);
        pane.showProcess(first, i); // the same result again: still the on-demand read's
        QCOMPARE(pane.fieldText(QStringLiteral("executable")), exe);

        const auto next = triage(c.refresh(), defaultModel(), youngOptions(), first.get());
        const int j = indexOfPid(*next, a.pid);
        QVERIFY(j >= 0);
        DetailsPane fresh; // no on-demand read: the details have it now
        fresh.showProcess(next, j);
        QCOMPARE(fresh.fieldText(QStringLiteral("executable")), exe);
    }

    void chartsDrawTheHistoryOfTheSelectedProcess()
    {
        Spawner sp;
        const Actor busy = sp.spawn({"spinner", {"spinner"}, {{"ACTOR_SPIN", "1"}}});
        QVERIFY(busy.pid > 0);
        Collector c(longLivedOptions());
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        ProcessHistory history;
        ProcessIdentity key;
        for (int n = 0; n < 4; ++n) {
            QTest::qWait(150);
            const auto snap = c.refresh();
            history.record(*snap);
            key = snap->byPid(busy.pid)->id;
        }
        HistoryCharts charts(history);
        charts.resize(800, 600);
        charts.showHistory(history, key, QStringLiteral("spinner"));
        QCOMPARE(charts.pointCount(QStringLiteral("Memory")), 4);
        QCOMPARE(charts.pointCount(QStringLiteral("CPU")), 3); // the first refresh has no rate yet
        const auto points = history.process(key);
        QVERIFY2(points.back().cpuPercent > 30, "a spinning process shows CPU");
        QCOMPARE(charts.pointCount(QStringLiteral("used")), 4);
        QCOMPARE(charts.pointCount(QStringLiteral("PSI some")),
            QFileInfo::exists(QStringLiteral("/proc/pressure/memory")) ? 4 : 0);
        if (qEnvironmentVariableIsSet("PTRIAGE_TEST_SHOTS"))
            charts.grab().save(qEnvironmentVariable("PTRIAGE_TEST_SHOTS") + QStringLiteral("/charts.png"));
        // Each chart's corner is the theme's background, not the window's behind it.
        const QImage shot = charts.grab().toImage();
        for (const auto *view : charts.findChildren<QChartView *>()) {
            const QPoint corner = view->mapTo(&charts, QPoint(2, 2));
            QImage theme(view->size(), QImage::Format_RGB32); // the brush may be a gradient
            QPainter(&theme).fillRect(theme.rect(), view->chart()->backgroundBrush());
            QCOMPARE(shot.pixelColor(corner).rgb(), theme.pixelColor(2, 2).rgb());
            QVERIFY(shot.pixelColor(corner) != charts.palette().color(QPalette::Window));
            // The light theme's brush is a white-to-white gradient; the viewport fills with the plain
            // color, which Qt fills on the GUI thread rather than on its thread pool.
            const QWidget *viewport = view->viewport();
            QCOMPARE(viewport->palette().brush(viewport->backgroundRole()).style(), Qt::SolidPattern);
        }

        ProcessIdentity unseen; // a process without history: empty, not stale
        unseen.startTicks = 1;
        unseen.pid = 1;
        charts.showHistory(history, unseen, {});
        QCOMPARE(charts.pointCount(QStringLiteral("Memory")), 0);
    }

    // The time axis holds every point, with round ends, and moves only when the newest point passes
    // its end, not at every refresh (each move lays the chart out again).
    void timeAxisMovesOnlyWhenTheNewestPointPassesItsEnd()
    {
        const std::pair<qint64, qint64> spans[] = {{1'700'000'000'123, 1'700'000'004'567},
            {1'700'000'000'000, 1'700'003'600'000}, {1'700'000'012'345, 1'700'086'400'999}, {5, 5}};
        for (const auto &[from, to] : spans) {
            const auto [lo, hi] = HistoryCharts::timeAxisEnds(from, to);
            QVERIFY2(lo <= from && hi >= to && hi > lo, qPrintable(QStringLiteral("%1 %2").arg(lo).arg(hi)));
            QCOMPARE(lo % 1000, 0);
            QCOMPARE(hi % 1000, 0);
            QCOMPARE(((lo + hi) / 2) % 1000, 0); // the middle label is round too
            QVERIFY((hi - lo) - (to - from) <= 3 * std::max<qint64>(1000, (to - from) / 4 + 1));
        }

        Collector c(longLivedOptions());
        std::string error;
        QVERIFY2(c.open(&error), error.c_str());
        ProcessHistory history;
        HistoryCharts charts(history);
        charts.resize(800, 600);
        auto *axis = qobject_cast<QDateTimeAxis *>(
            charts.findChildren<QChartView *>().front()->chart()->axes(Qt::Horizontal).front());
        QVERIFY(axis);
        QSignalSpy moved(axis, &QDateTimeAxis::rangeChanged);
        const int refreshes = 8;
        for (int n = 0; n < refreshes; ++n) {
            QTest::qWait(100);
            const auto snap = c.refresh();
            history.record(*snap);
            charts.showHistory(history, snap->processes.front().id, QStringLiteral("first"));
            const auto &system = history.system();
            QVERIFY(axis->min().toMSecsSinceEpoch() <= system.front().atMs);
            QVERIFY(axis->max().toMSecsSinceEpoch() >= system.back().atMs);
        }
        // Eight refreshes 0.1 s apart cross a one-second step once or twice, at the start and then.
        QVERIFY2(moved.count() >= 1 && moved.count() <= 3, qPrintable(QString::number(moved.count())));
    }

    // A long session (the system history keeps 43,200 points) is drawn with at most
    // kMaxPointsPerSeries points a series, its spike kept: the charts' memory does not grow with the
    // session (issue 14, endurance).
    void aLongHistoryIsDrawnThinnedWithItsSpikes()
    {
        ProcessHistory history(5000); // a process's points too, more than a series draws
        Snapshot snap;
        snap.system.memTotalBytes = 1000;
        Sample s;
        s.id.pid = 4242;
        s.id.startTicks = 7;
        s.rssBytes = 1 << 20;
        snap.processes.push_back(s);
        for (int n = 0; n < 20000; ++n) {
            snap.capturedAtMs = 1'700'000'000'000 + n * 100;
            snap.system.memAvailableBytes = n == 12345 ? 50 : 700; // one spike to 95 % used
            snap.processes[0].rssBytes = (n == 19000 ? 300u : 1u) << 20;
            history.record(snap);
        }
        HistoryCharts charts(history);
        charts.resize(800, 600);
        charts.showHistory(history, s.id, QStringLiteral("long-lived"));
        const int used = charts.pointCount(QStringLiteral("used"));
        QVERIFY2(used > 0 && used <= HistoryCharts::kMaxPointsPerSeries, qPrintable(QString::number(used)));
        QVERIFY(charts.pointCount(QStringLiteral("Memory")) <= HistoryCharts::kMaxPointsPerSeries);
        auto highest = [&](const QString &name) {
            double top = 0;
            for (const auto *view : charts.findChildren<QChartView *>())
                for (const auto *series : view->chart()->series())
                    if (series->name() == name)
                        for (const QPointF &p : static_cast<const QLineSeries *>(series)->points())
                            top = std::max(top, p.y());
            return top;
        };
        QCOMPARE(highest(QStringLiteral("used")), 95.0);
        QCOMPARE(highest(QStringLiteral("Memory")), 300.0);
    }
};

PTRIAGE_ROOM_MAIN(DetailsAndChartsTest)
#include "tst_details_and_charts.moc"
