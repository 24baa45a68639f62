// Wrappers (script, timeout, nohup, sh -c) left behind, and what people keep in terminals and tmux
// panes: idle shells, editors, REPLs, long jobs, builds, log followers, another user's shell.
#include "Harness.h"

#include <unistd.h>

namespace ptriage::scenarios {
namespace {

// Whether `pid` has `ancestor` above it (now, in /proc).
bool descendsFrom(int pid, int ancestor)
{
    for (int p = pid, guard = 0; p > 1 && guard < 16; ++guard) {
        p = processInfo(p).ppid;
        if (p == ancestor)
            return true;
    }
    return false;
}

// A terminal emulator stand-in that is really one: it opens a pseudo-terminal, runs `argv` on it as
// the session's controlling terminal (foreground), and keeps the master open, idle, as a window does.
void writeTerminal(Ctx &c, const std::string &path)
{
    c.writeFile(path,
        "import os, sys, time\n"
        "pid, master = os.forkpty()\n"
        "if pid == 0:\n"
        "    os.execvp(sys.argv[1], sys.argv[1:])\n"
        "while True:\n"
        "    try:\n"
        "        os.read(master, 65536)\n"
        "    except OSError:\n"
        "        time.sleep(3600)\n");
}

int startInTerminal(Ctx &c, const std::vector<std::string> &argv, int &terminal)
{
    writeTerminal(c, c.dir() + "/.term/xterm_lite.py");
    std::vector<std::string> args = {kPython, c.dir() + "/.term/xterm_lite.py"};
    args.insert(args.end(), argv.begin(), argv.end());
    terminal = c.start(args);
    return c.waitFor([&](const Proc &p) { return p.ppid == terminal; }, 10000);
}

std::string idleJob(Ctx &c, const std::string &name)
{
    const std::string path = c.dir() + "/jobs/" + name;
    c.writeFile(path,
        "import time\n"
        "# waits for an upstream export that never comes\n"
        "while True:\n    time.sleep(3600)\n");
    return path;
}

const Register scriptWrapper("script-wrapper-left-behind",
    "script -qfc 'python3 sync_photos.py' started from a shell that is gone; the job idles for 6 h",
    "script: a wrapper, keep; the job: left behind", [](Ctx &c, Outcome &o) {
        const std::string job = idleJob(c, "sync_photos.py");
        const int script
            = c.startOrphan({"script", "-qfc", std::string(kPython) + " " + job, c.dir() + "/session.log"});
        const int work = c.waitFor(
            [&](const Proc &p) { return contains(p.cmdline(), "sync_photos.py") && p.comm.rfind("python", 0) == 0; });
        if (script < 0 || work < 0 || !descendsFrom(work, script))
            return o.fail("script did not run the job");
        c.adopt(work);
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        o.expect("script", script, Expect::WrapperKeep, {}, work);
        o.expect("the job under script", work, Expect::LeftBehind);
    });

const Register timeoutWrapper("timeout-wrapper-left-behind",
    "timeout 7d python3 backfill.py from a shell that is gone; the job waits on nothing for 6 h",
    "timeout: a wrapper, keep; the job: left behind", [](Ctx &c, Outcome &o) {
        const std::string job = idleJob(c, "backfill.py");
        const int timeout = c.startOrphan({"timeout", "7d", kPython, job});
        const int work
            = c.waitFor([&](const Proc &p) { return p.ppid == timeout && contains(p.cmdline(), "backfill.py"); });
        if (timeout < 0 || work < 0)
            return o.fail("timeout did not run the job");
        c.adopt(work);
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        o.expect("timeout", timeout, Expect::WrapperKeep, {}, work);
        o.expect("the job under timeout", work, Expect::LeftBehind);
    });

const Register nohupJob("nohup-job-left-behind",
    "nohup python3 export_metrics.py & in a tmux pane, then the terminal closed (tmux kill-server); 1 day later",
    "the job: left behind (nohup exec'd it: no wrapper process remains)", [](Ctx &c, Outcome &o) {
        const std::string job = idleJob(c, "export_metrics.py");
        if (!c.tmuxStart("bash --norc"))
            return o.fail("tmux did not start");
        c.tmuxSend("cd " + c.dir() + "/jobs && nohup " + kPython + " " + job + " > nohup.out 2>&1 &");
        const int work = c.waitFor([&](const Proc &p) { return contains(p.cmdline(), "export_metrics.py"); });
        if (work < 0)
            return o.fail("the nohup job did not start");
        c.adopt(work);
        c.sleepMs(300);
        c.tmuxKillServer();
        c.sleepMs(500);
        if (test::hasEnded(work))
            return o.fail("the nohup'd job ended with the terminal");
        o.require(processInfo(work).comm != "nohup", "nohup exec'd its command (no wrapper process)");
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("nohup'd job", work, Expect::LeftBehind);
    });

const Register cronShC("cron-sh-c-wrapper",
    "a cron-style sh -c 'python3 nightly_report.py; echo finished >> report.log' whose job hangs for a day",
    "sh -c: a wrapper, keep; the job: left behind", [](Ctx &c, Outcome &o) {
        const std::string job = idleJob(c, "nightly_report.py");
        const int sh = c.startOrphan(
            {"/bin/sh", "-c", std::string(kPython) + " " + job + "; echo finished >> " + c.dir() + "/report.log"});
        const int work
            = c.waitFor([&](const Proc &p) { return p.ppid == sh && contains(p.cmdline(), "nightly_report.py"); });
        if (sh < 0 || work < 0)
            return o.fail("sh -c did not run the job");
        c.adopt(work);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("sh -c", sh, Expect::WrapperKeep, {}, work);
        o.expect("the job under sh -c", work, Expect::LeftBehind);
    });

// A tmux pane running `command` (through an interactive bash, as a person types it); returns the
// pid of the process the command became (a child of the pane's shell), or of the shell itself.
int inTmuxPane(
    Ctx &c, Outcome &o, const std::string &command, const std::function<bool(const Proc &)> &which, const Env &env = {})
{
    if (!c.tmuxStart("bash --norc", env)) {
        o.fail("tmux did not start");
        return -1;
    }
    const int pane = c.tmuxPanePid();
    if (command.empty())
        return pane;
    c.tmuxSend(command);
    const int pid = c.waitFor([&](const Proc &p) { return p.ppid == pane && which(p); }, 15000);
    if (pid < 0)
        o.fail("'" + command + "' did not start in the pane");
    else // the shell of a live pane a person runs a command in: in use (corpus label, no check)
        o.label("the pane's shell", pane, "useful");
    return pid;
}

const Register tmuxIdleShell("tmux-idle-shell-days", "an idle bash in a tmux pane, untouched for 3 days",
    "the shell: in use", [](Ctx &c, Outcome &o) {
        const int sh = inTmuxPane(c, o, "", {});
        if (sh < 0)
            return;
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 3 * kDay));
        o.expect("idle bash in tmux", sh, Expect::InUse);
    });

const Register tmuxLongJob("tmux-long-job",
    "a long job in a tmux pane (a migration waiting on its batches, polling every 10 s), 5 h in", "the job: in use",
    [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/db/migrate_orders.py",
            "import os, time\n"
            "batch = 0\n"
            "while True:\n"
            "    batch += 1\n"
            "    print(f'batch {batch}: waiting for the replica to catch up', flush=True)\n"
            "    time.sleep(10)\n");
        const int job = inTmuxPane(c, o, "cd " + c.dir() + "/db && " + kPython + " migrate_orders.py",
            [](const Proc &p) { return contains(p.cmdline(), "migrate_orders.py"); });
        if (job < 0)
            return;
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("migration in tmux", job, Expect::InUse);
    });

const Register tmuxSsh("tmux-ssh-session",
    "a Python REPL in a tmux pane of a session started over ssh (SSH_CONNECTION), idle 4 h", "the REPL: in use",
    [](Ctx &c, Outcome &o) {
        const int repl = inTmuxPane(c, o, std::string(kPython) + " -q",
            [](const Proc &p) { return p.comm.rfind("python", 0) == 0; },
            {{"SSH_CONNECTION", "203.0.113.7 51234 10.0.0.5 22"}, {"SSH_CLIENT", "203.0.113.7 51234 22"},
                {"SSH_TTY", "/dev/pts/9"}});
        if (repl < 0)
            return;
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 4 * kHour));
        o.expect("python REPL over ssh", repl, Expect::InUse);
    });

const Register shellInTerminal("shell-in-terminal",
    "an interactive bash on a terminal window's pty (the window open, idle for 8 h)", "the shell: in use",
    [](Ctx &c, Outcome &o) {
        int term = -1;
        const int sh = startInTerminal(c, {"bash", "--norc", "-i"}, term);
        if (sh < 0)
            return o.fail("the terminal did not start bash");
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 8 * kHour));
        o.expect("interactive bash", sh, Expect::InUse);
        o.label("the terminal window", term, "useful"); // corpus label
    });

const Register editorIdle(
    "vi-idle-in-terminal", "vi notes.md open in a tmux pane, idle for 5 h", "vi: in use", [](Ctx &c, Outcome &o) {
        if (::access("/usr/bin/vi", X_OK) != 0)
            return o.fail("/usr/bin/vi is missing (packaging/install-deps.sh installs vim-tiny)");
        c.writeFile(c.dir() + "/notes/notes.md", "# release checklist\n- tag\n- announce\n");
        const int vi = inTmuxPane(c, o, "cd " + c.dir() + "/notes && vi notes.md",
            [](const Proc &p) { return contains(p.cmdline(), "notes.md"); });
        if (vi < 0)
            return;
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 5 * kHour));
        o.expect("vi", vi, Expect::InUse);
    });

const Register nodeRepl(
    "node-repl-in-terminal", "a node REPL in a tmux pane, idle for 2 h", "the REPL: in use", [](Ctx &c, Outcome &o) {
        const int node = inTmuxPane(c, o, "node", [](const Proc &p) { return p.comm == "node"; });
        if (node < 0)
            return;
        c.sleepMs(800);
        o.result = c.replay(c.capture(0.3, 2 * kHour));
        o.expect("node REPL", node, Expect::InUse);
    });

const Register spinForeground("spin-in-foreground-terminal",
    "a CPU-bound Python computation in the foreground of a terminal window, 2 h of work",
    "the computation: in use (not kill)", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/sim/simulate.py",
            "import hashlib\nh = hashlib.sha256()\nwhile True:\n    h.update(b'step' * 1024)\n");
        int term = -1;
        const int job = startInTerminal(c, {kPython, c.dir() + "/sim/simulate.py"}, term);
        if (job < 0)
            return o.fail("the terminal did not start the computation");
        c.sleepMs(500);
        const auto pair = c.capture(0.5, 2 * kHour);
        c.addCpuSeconds(pair, job, 2 * kHour * 0.97);
        o.result = c.replay(pair);
        o.expect("foreground computation", job, Expect::InUse);
        o.label("the terminal window", term, "useful"); // corpus label
    });

// A make build of two busy compile steps (15 min each) in `dir`, for make -j2.
void writeTwoStepBuild(Ctx &c, const std::string &dir)
{
    c.writeFile(dir + "/compile_unit.py",
        "import hashlib, sys, time\nh = hashlib.sha256()\nend = time.time() + 900\n"
        "while time.time() < end:\n    h.update(sys.argv[1].encode() * 512)\n");
    c.writeFile(dir + "/Makefile", std::string("all: a.o b.o\n%.o:\n\t") + kPython + " compile_unit.py $@\n");
}

// The two compile jobs under `make`, once both run (fewer after 10 s).
std::vector<int> compileJobsOf(Ctx &c, int make)
{
    return c.waitForAll(
        [&](const Proc &p) { return descendsFrom(p.pid, make) && contains(p.cmdline(), "compile_unit.py"); }, 2, 10000);
}

const Register makeBuild("make-build-in-tmux", "make -j2 in a tmux pane building (two busy compile steps), 20 min in",
    "make and its jobs: in use", [](Ctx &c, Outcome &o) {
        writeTwoStepBuild(c, c.dir() + "/build");
        const int make
            = inTmuxPane(c, o, "cd " + c.dir() + "/build && make -j2", [](const Proc &p) { return p.comm == "make"; });
        if (make < 0)
            return;
        const auto jobs = compileJobsOf(c, make);
        if (jobs.size() < 2)
            return o.fail("make did not start two jobs");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.5, 20 * kMinute));
        o.expect("make", make, Expect::InUse);
        for (int j : jobs)
            o.expect("compile job", j, Expect::InUse);
    });

// A CI script started in the background by a launcher that exited at once: the process group's
// leader is gone, but the build under the script runs on (the run's owner is its topmost runner,
// whose parent lives), not "a run that has ended".
const Register ciScriptBackgrounded("ci-script-backgrounded",
    "( sh ci.sh & ) from a launcher that exited: the script's make -j2 building (two busy compile steps), 45 min in",
    "make and its jobs: in use", [](Ctx &c, Outcome &o) {
        const std::string build = c.dir() + "/ci";
        writeTwoStepBuild(c, build);
        c.writeFile(build + "/ci.sh", "#!/bin/sh\nmake -j2\necho built\n");
        if (c.start({"/bin/sh", "-c", "cd " + build + " && ( /bin/sh ci.sh > ci.log 2>&1 & )"}) < 0)
            return o.fail("the launcher did not start");
        const int make
            = c.waitFor([&](const Proc &p) { return p.comm == "make" && contains(p.cmdline(), "make -j2"); });
        if (make < 0)
            return o.fail("ci.sh did not start make");
        const auto jobs = compileJobsOf(c, make);
        if (jobs.size() < 2)
            return o.fail("make did not start two jobs");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.5, 45 * kMinute));
        o.expect("make", make, Expect::InUse);
        for (int j : jobs)
            o.expect("compile job", j, Expect::InUse);
    });

const Register watchInTmux("watch-in-tmux", "watch -n 5 'ls -l /var/backups' in a tmux pane for 2 days",
    "watch: in use", [](Ctx &c, Outcome &o) {
        const int w
            = inTmuxPane(c, o, "watch -n 5 'ls -l /var/backups'", [](const Proc &p) { return p.comm == "watch"; });
        if (w < 0)
            return;
        c.sleepMs(500);
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("watch", w, Expect::InUse);
    });

const Register tailInTmux(
    "tail-f-in-tmux", "tail -f app.log in a tmux pane, followed for a day", "tail -f: in use", [](Ctx &c, Outcome &o) {
        c.writeFile(c.dir() + "/logs/app.log", "started\n");
        const int t
            = inTmuxPane(c, o, "tail -f " + c.dir() + "/logs/app.log", [](const Proc &p) { return p.comm == "tail"; });
        if (t < 0)
            return;
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("tail -f in tmux", t, Expect::InUse);
    });

const Register otherUserShell("other-user-shell-in-terminal",
    "another user's (nobody, uid 65534) bash in a tmux pane, idle for a day", "their shell: in use",
    [](Ctx &c, Outcome &o) {
        if (!c.tmuxStart("setpriv --reuid=65534 --regid=65534 --clear-groups bash --norc"))
            return o.fail("tmux did not start");
        const int sh = c.tmuxPanePid();
        if (!c.waitUntil([&] { return processInfo(sh).comm == "bash"; }, 5000))
            return o.fail("setpriv did not start bash as nobody");
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, kDay));
        o.expect("nobody's bash", sh, Expect::InUse);
    });

const Register otherUserOrphan("other-user-idle-orphan",
    "another user's (nobody) idle Python sync agent, its shell gone, 2 days old",
    "their orphan: left behind (a candidate, ranked)", [](Ctx &c, Outcome &o) {
        const int pid = c.startOrphan({"setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", kPython, "-c",
            "import time\n# photo sync agent: waits for a share that was unmounted\nwhile True: time.sleep(3600)\n"});
        if (pid < 0 || !c.waitUntil([&] { return processInfo(pid).comm.rfind("python", 0) == 0; }, 5000))
            return o.fail("the orphan did not start as nobody");
        o.result = c.replay(c.capture(0.3, 2 * kDay));
        o.expect("nobody's idle orphan", pid, Expect::LeftBehind);
    });

} // namespace
} // namespace ptriage::scenarios
