// ptriage relieve as a person or a script uses it: the plan as JSON, an impossible goal (exit 1,
// the best safe amount), usage errors (exit 2), and --yes ending a port's listener through the
// journaled action path.
#include "support/CaptureTools.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage::test;

namespace {

QJsonObject planOf(const Run &r)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
    return error.error == QJsonParseError::NoError ? doc.object() : QJsonObject();
}

QProcessEnvironment isolated(const QTemporaryDir &home)
{
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    return env;
}

// The same environment in another locale (LANG only: nothing else may override it).
QProcessEnvironment inLocale(QProcessEnvironment env, const char *lang)
{
    for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QLatin1String(v));
    env.insert(QStringLiteral("LANG"), QLatin1String(lang));
    return env;
}

} // namespace

class CliReliefTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void freeMemoryPrintsThePlanAsJson()
    {
        QTemporaryDir home;
        Spawner sp;
        const Actor leaker
            = sp.spawn({"cli-leaker", {"cli-leaker"}, {{"ACTOR_ALLOC_MB", "32"}}, Parenting::OrphanNoSession});
        QVERIFY(leaker.pid > 0);
        // An orphan left for hours (a capture with its clock moved forward) is a candidate.
        const CapturePair pair = capturePair(home.filePath(QStringLiteral("cap")).toStdString(), 1, 6 * 3600);
        // Aged, any other test's orphans would be candidates too, and the plan might end them instead.
        keepOnly(pair, {leaker.pid});
        const Run r
            = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("16M"),
                             QStringLiteral("--json"), QStringLiteral("--proc-root"),
                             QString::fromStdString(pair.after), QStringLiteral("--min-age"), QStringLiteral("0")},
                isolated(home));
        QVERIFY2(r.exit == 0 || r.exit == 1, r.err.constData());
        const QJsonObject plan = planOf(r);
        QCOMPARE(plan.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.relief.v1"));
        QCOMPARE(plan.value(QStringLiteral("goal")).toObject().value(QStringLiteral("free_bytes")).toDouble(),
            16.0 * (1 << 20));
        // At least the leaker can be ended (its footprint from the captured smaps_rollup), so the goal
        // is reachable on any machine.
        QVERIFY2(plan.value(QStringLiteral("reached")).toBool(), r.out.constData());
        QCOMPARE(r.exit, 0);
        double sum = 0;
        bool endsLeaker = false;
        for (const auto &v : plan.value(QStringLiteral("steps")).toArray()) {
            const QJsonObject s = v.toObject();
            endsLeaker
                |= s.value(QStringLiteral("start_id")).toString().endsWith(QStringLiteral(":%1").arg(leaker.pid));
            QCOMPARE(s.value(QStringLiteral("start_id")).toString().count(QLatin1Char(':')), 2);
            QCOMPARE(s.value(QStringLiteral("action")).toString(), QStringLiteral("kill"));
            QVERIFY(!s.value(QStringLiteral("why")).toString().isEmpty());
            sum += s.value(QStringLiteral("frees_bytes")).toDouble();
        }
        QVERIFY(sum >= 16.0 * (1 << 20));
        QVERIFY2(endsLeaker, r.out.constData());
        QCOMPARE(plan.value(QStringLiteral("frees_bytes")).toDouble(), sum);
        QVERIFY(plan.value(QStringLiteral("shortfall")).isNull());
        // The same capture under German: the plan's JSON is byte-identical, its table German.
        const QStringList args{QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("16M"),
            QStringLiteral("--json"), QStringLiteral("--proc-root"), QString::fromStdString(pair.after),
            QStringLiteral("--min-age"), QStringLiteral("0")};
        const Run de = runPtriage(args, inLocale(isolated(home), "de_DE.UTF-8"));
        QCOMPARE(de.exit, r.exit);
        QVERIFY2(de.out == r.out, de.out.constData());
        QStringList textArgs = args;
        textArgs.removeAll(QStringLiteral("--json"));
        const Run textDe = runPtriage(textArgs, inLocale(isolated(home), "de_DE.UTF-8"));
        QVERIFY2(textDe.out.contains("Ziel: ") && textDe.out.contains("Auswirkungsradius"), textDe.out.constData());
        const Run textEn = runPtriage(textArgs, inLocale(isolated(home), "C.UTF-8"));
        QVERIFY2(
            textEn.out.startsWith("Goal: free ") && textEn.out.contains(" — reached: frees "), textEn.out.constData());
        QVERIFY2(textEn.out.contains("; blast radius "), textEn.out.constData());
    }

    void impossibleGoalSaysSoWithTheBestSafeAmount()
    {
        QTemporaryDir home;
        const Run r = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("1024T"),
                                     QStringLiteral("--json")},
            isolated(home));
        QCOMPARE(r.exit, 1);
        const QJsonObject plan = planOf(r);
        QCOMPARE(plan.value(QStringLiteral("reached")).toBool(true), false);
        const QString shortfall = plan.value(QStringLiteral("shortfall")).toString();
        QVERIFY2(
            shortfall.startsWith(QStringLiteral("cannot free 1024")) && shortfall.contains(QStringLiteral("the most")),
            qPrintable(shortfall));
        const Run text = runPtriage(
            {QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("1024T")}, isolated(home));
        QCOMPARE(text.exit, 1);
        QVERIFY2(text.out.contains("NOT reachable safely"), text.out.constData());
        // The terminal follows the locale; JSON does not.
        const Run textDe
            = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("1024T")},
                inLocale(isolated(home), "de_DE.UTF-8"));
        QCOMPARE(textDe.exit, 1);
        QVERIFY2(textDe.out.contains("NICHT sicher erreichbar"), textDe.out.constData());
        QVERIFY2(textDe.out.contains("kann 1024") && !textDe.out.contains("cannot free"), textDe.out.constData());
        const Run jsonDe = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-memory"),
                                          QStringLiteral("1024T"), QStringLiteral("--json")},
            inLocale(isolated(home), "de_DE.UTF-8"));
        QVERIFY2(
            planOf(jsonDe).value(QStringLiteral("shortfall")).toString().startsWith(QStringLiteral("cannot free 1024")),
            jsonDe.out.constData());
    }

    void usageErrors()
    {
        for (const QStringList &args : {QStringList{QStringLiteral("relieve")},
                 QStringList{QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("4X")},
                 QStringList{QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("0")},
                 QStringList{QStringLiteral("relieve"), QStringLiteral("--free-port"), QStringLiteral("70000")},
                 QStringList{QStringLiteral("relieve"), QStringLiteral("--free-memory"), QStringLiteral("1G"),
                     QStringLiteral("--free-port"), QStringLiteral("80")}}) {
            const Run r = runPtriage(args);
            QVERIFY2(r.exit == 2, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY(r.err.startsWith("ptriage: "));
            QVERIFY(r.out.isEmpty());
        }
    }

    void yesEndsTheListenerOfAPortAndJournalsIt()
    {
        QTemporaryDir home;
        Spawner sp;
        const Actor server = sp.spawn({"cli-server", {"cli-server"}, {{"ACTOR_LISTEN", "0"}}});
        QVERIFY(server.port > 0);
        const QString db = home.filePath(QStringLiteral("journal.sqlite"));
        const Run dry = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-port"),
                                       QString::number(server.port), QStringLiteral("--min-age"), QStringLiteral("0")},
            isolated(home));
        QCOMPARE(dry.exit, 0);
        QVERIFY2(dry.out.contains("cli-server"), dry.out.constData());
        QVERIFY(!hasEnded(server.pid)); // without --yes it only prints
        const Run r
            = runPtriage({QStringLiteral("relieve"), QStringLiteral("--free-port"), QString::number(server.port),
                             QStringLiteral("--min-age"), QStringLiteral("0"), QStringLiteral("--yes"),
                             QStringLiteral("--timeout"), QStringLiteral("1"), QStringLiteral("--db"), db},
                isolated(home));
        QVERIFY2(r.exit == 0, r.err.constData());
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(server.pid), 5000);
        const Run journal = runPtriage({QStringLiteral("act"), QStringLiteral("journal"), QStringLiteral("--db"), db});
        QCOMPARE(journal.exit, 0);
        QVERIFY2(journal.out.contains("end") && journal.out.contains(QByteArray::number(server.pid)),
            journal.out.constData());
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliReliefTest)
#include "tst_cli_relief.moc"
