#!/usr/bin/python3
"""The helper under a flood, as the hardening audit ran it: an unprivileged user sends ~28 MiB requests
over 3 connections, round after round, and small requests besides (invalid ones, and valid ones that
polkit refuses), while root asks for a real kill every second. Prints the honest caller's latencies
and failures and the helper's peak RSS. Goals: every honest call served within 2 s, peak RSS ≤ 64 MB.

    sudo tests/benchmarks/helper_flood.py BUILD_DIR [SECONDS]      (root: a private system bus, polkitd)

Uses the attack harness of tests/helper/test_helper_abuse.py (World, the abuse client).
"""
import os
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(os.path.dirname(HERE))


def main():
    if os.geteuid() != 0 or len(sys.argv) < 2:
        print(__doc__)
        return 2
    build, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 120
    sys.argv = [sys.argv[0], os.path.join(build, "helper/ptriage-helper"), SOURCE]
    sys.path.insert(0, os.path.join(SOURCE, "tests/helper"))
    import test_helper_abuse as abuse

    w = abuse.World.__new__(abuse.World)
    w.__init__()
    stop = threading.Event()
    rounds = {"large": 0, "small": 0}
    try:
        w.rule("")
        w.start_helper(idle=0)
        before = abuse.rss_kb(w.helper_pid)
        victim_of_attacker, apid = abuse.sleeper()

        def large():
            while not stop.is_set():
                subprocess.run(w.as_user(["/usr/bin/python3", w.client, "flood", "3", "6", "28"]),
                               capture_output=True, timeout=600)
                rounds["large"] += 1

        def small():
            while not stop.is_set():
                subprocess.run(w.as_user(["/usr/bin/python3", w.client, "invalid", "50"]), capture_output=True,
                               timeout=600)
                subprocess.run(w.as_user(["/usr/bin/python3", w.client, "stall", "2", "6", abuse.identity(apid)]),
                               input="leave\n", capture_output=True, text=True, timeout=600)
                rounds["small"] += 1

        threads = [threading.Thread(target=f, daemon=True) for f in (large, large, small)]
        for t in threads:
            t.start()
        latencies, failures, peak_seen = [], [], 0
        deadline = time.time() + seconds
        while time.time() < deadline:
            victim, vpid = abuse.sleeper()
            took, error, _ = w.execute(False, abuse.signal_request("KILL", abuse.identity(vpid)), timeout=30)
            try:
                victim.wait(5)
            except subprocess.TimeoutExpired:
                victim.kill()
                victim.wait()
            latencies.append(took)
            if error or victim.returncode != -9:
                failures.append(error or "not killed")
            peak_seen = max(peak_seen, abuse.rss_kb(w.helper_pid, "VmHWM"))
            time.sleep(max(0.0, 1.0 - took))
        stop.set()
        for t in threads:
            t.join(600)
        after = abuse.rss_kb(w.helper_pid)
        victim_of_attacker.kill()
        latencies.sort()
        print(f"flood: {seconds:.0f} s, {rounds['large']} rounds of 6 x 28 MiB requests per large thread (2), "
              f"{rounds['small']} rounds of 50 invalid + 6 small valid requests")
        print(f"honest root calls: {len(latencies)}, failed {len(failures)} {failures[:3]}")
        print(f"latency: median {statistics.median(latencies) * 1000:.0f} ms, "
              f"p95 {latencies[int(len(latencies) * 0.95) - 1] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
              f"(goal: max <= 2000 ms)")
        print(f"helper RSS: {before / 1024:.1f} MB before, {after / 1024:.1f} MB after, peak {peak_seen / 1024:.1f} MB "
              f"(goal: peak <= 64 MB)")
        return 0 if not failures and latencies[-1] <= 2 and peak_seen <= 64 * 1024 else 1
    finally:
        stop.set()
        w.close()


if __name__ == "__main__":
    sys.exit(main())
