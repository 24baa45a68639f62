// ptriage.scan.v1: valid JSON whatever the input bytes, with every documented field and type.
#include "report/JsonWriter.h"
#include "report/ScanReport.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

class JsonTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void writerEscapesAndRepairsUtf8()
    {
        JsonWriter w;
        w.beginObject();
        w.key("quote").value("a\"b\\c\n\t\x01");
        w.key("bad").value(std::string_view("ok \xff\xfe end \xc3\xa9 \xe2\x82", 15));
        w.key("nan").value(std::nan(""));
        w.key("list").stringArray({"x", ""});
        w.key("empty").beginArray();
        w.endArray();
        w.endObject();
        QJsonParseError pe;
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(w.str()), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError,
            qPrintable(pe.errorString() + QLatin1Char(' ') + QString::fromStdString(w.str())));
        const auto o = doc.object();
        QCOMPARE(o.value(QStringLiteral("quote")).toString(), QStringLiteral("a\"b\\c\n\t\x01"));
        QCOMPARE(o.value(QStringLiteral("bad")).toString(),
            QString::fromUtf8("ok \xef\xbf\xbd\xef\xbf\xbd end \xc3\xa9 \xef\xbf\xbd\xef\xbf\xbd"));
        QVERIFY(o.value(QStringLiteral("nan")).isNull());
        QCOMPARE(o.value(QStringLiteral("list")).toArray().size(), 2);
    }

    // Parts written apart (on other threads) and joined with raw() give the very bytes of one writer.
    void partsJoinedAreTheWholeDocument()
    {
        auto element = [](JsonWriter &w, int i) {
            w.beginObject();
            w.key("i").value(i);
            w.key("list").beginArray();
            w.value("a");
            w.endArray();
            w.key("empty").beginObject();
            w.endObject();
            w.endObject();
        };
        for (const bool pretty : {false, true}) {
            JsonWriter whole(pretty), joined(pretty);
            for (JsonWriter *w : {&whole, &joined}) {
                w->beginObject();
                w->key("processes").beginArray();
            }
            for (int i = 0; i < 3; ++i) {
                element(whole, i);
                JsonWriter part(pretty, 2);
                element(part, i);
                joined.raw(part.str());
            }
            for (JsonWriter *w : {&whole, &joined}) {
                w->endArray();
                w->endObject();
            }
            QCOMPARE(joined.str(), whole.str());
        }
    }

    void scanDocumentHasEveryField()
    {
        Spawner sp;
        const Actor a = sp.spawn({"weird\xff", {"weird\xff", "\xc3(bad utf8", "x"}, {{"ACTOR_ZOMBIE", "1"}}});
        QVERIFY(a.pid > 0);
        const auto r = live(defaultModel(), 0.0);
        ScanReportOptions o;
        o.all = true;
        const std::string text = scanJson(*r, defaultModel(), o);
        QJsonParseError pe;
        const auto doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &pe);
        QVERIFY2(pe.error == QJsonParseError::NoError, qPrintable(pe.errorString()));
        const auto root = doc.object();
        QCOMPARE(root.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.scan.v1"));
        QCOMPARE(root.value(QStringLiteral("boot_id")).toString().size(), 36);
        QVERIFY(QDateTime::fromString(root.value(QStringLiteral("generated_at")).toString(), Qt::ISODate).isValid());
        const auto procs = root.value(QStringLiteral("processes")).toArray();
        QCOMPARE(procs.size(), static_cast<qsizetype>(r->snapshot->processes.size()));
        const QStringList fields = {QStringLiteral("pid"), QStringLiteral("ppid"), QStringLiteral("start_id"),
            QStringLiteral("uid"), QStringLiteral("user"), QStringLiteral("comm"), QStringLiteral("cmdline"),
            QStringLiteral("state"), QStringLiteral("age_seconds"), QStringLiteral("cpu_share"),
            QStringLiteral("rss_bytes"), QStringLiteral("category"), QStringLiteral("protected"),
            QStringLiteral("protected_reason"), QStringLiteral("posterior"), QStringLiteral("classification"),
            QStringLiteral("confidence"), QStringLiteral("triage_score"), QStringLiteral("recommendation"),
            QStringLiteral("ledger"), QStringLiteral("blast_radius"), QStringLiteral("workload"),
            QStringLiteral("wrapper"), QStringLiteral("supervisor")};
        bool sawZombie = false;
        for (const auto &v : procs) {
            const auto p = v.toObject();
            for (const auto &f : fields)
                QVERIFY2(p.contains(f), qPrintable(f));
            const auto post = p.value(QStringLiteral("posterior")).toObject();
            double sum = 0;
            for (const auto &k : {QStringLiteral("useful"), QStringLiteral("useful_bad"), QStringLiteral("abandoned"),
                     QStringLiteral("zombie")})
                sum += post.value(k).toDouble(-1);
            QVERIFY(std::fabs(sum - 1) < 1e-4);
            QVERIFY(p.value(QStringLiteral("cmdline")).isArray());
            QCOMPARE(p.value(QStringLiteral("state")).toString().size(), 1);
            const int score = p.value(QStringLiteral("triage_score")).toInt(-1);
            QVERIFY(score >= 0 && score <= 100);
            const auto rec = p.value(QStringLiteral("recommendation")).toObject();
            QVERIFY(QStringList(
                {QStringLiteral("keep"), QStringLiteral("renice"), QStringLiteral("pause"), QStringLiteral("freeze"),
                    QStringLiteral("throttle"), QStringLiteral("quarantine"), QStringLiteral("kill")})
                        .contains(rec.value(QStringLiteral("action")).toString()));
            QCOMPARE(rec.value(QStringLiteral("expected_loss")).toObject().size(), 7);
            QVERIFY(rec.value(QStringLiteral("blocked_by")).isArray());
            QVERIFY(QStringList(
                {QStringLiteral("very_high"), QStringLiteral("high"), QStringLiteral("medium"), QStringLiteral("low")})
                        .contains(p.value(QStringLiteral("confidence")).toString()));
            for (const auto &t : p.value(QStringLiteral("ledger")).toArray()) {
                const auto term = t.toObject();
                QVERIFY(term.value(QStringLiteral("bits")).isDouble());
                QVERIFY(!term.value(QStringLiteral("detail")).toString().isEmpty());
                QVERIFY(QStringList({QStringLiteral("decisive"), QStringLiteral("strong"),
                                        QStringLiteral("substantial"), QStringLiteral("weak")})
                            .contains(term.value(QStringLiteral("strength")).toString()));
            }
            const auto blast = p.value(QStringLiteral("blast_radius")).toObject();
            QVERIFY(blast.value(QStringLiteral("affected")).isArray());
            if (p.value(QStringLiteral("pid")).toInt() == a.zombiePid) {
                sawZombie = true;
                QCOMPARE(p.value(QStringLiteral("classification")).toString(), QStringLiteral("zombie"));
                QVERIFY(
                    rec.value(QStringLiteral("target")).toString().endsWith(QLatin1Char(':') + QString::number(a.pid)));
            }
            if (p.value(QStringLiteral("pid")).toInt() == a.pid) // invalid UTF-8 arrives repaired, not dropped
                QCOMPARE(p.value(QStringLiteral("cmdline")).toArray().size(), 3);
        }
        QVERIFY(sawZombie);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(JsonTest)
#include "tst_json.moc"
