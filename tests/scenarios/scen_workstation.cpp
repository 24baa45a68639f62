// A developer's workstation (issue 35, a corpus of 200+): what the issue trackers of editors, test
// runners, dev servers and coding agents say people leave behind or keep using — redis-server run by
// hand, a sqlite3 shell, gdb and strace, socat relays and nc listeners, man pages, keepalives, xargs
// and GNU parallel workers, entr, make -j, pipelines, nodemon, concurrently, mocha --watch, pm2,
// esbuild --watch, http-server, node --inspect-brk, a Procfile runner with a queue and its workers, a
// pre-fork server. Half are in use (a live tmux pane, a client connected), half left behind (the
// terminal closed with tmux kill-server, a controller SIGKILLed, a script that exited with `&`
// children), most with several processes each.
#include "Harness.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

bool descendsFrom(int pid, int ancestor)
{
    for (int p = pid, guard = 0; p > 1 && guard < 16; ++guard) {
        p = processInfo(p).ppid;
        if (p == ancestor)
            return true;
    }
    return false;
}

bool isPython(const Proc &p)
{
    return p.comm.rfind("python", 0) == 0;
}

bool fileContains(const std::string &path, const std::string &needle)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return contains(ss.str(), needle);
}

bool have(Outcome &o, const std::string &path, const std::string &package)
{
    if (::access(path.c_str(), X_OK) == 0)
        return true;
    o.fail(path + " is missing (" + package + ", packaging/install-deps.sh --test)");
    return false;
}

// A tmux server whose pane runs an interactive bash; its pid (-1 and `o` failed when it did not start).
int openPane(Ctx &c, Outcome &o, const Env &env = {})
{
    if (!c.tmuxStart("bash --norc", env)) {
        o.fail("tmux did not start");
        return -1;
    }
    return c.tmuxPanePid();
}

// Types `command` into a live pane and waits for a process below the pane's shell that `which`
// accepts; the shell of a live pane a person runs a command in is labelled useful.
int inLivePane(
    Ctx &c, Outcome &o, const std::string &command, const std::function<bool(const Proc &)> &which, const Env &env = {})
{
    const int pane = openPane(c, o, env);
    if (pane < 0)
        return -1;
    c.tmuxSend(command);
    const int pid = c.waitFor([&](const Proc &p) { return descendsFrom(p.pid, pane) && which(p); }, 20000);
    if (pid < 0)
        o.fail("'" + command + "' did not start in the pane");
    else
        o.label("the pane's shell", pane, "useful");
    return pid;
}

// Closes the terminal (tmux kill-server) and checks that each of `pids` outlived it.
bool closeTerminal(Ctx &c, Outcome &o, const std::vector<int> &pids)
{
    c.tmuxKillServer();
    for (int pid : pids)
        if (pid <= 0 || test::hasEnded(pid)) {
            o.fail("pid " + std::to_string(pid) + " ended with the terminal");
            return false;
        }
    return true;
}

// A live process of this scenario (started with its environment marker) that `which` accepts: never
// one a scenario before it left dying.
int findMine(Ctx &c, const std::function<bool(const Proc &)> &which, int timeoutMs = 15000)
{
    const std::string needle = "PTRIAGE_SCENARIO=" + c.marker() + std::string(1, '\0');
    return c.waitFor(
        [&](const Proc &p) {
            if (p.state == 'Z' || !which(p))
                return false;
            std::ifstream in("/proc/" + std::to_string(p.pid) + "/environ", std::ios::binary);
            std::stringstream ss;
            ss << in.rdbuf();
            return contains(ss.str() + std::string(1, '\0'), needle);
        },
        timeoutMs);
}

// CPU time (utime + stime, clock ticks) of `pid`; -1 when gone.
long long cpuTicks(int pid)
{
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = stat.rfind(')');
    if (close == std::string::npos)
        return -1;
    std::istringstream f(stat.substr(close + 2));
    std::string field;
    long long utime = 0, stime = 0;
    for (int i = 3; i <= 15 && f >> field; ++i) {
        if (i == 14)
            utime = std::stoll(field);
        if (i == 15)
            stime = std::stoll(field);
    }
    return utime + stime;
}

// Waits until none of `pids` used CPU over half a second (their start-up done), or `timeoutMs`.
// Settled: at most 2 clock ticks (20 ms of CPU) among them in a whole second, where a first run still
// under way uses far more. Not "no tick at all in 400 ms": that waited out its deadline in CI, where a
// loaded machine runs the first run slowly and a watcher's own wake-ups land in most short windows. The
// deadline is long for the same reason; a quiet machine settles in a few seconds.
bool waitSettled(Ctx &c, const std::vector<int> &pids, int timeoutMs = 90000)
{
    long long last = -1;
    return c.waitUntil(
        [&] {
            long long sum = 0;
            for (int p : pids)
                sum += cpuTicks(p);
            const bool quiet = last >= 0 && sum - last <= 2;
            last = sum;
            if (!quiet)
                c.sleepMs(1000);
            return quiet;
        },
        timeoutMs);
}

int childOf(Ctx &c, int parent, const std::function<bool(const Proc &)> &which, int timeoutMs = 15000)
{
    return c.waitFor([&](const Proc &p) { return p.ppid == parent && which(p); }, timeoutMs);
}

int below(Ctx &c, int ancestor, const std::function<bool(const Proc &)> &which, int timeoutMs = 15000)
{
    return c.waitFor([&](const Proc &p) { return descendsFrom(p.pid, ancestor) && which(p); }, timeoutMs);
}

// The node program below `pid` (itself when it is node) whose command line names `script`: tools
// start their children directly or through `sh -c`.
int nodeRunning(Ctx &c, int ancestor, const std::string &script, int timeoutMs = 20000)
{
    return below(
        c, ancestor, [&](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), script); }, timeoutMs);
}

// Labels the `sh -c` between a tool and its child, when the tool started one.
void labelShellBetween(Ctx &, Outcome &o, int tool, int child, const std::string &label)
{
    const Proc p = processInfo(child);
    if (p.ppid > 0 && p.ppid != tool) {
        const Proc sh = processInfo(p.ppid);
        if (sh.comm == "sh" || sh.comm == "bash")
            o.label("sh -c between them", sh.pid, label);
    }
}

// A small HTTP server (node) with no timer of its own.
void writeNodeServer(Ctx &c, const std::string &path, const std::string &body)
{
    c.writeFile(path,
        "const http = require('http')\n"
        "http.createServer((req, res) => res.end('"
            + body + "')).listen(+process.argv[2], '127.0.0.1')\n");
}

// ------------------------------------------------------------------------------------- redis by hand

const Register redisCliInTmux("redis-cli-in-tmux",
    "redis-server started in the background of a live tmux pane (redis-server --port P &), redis-cli connected to "
    "it in the pane's foreground, idle 3 h",
    "redis-server and redis-cli: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/redis-server", "redis-server"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/cache";
        std::filesystem::create_directories(dir);
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        c.tmuxSend("cd " + dir + " && redis-server --port " + std::to_string(port)
            + " --save '' --appendonly no > redis.log 2>&1 &");
        const int redis = below(c, pane, [](const Proc &p) { return p.comm == "redis-server"; });
        c.adopt(redis); // redis writes its title over its environment: the marker cannot find it
        if (redis < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("redis-server did not listen on port " + std::to_string(port));
        c.tmuxSend("redis-cli -p " + std::to_string(port));
        const int cli = below(c, pane, [](const Proc &p) { return p.comm == "redis-cli"; });
        if (cli < 0)
            return o.fail("redis-cli did not start");
        // Typed again until it arrives: redis-cli drops what was typed before its line editor started.
        bool talked = false;
        for (int i = 0; i < 10 && !talked; ++i) {
            c.tmuxSend("set greeting hello");
            talked = c.waitUntil(
                [&] { return c.shell("redis-cli -p " + std::to_string(port) + " client list | grep -q cmd=set"); },
                1500);
        }
        if (!talked)
            return o.fail("redis-cli did not talk to redis-server");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("redis-server in the pane", redis, Expect::InUse);
        o.expect("redis-cli in the pane", cli, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
    });

const Register redisDaemonized("redis-daemonized-forgotten",
    "an integration-test script started redis-server --daemonize yes and exited without shutting it down; 3 days, "
    "no client",
    "redis-server: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/redis-server", "redis-server"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/itest";
        c.writeFile(dir + "/run-itests.sh",
            "#!/bin/sh\nredis-server --port " + std::to_string(port)
                + " --daemonize yes --save '' --dir \"$PWD\" --logfile redis.log\nsleep 0.2\necho 'tests: 12 "
                  "passed'\n",
            true);
        const int sh = c.start(Ctx::inDir(dir, "./run-itests.sh"));
        if (sh > 0)
            ::waitpid(sh, nullptr, 0);
        // By its port, not findMine: redis writes its process title over its environment.
        const int redis = c.waitFor([&](const Proc &p) {
            return p.comm == "redis-server" && contains(p.cmdline(), ":" + std::to_string(port));
        });
        if (redis < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the script left no redis-server listening");
        c.adopt(redis);
        o.result = c.replay(c.capture(0.5, 3 * kDay));
        o.expect("daemonized redis-server", redis, Expect::LeftBehind);
    });

// A Procfile-style runner: redis and two queue workers blocked in BLPOP on it.
void writeProcfileRunner(Ctx &c, const std::string &dir, int port)
{
    c.writeFile(dir + "/queue_worker.py",
        "import socket, sys\n"
        "s = socket.create_connection(('127.0.0.1', int(sys.argv[1])))\n"
        "while True:\n"
        "    s.sendall(b'BLPOP jobs 0\\r\\n')\n"
        "    if not s.recv(65536):\n"
        "        break\n");
    c.writeFile(dir + "/dev.sh",
        "#!/bin/bash\n# Procfile: redis, worker x2\nredis-server --port " + std::to_string(port)
            + " --save '' --appendonly no > redis.log 2>&1 &\n"
              "until redis-cli -p "
            + std::to_string(port)
            + " ping > /dev/null 2>&1; do sleep 0.1; done\n"
              "/usr/bin/python3 queue_worker.py "
            + std::to_string(port) + " &\n/usr/bin/python3 queue_worker.py " + std::to_string(port) + " &\nwait\n",
        true);
}

struct Procfile {
    int runner = -1;
    int redis = -1;
    std::vector<int> workers;
};

Procfile findProcfile(Ctx &c, Outcome &o, int port)
{
    Procfile f;
    f.runner = findMine(c, [](const Proc &p) { return p.comm == "dev.sh"; });
    if (f.runner > 0) {
        f.redis = childOf(c, f.runner, [](const Proc &p) { return p.comm == "redis-server"; });
        c.adopt(f.redis); // redis writes its title over its environment: the marker cannot find it
        f.workers = c.waitForAll(
            [&](const Proc &p) { return p.ppid == f.runner && isPython(p) && contains(p.cmdline(), "queue_worker"); },
            2);
    }
    const bool blocked = c.waitUntil(
        [&] {
            return c.shell("test $(redis-cli -p " + std::to_string(port) + " client list | grep -c cmd=blpop) -ge 2");
        },
        15000);
    if (f.runner < 0 || f.redis < 0 || f.workers.size() < 2 || !blocked)
        o.fail("the Procfile runner did not start redis and two workers blocked in BLPOP");
    return f;
}

const Register procfileLive("procfile-queue-in-tmux",
    "./dev.sh (a Procfile runner: redis-server and two queue workers blocked in BLPOP) in the foreground of a live "
    "tmux pane, 2 h",
    "the runner, redis and both workers: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/redis-server", "redis-server"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/shop";
        writeProcfileRunner(c, dir, port);
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        c.tmuxSend("cd " + dir + " && ./dev.sh");
        const Procfile f = findProcfile(c, o, port);
        if (!o.setupError.empty())
            return;
        o.result = c.replay(c.capture(0.5, 2 * kHour));
        o.expect("Procfile runner", f.runner, Expect::InUse);
        o.expect("redis-server under it", f.redis, Expect::InUse);
        for (int w : f.workers)
            o.expect("queue worker", w, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
    });

const Register procfileOrphaned("procfile-queue-terminal-closed",
    "setsid -f ./dev.sh (redis-server and two queue workers blocked in BLPOP on it) from a tmux pane since closed; "
    "2 days, no job queued",
    "the runner, redis and both workers: left behind (the workers' connections to redis are not use)",
    [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/redis-server", "redis-server"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/shop";
        writeProcfileRunner(c, dir, port);
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && setsid -f ./dev.sh > dev.log 2>&1 < /dev/null");
        const Procfile f = findProcfile(c, o, port);
        if (!o.setupError.empty())
            return;
        if (!closeTerminal(c, o, {f.runner, f.redis, f.workers[0], f.workers[1]}))
            return;
        o.result = c.replay(c.capture(0.5, 2 * kDay));
        o.label("Procfile runner", f.runner, "abandoned");
        o.expect("redis-server under it", f.redis, Expect::LeftBehind);
        for (int w : f.workers)
            o.expect("queue worker", w, Expect::LeftBehind);
    });

// ----------------------------------------------------------------------------------- shells in panes

const Register sqliteShell("sqlite3-shell-in-tmux", "a sqlite3 shell on app.db in a live tmux pane, idle 6 h",
    "sqlite3: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/sqlite3", "sqlite3"))
            return;
        const std::string dir = c.dir() + "/app";
        std::filesystem::create_directories(dir);
        c.shell("sqlite3 " + dir + "/app.db 'create table orders (id integer primary key, total real)'");
        const int sq
            = inLivePane(c, o, "cd " + dir + " && sqlite3 app.db", [](const Proc &p) { return p.comm == "sqlite3"; });
        if (sq < 0)
            return;
        c.tmuxSend("select count(*) from orders;");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        o.expect("sqlite3 shell", sq, Expect::InUse);
    });

const Register manPage("man-page-in-tmux", "man bash open in a live tmux pane (man and its pager less), read for 1 h",
    "man and less: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/man", "man-db"))
            return;
        const int less = inLivePane(c, o, "man bash", [](const Proc &p) { return p.comm == "less"; },
            {{"PAGER", "less"}, {"MANPAGER", "less"}});
        if (less < 0)
            return;
        const int man = c.waitFor([&](const Proc &p) { return p.comm == "man" && descendsFrom(less, p.pid); }, 5000);
        const int manAlt = man > 0 ? man : processInfo(less).ppid;
        if (processInfo(manAlt).comm != "man")
            return o.fail("no man process above its pager");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kHour));
        o.expect("man", manAlt, Expect::InUse);
        o.expect("less (man's pager)", less, Expect::InUse);
    });

const Register topInTmux("top-in-tmux", "top -d 5 in a live tmux pane, watched on a second screen for 2 days",
    "top: in use", [](Ctx &c, Outcome &o) {
        const int top = inLivePane(c, o, "top -d 5", [](const Proc &p) { return p.comm == "top"; });
        if (top < 0)
            return;
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("top", top, Expect::InUse);
    });

// --------------------------------------------------------------------------------- gdb and strace

const Register gdbAttached("gdb-attached-in-tmux",
    "gdb -p on a hung worker (started in the same pane with &), at gdb's prompt in a live tmux pane for 40 min",
    "gdb and the worker it holds stopped: in use (a person is debugging)", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/gdb", "gdb"))
            return;
        const std::string dir = c.dir() + "/svc";
        c.writeFile(dir + "/reindex.py",
            "import threading\nlock = threading.Lock()\nlock.acquire()\n# deadlock: waits for "
            "itself\nlock.acquire()\n");
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        c.tmuxSend("cd " + dir + " && " + kPython + " reindex.py &");
        const int worker = below(c, pane, [](const Proc &p) { return contains(p.cmdline(), "reindex.py"); });
        if (worker < 0)
            return o.fail("the worker did not start");
        c.tmuxSend(
            "gdb -q -nx -iex 'set pagination off' -iex 'set debuginfod enabled off' -p " + std::to_string(worker));
        const int gdb = below(c, pane, [](const Proc &p) { return p.comm == "gdb"; });
        if (gdb < 0 || !c.waitUntil([&] { return processInfo(worker).state == 't'; }, 30000))
            return o.fail("gdb did not attach to the worker");
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 40 * kMinute));
        o.expect("gdb at its prompt", gdb, Expect::InUse);
        o.expect("the worker gdb holds", worker, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
    });

const Register straceLeft("strace-left-on-live-server",
    "strace -f -o trace.log -p on a dev server in a live tmux pane, started from another terminal since closed; "
    "the server is still used, the trace forgotten for 1 day",
    "the server: in use; strace: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/strace", "strace"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/site";
        c.writeFile(dir + "/index.html", "<h1>site</h1>\n");
        const int srv = inLivePane(c, o,
            "cd " + dir + " && " + kPython + " -m http.server --bind 127.0.0.1 " + std::to_string(port),
            [](const Proc &p) { return isPython(p) && contains(p.cmdline(), "http.server"); });
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the dev server did not listen");
        const int strace
            = c.startOrphan({"strace", "-f", "-o", dir + "/trace.log", "-p", std::to_string(srv)}, {}, dir);
        if (strace < 0
            || !c.waitUntil(
                [&] {
                    return fileContains(
                        "/proc/" + std::to_string(srv) + "/status", "TracerPid:\t" + std::to_string(strace));
                },
                10000))
            return o.fail("strace did not attach to the server");
        o.result = c.replay(c.capture(0.5, kDay));
        o.expect("dev server in a live pane", srv, Expect::InUse);
        o.expect("forgotten strace", strace, Expect::LeftBehind);
    });

// ------------------------------------------------------------------------------ relays and listeners

const Register socatOrphan("socat-relay-orphaned",
    "socat TCP-LISTEN:P,fork TCP:127.0.0.1:Q (a port-forward to a database container that was removed), started "
    "with setsid from a shell since gone; 2 days, no client",
    "socat: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/socat", "socat"))
            return;
        const int port = freePort();
        const int gone = freePort();
        const int socat
            = c.startOrphan({"socat", "TCP-LISTEN:" + std::to_string(port) + ",bind=127.0.0.1,reuseaddr,fork",
                "TCP:127.0.0.1:" + std::to_string(gone)});
        if (socat < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("socat did not listen");
        // The probe's connection made socat fork a child that failed at once; let it go.
        c.waitUntil([&] { return c.waitFor([&](const Proc &p) { return p.ppid == socat; }, 0) < 0; }, 5000);
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("socat port-forward", socat, Expect::LeftBehind);
    });

const Register socatClient("socat-relay-with-client",
    "a socat port-forward (setsid, its shell gone, 1 day) to redis-server in a live tmux pane, with a person's client "
    "connected through it",
    "socat, its connection child and redis: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/socat", "socat") || !have(o, "/usr/bin/redis-server", "redis-server"))
            return;
        const int port = freePort();
        const int back = freePort();
        const int redis = inLivePane(c, o, "redis-server --port " + std::to_string(back) + " --save ''",
            [](const Proc &p) { return p.comm == "redis-server"; });
        c.adopt(redis); // redis writes its title over its environment: the marker cannot find it
        if (redis < 0 || !c.waitUntil([&] { return listening(c, back); }, 20000))
            return o.fail("redis-server did not listen");
        const int socat
            = c.startOrphan({"socat", "TCP-LISTEN:" + std::to_string(port) + ",bind=127.0.0.1,reuseaddr,fork",
                "TCP:127.0.0.1:" + std::to_string(back)});
        if (socat < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("socat did not listen");
        c.waitUntil([&] { return c.waitFor([&](const Proc &p) { return p.ppid == socat; }, 0) < 0; }, 5000);
        const auto client = c.actor({"redis-gui", {"redis-gui", "--host", "127.0.0.1", "--port", std::to_string(port)},
            {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
        if (client.pid < 0)
            return o.fail("the client could not connect");
        const int conn = childOf(c, socat, [](const Proc &p) { return p.comm == "socat"; });
        if (conn < 0)
            return o.fail("socat forked no child for the connection");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("socat port-forward", socat, Expect::InUse);
        o.expect("socat's connection child", conn, Expect::InUse);
        o.expect("redis-server in the pane", redis, Expect::InUse);
        o.label("the person's client", client.pid, "useful");
    });

const Register ncListener("nc-listener-forgotten",
    "nc -lk 127.0.0.1 P started to catch a webhook while debugging, its shell gone; 4 days, nothing ever came",
    "nc: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/nc", "netcat-openbsd"))
            return;
        const int port = freePort();
        const int nc = c.startOrphan({"nc", "-lk", "127.0.0.1", std::to_string(port)});
        if (nc < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("nc did not listen");
        o.result = c.replay(c.capture(0.3, 4 * kDay));
        o.expect("nc listener", nc, Expect::LeftBehind);
    });

const Register keepalive("sleep-infinity-keepalive",
    "a container-style keepalive sh -c 'sleep infinity & wait' a dev script started for a container since removed; "
    "9 days",
    "the keepalive (sh and its sleep): left behind", [](Ctx &c, Outcome &o) {
        const int sh = c.startOrphan({"/bin/sh", "-c", "trap 'exit 0' TERM; sleep infinity & wait"});
        const int sleep = sh > 0 ? childOf(c, sh, [](const Proc &p) { return p.comm == "sleep"; }) : -1;
        if (sh < 0 || sleep < 0)
            return o.fail("the keepalive did not start");
        c.adopt(sleep);
        o.result = c.replay(c.capture(0.3, 9 * kDay));
        o.expect("sleep infinity", sleep, Expect::LeftBehind);
        o.label("the keepalive sh", sh, "abandoned");
    });

// ----------------------------------------------------------------------------- workers and pipelines

const Register xargsOrphan("xargs-workers-orphaned",
    "bash -c 'find img -name \"*.png\" | xargs -P 3 -n 1 python3 optimize.py' from a shell since gone; the three "
    "workers wait for a license server that is down; 1 day",
    "xargs and its workers: left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/assets";
        for (const char *n : {"a", "b", "c"})
            c.writeFile(dir + "/img/" + n + ".png", "png");
        c.writeFile(dir + "/optimize.py",
            "import sys, time\n# waits for the license server before optimizing\nwhile True:\n    time.sleep(30)\n");
        const int bash = c.startOrphan(
            {"/bin/bash", "-c", "find img -name '*.png' | xargs -P 3 -n 1 " + std::string(kPython) + " optimize.py"},
            {}, dir);
        const int xargs = bash > 0 ? childOf(c, bash, [](const Proc &p) { return p.comm == "xargs"; }) : -1;
        const auto workers = xargs > 0 ? c.waitForAll([&](const Proc &p) { return p.ppid == xargs && isPython(p); }, 3)
                                       : std::vector<int>{};
        if (xargs < 0 || workers.size() < 3)
            return o.fail("xargs did not start three workers");
        for (int w : workers)
            c.adopt(w);
        c.adopt(xargs);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("xargs -P 3", xargs, Expect::LeftBehind);
        for (int w : workers)
            o.expect("optimize worker", w, Expect::LeftBehind);
        o.label("bash -c running the pipeline", bash, "abandoned");
    });

const Register parallelLive("parallel-jobs-in-tmux",
    "parallel --will-cite -j2 python3 transcode.py ::: four files, in the foreground of a live tmux pane: two busy "
    "jobs, 15 min in",
    "parallel and its jobs: in use", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/parallel", "parallel"))
            return;
        const std::string dir = c.dir() + "/media";
        c.writeFile(dir + "/transcode.py",
            "import hashlib, sys, time\nh = hashlib.sha256()\nend = time.time() + 900\n"
            "while time.time() < end:\n    h.update(sys.argv[1].encode() * 512)\n");
        const int par = inLivePane(c, o,
            "cd " + dir + " && parallel --will-cite -j2 " + kPython + " transcode.py ::: a.mov b.mov c.mov d.mov",
            [](const Proc &p) { return p.comm == "parallel"; });
        if (par < 0)
            return;
        const auto jobs = c.waitForAll(
            [&](const Proc &p) {
                return isPython(p) && contains(p.cmdline(), "transcode.py") && descendsFrom(p.pid, par);
            },
            2, 20000);
        if (jobs.size() < 2)
            return o.fail("parallel did not start two jobs");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.5, 15 * kMinute));
        o.expect("GNU parallel", par, Expect::InUse);
        for (int j : jobs)
            o.expect("transcode job", j, Expect::InUse);
    });

const Register makeStuck("make-j-stuck-runner-killed",
    "sh -c 'make -j2 check' from a CI runner that was SIGKILLed; make and its two integration tests (waiting for a "
    "service that never came up) stay, 3 h",
    "make and both test jobs: left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/proj";
        c.writeFile(dir + "/itest.py",
            "import sys, time\n# waits for the staging service to answer\nwhile True:\n    time.sleep(20)\n");
        c.writeFile(dir + "/Makefile",
            std::string("check: t1 t2\nt1 t2:\n\t") + kPython + " itest.py $@\n.PHONY: check t1 t2\n");
        const int sh = c.start(Ctx::inDir(dir, "/bin/sh -c 'make -j2 check; echo done'"));
        const int make = sh > 0 ? below(c, sh, [](const Proc &p) { return p.comm == "make"; }) : -1;
        const auto jobs = make > 0
            ? c.waitForAll([&](const Proc &p) { return p.ppid == make && contains(p.cmdline(), "itest.py"); }, 2)
            : std::vector<int>{};
        if (make < 0 || jobs.size() < 2)
            return o.fail("make did not start two jobs");
        c.adopt(make);
        for (int j : jobs)
            c.adopt(j);
        c.killNow(sh);
        if (test::hasEnded(make))
            return o.fail("make ended with its runner");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("make -j2", make, Expect::LeftBehind);
        for (int j : jobs)
            o.expect("integration test job", j, Expect::LeftBehind);
    });

// A project whose one C++ file has a constexpr table that takes the compiler minutes (1e10 steps,
// nested loops under GCC's per-loop limit): a real cc1plus at a full core for as long as the scenario
// runs. Its directory; empty (and `o` failed) without g++.
std::string writeSlowBuild(Ctx &c, Outcome &o)
{
    if (!have(o, "/usr/bin/g++", "g++"))
        return {};
    const std::string dir = c.dir() + "/engine";
    c.writeFile(dir + "/tables.cpp",
        "constexpr long checksum()\n{\n    long s = 0;\n    for (long a = 0; a < 100000; ++a)\n"
        "        for (long b = 0; b < 100000; ++b)\n            s += (a ^ b) % 7;\n    return s;\n}\n"
        "static_assert(checksum() > 0);\n");
    c.writeFile(dir + "/Makefile",
        "all: tables.o\ntables.o: tables.cpp\n\tg++ -std=c++17 -fconstexpr-ops-limit=1000000000000 -c tables.cpp -o "
        "tables.o\n");
    return dir;
}

// The class given to `pid` in the last replay, in JSON's words ("" when absent).
std::string classOf(const Outcome &o, int pid)
{
    const int i = o.result ? test::indexOfPid(*o.result, pid) : -1;
    return i < 0 ? std::string()
                 : std::string(jsonName(o.result->posteriors[static_cast<std::size_t>(i)].classification));
}

int slowCompiler(Ctx &c, int make)
{
    return c.waitFor([&](const Proc &p) { return p.comm == "cc1plus" && descendsFrom(p.pid, make); }, 20000);
}

const Register makeCompiling("make-compiling-in-ci-job",
    "make in a CI job (its own session, no terminal, the runner waiting): g++ compiling a file whose constexpr "
    "table takes minutes, cc1plus at a full core, 4 min in",
    "make, g++ and cc1plus: working, the compiler not called stuck", [](Ctx &c, Outcome &o) {
        const std::string dir = writeSlowBuild(c, o);
        if (dir.empty())
            return;
        const int make = c.start(Ctx::inDir(dir, "make"));
        const int cc1 = make > 0 ? slowCompiler(c, make) : -1;
        if (cc1 < 0)
            return o.fail("g++ did not start compiling");
        c.sleepMs(1500);
        o.result = c.replay(c.capture(0.5, 4 * kMinute));
        o.expect("make", make, Expect::InUse);
        o.expect("cc1plus", cc1, Expect::Working);
        const std::string cls = classOf(o, cc1);
        o.require(cls == "useful", "cc1plus of a running build is useful (got " + cls + ")");
    });

const Register makeCompilingKilled("make-compiling-runner-killed",
    "sh -c 'make' compiling a file that takes hours, from a CI runner that was SIGKILLed with make; g++ and "
    "cc1plus stay, the compiler at a full core, 3 h",
    "the compiler: left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = writeSlowBuild(c, o);
        if (dir.empty())
            return;
        const int sh = c.start(Ctx::inDir(dir, "/bin/sh -c 'make; echo done'"));
        const int make = sh > 0 ? below(c, sh, [](const Proc &p) { return p.comm == "make"; }) : -1;
        const int cc1 = make > 0 ? slowCompiler(c, make) : -1;
        if (cc1 < 0)
            return o.fail("g++ did not start compiling");
        c.adopt(cc1);
        c.killNow(sh);
        c.killNow(make);
        c.sleepMs(1500);
        const auto pair = c.capture(0.5, 3 * kHour);
        c.addCpuSeconds(pair, cc1, 3 * kHour * 0.9);
        o.result = c.replay(pair);
        o.expect("cc1plus", cc1, Expect::LeftBehind);
    });

const Register pipelineOrphan("pipeline-left-behind",
    "tail -F app.log | grep --line-buffered ERROR | python3 notify.py & disown, in a tmux pane since closed; 2 days",
    "tail, grep and the notifier: left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/ops";
        c.writeFile(dir + "/app.log", "started\n");
        c.writeFile(dir + "/notify.py",
            "import sys\nfor line in sys.stdin:\n    print('would page:', line.strip(), flush=True)\n");
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && tail -F app.log | grep --line-buffered ERROR | " + kPython
            + " notify.py > pages.log 2>&1 & disown");
        const int tail
            = findMine(c, [&](const Proc &p) { return p.comm == "tail" && contains(p.cmdline(), "app.log"); });
        const int grep = findMine(c, [&](const Proc &p) { return p.comm == "grep" && contains(p.cmdline(), "ERROR"); });
        const int py = findMine(c, [&](const Proc &p) { return isPython(p) && contains(p.cmdline(), "notify.py"); });
        if (tail < 0 || grep < 0 || py < 0)
            return o.fail("the pipeline did not start");
        if (!closeTerminal(c, o, {tail, grep, py}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("tail -F", tail, Expect::LeftBehind);
        o.expect("grep in the pipeline", grep, Expect::LeftBehind);
        o.expect("notifier at its end", py, Expect::LeftBehind);
    });

const Register pipelineLive("pipeline-in-tmux",
    "tail -f app.log | grep --line-buffered -i error in the foreground of a live tmux pane, followed for 5 h",
    "tail and grep: in use", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/ops";
        c.writeFile(dir + "/app.log", "started\n");
        const int grep = inLivePane(c, o, "cd " + dir + " && tail -f app.log | grep --line-buffered -i error",
            [](const Proc &p) { return p.comm == "grep"; });
        const int tail = grep > 0 ? findMine(c,
                             [&](const Proc &p) {
                                 return p.comm == "tail" && contains(p.cmdline(), "app.log")
                                     && processInfo(p.pid).sid == processInfo(grep).sid;
                             })
                                  : -1;
        if (grep < 0 || tail < 0)
            return o.fail("the pipeline did not start");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("tail -f", tail, Expect::InUse);
        o.expect("grep", grep, Expect::InUse);
    });

// ------------------------------------------------------------------------------------ file watchers

void writeEntrApp(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/app.py",
        "import http.server, sys\n"
        "http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), http.server.SimpleHTTPRequestHandler)"
        ".serve_forever()\n");
}

const Register entrLive("entr-in-tmux",
    "ls *.py | entr -r python3 app.py (restart the app on save) in a live tmux pane, 1 h", "entr and the app: in use",
    [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/entr", "entr"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/api";
        writeEntrApp(c, dir);
        const int entr
            = inLivePane(c, o, "cd " + dir + " && ls *.py | entr -r " + kPython + " app.py " + std::to_string(port),
                [](const Proc &p) { return p.comm == "entr"; });
        if (entr < 0)
            return;
        const int app = below(c, entr, [](const Proc &p) { return isPython(p) && contains(p.cmdline(), "app.py"); });
        if (app < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("entr did not start the app");
        o.result = c.replay(c.capture(0.3, kHour));
        o.expect("entr", entr, Expect::InUse);
        o.expect("the app under entr", app, Expect::InUse);
    });

const Register entrOrphan("entr-terminal-closed",
    "setsid -f sh -c 'ls *.py | entr -nr python3 app.py' from a tmux pane since closed; 3 days, no client",
    "entr and its app: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/entr", "entr"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/api";
        writeEntrApp(c, dir);
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && setsid -f sh -c 'ls *.py | entr -nr " + kPython + " app.py "
            + std::to_string(port) + "' > entr.log 2>&1 < /dev/null");
        const int entr = findMine(c, [](const Proc &p) { return p.comm == "entr"; });
        const int app = entr > 0
            ? below(c, entr, [](const Proc &p) { return isPython(p) && contains(p.cmdline(), "app.py"); })
            : -1;
        if (app < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("entr did not start the app");
        const int sh = processInfo(entr).ppid;
        if (!closeTerminal(c, o, {entr, app}))
            return;
        o.result = c.replay(c.capture(0.3, 3 * kDay));
        o.expect("entr", entr, Expect::LeftBehind);
        o.expect("the app under entr", app, Expect::LeftBehind);
        if (processInfo(sh).comm == "sh")
            o.label("sh -c around entr", sh, "abandoned");
    });

// ------------------------------------------------------------------------------------ npm dev tools

const Register nodemonLive("nodemon-in-tmux",
    "nodemon server.js in the foreground of a live tmux pane (restarts the API on save), 2 h",
    "nodemon and the server: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "nodemon"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/api";
        writeNodeServer(c, dir + "/server.js", "api");
        const int nodemon = inLivePane(c, o,
            "cd " + dir + " && node " + npmModules() + "/nodemon/bin/nodemon.js server.js " + std::to_string(port),
            [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "nodemon.js"); });
        if (nodemon < 0)
            return;
        const int srv = nodeRunning(c, nodemon, "server.js");
        if (srv < 0 || srv == nodemon || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("nodemon did not start the server");
        o.result = c.replay(c.capture(0.3, 2 * kHour));
        o.expect("nodemon", nodemon, Expect::InUse);
        o.expect("the server under nodemon", srv, Expect::InUse);
        labelShellBetween(c, o, nodemon, srv, "useful");
    });

const Register nodemonOrphan("nodemon-terminal-closed",
    "nodemon server.js & disown in a tmux pane since closed; 2 days, no client", "nodemon and its server: left behind",
    [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "nodemon"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/api";
        writeNodeServer(c, dir + "/server.js", "api");
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && node " + npmModules() + "/nodemon/bin/nodemon.js server.js "
            + std::to_string(port) + " > nodemon.log 2>&1 < /dev/null & disown");
        const int nodemon
            = findMine(c, [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "nodemon.js"); });
        const int srv = nodemon > 0 ? nodeRunning(c, nodemon, "server.js") : -1;
        if (srv < 0 || srv == nodemon || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("nodemon did not start the server");
        if (!closeTerminal(c, o, {nodemon, srv}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("nodemon", nodemon, Expect::LeftBehind);
        o.expect("the server under nodemon", srv, Expect::LeftBehind);
        labelShellBetween(c, o, nodemon, srv, "abandoned");
    });

struct Concurrently {
    int tool = -1;
    int api = -1;
    int web = -1;
};

Concurrently startConcurrently(Ctx &c, Outcome &o, const std::string &dir, int pane, const std::string &tail)
{
    const int apiPort = freePort();
    const int webPort = freePort();
    writeNodeServer(c, dir + "/api.js", "api");
    writeNodeServer(c, dir + "/web.js", "web");
    c.tmuxSend("cd " + dir + " && node " + npmModules()
        + "/concurrently/dist/bin/concurrently.js -n api,web 'node api.js " + std::to_string(apiPort)
        + "' 'node web.js " + std::to_string(webPort) + "'" + tail);
    Concurrently r;
    r.tool = below(c, pane, [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "concurrently.js"); });
    if (r.tool > 0) {
        r.api = nodeRunning(c, r.tool, "api.js");
        r.web = nodeRunning(c, r.tool, "web.js");
    }
    if (r.api < 0 || r.web < 0 || !c.waitUntil([&] { return listening(c, apiPort) && listening(c, webPort); }, 20000))
        o.fail("concurrently did not start both servers");
    return r;
}

const Register concurrentlyLive("concurrently-in-tmux",
    "concurrently 'node api.js' 'node web.js' (npm run dev) in the foreground of a live tmux pane, 3 h",
    "concurrently and both servers: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "concurrently"))
            return;
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        const Concurrently r = startConcurrently(c, o, c.dir() + "/app", pane, "");
        if (!o.setupError.empty())
            return;
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("concurrently", r.tool, Expect::InUse);
        o.expect("api server", r.api, Expect::InUse);
        o.expect("web server", r.web, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
    });

const Register concurrentlyOrphan("concurrently-terminal-closed",
    "concurrently 'node api.js' 'node web.js' & disown in a tmux pane since closed; 2 days, no client",
    "concurrently and both servers: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "concurrently"))
            return;
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        const Concurrently r = startConcurrently(c, o, c.dir() + "/app", pane, " > dev.log 2>&1 < /dev/null & disown");
        if (!o.setupError.empty())
            return;
        if (!closeTerminal(c, o, {r.tool, r.api, r.web}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("concurrently", r.tool, Expect::LeftBehind);
        o.expect("api server", r.api, Expect::LeftBehind);
        o.expect("web server", r.web, Expect::LeftBehind);
    });

const Register mochaWatch("mocha-watch-terminal-closed",
    "mocha --watch started in the background of a tmux pane and disowned; the terminal closed 1 day ago",
    "mocha's watcher: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "mocha"))
            return;
        const std::string dir = c.dir() + "/lib";
        c.writeFile(dir + "/package.json", "{\"name\":\"lib\",\"private\":true}\n");
        c.writeFile(dir + "/test/add.spec.js",
            "const assert = require('assert')\nit('adds', () => assert.strictEqual(1 + 2, 3))\n");
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && node " + npmModules()
            + "/mocha/bin/mocha.js --watch > mocha.log 2>&1 < /dev/null & disown");
        if (!c.waitUntil([&] { return fileContains(dir + "/mocha.log", "passing"); }, 30000))
            return o.fail("mocha did not finish its first run");
        const int mocha = findMine(c, [](const Proc &p) {
            return p.comm == "node" && contains(p.cmdline(), "mocha") && contains(p.cmdline(), "--watch");
        });
        if (mocha < 0)
            return o.fail("no mocha process found");
        const int child = childOf(
            c, mocha, [](const Proc &p) { return p.comm == "node"; }, 500);
        if (!closeTerminal(c, o, {mocha}))
            return;
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("mocha --watch", mocha, Expect::LeftBehind);
        if (child > 0)
            o.expect("mocha's child", child, Expect::LeftBehind);
    });

const Register esbuildWatch("esbuild-watch-forever-orphaned",
    "esbuild src/app.js --bundle --watch=forever started with setsid -f from a tmux pane since closed; 3 days",
    "esbuild: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "esbuild"))
            return;
        const std::string dir = c.dir() + "/widget";
        c.writeFile(dir + "/src/app.js", "export const hello = (n) => `hello ${n}`\nconsole.log(hello('x'))\n");
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && setsid -f " + npmModules()
            + "/.bin/esbuild src/app.js --bundle --outfile=dist/app.js --watch=forever > esbuild.log 2>&1 < /dev/null");
        const int esb
            = findMine(c, [](const Proc &p) { return p.comm == "esbuild" && contains(p.cmdline(), "--watch"); });
        if (esb < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/dist/app.js"); }, 20000))
            return o.fail("esbuild did not build");
        if (!closeTerminal(c, o, {esb}))
            return;
        o.result = c.replay(c.capture(0.3, 3 * kDay));
        o.expect("esbuild --watch", esb, Expect::LeftBehind);
    });

const Register httpServerLive("http-server-in-tmux",
    "http-server dist -p P (npm's) serving a docs preview in a live tmux pane, a browser tab connected, 1 h",
    "http-server: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "http-server"))
            return;
        const int port = freePort();
        const std::string dir = c.dir() + "/docs";
        c.writeFile(dir + "/dist/index.html", "<h1>docs</h1>\n");
        const int hs = inLivePane(c, o,
            "cd " + dir + " && node " + npmModules() + "/http-server/bin/http-server dist -a 127.0.0.1 -p "
                + std::to_string(port),
            // It sets process.title, which renames both its comm and its command line.
            [](const Proc &p) {
                return (p.comm == "node" || p.comm == "http-server") && contains(p.cmdline(), "http-server");
            });
        if (hs < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("http-server did not listen");
        const auto tab = c.actor({"browser-tab", {"browser-tab", "http://127.0.0.1:" + std::to_string(port) + "/"},
            {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
        if (tab.pid < 0)
            return o.fail("the browser tab could not connect");
        o.result = c.replay(c.capture(0.3, kHour));
        o.expect("http-server", hs, Expect::InUse);
    });

// pm2: the CLI starts a daemon ("PM2 vX: God Daemon") that forks the app and outlives every terminal.
struct Pm2 {
    int daemon = -1;
    int app = -1;
};

Pm2 pm2Start(Ctx &c, Outcome &o, const std::string &dir, const std::string &name, int port)
{
    writeNodeServer(c, dir + "/app.js", name);
    const int cli = c.start(Ctx::inDir(dir,
                                "node " + npmModules() + "/pm2/bin/pm2 start app.js --name " + name + " -- "
                                    + std::to_string(port) + " > pm2.log 2>&1"),
        {{"PM2_HOME", c.dir() + "/.pm2"}});
    if (cli > 0)
        c.waitUntil([&] { return ::waitpid(cli, nullptr, WNOHANG) == cli; }, 60000);
    Pm2 r;
    r.daemon = findMine(c, [](const Proc &p) { return contains(p.cmdline(), "God Daemon"); });
    if (r.daemon > 0)
        r.app = childOf(
            c, r.daemon, [](const Proc &p) { return p.comm != "pm2"; }, 15000);
    if (r.app < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
        o.fail("pm2 did not start its daemon and the app");
    c.adopt(r.daemon);
    c.adopt(r.app);
    return r;
}

const Register pm2Forgotten("pm2-daemon-forgotten",
    "pm2 start app.js tried in a scratch project 10 days ago: its God Daemon and the app it keeps alive, no client "
    "since",
    "the pm2 daemon and the app: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "pm2"))
            return;
        const Pm2 r = pm2Start(c, o, c.dir() + "/scratch", "scratch-api", freePort());
        if (!o.setupError.empty())
            return;
        o.result = c.replay(c.capture(0.5, 10 * kDay));
        o.expect("pm2 God Daemon", r.daemon, Expect::LeftBehind);
        o.expect("the app pm2 keeps", r.app, Expect::LeftBehind);
    });

const Register pm2Serving("pm2-app-serving-client",
    "pm2 keeps a team's mock API running (God Daemon and the app) that a person's client is connected to, 1 day",
    "the app and the pm2 daemon keeping it: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "pm2"))
            return;
        const int port = freePort();
        const Pm2 r = pm2Start(c, o, c.dir() + "/mock", "mock-api", port);
        if (!o.setupError.empty())
            return;
        const auto client = c.actor({"api-client", {"api-client", "--base", "http://127.0.0.1:" + std::to_string(port)},
            {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
        if (client.pid < 0)
            return o.fail("the client could not connect");
        o.result = c.replay(c.capture(0.5, kDay));
        o.expect("the app pm2 keeps", r.app, Expect::InUse);
        o.expect("pm2 God Daemon", r.daemon, Expect::InUse);
        o.label("the person's client", client.pid, "useful");
    });

// ------------------------------------------------------------------------------ editors and fixtures

const Register inspectBrk("node-inspect-brk-editor-crashed",
    "node --inspect-brk app.js started by an editor's debug session; the editor crashed (SIGKILL) and the program "
    "waits at its first line for a debugger, 1 day",
    "the node program: left behind, kill", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/proj";
        c.writeFile(dir + "/app.js", "console.log('start')\nsetInterval(() => {}, 1000)\n");
        c.writeFile(dir + "/editor.py",
            "import subprocess, sys, time\n"
            "subprocess.Popen(['node', '--inspect-brk=127.0.0.1:' + sys.argv[1], 'app.js'],\n"
            "                 stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "while True:\n    time.sleep(3600)\n");
        const int editor = c.start(Ctx::inDir(dir, std::string(kPython) + " editor.py " + std::to_string(port)));
        const int node = editor > 0 ? childOf(c, editor, [](const Proc &p) { return p.comm == "node"; }) : -1;
        if (node < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("node --inspect-brk did not listen");
        c.adopt(node);
        c.killNow(editor);
        if (test::hasEnded(node))
            return o.fail("node ended with the editor");
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("node --inspect-brk", node, Expect::LeftBehindKill);
    });

const Register xmlrpcFixture("xmlrpc-fixture-runner-killed",
    "a test runner started a stub XML-RPC server (SimpleXMLRPCServer) as a fixture and was SIGKILLed mid-run; the "
    "stub stays, 1 day",
    "the stub server: left behind", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/tests";
        c.writeFile(dir + "/stub_billing.py",
            "import sys\nfrom xmlrpc.server import SimpleXMLRPCServer\n"
            "s = SimpleXMLRPCServer(('127.0.0.1', int(sys.argv[1])), logRequests=False)\n"
            "s.register_function(lambda n: n * 100, 'price')\ns.serve_forever()\n");
        c.writeFile(dir + "/run_tests.py",
            "import subprocess, sys, time\n"
            "stub = subprocess.Popen([sys.executable, 'stub_billing.py', sys.argv[1]])\n"
            "while True:\n    time.sleep(3600)  # the suite hangs here\n");
        const int runner = c.start(Ctx::inDir(dir, std::string(kPython) + " run_tests.py " + std::to_string(port)));
        const int stub = runner > 0 ? childOf(c, runner, [](const Proc &p) { return isPython(p); }) : -1;
        if (stub < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the stub server did not listen");
        c.adopt(stub);
        c.killNow(runner);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("stub XML-RPC server", stub, Expect::LeftBehind);
    });

// A pre-fork server (a master and two forked workers accepting on one socket).
void writePrefork(Ctx &c, const std::string &path)
{
    c.writeFile(path,
        "import os, socket, sys, time\n"
        "s = socket.socket()\n"
        "s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
        "s.bind(('127.0.0.1', int(sys.argv[1])))\n"
        "s.listen(16)\n"
        "for _ in range(2):\n"
        "    if os.fork() == 0:\n"
        "        while True:\n"
        "            conn, _ = s.accept()\n"
        "            while conn.recv(4096):\n"
        "                conn.sendall(b'HTTP/1.0 200 OK\\r\\n\\r\\nok')\n"
        "            conn.close()\n"
        "while True:\n"
        "    os.wait()\n");
}

const Register preforkOrphan("prefork-server-orphaned",
    "a pre-fork Python API (a master and two workers on one socket), nohup'd from a tmux pane since closed; 2 days, "
    "no client",
    "the master and both workers: left behind", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/api";
        writePrefork(c, dir + "/serve.py");
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && nohup " + kPython + " serve.py " + std::to_string(port) + " > serve.log 2>&1 &");
        const int master = findMine(c, [](const Proc &p) {
            return isPython(p) && contains(p.cmdline(), "serve.py") && processInfo(p.ppid).comm == "bash";
        });
        const auto workers
            = master > 0 ? c.waitForAll([&](const Proc &p) { return p.ppid == master; }, 2) : std::vector<int>{};
        if (workers.size() < 2 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the pre-fork server did not start two workers");
        if (!closeTerminal(c, o, {master, workers[0], workers[1]}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("pre-fork master", master, Expect::LeftBehind);
        for (int w : workers)
            o.expect("pre-fork worker", w, Expect::LeftBehind);
    });

// ------------------------------------------------------------------------- npm scripts, git, tsc

// A project whose `npm run dev` starts a node server.
void writeNpmProject(Ctx &c, const std::string &dir, int port)
{
    writeNodeServer(c, dir + "/server.js", "shop");
    c.writeFile(dir + "/package.json",
        "{\"name\":\"shop\",\"private\":true,\"scripts\":{\"dev\":\"node server.js " + std::to_string(port) + "\"}}\n");
}

const Env kQuietNpm = {{"npm_config_update_notifier", "false"}, {"npm_config_fund", "false"}};

bool npmCli(const Proc &p)
{
    return p.comm == "npm run dev" || (p.comm.rfind("npm", 0) == 0 && contains(p.cmdline(), "run dev"))
        || (p.comm == "node" && contains(p.cmdline(), "npm-cli.js") && contains(p.cmdline(), "run"));
}

const Register npmRunLive("npm-run-dev-in-tmux",
    "npm run dev (npm, then node server.js) in the foreground of a live tmux pane, 4 h", "npm and the server: in use",
    [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/shop";
        writeNpmProject(c, dir, port);
        const int npm = inLivePane(
            c, o, "cd " + dir + " && npm run dev", [](const Proc &p) { return npmCli(p); }, kQuietNpm);
        if (npm < 0)
            return;
        const int srv = nodeRunning(c, npm, "server.js");
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("npm run dev did not start the server");
        o.result = c.replay(c.capture(0.3, 4 * kHour));
        o.expect("npm run dev", npm, Expect::InUse);
        o.expect("the server npm started", srv, Expect::InUse);
        labelShellBetween(c, o, npm, srv, "useful");
    });

const Register npmRunOrphan("npm-run-dev-terminal-closed",
    "npm run dev & disown in a tmux pane since closed (npm, then node server.js); 2 days, no client",
    "npm and the server: left behind", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/shop";
        writeNpmProject(c, dir, port);
        if (openPane(c, o, kQuietNpm) < 0)
            return;
        c.tmuxSend("cd " + dir + " && npm run dev > dev.log 2>&1 < /dev/null & disown");
        const int npm = findMine(c, [](const Proc &p) { return npmCli(p); });
        const int srv = npm > 0 ? nodeRunning(c, npm, "server.js") : -1;
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("npm run dev did not start the server");
        if (!closeTerminal(c, o, {npm, srv}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("npm run dev", npm, Expect::LeftBehind);
        o.expect("the server npm started", srv, Expect::LeftBehind);
        labelShellBetween(c, o, npm, srv, "abandoned");
    });

const Register gitLogPager("git-log-pager-in-tmux",
    "git log open in its pager (less, Debian's `pager`) in a live tmux pane, read for 30 min", "git and less: in use",
    [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/repo";
        std::filesystem::create_directories(dir);
        if (!c.shell("cd " + dir
                + " && git init -q && for i in $(seq 1 25); do git -c user.name=dev -c "
                  "user.email=dev@example.org commit -q --allow-empty -m \"change $i\"; done"))
            return o.fail("could not make a repository");
        const int less = inLivePane(c, o, "cd " + dir + " && git log",
            [](const Proc &p) { return p.comm == "less" || p.comm == "pager"; }, {{"LESS", "R"}});
        if (less < 0)
            return;
        const int git = processInfo(less).ppid;
        if (processInfo(git).comm != "git")
            return o.fail("less is not git's pager");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 30 * kMinute));
        o.expect("git log", git, Expect::InUse);
        o.expect("less (git's pager)", less, Expect::InUse);
    });

const Register tscWatchLive("tsc-watch-in-tmux", "tsc --watch in the foreground of a live tmux pane, 6 h",
    "tsc --watch: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "tsc"))
            return;
        const std::string dir = c.dir() + "/lib";
        c.writeFile(dir + "/tsconfig.json",
            "{\"compilerOptions\": {\"outDir\": \"dist\", \"target\": \"es2020\", \"strict\": true}, \"include\": "
            "[\"src\"]}\n");
        c.writeFile(dir + "/src/index.ts", "export const twice = (n: number): number => 2 * n\n");
        const int tsc = inLivePane(c, o,
            "cd " + dir + " && node " + npmModules() + "/typescript/bin/tsc --watch --preserveWatchOutput",
            [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "tsc --watch"); });
        if (tsc < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/dist/index.js"); }, 60000))
            return o.fail("tsc --watch did not compile the project");
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        o.expect("tsc --watch", tsc, Expect::InUse);
    });

const Register foremanKilled("procfile-runner-oom-killed",
    "a Procfile runner (run-all.sh: a node web server, a Python queue worker, a bash clock loop) SIGKILLed by the "
    "OOM killer; its three services stay, 1 day, no client",
    "the web server, the worker and the clock loop: left behind", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const std::string dir = c.dir() + "/billing";
        writeNodeServer(c, dir + "/web.js", "billing");
        c.writeFile(dir + "/worker.py",
            "import os, time\n# takes invoices from the spool directory\nwhile True:\n"
            "    for f in os.listdir('spool'):\n        os.remove(os.path.join('spool', f))\n    time.sleep(5)\n");
        std::filesystem::create_directories(dir + "/spool");
        c.writeFile(dir + "/run-all.sh",
            "#!/bin/bash\nnode web.js " + std::to_string(port) + " &\n" + kPython
                + " worker.py &\nbash -c 'while sleep 60; do date >> clock.log; done' &\nwait\n",
            true);
        const int runner = c.start(Ctx::inDir(dir, "./run-all.sh"));
        const int web = runner > 0 ? childOf(c, runner, [](const Proc &p) { return p.comm == "node"; }) : -1;
        const int worker = runner > 0 ? childOf(c, runner, [](const Proc &p) { return isPython(p); }) : -1;
        const int clock = runner > 0
            ? childOf(c, runner, [](const Proc &p) { return p.comm == "bash" && contains(p.cmdline(), "while sleep"); })
            : -1;
        if (web < 0 || worker < 0 || clock < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the runner did not start its three services");
        for (int p : {web, worker, clock})
            c.adopt(p);
        c.killNow(runner);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("node web server", web, Expect::LeftBehind);
        o.expect("queue worker", worker, Expect::LeftBehind);
        o.expect("clock loop", clock, Expect::LeftBehind);
    });

// ------------------------------------------------------------------------- orphans doing wanted work

const Register backupTar("backup-tar-terminal-closed",
    "nohup tar czf docs-backup.tar.gz /usr/share & in a tmux pane, the terminal closed 10 min ago; tar and its "
    "gzip (under sh -c) are busy writing the archive a person is waiting for",
    "tar and gzip: working (not kill, throttle, pause or freeze); the sh -c between them: not ended, paused or frozen",
    [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/backup";
        std::filesystem::create_directories(dir);
        if (openPane(c, o) < 0)
            return;
        c.tmuxSend("cd " + dir + " && nohup tar czf docs-backup.tar.gz /usr/share > tar.log 2>&1 &");
        const int tar
            = findMine(c, [](const Proc &p) { return p.comm == "tar" && contains(p.cmdline(), "docs-backup"); });
        // GNU tar runs its compressor through /bin/sh -c gzip.
        const int gz = tar > 0 ? below(c, tar, [](const Proc &p) { return p.comm == "gzip"; }) : -1;
        if (tar < 0 || gz < 0)
            return o.fail("tar did not start gzip");
        if (!closeTerminal(c, o, {tar, gz}))
            return;
        o.result = c.replay(c.capture(1.0, 10 * kMinute));
        o.expect("tar writing the backup", tar, Expect::Working);
        o.expect("gzip under tar", gz, Expect::Working);
        // tar fails the archive when the shell running its gzip ends: it waits for that work.
        const int sh = processInfo(gz).ppid;
        if (sh != tar && processInfo(sh).comm == "sh") {
            o.expect("sh -c between them", sh, Expect::NotSignalled);
            o.checks.back().label = "useful"; // in use with the work under it
        } else
            return o.fail("tar did not run gzip through sh -c");
    });

const Register cronBusy("cron-report-busy",
    "a cron-style sh -c 'python3 build_report.py > report.html' computing this morning's report at full speed, 8 min "
    "in",
    "sh -c: a wrapper, keep; the report: working", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/reports";
        c.writeFile(dir + "/build_report.py",
            "import hashlib, time\nh = hashlib.sha256()\nend = time.time() + 600\n"
            "while time.time() < end:\n    h.update(b'rows' * 4096)\nprint(h.hexdigest())\n");
        const int sh = c.startOrphan(
            {"/bin/sh", "-c", std::string(kPython) + " build_report.py > report.html; echo done >> cron.log"}, {}, dir);
        const int job = sh > 0
            ? childOf(c, sh, [](const Proc &p) { return isPython(p) && contains(p.cmdline(), "build_report"); })
            : -1;
        if (job < 0)
            return o.fail("sh -c did not run the report");
        c.adopt(job);
        const auto pair = c.capture(0.5, 8 * kMinute);
        c.addCpuSeconds(pair, job, 8 * kMinute * 0.95);
        o.result = c.replay(pair);
        o.expect("sh -c", sh, Expect::WrapperKeep, {}, job);
        o.expect("the report job", job, Expect::Working);
    });

// ------------------------------------------------------------------------------ more left behind

const Register editorExtensions("editor-crashed-extension-tools",
    "an editor (a stand-in) whose extensions ran jest --watchAll, tsc --watch and a lint daemon crashed (SIGKILL) 1 "
    "day ago; its three tools stay",
    "jest, tsc and the lint daemon: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "jest") || !npmToolsPresent(o, "tsc"))
            return;
        const std::string dir = c.dir() + "/webapp";
        const int port = freePort();
        c.writeFile(dir + "/package.json", "{\"name\":\"webapp\",\"private\":true}\n");
        c.writeFile(dir + "/sum.test.js", "test('sums', () => {\n  expect(1 + 1).toBe(2)\n})\n");
        c.writeFile(dir + "/tsconfig.json",
            "{\"compilerOptions\": {\"outDir\": \"dist\", \"allowJs\": true, \"checkJs\": true, \"noEmit\": true}, "
            "\"include\": [\"src\"]}\n");
        c.writeFile(dir + "/src/index.js", "export const one = 1\n");
        // A lint daemon as eslint_d is one: a server on a port, its port and token in a file of $HOME.
        c.writeFile(dir + "/.tools/lintd.js",
            "const net = require('net'), fs = require('fs'), os = require('os')\n"
            "const s = net.createServer((c) => c.on('data', () => c.end('[]'))).listen(+process.argv[2], '127.0.0.1',\n"
            "  () => fs.writeFileSync(os.homedir() + '/.lintd', process.argv[2] + ' token'))\n");
        const std::string mods = npmModules();
        c.writeFile(dir + "/.tools/editor.py",
            "import subprocess, sys, time\n"
            "def run(*argv):\n"
            "    return subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,\n"
            "                            stderr=subprocess.DEVNULL)\n"
            "run('node', '"
                + mods
                + "/jest/bin/jest.js', '--watchAll')\n"
                  "run('node', '"
                + mods
                + "/typescript/bin/tsc', '--watch', '--preserveWatchOutput')\n"
                  "run('node', '.tools/lintd.js', sys.argv[1])\n"
                  "while True:\n    time.sleep(3600)\n");
        const int editor = c.start(Ctx::inDir(dir, std::string(kPython) + " .tools/editor.py " + std::to_string(port)));
        const auto isTool = [](const std::string &what) {
            return [what](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), what); };
        };
        const int jest = editor > 0 ? childOf(c, editor, isTool("jest.js --watchAll")) : -1;
        const int tsc = editor > 0 ? childOf(c, editor, isTool("tsc --watch")) : -1;
        const int lintd = editor > 0 ? childOf(c, editor, isTool("lintd.js")) : -1;
        if (jest < 0 || tsc < 0 || lintd < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the editor stand-in did not start its three tools");
        for (int p : {jest, tsc, lintd})
            c.adopt(p);
        if (!waitSettled(c, {jest, tsc, lintd}))
            return o.fail("the editor's tools did not settle after their first run");
        c.killNow(editor);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("jest --watchAll of the editor's extension", jest, Expect::LeftBehind);
        o.expect("tsc --watch of the editor's extension", tsc, Expect::LeftBehind);
        o.expect("lint daemon", lintd, Expect::LeftBehind);
    });

const Register gdbLeft("gdb-batch-left-attached",
    "setsid -f gdb -batch -ex continue -p on a worker nohup'd and disowned in the same tmux pane; the terminal closed "
    "2 days ago "
    "and both stay (gdb waiting for the worker to stop, the worker waiting for nothing)",
    "gdb and the worker: left behind", [](Ctx &c, Outcome &o) {
        if (!have(o, "/usr/bin/gdb", "gdb"))
            return;
        const std::string dir = c.dir() + "/svc";
        c.writeFile(dir + "/reindex.py",
            "import threading\nlock = threading.Lock()\nlock.acquire()\n# deadlock: waits for "
            "itself\nlock.acquire()\n");
        const int pane = openPane(c, o);
        if (pane < 0)
            return;
        // Disowned: bash's SIGHUP at exit would reach gdb through ptrace and end its batch.
        c.tmuxSend("cd " + dir + " && nohup " + kPython + " reindex.py > reindex.log 2>&1 & disown");
        const int worker = below(c, pane, [](const Proc &p) { return contains(p.cmdline(), "reindex.py"); });
        if (worker < 0)
            return o.fail("the worker did not start");
        c.tmuxSend("cd " + dir + " && setsid -f gdb -q -nx -batch -iex 'set debuginfod enabled off' -ex continue -p "
            + std::to_string(worker) + " > gdb.log 2>&1 < /dev/null");
        const int gdb = findMine(c, [](const Proc &p) { return p.comm == "gdb"; });
        int running = 0; // polls in a row that found the worker running again
        if (gdb < 0
            || !c.waitUntil(
                [&] {
                    return fileContains(
                               "/proc/" + std::to_string(worker) + "/status", "TracerPid:\t" + std::to_string(gdb))
                        && fileContains(dir + "/gdb.log", "libthread_db") // attached, its frame printed
                        && (running = processInfo(worker).state == 't' ? 0 : running + 1) >= 3; // continued
                },
                30000))
            return o.fail("gdb did not attach and continue the worker");
        if (!closeTerminal(c, o, {gdb, worker}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("gdb -batch left attached", gdb, Expect::LeftBehind);
        o.expect("the worker under gdb", worker, Expect::LeftBehind);
    });

} // namespace
} // namespace ptriage::scenarios
