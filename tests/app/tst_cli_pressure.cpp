// `ptriage pressure` as a person or a script runs it: a written proc root replayed (JSON fields, the
// level and why), a malformed meminfo (exit 1, one clear line), usage errors (exit 2), and --watch on
// the live /proc ended by SIGTERM (exit 0, one JSON object per reading).
#include "support/BuildPaths.h"
#include "support/RunPtriage.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace ptriage::test;

namespace {

bool writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

// The environment without the user's config: the shipped policy.json decides.
// The same environment in another locale (LANG only: nothing else may override it).
QProcessEnvironment inLocale(QProcessEnvironment env, const char *lang)
{
    for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QLatin1String(v));
    env.insert(QStringLiteral("LANG"), QLatin1String(lang));
    return env;
}

QProcessEnvironment cleanEnvironment(const QString &configHome)
{
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), configHome);
    return env;
}

} // namespace

class CliPressureTest : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_root;

private Q_SLOTS:
    void initTestCase()
    {
        m_root = m_dir.filePath(QStringLiteral("proc"));
        QVERIFY(QDir().mkpath(m_root + QStringLiteral("/pressure")));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("config"))));
    }

    void replayedRootAsJson()
    {
        // 5 % of 8 GiB available, swap half used, PSI full high: critical.
        QVERIFY(writeFile(m_root + QStringLiteral("/meminfo"),
            "MemTotal:        8388608 kB\nMemFree:          300000 kB\nMemAvailable:     419430 kB\n"
            "SwapTotal:       1048576 kB\nSwapFree:         524288 kB\n"));
        QVERIFY(writeFile(m_root + QStringLiteral("/pressure/memory"),
            "some avg10=42.50 avg60=30.00 avg300=10.00 total=987654321\n"
            "full avg10=25.00 avg60=12.50 avg300=3.00 total=123456789\n"));
        const Run run
            = runPtriage({QStringLiteral("pressure"), QStringLiteral("--json"), QStringLiteral("--proc-root"), m_root},
                cleanEnvironment(m_dir.filePath(QStringLiteral("config"))));
        QVERIFY2(run.exit == 0, run.err.constData());
        QCOMPARE(run.out.count('\n'), 1);
        QJsonParseError pe;
        const QJsonObject o = QJsonDocument::fromJson(run.out, &pe).object();
        QVERIFY2(pe.error == QJsonParseError::NoError, run.out.constData());
        QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.pressure.v1"));
        QCOMPARE(o.value(QStringLiteral("level")).toString(), QStringLiteral("critical"));
        QCOMPARE(o.value(QStringLiteral("why")).toString(), QStringLiteral("MemAvailable 5 % < 7 % for 2 readings"));
        const auto memory = o.value(QStringLiteral("memory")).toObject();
        QCOMPARE(memory.value(QStringLiteral("total_bytes")).toDouble(), 8388608.0 * 1024);
        QCOMPARE(memory.value(QStringLiteral("available_bytes")).toDouble(), 419430.0 * 1024);
        QCOMPARE(qRound(memory.value(QStringLiteral("available_share")).toDouble() * 1000), 50);
        const auto swap = o.value(QStringLiteral("swap")).toObject();
        QCOMPARE(swap.value(QStringLiteral("total_bytes")).toDouble(), 1048576.0 * 1024);
        QCOMPARE(swap.value(QStringLiteral("free_bytes")).toDouble(), 524288.0 * 1024);
        const auto some = o.value(QStringLiteral("psi")).toObject().value(QStringLiteral("some")).toObject();
        const auto full = o.value(QStringLiteral("psi")).toObject().value(QStringLiteral("full")).toObject();
        QCOMPARE(some.value(QStringLiteral("avg10")).toDouble(), 42.5);
        QCOMPARE(some.value(QStringLiteral("avg60")).toDouble(), 30.0);
        QCOMPARE(some.value(QStringLiteral("total_us")).toDouble(), 987654321.0);
        QCOMPARE(full.value(QStringLiteral("avg10")).toDouble(), 25.0);
        QCOMPARE(o.value(QStringLiteral("source")).toString(), QStringLiteral("polling"));
        QCOMPARE(o.value(QStringLiteral("source_description")).toString(),
            QStringLiteral("polling every 2 s (not a kernel file: a replayed tree)"));
        QVERIFY(o.value(QStringLiteral("at_ms")).toDouble() > 0);
    }

    void replayedRootAsText()
    {
        QVERIFY(writeFile(m_root + QStringLiteral("/meminfo"),
            "MemTotal:        8388608 kB\nMemAvailable:    6291456 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n"));
        QVERIFY(writeFile(m_root + QStringLiteral("/pressure/memory"),
            "some avg10=42.50 avg60=30.00 avg300=10.00 total=987654321\n"
            "full avg10=25.00 avg60=12.50 avg300=3.00 total=123456789\n"));
        const Run run = runPtriage({QStringLiteral("pressure"), QStringLiteral("--proc-root"), m_root},
            cleanEnvironment(m_dir.filePath(QStringLiteral("config"))));
        QVERIFY2(run.exit == 0, run.err.constData());
        QVERIFY2(run.out.startsWith("level     normal\n"), run.out.constData());
        QVERIFY2(run.out.contains("why       PSI full 25 % but 75 % available: not an alert\n"), run.out.constData());
        QVERIFY2(run.out.contains("memory    6.0 GiB available of 8.0 GiB (75 %)\n"), run.out.constData());
        QVERIFY2(run.out.contains("swap      none\n"), run.out.constData());
        QVERIFY2(run.out.contains("PSI some  avg10 42.50 %  avg60 30.00 %  total 987.7 s\n"), run.out.constData());

        // German text; JSON the same in every locale (but for the time of the reading).
        const auto env = cleanEnvironment(m_dir.filePath(QStringLiteral("config")));
        const Run de = runPtriage(
            {QStringLiteral("pressure"), QStringLiteral("--proc-root"), m_root}, inLocale(env, "de_DE.UTF-8"));
        QVERIFY2(de.exit == 0, de.err.constData());
        QVERIFY2(de.out.contains("kein Alarm") && de.out.contains("verfügbar von"), de.out.constData());
        QVERIFY2(!de.out.contains("not an alert"), de.out.constData());
        const QStringList json{
            QStringLiteral("pressure"), QStringLiteral("--json"), QStringLiteral("--proc-root"), m_root};
        const Run jsonEn = runPtriage(json, inLocale(env, "C.UTF-8"));
        const Run jsonDe = runPtriage(json, inLocale(env, "de_DE.UTF-8"));
        const QRegularExpression at(QStringLiteral("\"at_ms\":[0-9.e+]+"));
        QCOMPARE(QString::fromUtf8(jsonDe.out).remove(at), QString::fromUtf8(jsonEn.out).remove(at));
        QVERIFY2(jsonDe.out.contains("not an alert"), jsonDe.out.constData());
    }

    void malformedMeminfoIsOneClearLine()
    {
        QVERIFY(writeFile(m_root + QStringLiteral("/meminfo"), "MemTotal: 8388608 kB\nMemFree: 100 kB\n"));
        const Run run
            = runPtriage({QStringLiteral("pressure"), QStringLiteral("--json"), QStringLiteral("--proc-root"), m_root},
                cleanEnvironment(m_dir.filePath(QStringLiteral("config"))));
        QCOMPARE(run.exit, 1);
        QVERIFY(run.out.isEmpty());
        QCOMPARE(QString::fromUtf8(run.err), QStringLiteral("ptriage: %1/meminfo: no MemAvailable line\n").arg(m_root));
    }

    void missingRootIsAnError()
    {
        const Run run = runPtriage(
            {QStringLiteral("pressure"), QStringLiteral("--proc-root"), m_dir.filePath(QStringLiteral("nope"))},
            cleanEnvironment(m_dir.filePath(QStringLiteral("config"))));
        QCOMPARE(run.exit, 1);
        QVERIFY2(run.err.startsWith("ptriage: cannot open ") && run.err.count('\n') == 1, run.err.constData());
    }

    void usageErrors()
    {
        const auto env = cleanEnvironment(m_dir.filePath(QStringLiteral("config")));
        Run run = runPtriage({QStringLiteral("pressure"), QStringLiteral("--interval"), QStringLiteral("0")}, env);
        QCOMPARE(run.exit, 2);
        QVERIFY2(run.err.startsWith("ptriage: --interval: expected seconds between 0.1 and 3600, got '0'"),
            run.err.constData());
        run = runPtriage({QStringLiteral("pressure"), QStringLiteral("now")}, env);
        QCOMPARE(run.exit, 2);
        run = runPtriage({QStringLiteral("pressure"), QStringLiteral("--bogus")}, env);
        QCOMPARE(run.exit, 2);
        run = runPtriage({QStringLiteral("--help")}, env);
        QVERIFY(run.out.contains("pressure [--json] [--watch]"));
    }

    void userPolicyTypoNamesFileAndLine()
    {
        const QString config = m_dir.filePath(QStringLiteral("typo"));
        QVERIFY(QDir().mkpath(config + QStringLiteral("/ptriage")));
        QVERIFY(writeFile(config + QStringLiteral("/ptriage/policy.json"),
            "{\n  \"pressure\": {\n    \"intervall_seconds\": 5\n  }\n}\n"));
        const Run run = runPtriage({QStringLiteral("pressure")}, cleanEnvironment(config));
        QCOMPARE(run.exit, 1);
        QVERIFY2(run.err.contains("policy.json:3: field 'pressure.intervall_seconds': unknown field; did you mean "
                                  "'interval_seconds'?"),
            run.err.constData());
    }

    void watchLiveEndsCleanlyOnSigterm()
    {
        QProcess p;
        p.setProcessEnvironment(cleanEnvironment(m_dir.filePath(QStringLiteral("config"))));
        p.start(QString::fromUtf8(ptriage::test::ptriageBinary()),
            {QStringLiteral("pressure"), QStringLiteral("--watch"), QStringLiteral("--json"),
                QStringLiteral("--interval"), QStringLiteral("0.2")});
        QVERIFY(p.waitForStarted());
        QByteArray out;
        QTRY_VERIFY_WITH_TIMEOUT((out += p.readAllStandardOutput()).count('\n') >= 3, 10000);
        ::kill(static_cast<pid_t>(p.processId()), SIGTERM);
        QVERIFY(p.waitForFinished(10000));
        out += p.readAllStandardOutput();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);
        const auto lines = out.trimmed().split('\n');
        for (const auto &line : lines) {
            const auto o = QJsonDocument::fromJson(line).object();
            QCOMPARE(o.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.pressure.v1"));
            QVERIFY(o.value(QStringLiteral("memory")).toObject().value(QStringLiteral("total_bytes")).toDouble() > 0);
        }
        qInfo("live source: %s",
            qPrintable(QJsonDocument::fromJson(lines.first())
                           .object()
                           .value(QStringLiteral("source_description"))
                           .toString()));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliPressureTest)
#include "tst_cli_pressure.moc"
