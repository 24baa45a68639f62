// Session-end hooks (issue 68) with real programs: stand-ins of coding agents and an editor
// (agent_standin.py: the variables Claude Code, Codex and VS Code set in every child) each start a
// real MCP server from npm on a pipe and a dev server put in the background. The hooks are run as
// each tool runs them: Claude Code's SessionEnd command through `sh -c` with its JSON on stdin while
// the agent still lives; Codex's `notify` program with the turn's JSON as its last argument; a VS Code
// task at a folder's opening. Each ends its own session's leftovers, and never a live session's.
#include "support/AcceptingListener.h"
#include "support/BuildPaths.h"
#include "support/LoopbackHttp.h"
#include "support/NpmTools.h"
#include "support/RunPtriage.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <set>

using namespace ptriage::test;

namespace {

QString npmBin(const char *tool)
{
    return QString::fromStdString(npmModules()) + QStringLiteral("/.bin/") + QLatin1String(tool);
}

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject{};
}

// Every pid a groups document names (members and what was ended).
std::set<int> pidsIn(const QJsonObject &doc)
{
    std::set<int> out;
    for (const auto &g : doc.value(QStringLiteral("groups")).toArray())
        for (const auto &m : g.toObject().value(QStringLiteral("members")).toArray())
            out.insert(m.toObject().value(QStringLiteral("pid")).toInt());
    for (const auto &e : doc.value(QStringLiteral("ended")).toArray())
        out.insert(e.toObject().value(QStringLiteral("start_id")).toString().section(QLatin1Char(':'), -1).toInt());
    return out;
}

// The pids `ended` says were ended (done).
std::set<int> endedPids(const QJsonObject &doc)
{
    std::set<int> out;
    for (const auto &e : doc.value(QStringLiteral("ended")).toArray())
        if (e.toObject().value(QStringLiteral("status")).toString() == QStringLiteral("done"))
            out.insert(e.toObject().value(QStringLiteral("start_id")).toString().section(QLatin1Char(':'), -1).toInt());
    return out;
}

// CPU ticks (utime + stime) of a process; -1 when gone.
long long cpuTicks(int pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QByteArray stat = f.readAll();
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 12 ? fields[11].toLongLong() + fields[12].toLongLong() : -1;
}

// Settled as a server is long after its start: no CPU for a second (node spends its first second
// compiling; a session's end comes minutes later, and a busy process is rightly "at work").
bool settles(int pid)
{
    return QTest::qWaitFor(
        [&] {
            const long long before = cpuTicks(pid);
            QTest::qWait(1000);
            return before >= 0 && cpuTicks(pid) == before;
        },
        30000);
}

} // namespace

class TestSessionEndHooks : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    Spawner m_spawner;
    int m_sessions = 0;

    struct Agent {
        int agent = -1;
        int mcp = -1;
        int dev = -1;
        int port = 0;
        QString dir; // its files: config, pids, go, the hook's output
    };

    // A stand-in session in the git work tree `project`, with `env` in every child; `hook`: what it
    // runs at its end (Claude Code's SessionEnd), empty for none.
    Agent startSession(const QString &project, const QJsonObject &env, const QString &hook = {})
    {
        Agent a;
        a.dir = m_dir.filePath(QStringLiteral("session-%1").arg(++m_sessions));
        const QString work = m_dir.filePath(project);
        if (!QDir(work).exists()) {
            QDir().mkpath(work);
            QProcess::execute(
                QStringLiteral("git"), {QStringLiteral("-C"), work, QStringLiteral("init"), QStringLiteral("-q")});
        }
        QDir().mkpath(a.dir);
        a.port = freeTcpPort();
        QJsonObject cfg{{QStringLiteral("env"), env}, {QStringLiteral("project"), work},
            {QStringLiteral("mcp"), QJsonArray{QStringLiteral("node"), npmBin("mcp-server-memory")}},
            {QStringLiteral("port"), a.port}, {QStringLiteral("pids"), a.dir + QStringLiteral("/pids")},
            {QStringLiteral("go"), a.dir + QStringLiteral("/go")}, {QStringLiteral("hook"), hook},
            {QStringLiteral("hook_out"), a.dir + QStringLiteral("/hook.out")},
            {QStringLiteral("hook_exit"), a.dir + QStringLiteral("/hook.exit")}};
        QFile f(a.dir + QStringLiteral("/config.json"));
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(cfg).toJson()) <= 0)
            return a;
        f.close();
        m_spawner.spawnProgram(
            {"python3", PTRIAGE_AGENT_STANDIN, (a.dir + QStringLiteral("/config.json")).toStdString()});
        if (!QTest::qWaitFor([&] { return QFile::exists(a.dir + QStringLiteral("/pids")); }, 30000))
            return a;
        const QJsonObject pids = readJson(a.dir + QStringLiteral("/pids"));
        a.agent = pids.value(QStringLiteral("agent")).toInt(-1);
        a.mcp = pids.value(QStringLiteral("mcp")).toInt(-1);
        a.dev = pids.value(QStringLiteral("dev")).toInt(-1);
        for (int pid : {a.mcp, a.dev})
            if (pid > 0)
                m_spawner.adopt(pid); // killed at the end whatever happens
        if (!QTest::qWaitFor([&] { return tcpListening(a.port); }, 20000))
            a.dev = -1; // never listened: the test says so
        return a;
    }

    static bool alive(int pid) { return pid > 0 && !hasEnded(pid); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        if (!QFile::exists(npmBin("mcp-server-memory")))
            QFAIL("no mcp-server-memory in the npm cache: tests/scenarios/npm-tools.sh installs it (the ctest fixture "
                  "test_scenario_npm_tools)");
    }

    // Claude Code runs its SessionEnd hook while it still lives, its JSON on stdin: the hook ends what
    // this session started in the background (its MCP server, its dev server), and nothing of another
    // session that is still open, which no output names either.
    void claudeCodeSessionEndEndsItsOwnLeftovers()
    {
        const Agent live = startSession(QStringLiteral("web"),
            {{QStringLiteral("CLAUDECODE"), QStringLiteral("1")},
                {QStringLiteral("CLAUDE_CODE_SESSION_ID"), QStringLiteral("0a1b2c3d-0000-4000-8000-00000000live")}});
        QVERIFY(live.agent > 0 && live.mcp > 0 && live.dev > 0);
        const QString db = m_dir.filePath(QStringLiteral("hook.sqlite"));
        const Agent ending = startSession(QStringLiteral("billing"),
            {{QStringLiteral("CLAUDECODE"), QStringLiteral("1")},
                {QStringLiteral("CLAUDE_CODE_SESSION_ID"), QStringLiteral("5f0c2a9e-1111-4c4c-9d9d-0000000ending")}},
            QStringLiteral("%1 groups --session - --ending --end --yes --json --db %2")
                .arg(QString::fromLocal8Bit(ptriageBinary()), db));
        QVERIFY(ending.agent > 0 && ending.mcp > 0 && ending.dev > 0);
        QVERIFY(tcpListening(ending.port));
        QVERIFY(settles(ending.mcp) && settles(ending.dev));

        QFile go(ending.dir + QStringLiteral("/go"));
        QVERIFY(go.open(QIODevice::WriteOnly));
        go.close();
        QVERIFY2(QTest::qWaitFor([&] { return QFile::exists(ending.dir + QStringLiteral("/hook.exit")); }, 120000),
            "the hook did not finish");
        QFile out(ending.dir + QStringLiteral("/hook.out"));
        QVERIFY(out.open(QIODevice::ReadOnly));
        const QByteArray said = out.readAll();
        QFile code(ending.dir + QStringLiteral("/hook.exit"));
        QVERIFY(code.open(QIODevice::ReadOnly));
        QCOMPARE(code.readAll().trimmed(), QByteArray("0"));
        const QJsonObject doc = QJsonDocument::fromJson(said).object();
        QVERIFY2(
            doc.value(QStringLiteral("schema")).toString() == QStringLiteral("ptriage.groups.v1"), said.constData());
        const QJsonObject session = doc.value(QStringLiteral("session")).toObject();
        QVERIFY(session.value(QStringLiteral("found")).toBool());
        QVERIFY(session.value(QStringLiteral("ending")).toBool());
        QCOMPARE(session.value(QStringLiteral("owners_exiting")).toArray().size(), 1);
        QVERIFY(session.value(QStringLiteral("owners_exiting"))
                    .toArray()
                    .first()
                    .toString()
                    .endsWith(QLatin1Char(':') + QString::number(ending.agent)));
        QVERIFY2(endedPids(doc) == (std::set<int>{ending.mcp, ending.dev}), said.constData());
        QVERIFY(QTest::qWaitFor([&] { return !alive(ending.mcp) && !alive(ending.dev); }, 10000));
        QVERIFY(!tcpListening(ending.port));
        // The live session: running, and named nowhere.
        for (int pid : {live.agent, live.mcp, live.dev}) {
            QVERIFY(alive(pid));
            QVERIFY2(!pidsIn(doc).contains(pid), said.constData());
        }
        QVERIFY(tcpListening(live.port));

        // Asked about the live session without --ending, nothing of it is to end: its owner lives.
        const Run asked = runPtriage({QStringLiteral("groups"), QStringLiteral("--session"),
            QStringLiteral("0a1b2c3d-0000-4000-8000-00000000live"), QStringLiteral("--json"), QStringLiteral("--db"),
            db});
        QVERIFY2(asked.exit == 0, asked.err.constData());
        const QJsonObject liveDoc = QJsonDocument::fromJson(asked.out).object();
        QVERIFY(liveDoc.value(QStringLiteral("session")).toObject().value(QStringLiteral("found")).toBool());
        QVERIFY(liveDoc.value(QStringLiteral("ended")).isNull());
        for (const auto &g : liveDoc.value(QStringLiteral("groups")).toArray())
            for (const auto &m : g.toObject().value(QStringLiteral("members")).toArray())
                QVERIFY2(!m.toObject().value(QStringLiteral("ended_with_group")).toBool(), asked.out.constData());
        m_spawner.adopt(live.agent);
    }

    // Sessions that ended without a hook (a crash): Codex's notify program at another session's turn,
    // and a VS Code task at a folder's opening, end the leftovers of their own tool's ended sessions.
    void endedSessionsAreCleanedByTool()
    {
        const int window = m_spawner.spawnProgram({"/bin/sleep", "3600"}); // the VS Code window
        const Agent editor = startSession(QStringLiteral("site"),
            {{QStringLiteral("VSCODE_PID"), QString::number(window)},
                {QStringLiteral("TERM_PROGRAM"), QStringLiteral("vscode")}});
        const Agent codex = startSession(QStringLiteral("api"),
            {{QStringLiteral("CODEX_THREAD_ID"), QStringLiteral("019a0000-c0de-7000-8000-000000crash")}});
        const Agent live = startSession(QStringLiteral("web"),
            {{QStringLiteral("CLAUDECODE"), QStringLiteral("1")},
                {QStringLiteral("CLAUDE_CODE_SESSION_ID"), QStringLiteral("0a1b2c3d-0000-4000-8000-0000000live2")}});
        for (const Agent *a : {&editor, &codex, &live})
            QVERIFY(a->agent > 0 && a->dev > 0 && tcpListening(a->port));
        // The editor's window closes and Codex crashes; what they started stays.
        ::kill(window, SIGKILL);
        ::kill(codex.agent, SIGKILL);
        QVERIFY(QTest::qWaitFor([&] { return hasEnded(window) && hasEnded(codex.agent); }, 10000));
        ::kill(editor.agent, SIGKILL); // the stand-in of the editor's extension host
        QVERIFY(QTest::qWaitFor([&] { return hasEnded(editor.agent); }, 10000));
        const QString db = m_dir.filePath(QStringLiteral("ended.sqlite"));
        const QString ptriage = QString::fromLocal8Bit(ptriageBinary());

        // Codex runs `notify` with the turn's JSON as its last argument: through sh -c, as the README says.
        QProcess notify;
        notify.start(QStringLiteral("/bin/sh"),
            {QStringLiteral("-c"),
                QStringLiteral("%1 groups --ended --tool Codex --end --yes --min-age 0 --json --db %2")
                    .arg(ptriage, db),
                QStringLiteral("codex-notify"),
                QStringLiteral(
                    R"({"type":"agent-turn-complete","thread-id":"019a0000-c0de-7000-8000-0000000alive"})")});
        QVERIFY(notify.waitForFinished(120000));
        const QByteArray codexSaid = notify.readAllStandardOutput();
        QVERIFY2(notify.exitCode() == 0, (codexSaid + notify.readAllStandardError()).constData());
        const QJsonObject codexDoc = QJsonDocument::fromJson(codexSaid).object();
        QVERIFY2(endedPids(codexDoc).contains(codex.dev), codexSaid.constData());
        QVERIFY(QTest::qWaitFor([&] { return !alive(codex.dev) && !alive(codex.mcp); }, 10000));
        for (int pid : {editor.dev, live.agent, live.mcp, live.dev}) {
            QVERIFY(alive(pid));
            QVERIFY2(!pidsIn(codexDoc).contains(pid), codexSaid.constData());
        }

        // The VS Code task at the folder's opening (tasks.json, runOn folderOpen).
        const Run task = runPtriage({QStringLiteral("groups"), QStringLiteral("--ended"), QStringLiteral("--tool"),
            QStringLiteral("VS Code"), QStringLiteral("--end"), QStringLiteral("--yes"), QStringLiteral("--min-age"),
            QStringLiteral("0"), QStringLiteral("--db"), db});
        QVERIFY2(task.exit == 0, (task.out + task.err).constData());
        QVERIFY2(task.out.contains("VS Code"), task.out.constData());
        QVERIFY(QTest::qWaitFor([&] { return !alive(editor.dev) && !alive(editor.mcp); }, 10000));
        for (int pid : {live.agent, live.mcp, live.dev})
            QVERIFY(alive(pid));
        QVERIFY(tcpListening(live.port));
        m_spawner.adopt(live.agent);
    }

    // What a hook is given is anyone's to write: a clear error, and nothing ended.
    void badHookInputAndUsage()
    {
        const auto withStdin = [](const QStringList &args, const QByteArray &input) {
            QProcess p;
            p.start(QString::fromLocal8Bit(ptriageBinary()), args);
            p.write(input);
            p.closeWriteChannel();
            p.waitForFinished(60000);
            return std::pair{p.exitCode(), p.readAllStandardError()};
        };
        const QStringList hook{QStringLiteral("groups"), QStringLiteral("--session"), QStringLiteral("-"),
            QStringLiteral("--ending"), QStringLiteral("--end"), QStringLiteral("--yes"), QStringLiteral("--db"),
            m_dir.filePath(QStringLiteral("bad.sqlite"))};
        for (const QByteArray &input : {QByteArray("not json"), QByteArray(R"({"hook_event_name":"SessionEnd"})"),
                 QByteArray("[1,2]"), QByteArray(2 << 20, ' ')}) {
            const auto [exit, err] = withStdin(hook, input);
            QCOMPARE(exit, 1);
            QVERIFY2(err.startsWith("ptriage: --session -:"), err.constData());
        }
        // An id no process carries: said, nothing to end, success (a hook must not fail a session's end).
        const auto [exit, err] = withStdin(hook, R"({"session_id":"ffffffff-no-such-session"})");
        QVERIFY2(exit == 0, err.constData());
        for (const QStringList &bad : {QStringList{QStringLiteral("groups"), QStringLiteral("--yes")},
                 QStringList{QStringLiteral("groups"), QStringLiteral("--tool"), QStringLiteral("Codex")},
                 QStringList{QStringLiteral("groups"), QStringLiteral("--ended"), QStringLiteral("--ending")},
                 QStringList{QStringLiteral("groups"), QStringLiteral("--session"), QStringLiteral("x"),
                     QStringLiteral("--all")},
                 QStringList{QStringLiteral("groups"), QStringLiteral("--end"), QStringLiteral("--timeout"),
                     QStringLiteral("soon")},
                 QStringList{QStringLiteral("groups"), QStringLiteral("--ending"), QStringLiteral("--proc-root"),
                     QStringLiteral("/tmp")}}) {
            const Run r = runPtriage(bad);
            QVERIFY2(r.exit == 2, qPrintable(bad.join(QLatin1Char(' '))));
            QVERIFY2(r.err.startsWith("ptriage: "), r.err.constData());
        }
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(TestSessionEndHooks)
#include "tst_cli_session_end.moc"
