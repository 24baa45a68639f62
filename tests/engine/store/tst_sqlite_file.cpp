// The SQLite access layer's Transaction: rolled back on every path out unless committed, errors as
// one line.
#include "store/SqliteFile.h"
#include "support/TestRoom.h"

#include <QtTest>

#include <sqlite3.h>

using namespace ptriage;

namespace {

long long rows(sqlite3 *db)
{
    Statement s(db, "SELECT count(*) FROM t");
    return s.ok() && s.step() == SQLITE_ROW ? s.columnInt(0) : -1;
}

} // namespace

class SqliteFileTest : public QObject {
    Q_OBJECT

    sqlite3 *m_db = nullptr;

private Q_SLOTS:
    void init()
    {
        QCOMPARE(sqlite3_open(":memory:", &m_db), SQLITE_OK);
        QString error;
        QVERIFY2(sqliteExec(m_db, "CREATE TABLE t (x INTEGER NOT NULL)", &error), qPrintable(error));
    }
    void cleanup()
    {
        sqlite3_close(m_db);
        m_db = nullptr;
    }

    void rolledBackUnlessCommitted()
    {
        QString error;
        {
            Transaction tx(m_db);
            QVERIFY2(tx.ok(), qPrintable(tx.error()));
            QVERIFY(sqliteExec(m_db, "INSERT INTO t VALUES (1)", &error));
            QCOMPARE(rows(m_db), 1); // an early return, say
        }
        QCOMPARE(rows(m_db), 0);
        QVERIFY(sqlite3_get_autocommit(m_db)); // no transaction left open
        {
            Transaction tx(m_db);
            QVERIFY(sqliteExec(m_db, "INSERT INTO t VALUES (2)", &error));
            QVERIFY2(tx.commit(), qPrintable(tx.error()));
            QVERIFY(!tx.ok());
            QVERIFY(!tx.commit()); // once only
        }
        QCOMPARE(rows(m_db), 1);
        {
            Transaction tx(m_db);
            QVERIFY(sqliteExec(m_db, "INSERT INTO t VALUES (3)", &error));
            tx.rollback();
            QVERIFY(sqlite3_get_autocommit(m_db));
        }
        QCOMPARE(rows(m_db), 1);
    }

    void errorsAreOneLine()
    {
        Transaction outer(m_db);
        QVERIFY(outer.ok());
        Transaction inner(m_db); // SQLite has no nested BEGIN
        QVERIFY(!inner.ok());
        QVERIFY(!inner.error().isEmpty() && !inner.error().contains(QLatin1Char('\n')));
        QVERIFY(!inner.commit());
        QVERIFY(outer.commit()); // the failed inner one did not end the outer one
        Transaction none(nullptr);
        QVERIFY(!none.ok());
        QCOMPARE(none.error(), QStringLiteral("not open"));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(SqliteFileTest)
#include "tst_sqlite_file.moc"
