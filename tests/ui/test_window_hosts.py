#!/usr/bin/python3
"""The window on other machines (tst_window_hosts) against a real OpenSSH server on loopback.

Starts Debian's sshd (tests/support/loopback_sshd.py) with the hosts alpha (this machine's server),
beta (a server in PID and mount namespaces of its own, where /proc says another boot id) and dead (a
closed port); leaves two idle processes behind on beta, the way a closed terminal does; then runs the
QtTest executable given as the argument with the hosts file and PTRIAGE_SSH_COMMAND of that server.
Exit 77 (skipped) without sshd or root.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import loopback_sshd  # noqa: E402

BETA_BOOT = "0b0e7a00-1111-4222-8333-555555555555"


def main():
    test, ptriage = sys.argv[1], sys.argv[2]
    if not loopback_sshd.available():
        print("skipped: needs /usr/sbin/sshd and root")
        return 77
    server = loopback_sshd.LoopbackSshd(["alpha"], [f"alpha {ptriage}", f"beta {ptriage}", f"dead {ptriage}"],
                                        machines={"beta": BETA_BOOT})
    try:
        left = []
        for _ in range(2):
            r = server.ssh("beta", "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!")
            if r.returncode != 0 or not r.stdout.strip().isdigit():
                print("could not leave a process on beta:", r.stderr)
                return 1
            left.append(r.stdout.strip())
        env = dict(server.env, PTRIAGE_TEST_BETA_BOOT=BETA_BOOT, PTRIAGE_TEST_BETA_IDLE=left[0],
                   PTRIAGE_TEST_BETA_GONE=left[1], QT_QPA_PLATFORM="offscreen")
        return subprocess.run([test], env=env, timeout=280).returncode
    finally:
        server.ssh("beta", "pkill -KILL -x sleep")
        server.close()


if __name__ == "__main__":
    sys.exit(main())
