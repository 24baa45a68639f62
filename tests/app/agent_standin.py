#!/usr/bin/env python3
"""A coding agent's or editor's stand-in, as tests/app/tst_cli_session_end.cpp runs it.

It sets in every child what the tool sets (`env`: Claude Code's CLAUDECODE=1 and
CLAUDE_CODE_SESSION_ID, Codex's CODEX_THREAD_ID, VS Code's VSCODE_PID) and starts, in its project: a
real MCP server from npm on a pipe (as an agent starts its stdio servers), and a dev server its shell
tool put in the background (`python3 -m http.server PORT &`, the shell gone at once). It writes their
pids, waits for the file `go`, then ends its session as Claude Code does: the SessionEnd hook's
command (`hook`, when given) through `sh -c` with the hook's JSON on stdin while the agent still runs,
its output and exit code kept; then it exits. Without `go`, it stays (a live session) until killed.

usage: agent_standin.py CONFIG.json
  {"env": {...}, "project", "mcp": [argv], "port", "pids", "go",
   "hook", "hook_out", "hook_exit"}
"""
import json
import os
import subprocess
import sys
import time


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        cfg = json.load(f)
    env = dict(os.environ, **cfg["env"])
    mcp = subprocess.Popen(cfg["mcp"], cwd=cfg["project"], env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    # The shell tool: the server in the background, the shell gone; its pid through a file.
    pidfile = cfg["pids"] + ".dev"
    subprocess.run(["/bin/sh", "-c",
                    "python3 -m http.server %d --bind 127.0.0.1 >/dev/null 2>&1 & echo $! > %s"
                    % (cfg["port"], pidfile)], cwd=cfg["project"], env=env, check=True)
    with open(pidfile, encoding="utf-8") as f:
        dev = int(f.read().strip())
    with open(cfg["pids"] + ".tmp", "w", encoding="utf-8") as f:
        json.dump({"agent": os.getpid(), "mcp": mcp.pid, "dev": dev}, f)
    os.rename(cfg["pids"] + ".tmp", cfg["pids"])
    while not os.path.exists(cfg["go"]):
        time.sleep(0.05)
    if not cfg.get("hook"):
        return
    hook_input = json.dumps({"session_id": cfg["env"].get("CLAUDE_CODE_SESSION_ID", ""), "transcript_path": "/dev/null",
                             "cwd": cfg["project"], "hook_event_name": "SessionEnd", "reason": "exit"})
    with open(cfg["hook_out"], "wb") as out:
        done = subprocess.run(["/bin/sh", "-c", cfg["hook"]], cwd=cfg["project"], env=env,
                              input=hook_input.encode(), stdout=out, stderr=subprocess.STDOUT,
                              timeout=120)
    with open(cfg["hook_exit"], "w", encoding="utf-8") as f:
        f.write(str(done.returncode))
    # Claude Code exits; what the hook left runs on, adopted by init.


if __name__ == "__main__":
    main()
