#!/usr/bin/env python3
"""scan --host on several hosts over loopback ssh: scan-to-table time, and each host's cost.

A real sshd on 127.0.0.1 (tests/support/loopback_sshd.py) reached under N aliases, each "host" this
machine with at least P processes (idle sleepers are started to make up the count). The shared
connections are warmed first (ControlMaster), as a person's second scan finds them. Then, R times:
  - `ptriage scan --host h1 … hN --json` (all hosts at once): the goal is ≤ 1.5 s at 8 × 500;
  - `ptriage scan --json` here, with no ssh: one host's collection and judgement;
  - `ssh h1 true` over the warm connection: what ssh alone costs per round trip.
Prints medians, the load, each host's own time (from the JSON) and the ratios. Root (sshd).
  tests/benchmarks/hosts_benchmark.py [--hosts 8] [--processes 500] [--runs 5] [--ptriage build-bench/app/ptriage]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import loopback_sshd  # noqa: E402


def process_count():
    return sum(1 for name in os.listdir("/proc") if name.isdigit())


def timed(argv, env):
    started = time.monotonic()
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    return time.monotonic() - started, r


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--hosts", type=int, default=8)
    parser.add_argument("--processes", type=int, default=500)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--ptriage", default="build-bench/app/ptriage")
    args = parser.parse_args()
    if not loopback_sshd.available():
        print("skipped: needs /usr/sbin/sshd (openssh-server) and root")
        return 77
    ptriage = os.path.abspath(args.ptriage)
    sleepers = [subprocess.Popen(["sleep", "3600"]) for _ in range(max(0, args.processes - process_count()))]
    aliases = [f"host{i + 1}" for i in range(args.hosts)]
    server = loopback_sshd.LoopbackSshd(aliases, [f"{a} {ptriage}" for a in aliases])
    try:
        env = server.env
        hosts = [a for alias in aliases for a in ("--host", alias)]
        warm, r = timed([ptriage, "scan", *hosts, "--json"], env)
        if r.returncode != 0:
            print(r.stdout[-2000:], r.stderr[-2000:])
            return 1
        print(f"{args.hosts} hosts × {process_count()} processes (this machine under {args.hosts} aliases), "
              f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}; first scan (connections made) {warm:.2f} s")
        all_hosts, local, ssh_only, per_host = [], [], [], []
        for _ in range(args.runs):
            t, r = timed([ptriage, "scan", *hosts, "--json"], env)
            doc = json.loads(r.stdout)
            assert all("scan" in h for h in doc["hosts"]), r.stdout[-500:]
            all_hosts.append(t)
            per_host += [h["seconds"] for h in doc["hosts"]]
            local.append(timed([ptriage, "scan", "--json"], env)[0])
            ssh_only.append(timed(["ssh", "-F", f"{server.dir}/ssh_config", "-o", "BatchMode=yes", "-o",
                                   "ControlMaster=auto", "-o", f"ControlPath={server.dir}/runtime/ptriage-ssh/%C",
                                   aliases[0], "true"], env)[0])
        m, lo, s = statistics.median(all_hosts), statistics.median(local), statistics.median(ssh_only)
        print(f"scan --host ×{args.hosts}, scan to table: median {m:.3f} s (min {min(all_hosts):.3f}, "
              f"max {max(all_hosts):.3f}) — goal ≤ 1.5 s: {'met' if m <= 1.5 else 'NOT met'}")
        print(f"  each host, ssh start to last byte: median {statistics.median(per_host):.3f} s "
              f"(max {max(per_host):.3f})")
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
