// What ptriage trusts in its session database (issue 38, hardening round 3): a database that
// someone else owns or may write is refused, never read, written or acted on, and an undo is only
// ever the inverse of the action journaled, whatever the row's undo text says.
#include "support/FileBytes.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QString startIdOf(int pid)
{
    const Run r = runPtriage({QStringLiteral("explain"), QString::number(pid), QStringLiteral("--json")});
    return QJsonDocument::fromJson(r.out)
        .object()
        .value(QStringLiteral("process"))
        .toObject()
        .value(QStringLiteral("start_id"))
        .toString();
}

bool sql(const QString &db, const char *statement)
{
    sqlite3 *h = nullptr;
    bool ok = sqlite3_open(db.toUtf8().constData(), &h) == SQLITE_OK
        && sqlite3_exec(h, statement, nullptr, nullptr, nullptr) == SQLITE_OK;
    sqlite3_close(h);
    return ok;
}

// Every command that reads the database: each must refuse it in one line and leave it as it is.
void expectRefusedEverywhere(const QString &db, const char *why)
{
    const QByteArray before = bytesOf(db);
    const QList<QStringList> commands{{QStringLiteral("act"), QStringLiteral("journal")},
        {QStringLiteral("act"), QStringLiteral("undo"), QStringLiteral("1")}, {QStringLiteral("sessions")},
        {QStringLiteral("report"), QStringLiteral("--last"), QStringLiteral("-o"), QStringLiteral("-")},
        {QStringLiteral("learned")}};
    for (QStringList args : commands) {
        args << QStringLiteral("--db") << db;
        const Run r = runPtriage(args);
        const QByteArray what = args.join(QLatin1Char(' ')).toUtf8() + ": exit " + QByteArray::number(r.exit) + "\n"
            + r.out.left(400) + r.err;
        QVERIFY2(r.exit == 1, what.constData());
        QVERIFY2(r.err.startsWith("ptriage: ") && r.err.count('\n') == 1 && r.err.contains(why), what.constData());
        QVERIFY2(r.out.isEmpty(), what.constData());
    }
    QCOMPARE(bytesOf(db), before);
}

} // namespace

class CliTrustTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void foreignOrOpenDatabaseIsRefused()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("s.sqlite"));
        // Made by ptriage, so ours and private: opened.
        const Run made = runPtriage({QStringLiteral("act"), QStringLiteral("journal"), QStringLiteral("--db"), db});
        QVERIFY2(made.exit == 0 && QFile::exists(db), made.err.constData());
        const Run listed = runPtriage({QStringLiteral("sessions"), QStringLiteral("--db"), db});
        QVERIFY2(listed.exit == 0, listed.err.constData());

        QVERIFY(::chmod(db.toUtf8().constData(), 0666) == 0);
        expectRefusedEverywhere(db, "others may write to it");
        if (QTest::currentTestFailed())
            return;
        QVERIFY(::chmod(db.toUtf8().constData(), 0620) == 0);
        expectRefusedEverywhere(db, "others may write to it");
        if (QTest::currentTestFailed())
            return;
        QVERIFY(::chmod(db.toUtf8().constData(), 0600) == 0);

        const QString link = dir.filePath(QStringLiteral("link.sqlite"));
        QVERIFY(QFile::link(db, link));
        expectRefusedEverywhere(link, "a symbolic link");
        if (QTest::currentTestFailed())
            return;

        if (::geteuid() != 0)
            QSKIP("another user's file needs root to make (chown)");
        QVERIFY(::chown(db.toUtf8().constData(), 65534, 65534) == 0);
        expectRefusedEverywhere(db, "owned by uid 65534");
        if (QTest::currentTestFailed())
            return;
        struct stat st { };
        QVERIFY(::stat(db.toUtf8().constData(), &st) == 0 && st.st_uid == 65534 && (st.st_mode & 0777) == 0600);
    }

    // A journal row whose undo text was changed to KILL: the undo of a real pause resumes the process
    // or is refused, and never kills it.
    void tamperedUndoNeverKills()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("j.sqlite"));
        Spawner sp;
        const int pid = sp.spawnProgram({"sleep", "600"});
        QVERIFY(pid > 0);
        QTRY_VERIFY_WITH_TIMEOUT(processState(pid) == 'S', 10000);
        const QString id = startIdOf(pid);
        QVERIFY(!id.isEmpty());
        const Run pause = runPtriage(
            {QStringLiteral("act"), QStringLiteral("pause"), id, QStringLiteral("--yes"), QStringLiteral("--db"), db});
        QVERIFY2(pause.exit == 0, pause.out + pause.err);
        QTRY_COMPARE_WITH_TIMEOUT(processState(pid), 'T', 10000);

        QVERIFY(sql(db, "UPDATE actions SET undo = '{\"signal\":\"KILL\",\"verb\":\"signal\"}' WHERE verb = 'pause'"));
        const Run killed = runPtriage({QStringLiteral("act"), QStringLiteral("undo"), QStringLiteral("1"),
            QStringLiteral("--yes"), QStringLiteral("--db"), db});
        QTest::qWait(300);
        const char state = processState(pid);
        QVERIFY2(state == 'T' || state == 'S',
            QByteArray("state ") + state + " after: " + killed.out + killed.err); // 'Z' or '?': killed
        QVERIFY2(killed.exit == 1 && killed.out.contains("not the inverse of pause"), killed.out + killed.err);

        // Another verb's undo in a pause's row: refused the same way.
        QVERIFY(sql(db, "UPDATE actions SET undo = '{\"nice\":-5,\"verb\":\"renice\"}' WHERE verb = 'pause'"));
        const Run reniced = runPtriage({QStringLiteral("act"), QStringLiteral("undo"), QStringLiteral("1"),
            QStringLiteral("--yes"), QStringLiteral("--db"), db});
        QVERIFY2(reniced.exit == 1 && reniced.out.contains("not the inverse of pause"), reniced.out + reniced.err);
        QCOMPARE(processState(pid), 'T');

        // The journaled undo as ptriage wrote it: the process is resumed.
        QVERIFY(sql(db, "UPDATE actions SET undo = '{\"signal\":\"CONT\",\"verb\":\"signal\"}' WHERE verb = 'pause'"));
        const Run resumed = runPtriage({QStringLiteral("act"), QStringLiteral("undo"), QStringLiteral("1"),
            QStringLiteral("--yes"), QStringLiteral("--db"), db});
        QVERIFY2(resumed.exit == 0, resumed.out + resumed.err);
        QTRY_VERIFY_WITH_TIMEOUT(processState(pid) == 'S', 10000);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliTrustTest)
#include "tst_cli_trust.moc"
