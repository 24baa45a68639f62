// The Sessions window with the real engine and a real SQLite file: a shell starts 2 workers, a
// session is saved (Ctrl+S's path, off the GUI thread), the shell starts 4 more, another session is
// saved, and the shell is killed; the window compares the first session with now and shows the transitions, the
// accumulation, the timeline and both sides of a process, and acting from a row goes through the normal confirmation.
#include "acting/ActionDialog.h"
#include "desk/Desk.h"
#include "sessions/LearnedDialog.h"
#include "sessions/SessionSidePane.h"
#include "sessions/SessionTimeline.h"
#include "sessions/SessionsWindow.h"
#include "sessions/TransitionModel.h"
#include "support/CaptureTools.h"
#include "support/FileBytes.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"
#include "window/MainWindow.h"
#include "window/SidePanes.h"

#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// The children of `pid` that are workers (`sleep 318`), not the shell's polling `sleep 0.05`.
std::vector<int> childrenOf(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children");
    std::vector<int> out;
    int c = 0;
    while (in >> c) {
        std::ifstream cmdline("/proc/" + std::to_string(c) + "/cmdline");
        const std::string cmd((std::istreambuf_iterator<char>(cmdline)), std::istreambuf_iterator<char>());
        if (cmd == std::string("sleep") + '\0' + "318" + '\0')
            out.push_back(c);
    }
    return out;
}

bool inResult(const MainWindow &w, int pid)
{
    const auto r = w.shownResult();
    return r && r->snapshot->byPid(pid) != nullptr;
}

} // namespace

class SessionsWindowTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void comparesASavedSessionWithNow()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        const std::string flag = dir.filePath(QStringLiteral("more")).toStdString();
        const int parent = spawner.spawnProgram({"/bin/sh", "-c",
            "for i in 1 2; do sleep 318 & done; while [ ! -e " + flag
                + " ]; do sleep 0.05; done; for i in 1 2 3 4; do sleep 318 & done; wait"});
        QVERIFY(parent > 0);
        QTRY_COMPARE_WITH_TIMEOUT(childrenOf(parent).size(), std::size_t(2), 5000);
        const std::vector<int> first = childrenOf(parent);
        for (int c : first)
            spawner.adopt(c);

        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        w.resize(1200, 800);
        w.show();
        desk.sessions().setAutosaveMinutes(0);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(inResult(w, first[0]) && inResult(w, first[1]), 20000);
        QSignalSpy saved(&desk.sessions(), &SessionKeeper::saved);
        desk.sessions().saveNow();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        QVERIFY2(saved[0][0].toLongLong() > 0, qPrintable(saved[0][1].toString()));
        QCOMPARE(saved[0][2].toBool(), false); // asked for, not automatic
        QVERIFY(QFile::exists(db));

        // Four more workers, then the shell is killed: six orphans, two of them already saved.
        std::ofstream(flag).put('x');
        QTRY_COMPARE_WITH_TIMEOUT(childrenOf(parent).size(), std::size_t(6), 5000);
        std::vector<int> later;
        for (int c : childrenOf(parent))
            if (std::find(first.begin(), first.end(), c) == first.end()) {
                later.push_back(c);
                spawner.adopt(c);
            }
        // Saved again with all six (an autosave would), then the shell is killed.
        QTRY_VERIFY_WITH_TIMEOUT(inResult(w, later[3]), 20000);
        desk.sessions().saveNow();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 2, 20000);
        QVERIFY(saved[1][0].toLongLong() > saved[0][0].toLongLong());
        ::kill(parent, SIGKILL);
        ::waitpid(parent, nullptr, 0);
        QTRY_VERIFY_WITH_TIMEOUT(!inResult(w, parent), 20000);

        // Default: the latest saved session with now; asked for here: the first with now.
        SessionsWindow *sw = w.showSessions();
        QTRY_VERIFY_WITH_TIMEOUT(sw->comparison() != nullptr, 20000);
        QCOMPARE(sw->comparison()->before.info.id, saved[1][0].toLongLong());
        sw->compare(saved[0][0].toLongLong(), 0);
        QTRY_VERIFY_WITH_TIMEOUT(sw->comparison()->before.info.id == saved[0][0].toLongLong(), 20000);
        const SessionComparison &c = *sw->comparison();
        QCOMPARE(c.before.info.id, saved[0][0].toLongLong());
        QCOMPARE(c.after.info.id, 0); // now
        QVERIFY2(sw->status().contains(QStringLiteral("newly orphaned")), qPrintable(sw->status()));
        QCOMPARE(sw->timeline()->pointCount(), 3); // both saved sessions and now

        // Every change: the four new workers appeared, the shell exited, the two first ones orphaned.
        auto rowsOf = [&](int pid) {
            QList<Transition> kinds;
            for (int r = 0; r < sw->transitions()->rowCount(); ++r)
                if (sw->transitions()->entry(r)->identity.pid == pid)
                    kinds << sw->transitions()->entry(r)->transition;
            return kinds;
        };
        for (int p : later)
            QCOMPARE(rowsOf(p), QList<Transition>{Transition::Appeared});
        for (int p : first)
            QCOMPARE(rowsOf(p), QList<Transition>{Transition::NewlyOrphaned});
        QCOMPARE(rowsOf(parent), QList<Transition>{Transition::Exited});

        // Filtered to one kind: only that kind, and the two orphans among them.
        sw->kindFilter()->setCurrentIndex(sw->kindFilter()->findData(static_cast<int>(Transition::NewlyOrphaned)));
        QVERIFY(sw->transitions()->rowCount() >= 2);
        for (int r = 0; r < sw->transitions()->rowCount(); ++r)
            QCOMPARE(sw->transitions()->entry(r)->transition, Transition::NewlyOrphaned);
        QCOMPARE(rowsOf(first[0]).size(), 1);

        // What keeps spawning these: sleep workers of a shell that is gone, 2 → 6.
        bool found = false;
        for (int r = 0; r < sw->accumulationTable()->rowCount(); ++r) {
            auto text = [&](int col) { return sw->accumulationTable()->item(r, col)->text(); };
            if (text(0) == QStringLiteral("sleep N") && text(1).startsWith(QStringLiteral("sh -c"))) {
                found = true;
                QCOMPARE(text(3), QStringLiteral("2 → 6"));
                QVERIFY2(text(1).endsWith(QStringLiteral("(gone)")), qPrintable(text(1)));
            }
        }
        QVERIFY(found);

        // Both sides of an orphan: then a child of the shell, now orphaned.
        int orphanRow = -1;
        for (int r = 0; r < sw->transitionView()->model()->rowCount(); ++r)
            if (sw->transitionView()->model()->index(r, TransitionModel::Pid).data().toInt() == first[0])
                orphanRow = r;
        QVERIFY(orphanRow >= 0);
        sw->transitionView()->selectRow(orphanRow);
        QVERIFY2(sw->sidePane()->sideText(0).contains(QStringLiteral("PID %1, state").arg(first[0])),
            qPrintable(sw->sidePane()->sideText(0)));
        QVERIFY(!sw->sidePane()->sideText(0).contains(QStringLiteral("orphaned")));
        // A transition's sides scroll: the window still fits a 1366×768 screen (its title bar and a
        // panel included), its Spare and End buttons on it.
        QCoreApplication::processEvents();
        QVERIFY2(sw->minimumSizeHint().height() <= 700 && sw->minimumSizeHint().width() <= 1366,
            qPrintable(QStringLiteral("%1×%2").arg(sw->minimumSizeHint().width()).arg(sw->minimumSizeHint().height())));
        QVERIFY2(
            sw->sidePane()->sideText(1).contains(QStringLiteral("orphaned")), qPrintable(sw->sidePane()->sideText(1)));

        // Acting from the row asks first, over the Sessions window; cancelling leaves it running.
        QPushButton *endButton = nullptr;
        for (auto *b : sw->sidePane()->findChildren<QPushButton *>())
            if (b->text().contains(QStringLiteral("End")))
                endButton = b;
        QVERIFY(endButton && endButton->isEnabled());
        endButton->click();
        ActionDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = sw->findChild<ActionDialog *>()) != nullptr, 5000);
        QCOMPARE(dialog->request().targets.size(), std::size_t(1));
        QCOMPARE(dialog->request().targets.front().pid, first[0]);
        dialog->reject();
        QTest::qWait(300);
        QVERIFY(processState(first[0]) != '?');
        QVERIFY(!hasEnded(first[0]));
    }

    void sparingTeachesTheVerdictAndForgettingUndoesIt()
    {
        // Two idle orphans with one distinctive command: the person spares both.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Spawner spawner;
        std::vector<int> pids;
        for (int i = 0; i < 3; ++i)
            pids.push_back(spawner
                               .spawn({"nightly-cache-warmer", {"nightly-cache-warmer", "--pool", "7"}, {},
                                   Parenting::OrphanNoSession})
                               .pid);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        desk.sessions().setAutosaveMinutes(0);
        w.show();
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(inResult(w, pids[0]) && inResult(w, pids[1]) && inResult(w, pids[2]), 20000);
        auto termOf = [&](int pid) -> std::optional<EvidenceTerm> {
            const auto r = w.shownResult();
            const auto it = r->snapshot->indexByPid.find(pid);
            if (it == r->snapshot->indexByPid.end())
                return std::nullopt;
            for (const EvidenceTerm &t : ledgerOf(*r, static_cast<int>(it->second), defaultModel()))
                if (t.term == "past_decisions")
                    return t;
            return std::nullopt;
        };
        QVERIFY(!termOf(pids[2]));
        const auto identityOf = [&](int pid) { return w.shownResult()->snapshot->byPid(pid)->id; };
        QSignalSpy recorded(&desk.sessions(), &SessionKeeper::decisionsRecorded);
        desk.spare({identityOf(pids[0]), identityOf(pids[1])});
        QTRY_COMPARE_WITH_TIMEOUT(recorded.size(), 1, 10000);
        QCOMPARE(recorded[0][0].toInt(), 2);
        QVERIFY2(recorded[0][1].toString().isEmpty(), qPrintable(recorded[0][1].toString()));

        // The third one, never decided on, now carries the term: toward useful, with the pattern.
        QTRY_VERIFY_WITH_TIMEOUT(termOf(pids[2]).has_value(), 20000);
        const auto t = termOf(pids[2]);
        QCOMPARE(t->favors, ProcessClass::Useful);
        QVERIFY2(t->detail.english().find("nightly-cache-warmer") != std::string::npos, t->detail.english().c_str());
        QVERIFY2(t->detail.english().find("spared 2") != std::string::npos, t->detail.english().c_str());

        // The dialog lists the pattern; clearing (after a confirmation) forgets it, and the term goes.
        w.showLearned();
        LearnedDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = w.findChild<LearnedDialog *>()) != nullptr, 5000);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->table()->rowCount() >= 1, 10000);
        bool listed = false;
        for (int r = 0; r < dialog->table()->rowCount(); ++r)
            listed = listed || dialog->table()->item(r, 0)->text().contains(QStringLiteral("nightly-cache-warmer"));
        QVERIFY(listed);
        QSignalSpy changed(dialog, &LearnedDialog::changed);
        QPushButton *clear = nullptr;
        for (auto *b : dialog->findChildren<QPushButton *>())
            if (b->text().contains(QStringLiteral("Clear")))
                clear = b;
        QVERIFY(clear);
        clear->click();
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = dialog->findChild<QMessageBox *>()) != nullptr, 5000);
        QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
        box->button(QMessageBox::Yes)->click();
        QTRY_COMPARE_WITH_TIMEOUT(changed.size(), 1, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(dialog->table()->rowCount(), 0, 10000);
        desk.refreshNow();
        QTRY_VERIFY_WITH_TIMEOUT(!termOf(pids[2]).has_value(), 20000);
    }

    void savesAutomaticallyAndKeepsTheViewedSessions()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        QSignalSpy saved(&desk.sessions(), &SessionKeeper::saved);
        desk.sessions().setAutosaveIntervalMs(300);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(saved.size() >= 2, 20000);
        for (const auto &s : saved) {
            QVERIFY2(s[0].toLongLong() > 0, qPrintable(s[1].toString()));
            QCOMPARE(s[2].toBool(), true);
        }
        desk.sessions().setAutosaveIntervalMs(0);
        QTest::qWait(500); // a save in progress finishes
        SessionStore store;
        QString error;
        QVERIFY(store.open(db, SessionStore::Mode::ExistingOnly, &error));
        const auto listed = store.sessions(0, &error);
        QVERIFY(listed.size() >= 2);

        // Retention: with sessions "older" than the limit, the ones viewed stay.
        desk.sessions().setKeepDays(1e-9);
        desk.sessions().setViewing(listed[0].id, 0);
        saved.clear();
        desk.sessions().saveNow();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        const long long newest = saved[0][0].toLongLong();
        QVERIFY(newest > 0);
        std::vector<long long> ids;
        for (const auto &s : store.sessions(0, &error))
            ids.push_back(s.id);
        QCOMPARE(ids, (std::vector<long long>{listed[0].id, newest}));
    }

    // File → Export report… (Ctrl+E): the latest result, the diff against the session saved
    // before it and the offer to open it; a folder that does not exist is an error and writes nothing.
    void exportsTheReportWithTheDiff()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        desk.sessions().setAutosaveMinutes(0);
        w.show();
        bool hasShortcut = false;
        for (QAction *a : w.findChildren<QAction *>())
            hasShortcut |= a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_E);
        QVERIFY(hasShortcut);
        w.start();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1, 20000);
        QSignalSpy saved(&desk.sessions(), &SessionKeeper::saved);
        desk.sessions().saveNow();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        QVERIFY(saved[0][0].toLongLong() > 0);
        Spawner spawner;
        const Actor newcomer
            = spawner.spawn({"ptriage-newrep", {"ptriage-newrep", "<b>bold</b>"}, {}, Parenting::Child});
        QVERIFY(newcomer.pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(inResult(w, newcomer.pid), 20000);

        QSignalSpy exported(&desk.sessions(), &SessionKeeper::reportExported);
        const QString path = dir.filePath(QStringLiteral("report.html"));
        w.exportReport(path);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, 20000);
        QVERIFY2(exported[0][1].toString().isEmpty(), qPrintable(exported[0][1].toString()));
        QVERIFY2(exported[0][2].toString().isEmpty(), qPrintable(exported[0][2].toString()));
        const QByteArray page = bytesOf(path);
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QVERIFY(page.contains("id=\"diff\""));
        QVERIFY(page.contains("\"><td>" + QByteArray::number(newcomer.pid) + "<td>ptriage-newrep"));
        QVERIFY(page.contains("ptriage-newrep &lt;b&gt;bold&lt;/b&gt;"));
        QVERIFY(page.contains("data-transition=\"appeared\""));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox *>(QStringLiteral("reportWritten"))) != nullptr);
        QVERIFY(box->text().contains(path));
        QVERIFY(
            box->defaultButton() && box->defaultButton()->text().remove(QLatin1Char('&')) == QStringLiteral("Open"));
        box->close();

        const QString nowhere = dir.filePath(QStringLiteral("no/such/folder/report.html"));
        w.exportReport(nowhere);
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 2, 20000);
        QVERIFY(!exported[1][1].toString().isEmpty());
        QVERIFY(!QFile::exists(nowhere));
        QMessageBox *error = nullptr;
        QTRY_VERIFY((error = w.findChild<QMessageBox *>()) != nullptr && error->icon() == QMessageBox::Warning);
        error->close();
    }

    void refusedDatabaseLosesNothing()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        {
            QFile f(db);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray("these are my notes, not a database\n").repeated(200));
        }
        const QByteArray before = bytesOf(db);
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        desk.sessions().setAutosaveMinutes(0);
        w.show();
        QSignalSpy applied(&w, &MainWindow::resultApplied);
        w.start();
        QTRY_VERIFY_WITH_TIMEOUT(applied.size() >= 1, 20000);
        QSignalSpy saved(&desk.sessions(), &SessionKeeper::saved);
        desk.sessions().saveNow();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, 20000);
        QCOMPARE(saved[0][0].toLongLong(), 0);
        QVERIFY2(saved[0][1].toString().contains(db), qPrintable(saved[0][1].toString()));
        QMessageBox *box = nullptr;
        QTRY_VERIFY((box = w.findChild<QMessageBox *>()) != nullptr);
        QCOMPARE(box->text(), saved[0][1].toString());
        box->close();
        SessionsWindow *sw = w.showSessions();
        QTRY_VERIFY_WITH_TIMEOUT(sw->status().startsWith(QStringLiteral("Cannot read the sessions")), 20000);
        QCOMPARE(bytesOf(db), before);
    }

    void noSessionsYetSaysHowToSaveOne()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("none.sqlite"));
        Desk desk(defaultModel(), longLivedOptions(), youngOptions(), db);
        MainWindow w(desk);
        desk.sessions().setAutosaveMinutes(0);
        SessionsWindow *sw = w.showSessions();
        QTRY_VERIFY_WITH_TIMEOUT(sw->status().startsWith(QStringLiteral("No sessions saved yet")), 20000);
        QCOMPARE(sw->sessionList()->rowCount(), 1); // now, and nothing to compare it with
        QVERIFY(!QFile::exists(db)); // looking does not create it
    }
};

PTRIAGE_ROOM_MAIN(SessionsWindowTest)
#include "tst_sessions_window.moc"
