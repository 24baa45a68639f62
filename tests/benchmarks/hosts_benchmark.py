#!/usr/bin/env python3
"""scan --host on several hosts over loopback ssh: scan-to-table time, and each host's cost.

A real sshd on 127.0.0.1 (tests/support/loopback_sshd.py) reached under N aliases, each "host" this
machine with at least P processes (idle sleepers are started to make up the count). The shared
connections are warmed first (ControlMaster), as a person's second scan finds them. Then, R times:
  - `ptriage scan --host h1 … hN --json` (all hosts at once): the goal is ≤ 1.5 s at 8 × 500;
  - `ptriage scan --json` here, with no ssh: one host's collection and judgement;
  - `ssh h1 true` over the warm connection: what ssh alone costs per round trip.
Prints medians, the load, each host's own time (from the JSON) and the ratios. Root (sshd).
With --simulated, each host answers with one evidence collected here beforehand (a script that prints
it, as a host whose own cores do the collecting would): what this machine pays for a fleet, ssh and
judging, without 50 collections on its own 2 cores (goal at 50 × 500: ≤ 4 s).
  tests/benchmarks/hosts_benchmark.py [--hosts 8] [--processes 500] [--runs 5] [--simulated] [--ptriage build-bench/app/ptriage]
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import loopback_sshd  # noqa: E402


def process_count():
    return sum(1 for name in os.listdir("/proc") if name.isdigit())


def busy_seconds():
    """CPU seconds the whole machine has been busy (all cores), from /proc/stat."""
    with open("/proc/stat") as f:
        v = list(map(int, f.readline().split()[1:]))
    return (sum(v) - v[3] - v[4]) / os.sysconf("SC_CLK_TCK")


def timed(argv, env):
    started = time.monotonic()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # Its CPU and that of the children it waited for (the ssh clients).
    r.cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return time.monotonic() - started, r


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hosts", type=int, default=8)
    parser.add_argument("--processes", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ptriage", default="build-bench/app/ptriage")
    parser.add_argument("--simulated", action="store_true")
    args = parser.parse_args()
    if not loopback_sshd.available():
        print("skipped: needs /usr/sbin/sshd (openssh-server) and root")
        return 77
    ptriage = os.path.abspath(args.ptriage)
    sleepers = [subprocess.Popen(["sleep", "3600"]) for _ in range(max(0, args.processes - process_count()))]
    aliases = [f"host{i + 1}" for i in range(args.hosts)]
    command = ptriage
    if args.simulated:
        folder = tempfile.mkdtemp(prefix="hosts-bench-")
        with open(os.path.join(folder, "evidence.json"), "w") as f:
            subprocess.run([ptriage, "evidence"], stdout=f, check=True)
        command = os.path.join(folder, "serve-evidence")
        with open(command, "w") as f:
            f.write(f"#!/bin/sh\nexec cat {folder}/evidence.json\n")
        os.chmod(command, 0o755)
    server = loopback_sshd.LoopbackSshd(aliases, [f"{a} {command}" for a in aliases])
    try:
        env = server.env
        hosts = [a for alias in aliases for a in ("--host", alias)]
        warm, r = timed([ptriage, "scan", *hosts, "--json"], env)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            return 1
        print(f"{args.hosts} hosts × {process_count()} processes (this machine under {args.hosts} aliases), "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; first scan (connections made) {warm:.2f} s")
        all_hosts, local, ssh_only, per_host, ours, machine = [], [], [], [], [], []
        for _ in range(args.runs):
            busy = busy_seconds()
            t, r = timed([ptriage, "scan", *hosts, "--json"], env)
            machine.append(busy_seconds() - busy)
            ours.append(r.cpu)
            doc = json.loads(r.stdout)
            assert all("scan" in h for h in doc["hosts"]), r.stdout[-500:]
            all_hosts.append(t)
            per_host += [h["seconds"] for h in doc["hosts"]]
            local.append(timed([ptriage, "scan", "--json"], env)[0])
            ssh_only.append(timed(["ssh", "-F", f"{server.dir}/ssh_config", "-o", "BatchMode=yes", "-o",
                                   "ControlMaster=auto", "-o", f"ControlPath={server.dir}/runtime/ptriage-ssh/%C",
                                   aliases[0], "true"], env)[0])
        m, lo, s = statistics.median(all_hosts), statistics.median(local), statistics.median(ssh_only)
        goal = 4.0 if args.hosts > 8 else 1.5
        print(f"scan --host ×{args.hosts}{' (simulated hosts)' if args.simulated else ''}, scan to table: median "
              f"{m:.3f} s (min {min(all_hosts):.3f}, max {max(all_hosts):.3f}) — goal ≤ {goal} s: "
              f"{'met' if m <= goal else 'NOT met'}")
        print(f"  each host, ssh start to last byte: median {statistics.median(per_host):.3f} s "
              f"(max {max(per_host):.3f})")
        print(f"  CPU: ptriage and its ssh clients {statistics.median(ours):.2f} s of the "
              f"{statistics.median(machine):.2f} s this machine spent in it (the rest: the hosts' own sshd "
              f"sessions, shells and answers, and the shared connections, on the same {os.cpu_count()} cores)")
        print(f"  scan --json here, no ssh: median {lo:.3f} s; ssh true over the warm connection: median {s:.3f} s")
        print(f"  = {m / lo:.2f}× one local scan for {args.hosts} hosts ({m / lo / args.hosts:.2f}× per host), "
              f"load {os.getloadavg()[0]:.2f}")
        return 0
    finally:
        server.close()
        for p in sleepers:
            p.kill()
            p.wait()


if __name__ == "__main__":
    sys.exit(main())
