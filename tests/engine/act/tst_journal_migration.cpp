// The action journal in the session database, and the import of the journal of earlier versions
// (its own actions.sqlite): written here with that version's exact schema, imported field by field
// (ids, undone_by links, undo payloads, byte for byte), never twice, and left alone whenever it
// cannot be imported — corrupt, someone else's, ids taken, or a newer session database.
#include "act/ActionJournal.h"
#include "session/database/SessionSchema.h"
#include "session/database/SessionStore.h"
#include "support/FileBytes.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <random>
#include <sqlite3.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

// As engine/act/ActionJournal.cpp wrote it up to commit 207100c.
constexpr const char *kOldSchema = "CREATE TABLE IF NOT EXISTS ptriage_actions ("
                                   " id INTEGER PRIMARY KEY AUTOINCREMENT,"
                                   " at_ms INTEGER NOT NULL, user TEXT NOT NULL, verb TEXT NOT NULL,"
                                   " target TEXT NOT NULL, command TEXT NOT NULL, status TEXT NOT NULL,"
                                   " message TEXT NOT NULL, via_helper INTEGER NOT NULL,"
                                   " undo TEXT NOT NULL, undone_by INTEGER NOT NULL DEFAULT 0);"
                                   "PRAGMA user_version = 1;";

const std::string kId = "d34496c8-665d-4e37-9394-f9a50e96cf14:98765:4242";
const std::string kOther = "d34496c8-665d-4e37-9394-f9a50e96cf14:12345:777";

void rawExec(const QString &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    const QByteArray why(message ? message : "");
    sqlite3_free(message);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, why.constData());
}

// Every row as SQL literals (quote(): types and bytes), by id.
QStringList rowsOf(const QString &path, const char *table)
{
    QStringList out;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
        sqlite3_close(db);
        return {QStringLiteral("cannot open")};
    }
    const std::string sql = std::string("SELECT quote(id), quote(at_ms), quote(user), quote(verb), quote(target), "
                                        "quote(command), quote(status), quote(message), quote(via_helper), "
                                        "quote(undo), quote(undone_by) FROM ")
        + table + " ORDER BY id";
    sqlite3_stmt *s = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK) {
        while (sqlite3_step(s) == SQLITE_ROW) {
            QStringList fields;
            for (int c = 0; c < 11; ++c)
                fields << QString::fromUtf8(reinterpret_cast<const char *>(sqlite3_column_text(s, c)));
            out << fields.join(QLatin1Char('|'));
        }
    } else {
        out << QString::fromUtf8(sqlite3_errmsg(db));
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
    return out;
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes), bytes.size());
}

// An old journal as a person would have it: a freeze undone by a thaw, a renice still undoable,
// a refused kill, a row that is not ours (a bare pid), and a deleted last row (ids never reused).
void writeOldJournal(const QString &path)
{
    rawExec(path, kOldSchema);
    rawExec(path,
        "INSERT INTO ptriage_actions (at_ms, user, verb, target, command, status, message, via_helper, undo, "
        "undone_by) VALUES"
        " (1700000000001, 'me', 'freeze', '"
            + kId
            + "', 'node vitest', 'done', 'frozen', 0,"
              " '{\"verb\":\"thaw\",\"cgroup\":\"/sys/fs/cgroup/user.slice/ptriage-4242\",\"n\":3}', 2),"
              " (1700000000002, 'me', 'undo freeze', '"
            + kId
            + "', 'node vitest', 'done', 'thawed', 1, '', 0),"
              " (1700000000003, 'me', 'renice', '"
            + kOther
            + "', 'make -j8', 'done', 'nice 0 → 10', 0, '{\"verb\":\"renice\",\"nice\":0}', 0),"
              " (1700000000004, 'root', 'kill', '"
            + kOther
            + "', 'sh -c ''echo \"quoted\"''', 'refused', 'can''t — protected ü', 1, '', 0),"
              " (1700000000005, 'me', 'freeze', '4242', 'x', 'done', 'm', 0, '{\"verb\":\"thaw\"}', 0),"
              " (1700000000006, 'me', 'pause', '"
            + kOther
            + "', 'gone', 'done', 'm', 0, '', 0);"
              "DELETE FROM ptriage_actions WHERE id = 6;");
}

} // namespace

class JournalMigrationTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void oldJournalIsImportedFieldByField()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        writeOldJournal(old);
        QCOMPARE(ActionJournal::legacyPath(db), old);
        const QStringList before = rowsOf(old, "ptriage_actions");
        QCOMPARE(before.size(), 5);
        const QByteArray oldBytes = bytesOf(old);

        {
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(db, &error), qPrintable(error));
            QVERIFY2(journal.warning().isEmpty(), qPrintable(journal.warning()));
            QCOMPARE(journal.imported(), 5);
            // Every field of every row, byte for byte and of the same type.
            QCOMPARE(rowsOf(db, "actions"), before);
            // The old file is kept, renamed, unchanged.
            QVERIFY(!QFile::exists(old));
            QCOMPARE(bytesOf(old + QStringLiteral(".migrated")), oldBytes);

            // Read back through the journal: the undone pair, the payload, the undoable renice.
            const auto freeze = journal.entry(1);
            QVERIFY(freeze);
            QCOMPARE(freeze->verb, ActVerb::Freeze);
            QCOMPARE(freeze->target.toString(), kId);
            QCOMPARE(freeze->undoneBy, 2LL);
            QCOMPARE(freeze->undo.value(QStringLiteral("cgroup")).toString(),
                QStringLiteral("/sys/fs/cgroup/user.slice/ptriage-4242"));
            QCOMPARE(freeze->undo.value(QStringLiteral("n")).toInt(), 3);
            QVERIFY(freeze->undo.value(QStringLiteral("n")).typeId() != QMetaType::Double); // the helper wants integers
            const auto thaw = journal.entry(2);
            QVERIFY(thaw && thaw->undoing && thaw->viaHelper);
            const auto undoable = journal.undoable();
            QCOMPARE(undoable.size(), std::size_t(1));
            QCOMPARE(undoable[0].id, 3LL);
            QCOMPARE(journal.entry(4)->message, std::string("can't — protected ü"));
            QCOMPARE(journal.recent().size(), std::size_t(4)); // the bare pid is never offered

            // New entries continue after the old journal's highest id ever (6, deleted).
            ActionJournal::Entry e;
            e.verb = ActVerb::Pause;
            e.target = *ProcessIdentity::parse(kId);
            e.status = ActStatus::Done;
            QCOMPARE(journal.record(e, &error), 7LL);
        }
        // A second open imports nothing, and the session store shares the file.
        ActionJournal again;
        QString error;
        QVERIFY2(again.open(db, &error), qPrintable(error));
        QCOMPARE(again.imported(), 0);
        QVERIFY(again.warning().isEmpty());
        QCOMPARE(rowsOf(db, "actions").size(), 6);
        SessionStore store;
        QVERIFY2(store.open(db, SessionStore::Mode::ExistingOnly, &error), qPrintable(error));
        QCOMPARE(store.sessions(0, &error).size(), std::size_t(0));
    }

    // The import committed but the rename did not happen (a crash in between): the next open copies
    // nothing twice and only renames, beside the earlier .migrated file, never over it.
    void anImportIsNeverRepeated()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        writeOldJournal(old);
        const QStringList before = rowsOf(old, "ptriage_actions");
        {
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(db, &error), qPrintable(error));
            QCOMPARE(journal.imported(), 5);
            // Undone since, in the new journal: still the same entry.
            QVERIFY(journal.markUndone(3, 9, &error));
        }
        QVERIFY(QFile::copy(old + QStringLiteral(".migrated"), old));
        ActionJournal journal;
        QString error;
        QVERIFY2(journal.open(db, &error), qPrintable(error));
        QVERIFY2(journal.warning().isEmpty(), qPrintable(journal.warning()));
        QCOMPARE(journal.imported(), 0);
        QCOMPARE(rowsOf(db, "actions").size(), 5);
        QCOMPARE(journal.entry(3)->undoneBy, 9LL);
        QVERIFY(!QFile::exists(old));
        QVERIFY(QFile::exists(old + QStringLiteral(".migrated")));
        QCOMPARE(rowsOf(old + QStringLiteral(".migrated.2"), "ptriage_actions"), before);
    }

    void anOldJournalThatCannotBeImportedIsLeftAlone_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("expected");
        QTest::newRow("text") << "text"
                              << "not an SQLite database";
        QTest::newRow("garbage after the header") << "garbage"
                                                  << "not an action journal of an earlier ptriage";
        QTest::newRow("damaged journal") << "damaged"
                                         << "damaged";
        QTest::newRow("someone else's database") << "foreign"
                                                 << "not a ptriage action journal";
        QTest::newRow("unfinished transaction") << "hot"
                                                << "unfinished transaction";
        QTest::newRow("ids taken by other entries") << "taken"
                                                    << "has the id of a different entry";
    }

    void anOldJournalThatCannotBeImportedIsLeftAlone()
    {
        QFETCH(QString, kind);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        if (kind == QLatin1String("text")) {
            writeFile(old, "not a database\n");
        } else if (kind == QLatin1String("garbage")) {
            QByteArray bytes("SQLite format 3", 16);
            std::mt19937 rng(11);
            for (int i = 0; i < 8192; ++i)
                bytes.append(static_cast<char>(rng()));
            writeFile(old, bytes);
        } else if (kind == QLatin1String("damaged")) {
            writeOldJournal(old);
            // Many rows, then wreck the table's pages past the schema page.
            std::string rows = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                               "INSERT INTO ptriage_actions (at_ms, user, verb, target, command, status, message, "
                               "via_helper, undo) SELECT i, 'me', 'pause', '"
                + kId + "', printf('%0200d', i), 'done', 'm', 0, '' FROM n;";
            rawExec(old, rows);
            QByteArray bytes = bytesOf(old);
            for (qsizetype i = 4096 * 3; i < bytes.size(); ++i)
                bytes[i] = static_cast<char>(0xA5);
            writeFile(old, bytes);
        } else if (kind == QLatin1String("foreign")) {
            rawExec(old, "CREATE TABLE notes (x TEXT); INSERT INTO notes VALUES ('keep me'); PRAGMA user_version = 1;");
        } else if (kind == QLatin1String("hot")) {
            writeOldJournal(old);
            writeFile(old + QStringLiteral("-journal"), QByteArray(512, 'j'));
        } else {
            writeOldJournal(old);
            QVERIFY(QFile::rename(old, old + QStringLiteral(".aside")));
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(db, &error), qPrintable(error));
            ActionJournal::Entry e;
            e.verb = ActVerb::Kill;
            e.target = *ProcessIdentity::parse(kOther);
            e.status = ActStatus::Done;
            QCOMPARE(journal.record(e, &error), 1LL);
            QVERIFY(QFile::rename(old + QStringLiteral(".aside"), old));
        }
        const QByteArray before = bytesOf(old);
        const QStringList rowsBefore = QFile::exists(db) ? rowsOf(db, "actions") : QStringList();
        for (int round = 0; round < 2; ++round) {
            ActionJournal journal;
            QString error;
            QVERIFY2(journal.open(db, &error), qPrintable(error));
            const QString w = journal.warning();
            QVERIFY2(w.contains(expected) && w.contains(old) && w.contains(QStringLiteral("left as it is"))
                    && !w.contains(QLatin1Char('\n')),
                qPrintable(w));
            QCOMPARE(journal.imported(), 0);
            QCOMPARE(bytesOf(old), before);
            QVERIFY(!QFile::exists(old + QStringLiteral(".migrated")));
            if (round == 0)
                QCOMPARE(rowsOf(db, "actions"), rowsBefore); // nothing half-imported
            // The new journal works.
            ActionJournal::Entry e;
            e.verb = ActVerb::Pause;
            e.target = *ProcessIdentity::parse(kId);
            e.status = ActStatus::Done;
            QVERIFY2(journal.record(e, &error) > 0, qPrintable(error));
        }
    }

    // A session database from a newer ptriage is refused before anything is written: neither it
    // nor the old journal beside it changes.
    void aNewerSessionDatabaseTouchesNothing()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        {
            SessionStore store;
            QString error;
            QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
        }
        rawExec(db, "PRAGMA journal_mode = DELETE; PRAGMA user_version = 99;");
        writeOldJournal(old);
        const QByteArray dbBefore = bytesOf(db);
        const QByteArray oldBefore = bytesOf(old);
        ActionJournal journal;
        QString error;
        QVERIFY(!journal.open(db, &error));
        QVERIFY2(error.contains(QStringLiteral("newer ptriage")) && error.startsWith(db), qPrintable(error));
        QVERIFY(!journal.isOpen());
        QCOMPARE(bytesOf(db), dbBefore);
        QCOMPARE(bytesOf(old), oldBefore);
        QVERIFY(!QFile::exists(old + QStringLiteral(".migrated")));
        QVERIFY(!QFile::exists(db + QStringLiteral("-wal")));
    }

    // Passing the old file itself as the database: refused, saying what it is, untouched.
    void theOldFileIsNotOpenedAsTheDatabase()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("actions.sqlite"));
        writeOldJournal(old);
        const QByteArray before = bytesOf(old);
        ActionJournal journal;
        QString error;
        QVERIFY(!journal.open(old, &error));
        QVERIFY2(error.contains(QStringLiteral("older ptriage")) && error.contains(QStringLiteral("left as it is")),
            qPrintable(error));
        QCOMPARE(bytesOf(old), before);
    }

    // A database of version 3 (before actions on other hosts): opened, it gains the host columns in
    // place; its action reads as this machine's and stays undoable here, and a host's action does not
    // join this machine's undo list.
    void aVersion3DatabaseGainsTheHostColumnsInPlace()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        std::string sql;
        for (const auto &step : session_schema::steps())
            if (step.version <= 3)
                sql += step.sql;
        sql += "INSERT INTO actions (at_ms, user, verb, target, command, status, message, via_helper, undo)"
               " VALUES (1000, 'dev', 'pause', '"
            + kId
            + "', 'sleep 3600', 'done', 'stopped', 0, '{\"verb\":\"resume\"}');"
              "PRAGMA user_version = 3;";
        rawExec(db, sql);
        ActionJournal journal;
        QString error;
        QVERIFY2(journal.open(db, &error), qPrintable(error));
        const auto before = journal.entry(1);
        QVERIFY(before);
        QVERIFY(before->machine.isThis());
        QCOMPARE(before->remoteId, 0LL);
        QCOMPARE(before->command, std::string("sleep 3600"));
        ActionJournal::Entry there;
        there.verb = ActVerb::Pause;
        there.target = *ProcessIdentity::parse(kOther);
        there.command = "node server.js";
        there.status = ActStatus::Done;
        there.machine = Machine::host("devbox1");
        there.remoteId = 17;
        there.remoteUndo = true;
        const long long id = journal.record(there, &error);
        QVERIFY2(id == 2, qPrintable(error));
        const auto read = journal.entry(id);
        QVERIFY(read->machine == Machine::host("devbox1"));
        QCOMPARE(read->remoteId, 17LL);
        QVERIFY(read->remoteUndo);
        const auto undoable = journal.undoable();
        QCOMPARE(undoable.size(), std::size_t{1});
        QCOMPARE(undoable.front().id, 1LL);
    }

    // A session's actions: [its time, the next session's time), on this machine (an action on another
    // host in that time is not one of them).
    void actionsBetweenTwoMoments()
    {
        QTemporaryDir dir;
        ActionJournal journal;
        QString error;
        QVERIFY2(journal.open(dir.filePath(QStringLiteral("sessions.sqlite")), &error), qPrintable(error));
        for (long long at : {1000LL, 2000LL, 2999LL, 3000LL}) {
            ActionJournal::Entry e;
            e.atMs = at;
            e.verb = ActVerb::Renice;
            e.target = *ProcessIdentity::parse(kId);
            e.command = "make";
            e.status = ActStatus::Done;
            QVERIFY(journal.record(e, &error) > 0);
        }
        ActionJournal::Entry there;
        there.atMs = 1500;
        there.verb = ActVerb::End;
        there.target = *ProcessIdentity::parse(kOther);
        there.command = "node server.js";
        there.status = ActStatus::Done;
        there.machine = Machine::host("buildbox");
        QVERIFY(journal.record(there, &error) > 0);
        const auto between = journal.actionsBetween(1000, 3000);
        QCOMPARE(between.size(), std::size_t(3));
        QCOMPARE(journal.countBetween(1000, 3000), 3LL);
        QCOMPARE(between.front().atMs, 1000LL);
        QCOMPARE(between.back().atMs, 2999LL);
        QCOMPARE(journal.actionsBetween(3001, 9000).size(), std::size_t(0));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(JournalMigrationTest)
#include "tst_journal_migration.moc"
