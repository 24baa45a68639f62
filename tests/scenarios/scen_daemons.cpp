// Long-lived kinds that are used or left behind (issue 35): a headless browser whose controller
// crashed and one whose controller still drives it, a supervised service busy serving clients, a niced
// busy loop on a loaded machine judged again and again, a dev server a browser tab still polls, a job
// writing in bursts in a live terminal.
#include "Harness.h"

#include <filesystem>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

bool isPythonComm(const std::string &comm)
{
    return comm.rfind("python", 0) == 0;
}

// ----------------------------------------------------------------------------- a headless browser

constexpr const char *kChromium = "/usr/lib/chromium/chromium-headless-shell";

// A browser tool's stand-in (as Playwright or an agent's browser MCP drive one): it launches headless
// Chromium with a DevTools port, connects to it and asks it for its pages every second, forever.
void writeBrowserDriver(Ctx &c, const std::string &path)
{
    c.writeFile(path,
        "import json, os, socket, subprocess, sys, time, urllib.request\n"
        "port, here = int(sys.argv[1]), os.path.dirname(os.path.abspath(__file__))\n"
        "subprocess.Popen([sys.argv[2], '--headless', '--no-sandbox', '--disable-gpu',\n"
        "                  '--disable-background-networking', '--remote-debugging-port=%d' % port,\n"
        "                  '--user-data-dir=' + here + '/profile', 'about:blank'],\n"
        "                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "for _ in range(600):\n"
        "    try:\n"
        "        urllib.request.urlopen('http://127.0.0.1:%d/json/version' % port, timeout=1).read()\n"
        "        break\n"
        "    except Exception:\n"
        "        time.sleep(0.1)\n"
        "s = socket.create_connection(('127.0.0.1', port))\n"
        "open(here + '/ready', 'w').close()\n"
        "while True:\n"
        "    s.sendall(b'GET /json/list HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nConnection: keep-alive\\r\\n\\r\\n')\n"
        "    s.recv(65536)\n"
        "    time.sleep(1)\n");
}

struct Browser {
    int driver = -1;
    int browser = -1;
    int renderer = -1;
};

Browser startBrowser(Ctx &c, Outcome &o)
{
    Browser b;
    if (::access(kChromium, X_OK) != 0) {
        o.fail(std::string(kChromium) + " is missing (chromium-headless-shell, packaging/install-deps.sh --test)");
        return b;
    }
    const std::string dir = c.dir() + "/e2e";
    writeBrowserDriver(c, dir + "/driver.py");
    const int port = freePort();
    b.driver = c.start({kPython, dir + "/driver.py", std::to_string(port), kChromium});
    b.browser = c.waitFor([&](const Proc &p) {
        return p.ppid == b.driver && !p.argv.empty() && contains(p.argv[0], "chromium-headless-shell");
    });
    if (b.driver < 0 || b.browser < 0 || !c.waitUntil([&] { return std::filesystem::exists(dir + "/ready"); }, 60000)) {
        o.fail("headless Chromium did not answer on its DevTools port");
        return b;
    }
    c.adopt(b.browser);
    // Its renderer (for about:blank): a grandchild, under the zygote.
    b.renderer = c.waitFor(
        [&](const Proc &p) {
            if (!contains(p.cmdline(), "--type=renderer"))
                return false;
            for (int q = p.ppid, guard = 0; q > 1 && guard < 4; ++guard, q = processInfo(q).ppid)
                if (q == b.browser)
                    return true;
            return false;
        },
        20000);
    for (int pid : c.markedProcesses())
        c.adopt(pid);
    return b;
}

const Register browserDriverCrashed("headless-browser-driver-crashed",
    "headless Chromium launched with a DevTools port by an agent's browser tool, which crashed (SIGKILL) 2 days ago",
    "the browser and its renderer: left behind", [](Ctx &c, Outcome &o) {
        const Browser b = startBrowser(c, o);
        if (!o.setupError.empty())
            return;
        c.killNow(b.driver);
        if (test::hasEnded(b.browser))
            return o.fail("the browser ended with its driver");
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("headless Chromium", b.browser, Expect::LeftBehind);
        if (b.renderer > 0)
            o.expect("its renderer", b.renderer, Expect::LeftBehind);
        else
            o.require(false, "the browser's renderer was found");
    });

const Register browserDriverAlive("headless-browser-driver-alive",
    "the same headless Chromium, 3 h old, its driver alive and asking it for its pages every second",
    "the browser: in use", [](Ctx &c, Outcome &o) {
        const Browser b = startBrowser(c, o);
        if (!o.setupError.empty())
            return;
        o.result = c.replay(c.capture(1.5, 3 * kHour));
        o.expect("headless Chromium", b.browser, Expect::InUse);
        if (b.renderer > 0)
            o.expect("its renderer", b.renderer, Expect::InUse);
    });

// ------------------------------------------------------------------- busy: service and spinner

const Register serviceHalfCore("systemd-service-50pct-clients",
    "a systemd service (cgroup /system.slice/thumbnailer.service) busy at ~50% of a core for 2 days while serving "
    "two connected clients",
    "the service: working (not kill, throttle, pause or freeze)", [](Ctx &c, Outcome &o) {
        const int port = freePort();
        c.writeFile(c.dir() + "/srv/thumbnailer.py",
            "import hashlib, socket, sys, threading, time\n"
            "s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)\n"
            "s.bind(('127.0.0.1', int(sys.argv[1]))); s.listen()\n"
            "conns = []\n"
            "def accept():\n"
            "    while True:\n"
            "        conns.append(s.accept()[0])\n"
            "threading.Thread(target=accept, daemon=True).start()\n"
            "h = hashlib.sha256()\n"
            "while True:  # renders thumbnails half the time, waits for the disk the other half\n"
            "    t = time.time() + 0.01\n"
            "    while time.time() < t:\n"
            "        h.update(b'pixel' * 512)\n"
            "    time.sleep(0.01)\n");
        const int srv = c.startOrphan({kPython, "thumbnailer.py", std::to_string(port)}, {}, c.dir() + "/srv");
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the service did not listen");
        for (int i = 0; i < 2; ++i) {
            const auto a
                = c.actor({"gallery-web", {"gallery-web", "--thumbnailer", "127.0.0.1:" + std::to_string(port)},
                    {{"ACTOR_CONNECT", std::to_string(port)}}, test::Parenting::Child});
            if (a.pid < 0)
                return o.fail("a client could not connect");
        }
        const auto pair = c.capture(1.0, 2 * kDay);
        test::makeBusy(pair, srv, 0.5);
        c.addCpuSeconds(pair, srv, 2 * kDay * 0.5);
        for (const auto &root : {pair.before, pair.after})
            test::writeProcFile(root, srv, "cgroup", "0::/system.slice/thumbnailer.service\n");
        o.result = c.replay(pair);
        o.expect("thumbnailer.service", srv, Expect::Working);
    });

const Register nicedSpinner("niced-spinner-loaded-consistent",
    "a niced (10) Python reindex loop stuck spinning, orphaned 6 h, getting 30% of a core on a loaded machine; "
    "judged from four separate capture pairs",
    "left behind (stuck) every time, with the same class and action", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/jobs/reindex.py",
            "pending = ['docs']\nwhile pending:\n    pending = pending  # the loop never advances\n");
        const int pid = c.startOrphan({"nice", "-n", "10", kPython, "reindex.py"}, {}, c.dir() + "/jobs");
        if (pid < 0 || !c.waitUntil([&] { return isPythonComm(processInfo(pid).comm); }, 5000))
            return o.fail("the loop did not start");
        std::vector<std::string> verdicts;
        bool allCandidates = true;
        for (int round = 0; round < 4; ++round) {
            const auto pair = c.capture(0.5, 6 * kHour);
            test::makeBusy(pair, pid, 0.3);
            c.addCpuSeconds(pair, pid, 6 * kHour * 0.3);
            o.result = c.replay(pair);
            const int i = test::indexOfPid(*o.result, pid);
            if (i < 0)
                return o.fail("the loop is missing from a capture");
            const auto &rec = o.result->recommendations[static_cast<std::size_t>(i)];
            allCandidates = allCandidates && rec.candidate && (rec.action != RecommendedAction::Keep || rec.review);
            verdicts.push_back(std::string(jsonName(o.result->posteriors[static_cast<std::size_t>(i)].classification))
                + "/" + jsonName(rec.action) + (rec.review ? " (review)" : ""));
        }
        std::string all;
        bool same = true;
        for (const auto &v : verdicts) {
            all += (all.empty() ? "" : ", ") + v;
            same = same && v == verdicts.front();
        }
        o.require(allCandidates, "a ranked candidate in all four judgements (got " + all + ")");
        o.require(same, "the same verdict in all four judgements (got " + all + ")");
        o.expect("niced spinning loop", pid, Expect::LeftBehind);
    });

// --------------------------------------------------------------------------------- used, quietly

const Register devServerPolled("dev-server-tab-polling",
    "a node dev server detached from a terminal closed 3 h ago; a browser tab still has it open (keep-alive "
    "connection, a request every second)",
    "the dev server: in use", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/blog";
        const int port = freePort();
        c.writeFile(dir + "/dev-server.js",
            "const http = require('http')\n"
            "http.createServer((req, res) => res.end(JSON.stringify({ changed: false })))\n"
            "  .listen(+process.argv[2], '127.0.0.1')\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend(
            "cd " + dir + " && setsid -f node dev-server.js " + std::to_string(port) + " > dev.log 2>&1 < /dev/null");
        const int srv
            = c.waitFor([](const Proc &p) { return p.comm == "node" && contains(p.cmdline(), "dev-server.js"); });
        if (srv < 0 || !c.waitUntil([&] { return listening(c, port); }, 20000))
            return o.fail("the dev server did not listen");
        c.adopt(srv);
        c.tmuxKillServer();
        if (test::hasEnded(srv))
            return o.fail("the dev server ended with the terminal");
        const std::string tab = dir + "/tab.py";
        c.writeFile(tab,
            "import http.client, sys, time\n"
            "c = http.client.HTTPConnection('127.0.0.1', int(sys.argv[1]))\n"
            "while True:  # the page's live-reload poll\n"
            "    c.request('GET', '/__poll'); c.getresponse().read()\n"
            "    open(sys.argv[2], 'a').write('.')\n"
            "    time.sleep(1)\n");
        c.start({kPython, tab, std::to_string(port), dir + "/polls"});
        if (!c.waitUntil([&] { return std::filesystem::exists(dir + "/polls"); }, 20000))
            return o.fail("the tab did not reach the dev server");
        o.result = c.replay(c.capture(2.5, 3 * kHour));
        o.expect("dev server with a polling tab", srv, Expect::InUse);
    });

const Register burstWriter("io-bursts-live-terminal",
    "a Python exporter in the foreground of a live tmux pane, writing 256 KiB to its CSV every 10 s, 5 h in",
    "the exporter: in use", [](Ctx &c, Outcome &o) {
        const std::string dir = c.dir() + "/export";
        c.writeFile(dir + "/export_ticks.py",
            "import os, time\n"
            "with open('ticks.csv', 'ab') as f:\n"
            "    while True:\n"
            "        f.write(b'2026-11-27,EURUSD,1.0571\\n' * 10000)\n"
            "        f.flush(); os.fsync(f.fileno())\n"
            "        time.sleep(10)\n");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        const int pane = c.tmuxPanePid();
        c.tmuxSend("cd " + dir + " && " + kPython + " export_ticks.py");
        const int pid
            = c.waitFor([&](const Proc &p) { return p.ppid == pane && contains(p.cmdline(), "export_ticks"); });
        if (pid < 0
            || !c.waitUntil(
                [&] {
                    std::error_code ec;
                    return std::filesystem::file_size(dir + "/ticks.csv", ec) > 0 && !ec;
                },
                20000))
            return o.fail("the exporter did not write");
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("burst-writing exporter", pid, Expect::InUse);
    });

} // namespace
} // namespace ptriage::scenarios
