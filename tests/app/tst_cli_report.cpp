// ptriage report as people run it: a live scan to a file and to stdout, saved sessions by id and
// --last, --diff A B, byte-identical output with SOURCE_DATE_EPOCH, German under a German locale;
// exit 2 for usage, 1 (one line) for errors, and nothing written when it fails.
#include "support/FileBytes.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QProcessEnvironment fixedTime()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("SOURCE_DATE_EPOCH"), QStringLiteral("1700000000"));
    return env;
}

} // namespace

class CliReportTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void liveReportToFileAndStdout()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("none.sqlite"));
        Spawner spawner;
        const Actor listener = spawner.spawn({"ptriage-rlisten", {"ptriage-rlisten", "--port=any"},
            {{"ACTOR_LISTEN", "0"}}, Parenting::OrphanNoSession});
        QVERIFY(listener.port > 0);
        const QString path = dir.filePath(QStringLiteral("r.html"));
        const Run r = runPtriage({QStringLiteral("report"), QStringLiteral("--min-age"), QStringLiteral("0"),
            QStringLiteral("--db"), db, QStringLiteral("-o"), path});
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY(r.err.contains("wrote " + path.toUtf8()));
        const QByteArray page = bytesOf(path);
        QVERIFY(page.startsWith("<!DOCTYPE html>"));
        QVERIFY(page.contains("\"><td>" + QByteArray::number(listener.pid) + "<td>ptriage-rlisten")); // its process row
        QVERIFY(!page.contains("id=\"diff\"")); // no database: no history, and none created
        QVERIFY(!QFile::exists(db));

        const Run out = runPtriage({QStringLiteral("report"), QStringLiteral("--min-age"), QStringLiteral("0"),
            QStringLiteral("--db"), db, QStringLiteral("-o"), QStringLiteral("-")});
        QCOMPARE(out.exit, 0);
        QVERIFY(out.out.startsWith("<!DOCTYPE html>") && out.out.endsWith("</html>\n"));

        QProcessEnvironment german = QProcessEnvironment::systemEnvironment();
        german.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
        german.insert(QStringLiteral("LC_ALL"), QStringLiteral("de_DE.UTF-8"));
        const Run de = runPtriage(
            {QStringLiteral("report"), QStringLiteral("--db"), db, QStringLiteral("-o"), QStringLiteral("-")}, german);
        QCOMPARE(de.exit, 0);
        QVERIFY(de.out.contains("<html lang=\"de\">"));
        QVERIFY(de.out.contains("<h2>Kandidaten</h2>")); // the window's and the CLI's word
    }

    void savedSessionsByIdLastAndDiff()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("s.sqlite"));
        for (int k = 0; k < 3; ++k) {
            const Run save = runPtriage({QStringLiteral("scan"), QStringLiteral("--save"), QStringLiteral("--db"), db});
            QVERIFY2(save.exit == 0, save.err.constData());
        }
        const QString a = dir.filePath(QStringLiteral("a.html")), b = dir.filePath(QStringLiteral("b.html"));
        for (const QString &path : {a, b}) {
            const Run r = runPtriage({QStringLiteral("report"), QStringLiteral("--session"), QStringLiteral("2"),
                                         QStringLiteral("--db"), db, QStringLiteral("-o"), path},
                fixedTime());
            QVERIFY2(r.exit == 0, r.err.constData());
        }
        QVERIFY(!bytesOf(a).isEmpty());
        QCOMPARE(bytesOf(a), bytesOf(b)); // the same session, the same bytes
        QVERIFY(bytesOf(a).contains("Saved session 2"));
        QVERIFY(bytesOf(a).contains("From session 1 ")); // the session before it

        const Run last = runPtriage({QStringLiteral("report"), QStringLiteral("--last"), QStringLiteral("--db"), db,
            QStringLiteral("-o"), QStringLiteral("-")});
        QCOMPARE(last.exit, 0);
        QVERIFY(last.out.contains("Saved session 3"));
        QVERIFY(last.out.contains("From session 2 "));

        const Run diff = runPtriage(
            {QStringLiteral("report"), QStringLiteral("--last"), QStringLiteral("--diff"), QStringLiteral("1"),
                QStringLiteral("3"), QStringLiteral("--db"), db, QStringLiteral("-o"), QStringLiteral("-")});
        QVERIFY2(diff.exit == 0, diff.err.constData());
        QVERIFY(diff.out.contains("From session 1 "));
        QVERIFY(diff.out.contains("id=\"accumulation\""));

        // --diff alone reports its later session, not a live scan nobody asked for.
        const Run pair = runPtriage({QStringLiteral("report"), QStringLiteral("--diff"), QStringLiteral("1"),
            QStringLiteral("2"), QStringLiteral("--db"), db, QStringLiteral("-o"), QStringLiteral("-")});
        QVERIFY2(pair.exit == 0, pair.err.constData());
        QVERIFY(pair.out.contains("Saved session 2"));
        QVERIFY(!pair.out.contains("Live scan"));
        QVERIFY(pair.out.contains("From session 1 "));
        const Run live = runPtriage({QStringLiteral("report"), QStringLiteral("--live"), QStringLiteral("--diff"),
            QStringLiteral("1,2"), QStringLiteral("--db"), db, QStringLiteral("-o"), QStringLiteral("-")});
        QVERIFY2(live.exit == 0, live.err.constData());
        QVERIFY(live.out.contains("Live scan"));
    }

    // Two reports of one saved session, a second apart and with no SOURCE_DATE_EPOCH, are the same
    // bytes: "report made" is the session's own time, and nothing else in it varies.
    void oneSessionGivesTheSameBytesWithoutAFixedTime()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("s.sqlite"));
        Spawner spawner;
        for (int k = 0; k < 3; ++k) // candidates that share a card, and some that do not
            QVERIFY(spawner.spawn({"ptriage-rsame", {"ptriage-rsame", "--worker"}, {}, Parenting::OrphanNoSession}).pid
                > 0);
        for (int k = 0; k < 2; ++k) {
            const Run save = runPtriage({QStringLiteral("scan"), QStringLiteral("--save"), QStringLiteral("--min-age"),
                QStringLiteral("0"), QStringLiteral("--db"), db});
            QVERIFY2(save.exit == 0, save.err.constData());
        }
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("SOURCE_DATE_EPOCH"));
        const QString a = dir.filePath(QStringLiteral("a.html")), b = dir.filePath(QStringLiteral("b.html"));
        for (const QString &path : {a, b}) {
            if (path == b)
                QTest::qWait(1100); // a report made from the clock would differ now
            const Run r = runPtriage({QStringLiteral("report"), QStringLiteral("--session"), QStringLiteral("2"),
                                         QStringLiteral("--db"), db, QStringLiteral("-o"), path},
                env);
            QVERIFY2(r.exit == 0, r.err.constData());
        }
        QVERIFY(bytesOf(a).contains("From session 1 "));
        QVERIFY(bytesOf(a).contains("Report made"));
        QCOMPARE(bytesOf(a), bytesOf(b));
    }

    void badInputIsAClearErrorAndWritesNothing()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("s.sqlite"));
        const QString out = dir.filePath(QStringLiteral("r.html"));
        auto report = [&](QStringList args) {
            args.prepend(QStringLiteral("report"));
            return runPtriage(args);
        };
        // Usage errors: exit 2.
        QCOMPARE(report({QStringLiteral("--last"), QStringLiteral("--session"), QStringLiteral("1")}).exit, 2);
        QCOMPARE(report({QStringLiteral("--session"), QStringLiteral("x")}).exit, 2);
        QCOMPARE(report({QStringLiteral("--diff"), QStringLiteral("1")}).exit, 2);
        QCOMPARE(report({QStringLiteral("--last"), QStringLiteral("--min-age"), QStringLiteral("0")}).exit, 2);
        // No sessions saved yet, a missing session, a file that is not a database: exit 1, one line.
        Run r = report({QStringLiteral("--last"), QStringLiteral("--db"), db, QStringLiteral("-o"), out});
        QCOMPARE(r.exit, 1);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(!QFile::exists(out) && !QFile::exists(db));
        QVERIFY(runPtriage({QStringLiteral("scan"), QStringLiteral("--save"), QStringLiteral("--db"), db}).exit == 0);
        r = report(
            {QStringLiteral("--session"), QStringLiteral("99"), QStringLiteral("--db"), db, QStringLiteral("-o"), out});
        QCOMPARE(r.exit, 1);
        QVERIFY(!QFile::exists(out));
        const QString notes = dir.filePath(QStringLiteral("notes.sqlite"));
        QFile f(notes);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray("my notes, not a database\n").repeated(100));
        f.close();
        const QByteArray before = bytesOf(notes);
        r = report({QStringLiteral("--last"), QStringLiteral("--db"), notes, QStringLiteral("-o"), out});
        QCOMPARE(r.exit, 1);
        QVERIFY(r.err.contains(notes.toUtf8()));
        QCOMPARE(bytesOf(notes), before);
        // A live report with such a database: the report, and a warning that it has no history.
        r = report({QStringLiteral("--db"), notes, QStringLiteral("-o"), out});
        QCOMPARE(r.exit, 0);
        QVERIFY(r.err.contains("warning"));
        QVERIFY(QFile::exists(out));
        QCOMPARE(bytesOf(notes), before);
        // A folder that does not exist: exit 1, nothing left behind.
        const QString nowhere = dir.filePath(QStringLiteral("no/such/r.html"));
        r = report({QStringLiteral("--db"), db, QStringLiteral("-o"), nowhere});
        QCOMPARE(r.exit, 1);
        QVERIFY(r.err.contains(nowhere.toUtf8()));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliReportTest)
#include "tst_cli_report.moc"
