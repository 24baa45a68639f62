// The long-lived engine: scans on its own thread, results as immutable snapshots on the owner's
// thread, pause and manual refresh, deep reads on request, clean shutdown mid-scan.
#include "live/TriageService.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

std::shared_ptr<const TriageResult> resultAt(const QSignalSpy &spy, qsizetype i)
{
    return spy.at(i).at(0).value<std::shared_ptr<const TriageResult>>();
}

} // namespace

class TriageServiceTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pastDecisionsFromTheSessionDatabaseAndReload()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        SessionStore store;
        QString error;
        QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
        for (int k = 0; k < 3; ++k) {
            Decision d;
            d.argv = {"learn-target", "--job=/tmp/run-" + std::to_string(1000 + k) + "/job.txt"};
            d.target = ProcessIdentity{BootId{}, 1, 100 + k};
            d.atMs = QDateTime::currentMSecsSinceEpoch() - 5000;
            QVERIFY(store.recordDecision(d, &error) > 0);
        }
        Spawner sp;
        const Actor a = sp.spawn({"learn-target", {"learn-target", "--job=/tmp/run-77/job.txt"}, {}});
        TriageService service(defaultModel(), longLivedOptions());
        service.setIntervalMs(300);
        service.setSessionDatabase(db);
        QSignalSpy spy(&service, &TriageService::resultReady);
        QSignalSpy failed(&service, &TriageService::pastUnavailable);
        service.start();
        auto termOf = [&](const TriageResult &r) -> std::optional<EvidenceTerm> {
            const int i = indexOfPid(r, a.pid);
            if (i < 0)
                return std::nullopt;
            for (const auto &t : ledgerOf(r, i, defaultModel()))
                if (t.term == "past_decisions")
                    return t;
            return std::nullopt;
        };
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 1, 10000);
        const auto t = termOf(*resultAt(spy, 0));
        QVERIFY2(
            t && t->detail.english().find("`learn-target --job=/tmp/run-N/job.txt` (generalized)") != std::string::npos,
            t ? t->detail.english().c_str() : "no past_decisions term");
        // The person clears what was learned; the window asks the service to read the past again. A
        // scan under way still carries the past it started with: the first result with the past read
        // again is the one to look at (the old one stays alive in the spy, so its address is not reused).
        const PastContext *old = resultAt(spy, spy.size() - 1)->past.get();
        QVERIFY(old);
        QVERIFY(store.clearDecisions(&error));
        service.reloadPast();
        QTRY_VERIFY_WITH_TIMEOUT(resultAt(spy, spy.size() - 1)->past.get() != old, 10000);
        QVERIFY(!termOf(*resultAt(spy, spy.size() - 1)));
        QCOMPARE(failed.size(), 0);
        // A file that is not a database: one message, scans go on.
        const QString junk = dir.filePath(QStringLiteral("junk.sqlite"));
        QFile f(junk);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(100, 'x'));
        f.close();
        service.setSessionDatabase(junk);
        service.reloadPast();
        const auto before = spy.size();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= before + 2, 10000);
        QCOMPARE(failed.size(), 1);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("not an SQLite database")));
    }

    void resultsArriveOnTheOwnersThreadWithRates()
    {
        Spawner sp;
        const Actor a = sp.spawn({"service-target", {"service-target"}, {{"ACTOR_SPIN", "1"}}});
        TriageService service(defaultModel(), longLivedOptions());
        service.setIntervalMs(300);
        QThread *receivedOn = nullptr;
        connect(&service, &TriageService::resultReady, this, [&] { receivedOn = QThread::currentThread(); });
        QSignalSpy spy(&service, &TriageService::resultReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 2, 10000);
        QCOMPARE(receivedOn, QThread::currentThread());
        const auto first = resultAt(spy, 0);
        const Sample *s = first->snapshot->byPid(a.pid);
        QVERIFY(s);
        // Even the first result has recent rates: the spinner's is there and shows it ran (how much of a
        // core it got is the machine's load, not the service's).
        QVERIFY(s->cpuShare && *s->cpuShare > 0);
        QVERIFY(spy.at(0).at(1).toLongLong() > 0); // how long the scan took, for the status bar
        QVERIFY(resultAt(spy, 1)->snapshot->intervalSeconds.has_value());
    }

    // A server that wakes twice a second for microseconds: a refresh counts CPU in ticks and sees
    // none, but it ran within the last half second. The window's ledger must say what `explain` says,
    // not "has not run for 12 s … 24 s" growing at every refresh (a last run read once and kept).
    void lastRanStaysRecentForAProcessThatWakesTwiceASecond()
    {
        Spawner sp;
        const int pid = sp.spawnProgram({"/usr/bin/python3", "-c", "import time\nwhile True: time.sleep(0.5)"});
        QVERIFY(pid > 0);
        TriageService service(defaultModel(), longLivedOptions());
        service.setIntervalMs(700);
        QSignalSpy spy(&service, &TriageService::resultReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 10, 120000);
        int judged = 0;
        for (qsizetype k = 1; k < spy.size(); ++k) {
            const auto r = resultAt(spy, k);
            const int i = indexOfPid(*r, pid);
            QVERIFY(i >= 0);
            const Sample &s = r->snapshot->processes[static_cast<std::size_t>(i)];
            if (!s.sinceLastRanSeconds)
                continue; // the scheduler does not say (no sched files)
            ++judged;
            QVERIFY2(*s.sinceLastRanSeconds <= 2.0,
                qPrintable(QStringLiteral("refresh %1: not run for %2 s").arg(k).arg(*s.sinceLastRanSeconds)));
            // The sentence is made from that number: "ran within the last second", or "… for 1.4 s".
            for (const auto &t : ledgerOf(*r, i, defaultModel()))
                if (t.term == "last_ran")
                    QVERIFY2(t.detail.english() == "ran within the last second"
                            || t.detail.english().find("has not run on a CPU for 1.") != std::string::npos
                            || t.detail.english().find("has not run on a CPU for 2.0 s") != std::string::npos,
                        t.detail.english().c_str());
        }
        if (judged == 0)
            QSKIP("this kernel has no /proc/PID/sched (CONFIG_SCHED_DEBUG)");
    }

    void pauseStopsScansAndRefreshNowStillWorks()
    {
        TriageService service(defaultModel(), longLivedOptions());
        service.setIntervalMs(200);
        QSignalSpy spy(&service, &TriageService::resultReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 1, 10000);
        service.setPaused(true);
        QVERIFY(service.isPaused());
        // Six intervals: at most the scan that was already running arrives, however slow scans are now.
        const auto atPause = spy.size();
        QTest::qWait(1300);
        QVERIFY2(spy.size() <= atPause + 1, qPrintable(QString::number(spy.size() - atPause)));
        const auto before = spy.size();
        service.refreshNow();
        QTRY_COMPARE_WITH_TIMEOUT(spy.size(), before + 1, 10000);
        service.setPaused(false);
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= before + 3, 10000);
    }

    // A scan asked for now pushes the timed one back by an interval: asked for more often than the
    // interval, every scan is one that was asked for. (Fixed-rate, the timer added one per interval: a
    // third scan in the window's memory beside the two it prepares and shows.)
    void aScanAskedForNowPushesTheTimedOneBack()
    {
        TriageService service(defaultModel(), longLivedOptions());
        service.setIntervalMs(1000);
        QSignalSpy spy(&service, &TriageService::resultReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 1, 10000);
        const auto before = spy.size();
        int asked = 0;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 3000) { // three intervals
            service.refreshNow();
            ++asked;
            QTest::qWait(400);
        }
        QTest::qWait(300); // the last one asked for; the timer's would come 1 s after it
        QVERIFY2(spy.size() - before <= asked,
            qPrintable(QStringLiteral("%1 scans for %2 asked for").arg(spy.size() - before).arg(asked)));
        QVERIFY(spy.size() > before);
    }

    // What the owner no longer shows is freed on the service thread, by its next scan (before that
    // scan's triage, so the result arrives after it), or at once while paused.
    void whatTheOwnerReleasesIsFreedOnTheServiceThread()
    {
        TriageService service(defaultModel(), longLivedOptions());
        QSignalSpy spy(&service, &TriageService::resultReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() >= 1, 10000);
        std::atomic<QThread *> freedOn{nullptr};
        const auto superseded = [&freedOn] {
            return std::shared_ptr<int>(new int(1), [&freedOn](int *p) {
                freedOn = QThread::currentThread();
                delete p;
            });
        };
        auto shown = superseded();
        const std::weak_ptr<int> watch = shown;
        service.release(std::move(shown));
        const auto before = spy.size();
        service.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(spy.size() > before, 10000);
        QVERIFY(watch.expired());
        QVERIFY(freedOn.load() != nullptr);
        QVERIFY(freedOn.load() != QThread::currentThread());

        service.setPaused(true);
        freedOn = nullptr;
        auto whilePaused = superseded();
        const std::weak_ptr<int> watchPaused = whilePaused;
        service.release(std::move(whilePaused));
        QTRY_VERIFY_WITH_TIMEOUT(watchPaused.expired(), 10000);
        QVERIFY(freedOn.load() != QThread::currentThread());
    }

    void deepReadOfTheSelectedProcess()
    {
        Spawner sp;
        const Actor a = sp.spawn({"listener", {"listener"}, {{"ACTOR_LISTEN", "0"}}});
        TriageService service(defaultModel(), longLivedOptions());
        QSignalSpy results(&service, &TriageService::resultReady);
        QSignalSpy deep(&service, &TriageService::deepReady);
        service.start();
        QTRY_VERIFY_WITH_TIMEOUT(results.size() >= 1, 10000);
        const auto r = resultAt(results, 0);
        const int i = indexOfPid(*r, a.pid);
        QVERIFY(i >= 0);
        const ProcessIdentity id = r->identityOf(i);
        service.requestDeep(id);
        QTRY_COMPARE_WITH_TIMEOUT(deep.size(), 1, 10000);
        QCOMPARE(deep.at(0).at(0).value<ProcessIdentity>(), id);
        const auto d = deep.at(0).at(1).value<std::shared_ptr<const DeepDetails>>();
        QVERIFY(d);
        QVERIFY(
            std::any_of(d->files.begin(), d->files.end(), [](const OpenFile &f) { return f.kind == FdKind::Socket; }));
        // Another life of the same pid gets nothing.
        const auto &key = r->snapshot->processes[static_cast<std::size_t>(i)].id;
        const ProcessIdentity stale{key.boot, key.startTicks + 1, key.pid};
        service.requestDeep(stale);
        QTRY_COMPARE_WITH_TIMEOUT(deep.size(), 2, 10000);
        QVERIFY(!deep.at(1).at(1).value<std::shared_ptr<const DeepDetails>>());
    }

    void destroyedDuringAScanIsClean()
    {
        for (int round = 0; round < 5; ++round) {
            auto service = std::make_unique<TriageService>(defaultModel(), longLivedOptions());
            QSignalSpy spy(service.get(), &TriageService::resultReady);
            service->start();
            service->refreshNow();
            QTest::qWait(round * 20); // at different moments of a scan
            service.reset(); // joins the worker thread; nothing arrives afterwards
            QCoreApplication::processEvents();
        }
    }

    void unusableProcRootFails()
    {
        CollectOptions o;
        o.procRoot = "/nonexistent/proc";
        TriageService service(defaultModel(), o);
        QSignalSpy failed(&service, &TriageService::failed);
        service.start();
        QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 10000);
        QVERIFY(failed.at(0).at(0).toString().contains(QStringLiteral("/nonexistent/proc")));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TriageServiceTest)
#include "tst_triage_service.moc"
