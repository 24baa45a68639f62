#!/usr/bin/env python3
"""Who held the cores while the window stalled.

Runs gui_responsiveness under `perf record` of every context switch and waking on the machine and,
for each timer tick later than 16 ms that the benchmark reports, says how long the GUI thread ran,
how long it waited for a core, and which tasks ran meanwhile: the GUI thread's core first, split into
the window's own threads ("ptriage") and other processes by name.

    sudo tests/benchmarks/stall_attribution.py build/tests/benchmarks/gui_responsiveness [args...]

Needs perf (Debian: linux-perf) and the rights to trace the whole machine. The benchmark runs under
xvfb-run when there is no display. A trace that lost events says so: its figures are then partial.
"""

import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

EVENT = re.compile(r"^\s*(.+?)\s+(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(\w+):\s+(.*)$")
SWITCH = re.compile(r"prev_comm=(.*) prev_pid=(\d+) .*prev_state=(\S+) ==> next_comm=(.*) next_pid=(\d+)")
WAKING = re.compile(r"comm=.* pid=(\d+) prio=\d+ target_cpu=(\d+)")


def run_traced(command, workdir):
    data, out = os.path.join(workdir, "perf.data"), os.path.join(workdir, "bench.out")
    if not os.environ.get("DISPLAY"):
        command = ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"] + command
    if not shutil.which("perf"):
        sys.exit("stall_attribution: needs perf (Debian: linux-perf)")
    with open(out, "w") as sink:
        subprocess.run(["perf", "record", "-q", "-o", data, "-e", "sched:sched_switch", "-e", "sched:sched_waking",
                        "-a", "-k", "CLOCK_MONOTONIC", "-m", "8192", "--"] + command, stdout=sink,
                       stderr=subprocess.STDOUT, check=False)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "comm,pid,tid,cpu,time,event,trace"],
                            capture_output=True, text=True, check=False)
    if script.returncode != 0:  # no trace: no rights to trace the machine, or the benchmark did not start
        sys.exit(f"stall_attribution: no trace ({script.stderr.strip()}); the run said:\n{open(out).read()}")
    stats = subprocess.run(["perf", "report", "-i", data, "--stats"], capture_output=True, text=True, check=False)
    lost = re.search(r"LOST events:\s+(\d+)", stats.stdout)
    return open(out).read(), script.stdout, int(lost.group(1)) if lost else 0


def parse_events(text):
    events = []
    for line in text.splitlines():
        m = EVENT.match(line)
        if m:
            events.append((float(m.group(5)), int(m.group(4)), m.group(6), m.group(7), int(m.group(2)),
                           int(m.group(3))))
    events.sort()
    return events


def attribute(events, gui, ours, start, end):
    """The GUI thread's running and waiting in [start, end], and who ran on each core while it waited."""
    ran = 0.0
    waits = []  # (from, to, cpu it then ran on)
    runnable_since = on_since = queued_on = None
    running = {}  # cpu -> (tid, comm, since)
    segments = []  # (from, to, cpu, tid, comm)
    gaps = 0  # switches away from a task the trace never showed switching in: events the trace lacks
    for t, cpu, kind, trace, _pid, _tid in events:
        if t > end:
            break
        if kind == "sched_switch":
            m = SWITCH.search(trace)
            if not m:
                continue
            prev, state, next_comm, nxt = int(m.group(2)), m.group(3), m.group(4), int(m.group(5))
            if cpu in running:
                segments.append((running[cpu][2], t, cpu, running[cpu][0], running[cpu][1]))
                gaps += t > start and running[cpu][0] != prev
            running[cpu] = (nxt, next_comm, t)
            if prev == gui:
                if on_since is not None and t > start:
                    ran += t - max(on_since, start)
                elif runnable_since is not None and t > start:  # its switch in is missing: waited until about now
                    waits.append((max(runnable_since, start), t, queued_on))
                on_since = None
                runnable_since, queued_on = (t, cpu) if state.startswith("R") else (None, None)
            if nxt == gui:
                if runnable_since is not None and t > start:
                    waits.append((max(runnable_since, start), t, cpu))
                runnable_since, on_since = None, t
        elif kind == "sched_waking":
            m = WAKING.search(trace)
            if m and int(m.group(1)) == gui and runnable_since is None:
                runnable_since, queued_on = t, int(m.group(2))
    if on_since is not None:
        ran += end - max(on_since, start)
    if runnable_since is not None:
        waits.append((max(runnable_since, start), end, queued_on))
    for cpu, (tid, comm, since) in running.items():
        segments.append((since, end, cpu, tid, comm))

    def who(tid, comm):
        return "ptriage" if tid in ours else ("idle" if tid == 0 else comm)

    held = collections.Counter()  # (on the GUI thread's core?, who) -> seconds, while it waited for a core
    everyone = collections.Counter()  # who -> seconds on any core, over the whole stall
    for s, e, cpu, tid, comm in segments:
        if tid != gui and min(end, e) > max(start, s):
            everyone[who(tid, comm)] += min(end, e) - max(start, s)
        for a, b, wait_cpu in waits:
            overlap = min(b, e) - max(a, s)
            if overlap > 0 and tid != gui:
                held[(cpu == wait_cpu, who(tid, comm))] += overlap
    return ran, sum(b - a for a, b, _ in waits), held, everyone, gaps


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as workdir:
        output, script, lost = run_traced(sys.argv[1:], workdir)
    sys.stdout.write(output)
    pid = re.search(r"\(pid (\d+)\)", output)
    stalls = re.search(r"ticks later than 16 ms ended at \(CLOCK_MONOTONIC s: ms late\):(.*)", output)
    if not pid:
        sys.exit("stall_attribution: the benchmark did not print its pid; is it gui_responsiveness?")
    print(f"\nstall attribution (perf sched trace{f', {lost} events LOST: partial' if lost else ''}):")
    if not stalls:
        print("  no tick later than 16 ms")
        return
    gui = int(pid.group(1))
    events = parse_events(script)
    ours = {tid for _t, _c, _k, _tr, p, tid in events if p == gui}
    others_held = 0
    for end_s, late in re.findall(r" ([\d.]+): ([\d.]+);", stalls.group(1)):
        end, late = float(end_s), float(late)
        ran, waited, held, everyone, gaps = attribute(events, gui, ours, end - (late + 5) / 1e3, end)
        on_core = sorted(((v, w) for (mine, w), v in held.items() if mine), reverse=True)
        elsewhere = sorted(((v, w) for (mine, w), v in held.items() if not mine), reverse=True)
        others = sum(v for v, w in on_core if w not in ("ptriage", "idle"))
        others_held += waited > 0 and others > waited / 2
        describe = lambda items: ", ".join(f"{w} {v * 1e3:.1f}" for v, w in items[:4]) or "-"
        asleep = late + 5 - (ran + waited) * 1e3
        print(f"  {late:5.1f} ms late: the GUI thread ran {ran * 1e3:.1f} ms, waited for a core {waited * 1e3:.1f} ms "
              f"(meanwhile on its core: {describe(on_core)}; on the others: {describe(elsewhere)}), slept {asleep:.1f} ms "
              f"(the timer's 5 included); on all cores: {describe(sorted(((v, w) for w, v in everyone.items()), reverse=True))}"
              + (f" (the trace lacks {gaps} switches here: partial)" if gaps else ""))
    print(f"  other processes held the GUI thread's core for most of its wait in {others_held} of "
          f"{len(re.findall(';', stalls.group(1)))} ticks later than 16 ms")


if __name__ == "__main__":
    main()
