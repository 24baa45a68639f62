// ptriage port as a person or a script uses it: a real listener with a real client (who holds it,
// by identity; not safe to end because it is in use; what it would break), the text in English and
// German, a free port (exit 1, one line) and ports that are none (exit 2).
#include "support/AcceptingListener.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage::test;

namespace {

QProcessEnvironment isolated(const QTemporaryDir &home, const char *lang = "C.UTF-8")
{
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.filePath(QStringLiteral("data")));
    for (const char *v : {"LC_ALL", "LC_MESSAGES", "LANGUAGE"})
        env.remove(QLatin1String(v));
    env.insert(QStringLiteral("LANG"), QLatin1String(lang));
    return env;
}

// Its start time in clock ticks (field 22 of /proc/PID/stat): the middle of its start_id.
QString startTicksOf(int pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 19 ? QString::fromLatin1(fields[19]) : QString();
}

} // namespace

class CliPortTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void saysWhoHoldsItAndWhyItIsNotSafeToEnd()
    {
        QTemporaryDir home;
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        const Actor client
            = sp.spawn({"port-client", {"port-client"}, {{"ACTOR_CONNECT", std::to_string(server.port)}}});
        QVERIFY(client.pid > 0);
        QTest::qWait(300); // the server accepts
        const QString port = QString::number(server.port);

        const Run r = runPtriage(
            {QStringLiteral("port"), port, QStringLiteral("--json"), QStringLiteral("--min-age"), QStringLiteral("0")},
            isolated(home));
        QVERIFY2(r.exit == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.port.v1"));
        QCOMPARE(doc.value(QStringLiteral("port")).toInt(), server.port);
        QVERIFY(doc.value(QStringLiteral("held")).toBool());
        const QJsonArray holders = doc.value(QStringLiteral("holders")).toArray();
        QCOMPARE(holders.size(), 1);
        const QJsonObject h = holders.first().toObject();
        // Named by identity: boot id, start ticks, pid.
        const QStringList id = h.value(QStringLiteral("start_id")).toString().split(QLatin1Char(':'));
        QCOMPARE(id.size(), 3);
        QCOMPARE(id[2], QString::number(server.pid));
        QCOMPARE(id[1], startTicksOf(server.pid));
        QCOMPARE(h.value(QStringLiteral("pid")).toInt(), server.pid);
        QVERIFY(h.value(QStringLiteral("command")).toString().contains(QStringLiteral("python3")));
        QCOMPARE(h.value(QStringLiteral("clients")).toInt(), 1);
        const QJsonObject listener = h.value(QStringLiteral("listeners")).toArray().first().toObject();
        QCOMPARE(listener.value(QStringLiteral("protocol")).toString(), QStringLiteral("tcp"));
        QCOMPARE(listener.value(QStringLiteral("address")).toString(), QStringLiteral("127.0.0.1:") + port);
        QCOMPARE(listener.value(QStringLiteral("clients")).toInt(), 1);
        QVERIFY(!h.value(QStringLiteral("safe_to_end")).toBool());
        QStringList gates;
        for (const auto &g : h.value(QStringLiteral("not_safe")).toArray())
            gates << g.toObject().value(QStringLiteral("gate")).toString();
        QVERIFY2(gates.contains(QStringLiteral("in_use")), r.out.constData());
        QVERIFY2(h.value(QStringLiteral("verdict")).toString().startsWith(QStringLiteral("not safe to end: ")),
            r.out.constData());
        // What ending it would break: the client.
        const QJsonObject breaks = h.value(QStringLiteral("breaks")).toObject();
        bool clientAffected = false;
        for (const auto &a : breaks.value(QStringLiteral("affected")).toArray())
            clientAffected |= a.toObject().value(QStringLiteral("pid")).toInt() == client.pid;
        QVERIFY2(clientAffected, r.out.constData());
        QVERIFY(h.value(QStringLiteral("stop")).isNull());
        // Who started it: the origin object of ptriage.scan.v1.
        const QJsonObject origin = h.value(QStringLiteral("origin")).toObject();
        for (const char *field : {"kind", "key", "owner", "description", "project_label", "owner_pid"})
            QVERIFY2(origin.contains(QLatin1String(field)), field);
        QVERIFY(!origin.value(QStringLiteral("key")).toString().isEmpty());
        QVERIFY(!origin.value(QStringLiteral("description")).toString().isEmpty());

        // With the default minimum age the seconds-old server is too young as well.
        const Run young = runPtriage(
            {QStringLiteral("port"), QStringLiteral(":") + port, QStringLiteral("--json")}, isolated(home));
        QCOMPARE(young.exit, 0);
        QVERIFY2(young.out.contains("\"too_young\"") && young.out.contains("\"in_use\""), young.out.constData());

        // For people: who, why not, what it would break; German under a German locale, the JSON not.
        const Run text = runPtriage(
            {QStringLiteral("port"), port, QStringLiteral("--min-age"), QStringLiteral("0")}, isolated(home));
        QCOMPARE(text.exit, 0);
        QVERIFY2(text.out.startsWith("Port " + port.toUtf8() + " is held by 1 process:"), text.out.constData());
        QVERIFY2(text.out.contains("not safe to end: kill blocked: 1 client connection"), text.out.constData());
        QVERIFY2(text.out.contains("1 client connected") && text.out.contains("ending it would break (risk "),
            text.out.constData());
        QVERIFY2(text.out.contains("\n  started by: ") && text.out.contains(" — owner "), text.out.constData());
        const Run de = runPtriage({QStringLiteral("port"), port, QStringLiteral("--min-age"), QStringLiteral("0")},
            isolated(home, "de_DE.UTF-8"));
        QCOMPARE(de.exit, 0);
        QVERIFY2(
            de.out.contains("nicht gefahrlos zu beenden") && de.out.contains("Client verbunden"), de.out.constData());
        const Run deJson = runPtriage(
            {QStringLiteral("port"), port, QStringLiteral("--json"), QStringLiteral("--min-age"), QStringLiteral("0")},
            isolated(home, "de_DE.UTF-8"));
        QVERIFY2(deJson.out.contains("\"not safe to end: "), deJson.out.constData());
    }

    void aFreePortIsExitOne()
    {
        QTemporaryDir home;
        const int free = freeTcpPort();
        const Run r = runPtriage({QStringLiteral("port"), QString::number(free)}, isolated(home));
        QCOMPARE(r.exit, 1);
        QCOMPARE(r.out.count('\n'), 1);
        QVERIFY2(r.out.startsWith("Nothing listens on port " + QByteArray::number(free)), r.out.constData());
        const Run json
            = runPtriage({QStringLiteral("port"), QString::number(free), QStringLiteral("--json")}, isolated(home));
        QCOMPARE(json.exit, 1);
        const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
        QVERIFY(!doc.value(QStringLiteral("held")).toBool(true));
        QVERIFY(doc.value(QStringLiteral("holders")).toArray().isEmpty());
    }

    void portsThatAreNoneAreUsageErrors()
    {
        QTemporaryDir home;
        for (const QStringList &args :
            {QStringList{QStringLiteral("port")}, QStringList{QStringLiteral("port"), QStringLiteral("0")},
                QStringList{QStringLiteral("port"), QStringLiteral("65536")},
                QStringList{QStringLiteral("port"), QStringLiteral("http")},
                QStringList{QStringLiteral("port"), QStringLiteral("80"), QStringLiteral("81")}}) {
            const Run r = runPtriage(args, isolated(home));
            QVERIFY2(r.exit == 2, qPrintable(args.join(QLatin1Char(' '))));
            QVERIFY2(r.err.startsWith("ptriage: port"), r.err.constData());
            QVERIFY(r.out.isEmpty());
        }
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(CliPortTest)
#include "tst_cli_port.moc"
