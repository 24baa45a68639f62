#!/usr/bin/env python3
"""What a shorter one-shot interval costs: how often periodic workers land in each CPU bin.

Starts real workers that burn B ms of CPU every P ms, then, many times per interval W, reads
each worker's CPU nanoseconds from /proc/PID/schedstat W ms apart (as a one-shot scan's two passes
do) and bins the share with the thresholds of resources/priors.json (idle, trickle, low, busy,
spinning). A window shorter than a worker's period sees its bursts less often (idle more often),
and a burst it does see is a larger share of it.
  tests/benchmarks/interval_accuracy.py [--samples 300] [--windows 50,40,30]
"""
import argparse
import os
import pathlib
import random
import re
import signal
import time

WORKERS = [  # (period ms, busy ms)
    (20, 1.0),
    (40, 5.0),
    (100, 1.0),
    (250, 2.0),
    (1000, 3.0),
]


def thresholds():
    priors = pathlib.Path(__file__).resolve().parents[2] / "resources" / "priors.json"
    text = priors.read_text()
    names = ["idle", "trickle", "low", "busy"]
    values = [float(re.search(r'"cpu_%s_share":\s*([0-9.]+)' % n, text).group(1))
              for n in ["idle", "trickle", "busy", "spinning"]]
    return list(zip(values, names)) + [(float("inf"), "spinning")]


def worker(period_ms, busy_ms):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    due = time.monotonic() + random.random() * period_ms / 1000
    while True:
        now = time.monotonic()
        if now < due:
            time.sleep(due - now)
        end = time.monotonic() + busy_ms / 1000
        while time.monotonic() < end:
            pass
        due += period_ms / 1000


def cpu_ns(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--windows", default="50,40,30")
    args = ap.parse_args()
    windows = [int(w) for w in args.windows.split(",")]
    bins = thresholds()
    pids = []
    for period, busy in WORKERS:
        pid = os.fork()
        if pid == 0:
            worker(period, busy)
        pids.append(pid)
    try:
        time.sleep(1)
        counts = {}
        for _ in range(args.samples):
            for w in random.sample(windows, len(windows)):  # interleaved: load moves all alike
                first = [(cpu_ns(p), time.monotonic()) for p in pids]
                time.sleep(w / 1000)
                second = [(cpu_ns(p), time.monotonic()) for p in pids]
                for i in range(len(pids)):
                    share = (second[i][0] - first[i][0]) / 1e9 / (second[i][1] - first[i][1])
                    name = next(n for t, n in bins if share < t)
                    counts.setdefault((i, w), {}).setdefault(name, 0)
                    counts[(i, w)][name] += 1
            time.sleep(random.random() * 0.05)
    finally:
        for p in pids:
            os.kill(p, signal.SIGKILL)
            os.waitpid(p, 0)
    print(f"interval_accuracy: {args.samples} samples per worker and interval, load {os.getloadavg()[0]:.2f}")
    print("worker (busy / period, share)   interval  " + "  ".join(f"{n:>8s}" for _, n in bins))
    for i, (period, busy) in enumerate(WORKERS):
        for w in windows:
            c = counts[(i, w)]
            label = f"{busy:g} ms / {period} ms ({100 * busy / period:.1f} %)"
            print(f"{label:32s} {w:5d} ms  " + "  ".join(f"{100 * c.get(n, 0) / args.samples:7.0f}%" for _, n in bins))


if __name__ == "__main__":
    main()
