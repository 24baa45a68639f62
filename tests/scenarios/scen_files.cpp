// Processes that hold files: a git commit inside its pre-commit hook (index.lock, which git removes when
// it is ended), and two whose owner must not be killed blindly: an SQLite writer inside a WAL
// transaction, a flock holder with a waiter.
#include "Harness.h"

#include <csignal>
#include <filesystem>

namespace ptriage::scenarios {
namespace {

const Register gitHook("git-commit-hook-lock",
    "git commit -a held in a slow pre-commit hook (a real .git/index.lock), its terminal gone, 3 h later",
    "git: a kill, which frees index.lock (git removes it on TERM); no pause or freeze, which keep it",
    [](Ctx &c, Outcome &o) {
        const std::string repo = c.dir() + "/repo";
        const std::string git = "git -c user.name=Dev -c user.email=dev@example.org -c init.defaultBranch=main";
        if (!c.shell("mkdir -p " + repo + " && cd " + repo + " && " + git + " init -q . && echo v1 > README && " + git
                + " add README && " + git + " commit -qm init"))
            return o.fail("git could not make a repository");
        c.writeFile(repo + "/README", "v2\n");
        c.writeFile(repo + "/.git/hooks/pre-commit",
            "#!/bin/sh\n# lint: waits for a language server that never answers\nexec sleep 900\n", true);
        const int shell = c.start(Ctx::inDir(repo, "/bin/sh -c '" + git + " commit -a -m wip; echo $?'"));
        const int commit
            = c.waitFor([&](const Proc &p) { return p.comm == "git" && contains(p.cmdline(), "commit -a"); });
        const int hook = c.waitFor([&](const Proc &p) { return p.ppid == commit && p.comm == "sleep"; });
        if (commit < 0 || hook < 0)
            return o.fail("git commit did not reach its pre-commit hook");
        c.adopt(commit);
        c.adopt(hook);
        c.killNow(shell);
        o.require(std::filesystem::exists(repo + "/.git/index.lock"), "git holds .git/index.lock");
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("git commit in its hook", commit, Expect::LeftBehindKill, "index.lock");
        // The promise the advice makes: TERM, as the kill sends first, and git removes its lock.
        ::kill(commit, SIGTERM);
        o.require(c.waitUntil([&] { return !std::filesystem::exists(repo + "/.git/index.lock"); }, 10000),
            "git removed .git/index.lock when it got TERM");
        o.note = "real git closes index.lock's descriptor while the hook runs: the lock exists as a file, but no "
                 "fd of git points at it";
    });

const Register sqliteWal("sqlite-wal-writer",
    "a Python sqlite3 writer idle inside a WAL transaction (app.db-wal open), orphaned, 3 h later",
    "the writer: a candidate whose kill is blocked by the -wal file", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/app/import_events.py",
            "import sqlite3, time\n"
            "db = sqlite3.connect('app.db', isolation_level=None)\n"
            "db.execute('PRAGMA journal_mode=WAL')\n"
            "db.execute('CREATE TABLE IF NOT EXISTS events(id INTEGER PRIMARY KEY, body TEXT)')\n"
            "db.execute('BEGIN IMMEDIATE')\n"
            "db.execute(\"INSERT INTO events(body) VALUES ('signup')\")\n"
            "time.sleep(100000)  # waiting for the next batch that never comes, transaction open\n");
        const int pid = c.startOrphan({kPython, "import_events.py"}, {}, c.dir() + "/app");
        if (pid < 0 || !c.waitUntil([&] { return std::filesystem::exists(c.dir() + "/app/app.db-wal"); }, 5000))
            return o.fail("the writer did not open its WAL");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        o.expect("SQLite writer", pid, Expect::KillBlockedBy, "-wal");
    });

const Register flockHolder("flock-holder-with-waiter",
    "an orphaned deploy script holds flock(deploy.lock) for a day; a cron job waits on the same lock",
    "the holder: left behind, its blast radius names the waiter", [](Ctx &c, Outcome &o) {
        const std::string lock = c.dir() + "/deploy/deploy.lock";
        c.writeFile(c.dir() + "/deploy/deploy.py",
            "import fcntl, sys, time\n"
            "f = open(sys.argv[1], 'w')\n"
            "fcntl.flock(f, fcntl.LOCK_EX)\n"
            "time.sleep(100000)  # waits for an approval that was given elsewhere\n");
        const int holder = c.startOrphan({kPython, "deploy.py", lock}, {}, c.dir() + "/deploy");
        if (holder < 0 || !c.waitUntil([&] { return std::filesystem::exists(lock); }, 5000))
            return o.fail("the deploy script did not take its lock");
        c.sleepMs(300);
        const int waiter = c.start({"flock", lock, kPython, "-c", "print('deploying')"});
        if (!c.waitUntil([&] { return processInfo(waiter).state == 'S'; }, 3000))
            return o.fail("the waiter did not block on the lock");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("lock holder", holder, Expect::LeftBehind);
        o.expect("lock holder", holder, Expect::BlastIncludes, {}, waiter);
    });

} // namespace
} // namespace ptriage::scenarios
