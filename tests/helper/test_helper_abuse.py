#!/usr/bin/python3
"""The helper under attack, on a private system bus with the real polkitd and a throwaway user.

usage: test_helper_abuse.py HELPER SOURCE_DIR   (root; exits 77 to skip otherwise)

Each case prints its figures. Cases: a silent polkit agent plus a flood of requests while root is
served; six ~28 MiB requests while root is served; the bus daemon and polkitd as targets; polkit
details read by a rule that allows only the user's own processes; a group the user made in its own
delegated subtree where the helper would make the dedicated one; a grant of the undo action only;
every request in the system log.
"""
import fcntl
import json
import os
import pwd
import queue
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HELPER, SOURCE = sys.argv[1], sys.argv[2]
CLIENT = os.path.join(SOURCE, "tests/helper/abuse_client.py")
POLICY = os.path.join(SOURCE, "packaging/polkit/org.ptriage.helper.policy")
BUS_POLICY = os.path.join(SOURCE, "packaging/dbus/org.ptriage.helper.conf")
ACTIONS_DIR, RULES_DIR = "/usr/share/polkit-1/actions", "/etc/polkit-1/rules.d"
MARKER = "<!-- ptriage test copy: removed when the test ends -->"
failures = []


def check(ok, what):
    print(("ok    " if ok else "FAIL  ") + what, flush=True)
    if not ok:
        failures.append(what)


def boot_id():
    return open("/proc/sys/kernel/random/boot_id").read().strip()


def start_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[19])


def identity(pid):
    return f"{boot_id()}:{start_ticks(pid)}:{pid}"


def state_of(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def rss_kb(pid, field="VmRSS"):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


SINK = r"""
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("bound", flush=True)
with open(sys.argv[2], "ab", buffering=0) as out:
    while True:
        out.write(s.recv(65536).replace(b"\n", b" ") + b"\n")
"""


class SyslogSink:
    """A log daemon of our own, in a process of its own (so that it can be stopped like a real one): a
    process it wraps gets it as /dev/log in its own mount namespace. The helper has one the test stops;
    polkitd one that always reads, as a machine's log daemon would: sharing the helper's, it hung
    while that was stopped. A machine without /dev/log gets an empty file there for the mounts,
    removed at the end."""

    def __init__(self, directory, name):
        self.placeholder = not os.path.lexists("/dev/log")
        if self.placeholder:
            open("/dev/log", "x").close()
        self.path = os.path.join(directory, name)
        self.file = os.path.join(directory, name + ".lines")
        self.proc = subprocess.Popen(["/usr/bin/python3", "-c", SINK, self.path, self.file], stdout=subprocess.PIPE,
                                     text=True)
        self.proc.stdout.readline()
        os.chmod(self.path, 0o666)

    @property
    def lines(self):
        try:
            return open(self.file, errors="replace").read().splitlines()
        except OSError:
            return []

    def wrap(self, argv):
        return ["unshare", "-m", "--propagation", "private", "sh", "-c",
                f'mount --bind "{self.path}" /dev/log && exec "$0" "$@"'] + argv

    def close(self):
        self.proc.kill()
        self.proc.wait()
        if os.path.exists(self.path):
            os.unlink(self.path)
        if self.placeholder and os.path.isfile("/dev/log") and os.path.getsize("/dev/log") == 0:
            os.unlink("/dev/log")


class World:
    def __init__(self):
        self.user = self.rules = self.sink = self.polkit_sink = self.lock = None
        self.own_policy = False
        self.procs, self.tmp = [], tempfile.mkdtemp(prefix="ptriage-abuse-")
        os.chmod(self.tmp, 0o755)
        self.lock = os.open(RULES_DIR, os.O_RDONLY)
        fcntl.flock(self.lock, fcntl.LOCK_EX)  # the same lock as tests/support/PolkitFiles
        self.user = "ptriage-e2e-" + "".join(random.choice("abcdefghijkmnpqrstuvwxyz") for _ in range(8))
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", self.user],
                       check=True)
        self.uid = pwd.getpwnam(self.user).pw_uid
        self.rules = os.path.join(RULES_DIR, f"90-{self.user}.rules")
        self.policy = os.path.join(ACTIONS_DIR, os.path.basename(POLICY))
        self.own_policy = not os.path.exists(self.policy) or MARKER in open(self.policy).read()
        if self.own_policy:
            text = open(POLICY).read()
            text = text.replace("\n", "\n" + MARKER + "\n", 1)
            with open(self.policy + ".tmp", "w") as f:
                f.write(text)
            os.chmod(self.policy + ".tmp", 0o644)
            os.rename(self.policy + ".tmp", self.policy)
        # The checkout may sit where the throwaway user cannot reach (a 0700 home): it runs a copy.
        self.client = os.path.join(self.tmp, "abuse_client.py")
        shutil.copy(CLIENT, self.client)
        os.chmod(self.client, 0o755)
        self.socket = os.path.join(self.tmp, "bus")
        self.address = "unix:path=" + self.socket
        conf = os.path.join(self.tmp, "bus.conf")
        with open(conf, "w") as f:  # the stock system bus policy, as tests/support/PrivateSystemBus writes it
            f.write(f"""<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <auth>EXTERNAL</auth>
  <listen>{self.address}</listen>
  <policy context="default">
    <allow user="*"/>
    <deny own="*"/>
    <deny send_type="method_call"/>
    <allow send_type="signal"/>
    <allow send_requested_reply="true" send_type="method_return"/>
    <allow send_requested_reply="true" send_type="error"/>
    <allow receive_type="method_call"/>
    <allow receive_type="method_return"/>
    <allow receive_type="error"/>
    <allow receive_type="signal"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Introspectable"/>
    <allow send_destination="org.freedesktop.DBus" send_interface="org.freedesktop.DBus.Properties"/>
  </policy>
  <includedir>/usr/share/dbus-1/system.d</includedir>
  <includedir>/etc/dbus-1/system.d</includedir>
  <include>{BUS_POLICY}</include>
</busconfig>
""")
        self.env = dict(os.environ, DBUS_SYSTEM_BUS_ADDRESS=self.address)
        self.bus = self.spawn(["dbus-daemon", "--config-file=" + conf, "--nofork", "--nopidfile"], "dbus-daemon")
        self.wait_for(lambda: os.path.exists(self.socket), "the bus socket")
        os.chmod(self.tmp, 0o755)
        self.sink = SyslogSink(self.tmp, "log")
        self.polkit_sink = SyslogSink(self.tmp, "polkit-log")
        self.polkit = None
        self.restart_polkit()
        self.helper = None

    def spawn(self, argv, log, **kw):
        out = open(os.path.join(self.tmp, log + ".log"), "ab")
        p = subprocess.Popen(argv, env=kw.pop("env", self.env), stdout=out, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, preexec_fn=lambda: __import__("ctypes").CDLL(None).prctl(1, 15),
                             **kw)
        self.procs.append(p)
        return p

    def log(self, name):
        try:
            return open(os.path.join(self.tmp, name + ".log"), errors="replace").read()
        except OSError:
            return ""

    def wait_for(self, cond, what, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if cond():
                return True
            time.sleep(0.05)
        raise RuntimeError(f"timed out waiting for {what}")

    def owner_pid(self, name):
        r = subprocess.run(["busctl", "--address=" + self.address, "call", "org.freedesktop.DBus",
                            "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetConnectionUnixProcessID", "s", name],
                           capture_output=True, text=True)
        return int(r.stdout.split()[1]) if r.returncode == 0 else 0

    def stop(self, p):
        if p and p.poll() is None:
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()

    def restart_polkit(self):
        self.stop(self.polkit)
        self.polkit = self.spawn(self.polkit_sink.wrap(["/usr/lib/polkit-1/polkitd"]), "polkitd")
        self.wait_for(lambda: self.owner_pid("org.freedesktop.PolicyKit1") == self.polkit.pid, "polkitd")

    def start_helper(self, idle=0):
        self.stop(self.helper)
        env = dict(self.env, ASAN_OPTIONS="quarantine_size_mb=0:detect_leaks=0")
        self.helper = self.spawn(self.sink.wrap([HELPER, "--idle-exit", str(idle)]), "ptriage-helper", env=env)
        self.wait_for(lambda: self.owner_pid("org.ptriage.helper") > 0, "the helper")
        self.helper_pid = self.owner_pid("org.ptriage.helper")

    def rule(self, js):
        if js:
            with open(self.rules + ".tmp", "w") as f:
                f.write(js)
            os.chmod(self.rules + ".tmp", 0o644)
            os.rename(self.rules + ".tmp", self.rules)
        elif os.path.exists(self.rules):
            os.unlink(self.rules)
        self.restart_polkit()

    def as_user(self, argv, **kw):
        env = ["DBUS_SYSTEM_BUS_ADDRESS=" + self.address, "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "SYSTEMD_LOG_LEVEL=debug"]
        return ["runuser", "-u", self.user, "--", "env", "-i"] + env + argv

    def execute(self, user, dict_args, timeout=60):
        """busctl Execute; returns (seconds, error name or None, stdout)."""
        argv = ["busctl", "--address=" + self.address, "--timeout=%d" % timeout, "--", "call", "org.ptriage.helper",
                "/org/ptriage/helper", "org.ptriage.helper", "Execute"] + dict_args
        if user:
            argv = self.as_user(argv)
        t0 = time.monotonic()
        r = subprocess.run(argv, capture_output=True, text=True, env=dict(self.env, SYSTEMD_LOG_LEVEL="debug"))
        m = re.search(r"Got message type=error .* error-name=(\S+)", r.stderr)
        return time.monotonic() - t0, (m.group(1) if m else (None if r.returncode == 0 else "exit")), r.stdout

    def close(self):
        for p in reversed(self.procs):
            self.stop(p)
        for sink in (self.polkit_sink, self.sink):
            if sink:
                sink.close()
        if self.rules and os.path.exists(self.rules):
            os.unlink(self.rules)
        if self.own_policy and os.path.exists(self.policy):
            os.unlink(self.policy)
        if self.user:
            subprocess.run(["userdel", self.user], capture_output=True)
        shutil.rmtree(self.tmp, ignore_errors=True)
        if self.lock is not None:
            os.close(self.lock)


def signal_request(signal_name, *targets):
    return ["a{sv}", "3", "verb", "s", "signal", "signal", "s", signal_name, "targets", "as", str(len(targets))] + list(
        targets)


def sleeper(user=None, seconds="300"):
    argv = ["sleep", seconds] if user is None else ["runuser", "-u", user, "--", "sleep", seconds]
    p = subprocess.Popen(argv)
    if user is not None:  # runuser forks: the sleep is its child
        time.sleep(0.3)
        kids = open(f"/proc/{p.pid}/task/{p.pid}/children").read().split()
        return p, int(kids[0]) if kids else p.pid
    return p, p.pid


def stall_case(w):
    print("\n== a silent polkit agent and 40 requests over 3 connections, while root is served", flush=True)
    w.rule(f'polkit.addRule(function(a, s) {{ if (a.id.indexOf("org.ptriage.helper.") == 0 && s.user == "{w.user}") '
           'return polkit.Result.AUTH_ADMIN; });')
    w.start_helper(idle=8)
    target, tpid = sleeper()
    client = subprocess.Popen(w.as_user(["/usr/bin/python3", w.client, "stall", "3", "40", identity(tpid)]),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    events = queue.Queue()
    threading.Thread(target=lambda: [events.put(json.loads(l)) for l in client.stdout], daemon=True).start()
    busy = begun = other = 0
    deadline = time.time() + 60
    while time.time() < deadline and (busy < 32 or begun < 8):
        try:
            e = events.get(timeout=1)
        except queue.Empty:
            continue
        if e["event"] == "reply":
            if e["error"] == "org.ptriage.helper.Error.Busy":
                busy += 1
            else:
                other += 1
        elif e["event"] == "agent_begin":
            begun += 1
            message = e["message"]
    check(busy == 32, f"32 of 40 refused as busy before polkit was asked (busy {busy}, other replies {other})")
    check(begun == 8, f"the silent agent was asked 8 times (asked {begun})")
    check("send the signal TERM to 'sleep 300'" in (message if begun else ""),
          f"the dialog names what and whom: {message if begun else '-'!r}")
    served = []
    for _ in range(3):
        victim, vpid = sleeper()
        seconds, error, _ = w.execute(False, signal_request("KILL", identity(vpid)))
        victim.wait(10)
        served.append(seconds)
        check(error is None and victim.returncode == -9, f"root served while 8 checks wait: {seconds * 1000:.0f} ms")
    check(max(served) < 5, f"root's longest wait {max(served) * 1000:.0f} ms (< 5 s)")
    time.sleep(1)
    check(state_of(tpid) in "SR", "the attacker's target is untouched")
    client.stdin.write("leave\n")
    client.stdin.flush()
    client.wait(30)
    w.wait_for(lambda: sum("caller left the bus" in l for l in w.sink.lines) >= 8, "8 checks called off", 20)
    check(True, "the 8 waiting checks were called off when the attacker left the bus")
    try:
        w.helper.wait(20)
        check(True, f"then the helper exited idle (exit {w.helper.returncode})")
    except subprocess.TimeoutExpired:
        check(False, "the helper exited idle after the attacker left")
    target.kill()
    target.wait()


def flood_case(w):
    print("\n== six large requests (~28 MiB, 4 MiB under ASan) over 3 connections, while root is served", flush=True)
    w.rule("")
    w.start_helper(idle=0)
    before = rss_kb(w.helper_pid)
    # Under AddressSanitizer every realloc copies, and sd-bus grows its read buffer by realloc on each
    # read from the socket: receiving is then quadratic in the message's size (30 s for 28 MiB, against
    # 0.1 s of CPU in a normal build), so the sanitized run floods with 4 MiB requests.
    sanitized = b"libasan" in subprocess.run(["ldd", HELPER], capture_output=True).stdout
    mib = "4" if sanitized else "28"
    client = subprocess.Popen(w.as_user(["/usr/bin/python3", w.client, "flood", "3", "6", mib]), stdout=subprocess.PIPE,
                              text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append(json.loads(l)) for l in client.stdout], daemon=True).start()
    w.wait_for(lambda: any(e["event"] == "sent" for e in lines), "the flood to be sent", 300)
    served = []
    for _ in range(3):
        victim, vpid = sleeper()
        seconds, error, _ = w.execute(False, signal_request("KILL", identity(vpid)))
        try:
            victim.wait(10)
        except subprocess.TimeoutExpired:
            victim.kill()
            victim.wait()
        served.append(seconds)
        check(error is None and victim.returncode == -9,
              f"root served during the flood: {seconds * 1000:.0f} ms ({error or 'killed'})")
    client.wait(300)
    replies = [e for e in lines if e["event"] == "reply"]
    invalid = sum(e["error"] == "org.ptriage.helper.Error.InvalidRequest" for e in replies)
    sent = next(e for e in lines if e["event"] == "sent")
    check(invalid == 6, f"6 of 6 refused as invalid ({mib} MiB, {sent['identities']} identities each): "
          f"{[e.get('message', '')[:60] for e in replies[:1]]}")
    after, peak = rss_kb(w.helper_pid), rss_kb(w.helper_pid, "VmHWM")
    print(f"      helper RSS {before / 1024:.1f} MB before, {after / 1024:.1f} MB after, peak {peak / 1024:.1f} MB"
          f"{' (AddressSanitizer build)' if sanitized else ''}", flush=True)
    check(after - before < 16 * 1024, "RSS back within 16 MB of where it was")
    if not sanitized:
        check(peak < 64 * 1024, "peak below 64 MB (a message is never unpacked whole, none waits in memory for "
              "another's credentials)")
    seconds, error, _ = w.execute(False, signal_request("CONT", identity(os.getpid())))
    check(w.helper.poll() is None and error is None, "the helper still answers after the flood")


def machinery_case(w):
    print("\n== the bus daemon and polkitd as targets, as root", flush=True)
    for name, pid in (("polkitd", w.polkit.pid), ("dbus-daemon", w.bus.pid)):
        for sig in ("TERM", "KILL", "STOP"):
            _, error, out = w.execute(False, signal_request(sig, identity(pid)))
            check(error is None and '"refused"' in out and state_of(pid) in "SR",
                  f"{sig} to {name} refused: {re.findall(r'depend on', out)[:1]}")
    _, error, out = w.execute(False, signal_request("CONT", identity(w.polkit.pid)))
    check(error is None and '"done"' in out, "CONT (an undo) to polkitd is done")


def bounds_case(w):
    print("\n== bounds checked while reading (as the user, before polkit)", flush=True)
    logged_before = len(w.sink.lines)
    many = ["a{sv}", "17"] + sum((["k%d" % i, "s", "x"] for i in range(17)), [])
    _, error, _ = w.execute(True, many)
    check(error == "org.ptriage.helper.Error.InvalidRequest", f"17 fields refused ({error})")
    _, error, _ = w.execute(True, ["a{sv}", "1", "verb", "s", "x" * 5000])
    check(error == "org.ptriage.helper.Error.InvalidRequest", f"a 5,000-byte string refused ({error})")
    _, error, _ = w.execute(True, ["a{sv}", "1", "verb", "(ss)", "a", "b"])
    check(error == "org.ptriage.helper.Error.InvalidRequest", f"a structure refused ({error})")
    # The log arrives on its own: wait for this case's three lines, not the ones of a case before.
    def reasons_now():
        return [l for l in w.sink.lines[logged_before:] if "refused:" in l and "invalid request" in l]
    deadline = time.monotonic() + 10
    while len(reasons_now()) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    reasons = reasons_now()[-3:]
    check(len(reasons) == 3 and "more than 16 fields" in reasons[0] and "longer than 4096" in reasons[1],
          "each with its reason in the log: " + " | ".join(r.split("invalid request: ", 1)[-1][:45] for r in reasons))


def details_case(w):
    print("\n== a rule reads the details: the user may signal its own processes only", flush=True)
    w.rule(f'polkit.addRule(function(a, s) {{ if (a.id == "org.ptriage.helper.signal" && s.user == "{w.user}") {{'
           ' polkit.log("ptriage-test: " + a.lookup("action") + " " + a.lookup("target"));'
           f' return a.lookup("target_user") == "{w.user}" ? polkit.Result.YES : polkit.Result.NO; }} }});')
    w.start_helper(idle=0)
    own, own_pid = sleeper(w.user)
    root, root_pid = sleeper()
    _, error, _ = w.execute(True, signal_request("TERM", identity(root_pid)))
    check(error == "org.ptriage.helper.Error.NotAuthorized" and state_of(root_pid) in "SR",
          f"TERM to root's sleep refused by the rule ({error})")
    _, error, _ = w.execute(True, signal_request("TERM", identity(own_pid), identity(root_pid)))
    check(error == "org.ptriage.helper.Error.NotAuthorized" and state_of(own_pid) in "SR",
          "both together: all or nothing, its own sleep untouched too")
    _, error, out = w.execute(True, signal_request("TERM", identity(own_pid)))
    own.wait(10)
    check(error is None and '"done"' in out, f"TERM to its own sleep allowed by the rule ({error})")
    logged = [l for l in w.log("polkitd").splitlines() if "ptriage-test:" in l]
    check(any(f"send the signal TERM to 'sleep 300' (PID {own_pid}, user {w.user})" in l for l in logged),
          f"polkit saw: {logged[-1].split('ptriage-test: ')[-1] if logged else '-'}")
    root.kill()
    root.wait()


def cgroup2_root():
    for line in open("/proc/self/mountinfo"):
        left, _, right = line.partition(" - ")
        if right.split()[0] == "cgroup2":
            return left.split()[4]
    return None


def cgroup2_path(pid):
    for line in open(f"/proc/{pid}/cgroup"):
        if line.startswith("0::"):
            return line[3:].strip()
    return None


def precreated_case(w):
    print("\n== a user pre-creates the group the helper would make, in a subtree delegated to it", flush=True)
    root = cgroup2_root()
    if not root:
        print("      skipped: no cgroup2 hierarchy is mounted (the helper freezes with the v1 freezer here)")
        return
    w.rule(f'polkit.addRule(function(a, s) {{ if (a.id == "org.ptriage.helper.freeze" && s.user == "{w.user}") '
           'return polkit.Result.YES; });')
    w.start_helper(idle=0)
    delegated = os.path.join(root, "ptriage-abuse-" + w.user)
    os.mkdir(delegated)
    target = tpid = None
    try:
        for name in ("", "cgroup.procs", "cgroup.threads", "cgroup.subtree_control"):  # the kernel's delegation
            os.chown(os.path.join(delegated, name), w.uid, -1)
        target, tpid = sleeper(w.user)
        with open(os.path.join(delegated, "cgroup.procs"), "w") as f:
            f.write(str(tpid))
        home = cgroup2_path(tpid)
        trap = os.path.join(delegated, f"ptriage-{tpid}-{start_ticks(tpid)}")
        made = subprocess.run(w.as_user(["mkdir", trap]), capture_output=True, text=True)
        check(made.returncode == 0 and os.stat(trap).st_uid == w.uid,
              f"the user made {os.path.basename(trap)} in its own subtree {made.stderr.strip()}")
        request = ["a{sv}", "2", "verb", "s", "freeze", "targets", "as", "1", identity(tpid)]
        _, error, out = w.execute(True, request)
        why = re.findall(r'[^"]*already exists[^"]*', out)
        check(error is None and '"refused"' in out and bool(why),
              f"the freeze is refused, not done in the user's group: {why[:1]} ({error or 'replied'})")
        time.sleep(0.3)
        check(state_of(tpid) in "SR" and cgroup2_path(tpid) == home,
              f"the process runs where it was ({cgroup2_path(tpid)}, state {state_of(tpid)})")
        check(os.path.isdir(trap) and os.stat(trap).st_uid == w.uid, "the user's group is left as it was")
        check(any("already exists" in l for l in w.sink.lines),
              "and the refusal is in the log")
    finally:
        if target:
            target.kill()  # runuser, and the sleep it started
            target.wait()
        if tpid:
            try:
                os.kill(tpid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        deadline = time.time() + 10
        for d in (os.path.join(delegated, n) for n in os.listdir(delegated)) if os.path.isdir(delegated) else []:
            if os.path.isdir(d):
                while time.time() < deadline:
                    try:
                        os.rmdir(d)
                        break
                    except OSError:
                        time.sleep(0.1)
        while os.path.isdir(delegated) and time.time() < deadline:
            try:
                os.rmdir(delegated)
            except OSError:
                time.sleep(0.1)


def undo_case(w):
    print("\n== granted only the undo action", flush=True)
    w.rule(f'polkit.addRule(function(a, s) {{ if (a.id == "org.ptriage.helper.undo" && s.user == "{w.user}") '
           'return polkit.Result.YES; });')
    target, tpid = sleeper()
    os.kill(tpid, signal.SIGSTOP)  # stopped, but not by the helper: its undo is nobody's to grant
    w.wait_for(lambda: state_of(tpid) == "T", "the stop")
    _, error, _ = w.execute(True, signal_request("CONT", identity(tpid)))
    time.sleep(0.3)
    check(error == "org.ptriage.helper.Error.NotAuthorized" and state_of(tpid) == "T",
          f"the user cannot resume a root process the helper did not stop ({error})")
    os.kill(tpid, signal.SIGCONT)
    _, error, _ = w.execute(False, signal_request("STOP", identity(tpid)))  # root, through the helper
    w.wait_for(lambda: state_of(tpid) == "T", "the stop")
    _, error, out = w.execute(True, signal_request("CONT", identity(tpid)))
    w.wait_for(lambda: state_of(tpid) in "SR", "the resume", 5)
    check(error is None and '"done"' in out, "the user resumes a root process the helper stopped")
    _, error, _ = w.execute(True, signal_request("STOP", identity(tpid)))
    time.sleep(0.3)
    check(error == "org.ptriage.helper.Error.NotAuthorized" and state_of(tpid) in "SR",
          f"and cannot stop it ({error})")
    target.kill()
    target.wait()


def owner_sleepers(count, first_uid=61000):
    """Sleepers of `count` different users (uids with no account: polkit and the helper only need the number)."""
    out = []
    for i in range(count):
        uid = first_uid + i
        p = subprocess.Popen(["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", "sleep", "300"])
        out.append(p)
    time.sleep(0.3)
    return out


def fanout_case(w):
    print("\n== a silent agent and requests naming many owners (one polkit check each), while root is served",
          flush=True)
    w.rule(f'polkit.addRule(function(a, s) {{ if (a.id.indexOf("org.ptriage.helper.") == 0 && s.user == "{w.user}") '
           'return polkit.Result.AUTH_ADMIN; });')
    w.start_helper(idle=0)
    owners = owner_sleepers(16)
    ids = [identity(p.pid) for p in owners]

    def attack(targets, replies, checks):
        """8 requests naming `targets` from one user; waits for `replies` replies and `checks` dialogs."""
        client = subprocess.Popen(w.as_user(["/usr/bin/python3", w.client, "stall", "2", "8"] + targets),
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        events = queue.Queue()
        threading.Thread(target=lambda: [events.put(json.loads(l)) for l in client.stdout], daemon=True).start()
        errors, begun = [], 0
        deadline = time.time() + 20
        while time.time() < deadline and (len(errors) < replies or begun < checks):
            try:
                e = events.get(timeout=1)
            except queue.Empty:
                continue
            if e["event"] == "reply":
                errors.append(e["error"])
            elif e["event"] == "agent_begin":
                begun += 1
        return client, errors, begun

    def root_served(when):
        served = []
        for _ in range(5):
            victim, vpid = sleeper()
            _, error, _ = w.execute(False, signal_request("KILL", identity(vpid)), timeout=20)
            try:
                victim.wait(10)
            except subprocess.TimeoutExpired:
                victim.kill()
                victim.wait()
            served.append(error is None and victim.returncode == -9)
        check(all(served), f"root served {sum(served)} of 5 times {when}")

    wide, errors, begun = attack(ids, 8, 0)
    invalid = errors.count("org.ptriage.helper.Error.InvalidRequest")
    check(invalid == 8 and begun == 0,
          f"8 requests naming 16 owners each refused before polkit ({invalid} of {len(errors)} replies; "
          f"{begun} checks begun)")
    root_served("after 8 requests of 16 owners")
    narrow, errors, begun = attack(ids[:8], 7, 8)
    busy = errors.count("org.ptriage.helper.Error.Busy")
    check(busy == 7 and begun == 8, f"8 requests of 8 owners each: 1 admitted (8 checks, the user's budget), 7 busy "
          f"(busy {busy}, checks begun {begun})")
    root_served("while 8 checks wait")
    for c in (wide, narrow):
        c.stdin.write("leave\n")
        c.stdin.flush()
        c.wait(30)
    for p in owners:
        p.kill()
        p.wait()


def fds_case(w):
    print("\n== a request carrying a unix file descriptor", flush=True)
    w.rule("")
    w.start_helper(idle=0)
    before = len(os.listdir(f"/proc/{w.helper_pid}/fd"))
    target, tpid = sleeper()
    r = subprocess.run(w.as_user(["/usr/bin/python3", w.client, "fds", identity(tpid)]), capture_output=True,
                       text=True, timeout=60)
    replies = [json.loads(l) for l in r.stdout.splitlines() if l.startswith("{")]
    error = replies[0].get("error") if replies else None
    check(bool(error) and not error.startswith("org.ptriage.helper."),
          f"refused by the bus, never delivered to the helper ({error}: {replies[0].get('message', '')[:70] if replies else r.stderr[-200:]})")
    check(len(os.listdir(f"/proc/{w.helper_pid}/fd")) == before and state_of(tpid) in "SR",
          "the helper holds no more descriptors than before, the target is untouched")
    target.kill()
    target.wait()


def log_stopped_case(w):
    print("\n== the log daemon stopped, while requests keep coming", flush=True)
    w.rule("")
    w.start_helper(idle=0)
    os.kill(w.sink.proc.pid, signal.SIGSTOP)
    try:
        flood = subprocess.run(["/usr/bin/python3", CLIENT, "invalid", "1500"], capture_output=True, text=True,
                               timeout=120, env=w.env)
        answered = sum(1 for l in flood.stdout.splitlines() if '"reply"' in l)
        check(answered == 1500, f"1,500 requests answered while the log is stopped ({answered}) {flood.stderr[-300:]}")
    except subprocess.TimeoutExpired as e:
        answered = sum(1 for l in (e.stdout or b"").decode().splitlines() if '"reply"' in l)
        check(False, f"1,500 requests answered while the log is stopped: {answered} within 120 s")
    try:
        victim, vpid = sleeper()
        seconds, error, _ = w.execute(False, signal_request("KILL", identity(vpid)), timeout=20)
        try:
            victim.wait(10)
        except subprocess.TimeoutExpired:
            victim.kill()
            victim.wait()
        check(error is None and victim.returncode == -9 and seconds < 2,
              f"root served while the log is stopped: {seconds * 1000:.0f} ms ({error or 'killed'})")
    finally:
        os.kill(w.sink.proc.pid, signal.SIGCONT)
    w.execute(False, signal_request("CONT", identity(os.getpid())))
    try:
        w.wait_for(lambda: any("audit line(s) were dropped" in l for l in w.sink.lines), "the dropped count", 10)
        dropped = [l for l in w.sink.lines if "were dropped" in l][-1]
        check(True, "once the log reads again, the helper says how many lines it dropped: "
              + dropped.split(": ", 1)[-1][:70])
    except RuntimeError:
        check(False, "once the log reads again, the helper says how many lines it dropped")
    # Last: with an old helper the KILL would take the sink away.
    for sig in ("STOP", "KILL"):
        _, error, out = w.execute(False, signal_request(sig, identity(w.sink.proc.pid)))
        check(error is None and '"refused"' in out and "system log daemon" in out,
              f"{sig} to the log daemon refused, even for root: {re.findall(r'is the system log daemon', out)[:1]}")
        if sig == "STOP" and state_of(w.sink.proc.pid) == "T":
            os.kill(w.sink.proc.pid, signal.SIGCONT)


def log_case(w):
    print("\n== the system log", flush=True)
    lines = w.sink.lines
    counts = {k: sum(f" {k}: " in l for l in lines) for k in ("asked", "refused", "result")}
    print(f"      {counts}", flush=True)
    check(counts["refused"] >= 32 + 8 + 6, "every busy, called-off and invalid request is in the log")
    check(any("result:" in l and "status=done" in l and "user root" in l for l in lines),
          "results name the target's command and owner")
    check(any("asked:" in l and f"uid={w.uid}" in l for l in lines), "requests name the caller's uid and pid")


def main():
    if os.geteuid() != 0:
        print("needs root (a private system bus with polkitd, polkit files, a throwaway user)")
        return 77
    for tool in ("dbus-daemon", "/usr/lib/polkit-1/polkitd", "runuser", "useradd", "busctl", "unshare"):
        if not shutil.which(tool):
            print(f"{tool} is missing")
            return 77
    w = World.__new__(World)
    try:
        w.__init__()
        for case in (stall_case, flood_case, machinery_case, bounds_case, details_case, precreated_case, undo_case,
                     log_case, fanout_case, fds_case, log_stopped_case):
            try:
                case(w)
            except Exception as e:  # one broken case must not hide the others
                check(False, f"{case.__name__}: {e!r}")
        if failures:
            print("\n--- helper log ---\n" + w.log("ptriage-helper")[-3000:])
    except Exception as e:
        check(False, f"setting up: {e!r}")
        print("\n--- logs ---\n" + "".join(w.log(n)[-2000:] for n in ("dbus-daemon", "polkitd", "ptriage-helper")))
    finally:
        w.close()
    print(f"\n{len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
