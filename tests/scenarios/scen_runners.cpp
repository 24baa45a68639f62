// Test runners and their workers: pytest-xdist, vitest, jest, multiprocessing pools, a hung C++
// test binary — left behind when their controller dies, and in use while it runs in a terminal.
#include "Harness.h"

#include "decide/groups/GroupPlan.h"

#include <csignal>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

bool isXdistWorker(const Proc &p, int controller)
{
    return p.ppid == controller && !p.argv.empty() && contains(p.argv.back(), "sys.stdin.readline");
}

// Each test leaves started-<name> in the project when it begins, so a scenario can wait until the
// workers are inside their tests (on a loaded machine that takes longer than any fixed wait).
void writePytestProject(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/tests/test_slow.py",
        "import os, time\n\n"
        "def started(name):\n"
        "    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'started-' + name), 'w').close()\n\n"
        "def test_upload_retries():\n    started('upload_retries')\n    time.sleep(900)\n\n"
        "def test_download_resume():\n    started('download_resume')\n    time.sleep(900)\n\n"
        "def test_checksum():\n    started('checksum')\n    time.sleep(900)\n\n"
        "def test_manifest():\n    started('manifest')\n    time.sleep(900)\n");
}

int testsStarted(const std::string &dir)
{
    int n = 0;
    for (const auto &e : std::filesystem::directory_iterator(dir))
        n += e.path().filename().string().rfind("started-", 0) == 0;
    return n;
}

bool haveXdist(Ctx &c)
{
    return c.shell(std::string(kPython) + " -c 'import xdist' 2>/dev/null");
}

// A vitest project with two slow test files (so the pool starts two workers).
void writeVitestProject(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/package.json", "{\"name\":\"web\",\"type\":\"module\",\"private\":true}\n");
    for (const char *f : {"cart", "checkout"})
        c.writeFile(dir + "/src/" + f + ".test.js",
            std::string("import { test, expect } from 'vitest'\n\ntest('") + f
                + " talks to the API', async () => {\n  await new Promise(r => setTimeout(r, 900000))\n"
                  "  expect(1).toBe(1)\n}, 1000000)\n");
}

std::string vitestCommand(const std::string &pool)
{
    return "node " + npmModules() + "/vitest/vitest.mjs run --pool=" + pool + " --maxWorkers=2 --minWorkers=2";
}

bool isVitestWorker(const Proc &p, int runner)
{
    return p.ppid == runner && !p.argv.empty() && p.argv[0].rfind("node (vitest ", 0) == 0;
}

void writeJestProject(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/package.json", "{\"name\":\"api\",\"private\":true}\n");
    for (const char *f : {"users", "orders", "billing"})
        c.writeFile(dir + "/__tests__/" + f + ".test.js",
            std::string("test('") + f + " endpoint', () => new Promise(r => setTimeout(r, 900000)), 1000000)\n");
}

bool isJestWorker(const Proc &p, int runner)
{
    return p.ppid == runner && contains(p.cmdline(), "jest-worker/build/workers/processChild.js");
}

const Register xdistKilled("xdist-controller-killed",
    "pytest -n 2: the controller is SIGKILLed mid-run, its two workers stay (3 h later)",
    "each worker: left behind, kill", [](Ctx &c, Outcome &o) {
        if (!haveXdist(c))
            return o.fail("python3-pytest-xdist is missing (packaging/install-deps.sh installs it)");
        const std::string proj = c.dir() + "/proj";
        writePytestProject(c, proj);
        const int ctl
            = c.start(Ctx::inDir(proj, std::string(kPython) + " -m pytest -n 2 -q -p no:cacheprovider tests"));
        const auto workers = c.waitForAll([&](const Proc &p) { return isXdistWorker(p, ctl); }, 2, 30000);
        if (workers.size() < 2)
            return o.fail("pytest-xdist did not start two workers");
        for (int w : workers)
            c.adopt(w);
        if (!c.waitUntil([&] { return testsStarted(proj) >= 2; }, 60000))
            return o.fail("the two workers did not start their tests within 60 s");
        c.sleepMs(300); // inside their tests: a worker killed while the nodes come up just exits
        c.killNow(ctl);
        c.sleepMs(300);
        for (int w : workers)
            if (test::hasEnded(w))
                return o.fail("an xdist worker ended with its controller");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        for (int w : workers)
            o.expect("xdist worker", w, Expect::LeftBehindKill);
        // One origin: the pytest run whose controller is gone; its End ends both workers.
        const int first = test::indexOfPid(*o.result, workers.front());
        const ProcessOrigin *origin = first < 0 ? nullptr : &o.result->process(first).origin();
        o.require(origin && origin->kind == origins::OriginKind::TestRun && origin->owner == origins::OwnerState::Gone,
            "the workers' origin is the pytest run, its controller gone");
        const GroupPlan plan
            = first < 0 ? GroupPlan{} : planGroupEnd(*o.result, o.result->groupOf[static_cast<std::size_t>(first)]);
        o.require(plan.end.size() == workers.size(), "the run's End ends both workers");
    });

const Register xdistInTmux("xdist-running-in-tmux",
    "pytest -n 2 running in a tmux pane, the person waiting for it (40 min in)", "controller and workers: in use",
    [](Ctx &c, Outcome &o) {
        if (!haveXdist(c))
            return o.fail("python3-pytest-xdist is missing (packaging/install-deps.sh installs it)");
        const std::string proj = c.dir() + "/proj";
        writePytestProject(c, proj);
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        const int pane = c.tmuxPanePid();
        c.tmuxSend("cd " + proj + " && " + kPython + " -m pytest -n 2 -q -p no:cacheprovider tests");
        const int ctl
            = c.waitFor([&](const Proc &p) { return p.ppid == pane && contains(p.cmdline(), "pytest -n 2"); });
        const auto workers = c.waitForAll([&](const Proc &p) { return isXdistWorker(p, ctl); }, 2, 30000);
        if (ctl < 0 || workers.size() < 2)
            return o.fail("pytest-xdist did not start in the pane");
        c.sleepMs(2000);
        o.result = c.replay(c.capture(0.3, 40 * kMinute));
        o.expect("pytest controller", ctl, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
        for (int w : workers)
            o.expect("xdist worker", w, Expect::InUse);
    });

const Register vitestForks("vitest-forks-runner-killed",
    "vitest run --pool=forks: the runner is SIGKILLed, its fork workers ('node (vitest N)') stay (3 h later)",
    "each fork worker: left behind, kill", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "vitest"))
            return;
        const std::string proj = c.dir() + "/web";
        writeVitestProject(c, proj);
        const int runner = c.start(Ctx::inDir(proj, vitestCommand("forks")));
        const auto workers = c.waitForAll([&](const Proc &p) { return isVitestWorker(p, runner); }, 2, 40000);
        if (workers.empty())
            return o.fail("vitest started no fork worker");
        for (int w : workers)
            c.adopt(w);
        c.sleepMs(2000);
        c.killNow(runner);
        c.sleepMs(500);
        for (int w : workers)
            if (test::hasEnded(w))
                return o.fail("a vitest fork worker ended with its runner");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        for (int w : workers)
            o.expect("vitest fork worker", w, Expect::LeftBehindKill);
    });

const Register vitestThreads("vitest-threads-runner-killed",
    "vitest run --pool=threads: the runner is SIGKILLed mid-run",
    "nothing may be left behind (the workers are threads); whatever remains: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "vitest"))
            return;
        const std::string proj = c.dir() + "/web";
        writeVitestProject(c, proj);
        const int runner = c.start(Ctx::inDir(proj, vitestCommand("threads")));
        // The tests are running once the runner has its worker threads (tinypool) up.
        if (!c.waitUntil([&] { return processInfo(runner).cmdline().rfind("node (vitest", 0) == 0; }, 20000))
            return o.fail("vitest did not start");
        c.sleepMs(4000);
        c.killNow(runner);
        c.sleepMs(1000);
        const auto left = c.markedProcesses();
        if (left.empty()) {
            o.require(true, "no process remains");
            o.note = "honest result: the threads pool runs its workers as threads of the runner, so SIGKILL of the "
                     "runner leaves nothing behind; nothing to triage, nothing to kill";
            return;
        }
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        for (int pid : left)
            o.expect("what vitest left: " + processInfo(pid).cmdline(), pid, Expect::LeftBehind);
    });

const Register vitestInTmux("vitest-running-in-tmux", "vitest run (forks) running in a tmux pane, 30 min in",
    "runner and workers: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "vitest"))
            return;
        const std::string proj = c.dir() + "/web";
        writeVitestProject(c, proj);
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        const int pane = c.tmuxPanePid();
        c.tmuxSend("cd " + proj + " && " + vitestCommand("forks"));
        const int runner = c.waitFor([&](const Proc &p) { return p.ppid == pane && p.comm == "node"; }, 20000);
        const auto workers = c.waitForAll([&](const Proc &p) { return isVitestWorker(p, runner); }, 2, 40000);
        if (runner < 0 || workers.empty())
            return o.fail("vitest did not start its workers in the pane");
        c.sleepMs(1500);
        o.result = c.replay(c.capture(0.3, 30 * kMinute));
        o.expect("vitest runner", runner, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
        for (int w : workers)
            o.expect("vitest fork worker", w, Expect::InUse);
    });

const Register jestKilled("jest-workers-runner-killed",
    "jest --maxWorkers=2 with slow tests: the runner is SIGKILLed, its jest-worker children stay (3 h later)",
    "each worker: left behind", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "vitest"))
            return;
        const std::string proj = c.dir() + "/api";
        writeJestProject(c, proj);
        const int runner
            = c.start(Ctx::inDir(proj, "node " + npmModules() + "/jest/bin/jest.js --maxWorkers=2 --rootDir " + proj));
        auto workers = c.waitForAll([&](const Proc &p) { return isJestWorker(p, runner); }, 2, 40000);
        c.sleepMs(5000); // the test workers (not the ones that crawl the files) are in their tests
        workers = c.waitForAll([&](const Proc &p) { return isJestWorker(p, runner); }, 2, 10000);
        if (workers.size() < 2)
            return o.fail("jest did not start two workers");
        for (int w : workers)
            c.adopt(w);
        c.killNow(runner);
        c.sleepMs(500);
        for (int w : workers)
            if (test::hasEnded(w))
                return o.fail("a jest worker ended with its runner");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        for (int w : workers)
            o.expect("jest worker", w, Expect::LeftBehind);
    });

const Register jestInTmux("jest-running-in-tmux", "jest --maxWorkers=2 running in a tmux pane, 30 min in",
    "runner and workers: in use", [](Ctx &c, Outcome &o) {
        if (!npmToolsPresent(o, "vitest"))
            return;
        const std::string proj = c.dir() + "/api";
        writeJestProject(c, proj);
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        const int pane = c.tmuxPanePid();
        c.tmuxSend("cd " + proj + " && node " + npmModules() + "/jest/bin/jest.js --maxWorkers=2 --rootDir " + proj);
        const int runner = c.waitFor([&](const Proc &p) { return p.ppid == pane && p.comm == "node"; }, 20000);
        auto workers = c.waitForAll([&](const Proc &p) { return isJestWorker(p, runner); }, 2, 40000);
        c.sleepMs(5000); // the test workers (not the ones that crawl the files) are in their tests
        workers = c.waitForAll([&](const Proc &p) { return isJestWorker(p, runner); }, 2, 10000);
        if (runner < 0 || workers.size() < 2)
            return o.fail("jest did not start its workers in the pane");
        o.result = c.replay(c.capture(0.3, 30 * kMinute));
        o.expect("jest runner", runner, Expect::InUse);
        o.label("the pane's shell", pane, "useful");
        for (int w : workers)
            o.expect("jest worker", w, Expect::InUse);
    });

void poolScenario(Ctx &c, Outcome &o, const std::string &method)
{
    const std::string script = c.dir() + "/jobs/resize_images.py";
    c.writeFile(script,
        "import multiprocessing as mp, time\n\n"
        "def resize(n):\n    time.sleep(900)\n    return n\n\n"
        "if __name__ == '__main__':\n"
        "    mp.set_start_method('"
            + method
            + "')\n"
              "    with mp.Pool(2) as pool:\n"
              "        print(pool.map(resize, range(8)))\n");
    const int spawner = c.start(Ctx::inDir(c.dir() + "/jobs", std::string(kPython) + " resize_images.py"));
    const auto workers = c.waitForAll(
        [&](const Proc &p) {
            return p.ppid == spawner && p.comm.rfind("python", 0) == 0 && !contains(p.cmdline(), "resource_tracker");
        },
        2, 20000);
    if (workers.size() < 2)
        return o.fail("multiprocessing.Pool did not start two workers");
    for (int w : workers)
        c.adopt(w);
    c.sleepMs(1500);
    // Its resource tracker, when the start method has one, is left behind with the workers.
    const int tracker
        = c.waitFor([&](const Proc &p) { return p.ppid == spawner && contains(p.cmdline(), "resource_tracker"); }, 500);
    c.adopt(tracker);
    c.killNow(spawner);
    c.sleepMs(300);
    for (int w : workers)
        if (test::hasEnded(w))
            return o.fail("a pool worker ended with its spawner");
    o.result = c.replay(c.capture(0.3, 3 * kHour));
    for (int w : workers)
        o.expect("pool worker (" + method + ")", w, Expect::LeftBehind);
    if (tracker > 0 && !test::hasEnded(tracker))
        o.label("the pool's resource tracker", tracker, "abandoned"); // corpus label
}

const Register poolFork("mp-pool-fork-spawner-killed",
    "multiprocessing.Pool(2), start method fork: the script is SIGKILLed, its workers stay (3 h later)",
    "each worker: left behind", [](Ctx &c, Outcome &o) { poolScenario(c, o, "fork"); });

const Register poolSpawn("mp-pool-spawn-spawner-killed",
    "multiprocessing.Pool(2), start method spawn: the script is SIGKILLed, its workers stay (3 h later)",
    "each worker: left behind", [](Ctx &c, Outcome &o) { poolScenario(c, o, "spawn"); });

const Register hungBinary("hung-test-binary-orphaned",
    "a C++ test binary deadlocked (two mutexes), its run-tests.sh killed with the terminal (5 h later)",
    "the test binary: left behind", [](Ctx &c, Outcome &o) {
        const std::string bin = helperBinary("tst_cache_deadlock");
        if (::access(bin.c_str(), X_OK) != 0)
            return o.fail(bin + " is missing (built with scenario_suite)");
        c.writeFile(c.dir() + "/cache/run-tests.sh", "#!/bin/sh\n" + bin + "\necho \"tests exited: $?\"\n", true);
        const int runner = c.start(Ctx::inDir(c.dir() + "/cache", "./run-tests.sh"));
        const int test = c.waitFor([&](const Proc &p) { return p.ppid == runner && p.comm == "tst_cache_deadl"; });
        if (test < 0)
            return o.fail("the test binary did not start");
        c.adopt(test);
        c.sleepMs(600); // deadlocked by now
        c.killNow(runner);
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("hung test binary", test, Expect::LeftBehind);
    });

const Register pytestHung("pytest-hung-orphan",
    "plain pytest stuck in a test waiting on an event nobody sets; the terminal's shell killed (3 h later)",
    "pytest: left behind, kill", [](Ctx &c, Outcome &o) {
        const std::string proj = c.dir() + "/svc";
        c.writeFile(proj + "/tests/test_queue.py",
            "import threading\n\ndef test_consumer_drains_queue():\n    threading.Event().wait()\n");
        const int shell = c.start(Ctx::inDir(
            proj, "/bin/sh -c '" + std::string(kPython) + " -m pytest -q -p no:cacheprovider tests; echo done'"));
        const int pytest = c.waitFor(
            [&](const Proc &p) { return contains(p.cmdline(), "-m pytest -q") && p.comm.rfind("python", 0) == 0; });
        if (pytest < 0)
            return o.fail("pytest did not start");
        c.adopt(pytest);
        c.sleepMs(1500);
        c.killNow(shell);
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("stuck pytest", pytest, Expect::LeftBehindKill);
    });

} // namespace
} // namespace ptriage::scenarios
