// What people leave behind that wakes itself (issue 35): servers with housekeeping timers, poll loops,
// background writers, watchers and dev servers under restarter loops whose terminal is gone, tsc
// --watch, vitest watch, vite's esbuild service, an MCP server with a heartbeat whose agent crashed, a
// forgotten ssh-agent, an orphan idle for 12 days captured without its sched file, a program of an
// unknown kind. A timer, a live parent or the kind of program must not hide that the owner is gone.
#include "Harness.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

bool isPython(const Proc &p)
{
    return p.comm.rfind("python", 0) == 0;
}

// Closes the terminal (tmux kill-server) and checks that each of `pids` outlived it.
bool closeTerminal(Ctx &c, Outcome &o, const std::vector<int> &pids)
{
    c.tmuxKillServer();
    for (int pid : pids)
        if (test::hasEnded(pid)) {
            o.fail("pid " + std::to_string(pid) + " ended with the terminal");
            return false;
        }
    return true;
}

// ------------------------------------------------------------------ a server with a housekeeping timer

// A session cache (asyncio) with a housekeeping task every second: it expires sessions and keeps its
// statistics, whether or not anyone talks to it.
const char *const kSessionCache = "import asyncio, sys, time\n"
                                  "sessions, stats = {}, {'requests': 0, 'expired': 0}\n"
                                  "async def housekeeping():\n"
                                  "    while True:\n"
                                  "        await asyncio.sleep(1)\n"
                                  "        now = time.time()\n"
                                  "        for k in [k for k, t in sessions.items() if now - t > 300]:\n"
                                  "            del sessions[k]; stats['expired'] += 1\n"
                                  "async def handle(r, w):\n"
                                  "    while line := await r.readline():\n"
                                  "        stats['requests'] += 1\n"
                                  "        sessions[line.strip()] = time.time()\n"
                                  "        w.write(b'OK\\n'); await w.drain()\n"
                                  "    w.close()\n"
                                  "async def main():\n"
                                  "    s = await asyncio.start_server(handle, '127.0.0.1', int(sys.argv[1]))\n"
                                  "    asyncio.create_task(housekeeping())\n"
                                  "    async with s: await s.serve_forever()\n"
                                  "asyncio.run(main())\n";

// Starts the cache with setsid -f from a tmux pane and closes the terminal; its pid.
int startOrphanedCache(Ctx &c, Outcome &o, int port)
{
    const std::string dir = c.dir() + "/cache";
    c.writeFile(dir + "/session_cache.py", kSessionCache);
    if (!c.tmuxStart("bash --norc")) {
        o.fail("tmux did not start");
        return -1;
    }
    c.tmuxSend("cd " + dir + " && setsid -f " + kPython + " session_cache.py " + std::to_string(port)
        + " > cache.log 2>&1 < /dev/null");
    const int srv = c.waitFor([](const Proc &p) { return isPython(p) && contains(p.cmdline(), "session_cache.py"); });
    if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000)) {
        o.fail("the session cache did not listen on port " + std::to_string(port));
        return -1;
    }
    c.adopt(srv);
    return closeTerminal(c, o, {srv}) ? srv : -1;
}

const Register timerServerOrphaned("timer-server-orphaned",
    "a Python session cache with a 1 s housekeeping timer, started with setsid -f in a tmux pane since closed; no "
    "client for 6 h",
    "the server: left behind (waking itself is not being used)", [](Ctx &c, Outcome &o) {
        const int srv = startOrphanedCache(c, o, freePort());
        if (srv < 0)
            return;
        // The gap spans at least two of its wake-ups: it "ran within the last second".
        o.result = c.replay(c.capture(2.5, 6 * kHour));
        o.expect("session cache, no client", srv, Expect::LeftBehind);
    });

const Register timerServerClient("timer-server-with-client",
    "the same session cache (1 s timer, terminal closed, 6 h) with a person's client connected to it",
    "the server: in use (a client is connected)", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        const int srv = startOrphanedCache(c, o, port);
        if (srv < 0)
            return;
        const auto client = c.actor({"cache-client", {"cache-client", "--server", "127.0.0.1:" + std::to_string(port)},
            {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
        if (client.pid < 0)
            return o.fail("the client could not connect");
        o.result = c.replay(c.capture(2.5, 6 * kHour));
        o.expect("session cache with a client", srv, Expect::InUse);
    });

// ------------------------------------------------------------------------ poll loops and writers

const Register shellPollLoop("shell-poll-loop-2-days",
    "a bash loop waiting for a release flag that never comes (while [ ! -f ready.flag ]; do sleep 1; done), "
    "orphaned, ~1% of a core for 2 days",
    "the loop: left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/release";
        c.writeFile(dir + "/publish.sh", "#!/bin/sh\necho published\n", true);
        const int loop
            = c.startOrphan({"/bin/bash", "-c", "while [ ! -f ready.flag ]; do sleep 1; done; ./publish.sh"}, {}, dir);
        if (loop < 0 || !c.waitFor([&](const Proc &p) { return p.ppid == loop && p.comm == "sleep"; }))
            return o.fail("the poll loop did not start");
        const auto pair = c.capture(2.5, 2 * kDay);
        c.addCpuSeconds(pair, loop, 2 * kDay * 0.01);
        o.result = c.replay(pair);
        o.expect("poll loop", loop, Expect::LeftBehind);
    });

const Register sqliteWriter("sqlite-writer-session-gone",
    "a Python metrics collector writing a row to its SQLite file every 2 s, nohup'd in a tmux session that was "
    "killed 2 days ago",
    "the collector: left behind (its own writes are not use)", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/scratch";
        c.writeFile(dir + "/collect_load.py",
            "import os, sqlite3, time\n"
            "db = sqlite3.connect('metrics.db')\n"
            "db.execute('create table if not exists load (t real, one real, five real)')\n"
            "while True:\n"
            "    db.execute('insert into load values (?, ?, ?)', (time.time(), *os.getloadavg()[:2]))\n"
            "    db.commit()\n"
            "    time.sleep(2)\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && nohup " + kPython + " collect_load.py > collect.log 2>&1 &");
        const int pid
            = c.waitFor([](const Proc &p) { return isPython(p) && contains(p.cmdline(), "collect_load.py"); });
        if (pid < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/metrics.db"); }, 20000))
            return o.fail("the collector did not start writing");
        c.adopt(pid);
        if (!closeTerminal(c, o, {pid}))
            return;
        o.result = c.replay(c.capture(2.5, 2 * kDay));
        o.expect("SQLite metrics collector", pid, Expect::LeftBehind);
    });

// ------------------------------------------------------------------------------- restarter loops

const Register watcherUnderLoop("watcher-under-nohup-loop",
    "nohup bash -c 'while true; do inotifywait -r -e modify src; make; done' & in a tmux pane, the terminal closed "
    "1 day ago",
    "the loop and its inotifywait: both left behind (a live parent that is itself left behind hides nothing)",
    [](Ctx &c, Outcome &o) {
        if (::access("/usr/bin/inotifywait", X_OK) != 0)
            return o.fail("inotifywait is missing (inotify-tools, packaging/install-deps.sh --test)");
        const std::string dir = c.dir() + "/site";
        c.writeFile(dir + "/src/index.md", "# notes\n");
        c.writeFile(dir + "/Makefile", "all:\n\t@cp src/index.md index.html\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir
            + " && nohup bash -c 'while true; do inotifywait -qq -r -e modify,create src; make -s; done' > "
              "watch.log 2>&1 &");
        const int loop = c.waitFor(
            [](const Proc &p) { return p.comm == "bash" && contains(p.cmdline(), "while true; do inotifywait"); });
        const int watcher = c.waitFor([&](const Proc &p) { return p.ppid == loop && p.comm == "inotifywait"; });
        if (loop < 0 || watcher < 0)
            return o.fail("the watch loop did not start inotifywait");
        c.adopt(loop);
        c.adopt(watcher);
        if (!closeTerminal(c, o, {loop, watcher}))
            return;
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("restarter loop", loop, Expect::LeftBehind);
        o.expect("inotifywait under it", watcher, Expect::LeftBehind);
    });

const Register devServerRestarter("dev-server-restarter-tmux-killed",
    "a node dev server (2 s session-cleanup timer) under setsid -f bash -c 'while true; do node server.js; "
    "done' from a tmux session that was killed 2 days ago; no client",
    "the restarter and the server: both left behind", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/app";
        const int port = freePort();
        c.writeFile(dir + "/server.js",
            "const http = require('http')\n"
            "const sessions = new Map()\n"
            "setInterval(() => {\n"
            "  const now = Date.now()\n"
            "  for (const [k, t] of sessions) if (now - t > 60000) sessions.delete(k)\n"
            "}, 2000)\n"
            "http.createServer((req, res) => {\n"
            "  sessions.set(req.socket.remotePort, Date.now())\n"
            "  res.end('<h1>shop (dev)</h1>')\n"
            "}).listen(+process.argv[2], '127.0.0.1')\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && setsid -f bash -c 'while true; do node server.js " + std::to_string(port)
            + "; sleep 1; done' > dev.log 2>&1 < /dev/null");
        const int loop = c.waitFor(
            [](const Proc &p) { return p.comm == "bash" && contains(p.cmdline(), "while true; do node server.js"); });
        const int node = c.waitFor([&](const Proc &p) { return p.ppid == loop && p.comm == "node"; });
        if (loop < 0 || node < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the dev server did not listen under its restarter");
        c.adopt(loop);
        c.adopt(node);
        if (!closeTerminal(c, o, {loop, node}))
            return;
        o.result = c.replay(c.capture(2.5, 2 * kDay));
        o.expect("restarter loop", loop, Expect::LeftBehind);
        o.expect("node dev server under it", node, Expect::LeftBehind);
    });

// ------------------------------------------------------------------------------------- JS watchers

const Register tscWatch("tsc-watch-terminal-closed",
    "tsc --watch started in the background of a tmux pane's shell and disowned (nohup does not help: node resets "
    "SIGHUP); the terminal was closed 1 day ago",
    "tsc --watch: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string dir = c.dir() + "/lib";
        c.writeFile(dir + "/tsconfig.json",
            "{\"compilerOptions\": {\"outDir\": \"dist\", \"target\": \"es2020\", \"strict\": true}, \"include\": "
            "[\"src\"]}\n");
        c.writeFile(dir + "/src/index.ts", "export const add = (a: number, b: number): number => a + b\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && node " + npmModules()
            + "/typescript/bin/tsc --watch --preserveWatchOutput > tsc.log 2>&1 < /dev/null & disown");
        const int tsc = c.waitFor(
            [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "typescript/bin/tsc --watch"); });
        if (tsc < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/dist/index.js"); }, 60000))
            return o.fail("tsc --watch did not compile the project");
        c.adopt(tsc);
        if (!closeTerminal(c, o, {tsc}))
            return;
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("tsc --watch", tsc, Expect::LeftBehind);
    });

bool fileContains(const std::string &path, const std::string &needle)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return contains(ss.str(), needle);
}

const Register vitestWatch("vitest-watch-terminal-closed",
    "vitest in watch mode started with setsid -f from a tmux pane (waiting for file changes); the terminal was "
    "closed 1 day ago",
    "the vitest watcher: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string dir = c.dir() + "/calc";
        c.writeFile(dir + "/package.json", "{\"name\":\"calc\",\"type\":\"module\",\"private\":true}\n");
        c.writeFile(dir + "/src/sum.test.js",
            "import { test, expect } from 'vitest'\n\ntest('adds', () => {\n  expect(1 + 2).toBe(3)\n})\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && setsid -f node " + npmModules()
            + "/vitest/vitest.mjs watch > vitest.log 2>&1 < /dev/null");
        if (!c.waitUntil([&] { return fileContains(dir + "/vitest.log", "Waiting for file changes"); }, 60000))
            return o.fail("vitest did not reach watch mode (vitest.log has no 'Waiting for file changes')");
        int runner = -1;
        for (int pid : c.markedProcesses()) {
            const Proc p = processInfo(pid);
            // vitest names itself "node (vitest)" (process.title: its comm and command line).
            if (p.cmdline().rfind("node (vitest)", 0) == 0 || contains(p.cmdline(), "vitest.mjs watch"))
                runner = pid;
        }
        if (runner < 0)
            return o.fail("no vitest runner process found");
        c.adopt(runner);
        if (!closeTerminal(c, o, {runner}))
            return;
        // Its pool's worker, when it keeps one between runs, is left behind with it.
        const int worker = c.waitFor(
            [&](const Proc &p) { return p.ppid == runner && p.cmdline().rfind("node (vitest ", 0) == 0; }, 2000);
        if (worker > 0)
            c.adopt(worker);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("vitest watch", runner, Expect::LeftBehind);
        if (worker > 0)
            o.expect("vitest pool worker under it", worker, Expect::LeftBehind);
    });

const Register jestWatchAll("jest-watchall-terminal-closed",
    "jest --watchAll started in the background of a tmux pane's shell and disowned; the terminal was closed 1 day "
    "ago",
    "jest's watcher: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string dir = c.dir() + "/cart";
        c.writeFile(dir + "/package.json", "{\"name\":\"cart\",\"private\":true}\n");
        c.writeFile(dir + "/total.test.js",
            "test('totals the cart', () => {\n  expect([1, 2].reduce((a, b) => a + b)).toBe(3)\n})\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && node " + npmModules()
            + "/jest/bin/jest.js --watchAll > jest.log 2>&1 < /dev/null & disown");
        if (!c.waitUntil([&] { return fileContains(dir + "/jest.log", "Ran all test suites"); }, 60000))
            return o.fail("jest did not finish its first run (jest.log has no 'Ran all test suites')");
        const int jest = c.waitFor(
            [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "jest/bin/jest.js --watchAll"); });
        if (jest < 0)
            return o.fail("no jest process found");
        c.adopt(jest);
        if (!closeTerminal(c, o, {jest}))
            return;
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("jest --watchAll", jest, Expect::LeftBehind);
    });

const Register viteEsbuild("vite-esbuild-service-tree",
    "a vite dev server (with a vite.config.js, bundled by esbuild) detached from a tmux pane since closed, 2 days; "
    "its esbuild service child is alive under it",
    "vite and its esbuild service: both left behind (the live parent is itself left behind)", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string dir = c.dir() + "/shop";
        const int port = freePort();
        c.writeFile(dir + "/package.json", "{\"name\":\"shop\",\"type\":\"module\",\"private\":true}\n");
        c.writeFile(dir + "/vite.config.js", "export default { server: { strictPort: true } }\n");
        c.writeFile(dir + "/index.html", "<!doctype html><html><body><h1>shop</h1></body></html>\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + dir + " && setsid -f node " + npmModules() + "/vite/bin/vite.js --port "
            + std::to_string(port) + " > vite.log 2>&1 < /dev/null");
        const int vite = c.waitFor(
            [](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "vite/bin/vite.js --port"); });
        if (vite < 0 || !c.waitUntil([&] { return listening(c, port); }, 30000))
            return o.fail("vite did not listen on port " + std::to_string(port));
        const int esbuild = c.waitFor([&](const Proc &p) { return p.ppid == vite && p.comm == "esbuild"; }, 20000);
        if (esbuild < 0)
            return o.fail("vite started no esbuild service");
        c.adopt(vite);
        c.adopt(esbuild);
        if (!closeTerminal(c, o, {vite, esbuild}))
            return;
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("vite dev server", vite, Expect::LeftBehind);
        o.expect("esbuild service under vite", esbuild, Expect::LeftBehind);
    });

// ------------------------------------------------------------------ agent tools and session daemons

const Register mcpHeartbeat("mcp-heartbeat-agent-crashed",
    "a node MCP stdio server with a 1 s heartbeat timer (which keeps it alive after its input closes); its Claude "
    "Code session crashed 2 days ago",
    "the MCP server: left behind, kill (its session is gone, nothing else holds it)", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/agent";
        c.writeFile(dir + "/mcp-server.mjs",
            "import readline from 'node:readline'\n"
            "const rl = readline.createInterface({ input: process.stdin })\n"
            "rl.on('line', (line) => {\n"
            "  try { const m = JSON.parse(line); if (m.id !== undefined) process.stdout.write(JSON.stringify(\n"
            "    { jsonrpc: '2.0', id: m.id, result: {} }) + '\\n') } catch {}\n"
            "})\n"
            "let lastBeat = Date.now()\n"
            "setInterval(() => { lastBeat = Date.now() }, 1000) // keep-alive; never cleared on end of input\n");
        c.writeFile(dir + "/agent.py",
            "import os, subprocess, sys, time\n"
            "env = dict(os.environ, CLAUDECODE='1', CLAUDE_CODE_ENTRYPOINT='cli',\n"
            "           CLAUDE_CODE_SESSION_ID='0b7e61d2-4c3f-4a8e-9d15-7f2a9c3e5b10')\n"
            "here = os.path.dirname(os.path.abspath(__file__))\n"
            "mcp = subprocess.Popen(['node', here + '/mcp-server.mjs'], stdin=subprocess.PIPE,\n"
            "                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)\n"
            "mcp.stdin.write(b'{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}\\n')\n"
            "mcp.stdin.flush()\n"
            "mcp.stdout.readline()\n"
            "open(here + '/ready', 'w').close()\n"
            "while True:\n    time.sleep(3600)\n");
        const int agent = c.start(Ctx::inDir(dir, std::string(kPython) + " agent.py"));
        const int mcp
            = c.waitFor([&](const Proc &p) { return p.ppid == agent && contains(p.cmdline(), "mcp-server"); });
        if (agent < 0 || mcp < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/ready"); }, 20000))
            return o.fail("the agent stand-in did not start its MCP server");
        c.adopt(mcp);
        c.killNow(agent);
        if (!c.waitUntil([&] { return processInfo(mcp).ppid != agent; }, 5000) || test::hasEnded(mcp))
            return o.fail("the MCP server did not outlive its agent");
        o.result = c.replay(c.capture(2.5, 2 * kDay));
        o.expect("MCP server with a heartbeat", mcp, Expect::LeftBehindKill);
    });

const Register sshAgent("ssh-agent-forgotten",
    "an ssh-agent started by a deploy script (eval $(ssh-agent -s)) that exited without killing it; 5 days, no "
    "client",
    "the ssh-agent: left behind", [](Ctx &c, Outcome &o) {
        if (::access("/usr/bin/ssh-agent", X_OK) != 0)
            return o.fail("ssh-agent is missing (openssh-client, packaging/install-deps.sh --test)");
        const std::string dir = c.dir() + "/deploy";
        c.writeFile(dir + "/deploy.sh",
            "#!/bin/sh\neval $(ssh-agent -s) > /dev/null\necho \"$SSH_AGENT_PID\" > agent.pid\n"
            "ssh-add -l > /dev/null 2>&1\necho deployed\n",
            true);
        const int sh = c.start(Ctx::inDir(dir, "./deploy.sh"), {{"TMPDIR", c.dir()}});
        if (sh > 0)
            ::waitpid(sh, nullptr, 0);
        int agent = -1;
        c.waitUntil([&] {
            std::ifstream in(dir + "/agent.pid");
            return static_cast<bool>(in >> agent);
        });
        if (agent <= 0 || test::hasEnded(agent) || processInfo(agent).comm != "ssh-agent")
            return o.fail("the script left no ssh-agent");
        c.adopt(agent);
        o.result = c.replay(c.capture(0.3, 5 * kDay));
        o.expect("forgotten ssh-agent", agent, Expect::LeftBehind);
    });

// ---------------------------------------------------------------- idle for days, no last-ran time

const Register idle12Days("idle-12-days-no-sched",
    "an orphaned Python notifier idle for 12 days that never used CPU, captured without /proc/PID/sched",
    "the orphan: left behind, kill (12 days, no CPU, nothing open)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/jobs/notify_batch.py",
            "import time\n# waits for a batch that was cancelled\nwhile True:\n    time.sleep(3600)\n");
        const int pid = c.startOrphan({kPython, "notify_batch.py"}, {}, c.dir() + "/jobs");
        if (pid < 0)
            return o.fail("the notifier did not start");
        const auto pair = c.capture(0.3, 12 * kDay);
        for (const auto &root : {pair.before, pair.after}) {
            const std::string base = root + "/" + std::to_string(pid);
            std::error_code ec;
            for (const auto &task : std::filesystem::directory_iterator(base + "/task", ec)) {
                std::filesystem::remove(task.path() / "sched");
                std::filesystem::remove(task.path() / "schedstat");
            }
            std::filesystem::remove(base + "/sched");
            std::filesystem::remove(base + "/schedstat");
            // 0 ms of CPU in its whole life.
            test::editStat(root, pid, [](std::vector<std::string> &f) { f[11] = f[12] = "0"; });
        }
        o.result = c.replay(pair);
        o.expect("12-day idle orphan", pid, Expect::LeftBehindKill);
    });

const Register unknownKind("unknown-kind-idle-days",
    "a program of no known kind (a copy of sleep installed as qx-relayd) idle for 4 days, orphaned",
    "the orphan: left behind (an unknown kind idle for days is not 'unsure')", [](Ctx &c, Outcome &o) {
        const std::string bin = c.dir() + "/.local/bin/qx-relayd";
        std::filesystem::create_directories(c.dir() + "/.local/bin");
        std::error_code ec;
        std::filesystem::copy_file("/bin/sleep", bin, ec);
        if (ec)
            return o.fail("could not copy /bin/sleep: " + ec.message());
        const int pid = c.startOrphan({bin, "infinity"});
        if (pid < 0 || !c.waitUntil([&] { return processInfo(pid).comm == "qx-relayd"; }, 5000))
            return o.fail("qx-relayd did not start");
        o.result = c.replay(c.capture(0.3, 4 * kDay));
        o.expect("qx-relayd", pid, Expect::LeftBehind);
    });

} // namespace
} // namespace ptriage::scenarios
