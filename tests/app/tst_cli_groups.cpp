// `ptriage groups` and the origins in sessions (issue 37) on real processes: a coding agent's
// stand-in gives its tools the session variables, then is SIGKILLed; its tools are one group whose
// owner is gone, every member either ended by the group's End or left out with a reason, and what the
// tools wrote into their environment is shown, never obeyed.
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <fstream>
#include <thread>
#include <unistd.h>

using namespace ptriage::test;

namespace {

// A session id with a terminal escape (a window title) and a tab: only shown, never obeyed.
const std::string kSessionId = "\x1b]0;owned\x07\tc0ffee00-5f0c";

// The groups of the session id: the tools' (this user's), and another user's copy of it (root only).
std::vector<QJsonObject> groupsOfSession(const QJsonDocument &doc)
{
    std::vector<QJsonObject> out;
    for (const auto &g : doc.object().value(QStringLiteral("groups")).toArray()) {
        const QJsonObject origin = g.toObject().value(QStringLiteral("origin")).toObject();
        if (origin.value(QStringLiteral("tool")).toString() == QStringLiteral("Claude Code")
            && origin.value(QStringLiteral("session_id")).toString().contains(QStringLiteral("c0ffee00-")))
            out.push_back(g.toObject());
    }
    return out;
}

bool holds(const QJsonObject &group, int pid)
{
    for (const auto &m : group.value(QStringLiteral("members")).toArray())
        if (m.toObject().value(QStringLiteral("pid")).toInt() == pid)
            return true;
    return false;
}

} // namespace

class TestCliGroups : public QObject {
    Q_OBJECT

    Spawner m_spawner;
    QTemporaryDir m_dir;
    std::vector<int> m_tools;
    int m_copier = 0; // another user's process with the same session id (when run as root)

    QJsonObject groupOfSession(const QJsonDocument &doc) const
    {
        for (const QJsonObject &g : groupsOfSession(doc))
            if (holds(g, m_tools.front()))
                return g;
        return {};
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        // The agent stand-in sets the variables for its tools only, as Claude Code does, and dies.
        const std::string pids = m_dir.filePath(QStringLiteral("pids")).toStdString();
        const std::string script
            = "for n in 3601 3602; do CLAUDECODE=1 CLAUDE_CODE_SESSION_ID=\"$SID\" /bin/sleep $n & "
              "echo $! >> "
            + pids + "; done; exec /bin/sleep 3600";
        const int agent = m_spawner.spawnProgram({"/bin/sh", "-c", script}, {{"SID", kSessionId}});
        QVERIFY(agent > 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                std::ifstream in(pids);
                m_tools.clear();
                for (int pid = 0; in >> pid;)
                    m_tools.push_back(pid);
                return m_tools.size() == 2;
            }(),
            10000);
        for (int pid : m_tools)
            m_spawner.adopt(pid);
        ::kill(agent, SIGKILL);
        QTRY_VERIFY_WITH_TIMEOUT(hasEnded(agent), 5000);
        // Another user copies the session id into a process of its own (issue 66): it must not join.
        if (::geteuid() == 0)
            m_copier = m_spawner.spawnProgram(
                {"/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/env", "CLAUDECODE=1",
                    "CLAUDE_CODE_SESSION_ID=" + kSessionId, "/bin/sleep", "3603"},
                {});
    }

    // A session id is only a string a process carries: another user's copy is a group of its own.
    void anotherUsersCopyOfTheSessionIdIsAGroupOfItsOwn()
    {
        if (m_copier <= 0)
            QSKIP("needs root to start a process as another user");
        const auto comm = [this] {
            QFile f(QStringLiteral("/proc/%1/comm").arg(m_copier));
            return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed() : QByteArray();
        };
        QTRY_COMPARE_WITH_TIMEOUT(comm(), QByteArray("sleep"), 10000); // past setpriv and env
        const Run r = runPtriage({QStringLiteral("groups"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(r.exit, 0);
        const auto groups = groupsOfSession(QJsonDocument::fromJson(r.out));
        QCOMPARE(groups.size(), std::size_t(2));
        for (const QJsonObject &g : groups)
            QVERIFY2(holds(g, m_copier) != holds(g, m_tools.front()), r.out.left(3000).constData());
    }

    void theSessionIsOneGroupWhoseOwnerIsGone()
    {
        const Run r = runPtriage({QStringLiteral("groups"), QStringLiteral("--json"), QStringLiteral("--all"),
            QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(r.exit, 0);
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(doc.object().value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.groups.v1"));
        const QJsonObject group = groupOfSession(doc);
        QVERIFY2(!group.isEmpty(), r.out.left(2000).constData());
        const QJsonObject origin = group.value(QStringLiteral("origin")).toObject();
        QCOMPARE(origin.value(QStringLiteral("kind")).toString(), QStringLiteral("agent"));
        QCOMPARE(origin.value(QStringLiteral("owner")).toString(), QStringLiteral("gone"));
        QCOMPARE(origin.value(QStringLiteral("session_id")).toString().toStdString(), kSessionId);
        const QJsonArray members = group.value(QStringLiteral("members")).toArray();
        QCOMPARE(members.size(), 2);
        QCOMPARE(group.value(QStringLiteral("members_count")).toInt(), 2);
        int ended = 0;
        for (const auto &m : members) {
            const QJsonObject member = m.toObject();
            QVERIFY(std::find(m_tools.begin(), m_tools.end(), member.value(QStringLiteral("pid")).toInt())
                != m_tools.end());
            // Every member is either ended by the group's End or left out with its reason.
            const bool byGroup = member.value(QStringLiteral("ended_with_group")).toBool();
            QCOMPARE(member.value(QStringLiteral("left_out_because")).isNull(), byGroup);
            QVERIFY(byGroup || !member.value(QStringLiteral("left_out_because")).toString().isEmpty());
            ended += byGroup ? 1 : 0;
        }
        QCOMPARE(group.value(QStringLiteral("leftovers")).toInt(), ended);
    }

    void theTextShowsWhatAToolWroteWithoutObeyingIt()
    {
        const Run r = runPtriage(
            {QStringLiteral("groups"), QStringLiteral("--all"), QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(r.exit, 0);
        QVERIFY2(r.out.contains("Claude Code session "), r.out.left(3000).constData());
        QVERIFY(!r.out.contains('\x1b'));
        QVERIFY(!r.out.contains('\x07'));
    }

    void scanJsonCarriesTheOrigin()
    {
        const Run r = runPtriage({QStringLiteral("explain"), QString::number(m_tools.front()), QStringLiteral("--json"),
            QStringLiteral("--min-age"), QStringLiteral("0")});
        QCOMPARE(r.exit, 0);
        const QJsonObject p = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("process")).toObject();
        const QJsonObject origin = p.value(QStringLiteral("origin")).toObject();
        QCOMPARE(origin.value(QStringLiteral("owner")).toString(), QStringLiteral("gone"));
        QCOMPARE(origin.value(QStringLiteral("group_size")).toInt(), 2);
        bool ownerTerm = false;
        for (const auto &t : p.value(QStringLiteral("ledger")).toArray())
            if (t.toObject().value(QStringLiteral("term")).toString() == QStringLiteral("owner")) {
                ownerTerm = true;
                QVERIFY(t.toObject().value(QStringLiteral("detail")).toString().contains(QStringLiteral("has ended")));
                QCOMPARE(t.toObject().value(QStringLiteral("favors")).toString(), QStringLiteral("abandoned"));
            }
        QVERIFY(ownerTerm);
    }

    // Sessions keep the origins: accumulation names what started them and that it ended, diff says who.
    void sessionsKeepTheOrigins()
    {
        const QString db = m_dir.filePath(QStringLiteral("s.sqlite"));
        for (int i = 0; i < 2; ++i) {
            const Run save = runPtriage({QStringLiteral("scan"), QStringLiteral("--save"), QStringLiteral("--db"), db,
                QStringLiteral("--min-age"), QStringLiteral("0")});
            QVERIFY2(save.exit == 0, save.err.constData());
        }
        const Run acc
            = runPtriage({QStringLiteral("accumulation"), QStringLiteral("--json"), QStringLiteral("--db"), db});
        QVERIFY2(acc.exit == 0, acc.err.constData());
        bool found = false;
        for (const auto &row : QJsonDocument::fromJson(acc.out).object().value(QStringLiteral("origins")).toArray()) {
            const QJsonObject o = row.toObject();
            bool ours = false; // the tools', not another user's copy of their session id
            for (const auto &e : o.value(QStringLiteral("examples")).toArray())
                ours = ours || e.toString().endsWith(QStringLiteral(":%1").arg(m_tools.front()));
            if (ours && o.value(QStringLiteral("command")).toString().contains(QStringLiteral("sleep"))
                && o.value(QStringLiteral("started_by")).toString() == QStringLiteral("Claude Code")) {
                found = true;
                QVERIFY(o.value(QStringLiteral("owner_gone")).toBool());
            }
        }
        QVERIFY2(found, acc.out.left(3000).constData());
        const Run diff = runPtriage(
            {QStringLiteral("diff"), QStringLiteral("--json"), QStringLiteral("--all"), QStringLiteral("--db"), db});
        QVERIFY2(diff.exit == 0, diff.err.constData());
        int withOrigin = 0;
        for (const auto &e : QJsonDocument::fromJson(diff.out).object().value(QStringLiteral("entries")).toArray()) {
            const QJsonObject after = e.toObject().value(QStringLiteral("after")).toObject();
            if (std::find(m_tools.begin(), m_tools.end(), e.toObject().value(QStringLiteral("pid")).toInt())
                != m_tools.end()) {
                QVERIFY(after.value(QStringLiteral("origin"))
                            .toString()
                            .startsWith(QStringLiteral("the Claude Code session")));
                QCOMPARE(after.value(QStringLiteral("owner")).toString(), QStringLiteral("gone"));
                ++withOrigin;
            }
        }
        QCOMPARE(withOrigin, 2);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TestCliGroups)
#include "tst_cli_groups.moc"
