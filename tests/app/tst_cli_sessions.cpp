// ptriage scan --save, record, sessions, diff, accumulation as a script uses them: real scans into a
// real database file, the JSON schemas, exit codes 2 for usage and 1 (one line) for errors.
#include "support/RunPtriage.h"
#include "support/TestRoom.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace ptriage::test;

namespace {

bool oneLine(const QByteArray &err)
{
    return err.startsWith("ptriage: ") && err.count('\n') <= 2;
}

QJsonObject json(const Run &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

} // namespace

class CliSessionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void saveListDiffAccumulate()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        const Run first = runPtriage(
            {QStringLiteral("scan"), QStringLiteral("--save"), QStringLiteral("--db"), db, QStringLiteral("--json")});
        QVERIFY2(first.exit == 0, first.err.constData());
        QVERIFY(first.err.contains("saved session 1"));
        QCOMPARE(json(first).value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.scan.v1"));
        const Run rec = runPtriage({QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("1"),
            QStringLiteral("--count"), QStringLiteral("2"), QStringLiteral("--db"), db});
        QVERIFY2(rec.exit == 0, rec.err.constData());
        QCOMPARE(rec.err.count("saved session"), 2);

        const Run list = runPtriage({QStringLiteral("sessions"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QCOMPARE(list.exit, 0);
        const QJsonObject sessions = json(list);
        QCOMPARE(sessions.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.sessions.v1"));
        const QJsonArray items = sessions.value(QStringLiteral("sessions")).toArray();
        QCOMPARE(items.size(), 3);
        QVERIFY(items.at(0).toObject().value(QStringLiteral("process_count")).toInt() > 10);
        QCOMPARE(items.at(2).toObject().value(QStringLiteral("id")).toInt(), 3);
        const Run text = runPtriage({QStringLiteral("sessions"), QStringLiteral("--db"), db});
        QCOMPARE(text.exit, 0);
        QVERIFY(text.out.contains("PROCESSES"));

        const Run last = runPtriage(
            {QStringLiteral("diff"), QStringLiteral("--last"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(last.exit == 0, last.err.constData());
        const QJsonObject d = json(last);
        QCOMPARE(d.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.diff.v1"));
        QCOMPARE(d.value(QStringLiteral("before")).toObject().value(QStringLiteral("id")).toInt(), 2);
        QCOMPARE(d.value(QStringLiteral("after")).toObject().value(QStringLiteral("id")).toInt(), 3);
        QVERIFY(!d.value(QStringLiteral("cross_boot")).toBool());
        QVERIFY(d.value(QStringLiteral("counts")).toObject().value(QStringLiteral("stable")).toInt() > 10);
        // Between the scan and the record run, one ptriage exited and another appeared.
        const Run ab = runPtriage({QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("3"),
            QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(ab.exit == 0, ab.err.constData());
        const QJsonObject counts = json(ab).value(QStringLiteral("counts")).toObject();
        QVERIFY(counts.value(QStringLiteral("appeared")).toInt() >= 1);
        QVERIFY(counts.value(QStringLiteral("exited")).toInt() >= 1);
        const Run abText = runPtriage(
            {QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("--db"), db});
        QCOMPARE(abText.exit, 0);
        QVERIFY(abText.out.contains("session 1") && abText.out.contains("appeared"));
        // No change reads "0", as in the Sessions window, never as a growth of "+0 B"; a kernel thread is
        // named as ps names it.
        const Run allText = runPtriage({QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("3"),
            QStringLiteral("--all"), QStringLiteral("--db"), db});
        QCOMPARE(allText.exit, 0);
        QVERIFY2(allText.out.contains("unchanged") && !allText.out.contains("+0 B"), allText.out.constData());
        QVERIFY(allText.out.contains("[kthreadd]"));
        // German text; JSON byte-identical in every locale.
        auto de = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
            de.remove(QLatin1String(v));
        de.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
        const Run abTextDe = runPtriage(
            {QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("--db"), db}, de);
        QVERIFY2(abTextDe.out.contains("Sitzung 1 ("), abTextDe.out.constData());
        const Run abDe = runPtriage({QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("3"),
                                        QStringLiteral("--json"), QStringLiteral("--db"), db},
            de);
        QVERIFY(abDe.out == ab.out);

        const Run acc = runPtriage({QStringLiteral("accumulation"), QStringLiteral("--since"), QStringLiteral("1h"),
            QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(acc.exit == 0, acc.err.constData());
        const QJsonObject a = json(acc);
        QCOMPARE(a.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.accumulation.v1"));
        QCOMPARE(a.value(QStringLiteral("sessions")).toArray().size(), 3);
        QVERIFY(!a.value(QStringLiteral("origins")).toArray().isEmpty());
        QCOMPARE(a.value(QStringLiteral("origins"))
                     .toArray()
                     .first()
                     .toObject()
                     .value(QStringLiteral("counts"))
                     .toArray()
                     .size(),
            3);
        // The text: every row's columns under their headings ("3→3" is 5 bytes but 3 columns): each row's
        // memory ends where the heading's MEMORY does.
        const Run accText = runPtriage({QStringLiteral("accumulation"), QStringLiteral("--since"), QStringLiteral("1h"),
            QStringLiteral("--db"), db});
        QCOMPARE(accText.exit, 0);
        const QStringList lines = QString::fromUtf8(accText.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() >= 3, accText.out.constData());
        const qsizetype end = lines[1].indexOf(QStringLiteral("MEMORY  ")) + 6;
        QVERIFY2(end > 100, qPrintable(lines[1]));
        for (qsizetype i = 2; i < lines.size(); ++i)
            QVERIFY2(lines[i].size() > end + 1 && lines[i][end - 1] != QLatin1Char(' ')
                    && lines[i].mid(end, 2) == QStringLiteral("  "),
                qPrintable(lines[i]));
    }

    void usageAndErrors()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("none.sqlite"));
        for (const QStringList &bad :
            {QStringList{QStringLiteral("diff"), QStringLiteral("1")},
                QStringList{QStringLiteral("diff"), QStringLiteral("--last"), QStringLiteral("1"), QStringLiteral("2")},
                QStringList{QStringLiteral("diff"), QStringLiteral("x"), QStringLiteral("y")},
                QStringList{QStringLiteral("record"), QStringLiteral("--interval"), QStringLiteral("soon")},
                QStringList{QStringLiteral("record"), QStringLiteral("--count"), QStringLiteral("0")},
                QStringList{QStringLiteral("accumulation"), QStringLiteral("--since"), QStringLiteral("yesterday")},
                QStringList{QStringLiteral("sessions"), QStringLiteral("extra")},
                // --db alone is allowed now (a scan reads past decisions from it); --keep-days is not.
                QStringList{QStringLiteral("scan"), QStringLiteral("--keep-days"), QStringLiteral("3")}}) {
            const Run r = runPtriage(bad);
            QVERIFY2(r.exit == 2, qPrintable(bad.join(QLatin1Char(' '))));
            QVERIFY(oneLine(r.err));
        }
        // No database yet: an error, and reading never creates one.
        const Run none = runPtriage({QStringLiteral("sessions"), QStringLiteral("--db"), db});
        QCOMPARE(none.exit, 1);
        QVERIFY(oneLine(none.err));
        QVERIFY(none.err.contains("no sessions saved yet"));
        QVERIFY(!QFile::exists(db));
        // One session is not enough for a diff.
        QCOMPARE(runPtriage({QStringLiteral("record"), QStringLiteral("--db"), db}).exit, 0);
        const Run one = runPtriage({QStringLiteral("diff"), QStringLiteral("--db"), db});
        QCOMPARE(one.exit, 1);
        QVERIFY(oneLine(one.err) && one.err.contains("two sessions"));
        const Run missing = runPtriage(
            {QStringLiteral("diff"), QStringLiteral("1"), QStringLiteral("99"), QStringLiteral("--db"), db});
        QCOMPARE(missing.exit, 1);
        QVERIFY(oneLine(missing.err) && missing.err.contains("no session 99"));
        // Someone else's database: refused, untouched, for saving and for reading.
        const QString foreign = dir.filePath(QStringLiteral("foreign.sqlite"));
        sqlite3 *raw = nullptr;
        QCOMPARE(sqlite3_open(foreign.toUtf8().constData(), &raw), SQLITE_OK);
        QCOMPARE(
            sqlite3_exec(raw, "CREATE TABLE t (x); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(raw);
        QFile f(foreign);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray bytes = f.readAll();
        f.close();
        for (const QStringList &args : {QStringList{QStringLiteral("scan"), QStringLiteral("--save")},
                 QStringList{QStringLiteral("record")}, QStringList{QStringLiteral("sessions")},
                 QStringList{QStringLiteral("diff")}, QStringList{QStringLiteral("accumulation")}}) {
            const Run r = runPtriage(args + QStringList{QStringLiteral("--db"), foreign});
            QVERIFY2(r.exit == 1, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY(oneLine(r.err) && r.err.contains("not a ptriage session store"));
            QVERIFY(r.out.isEmpty());
        }
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), bytes);
    }
    // The actions taken between two sessions, from the journal in the same database: a real sleep
    // paused and resumed through 'ptriage act'.
    void diffListsTheActionsBetween()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        const Run first = runPtriage({QStringLiteral("record"), QStringLiteral("--db"), db});
        QVERIFY2(first.exit == 0, first.err.constData());
        QProcess sleeper;
        sleeper.start(QStringLiteral("sleep"), {QStringLiteral("300")});
        QVERIFY(sleeper.waitForStarted());
        const QString pid = QString::number(sleeper.processId());
        const Run explain = runPtriage({QStringLiteral("explain"), pid, QStringLiteral("--json")});
        QVERIFY2(explain.exit == 0, explain.err.constData());
        const QString id
            = json(explain).value(QStringLiteral("process")).toObject().value(QStringLiteral("start_id")).toString();
        QVERIFY(id.endsWith(QLatin1Char(':') + pid));
        for (const char *verb : {"pause", "resume"}) {
            const Run act = runPtriage(
                {QStringLiteral("act"), QLatin1String(verb), id, QStringLiteral("--db"), db, QStringLiteral("--yes")});
            QVERIFY2(act.exit == 0, (act.out + act.err).constData());
        }
        const Run second = runPtriage({QStringLiteral("record"), QStringLiteral("--db"), db});
        QVERIFY2(second.exit == 0, second.err.constData());
        sleeper.kill();
        sleeper.waitForFinished();

        const Run d = runPtriage({QStringLiteral("diff"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(d.exit == 0, d.err.constData());
        const QJsonArray actions = json(d).value(QStringLiteral("actions")).toArray();
        QCOMPARE(actions.size(), 2);
        const QJsonObject pause = actions.at(0).toObject();
        QCOMPARE(pause.value(QStringLiteral("verb")).toString(), QStringLiteral("pause"));
        QCOMPARE(pause.value(QStringLiteral("target")).toString(), id);
        QCOMPARE(pause.value(QStringLiteral("status")).toString(), QStringLiteral("done"));
        QVERIFY(pause.value(QStringLiteral("command")).toString().contains(QStringLiteral("sleep")));
        QVERIFY(pause.value(QStringLiteral("at_ms")).toInteger() > 0);
        QVERIFY(!pause.value(QStringLiteral("at")).toString().isEmpty());
        QCOMPARE(actions.at(1).toObject().value(QStringLiteral("verb")).toString(), QStringLiteral("resume"));
        const QJsonObject after = json(d).value(QStringLiteral("after")).toObject();
        QVERIFY(pause.value(QStringLiteral("at_ms")).toInteger() < after.value(QStringLiteral("at_ms")).toInteger());

        const Run text = runPtriage({QStringLiteral("diff"), QStringLiteral("--db"), db});
        QCOMPARE(text.exit, 0);
        QVERIFY2(text.out.contains("actions taken between the two (2)") && text.out.contains(id.toUtf8()),
            text.out.constData());
        const Run journal = runPtriage({QStringLiteral("act"), QStringLiteral("journal"), QStringLiteral("--db"), db});
        QCOMPARE(journal.exit, 0);
        QCOMPARE(journal.out.count(id.toUtf8()), 2);
        // Sessions 1 and 2 by id, the other way round: the same actions.
        const Run back = runPtriage({QStringLiteral("diff"), QStringLiteral("2"), QStringLiteral("1"),
            QStringLiteral("--json"), QStringLiteral("--db"), db});
        QCOMPARE(json(back).value(QStringLiteral("actions")).toArray().size(), 2);
    }

    // Where earlier versions kept the journal (the data directory's actions.sqlite): 'ptriage act'
    // with no --db imports it into sessions.sqlite there, once, and keeps the old file renamed.
    void actImportsTheOldJournalOfTheDataDirectory()
    {
        QTemporaryDir data;
        QVERIFY(QDir().mkpath(data.filePath(QStringLiteral("ptriage"))));
        const QString old = data.filePath(QStringLiteral("ptriage/actions.sqlite"));
        sqlite3 *db = nullptr;
        QCOMPARE(sqlite3_open(old.toUtf8().constData(), &db), SQLITE_OK);
        // The schema as commit 207100c wrote it.
        const char *sql = "CREATE TABLE IF NOT EXISTS ptriage_actions ( id INTEGER PRIMARY KEY AUTOINCREMENT,"
                          " at_ms INTEGER NOT NULL, user TEXT NOT NULL, verb TEXT NOT NULL,"
                          " target TEXT NOT NULL, command TEXT NOT NULL, status TEXT NOT NULL,"
                          " message TEXT NOT NULL, via_helper INTEGER NOT NULL,"
                          " undo TEXT NOT NULL, undone_by INTEGER NOT NULL DEFAULT 0);"
                          "PRAGMA user_version = 1;"
                          "INSERT INTO ptriage_actions (at_ms, user, verb, target, command, status, message,"
                          " via_helper, undo) VALUES (1700000000000, 'me', 'renice',"
                          " 'd34496c8-665d-4e37-9394-f9a50e96cf14:98765:4242', 'make -j8', 'done', 'm', 0,"
                          " '{\"verb\":\"renice\",\"nice\":0}');";
        QCOMPARE(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK);
        sqlite3_close(db);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        const Run first = runPtriage({QStringLiteral("act"), QStringLiteral("journal")}, env);
        QVERIFY2(first.exit == 0, first.err.constData());
        QVERIFY2(first.err.contains("imported 1 actions") && first.err.contains(old.toUtf8()), first.err.constData());
        QVERIFY2(first.out.startsWith("1  ") && first.out.contains("make -j8 (undo possible)"), first.out.constData());
        QVERIFY(QFile::exists(data.filePath(QStringLiteral("ptriage/sessions.sqlite"))));
        QVERIFY(QFile::exists(old + QStringLiteral(".migrated")));
        QVERIFY(!QFile::exists(old));
        const Run second = runPtriage({QStringLiteral("act"), QStringLiteral("journal")}, env);
        QCOMPARE(second.exit, 0);
        QVERIFY2(second.err.isEmpty(), second.err.constData());
        QCOMPARE(second.out, first.out);
    }

    // An empty journal says so: nothing printed would read as a failure.
    void emptyJournalSaysSo()
    {
        QTemporaryDir data;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), data.path());
        const Run r = runPtriage({QStringLiteral("act"), QStringLiteral("journal")}, env);
        QVERIFY2(r.exit == 0, r.err.constData());
        QVERIFY2(
            r.out.startsWith("No actions in the journal ") && r.out.contains(data.path().toUtf8()), r.out.constData());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliSessionsTest)
#include "tst_cli_sessions.moc"
