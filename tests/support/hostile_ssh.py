#!/usr/bin/python3
"""A hostile host without a network: PTRIAGE_SSH_COMMAND for tests (issue 64).

Receives ssh's arguments (the destination after "--", the remote command last, shell-quoted), logs
them one line each to $HOSTILE_DIR/argv, and answers from files of $HOSTILE_DIR, as a host whose
ptriage was replaced by a script would:
  evidence        `ptriage evidence`: the bytes of $HOSTILE_DIR/evidence-HOST; "flood:N" in it
                  instead: N MiB of tiny JSON strings
  act-mode-HOST   how `ptriage act … --json` answers (all claim success):
                  done      each asked target done, undoable
                  liar-verb the asked targets, as an "end" whatever was asked
                  foreign   the last target replaced by a process not asked for
                  twice     the first target answered twice (and the second not)
                  escapes   done, with a message of newlines and terminal escapes
Exit 255 (as ssh does) for a host with no evidence file.
"""
import json
import os
import shlex
import sys

ESC = "\x1b"


def outcome(target, message="done", undoable=True):
    return {"target": target, "status": "done", "message": message, "via_helper": False,
            "journal_id": 7, "undoable": undoable}


def act_reply(words, mode):
    verb = words[1]
    undoing = verb == "undo"
    targets = [w for w in words[2:] if w.count(":") == 2]
    if undoing:
        targets = targets or ["00000000-0000-4000-8000-000000000000:1:1"]
    said_verb = "end" if mode == "liar-verb" else ("pause" if undoing else verb)
    if mode == "foreign":
        outcomes = [outcome(t) for t in targets[:-1]] + [outcome(targets[-1].rsplit(":", 1)[0] + ":4242")]
    elif mode == "twice":
        outcomes = [outcome(targets[0]), outcome(targets[0])]
    elif mode == "escapes":
        outcomes = [outcome(t, f"done\nptriage: all processes were ended {ESC}]0;pwned\a{ESC}[2J") for t in targets]
    else:
        outcomes = [outcome(t) for t in targets]
    return {"schema": "ptriage.act.v1", "verb": said_verb, "undoing": undoing, "outcomes": outcomes}


def main():
    args = sys.argv[1:]
    state = os.environ["HOSTILE_DIR"]
    with open(os.path.join(state, "argv"), "a") as log:
        log.write(json.dumps(args) + "\n")
    host = args[args.index("--") + 1]
    words = shlex.split(args[-1])[1:]  # after the remote ptriage's own path
    evidence = os.path.join(state, "evidence-" + host)
    if not os.path.exists(evidence):
        sys.stderr.write(f"ssh: connect to host {host} port 22: Connection refused\n")
        return 255
    if words[:1] == ["evidence"]:
        with open(evidence, "rb") as f:
            data = f.read()
        if data.startswith(b"flood:"):
            chunk = b'"a",' * (1 << 18)  # 1 MiB
            sys.stdout.buffer.write(b'{"schema":"ptriage.evidence.v1","processes":[')
            try:
                for _ in range(int(data[6:])):
                    sys.stdout.buffer.write(chunk)
                sys.stdout.buffer.write(b'"a"]}')
            except BrokenPipeError:
                return 141
            return 0
        sys.stdout.buffer.write(data)
        return 0
    if words[:1] == ["act"]:
        with open(os.path.join(state, "act-mode-" + host)) as f:
            mode = f.read().strip()
        print(json.dumps(act_reply(words, mode)))
        return 0
    sys.stderr.write("hostile_ssh: unknown command " + " ".join(words) + "\n")
    return 2


if __name__ == "__main__":
    sys.exit(main())
