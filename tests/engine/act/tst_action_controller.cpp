// The engine's action path on real processes: what the person saw is re-checked, hard blocks are
// refused, every outcome is journaled with its undo, End escalates TERM → KILL only for the same
// process, and a journal that is not ours is never touched.
#include "act/ActionController.h"
#include "support/CaptureTools.h"
#include "support/FileBytes.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fstream>
#include <sched.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

ProcessIdentity identityOf(const TriageResult &r, int pid)
{
    return r.identityOf(indexOfPid(r, pid));
}

} // namespace

class ActionControllerTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    // One journal per test function.
    QString journalPath() const
    {
        return m_dir.filePath(QString::fromLatin1(QTest::currentTestFunction()) + QStringLiteral(".sqlite"));
    }

private Q_SLOTS:
    void pauseIsJournaledAndUndone()
    {
        Spawner sp;
        const Actor a = sp.spawn({"pausable", {"pausable"}, {}});
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY2(journal.open(journalPath(), &error), qPrintable(error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::Pause;
        req.targets = {identityOf(*r, a.pid)};
        const auto out = controller.run(req, *r);
        QCOMPARE(out.size(), std::size_t(1));
        QCOMPARE(out[0].status, ActStatus::Done);
        QVERIFY(!out[0].viaHelper);
        // A signal takes effect when the target next runs: on a busy machine, not at once.
        QTRY_COMPARE_WITH_TIMEOUT(processState(a.pid), 'T', 5000);
        const auto entry = journal.entry(out[0].journalId);
        QVERIFY(entry);
        QCOMPARE(entry->verb, ActVerb::Pause);
        QCOMPARE(entry->target, req.targets[0]);
        QCOMPARE(entry->undo.value(QStringLiteral("signal")).toString(), QStringLiteral("CONT"));
        QCOMPARE(journal.undoable().size(), std::size_t(1));

        const ActOutcome undone = controller.undo(out[0].journalId);
        QCOMPARE(undone.status, ActStatus::Done);
        QVERIFY(processState(a.pid) != 'T');
        QVERIFY(journal.undoable().empty());
        const ActOutcome again = controller.undo(out[0].journalId);
        QCOMPARE(again.status, ActStatus::Refused);
        QVERIFY2(again.message.english().find("already undone") != std::string::npos, again.message.english().c_str());
    }

    void reniceAndQuarantineUndoFromTheJournal()
    {
        Spawner sp;
        const Actor a = sp.spawn({"cpuhog", {"cpuhog"}, {{"ACTOR_THREADS", "3"}}});
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::Renice;
        req.nice = 17;
        req.targets = {identityOf(*r, a.pid)};
        const int before = ::getpriority(PRIO_PROCESS, static_cast<id_t>(a.pid)); // the test may run niced
        const auto out = controller.run(req, *r);
        QCOMPARE(out[0].status, ActStatus::Done);
        QCOMPARE(::getpriority(PRIO_PROCESS, static_cast<id_t>(a.pid)), 17);
        QCOMPARE(controller.undo(out[0].journalId).status, ActStatus::Done); // the journal kept an int, not a double
        QCOMPARE(::getpriority(PRIO_PROCESS, static_cast<id_t>(a.pid)), before);

        req.verb = ActVerb::Quarantine;
        req.cpus = {0};
        const auto q = controller.run(req, *r);
        QCOMPARE(q[0].status, ActStatus::Done);
        cpu_set_t set;
        CPU_ZERO(&set);
        QCOMPARE(::sched_getaffinity(a.pid, sizeof set, &set), 0);
        QCOMPARE(CPU_COUNT(&set), 1);
        QCOMPARE(controller.undo(q[0].journalId).status, ActStatus::Done);
        QCOMPARE(::sched_getaffinity(a.pid, sizeof set, &set), 0);
        QCOMPARE(CPU_COUNT(&set), static_cast<int>(::sysconf(_SC_NPROCESSORS_ONLN)));
    }

    void endGivesTermAGraceThenKills()
    {
        Spawner sp;
        const Actor polite = sp.spawn({"polite", {"polite"}, {}});
        const Actor stubborn = sp.spawn({"stubborn", {"stubborn"}, {{"ACTOR_IGNORE_TERM", "1"}}});
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::End;
        req.endTimeoutMs = 400;
        req.targets = {identityOf(*r, polite.pid), identityOf(*r, stubborn.pid)};
        const auto out = controller.run(req, *r);
        QCOMPARE(out[0].status, ActStatus::Done);
        QVERIFY2(out[0].message.english().find("SIGTERM") != std::string::npos, out[0].message.english().c_str());
        QCOMPARE(out[1].status, ActStatus::Done);
        QVERIFY2(out[1].message.english().find("SIGKILL") != std::string::npos, out[1].message.english().c_str());
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(polite.pid), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(stubborn.pid), 5000);
        QVERIFY(out[0].undo.isEmpty()); // nothing to undo after an end
    }

    // A stopped job (Ctrl-Z) gets SIGTERM only once it runs: End continues it, so it ends on TERM (its
    // own clean-up) long before the grace period, never by KILL.
    void endContinuesAStoppedProcessSoTermReachesIt()
    {
        Spawner sp;
        const Actor job = sp.spawn({"stopped-job", {"stopped-job"}, {}});
        QCOMPARE(::kill(job.pid, SIGSTOP), 0);
        QTRY_COMPARE_WITH_TIMEOUT(processState(job.pid), 'T', 5000);
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::End;
        req.endTimeoutMs = 60'000; // without the CONT: a minute's wait, then KILL
        req.targets = {identityOf(*r, job.pid)};
        const auto out = controller.run(req, *r);
        QCOMPARE(out[0].status, ActStatus::Done);
        QVERIFY2(out[0].message.english().find("SIGTERM") != std::string::npos
                && out[0].message.english().find("SIGKILL") == std::string::npos
                && out[0].message.english().find("stopped") != std::string::npos,
            out[0].message.english().c_str());
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(job.pid), 5000);
    }

    void hardBlocksAndStaleTargetsAreRefused()
    {
        Spawner sp;
        const Actor zombieParent = sp.spawn({"zparent", {"zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        const Actor gone = sp.spawn({"shortlived", {"shortlived"}, {}});
        const Actor target = sp.spawn({"target", {"target"}, {}});
        const auto r = live(defaultModel(), 0.0);
        ::kill(gone.pid, SIGKILL); // after the scan, before the action
        QTRY_VERIFY(hasEnded(gone.pid));
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::Kill;
        ProcessIdentity stale = identityOf(*r, target.pid);
        stale.startTicks -= 1; // the same PID in another life
        req.targets = {identityOf(*r, 1), identityOf(*r, zombieParent.zombiePid), stale, identityOf(*r, gone.pid)};
        const auto out = controller.run(req, *r);
        QCOMPARE(out[0].status, ActStatus::Refused);
        QVERIFY2(out[0].message.english().find("protected") != std::string::npos, out[0].message.english().c_str());
        QCOMPARE(out[1].status, ActStatus::Refused);
        QVERIFY2(out[1].message.english().find(std::to_string(zombieParent.pid)) != std::string::npos,
            out[1].message.english().c_str());
        QCOMPARE(out[2].status, ActStatus::Refused);
        QVERIFY2(out[2].message.english().find("refresh") != std::string::npos, out[2].message.english().c_str());
        QVERIFY(out[3].status == ActStatus::NoSuchProcess || out[3].status == ActStatus::Refused);
        QVERIFY(!hasEnded(target.pid)); // the live process behind the stale identity was never touched
        QCOMPARE(journal.recent().size(), std::size_t(4)); // refusals are journaled too
    }

    void aZombieIsNeverSignalledItsParentIsAsked()
    {
        Spawner sp;
        const Actor zp = sp.spawn({"zparent", {"zparent"}, {{"ACTOR_ZOMBIE", "1"}}});
        QVERIFY(zp.zombiePid > 0);
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::Reap;
        req.targets = {identityOf(*r, zp.zombiePid), identityOf(*r, zp.pid)};
        const auto out = controller.run(req, *r);
        // The test actor never reaps: SIGCHLD reaches it (it ignores it), the zombie stays, and the
        // message points at the parent.
        QCOMPARE(out[0].status, ActStatus::Done);
        QVERIFY2(out[0].message.english().find("does not collect") != std::string::npos
                && out[0].message.english().find(std::to_string(zp.pid)) != std::string::npos,
            out[0].message.english().c_str());
        QCOMPARE(processState(zp.zombiePid), 'Z');
        QVERIFY(processState(zp.pid) == 'S' || processState(zp.pid) == 'R');
        QCOMPARE(out[1].status, ActStatus::Refused); // not a zombie
        QVERIFY2(out[1].message.english().find("not a zombie") != std::string::npos, out[1].message.english().c_str());
    }

    // Rows as earlier versions wrote them (statuses in words, "undo VERB"; imported as they are from
    // an old journal) read as the same vocabulary; a row whose target is not an identity is never
    // offered for undo.
    void olderJournalRowsAreRead()
    {
        const QString path = journalPath();
        {
            ActionJournal created;
            QString error;
            QVERIFY2(created.open(path, &error), qPrintable(error));
        }
        const std::string id = "d34496c8-665d-4e37-9394-f9a50e96cf14:98765:4242";
        const std::string rows = "INSERT INTO actions (at_ms, user, verb, target, command, status, message,"
                                 " via_helper, undo) VALUES"
                                 " (1, 'u', 'freeze', '"
            + id
            + "', 'x', 'done', 'm', 0, '{\"verb\":\"thaw\"}'),"
              " (2, 'u', 'undo freeze', '"
            + id
            + "', 'x', 'no such process', 'm', 1, ''),"
              " (3, 'u', 'freeze', '4242', 'x', 'done', 'm', 0, '{\"verb\":\"thaw\"}');";
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, rows.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);

        ActionJournal journal;
        QString error;
        QVERIFY2(journal.open(path, &error), qPrintable(error));
        const auto recent = journal.recent();
        QCOMPARE(recent.size(), std::size_t(2)); // the bare pid is not an identity
        QCOMPARE(recent[0].verb, ActVerb::Freeze);
        QVERIFY(recent[0].undoing);
        QCOMPARE(recent[0].status, ActStatus::NoSuchProcess);
        QCOMPARE(recent[0].target.toString(), id);
        QCOMPARE(recent[1].status, ActStatus::Done);
        QVERIFY(!recent[1].undoing);
        const auto undoable = journal.undoable();
        QCOMPARE(undoable.size(), std::size_t(1));
        QCOMPARE(undoable[0].id, recent[1].id);
    }

    void aJournalThatIsNotOursIsNeverTouched()
    {
        const QString garbage = m_dir.filePath(QStringLiteral("garbage.sqlite"));
        {
            QFile f(garbage);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(4096, 'x'));
        }
        const QByteArray before = bytesOf(garbage);
        ActionJournal journal;
        QString error;
        QVERIFY(!journal.open(garbage, &error));
        QVERIFY2(error.contains(garbage) && error.contains(QStringLiteral("left as it is")), qPrintable(error));
        QCOMPARE(bytesOf(garbage), before);

        const QString foreign = m_dir.filePath(QStringLiteral("foreign.sqlite"));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(foreign.toUtf8().constData(), &db), SQLITE_OK);
        QCOMPARE(sqlite3_exec(db, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep me');", nullptr,
                     nullptr, nullptr),
            SQLITE_OK);
        sqlite3_close(db);
        const QByteArray foreignBefore = bytesOf(foreign);
        ActionJournal other;
        QVERIFY(!other.open(foreign, &error));
        QVERIFY2(error.contains(QStringLiteral("not a ptriage session store")), qPrintable(error));
        QCOMPARE(bytesOf(foreign), foreignBefore);

        // Without a journal nothing is done.
        Spawner sp;
        const Actor a = sp.spawn({"untouched", {"untouched"}, {}});
        const auto r = live(defaultModel(), 0.0);
        ActionController controller(nullptr, other);
        ActRequest req;
        req.verb = ActVerb::Pause;
        req.targets = {identityOf(*r, a.pid)};
        const auto out = controller.run(req, *r);
        QCOMPARE(out[0].status, ActStatus::Refused);
        QVERIFY(processState(a.pid) != 'T');
    }

    void freezeAndThawThroughTheJournal()
    {
        if (::geteuid() != 0)
            QSKIP("freezing needs root here (cgroups are root's)");
        Spawner sp;
        const Actor a = sp.spawn({"freezable", {"freezable"}, {{"ACTOR_SPIN", "1"}}});
        const auto r = live(defaultModel(), 0.0);
        ActionJournal journal;
        QString error;
        QVERIFY(journal.open(journalPath(), &error));
        ActionController controller(nullptr, journal);
        ActRequest req;
        req.verb = ActVerb::Freeze;
        req.targets = {identityOf(*r, a.pid)};
        const auto out = controller.run(req, *r);
        if (out[0].status == ActStatus::Failed && out[0].message.english().find("freezer") != std::string::npos)
            QSKIP("no cgroup freezer on this machine");
        QCOMPARE(out[0].status, ActStatus::Done);
        const auto undoable = journal.undoable();
        QVERIFY(std::any_of(undoable.begin(), undoable.end(), [&](const auto &e) { return e.id == out[0].journalId; }));
        QCOMPARE(controller.undo(out[0].journalId).status, ActStatus::Done);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(ActionControllerTest)
#include "tst_action_controller.moc"
