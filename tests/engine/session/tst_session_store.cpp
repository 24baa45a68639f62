// The session database as a file on disk: saving, loading, interning, retention, and files it must
// refuse (corrupt, foreign, newer) without changing a byte; a writer killed at random leaves only
// complete sessions.
#include "SyntheticSession.h"
#include "session/database/SessionStore.h"
#include "session/database/StoreEncoding.h"
#include "support/CaptureTools.h"
#include "support/FileBytes.h"
#include "support/TestRoom.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <poll.h>
#include <random>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(bytes);
}

void rawExec(const QString &path, const char *sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
}

// Every session the store lists loads whole: as many processes as its row says, each with its texts.
QString incompleteSession(const SessionStore &store, bool everyTextSet = true)
{
    QString error;
    const auto list = store.sessions(0, &error);
    if (!error.isEmpty())
        return error;
    for (const auto &info : list) {
        const auto s = store.load(info.id, &error);
        if (!s)
            return error;
        if (static_cast<int>(s->processes.size()) != info.processCount)
            return QStringLiteral("session %1: %2 processes stored, %3 in its row")
                .arg(info.id)
                .arg(s->processes.size())
                .arg(info.processCount);
        for (const auto &p : s->processes)
            if (everyTextSet && (p.argv.empty() || p.cwd.empty() || p.user.empty()))
                return QStringLiteral("session %1: process %2 lost an interned text").arg(info.id).arg(p.pid);
    }
    return {};
}

} // namespace

class SessionStoreTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void savesAndLoadsALiveScan()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        SessionStore store;
        QString error;
        QVERIFY2(store.open(path, SessionStore::Mode::Create, &error), qPrintable(error));
        const auto result = live(defaultModel());
        const Session session = sessionFromTriage(*result, defaultModel());
        const long long id = store.save(session, &error);
        QVERIFY2(id > 0, qPrintable(error));
        const auto loaded = store.load(id, &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->info.processCount, static_cast<int>(result->snapshot->processes.size()));
        QCOMPARE(loaded->processes.size(), session.processes.size());
        QVERIFY(loaded->info.bootId == result->snapshot->system.bootId);
        QCOMPARE(loaded->info.host, session.info.host);
        // Ours, by identity, with what it was saved with.
        const int self = static_cast<int>(::getpid());
        const auto mine = std::find_if(
            loaded->processes.begin(), loaded->processes.end(), [&](const SessionProcess &p) { return p.pid == self; });
        QVERIFY(mine != loaded->processes.end());
        const Sample *sample = result->snapshot->byPid(self);
        QCOMPARE(mine->startTicks, sample->id.startTicks);
        QCOMPARE(mine->ppid, sample->ppid);
        QCOMPARE(mine->cwd, sample->details->cwd);
        QCOMPARE(mine->argv, sample->details->cmdline);
        QCOMPARE(mine->rssBytes, sample->rssBytes);
        QCOMPARE(incompleteSession(store, false), QString());
        for (std::size_t i = 0; i < session.processes.size(); ++i) {
            const auto &x = session.processes[i]; // saved in scan order, loaded by pid
            const auto y = std::find_if(loaded->processes.begin(), loaded->processes.end(),
                [&](const SessionProcess &p) { return p.pid == x.pid; });
            QVERIFY(y != loaded->processes.end());
            QCOMPARE(y->argv, x.argv);
            QCOMPARE(y->cgroup, x.cgroup);
            QCOMPARE(y->user, x.user);
            QCOMPARE(y->classification, x.classification);
            QCOMPARE(y->action, x.action);
            QCOMPARE(y->gates, x.gates);
            QVERIFY(y->ledger == x.ledger);
        }
        // The ledger without sentences reads back term by term, as the scan had it.
        const Ledger ledger
            = ledgerOf(*result, static_cast<int>(result->snapshot->indexByPid.at(self)), defaultModel());
        const auto &terms = mine->ledger;
        QCOMPARE(terms.size(), ledger.size());
        QVERIFY(!terms.empty());
        for (std::size_t k = 0; k < terms.size(); ++k) {
            QCOMPARE(terms[k].term, ledger[k].term);
            QCOMPARE(terms[k].favors, ledger[k].favors);
            QVERIFY(std::abs(terms[k].bits - ledger[k].bits) <= 0.05 + 1e-9);
        }
        QVERIFY(store_encoding::decodeLedger("cpu\tnot-a-class\nbroken line\nage\t1.5\tabandoned\n").size() == 1);
        // A second store on the same file sees it (WAL, committed).
        SessionStore other;
        QVERIFY(other.open(path, SessionStore::Mode::ExistingOnly, &error));
        QCOMPARE(other.sessions(0, &error).size(), std::size_t(1));
    }

    void internedTextsMakeASecondSessionSmall()
    {
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        const long long empty = store.usedBytes();
        // The live machine, twice.
        QVERIFY(store.save(sessionFromTriage(*live(defaultModel()), defaultModel()), &error) > 0);
        const long long first = store.usedBytes() - empty;
        const long long before = store.usedBytes();
        QVERIFY(store.save(sessionFromTriage(*live(defaultModel()), defaultModel()), &error) > 0);
        const long long second = store.usedBytes() - before;
        qInfo("live machine: first session %lld bytes, second %lld bytes", first, second);
        QVERIFY2(second < first, qPrintable(QStringLiteral("%1 vs %2").arg(second).arg(first)));
        // 2,000 processes with long, mostly distinct command lines, as on a machine running node or java.
        const long long b0 = store.usedBytes();
        QVERIFY(store.save(syntheticSession(2000, 600, 2000), &error) > 0);
        const long long g1 = store.usedBytes() - b0;
        const long long b1 = store.usedBytes();
        QVERIFY(store.save(syntheticSession(2000, 600, 2000, 1'700'000'900'000), &error) > 0);
        const long long g2 = store.usedBytes() - b1;
        qInfo("2,000 long commands: first session %lld bytes, second %lld bytes", g1, g2);
        QVERIFY2(g2 * 3 < g1, qPrintable(QStringLiteral("%1 vs %2").arg(g2).arg(g1)));
    }

    void retentionKeepsTheViewedSession()
    {
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        const std::int64_t day = 86400000;
        const std::int64_t now = 1'800'000'000'000;
        const long long old1 = store.save(syntheticSession(20, 100, 20, now - 40 * day), &error);
        const long long old2 = store.save(syntheticSession(20, 100, 20, now - 35 * day), &error);
        Session fresh = syntheticSession(20, 100, 20, now - day);
        for (auto &p : fresh.processes)
            p.cwd = "/srv/other"; // texts only the old sessions used must go with them
        const long long recent = store.save(fresh, &error);
        QVERIFY(old1 > 0 && old2 > 0 && recent > 0);
        QCOMPARE(store.prune(30, {old2}, &error, now), 1);
        const auto left = store.sessions(0, &error);
        QCOMPARE(left.size(), std::size_t(2));
        QCOMPARE(left[0].id, old2);
        QCOMPARE(left[1].id, recent);
        QCOMPARE(incompleteSession(store), QString());
        QCOMPARE(store.prune(30, {}, &error, now), 1);
        QCOMPARE(incompleteSession(store), QString());
        QCOMPARE(store.load(recent, &error)->processes.front().cwd, std::string("/srv/other"));
    }

    void refusesFilesItDoesNotOwn_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text file") << "text"
                                   << "not an SQLite database";
        QTest::newRow("garbage after the header") << "garbage"
                                                  << "damaged or not a database";
        QTest::newRow("damaged store") << "damaged"
                                       << "damaged or not a database";
        QTest::newRow("foreign database") << "foreign"
                                          << "not a ptriage session store";
        QTest::newRow("newer schema") << "newer"
                                      << "newer ptriage";
    }

    void refusesFilesItDoesNotOwn()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        if (kind == QLatin1String("text")) {
            writeFile(path, "just some notes\n");
        } else if (kind == QLatin1String("garbage")) {
            QByteArray bytes("SQLite format 3", 16);
            std::mt19937 rng(7);
            for (int i = 0; i < 8192; ++i)
                bytes.append(static_cast<char>(rng()));
            writeFile(path, bytes);
        } else if (kind == QLatin1String("foreign")) {
            rawExec(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes VALUES (1, 'x');");
        } else {
            {
                SessionStore store;
                QString error;
                QVERIFY(store.open(path, SessionStore::Mode::Create, &error));
                QVERIFY(store.save(syntheticSession(300), &error) > 0);
            }
            rawExec(path, "PRAGMA journal_mode = DELETE;");
            if (kind == QLatin1String("newer")) {
                rawExec(path, "PRAGMA user_version = 99;");
            } else {
                // Keep the header, wreck the schema page.
                QByteArray bytes = bytesOf(path);
                for (int i = 100; i < 4096; ++i)
                    bytes[i] = static_cast<char>(0xA5);
                writeFile(path, bytes);
            }
        }
        const QByteArray before = bytesOf(path);
        QVERIFY(!before.isEmpty());
        for (auto mode : {SessionStore::Mode::Create, SessionStore::Mode::ExistingOnly}) {
            SessionStore store;
            QString error;
            QVERIFY(!store.open(path, mode, &error));
            QVERIFY2(error.contains(expected), qPrintable(error));
            QVERIFY2(error.startsWith(path) && !error.contains(QLatin1Char('\n')), qPrintable(error));
            QVERIFY(!store.isOpen());
        }
        QCOMPARE(bytesOf(path), before);
        QVERIFY(!QFile::exists(path + QStringLiteral("-wal")));
    }

    void missingFileIsNotCreatedForReading()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("none.sqlite"));
        SessionStore store;
        QString error;
        QVERIFY(!store.open(path, SessionStore::Mode::ExistingOnly, &error));
        QVERIFY2(error.contains(QStringLiteral("no sessions saved yet")), qPrintable(error));
        QVERIFY(!QFile::exists(path));
    }

    void fullDiskLeavesNoPartialSession()
    {
        QTemporaryDir dir;
        SessionStore store;
        QString error;
        QVERIFY(store.open(dir.filePath(QStringLiteral("s.sqlite")), SessionStore::Mode::Create, &error));
        QVERIFY(store.save(syntheticSession(200), &error) > 0);
        // Room for a few pages more, not for 3,000 processes.
        store.setMaxPageCount(store.usedBytes() / 4096 + 8);
        QCOMPARE(store.save(syntheticSession(3000, 300, 3000), &error), 0LL);
        QVERIFY2(error.contains(QStringLiteral("disk is full")), qPrintable(error));
        QCOMPARE(store.sessions(0, &error).size(), std::size_t(1));
        QCOMPARE(incompleteSession(store), QString());
        // The store still works once there is room again.
        store.setMaxPageCount(1 << 30);
        QVERIFY(store.save(syntheticSession(3000, 300, 3000), &error) > 0);
        QCOMPARE(incompleteSession(store), QString());
    }

    void writerKilledAtRandomLeavesOnlyCompleteSessions()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("s.sqlite"));
        std::mt19937 rng(12345);
        // 200 rounds, or as many as fit in 120 s (at least 20): a loaded machine starts each writer
        // late, and the function must stay well inside QtTest's 300-s limit whatever the load.
        QElapsedTimer clock;
        clock.start();
        int round = 0;
        for (; round < 200 && (round < 20 || clock.elapsed() < 120000); ++round) {
            int out[2];
            QVERIFY(::pipe(out) == 0);
            const pid_t child = ::fork();
            QVERIFY(child >= 0);
            if (child == 0) {
                ::dup2(out[1], STDOUT_FILENO);
                ::execl(PTRIAGE_SESSION_WRITER, PTRIAGE_SESSION_WRITER, path.toLocal8Bit().constData(),
                    static_cast<char *>(nullptr));
                ::_exit(127);
            }
            ::close(out[1]);
            // Killed at a random moment after its first save (a loaded machine starts it late): in
            // a save, in a prune or between them.
            pollfd ready{out[0], POLLIN, 0};
            const bool saved = ::poll(&ready, 1, 30000) == 1;
            ::close(out[0]);
            if (saved)
                ::usleep(std::uniform_int_distribution<unsigned>(0, 80000)(rng));
            ::kill(child, SIGKILL);
            int status = 0;
            ::waitpid(child, &status, 0);
            QVERIFY2(saved, "the writer saved nothing within 30 s (see its error above)");
            QVERIFY2(WIFSIGNALED(status), "the writer stopped on its own (see its error above)");
            SessionStore store;
            QString error;
            QVERIFY2(store.open(path, SessionStore::Mode::Create, &error), qPrintable(error));
            QCOMPARE(incompleteSession(store), QString());
            QVERIFY(!store.sessions(0, &error).empty()); // retention keeps the latest
        }
        qInfo("%d writers killed at random in %lld ms", round, static_cast<long long>(clock.elapsed()));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(SessionStoreTest)
#include "tst_session_store.moc"
