// The Desk with no window: the real engine on its threads, real processes, a real SQLite file. Act,
// undo, spare, end (a vote once the process is gone), plan relief by ticket, save and export, and a
// session database whose connection an I/O error broke comes back.
#include "desk/Desk.h"
#include "session/database/SessionStore.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/StaleSqliteFiles.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// Waits for the outcome of `ticket` among the Desk's finished actions.
std::vector<ActOutcome> outcomeOf(QSignalSpy &finished, int ticket)
{
    for (int round = 0; round < 60; ++round) {
        for (const QList<QVariant> &args : std::as_const(finished))
            if (args.at(0).toInt() == ticket)
                return args.at(2).value<std::vector<ActOutcome>>();
        finished.wait(500);
    }
    return {};
}

// One save's answer (id, error, automatic); empty when none came.
QList<QVariant> saveOnce(SessionKeeper &keeper, QSignalSpy &saved)
{
    const auto before = saved.size();
    keeper.saveNow();
    for (int i = 0; i < 1000 && saved.size() == before; ++i)
        QTest::qWait(20);
    return saved.size() > before ? saved.last() : QList<QVariant>();
}

ActRequest request(ActVerb verb, const ProcessIdentity &id)
{
    ActRequest r;
    r.verb = verb;
    r.targets = {id};
    r.endTimeoutMs = 1000;
    return r;
}

} // namespace

class DeskTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qRegisterMetaType<std::vector<ActOutcome>>();
    }

    void actsUndoesSparesAndLearnsWithoutAWindow()
    {
        Spawner sp;
        const Actor paused = sp.spawn({"desk-paused", {"desk-paused"}, {}, Parenting::OrphanNoSession});
        const Actor ended = sp.spawn({"desk-ended", {"desk-ended"}, {}, Parenting::OrphanNoSession});
        QVERIFY(paused.pid > 0 && ended.pid > 0);
        QTemporaryDir dir;
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), dir.filePath(QStringLiteral("sessions.sqlite")));
        QSignalSpy results(&desk, &Desk::resultChanged);
        QSignalSpy finished(&desk, &Desk::actFinished);
        QSignalSpy recorded(&desk.sessions(), &SessionKeeper::decisionsRecorded);
        QVERIFY(desk.actUnavailableReason().isEmpty() == false); // nothing to act with before start
        desk.start();
        QTRY_VERIFY_WITH_TIMEOUT(desk.current() && desk.current()->snapshot->byPid(ended.pid), 20000);
        QTRY_VERIFY_WITH_TIMEOUT(desk.actUnavailableReason().isEmpty(), 10000); // the journal opened
        QCOMPARE(desk.current(), results.back().at(0).value<std::shared_ptr<const TriageResult>>());
        const ProcessIdentity pausedId = desk.current()->snapshot->byPid(paused.pid)->id;
        const ProcessIdentity endedId = desk.current()->snapshot->byPid(ended.pid)->id;

        // Pause: done, marked as undoable, and no vote (pausing says nothing about abandonment).
        const int pauseTicket = desk.act(request(ActVerb::Pause, pausedId), QStringLiteral("Pause"));
        QVERIFY(pauseTicket > 0);
        QVERIFY(desk.isActing());
        // The job may end on its thread now; until its outcome is delivered the desk still acts.
        QThread::msleep(300);
        QVERIFY(desk.isActing());
        QCOMPARE(desk.act(request(ActVerb::Pause, endedId), QStringLiteral("Pause")), 0); // one at a time
        auto outcomes = outcomeOf(finished, pauseTicket);
        QCOMPARE(outcomes.size(), std::size_t{1});
        QCOMPARE(outcomes.front().status, ActStatus::Done);
        QTRY_COMPARE(processState(paused.pid), 'T');
        const ActionJournal::Entry *entry = desk.undoableFor(pausedId);
        QVERIFY(entry);
        QCOMPARE(entry->verb, ActVerb::Pause);
        QVERIFY(!desk.undoableFor(endedId));

        // Undo: running again, nothing left to undo.
        const int undoTicket = desk.undo(entry->id, QStringLiteral("Undo pause"));
        QVERIFY(undoTicket > pauseTicket);
        outcomes = outcomeOf(finished, undoTicket);
        QCOMPARE(outcomes.size(), std::size_t{1});
        QCOMPARE(outcomes.front().status, ActStatus::Done);
        QTRY_VERIFY(processState(paused.pid) != 'T');
        QVERIFY(!desk.undoableFor(pausedId));
        QCOMPARE(recorded.size(), 0);

        // Spare: one vote, its command the process's argv.
        QVERIFY(desk.spare({pausedId}));
        QTRY_COMPARE_WITH_TIMEOUT(recorded.size(), 1, 10000);
        QCOMPARE(recorded.front().at(0).toInt(), 1);
        QVERIFY(recorded.front().at(1).toString().isEmpty());
        QVERIFY(!desk.spare({ProcessIdentity{}})); // nothing known to learn from

        // End: the process is gone, and that is a vote for "abandoned".
        const int endTicket = desk.act(request(ActVerb::End, endedId), QStringLiteral("End"));
        QVERIFY(endTicket > undoTicket);
        outcomes = outcomeOf(finished, endTicket);
        QCOMPARE(outcomes.size(), std::size_t{1});
        QCOMPARE(outcomes.front().status, ActStatus::Done);
        QTRY_VERIFY(hasEnded(ended.pid));
        QTRY_COMPARE_WITH_TIMEOUT(recorded.size(), 2, 10000);
        QCOMPARE(recorded.back().at(0).toInt(), 1);
    }

    void plansReliefByTicketSavesAndExports()
    {
        Spawner sp;
        const Actor hog = sp.spawn({"desk-hog", {"desk-hog"}, {{"ACTOR_ALLOC_MB", "32"}}, Parenting::OrphanNoSession});
        QVERIFY(hog.pid > 0);
        QTemporaryDir dir;
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), dir.filePath(QStringLiteral("sessions.sqlite")));
        desk.sessions().setAutosaveMinutes(0);
        QCOMPARE(desk.planRelief({}), 0); // no result yet: nothing asked
        desk.start();
        QTRY_VERIFY_WITH_TIMEOUT(desk.current() && desk.current()->snapshot->byPid(hog.pid), 20000);

        // Two plans asked for at once: each answered once, by its own ticket.
        QSignalSpy planned(&desk, &Desk::reliefPlanned);
        ReliefGoal small;
        small.freeBytes = 1ull << 20;
        ReliefGoal large;
        large.freeBytes = 1ull << 40;
        const int first = desk.planRelief(small);
        const int second = desk.planRelief(large);
        QVERIFY(first > 0 && second > first);
        QTRY_COMPARE_WITH_TIMEOUT(planned.size(), 2, 20000);
        for (const QList<QVariant> &args : std::as_const(planned)) {
            const auto plan = args.at(1).value<std::shared_ptr<const ReliefPlan>>();
            QCOMPARE(plan->goal.freeBytes, args.at(0).toInt() == first ? small.freeBytes : large.freeBytes);
        }
        QVERIFY(planned.at(0).at(0).toInt() != planned.at(1).at(0).toInt());

        // Save: a session in the file.
        QSignalSpy saved(&desk.sessions(), &SessionKeeper::saved);
        desk.save();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        QVERIFY2(saved.front().at(0).toLongLong() > 0, qPrintable(saved.front().at(1).toString()));

        // Export: the report of the current result, naming the process.
        QSignalSpy exported(&desk.sessions(), &SessionKeeper::reportExported);
        const QString path = dir.filePath(QStringLiteral("report.html"));
        desk.exportReport(path);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 30000);
        QVERIFY2(exported.front().at(1).toString().isEmpty(), qPrintable(exported.front().at(1).toString()));
        QFile report(path);
        QVERIFY(report.open(QIODevice::ReadOnly));
        const QByteArray html = report.readAll();
        QVERIFY(html.startsWith("<!DOCTYPE html>"));
        QVERIFY(html.contains("desk-hog"));
    }

    void aSecondViewGetsAResultAtOnce()
    {
        Desk desk(defaultModel(), longLivedOptions(), youngOptions());
        desk.setIntervalMs(60000);
        QSignalSpy results(&desk, &Desk::resultChanged);
        desk.start();
        QVERIFY(results.wait(20000));
        // Started again (a window built later): a scan now, not at the next interval.
        desk.start();
        QVERIFY(results.wait(20000));
        QCOMPARE(results.size(), 2);
        QVERIFY(desk.history().trackedProcesses() > 0);
    }

    // A connection an I/O error broke, though the file is fine (its handles gone stale, as a shared
    // home's file replaced by another machine leaves them), is closed and the file opened again a
    // little later: saving goes on, and the window is told once. Last: the VFS stays the default.
    void theSessionDatabaseComesBackAfterItsConnectionBroke()
    {
        installStaleableFiles();
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        SessionKeeper keeper(path, defaultModel());
        keeper.setAutosaveIntervalMs(0);
        keeper.setReopenDelayMs(300);
        const auto result = live(defaultModel());
        keeper.setLatestSource([result] { return result; });
        QSignalSpy saved(&keeper, &SessionKeeper::saved);
        QSignalSpy reopened(&keeper, &SessionKeeper::reopened);

        QVERIFY(saveOnce(keeper, saved).value(0).toLongLong() > 0);
        makeOpenFilesStale();
        const QList<QVariant> failed = saveOnce(keeper, saved);
        QCOMPARE(failed.value(0).toLongLong(), 0);
        QVERIFY2(failed.value(1).toString().contains(QStringLiteral("I/O")), qPrintable(failed.value(1).toString()));
        QCOMPARE(reopened.size(), 0);
        QTest::qWait(400); // past the first delay
        const QList<QVariant> again = saveOnce(keeper, saved);
        QVERIFY2(again.value(0).toLongLong() > 0, qPrintable(again.value(1).toString()));
        QCOMPARE(reopened.size(), 1);
        QCOMPARE(reopened.first().value(0).toString(), path);
        QVERIFY(saveOnce(keeper, saved).value(0).toLongLong() > 0);
        QCOMPARE(reopened.size(), 1); // said once

        SessionStore store;
        QString error;
        QVERIFY2(store.open(path, SessionStore::Mode::ExistingOnly, &error), qPrintable(error));
        QCOMPARE(store.sessions(0, &error).size(), std::size_t(3)); // the first, and the two after
    }
};

PTRIAGE_ROOM_MAIN(DeskTest)
#include "tst_desk.moc"
