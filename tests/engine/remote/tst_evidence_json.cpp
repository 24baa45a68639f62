// ptriage.evidence.v1: what one machine collected, judged on another exactly as at home; and
// nothing in it trusted.
#include "remote/EvidenceJson.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <random>

using namespace ptriage;
using namespace ptriage::test;

namespace {

QJsonObject objectOf(const std::string &json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

std::string textOf(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

// A snapshot that must survive a refused parse unchanged.
Snapshot marked()
{
    Snapshot s;
    s.capturedAtMs = 42;
    s.processes.emplace_back();
    s.processes.back().comm = "untouched";
    return s;
}

} // namespace

class EvidenceJsonTest : public QObject {
    Q_OBJECT

private:
    Spawner m_spawner;
    std::shared_ptr<const TriageResult> m_home;
    std::string m_json;

private Q_SLOTS:
    void initTestCase()
    {
        // What a person leaves: an idle orphan, a listener, a busy loop, a child with a terminal.
        QVERIFY(m_spawner.spawn({"ev-idle", {"ev-idle"}, {}, Parenting::OrphanNoSession}).pid > 0);
        QVERIFY(m_spawner.spawn({"ev-server", {"ev-server"}, {{"ACTOR_LISTEN", "0"}}}).pid > 0);
        QVERIFY(m_spawner.spawn({"ev-spin", {"ev-spin"}, {{"ACTOR_SPIN", "1"}}, Parenting::OrphanNoSession}).pid > 0);
        QVERIFY(m_spawner.spawn({"ev-tty", {"ev-tty"}, {}, Parenting::Terminal}).pid > 0);
        m_home = live(defaultModel(), 0.0);
        m_json = evidenceJson(*m_home->snapshot, {"9.9.9", static_cast<int>(::getpid())});
    }

    // Judged from its evidence, every process gets the very verdict it got where it was collected:
    // the same observations (the posterior's key folds them all), class, action and score.
    void theEvidenceIsJudgedAsAtHome()
    {
        Snapshot parsed;
        EvidenceHeader header;
        std::string error;
        QVERIFY2(parseEvidence(m_json, parsed, header, &error), error.c_str());
        QCOMPARE(header.version, std::string("9.9.9"));
        QCOMPARE(header.selfPid, static_cast<int>(::getpid()));
        TriageOptions to;
        to.selfPid = header.selfPid;
        to.minAgeSeconds = 0.0;
        const auto away = triage(std::make_shared<const Snapshot>(std::move(parsed)), defaultModel(), to);
        QCOMPARE(away->size(), m_home->size());
        int withDetails = 0, withSockets = 0;
        for (int i = 0; i < m_home->size(); ++i) {
            const ProcessView home = m_home->process(i), there = away->process(i);
            QCOMPARE(there.identity(), home.identity());
            QVERIFY2(there.posterior().key == home.posterior().key, home.sample().comm.c_str());
            QCOMPARE(there.posterior().classification, home.posterior().classification);
            QCOMPARE(m_home->recommendations[static_cast<std::size_t>(i)].action,
                away->recommendations[static_cast<std::size_t>(i)].action);
            QCOMPARE(m_home->recommendations[static_cast<std::size_t>(i)].score,
                away->recommendations[static_cast<std::size_t>(i)].score);
            QCOMPARE(there.sample().details != nullptr, home.sample().details != nullptr);
            if (home.sample().details) {
                ++withDetails;
                QCOMPARE(there.sample().details->cmdline, home.sample().details->cmdline);
                QCOMPARE(there.sample().details->environ, home.sample().details->environ);
                QCOMPARE(there.sample().details->cgroup, home.sample().details->cgroup);
            }
        }
        QCOMPARE(away->snapshot->sockets.size(), m_home->snapshot->sockets.size());
        for (const auto &[inode, s] : m_home->snapshot->sockets)
            withSockets += away->snapshot->sockets.count(inode) && away->snapshot->sockets.at(inode).local == s.local;
        QVERIFY(withDetails > 4);
        QCOMPARE(static_cast<std::size_t>(withSockets), m_home->snapshot->sockets.size());
        QCOMPARE(away->groups.size(), m_home->groups.size());
    }

    // Each lie gets its place and what was expected; the snapshot given is left as it was.
    void aLieIsRefusedWithWhereAndWhy_data()
    {
        QTest::addColumn<QString>("edit");
        QTest::addColumn<QString>("says");
        QTest::newRow("schema") << "schema=ptriage.evidence.v2"
                                << "schema: 'ptriage.evidence.v2'";
        QTest::newRow("state") << "state=SS"
                               << "processes[0].state: longer than 1 bytes";
        QTest::newRow("state digit") << "state=7"
                                     << "processes[0].state: expected one letter";
        QTest::newRow("negative rss") << "rss=-1"
                                      << "processes[0].rss_bytes: out of range";
        QTest::newRow("fraction") << "ppid=1.5"
                                  << "processes[0].ppid: expected a whole number";
        QTest::newRow("other boot") << "boot"
                                    << "processes[0].start_id: another boot than the system's";
        QTest::newRow("twice") << "twice"
                               << "processes[1]: pid";
        QTest::newRow("long comm") << "comm"
                                   << "processes[0].comm: longer than 64 bytes";
        QTest::newRow("no processes") << "processes"
                                      << "processes: expected an array";
        QTest::newRow("cmdline") << "cmdline"
                                 << "processes[0].details.cmdline[0]: expected a string";
        QTest::newRow("load") << "load"
                              << "system.load: expected three numbers";
    }
    void aLieIsRefusedWithWhereAndWhy()
    {
        QFETCH(QString, edit);
        QFETCH(QString, says);
        QJsonObject doc = objectOf(m_json);
        QJsonArray processes = doc.value(QStringLiteral("processes")).toArray();
        // The first process with details, first.
        for (qsizetype i = 0; i < processes.size(); ++i)
            if (processes[i].toObject().contains(QStringLiteral("details"))) {
                const QJsonValue p = processes[i];
                processes.removeAt(i);
                processes.prepend(p);
                break;
            }
        QJsonObject first = processes[0].toObject();
        if (edit == QLatin1String("schema=ptriage.evidence.v2"))
            doc[QStringLiteral("schema")] = QStringLiteral("ptriage.evidence.v2");
        else if (edit.startsWith(QLatin1String("state=")))
            first[QStringLiteral("state")] = edit.mid(6);
        else if (edit == QLatin1String("rss=-1"))
            first[QStringLiteral("rss_bytes")] = -1;
        else if (edit == QLatin1String("ppid=1.5"))
            first[QStringLiteral("ppid")] = 1.5;
        else if (edit == QLatin1String("boot"))
            first[QStringLiteral("start_id")] = QStringLiteral("00000000-0000-4000-8000-000000000000:1:1");
        else if (edit == QLatin1String("twice"))
            processes.insert(1, first);
        else if (edit == QLatin1String("comm"))
            first[QStringLiteral("comm")] = QString(65, QLatin1Char('x'));
        else if (edit == QLatin1String("processes"))
            doc.remove(QStringLiteral("processes"));
        else if (edit == QLatin1String("cmdline")) {
            QJsonObject details = first.value(QStringLiteral("details")).toObject();
            details[QStringLiteral("cmdline")] = QJsonArray{1};
            first[QStringLiteral("details")] = details;
        } else if (edit == QLatin1String("load")) {
            QJsonObject system = doc.value(QStringLiteral("system")).toObject();
            system[QStringLiteral("load")] = QJsonArray{1.0};
            doc[QStringLiteral("system")] = system;
        }
        if (edit != QLatin1String("twice"))
            processes[0] = first;
        if (doc.contains(QStringLiteral("processes")))
            doc[QStringLiteral("processes")] = processes;
        Snapshot out = marked();
        EvidenceHeader header;
        std::string error;
        QVERIFY(!parseEvidence(textOf(doc), out, header, &error));
        QVERIFY2(QString::fromStdString(error).startsWith(says), error.c_str());
        QCOMPARE(out.capturedAtMs, std::int64_t(42));
        QCOMPARE(out.processes.size(), std::size_t(1));
        QCOMPARE(out.processes[0].comm, std::string("untouched"));
    }

    void notJsonSaysWhere()
    {
        for (const std::string &bad : {std::string("evidence\n"), std::string("[1,2]"), m_json.substr(0, 1000)}) {
            Snapshot out = marked();
            EvidenceHeader header;
            std::string error;
            QVERIFY(!parseEvidence(bad, out, header, &error));
            QVERIFY2(error.rfind("not JSON", 0) == 0 || error.rfind("not a JSON object", 0) == 0, error.c_str());
            QCOMPARE(out.capturedAtMs, std::int64_t(42));
        }
    }

    // Bytes changed at random: refused or read, never a crash (the sanitizer build checks harder).
    void randomDamageNeverCrashes()
    {
        std::mt19937 rng(7);
        int refused = 0;
        for (int round = 0; round < 200; ++round) {
            std::string damaged = m_json;
            std::uniform_int_distribution<std::size_t> at(0, damaged.size() - 1);
            for (int k = 0; k < 1 + round % 5; ++k)
                damaged[at(rng)] = static_cast<char>(rng() & 0xff);
            Snapshot out;
            EvidenceHeader header;
            std::string error;
            if (!parseEvidence(damaged, out, header, &error)) {
                ++refused;
                QVERIFY(!error.empty());
            } else {
                for (const Sample &s : out.processes)
                    QVERIFY(s.id.boot == out.system.bootId);
            }
        }
        // How many are refused depends on where the bytes fall (a letter in a name is still valid).
        QVERIFY2(refused > 0, qPrintable(QString::number(refused)));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(EvidenceJsonTest)
#include "tst_evidence_json.moc"
