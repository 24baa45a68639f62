// Who started what is left behind: a crashed coding-agent session and a live one, a closed tmux
// session and a live one, an editor whose pid went to a newer process, two worktrees of one
// repository. Each checks the group, its owner's liveness, the group's End plan and what it leaves out.
#include "Harness.h"

#include "decide/groups/GroupPlan.h"
#include "support/PidTaking.h"

#include <chrono>
#include <csignal>
#include <fstream>
#include <thread>
#include <unistd.h>

namespace ptriage::scenarios {
namespace {

using origins::OriginKind;
using origins::OwnerState;

const char *const kSession = "5f0c2a9e-7b1d-4e38-9a61-2c4d8e0f1b37";

// A coding agent's stand-in: like Claude Code it sets CLAUDECODE and CLAUDE_CODE_SESSION_ID for its
// tools only (not in its own environment) and starts an MCP-style stdio server on a pipe it holds, a
// shell and a dev server; then it waits for the person. The MCP server has the common bug: at the end
// of its input it keeps running.
void writeAgent(Ctx &c)
{
    c.writeFile(c.dir() + "/agent/mcp_server.py",
        "import sys, time\n"
        "for line in sys.stdin:\n    pass\n"
        "while True:\n    time.sleep(3600)\n");
    c.writeFile(c.dir() + "/agent/agent.py",
        "import os, subprocess, sys, time\n"
        "env = dict(os.environ, CLAUDECODE='1', CLAUDE_CODE_ENTRYPOINT='cli', CLAUDE_CODE_SESSION_ID=sys.argv[1])\n"
        "here = os.path.dirname(os.path.abspath(__file__))\n"
        "mcp = subprocess.Popen([sys.executable, here + '/mcp_server.py'], stdin=subprocess.PIPE, env=env)\n"
        "subprocess.Popen(['/bin/bash', '-c', 'while true; do sleep 3600; done'], env=env)\n"
        "subprocess.Popen([sys.executable, '-m', 'http.server', '0', '--bind', '127.0.0.1'], env=env,\n"
        "                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "if os.path.exists(here + '/api.py'):  # a server, when the scenario wants one\n"
        "    subprocess.Popen([sys.executable, here + '/api.py', here + '/port'], env=env)\n"
        "open(here + '/ready', 'w').close()\n"
        "while True:\n    time.sleep(3600)\n");
}

struct Agent {
    int harness = -1;
    int mcp = -1;
    int shell = -1;
    int server = -1;
};

Agent startAgent(Ctx &c, Outcome &o)
{
    writeAgent(c);
    Agent a;
    a.harness = c.start({kPython, c.dir() + "/agent/agent.py", kSession});
    auto child = [&](const std::string &what) {
        return c.waitFor([&](const Proc &p) { return p.ppid == a.harness && contains(p.cmdline(), what); });
    };
    a.mcp = child("mcp_server.py");
    a.shell = child("while true");
    a.server = child("http.server");
    if (a.harness <= 0 || a.mcp <= 0 || a.shell <= 0 || a.server <= 0)
        o.fail("the agent stand-in did not start its three tools");
    for (int pid : {a.mcp, a.shell, a.server})
        c.adopt(pid);
    return a;
}

const ProcessOrigin *originOf(const Outcome &o, int pid)
{
    const int i = o.result ? test::indexOfPid(*o.result, pid) : -1;
    return i < 0 ? nullptr : &o.result->process(i).origin();
}

// The group `pid` is in, and its End plan.
GroupPlan planOf(const Outcome &o, int pid)
{
    const int i = test::indexOfPid(*o.result, pid);
    return i < 0 ? GroupPlan{} : planGroupEnd(*o.result, o.result->groupOf[static_cast<std::size_t>(i)]);
}

bool ends(const Outcome &o, const GroupPlan &plan, int pid)
{
    for (int i : plan.end)
        if (o.result->identityOf(i).pid == pid)
            return true;
    return false;
}

bool leavesOut(const Outcome &o, const GroupPlan &plan, int pid)
{
    for (const auto &[i, why] : plan.leftOut)
        if (o.result->identityOf(i).pid == pid)
            return !why.empty();
    return false;
}

void requireSameGroup(Outcome &o, const std::vector<int> &pids, const std::string &what)
{
    const ProcessOrigin *first = originOf(o, pids.front());
    bool same = first != nullptr;
    for (int pid : pids) {
        const ProcessOrigin *other = originOf(o, pid);
        same = same && other && other->key == first->key;
    }
    o.require(same, what + " are one group");
}

const Register agentCrashed("agent-session-crashed",
    "a Claude Code session is SIGKILLed; its MCP server, shell and dev server stay (3 h later)",
    "one group: the Claude Code session, ended; the MCP server left behind and in the group's End",
    [](Ctx &c, Outcome &o) {
        const Agent a = startAgent(c, o);
        if (!o.setupError.empty())
            return;
        c.killNow(a.harness);
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 3 * kHour));
        const ProcessOrigin *mcp = originOf(o, a.mcp);
        o.require(mcp && mcp->kind == OriginKind::Agent && mcp->tool == "Claude Code" && mcp->sessionId == kSession,
            "the MCP server's origin is the Claude Code session " + std::string(kSession));
        o.require(mcp && mcp->owner == OwnerState::Gone, "the session's owner is gone");
        requireSameGroup(o, {a.mcp, a.shell, a.server}, "the MCP server, the shell and the dev server");
        const GroupPlan plan = planOf(o, a.mcp);
        o.require(ends(o, plan, a.mcp), "the group's End ends the MCP server");
        o.require(plan.end.size() + plan.leftOut.size() >= 4, "the plan names every member (the shell's sleep too)");
        o.expect("MCP server", a.mcp, Expect::LeftBehindKill);
        // The crashed session's other tools are left behind as much as its MCP server (corpus labels).
        o.label("the session's shell", a.shell, "abandoned");
        o.label("the session's dev server", a.server, "abandoned");
    });

const Register agentAlive("agent-session-alive",
    "a Claude Code session still runs (40 min in); its MCP server waits on its pipe",
    "one group, owner alive (the agent's pid); the MCP server in use, nothing in the group's End",
    [](Ctx &c, Outcome &o) {
        const Agent a = startAgent(c, o);
        if (!o.setupError.empty())
            return;
        c.adopt(a.harness);
        o.result = c.replay(c.capture(0.3, 40 * kMinute));
        const ProcessOrigin *mcp = originOf(o, a.mcp);
        o.require(mcp && mcp->owner == OwnerState::Alive && mcp->ownerPid == a.harness,
            "the session's owner is alive: the agent itself");
        requireSameGroup(o, {a.mcp, a.shell, a.server}, "the three tools");
        o.require(leavesOut(o, planOf(o, a.mcp), a.mcp), "the group's End leaves the MCP server out, with a reason");
        o.expect("MCP server", a.mcp, Expect::InUse);
        // The live session and its other tools are in use (corpus labels).
        o.label("the agent", a.harness, "useful");
        o.label("the session's shell", a.shell, "useful");
        o.label("the session's dev server", a.server, "useful");
    });

const Register agentServerInUse("agent-crashed-server-with-client",
    "a Claude Code session crashed (2 h ago); the API server it started still serves a person's client",
    "the server: in use, left out of the group's End; the session's idle MCP server: in it", [](Ctx &c, Outcome &o) {
        // The agent starts one more tool: a server on a port, which a person's client then uses.
        c.writeFile(c.dir() + "/agent/api.py",
            "import os, socket, sys\n"
            "s = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\n"
            "open(sys.argv[1] + '.tmp', 'w').write(str(s.getsockname()[1]))\n"
            "os.rename(sys.argv[1] + '.tmp', sys.argv[1])\n"
            "conns = []\nwhile True:\n    c, _ = s.accept()\n    conns.append(c)\n");
        const Agent a = startAgent(c, o);
        if (!o.setupError.empty())
            return;
        const std::string portFile = c.dir() + "/agent/port";
        std::string port;
        c.waitUntil([&] {
            std::ifstream in(portFile);
            return static_cast<bool>(std::getline(in, port)) && !port.empty();
        });
        const int api
            = c.waitFor([&](const Proc &p) { return p.ppid == a.harness && contains(p.cmdline(), "api.py"); });
        if (api <= 0 || port.empty())
            return o.fail("the API server did not start");
        c.adopt(api);
        const int client = c.start({kPython, "-c",
            "import socket, time\nc = socket.create_connection(('127.0.0.1', " + port + "))\ntime.sleep(3600)\n"});
        c.sleepMs(500);
        c.killNow(a.harness);
        c.sleepMs(300);
        o.result = c.replay(c.capture(0.3, 2 * kHour));
        requireSameGroup(o, {a.mcp, api}, "the MCP server and the API server");
        const ProcessOrigin *origin = originOf(o, api);
        o.require(origin && origins::ownerGone(origin->owner), "the session's owner is gone");
        const GroupPlan plan = planOf(o, api);
        o.require(leavesOut(o, plan, api), "the group's End leaves the served API server out, with a reason");
        o.require(ends(o, plan, a.mcp), "the group's End ends the idle MCP server");
        o.expect("API server with a client", api, Expect::InUse);
        o.expect("client", client, Expect::InUse);
    });

std::string tmuxJob(Ctx &c)
{
    const std::string job = c.dir() + "/jobs/watch_assets.py";
    c.writeFile(job,
        "import time\n# rebuilds the assets when they change; nobody looks any more\n"
        "while True:\n    time.sleep(3600)\n");
    return job;
}

int startJobInTmux(Ctx &c, Outcome &o, const std::string &job)
{
    if (!c.tmuxStart("bash --norc")) {
        o.fail("tmux did not start");
        return -1;
    }
    c.tmuxSend("nohup " + std::string(kPython) + " " + job + " >/dev/null 2>&1 &");
    const int pid = c.waitFor([&](const Proc &p) { return contains(p.cmdline(), job) && p.comm != "bash"; });
    if (pid <= 0)
        o.fail("the job did not start in the pane");
    else
        c.adopt(pid);
    return pid;
}

const Register tmuxClosed("tmux-session-closed-origin",
    "a watcher was started with nohup in a tmux session; the tmux server was killed (6 h later)",
    "its origin: that tmux session, ended; in the group's End", [](Ctx &c, Outcome &o) {
        const int job = startJobInTmux(c, o, tmuxJob(c));
        if (job <= 0)
            return;
        c.tmuxKillServer();
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        const ProcessOrigin *origin = originOf(o, job);
        o.require(
            origin && origin->kind == OriginKind::Terminal && origin->tool == "tmux", "its origin is the tmux session");
        o.require(origin && origins::ownerGone(origin->owner), "the tmux server is gone");
        o.require(ends(o, planOf(o, job), job), "the group's End ends it");
        o.expect("watcher", job, Expect::LeftBehind);
    });

const Register tmuxLive("tmux-session-live-origin", "the same watcher in a tmux session that is still open (6 h later)",
    "its origin: the tmux session, alive (the server's pid); not in the group's End", [](Ctx &c, Outcome &o) {
        const int job = startJobInTmux(c, o, tmuxJob(c));
        if (job <= 0)
            return;
        const int pane = c.tmuxPanePid();
        const int server = processInfo(pane).ppid;
        o.result = c.replay(c.capture(0.3, 6 * kHour));
        const ProcessOrigin *origin = originOf(o, job);
        o.require(origin && origin->owner == OwnerState::Alive && origin->ownerPid == server,
            "the tmux server is its owner, alive");
        requireSameGroup(o, {job, pane}, "the watcher and the pane's shell");
        o.require(leavesOut(o, planOf(o, job), job), "the group's End leaves it out, with a reason");
        o.expect("pane shell", pane, Expect::InUse);
        o.label("the watcher in the open session", job, "useful"); // corpus label
    });

// A newer process with `pid`: a sleeper started through ns_last_pid, or whatever else on the machine
// won the pid (it too started after the pid was freed); -1 when the pid stays free.
int takePid(Ctx &c, int pid)
{
    for (int attempt = 0; attempt < 100; ++attempt) {
        const int got = test::spawnWithPid(pid, [&] { return c.start({"/bin/sleep", "3600"}); });
        if (got == pid)
            return got;
        c.killNow(got);
        if (::kill(pid, 0) == 0 && !test::hasEnded(pid))
            return pid; // another fork took it: as good a newcomer, if it lives through the capture
    }
    return -1;
}

const Register editorPidReused("editor-pid-reused",
    "a task started from a VS Code window (VSCODE_PID) outlives it; the window's pid goes to a newer process",
    "its owner: ended (the pid now belongs to a newer process), a group of its own; in the group's End",
    [](Ctx &c, Outcome &o) {
        if (::access("/proc/sys/kernel/ns_last_pid", W_OK) != 0)
            return o.fail("/proc/sys/kernel/ns_last_pid is not writable (the suite runs as root)");
        const int editor = c.start({"/bin/sleep", "3600"});
        const std::string task = c.dir() + "/jobs/tsc_watch.py";
        c.writeFile(task, "import time\n# tsc --watch stand-in\nwhile True:\n    time.sleep(3600)\n");
        const int pid
            = c.startOrphan({kPython, task}, {{"VSCODE_PID", std::to_string(editor)}, {"TERM_PROGRAM", "vscode"}});
        c.killNow(editor);
        // A pid comes back after a wrap, long after; start times have 10 ms ticks, and one sharing the
        // task's tick is rightly not called newer (an owner is kept when unsure).
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        const int newcomer = takePid(c, editor);
        if (pid <= 0 || newcomer <= 0)
            return o.fail("could not give the editor's pid to a newer process");
        o.result = c.replay(c.capture(0.3, 2 * kHour));
        const ProcessOrigin *origin = originOf(o, pid);
        o.require(origin && origin->kind == OriginKind::Editor && origin->owner == OwnerState::Reused,
            "the VS Code window is seen as ended, not as the newer process");
        const ProcessOrigin *other = originOf(o, newcomer);
        o.require(origin && other && origin->key != other->key, "the newcomer is not in its group");
        o.require(ends(o, planOf(o, pid), pid), "the group's End ends the task");
        o.expect("task", pid, Expect::LeftBehind);
    });

const Register worktrees("two-worktrees-one-repository",
    "dev servers left in two worktrees of one repository (api and its worktree fix-auth)",
    "each names its project: api and api@fix-auth", [](Ctx &c, Outcome &o) {
        const std::string repo = c.dir() + "/api";
        const std::string tree = c.dir() + "/api-fix-auth";
        if (!c.shell("mkdir -p " + repo + " && cd " + repo
                + " && git init -q && git -c user.email=t@t -c user.name=t "
                  "commit -q --allow-empty -m init && git worktree add -q -b fix-auth "
                + tree))
            return o.fail("git could not make the repository and its worktree");
        const std::string server = c.dir() + "/jobs/serve.py";
        c.writeFile(server, "import time\nwhile True:\n    time.sleep(3600)\n");
        const int main = c.startOrphan({kPython, server}, {}, repo);
        const int fix = c.startOrphan({kPython, server}, {}, tree + "/");
        if (main <= 0 || fix <= 0)
            return o.fail("the servers did not start");
        // Projects come from the live file system (a capture's paths belong to another machine).
        o.result = test::live(test::defaultModel(), 0.0);
        const ProcessOrigin *a = originOf(o, main);
        const ProcessOrigin *b = originOf(o, fix);
        o.require(a && a->projectLabel == "api" && a->project == repo, "the main work tree is the project api");
        o.require(
            b && b->projectLabel == "api@fix-auth" && b->project == tree, "the worktree is the project api@fix-auth");
    });

} // namespace
} // namespace ptriage::scenarios
