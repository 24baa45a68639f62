// Process states and shapes: a real zombie, a real D state, a stopped job, spinning and polling
// orphans, a working computation, a young orphan, a deleted working directory, a capture without
// /proc/PID/sched, a forgotten tail -f.
#include "Harness.h"

#include <csignal>
#include <filesystem>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

const Register zombie("zombie-unreaped",
    "a Python job runner forks a child that exits; the runner (alive, sleeping) never reaps it; 1 h later",
    "the zombie: a candidate whose target is its parent", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/runner/job_runner.py",
            "import os, time\n"
            "if os.fork() == 0:\n    os._exit(0)\n"
            "while True:\n    time.sleep(3600)  # forgot os.wait()\n");
        const int parent = c.startOrphan({kPython, "job_runner.py"}, {}, c.dir() + "/runner");
        const int z = c.waitFor([&](const Proc &p) { return p.ppid == parent && p.state == 'Z'; }, 10000);
        if (parent < 0 || z < 0)
            return o.fail("no zombie appeared");
        o.result = c.replay(c.capture(0.3, kHour));
        o.expect("zombie", z, Expect::ZombieToParent, {}, parent);
    });

const Register dState("vfork-d-state",
    "a program whose vfork child is stuck before exec: the parent waits in D state, orphaned, 3 h",
    "the D-state parent: not signalled (no kill, pause, freeze)", [](Ctx &c, Outcome &o) {
        const std::string bin = helperBinary("vfork_hold");
        if (::access(bin.c_str(), X_OK) != 0)
            return o.fail(bin + " is missing (built with scenario_suite)");
        const int parent = c.startOrphan({bin, "900"});
        if (parent < 0 || !c.waitUntil([&] { return processInfo(parent).state == 'D'; }, 5000))
            return o.fail(
                "the vfork parent is not in D state (state " + std::string(1, processInfo(parent).state) + ")");
        const int child = c.waitFor([&](const Proc &p) { return p.ppid == parent; }, 3000);
        c.adopt(child);
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("vfork parent in D", parent, Expect::NotSignalled);
    });

const Register stopped("stopped-for-days",
    "a Python export job suspended with SIGSTOP (state T) and forgotten, its shell gone, 3 days",
    "the stopped job: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/jobs/export_csv.py", "import time\nwhile True:\n    time.sleep(1)\n");
        const int pid = c.startOrphan({kPython, "export_csv.py"}, {}, c.dir() + "/jobs");
        if (pid < 0)
            return o.fail("the job did not start");
        ::kill(pid, SIGSTOP);
        if (!c.waitUntil([&] { return processInfo(pid).state == 'T'; }, 3000))
            return o.fail("the job did not stop");
        o.result = c.replay(c.capture(0.3, 3 * kDay));
        o.expect("stopped job", pid, Expect::LeftBehind);
    });

const Register spinningOrphan("spinning-orphan-hours",
    "a Python retry loop spinning on a core (a bug), its terminal gone, 6 h of burning CPU",
    "the spinner: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/bot/poll_queue.py",
            "def fetch():\n    return None\n"
            "while True:\n    if fetch() is not None:\n        break\n");
        const int pid = c.startOrphan({kPython, "poll_queue.py"}, {}, c.dir() + "/bot");
        if (pid < 0)
            return o.fail("the spinner did not start");
        c.sleepMs(300);
        const auto pair = c.capture(0.5, 6 * kHour);
        c.addCpuSeconds(pair, pid, 6 * kHour * 0.97);
        o.result = c.replay(pair);
        o.expect("spinning orphan", pid, Expect::LeftBehind);
    });

const Register checkpointer("checkpoint-writer-20h",
    "a long simulation without a terminal writing a checkpoint to its own file every 200 ms, 20 h in",
    "the simulation: working (not kill, throttle, pause, freeze)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/sim/run_simulation.py",
            "import hashlib, os, time\n"
            "h = hashlib.sha256()\nstep = 0\n"
            "with open('state.ckpt', 'wb') as f:\n"
            "    while True:\n"
            "        t = time.time() + 0.2\n"
            "        while time.time() < t:\n"
            "            h.update(b'cell' * 1024)\n"
            "        step += 1\n"
            "        f.seek(0); f.write(h.digest() * 2048); f.write(step.to_bytes(8, 'little'))\n"
            "        f.flush(); os.fsync(f.fileno())\n");
        const int pid = c.startOrphan({kPython, "run_simulation.py"}, {}, c.dir() + "/sim");
        if (pid < 0 || !c.waitUntil([&] { return std::filesystem::exists(c.dir() + "/sim/state.ckpt"); }, 5000))
            return o.fail("the simulation did not start");
        c.sleepMs(500);
        const auto pair = c.capture(1.0, 20 * kHour);
        c.addCpuSeconds(pair, pid, 20 * kHour * 0.95);
        o.result = c.replay(pair);
        o.expect("checkpointing simulation", pid, Expect::Working);
    });

const Register polling("polling-orphan-1pct",
    "an orphaned Python watcher polling a directory every 50 ms (~1% of a core) for 2 days",
    "the watcher: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/watch/watch_uploads.py",
            "import os, time\n"
            "os.makedirs('incoming', exist_ok=True)\n"
            "while True:\n    os.listdir('incoming')\n    time.sleep(0.05)\n");
        const int pid = c.startOrphan({kPython, "watch_uploads.py"}, {}, c.dir() + "/watch");
        if (pid < 0)
            return o.fail("the watcher did not start");
        c.sleepMs(300);
        const auto pair = c.capture(1.0, 2 * kDay);
        c.addCpuSeconds(pair, pid, 2 * kDay * 0.01);
        o.result = c.replay(pair);
        o.expect("polling watcher", pid, Expect::LeftBehind);
    });

const Register young("young-orphan-1min", "an idle orphaned Python script, 1 minute old",
    "too young to judge: not kill", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/jobs/fetch_feeds.py", "import time\nwhile True:\n    time.sleep(60)\n");
        const int pid = c.startOrphan({kPython, "fetch_feeds.py"}, {}, c.dir() + "/jobs");
        if (pid < 0)
            return o.fail("the script did not start");
        o.result = c.replay(c.capture(0.3, kMinute));
        o.expect("1-minute-old orphan", pid, Expect::TooYoung);
    });

const Register deletedCwd("deleted-cwd-orphan",
    "an idle orphaned Python helper whose working directory (a checkout) was deleted, 1 day old",
    "the helper: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        const std::string wt = c.dir() + "/checkouts/feature-x";
        c.writeFile(wt + "/dev_helper.py", "import time\nwhile True:\n    time.sleep(3600)\n");
        const int pid = c.startOrphan({kPython, wt + "/dev_helper.py"}, {}, wt);
        if (pid < 0)
            return o.fail("the helper did not start");
        c.sleepMs(300);
        std::filesystem::remove_all(wt);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("helper in a deleted directory", pid, Expect::LeftBehind);
    });

const Register noSched("no-sched-idle-orphan",
    "an idle orphan of an unknown kind (a custom agent binary, python underneath), 2 days, capture without "
    "/proc/PID/sched",
    "the orphan: left behind from the other evidence", [](Ctx &c, Outcome &o) {
        c.writeFile(
            c.dir() + "/opt/relay-agent", "#!/usr/bin/python3\nimport time\nwhile True:\n    time.sleep(3600)\n", true);
        const int pid = c.startOrphan({c.dir() + "/opt/relay-agent", "--config", "/etc/relay.toml"});
        if (pid < 0)
            return o.fail("the agent did not start");
        c.sleepMs(300);
        const auto pair = c.capture(0.3, 2 * kDay);
        for (const auto &root : {pair.before, pair.after}) {
            std::filesystem::remove(root + "/" + std::to_string(pid) + "/sched");
            std::filesystem::remove(root + "/" + std::to_string(pid) + "/schedstat");
        }
        o.result = c.replay(pair);
        o.expect("unknown idle orphan", pid, Expect::LeftBehind);
    });

const Register tailForgotten("tail-f-forgotten",
    "tail -f on a log, started in the background of a shell that is gone, 2 days old",
    "tail -f: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/logs/worker.log", "boot\n");
        const int pid = c.startOrphan({"tail", "-f", c.dir() + "/logs/worker.log"});
        if (pid < 0)
            return o.fail("tail did not start");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("forgotten tail -f", pid, Expect::LeftBehind);
    });

} // namespace
} // namespace ptriage::scenarios
