// Who holds a port: a real listener with a real client connected (not safe to end: in use), a
// quiet one (safe), the minimum age, a free port, and — on a capture whose listeners' cgroups say
// they run in a systemd unit or a container — the advice to stop that instead, as the relief plan
// gives it.
#include "collect/Collector.h"
#include "decide/PortHolders.h"
#include "decide/relief/ReliefPlan.h"
#include "report/ScanReport.h"
#include "support/AcceptingListener.h"
#include "support/CaptureTools.h"
#include "support/Spawner.h"
#include "support/TestRoom.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace ptriage;
using namespace ptriage::test;

namespace {

bool hasGate(const PortHolder &h, const std::string &name)
{
    return std::any_of(h.notSafe.begin(), h.notSafe.end(), [&](const EndGate &g) { return g.name == name; });
}

std::string gates(const PortHolder &h)
{
    std::string out = h.verdict.english();
    for (const EndGate &g : h.notSafe)
        out += " | " + g.name + ": " + g.why.english();
    return out;
}

} // namespace

class PortHoldersTest : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listenerWithAClientIsInUse()
    {
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        const Actor client
            = sp.spawn({"port-client", {"port-client"}, {{"ACTOR_CONNECT", std::to_string(server.port)}}});
        QVERIFY(client.pid > 0);
        const Actor quiet = sp.spawn({"quiet-server", {"quiet-server"}, {{"ACTOR_LISTEN", "0"}}});
        QVERIFY(quiet.port > 0);
        QTest::qWait(300); // the server accepts

        const auto r = live(defaultModel(), 0.0);
        const PortHolders held = portHolders(*r, server.port);
        QVERIFY(held.held());
        QCOMPARE(held.holders.size(), std::size_t(1));
        const PortHolder &h = held.holders.front();
        QCOMPARE(r->identityOf(h.index), r->identityOf(indexOfPid(*r, server.pid)));
        QCOMPARE(h.clients, 1);
        QCOMPARE(h.listeners.size(), std::size_t(1));
        QCOMPARE(h.listeners[0].address, "127.0.0.1:" + std::to_string(server.port));
        QCOMPARE(h.listeners[0].proto, SocketInfo::Proto::Tcp);
        QVERIFY2(!h.safeToEnd && hasGate(h, "in_use"), gates(h).c_str());
        QVERIFY2(h.verdict.english().starts_with("not safe to end: "), gates(h).c_str());
        // What ending it would break: the client, by its place in the blast radius.
        const int ci = indexOfPid(*r, client.pid);
        QVERIFY2(std::find(h.affected.begin(), h.affected.end(), ci) != h.affected.end(), dump(*r, h.index).c_str());
        QVERIFY(!h.breaks.empty());
        QVERIFY(h.stop.empty() && h.stopAdvice.empty());

        // The actor that listens without accepting: nothing of its own is connected, nothing in the way.
        const PortHolders q = portHolders(*r, quiet.port);
        QCOMPARE(q.holders.size(), std::size_t(1));
        QCOMPARE(q.holders[0].clients, 0);
        QVERIFY2(q.holders[0].safeToEnd && q.holders[0].notSafe.empty(), gates(q.holders[0]).c_str());
        QVERIFY2(q.holders[0].verdict.english().starts_with("safe to end: "), gates(q.holders[0]).c_str());

        // Every listener, by port: both are there, each with its clients.
        const auto all = portListeners(*r);
        QVERIFY(std::is_sorted(all.begin(), all.end(), [](const auto &a, const auto &b) { return a.port < b.port; }));
        int seen = 0;
        for (const PortListener &l : all) {
            if (l.port == server.port) {
                QCOMPARE(l.index, h.index);
                QCOMPARE(l.clients, 1);
                ++seen;
            }
            seen += l.port == quiet.port ? 1 : 0;
        }
        QCOMPARE(seen, 2);

        // Seconds old under the default minimum age: too young, said as well.
        const auto young = live(defaultModel());
        const PortHolders y = portHolders(*young, server.port);
        QCOMPARE(y.holders.size(), std::size_t(1));
        QVERIFY2(hasGate(y.holders[0], "too_young") && hasGate(y.holders[0], "in_use"), gates(y.holders[0]).c_str());

        // A port nobody listens on, and ports that are none.
        const int free = freeTcpPort();
        QVERIFY(!portHolders(*r, free).held());
        QVERIFY(!portHolders(*r, 0).held() && !portHolders(*r, 70000).held());
        QCOMPARE(portHolder(*r, h.index, free).listeners.size(), std::size_t(0));
    }

    // The live service reads a server's fds once, when it first sees it; a client that connects
    // later still counts (the accepted connections come from the socket table, read every refresh).
    void aClientThatComesLaterCountsInTheLiveService()
    {
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        Collector collector(longLivedOptions());
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        const TriageOptions options = youngOptions();
        const auto before = triage(collector.refresh(), defaultModel(), options);
        const PortHolders first = portHolders(*before, server.port);
        QCOMPARE(first.holders.size(), std::size_t(1));
        QCOMPARE(first.holders[0].clients, 0);
        const Actor client
            = sp.spawn({"port-client", {"port-client"}, {{"ACTOR_CONNECT", std::to_string(server.port)}}});
        QVERIFY(client.pid > 0);
        QTest::qWait(300); // the server accepts
        const auto after = triage(collector.refresh(), defaultModel(), options, before.get());
        const PortHolders held = portHolders(*after, server.port);
        QCOMPARE(held.holders.size(), std::size_t(1));
        QCOMPARE(held.holders[0].clients, 1);
        QVERIFY2(!held.holders[0].safeToEnd && hasGate(held.holders[0], "in_use"), gates(held.holders[0]).c_str());
    }

    // A dev server binds its port seconds after it starts, after the live service read its fds: the
    // new listener sends the young processes' fds to be read again, and the port has its holder. The
    // service starts with a refresh, or as the window's does, with a scan that refreshes follow (whose
    // listeners, read before its fds, are where the refreshes' look for new ones starts).
    void aListenerOpenedAfterTheFirstRefreshIsFound_data()
    {
        QTest::addColumn<bool>("startsWithScan");
        QTest::newRow("first a refresh") << false;
        QTest::newRow("first a scan, refreshes after") << true;
    }

    void aListenerOpenedAfterTheFirstRefreshIsFound()
    {
        QFETCH(bool, startsWithScan);
        Spawner sp;
        QTemporaryDir dir;
        const std::string portFile = dir.filePath(QStringLiteral("port")).toStdString();
        const std::string go = dir.filePath(QStringLiteral("go")).toStdString();
        const int server = sp.spawnProgram({"/usr/bin/python3", "-c",
            "import os, socket, sys, time\n"
            "while not os.path.exists(sys.argv[2]):\n    time.sleep(0.02)\n"
            "s = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\n"
            "open(sys.argv[1] + '.tmp', 'w').write(str(s.getsockname()[1]))\n"
            "os.rename(sys.argv[1] + '.tmp', sys.argv[1])\ntime.sleep(3600)\n",
            portFile, go});
        QVERIFY(server > 0);
        CollectOptions collect = longLivedOptions();
        collect.refreshesAfterScanOnce = startsWithScan;
        Collector collector(collect);
        std::string error;
        QVERIFY2(collector.open(&error), error.c_str());
        const auto before
            = triage(startsWithScan ? collector.scanOnce() : collector.refresh(), defaultModel(), youngOptions());
        QVERIFY(indexOfPid(*before, server) >= 0);
        QFile(QString::fromStdString(go)).open(QIODevice::WriteOnly);
        int port = -1;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                QFile f(QString::fromStdString(portFile));
                return f.open(QIODevice::ReadOnly) && (port = f.readAll().toInt()) > 0;
            }(),
            10000);
        const auto after = triage(collector.refresh(), defaultModel(), youngOptions(), before.get());
        const PortHolders held = portHolders(*after, port);
        QCOMPARE(held.holders.size(), std::size_t(1));
        QCOMPARE(after->identityOf(held.holders[0].index).pid, server);
        // And nothing is read again while the listeners stay as they are.
        const auto again = triage(collector.refresh(), defaultModel(), youngOptions(), after.get());
        QCOMPARE(portHolders(*again, port).holders.size(), std::size_t(1));
    }

    void supervisedHoldersAreAdvisedToStopTheirUnit()
    {
        Spawner sp;
        const Actor user = sp.spawn({"user-unit-srv", {"user-unit-srv"}, {{"ACTOR_LISTEN", "0"}}});
        const Actor system = sp.spawn({"sys-unit-srv", {"sys-unit-srv"}, {{"ACTOR_LISTEN", "0"}}});
        const Actor boxed = sp.spawn({"container-srv", {"container-srv"}, {{"ACTOR_LISTEN", "0"}}});
        QVERIFY(user.port > 0 && system.port > 0 && boxed.port > 0);
        QTemporaryDir dir;
        const CapturePair pair = capturePair(dir.filePath(QStringLiteral("cap")).toStdString(), 0.2, 3 * 3600);
        // Where a unit of the user's manager, a system unit and a container put their processes.
        for (const std::string &root : {pair.before, pair.after}) {
            writeProcFile(root, user.pid, "cgroup",
                "0::/user.slice/user-1000.slice/user@1000.service/app.slice/devserver.service\n");
            writeProcFile(root, system.pid, "cgroup", "0::/system.slice/webapp.service\n");
            writeProcFile(root, boxed.pid, "cgroup", "0::/system.slice/docker-4f2a9c.scope\n");
        }
        const auto r = replay(pair, defaultModel(), 0.0);

        const PortHolders u = portHolders(*r, user.port);
        QCOMPARE(u.holders.size(), std::size_t(1));
        QCOMPARE(u.holders[0].stop, std::string("devserver.service"));
        QVERIFY2(u.holders[0].stopAdvice.english().find("systemctl --user stop devserver.service") != std::string::npos,
            u.holders[0].stopAdvice.english().c_str());
        QVERIFY2(!u.holders[0].safeToEnd && hasGate(u.holders[0], "supervised"), gates(u.holders[0]).c_str());

        const PortHolders s = portHolders(*r, system.port);
        QCOMPARE(s.holders.size(), std::size_t(1));
        QCOMPARE(s.holders[0].stop, std::string("webapp.service"));
        QVERIFY2(s.holders[0].stopAdvice.english().starts_with("stop the unit webapp.service (systemctl stop "
                                                               "webapp.service)"),
            s.holders[0].stopAdvice.english().c_str());

        const PortHolders c = portHolders(*r, boxed.port);
        QCOMPARE(c.holders.size(), std::size_t(1));
        QVERIFY2(c.holders[0].stop.starts_with("container:"), c.holders[0].stop.c_str());
        QVERIFY2(c.holders[0].stopAdvice.english().starts_with("stop the container docker-4f2a9c"),
            c.holders[0].stopAdvice.english().c_str());
        QVERIFY(hasGate(c.holders[0], "supervised"));

        // The relief plan advises the same thing to stop.
        const ReliefPlan plan = planRelief(
            *r, readFootprints(*r, QString::fromStdString(pair.after)), ReliefGoal{0, user.port}, defaultModel());
        QCOMPARE(plan.steps.size(), std::size_t(1));
        QCOMPARE(plan.steps[0].stopUnit, u.holders[0].stop);
    }

    // Another user's listener, whose open files this user cannot read (its fd directory is not
    // there, as without privileges): listed with the socket's own user, never pinned on a process.
    void anotherUsersListenerIsHeldByItsUser()
    {
        Spawner sp;
        const AcceptingListener server = startAcceptingListener(sp);
        QVERIFY(server.pid > 0);
        QTemporaryDir dir;
        const CapturePair pair = capturePair(dir.filePath(QStringLiteral("cap")).toStdString(), 0.2, 3600);
        hideOpenFiles(pair, server.pid);
        const auto r = replay(pair, defaultModel(), 0.0);

        const PortHolders p = portHolders(*r, server.port);
        QVERIFY(p.holders.empty() && p.held());
        QCOMPARE(p.unattributed.size(), std::size_t(1));
        QCOMPARE(p.unattributed[0].listener(), "TCP 127.0.0.1:" + std::to_string(server.port));
        QCOMPARE(p.unattributed[0].user, std::string("root")); // the socket's uid, named as its processes are
        const auto all = unheldListeners(*r);
        QVERIFY(std::any_of(all.begin(), all.end(), [&](const UnheldListener &l) { return l.port == server.port; }));
        const std::string json = portJson(p, *r, false);
        QVERIFY2(json.find("\"unattributed_users\":[\"root\"]") != std::string::npos, json.c_str());
        // A listener whose holder was read is not another user's.
        const Actor own = sp.spawn({"own-srv", {"own-srv"}, {{"ACTOR_LISTEN", "0"}}});
        QVERIFY(own.port > 0);
        const CapturePair again = capturePair(dir.filePath(QStringLiteral("cap2")).toStdString(), 0.2, 3600);
        const auto read = replay(again, defaultModel(), 0.0);
        QVERIFY(portHolders(*read, own.port).unattributed.empty());
        QCOMPARE(portHolders(*read, own.port).holders.size(), std::size_t(1));
    }
};

PTRIAGE_ROOM_GUILESS_MAIN(PortHoldersTest)
#include "tst_port_holders.moc"
