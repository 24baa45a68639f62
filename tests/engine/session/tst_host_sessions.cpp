// Sessions of other machines (scan --host --save): a database of version 4 (before them) gains the
// column in place and keeps every session; a host's sessions are listed, compared and used for the
// past only as that host's; the same command left behind on several machines is grouped across them.
#include "SyntheticSession.h"
#include "report/SessionReport.h"
#include "session/HostAccumulation.h"
#include "session/SessionComparison.h"
#include "session/database/SessionSchema.h"
#include "session/database/SessionStore.h"
#include "support/TestRoom.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <sqlite3.h>

using namespace ptriage;
using namespace ptriage::test;

namespace {

void rawExec(const QString &path, const std::string &sql)
{
    sqlite3 *db = nullptr;
    QCOMPARE(sqlite3_open(path.toUtf8().constData(), &db), SQLITE_OK);
    char *message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    const QByteArray why(message ? message : "");
    sqlite3_free(message);
    sqlite3_close(db);
    QVERIFY2(rc == SQLITE_OK, why.constData());
}

long long pragmaVersion(const QString &path)
{
    sqlite3 *db = nullptr;
    long long v = -1;
    if (sqlite3_open_v2(path.toUtf8().constData(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *s = nullptr;
        if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr) == SQLITE_OK
            && sqlite3_step(s) == SQLITE_ROW)
            v = sqlite3_column_int64(s, 0);
        sqlite3_finalize(s);
    }
    sqlite3_close(db);
    return v;
}

// A process that keeps `argv` running, orphaned when `orphaned`.
SessionProcess running(int pid, std::vector<std::string> argv, bool orphaned)
{
    SessionProcess p;
    p.pid = pid;
    p.startTicks = 1000 + static_cast<std::uint64_t>(pid);
    p.ppid = orphaned ? 1 : 4000;
    p.orphaned = orphaned;
    p.argv = std::move(argv);
    p.comm = p.argv.front();
    p.cwd = "/srv";
    p.rssBytes = 50 << 20;
    p.ageSeconds = 3600;
    return p;
}

Session sessionOf(const std::string &sshHost, std::int64_t atMs, std::vector<SessionProcess> processes)
{
    Session s = syntheticSession(3, 60, 3, atMs);
    s.info.sshHost = sshHost;
    s.info.host = sshHost.empty() ? "here" : sshHost;
    for (auto &p : processes)
        s.processes.push_back(std::move(p));
    s.info.processCount = static_cast<int>(s.processes.size());
    return s;
}

} // namespace

class HostSessionsTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    // Written by version 4's exact steps, with a session and its processes in it: opened, the file
    // becomes version 5 in place, the old session reads back whole as this machine's, and a host's
    // session saved next to it stays apart from it.
    void aVersion4DatabaseGainsTheHostColumnAndKeepsItsSessions()
    {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("sessions.sqlite"));
        std::string sql;
        for (const auto &step : session_schema::steps())
            if (step.version <= 4)
                sql += step.sql;
        const std::string boot = fixedBoot().toString();
        sql += "INSERT INTO commands (id, text) VALUES (1, CAST('node' || char(0) || 'server.js' AS BLOB));"
               "INSERT INTO cwds (id, text) VALUES (1, CAST('/srv/app' AS BLOB));"
               "INSERT INTO texts (id, text) VALUES (1, CAST('dev' AS BLOB)), (2, CAST('node' AS BLOB));"
               "INSERT INTO sessions (at_ms, host, boot_id, kernel, clock_ticks, mem_total, mem_available, psi_some, "
               "psi_full, process_count, candidate_count, rss_total) VALUES (1700000000000, 'laptop', '"
            + boot
            + "', '6.1.0', 100, 17179869184, 8589934592, 0.5, NULL, 2, 1, 3000);"
              "INSERT INTO processes (session_id, pid, start_ticks, ppid, parent_start, comm_id, command_id, cwd_id, "
              "user_id, state, orphaned, rss, cpu_ticks, age, class, p_useful, p_useful_bad, p_abandoned, p_zombie, "
              "action, review, candidate, score, risk) VALUES "
              "(1, 4242, 900, 1, 0, 2, 1, 1, 1, 'S', 1, 2000, 7, 3600.5, 2, 0.1, 0.1, 0.7, 0.1, 2, 0, 1, 80, 1),"
              "(1, 4300, 950, 4242, 900, 2, 1, 1, 1, 'R', 0, 1000, 9, 60, 0, 0.9, 0.05, 0.04, 0.01, 0, 0, 0, 0, 0);"
              "PRAGMA user_version = 4;";
        rawExec(db, sql);
        QCOMPARE(pragmaVersion(db), 4LL);

        SessionStore store;
        QString error;
        QVERIFY2(store.open(db, SessionStore::Mode::ExistingOnly, &error), qPrintable(error));
        QCOMPARE(pragmaVersion(db), 5LL);
        QCOMPARE(SessionStore::schemaVersion(), 5);
        const auto old = store.sessions(0, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(old.size(), std::size_t{1});
        QCOMPARE(old[0].host, std::string("laptop"));
        QCOMPARE(old[0].sshHost, std::string()); // this machine's
        QCOMPARE(old[0].memPressureSome, std::optional<double>(0.5));
        const auto loaded = store.load(old[0].id, &error);
        QVERIFY2(loaded, qPrintable(error));
        QCOMPARE(loaded->processes.size(), std::size_t{2});
        const SessionProcess &left = loaded->processes[0];
        QCOMPARE(left.pid, 4242);
        QCOMPARE(left.argv, (std::vector<std::string>{"node", "server.js"}));
        QCOMPARE(left.cwd, std::string("/srv/app"));
        QCOMPARE(left.user, std::string("dev"));
        QVERIFY(left.orphaned && left.candidate);
        QCOMPARE(left.score, 80);
        QCOMPARE(left.classification, ProcessClass::Abandoned);

        // A host's session of the same boot (a host over loopback is this machine).
        Session there = syntheticSession(4, 60, 4, 1'700'000'600'000);
        there.info.sshHost = "devbox1";
        there.info.host = "devbox1";
        const long long id = store.save(there, &error);
        QVERIFY2(id > 0, qPrintable(error));
        QCOMPARE(store.sessions(0, &error).size(), std::size_t{1}); // this machine's only, by default
        const auto hosts = store.sessions(0, &error, std::string("devbox1"));
        QCOMPARE(hosts.size(), std::size_t{1});
        QCOMPARE(hosts[0].id, id);
        QCOMPARE(hosts[0].sshHost, std::string("devbox1"));
        QCOMPARE(store.sessions(0, &error, SessionStore::kEveryHost).size(), std::size_t{2});
        QCOMPARE(store.load(id, &error)->info.sshHost, std::string("devbox1"));

        // The past (the leak term) of this machine is its own sessions; a host's, its own.
        std::vector<std::vector<PastProcess>> mine, theirs;
        std::vector<ProcessStart> starts;
        QVERIFY(store.recentOfBoot(fixedBoot(), 6, 0, -1, &mine, &starts, &error));
        QCOMPARE(mine.size(), std::size_t{1});
        QCOMPARE(mine[0].size(), std::size_t{2});
        QVERIFY(store.recentOfBoot(fixedBoot(), 6, 0, -1, &theirs, &starts, &error, "devbox1"));
        QCOMPARE(theirs.size(), std::size_t{1});
        QCOMPARE(theirs[0].size(), std::size_t{4});

        // Never compared across machines.
        QVERIFY(!compareSessions(store, old[0].id, id, nullptr, &error));
        QVERIFY2(error.contains(QStringLiteral("different machines")), qPrintable(error));
    }

    void theSameCommandLeftBehindOnSeveralMachines()
    {
        const std::int64_t t0 = 1'700'000'000'000;
        std::vector<std::pair<std::string, Accumulation>> perHost;
        // devbox1: one node server.js, orphaned; buildbox: one, then four orphaned an hour later;
        // this machine: a make only it runs.
        perHost.emplace_back(
            "devbox1", accumulate({sessionOf("devbox1", t0, {running(7000, {"node", "server.js"}, true)})}));
        std::vector<SessionProcess> four;
        for (int k = 0; k < 4; ++k)
            four.push_back(running(8000 + k, {"node", "server.js"}, true));
        perHost.emplace_back("buildbox",
            accumulate({sessionOf("buildbox", t0, {running(8000, {"node", "server.js"}, true)}),
                sessionOf("buildbox", t0 + 3600000, four)}));
        perHost.emplace_back("", accumulate({sessionOf("", t0, {running(9000, {"make", "-j8"}, false)})}));
        perHost.emplace_back("idle", Accumulation{}); // no sessions in the span: not a machine of it
        const HostAccumulation acc = accumulateAcrossHosts(perHost);

        QCOMPARE(acc.machines.size(), std::size_t{3});
        QCOMPARE(acc.machines[0].host, std::string()); // this machine first
        QCOMPARE(acc.machines[1].host, std::string("buildbox"));
        QCOMPARE(acc.machines[1].sessions, 2);
        const auto server = std::find_if(acc.rows.begin(), acc.rows.end(),
            [](const HostAccumulationRow &r) { return r.command == "node server.js"; });
        QVERIFY(server != acc.rows.end());
        QCOMPARE(server->hosts.size(), std::size_t{2});
        QCOMPARE(server->hosts[0].host, std::string("buildbox")); // most first
        QCOMPARE(server->hosts[0].processes, 4); // its latest session, not 1 + 4
        QCOMPARE(server->hosts[0].leftBehind, 4);
        QCOMPARE(server->hosts[0].growthPerHour, 3.0);
        QCOMPARE(server->hosts[1].host, std::string("devbox1"));
        QCOMPARE(server->hosts[1].processes, 1);
        QCOMPARE(server->processes(), 5);
        for (const auto &r : acc.rows) {
            QVERIFY2(r.hosts.size() >= 2, r.command.c_str()); // make runs on one machine only
            QVERIFY(r.command != "make -jN");
        }
        // The synthetic workers run on all three: three machines before two.
        QCOMPARE(acc.rows.front().hosts.size(), std::size_t{3});

        const std::string text = hostAccumulationText(acc, 20);
        QVERIFY2(text.find("node server.js — buildbox ×4 (4 left behind), devbox1 ×1 (1 left behind)\n")
                != std::string::npos,
            text.c_str());
        QVERIFY2(text.find("this machine (sessions: 1)") != std::string::npos, text.c_str());

        const QJsonObject json = QJsonDocument::fromJson(QByteArray::fromStdString(hostAccumulationJson(acc))).object();
        QCOMPARE(json.value(QStringLiteral("schema")).toString(), QStringLiteral("ptriage.accumulation-hosts.v1"));
        QJsonObject row;
        for (const auto &r : json.value(QStringLiteral("rows")).toArray())
            if (r.toObject().value(QStringLiteral("command")).toString() == QLatin1String("node server.js"))
                row = r.toObject();
        QCOMPARE(row.value(QStringLiteral("processes")).toInt(), 5);
        QCOMPARE(row.value(QStringLiteral("left_behind")).toInt(), 5);
        const QJsonArray hosts = row.value(QStringLiteral("hosts")).toArray();
        QCOMPARE(hosts.size(), 2);
        QCOMPARE(hosts[0].toObject().value(QStringLiteral("ssh_host")).toString(), QStringLiteral("buildbox"));
        QCOMPARE(hosts[0].toObject().value(QStringLiteral("processes")).toInt(), 4);
    }

    void oneMachineGroupsNothing()
    {
        std::vector<std::pair<std::string, Accumulation>> perHost;
        perHost.emplace_back("", accumulate({sessionOf("", 1'700'000'000'000, {})}));
        const HostAccumulation acc = accumulateAcrossHosts(perHost);
        QVERIFY(acc.rows.empty());
        QVERIFY(hostAccumulationText(acc, 20).find("only one machine") != std::string::npos);
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(HostSessionsTest)
#include "tst_host_sessions.moc"
