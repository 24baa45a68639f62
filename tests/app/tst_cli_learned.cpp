// ptriage learned as a script uses it: decisions recorded in a real database, the
// ptriage.learned.v1 JSON, --forget and --clear, exit 2 for usage and 1 (one line) for errors, a
// refused file left as it was; and a live scan that reads the past from --db.
#include "infer/Learning.h"
#include "session/database/SessionStore.h"
#include "support/RunPtriage.h"
#include "support/TestRoom.h"

#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QJsonObject json(const Run &r)
{
    return QJsonDocument::fromJson(r.out).object();
}

void record(SessionStore &store, Decision::Vote v, const std::vector<std::string> &argv)
{
    Decision d;
    d.vote = v;
    d.argv = argv;
    d.target = ProcessIdentity{BootId{}, 7, 4242};
    d.atMs = QDateTime::currentMSecsSinceEpoch() - 1000;
    QString error;
    QVERIFY2(store.recordDecision(d, &error) > 0, qPrintable(error));
}

QJsonObject patternOf(const QJsonObject &doc, const QString &pattern)
{
    for (const auto &v : doc.value(QStringLiteral("patterns")).toArray())
        if (v.toObject().value(QStringLiteral("pattern")).toString() == pattern)
            return v.toObject();
    return {};
}

} // namespace

class CliLearnedTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listForgetClear()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        {
            SessionStore store;
            QString error;
            QVERIFY(store.open(db, SessionStore::Mode::Create, &error));
            record(store, Decision::Vote::Kill, {"node", "/tmp/vitest-a1/forks.js", "--worker=3"});
            record(store, Decision::Vote::Kill, {"node", "/tmp/vitest-b2/forks.js", "--worker=7"});
            record(store, Decision::Vote::Spare, {"/usr/bin/python3", "/home/u/serve.py"});
        }
        const Run list = runPtriage({QStringLiteral("learned"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(list.exit == 0, list.err.constData());
        const QJsonObject doc = json(list);
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.learned.v1"));
        QCOMPARE(doc.value(QStringLiteral("decisions")).toArray().size(), 3);
        const QJsonObject first = doc.value(QStringLiteral("decisions")).toArray().first().toObject();
        QCOMPARE(first.value(QStringLiteral("vote")).toString(), QStringLiteral("kill"));
        QCOMPARE(first.value(QStringLiteral("start_id")).toString(),
            QStringLiteral("00000000-0000-0000-0000-000000000000:7:4242"));
        QCOMPARE(first.value(QStringLiteral("command")).toString(),
            QStringLiteral("node /tmp/vitest-a1/forks.js --worker=3"));
        const QJsonObject gen = patternOf(doc, QStringLiteral("node /tmp/…/forks.js --worker=N"));
        QVERIFY2(!gen.isEmpty(), list.out.constData());
        QCOMPARE(gen.value(QStringLiteral("level")).toString(), QStringLiteral("generalized"));
        QCOMPARE(gen.value(QStringLiteral("votes")).toInt(), 2);
        QVERIFY(gen.value(QStringLiteral("in_effect")).toBool());
        QVERIFY(gen.value(QStringLiteral("bits")).toDouble() > 0);
        const QJsonObject spare = patternOf(doc, QStringLiteral("python"));
        QCOMPARE(spare.value(QStringLiteral("level")).toString(), QStringLiteral("base"));
        QVERIFY(spare.value(QStringLiteral("spares")).toDouble() > 0.99);
        QVERIFY(!spare.value(QStringLiteral("in_effect")).toBool()); // one vote is not enough

        const Run text = runPtriage({QStringLiteral("learned"), QStringLiteral("--db"), db});
        QCOMPARE(text.exit, 0);
        QVERIFY(text.out.contains("node /tmp/…/forks.js --worker=N"));
        QVERIFY2(text.out.contains("3 decisions; counts decay by half every "), text.out.constData());
        // German text; JSON byte-identical in every locale.
        auto de = QProcessEnvironment::systemEnvironment();
        for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
            de.remove(QLatin1String(v));
        de.insert(QStringLiteral("LANG"), QStringLiteral("de_DE.UTF-8"));
        const Run textDe = runPtriage({QStringLiteral("learned"), QStringLiteral("--db"), db}, de);
        QVERIFY2(textDe.out.contains("3 Entscheidungen") && textDe.out.contains("MUSTER"), textDe.out.constData());
        const Run listDe
            = runPtriage({QStringLiteral("learned"), QStringLiteral("--json"), QStringLiteral("--db"), db}, de);
        QVERIFY(listDe.out == list.out);

        const Run forget = runPtriage({QStringLiteral("learned"), QStringLiteral("--json"), QStringLiteral("--forget"),
            QStringLiteral("node /tmp/…/forks.js --worker=N"), QStringLiteral("--db"), db});
        QVERIFY2(forget.exit == 0, forget.err.constData());
        QVERIFY(forget.err.contains("forgot 2 decisions"));
        QCOMPARE(json(forget).value(QStringLiteral("decisions")).toArray().size(), 1);
        QVERIFY(patternOf(json(forget), QStringLiteral("node")).isEmpty());

        const Run unknown = runPtriage({QStringLiteral("learned"), QStringLiteral("--forget"),
            QStringLiteral("nothing-like-it"), QStringLiteral("--db"), db});
        QCOMPARE(unknown.exit, 1);
        QVERIFY(unknown.err.startsWith("ptriage: no decision has the pattern"));

        const Run clear = runPtriage({QStringLiteral("learned"), QStringLiteral("--json"), QStringLiteral("--clear"),
            QStringLiteral("--db"), db});
        QCOMPARE(clear.exit, 0);
        QVERIFY(json(clear).value(QStringLiteral("decisions")).toArray().isEmpty());
        QVERIFY(json(clear).value(QStringLiteral("patterns")).toArray().isEmpty());
    }

    void usageAndErrors()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        QCOMPARE(runPtriage({QStringLiteral("learned"), QStringLiteral("--clear"), QStringLiteral("--forget"),
                                QStringLiteral("x"), QStringLiteral("--db"), db})
                     .exit,
            2);
        QCOMPARE(runPtriage({QStringLiteral("learned"), QStringLiteral("extra")}).exit, 2);
        QCOMPARE(
            runPtriage({QStringLiteral("learned"), QStringLiteral("--forget="), QStringLiteral("--db"), db}).exit, 2);
        // No database yet: nothing learned (not an error), and nothing created.
        const Run empty = runPtriage({QStringLiteral("learned"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QCOMPARE(empty.exit, 0);
        QVERIFY(json(empty).value(QStringLiteral("decisions")).toArray().isEmpty());
        QVERIFY(!QFile::exists(db));
        QCOMPARE(runPtriage({QStringLiteral("learned"), QStringLiteral("--forget"), QStringLiteral("x"),
                                QStringLiteral("--db"), db})
                     .exit,
            1);
        // A file that is not ours: one error line, the file as it was.
        QFile f(db);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a database at all\n");
        f.close();
        const Run bad = runPtriage({QStringLiteral("learned"), QStringLiteral("--clear"), QStringLiteral("--db"), db});
        QCOMPARE(bad.exit, 1);
        QVERIFY(bad.err.startsWith("ptriage: ") && bad.err.count('\n') == 1);
        QFile again(db);
        QVERIFY(again.open(QIODevice::ReadOnly));
        QCOMPARE(again.readAll(), QByteArray("not a database at all\n"));
        // A scan with that file still runs, and says once that the past was not used.
        const Run scan = runPtriage({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QCOMPARE(scan.exit, 0);
        QCOMPARE(scan.err.count("past decisions and sessions not used"), 1);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliLearnedTest)
#include "tst_cli_learned.moc"
