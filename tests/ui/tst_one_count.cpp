// One result, one set of figures: the window's headline and status bar, the tray's tooltip, the HTML
// report, the Sessions chart and `scan --json` count the same candidates, classes and reclaimable bytes
// (TriageResult::counts), for real processes in a real window.

#include "desk/Desk.h"
#include "pressure/PressureMonitor.h"
#include "report/ScanReport.h"
#include "report/html/HtmlReport.h"
#include "report/html/ReportInput.h"
#include "session/SessionComparison.h"
#include "sessions/SessionTimeline.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "tray/Notifier.h"
#include "tray/TrayController.h"
#include "tray/TrayIcon.h"
#include "util/Format.h"
#include "widgets/SteadyLine.h"
#include "window/MainWindow.h"
#include "window/SummaryBar.h"

#include <QApplication>
#include <QChart>
#include <QIcon>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// The tooltip as the tray would show it; no tray needed for that.
class TooltipOnly : public TrayIcon {
public:
    void start() override { }
    bool isInTray() const override { return false; }
    void setIcon(const QIcon &) override { }
    void setToolTip(const QString &text) override { m_tip = text; }
    QString toolTip() const override { return m_tip; }
    QMenu *menu() const override { return m_menu.get(); }

private:
    QString m_tip;
    std::unique_ptr<QMenu> m_menu = std::make_unique<QMenu>();
};

class NoNotifications : public Notifier {
public:
    void start() override { }
    void show(const QString &, const QString &, bool, const QList<Action> &) override { }
    void closeCurrent() override { }
};

QString candidatesText(int n)
{
    return n == 1 ? QStringLiteral("1 candidate") : QStringLiteral("%1 candidates").arg(n);
}

} // namespace

class TestOneCount : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everySurfaceCountsTheSame()
    {
        // A forgotten test worker holding memory (a kill) and a zombie's parent, both captured six hours older:
        // candidates of two classes, and bytes to reclaim.
        Spawner sp;
        const Actor z = sp.spawn({"count-zparent", {"count-zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor hog = sp.spawn({"python3", {"python3", "/home/dev/proj/.venv/bin/pytest", "-x", "tests/"},
            {{"ACTOR_ALLOC_MB", "64"}}, Parenting::OrphanNoSession});
        QVERIFY(z.zombiePid > 0 && hog.pid > 0);
        QTemporaryDir dir;
        const CapturePair pair = capturePair(dir.filePath(QStringLiteral("proc")).toStdString(), 1, 6 * 3600);
        keepOnly(pair, {z.pid, hog.pid});
        CollectOptions collect = longLivedOptions();
        collect.procRoot = pair.after;
        Desk desk(defaultModel(), collect, youngOptions(), dir.filePath(QStringLiteral("s.sqlite")));
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        PressureMonitor monitor(defaultModel().policy.pressure);
        TooltipOnly icon;
        NoNotifications notifications;
        TrayController tray(desk, monitor, icon, notifications, 600);
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1 && desk.current() == w.shownResult(), 20000);
        const auto r = w.shownResult();
        const CandidateCounts &c = r->counts;

        // The definition, once: candidates are the recommendations marked so, and the bytes are the
        // resident memory of those a kill is recommended for.
        int candidates = 0;
        std::uint64_t bytes = 0;
        for (int i = 0; i < r->size(); ++i) {
            const Recommendation &rec = r->recommendations[static_cast<std::size_t>(i)];
            if (!rec.candidate)
                continue;
            ++candidates;
            QVERIFY2(rec.review || rec.score >= defaultModel().policy.candidateMinScore
                    || r->snapshot->processes[static_cast<std::size_t>(i)].state == 'Z',
                qPrintable(QStringLiteral("a candidate scoring %1").arg(rec.score)));
            if (rec.action == RecommendedAction::Kill)
                bytes += r->snapshot->processes[static_cast<std::size_t>(i)].rssBytes;
        }
        QCOMPARE(c.candidates, candidates);
        QCOMPARE(c.reclaimableBytes, bytes);
        // Else nothing below would compare anything.
        QVERIFY2(c.candidates >= 2 && c.reclaimableBytes >= 32u << 20, "the hog and the zombie are candidates");
        QVERIFY(c.byClass[static_cast<std::size_t>(ProcessClass::Zombie)] >= 1);
        const QString count = candidatesText(c.candidates);
        const QString reclaimable = localBytes(static_cast<double>(c.reclaimableBytes));
        qInfo("%s, %s reclaimable", qPrintable(count), qPrintable(reclaimable));

        // The headline.
        const QString headline = w.findChild<SummaryBar *>()->summary();
        QVERIFY2(headline.startsWith(count), qPrintable(headline));
        QVERIFY2(headline.contains(reclaimable + QStringLiteral(" reclaimable")), qPrintable(headline));

        // The status bar.
        QString totals;
        for (const SteadyLine *line : w.statusBar()->findChildren<SteadyLine *>())
            if (line->text().contains(QStringLiteral("reclaimable")))
                totals = line->text();
        QVERIFY2(totals.contains(count + QStringLiteral(" · ") + reclaimable + QStringLiteral(" reclaimable")),
            qPrintable(totals));

        // The tray's tooltip.
        QTRY_VERIFY_WITH_TIMEOUT(icon.toolTip().contains(QStringLiteral("reclaimable")), 5000);
        QVERIFY2(icon.toolTip().contains(count + QStringLiteral(" · ") + reclaimable + QStringLiteral(" reclaimable")),
            qPrintable(icon.toolTip()));

        // The report: its header, and its candidates by class.
        const ReportInput in = reportFromTriage(*r, defaultModel());
        const std::string page = HtmlReport::render(in);
        QVERIFY(page.find("Candidates</dt><dd>" + std::to_string(c.candidates) + "</dd>") != std::string::npos);
        QVERIFY(page.find("Freed by the recommended kills</dt><dd>" + reclaimable.toStdString() + "</dd>")
            != std::string::npos);
        QCOMPARE(in.header.counts.byClass, c.byClass);

        // The Sessions chart: the saved session counts as the live result did.
        const TimelinePoint point = timelinePoint(sessionFromTriage(*r, defaultModel()));
        QCOMPARE(point.counts.candidates, c.candidates);
        QCOMPARE(point.counts.byClass, c.byClass);
        QCOMPARE(point.counts.reclaimableBytes, c.reclaimableBytes);
        SessionTimeline chart;
        chart.showTimeline({point, point});
        QVERIFY2(chart.chart()->title().contains(QStringLiteral("candidates: %1 → %1").arg(c.candidates)),
            qPrintable(chart.chart()->title()));

        // scan --json.
        const QJsonObject scan
            = QJsonDocument::fromJson(QByteArray::fromStdString(scanJson(*r, defaultModel(), {}))).object();
        QCOMPARE(scan.value(QStringLiteral("candidate_count")).toInt(), c.candidates);
        QCOMPARE(scan.value(QStringLiteral("reclaimable_bytes")).toDouble(), static_cast<double>(c.reclaimableBytes));
    }
};

PTRIAGE_ROOM_MAIN(TestOneCount)
#include "tst_one_count.moc"
