// ptriage.act.v1: what `act --json` did on another machine, read back exactly; and nothing in it
// trusted (the real path, over a real sshd, is test_remote_hosts).
#include "remote/ActOutcomesJson.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using namespace ptriage;

namespace {

const ProcessIdentity kPaused = *ProcessIdentity::parse("0b0e7a00-1111-4222-8333-444444444444:4242:17");
const ProcessIdentity kGone = *ProcessIdentity::parse("0b0e7a00-1111-4222-8333-444444444444:99:18");

ActReport pausedOneLostOne()
{
    ActReport r{ActVerb::Pause, false, {}};
    ActOutcome paused;
    paused.target = kPaused;
    paused.status = ActStatus::Done;
    paused.message = Phrase("stopped (SIGSTOP); \"resume\" continues it");
    paused.undo = {{QStringLiteral("verb"), QStringLiteral("resume")}};
    paused.journalId = 7;
    ActOutcome gone;
    gone.target = kGone;
    gone.status = ActStatus::NoSuchProcess;
    gone.message = Phrase("it has ended");
    r.outcomes = {paused, gone};
    return r;
}

QJsonObject objectOf(const std::string &json)
{
    return QJsonDocument::fromJson(QByteArray::fromStdString(json)).object();
}

std::string textOf(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

} // namespace

class TestActOutcomesJson : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsBackWhatWasWritten()
    {
        ActReport read{ActVerb::Kill, true, {}};
        std::string error;
        QVERIFY(parseActOutcomes(actOutcomesJson(pausedOneLostOne()), {kPaused, kGone}, read, &error));
        QCOMPARE(error, std::string());
        QCOMPARE(read.verb, ActVerb::Pause);
        QVERIFY(!read.undoing);
        QCOMPARE(read.outcomes.size(), std::size_t{2});
        QCOMPARE(read.outcomes[0].target, kPaused);
        QCOMPARE(read.outcomes[0].status, ActStatus::Done);
        QCOMPARE(read.outcomes[0].message.english(), std::string("stopped (SIGSTOP); \"resume\" continues it"));
        QCOMPARE(read.outcomes[0].journalId, 7LL);
        QVERIFY(!read.outcomes[0].undo.isEmpty()); // undoable there
        QCOMPARE(read.outcomes[1].status, ActStatus::NoSuchProcess);
        QVERIFY(read.outcomes[1].undo.isEmpty());
    }

    // An undo's target is known only to the other machine's journal: any one identity, never two.
    void anUndoNamesOneProcess()
    {
        ActReport undo{ActVerb::Pause, true, {pausedOneLostOne().outcomes[0]}};
        ActReport read;
        std::string error;
        QVERIFY(parseActOutcomes(actOutcomesJson(undo), {}, read, &error));
        QVERIFY(read.undoing);
        QVERIFY(!parseActOutcomes(actOutcomesJson(pausedOneLostOne()), {}, read, &error));
        QVERIFY2(error.find("outcomes: more than 1 items") != std::string::npos, error.c_str());
    }

    void lies_data()
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("expected");
        QTest::newRow("another schema") << "schema" << QJsonValue(QStringLiteral("ptriage.act.v2")) << "schema: ";
        QTest::newRow("an unknown verb") << "verb" << QJsonValue(QStringLiteral("explode")) << "verb: unknown";
        QTest::newRow("a process not asked for")
            << "outcomes[0].target" << QJsonValue(QStringLiteral("0b0e7a00-1111-4222-8333-444444444444:4242:1"))
            << "outcomes[0].target: a process that was not asked for";
        QTest::newRow("a bare pid") << "outcomes[0].target" << QJsonValue(QStringLiteral("17"))
                                    << "outcomes[0].target: not a START_ID";
        QTest::newRow("an unknown status")
            << "outcomes[1].status" << QJsonValue(QStringLiteral("maybe")) << "outcomes[1].status: unknown status";
        QTest::newRow("a negative journal id")
            << "outcomes[0].journal_id" << QJsonValue(-3) << "outcomes[0].journal_id: out of range";
        QTest::newRow("a fractional journal id")
            << "outcomes[0].journal_id" << QJsonValue(2.5) << "outcomes[0].journal_id: expected a whole number";
        QTest::newRow("a message too long") << "outcomes[0].message" << QJsonValue(QString(5000, QLatin1Char('x')))
                                            << "outcomes[0].message: longer than 4096 bytes";
        QTest::newRow("undoable as a word") << "outcomes[0].undoable" << QJsonValue(QStringLiteral("yes"))
                                            << "outcomes[0].undoable: expected true or false";
        QTest::newRow("no outcomes") << "outcomes" << QJsonValue(QStringLiteral("none"))
                                     << "outcomes: expected an array";
    }

    void lies()
    {
        QFETCH(QString, field);
        QFETCH(QJsonValue, value);
        QFETCH(QString, expected);
        QJsonObject top = objectOf(actOutcomesJson(pausedOneLostOne()));
        if (field.startsWith(QLatin1String("outcomes["))) {
            const int i = field.mid(9, 1).toInt();
            QJsonArray outcomes = top.value(QLatin1String("outcomes")).toArray();
            QJsonObject o = outcomes[i].toObject();
            o.insert(field.mid(field.indexOf(QLatin1Char('.')) + 1), value);
            outcomes[i] = o;
            top.insert(QLatin1String("outcomes"), outcomes);
        } else {
            top.insert(field, value);
        }
        ActReport read{ActVerb::Kill, true, {}};
        std::string error;
        QVERIFY(!parseActOutcomes(textOf(top), {kPaused, kGone}, read, &error));
        QVERIFY2(error.starts_with(expected.toStdString()), error.c_str());
        QCOMPARE(read.verb, ActVerb::Kill); // untouched
        QVERIFY(read.outcomes.empty());
    }

    void notJson()
    {
        ActReport read;
        std::string error;
        QVERIFY(!parseActOutcomes("end 1 process: done", {kPaused}, read, &error));
        QVERIFY2(error.starts_with("not JSON: "), error.c_str());
        QVERIFY(!parseActOutcomes("[1, 2]", {kPaused}, read, &error));
        QCOMPARE(error, std::string("not a JSON object"));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TestActOutcomesJson)
#include "tst_act_outcomes_json.moc"
