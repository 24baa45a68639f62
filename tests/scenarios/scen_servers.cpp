// Servers: dev servers and language servers left behind or in use, a server with clients, a
// supervised busy service.
#include "Harness.h"

#include "support/LoopbackHttp.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

void writeViteProject(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/package.json", "{\"name\":\"shop\",\"type\":\"module\",\"private\":true}\n");
    c.writeFile(dir + "/index.html",
        "<!doctype html><html><body><div id=app></div>"
        "<script type=module src=/main.js></script></body></html>\n");
    c.writeFile(dir + "/main.js", "document.getElementById('app').textContent = 'shop'\n");
}

void requireRiskAtLeastMedium(Outcome &o, int pid, const std::string &what)
{
    const int i = o.result ? test::indexOfPid(*o.result, pid) : -1;
    o.require(i >= 0 && o.result->blast[static_cast<std::size_t>(i)].risk >= Risk::Medium,
        what + ": kill risk at least medium (it listens)");
}

const Register viteDetached("vite-detached-terminal-closed",
    "vite dev server started with setsid -f from a tmux pane, the terminal closed, 2 days old, listening",
    "vite: left behind (a candidate, ranked; risk medium: it listens)", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string proj = c.dir() + "/shop";
        writeViteProject(c, proj);
        const int port = freePort();
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + proj + " && setsid -f node " + npmModules() + "/vite/bin/vite.js --port "
            + std::to_string(port) + " --strictPort > vite.log 2>&1 < /dev/null");
        const int vite = c.waitFor(
            [&](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "vite/bin/vite.js --port"); });
        if (vite < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("vite did not listen on port " + std::to_string(port));
        c.adopt(vite);
        c.tmuxKillServer();
        c.sleepMs(500);
        if (test::hasEnded(vite))
            return o.fail("vite ended with the terminal");
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("vite dev server", vite, Expect::LeftBehind);
        requireRiskAtLeastMedium(o, vite, "vite dev server");
    });

const Register viteInTmux("vite-in-tmux-pane", "vite dev server in the foreground of a live tmux pane, 6 h old",
    "vite: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string proj = c.dir() + "/shop";
        writeViteProject(c, proj);
        const int port = freePort();
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        const int pane = c.tmuxPanePid();
        c.tmuxSend("cd " + proj + " && node " + npmModules() + "/vite/bin/vite.js --port " + std::to_string(port)
            + " --strictPort");
        const int vite = c.waitFor([&](const Proc &p) { return p.ppid == pane && p.comm == "node"; });
        if (vite < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("vite did not listen on port " + std::to_string(port));
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        o.expect("vite dev server", vite, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
    });

// A minimal LSP client: starts typescript-language-server --stdio, initializes, opens a file, and
// then (like an editor) stays. With `leak`, it also starts a file watcher that inherits the
// server's pipes (an fd leak editors really have), so the server outlives the editor.
void writeEditor(Ctx &c, const std::string &path)
{
    c.writeFile(path,
        "import json, os, subprocess, sys, time\n"
        "N, leak = sys.argv[1], sys.argv[2] == 'leak'\n"
        "ls = subprocess.Popen(['node', N + '/typescript-language-server/lib/cli.mjs', '--stdio'],\n"
        "                      stdin=subprocess.PIPE, stdout=subprocess.PIPE)\n"
        "def send(m):\n"
        "    b = json.dumps(m).encode()\n"
        "    ls.stdin.write(b'Content-Length: %d\\r\\n\\r\\n' % len(b) + b)\n"
        "    ls.stdin.flush()\n"
        "root = os.getcwd()\n"
        "src = 'const total: number = [1, 2, 3].reduce((a, b) => a + b, 0)\\n'\n"
        "open('index.ts', 'w').write(src)\n"
        "send({'jsonrpc': '2.0', 'id': 1, 'method': 'initialize', 'params': {'processId': None,\n"
        "      'rootUri': 'file://' + root, 'capabilities': {}}})\n"
        "send({'jsonrpc': '2.0', 'method': 'initialized', 'params': {}})\n"
        "send({'jsonrpc': '2.0', 'method': 'textDocument/didOpen', 'params': {'textDocument': {\n"
        "      'uri': 'file://' + root + '/index.ts', 'languageId': 'typescript', 'version': 1, 'text': src}}})\n"
        "if leak:\n"
        "    subprocess.Popen([sys.executable, os.path.dirname(os.path.abspath(__file__)) + '/watch_files.py'],\n"
        "                     pass_fds=(ls.stdin.fileno(), ls.stdout.fileno()))\n"
        "while True:\n"
        "    os.read(ls.stdout.fileno(), 65536)\n");
    c.writeFile(std::filesystem::path(path).parent_path().string() + "/watch_files.py",
        "import time\nwhile True:\n    time.sleep(3600)\n");
}

bool isTsls(const Proc &p)
{
    return contains(p.cmdline(), "typescript-language-server/lib/cli.mjs --stdio");
}

const Register tslsDied("tsls-editor-died",
    "typescript-language-server whose editor crashed (SIGKILL); a watcher the editor leaked holds its pipes; 1 day "
    "later",
    "the language server: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string proj = c.dir() + "/app";
        writeEditor(c, proj + "/.editor/editor.py");
        const int editor
            = c.start(Ctx::inDir(proj, std::string(kPython) + " .editor/editor.py " + npmModules() + " leak"));
        const int ls = c.waitFor([&](const Proc &p) { return p.ppid == editor && isTsls(p); }, 20000);
        if (ls < 0)
            return o.fail("typescript-language-server did not start");
        c.adopt(ls);
        const auto tsservers = c.waitForAll(
            [&](const Proc &p) { return p.ppid == ls && contains(p.cmdline(), "tsserver.js"); }, 1, 30000);
        if (tsservers.empty())
            return o.fail("typescript-language-server started no tsserver");
        for (int t : tsservers)
            c.adopt(t);
        c.sleepMs(2000);
        c.killNow(editor);
        c.sleepMs(1500);
        if (test::hasEnded(ls))
            return o.fail("the language server ended with its editor");
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("typescript-language-server", ls, Expect::LeftBehind);
        // Corpus labels: what the crashed editor left with it.
        for (int t : tsservers)
            o.label("tsserver of the left-behind language server", t, "abandoned");
        if (const int watcher
            = c.waitFor([&](const Proc &p) { return contains(p.cmdline(), proj + "/.editor/watch_files.py"); }, 1000);
            watcher > 0)
            o.label("the watcher the crashed editor leaked", watcher, "abandoned");
        o.note = "a language server exits on stdin EOF; it is left behind only when something else (here a leaked "
                 "watcher) keeps its pipes open";
    });

const Register tslsAlive("tsls-editor-alive",
    "typescript-language-server of a terminal editor that is open in a tmux pane, 5 h old",
    "the language server and its tsservers: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o))
            return;
        const std::string proj = c.dir() + "/app";
        writeEditor(c, proj + "/.editor/editor.py");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + proj + " && " + kPython + " .editor/editor.py " + npmModules() + " noleak");
        const int ls = c.waitFor(isTsls, 20000);
        const auto tsservers = c.waitForAll(
            [&](const Proc &p) { return p.ppid == ls && contains(p.cmdline(), "tsserver.js"); }, 1, 30000);
        if (ls < 0 || tsservers.empty())
            return o.fail("typescript-language-server did not start with its tsserver");
        c.sleepMs(1500);
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("typescript-language-server", ls, Expect::InUse);
        for (int t : tsservers)
            o.expect("tsserver", t, Expect::InUse);
        o.label("the editor, open in the pane", processInfo(ls).ppid, "useful"); // corpus labels
        o.label("the pane's shell", c.tmuxPanePid(), "useful");
    });

const Register httpServer("http-server-left-behind",
    "python3 -m http.server started with setsid -f in a terminal since closed; no clients; 2 days old",
    "http.server: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        c.writeFile(c.dir() + "/site/index.html", "<h1>docs preview</h1>\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + c.dir() + "/site && setsid -f " + kPython + " -m http.server " + std::to_string(port)
            + " --bind 127.0.0.1 > /dev/null 2>&1 < /dev/null");
        // Its own server, by its port: another http.server may run on the machine.
        const std::string served = "-m http.server " + std::to_string(port) + " ";
        const int srv = c.waitFor(
            [&](const Proc &p) { return p.comm.rfind("python", 0) == 0 && contains(p.cmdline(), served); });
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("http.server did not listen");
        c.adopt(srv);
        c.tmuxKillServer();
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("http.server", srv, Expect::LeftBehind);
    });

const Register httpServerPolled("http-server-polled-terminal-closed",
    "python3 -m http.server started with setsid -f in a terminal since closed, 2 days old; a status page open in "
    "a browser fetches from it every 2 s (one short connection each, none open between them)",
    "http.server: in use (requests served within the last minute)", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        c.writeFile(c.dir() + "/site/index.html", "<h1>build status</h1>\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + c.dir() + "/site && setsid -f " + kPython + " -m http.server " + std::to_string(port)
            + " --bind 127.0.0.1 > /dev/null 2>&1 < /dev/null");
        // Its own server, by its port: another http.server may run on the machine.
        const std::string served = "-m http.server " + std::to_string(port) + " ";
        const int srv = c.waitFor(
            [&](const Proc &p) { return p.comm.rfind("python", 0) == 0 && contains(p.cmdline(), served); });
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("http.server did not listen");
        c.adopt(srv);
        c.tmuxKillServer();
        for (int i = 0; i < 3; ++i) {
            if (!test::getPage(port))
                return o.fail("http.server did not answer a GET");
            c.sleepMs(i < 2 ? 500 : 100);
        }
        o.result = c.replay(c.capture(0.3, 2 * kDay, true)); // the page goes on polling: its requests recur
        o.expect("http.server", srv, Expect::InUse);
    });

const Register serverWithClients("server-with-clients",
    "a Python asyncio chat server, no terminal, 1 day old, two clients connected", "the server: in use",
    [](Ctx &c, Outcome &o) {
        const int port = freePort();
        c.writeFile(c.dir() + "/chat/chat_server.py",
            "import asyncio, sys\n"
            "clients = set()\n"
            "async def handle(r, w):\n"
            "    clients.add(w)\n"
            "    while data := await r.readline():\n"
            "        for x in clients: x.write(data)\n"
            "    clients.discard(w)\n"
            "async def main():\n"
            "    s = await asyncio.start_server(handle, '127.0.0.1', int(sys.argv[1]))\n"
            "    async with s: await s.serve_forever()\n"
            "asyncio.run(main())\n");
        const int srv = c.startOrphan({kPython, "chat_server.py", std::to_string(port)}, {}, c.dir() + "/chat");
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("the chat server did not listen");
        std::vector<int> clients;
        for (int i = 0; i < 2; ++i) {
            const auto a = c.actor({"chat-client", {"chat-client", "--server", "127.0.0.1:" + std::to_string(port)},
                {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
            if (a.pid < 0)
                return o.fail("a client could not connect");
            clients.push_back(a.pid);
        }
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("chat server", srv, Expect::InUse);
        for (int client : clients)
            o.label("a connected chat client", client, "useful"); // corpus label
    });

const Register supervisedBusy("systemd-busy-service",
    "a busy Python ingest service run by systemd (cgroup /system.slice/ingest.service), 2 days of work",
    "the service: in use (no kill)", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        c.writeFile(c.dir() + "/srv/ingest_service.py",
            "import socket, sys, hashlib\n"
            "s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
            "s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen()\n"
            "h = hashlib.sha256()\n"
            "while True:\n"
            "    h.update(b'x' * 4096)\n");
        const int srv = c.startOrphan({kPython, "ingest_service.py", std::to_string(port)}, {}, c.dir() + "/srv");
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 10000))
            return o.fail("the service did not start");
        const auto pair = c.capture(0.5, 2 * kDay);
        c.addCpuSeconds(pair, srv, 2 * kDay * 0.9);
        for (const auto &root : {pair.before, pair.after})
            test::writeProcFile(root, srv, "cgroup", "0::/system.slice/ingest.service\n");
        o.result = c.replay(pair);
        o.expect("ingest.service", srv, Expect::InUse);
    });

} // namespace
} // namespace ptriage::scenarios
