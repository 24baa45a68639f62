#!/usr/bin/python3
"""scan --host and hosts against a real OpenSSH server on loopback.

Starts Debian's sshd on a free 127.0.0.1 port with a throwaway host key and client key, and a
client config (the user's own setting: StrictHostKeyChecking yes, the host key known) reached through
PTRIAGE_SSH_COMMAND="ssh -F CONFIG". Hosts:
  alpha    the server, ptriage from the hosts file (this build)
  noexe    the server, the hosts file names a ptriage that is not there
  garbage  the server, the hosts file names /bin/echo (it answers "evidence")
  dead     a closed port (connection refused)
  hang     a port that accepts and never says anything (the timeout)
Real processes are left behind on "alpha" (an idle orphan in a session of its own, a busy loop);
the scan judges them with this machine's model exactly as a local scan of the same evidence does,
every failing host gets one clear line, and the good host is still shown. scan --host --save keeps
each host's scan as a session of that host (a real SQLite file, read back with sqlite3); diff and
accumulation read one machine unless told otherwise; report --host covers several machines.
Exit 77 (skipped) without sshd or root (sshd needs its privilege separation directory).
"""
import argparse
import html
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import loopback_sshd  # noqa: E402

PTRIAGE = None
BETA_BOOT = "0b0e7a00-1111-4222-8333-444444444444"


def state_of(pid):
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def leave_behind():
    """What a person leaves: an idle orphan in a session of its own, and a loop spinning on a core."""
    idle = subprocess.Popen(["sleep", "3600"], start_new_session=True)
    spin = subprocess.Popen(["python3", "-c", "while True: pass"], start_new_session=True)
    return [idle, spin]


class RemoteHosts(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = loopback_sshd.LoopbackSshd(
            ["alpha", "noexe", "garbage"],
            ["# the test's hosts", f"alpha {PTRIAGE}", "noexe /nonexistent/bin/ptriage", "garbage /bin/echo",
             f"beta {PTRIAGE}"],
            machines={"beta": BETA_BOOT})
        cls.left = leave_behind()
        time.sleep(0.5)

    @classmethod
    def tearDownClass(cls):
        for p in cls.left:
            p.kill()
            p.wait()
        cls.server.close()

    def ptriage(self, *args, timeout=120):
        started = time.monotonic()
        r = subprocess.run([PTRIAGE, *args], env=self.server.env, capture_output=True, text=True, timeout=timeout)
        r.seconds = time.monotonic() - started
        return r

    def test_a_host_is_judged_by_the_local_model(self):
        r = self.ptriage("scan", "--host", "alpha", "--json", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["schema"], "ptriage.hosts.v1")
        [host] = doc["hosts"]
        self.assertEqual(host["host"], "alpha")
        self.assertEqual(host["remote_version"], self.ptriage("--version").stdout.split()[1])
        procs = {p["pid"]: p for p in host["scan"]["processes"]}
        idle, spin = self.left
        for p in (idle, spin):
            self.assertIn(p.pid, procs, "a process left on the host is in its scan")
        self.assertEqual(procs[spin.pid]["cpu_share"] > 0.3, True, procs[spin.pid])
        self.assertTrue(procs[spin.pid]["ledger"], "the remote process has its ledger, term by term")
        # The remote's own ptriage (what ssh ran) is never a target.
        evidence_runs = [p for p in procs.values() if p.get("command", "").endswith("ptriage evidence")]
        for p in evidence_runs:
            self.assertFalse(p.get("candidate"), p)

    def test_evidence_is_what_was_collected_one_sample_per_process(self):
        # What scan --host reads: the schema, and each process once (tst_evidence_json checks that it
        # is judged exactly as at home).
        ev = self.ptriage("evidence")
        self.assertEqual(ev.returncode, 0, ev.stderr)
        doc = json.loads(ev.stdout)
        self.assertEqual(doc["schema"], "ptriage.evidence.v1")
        self.assertGreater(len(doc["processes"]), 2)
        starts = {p["start_id"] for p in doc["processes"]}
        self.assertEqual(len(starts), len(doc["processes"]))

    def test_every_failing_host_says_why_in_one_line_and_the_others_are_shown(self):
        r = self.ptriage("scan", "--host", "dead", "--host", "hang", "--host", "noexe", "--host", "garbage",
                                "--host", "alpha", "--timeout", "15s")  # ssh answers in time on a loaded machine
        self.assertEqual(r.returncode, 1, "a host that failed makes the exit 1")
        lines = {}
        for line in r.stdout.splitlines():
            if line.startswith("== "):
                host, _, rest = line[3:].partition(" ")
                lines[host.rstrip(":")] = rest
        self.assertIn("Connection refused", lines["dead"])
        self.assertRegex(lines["hang"], "no answer within 15 s|timed out")
        self.assertIn("ptriage is not installed there", lines["noexe"])
        self.assertIn("/nonexistent/bin/ptriage", lines["noexe"])
        self.assertIn("not ptriage evidence", lines["garbage"])
        self.assertTrue(lines["alpha"].startswith("(ptriage "), lines["alpha"])
        self.assertIn("ptriage: ", r.stdout.split("== alpha")[1], "alpha's table is there")
        self.assertLess(r.seconds, 45, "the hanging host held nothing up past its timeout")

    def test_hosts_checks_each_host(self):
        r = self.ptriage("hosts", "--json", "--host", "dead", "--timeout", "15s")
        self.assertEqual(r.returncode, 1, r.stderr)
        doc = json.loads(r.stdout)
        by = {h["host"]: h for h in doc["hosts"]}
        self.assertEqual(set(by), {"alpha", "noexe", "garbage", "beta", "dead"}, "the hosts file, then --host")
        self.assertTrue(by["alpha"]["ok"])
        self.assertGreater(by["alpha"]["processes"], 2)
        self.assertFalse(by["dead"]["ok"])
        self.assertIn("Connection refused", by["dead"]["error"])

    def start_id_on(self, host, pid):
        r = self.ptriage("scan", "--host", host, "--json", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        [h] = json.loads(r.stdout)["hosts"]
        return next(p["start_id"] for p in h["scan"]["processes"] if p["pid"] == pid)

    def test_an_end_on_a_remote_process_is_done_there_by_identity(self):
        target = subprocess.Popen(["sleep", "3600"], start_new_session=True)
        try:
            start_id = self.start_id_on("alpha", target.pid)
            # A START_ID whose start time is not that process's: the pid is someone else's there.
            boot, ticks, pid = start_id.split(":")
            reused = f"{boot}:{int(ticks) + 1}:{pid}"
            r = self.ptriage("act", "end", reused, "--host", "alpha", "--yes")
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIsNone(target.poll(), "a reused identity is refused there, nothing signalled")
            r = self.ptriage("act", "end", start_id, "--host", "alpha", "--yes")
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertIn(start_id, r.stdout)
            target.wait(10)  # ended there: its parent here sees it exit
            journal = self.ptriage("act", "journal", "--host", "alpha")
            self.assertEqual(journal.returncode, 0, journal.stderr)
            self.assertIn(start_id, journal.stdout, "the host's journal has it")
            self.assertTrue(os.path.exists(f"{self.server.dir}/remote-data/ptriage/sessions.sqlite"),
                            "there, in that host's own database")
        finally:
            if target.poll() is None:
                target.kill()
                target.wait()

    def test_a_remote_pause_is_journaled_here_with_its_host_and_undone_from_here(self):
        target = subprocess.Popen(["sleep", "3600"], start_new_session=True)
        try:
            start_id = self.start_id_on("alpha", target.pid)
            r = self.ptriage("act", "pause", start_id, "--host", "alpha", "--yes")
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            said = re.search(rf"^alpha: {re.escape(start_id)}: done .*\(undo: ptriage act undo (\d+)\)$", r.stdout, re.M)
            self.assertIsNotNone(said, r.stdout)
            self.assertEqual(state_of(target.pid), "T", "stopped there")
            here = said.group(1)

            def journaled():
                journal = self.ptriage("act", "journal")  # this machine's own
                self.assertEqual(journal.returncode, 0, journal.stderr)
                return next(line for line in journal.stdout.splitlines() if line.startswith(here + "  "))

            line = journaled()
            self.assertIn("pause", line)
            self.assertIn(f"{start_id}  on alpha  sleep 3600", line)
            self.assertIn("(undo possible)", line)
            r = self.ptriage("act", "undo", here, "--yes")
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            self.assertRegex(r.stdout, rf"^alpha: {re.escape(start_id)}: done ")
            self.assertNotEqual(state_of(target.pid), "T", "resumed there")
            self.assertIn("(undone)", journaled())
            r = self.ptriage("act", "undo", here, "--yes")
            self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
            self.assertIn("already undone", r.stderr)
        finally:
            target.kill()
            target.wait()

    def test_two_machines_each_with_its_own_identities(self):
        # Something left behind on beta (its own PID namespace and boot id), started over ssh there.
        left = self.server.ssh("beta", "setsid sleep 3600 </dev/null >/dev/null 2>&1 & echo $!")
        self.assertEqual(left.returncode, 0, left.stderr)
        pid_there = int(left.stdout.strip())
        r = self.ptriage("scan", "--host", "alpha", "--host", "beta", "--json", "--all")
        self.assertEqual(r.returncode, 0, r.stderr)
        by = {h["host"]: h["scan"] for h in json.loads(r.stdout)["hosts"]}
        self.assertEqual(by["beta"]["boot_id"], BETA_BOOT)
        self.assertNotEqual(by["alpha"]["boot_id"], BETA_BOOT)
        sleeper = next(p for p in by["beta"]["processes"] if p["pid"] == pid_there and p["comm"] == "sleep")
        self.assertTrue(sleeper["start_id"].startswith(BETA_BOOT + ":"))
        self.assertLess(by["beta"]["process_count"], by["alpha"]["process_count"], "beta sees only its own")
        # beta's identity means nothing on alpha: refused there, whatever runs under that pid on alpha.
        r = self.ptriage("act", "pause", sleeper["start_id"], "--host", "alpha", "--yes")
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        # On beta it is that process: ended there.
        r = self.ptriage("act", "end", sleeper["start_id"], "--host", "beta", "--yes")
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        alive = self.server.ssh("beta", f"grep -qv ') Z' /proc/{pid_there}/stat 2>/dev/null && echo alive || echo ended")
        self.assertEqual(alive.stdout.strip(), "ended")

    def test_acting_on_a_dead_host_says_so(self):
        r = self.ptriage("act", "pause", "00000000-0000-4000-8000-000000000000:1:1", "--host", "dead", "--yes")
        self.assertEqual(r.returncode, 1)
        self.assertIn("dead: ", r.stderr)
        self.assertIn("Connection refused", r.stderr)

    def test_an_option_is_never_taken_for_a_host(self):
        r = self.ptriage("scan", "--host=-oProxyCommand=touch /tmp/owned")
        self.assertEqual(r.returncode, 2)
        self.assertIn("starts with '-'", r.stderr)

    def test_what_a_host_sends_is_never_trusted(self):
        # A "ptriage" there that sends evidence with a lie in it: refused with where and why.
        fake = os.path.join(self.server.dir, "fake-ptriage")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\nexec %s evidence | sed 's/\"state\":\"S\"/\"state\":\"SS\"/' \n" % PTRIAGE)
        os.chmod(fake, 0o755)
        self.server.add_alias("liar", f"liar {fake}")
        r = self.ptriage("scan", "--host", "liar")
        self.assertEqual(r.returncode, 1)
        self.assertRegex(r.stdout, r"== liar: sent what is not ptriage evidence: processes\[\d+\]\.state: ")


class HostSessions(unittest.TestCase):
    """Sessions of other machines: saved per host, compared per host, grouped across hosts."""

    @classmethod
    def setUpClass(cls):
        cls.server = loopback_sshd.LoopbackSshd(
            ["alpha"], ["# the test's hosts", f"alpha {PTRIAGE}", f"beta {PTRIAGE}"], machines={"beta": BETA_BOOT})
        # Left behind on this machine (so on alpha, the same machine over loopback): a sleep whose
        # parent exited at once.
        subprocess.run(["sh", "-c", "setsid sleep 3607 </dev/null >/dev/null 2>&1 &"], check=True)
        # sh returns before its background child has exec'd sleep: wait until it is there.
        found = []
        for _ in range(200):
            found = subprocess.run(["pgrep", "-xf", "sleep 3607"], capture_output=True, text=True).stdout.split()
            if found:
                break
            time.sleep(0.05)
        cls.orphan = int(found[0])
        left = cls.server.ssh("beta", "setsid sleep 3607 </dev/null >/dev/null 2>&1 & echo $!")
        assert left.returncode == 0, left.stderr
        time.sleep(0.5)

    @classmethod
    def tearDownClass(cls):
        try:
            os.kill(cls.orphan, 9)
        except ProcessLookupError:
            pass
        cls.server.close()

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.db = os.path.join(self.tmp.name, "sessions.sqlite")

    def tearDown(self):
        self.tmp.cleanup()

    def ptriage(self, *args, timeout=180):
        return subprocess.run([PTRIAGE, *args], env=self.server.env, capture_output=True, text=True, timeout=timeout)

    def rows(self, sql):
        con = sqlite3.connect(self.db)
        try:
            return con.execute(sql).fetchall()
        finally:
            con.close()

    def save(self, *hosts):
        args = ["scan", "--save", "--db", self.db]
        for h in hosts:
            args += ["--host", h]
        r = self.ptriage(*args)
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        return r

    def test_scan_host_save_keeps_each_reachable_hosts_scan_as_its_session(self):
        r = self.ptriage("scan", "--host", "alpha", "--host", "dead", "--host", "beta", "--save", "--db", self.db,
                         "--timeout", "10s")
        self.assertEqual(r.returncode, 1, "a host that failed makes the exit 1, as without --save")
        dead = next(line for line in r.stdout.splitlines() if line.startswith("== dead: "))
        self.assertIn("Connection refused", dead)
        self.assertTrue(dead.endswith("(nothing saved)"), dead)
        self.assertRegex(r.stderr, r"(?m)^alpha: saved session \d+ \(\d+ processes\) in ")
        self.assertRegex(r.stderr, r"(?m)^beta: saved session \d+ ")
        self.assertNotIn("dead: saved", r.stderr)
        saved = self.rows("SELECT ssh_host, host, boot_id, kernel, process_count FROM sessions ORDER BY id")
        self.assertEqual([row[0] for row in saved], ["alpha", "beta"], "one session per reachable host, none for dead")
        by = {row[0]: row for row in saved}
        self.assertEqual(by["alpha"][1], "alpha", "host: the name ssh was given (the evidence carries no hostname)")
        self.assertEqual(by["beta"][2], BETA_BOOT, "beta's own boot")
        for host, row in by.items():
            [(count,)] = self.rows(f"SELECT count(*) FROM processes p JOIN sessions s ON s.id = p.session_id "
                                   f"WHERE s.ssh_host = '{host}'")
            self.assertEqual(count, row[4], f"{host}: every process of its scan is stored")
            self.assertGreater(count, 2)
        self.assertEqual(self.rows("PRAGMA user_version"), [(5,)])
        listed = json.loads(self.ptriage("sessions", "--json", "--db", self.db).stdout)
        self.assertEqual([s["ssh_host"] for s in listed["sessions"]], ["alpha", "beta"])
        only = json.loads(self.ptriage("sessions", "--host", "beta", "--json", "--db", self.db).stdout)
        self.assertEqual([s["ssh_host"] for s in only["sessions"]], ["beta"])
        self.assertEqual(json.loads(self.ptriage("sessions", "--host", "", "--json", "--db", self.db).stdout)["sessions"],
                         [], "none of this machine")
        text = self.ptriage("sessions", "--db", self.db).stdout
        self.assertIn("ssh:alpha", text)
        self.assertIn("ssh:beta", text)
        # JSON: each host says which session it became.
        r = self.ptriage("scan", "--host", "alpha", "--host", "dead", "--save", "--db", self.db, "--json",
                         "--timeout", "10s")
        hosts = {h["host"]: h for h in json.loads(r.stdout)["hosts"]}
        self.assertIsNone(hosts["dead"]["saved_session"])
        self.assertEqual(self.rows(f"SELECT ssh_host FROM sessions WHERE id = {hosts['alpha']['saved_session']}"),
                         [("alpha",)])

    def test_only_failed_hosts_save_nothing_not_even_a_database(self):
        r = self.ptriage("scan", "--host", "dead", "--save", "--db", self.db, "--timeout", "10s")
        self.assertEqual(r.returncode, 1)
        self.assertIn("(nothing saved)", r.stdout)
        self.assertFalse(os.path.exists(self.db))

    def test_a_database_that_is_not_ours_is_refused_and_left_alone(self):
        with open(self.db, "wb") as f:
            f.write(b"not a database at all\n" * 100)
        before = read_bytes(self.db)
        r = self.ptriage("scan", "--host", "alpha", "--save", "--db", self.db)
        self.assertEqual(r.returncode, 1)
        self.assertIn(self.db, r.stderr)
        self.assertEqual(r.stdout, "", "nothing printed as if it had been saved")
        self.assertEqual(read_bytes(self.db), before)

    def test_diff_compares_one_machine(self):
        self.save()  # this machine: session 1
        self.save("alpha")  # 2
        self.save("alpha")  # 3
        r = self.ptriage("diff", "--db", self.db)
        self.assertEqual(r.returncode, 1, "one session of this machine: nothing to compare")
        self.assertIn("two sessions of this machine", r.stderr)
        r = self.ptriage("diff", "--host", "alpha", "--db", self.db, "--json")
        self.assertEqual(r.returncode, 0, r.stderr)
        d = json.loads(r.stdout)
        self.assertEqual((d["before"]["id"], d["after"]["id"]), (2, 3))
        self.assertEqual((d["before"]["ssh_host"], d["after"]["ssh_host"]), ("alpha", "alpha"))
        self.assertFalse(d["cross_boot"])
        self.assertGreater(d["counts"]["stable"], 2, "the same processes, by identity")
        r = self.ptriage("diff", "1", "3", "--db", self.db)
        self.assertEqual(r.returncode, 1)
        self.assertIn("session 1 is of this machine and session 3 of alpha", r.stderr)
        r = self.ptriage("diff", "2", "3", "--host", "beta", "--db", self.db)
        self.assertEqual(r.returncode, 1)
        self.assertIn("are of alpha, not of beta", r.stderr)
        r = self.ptriage("diff", "--host", "beta", "--db", self.db)
        self.assertEqual(r.returncode, 1)
        self.assertIn("two sessions of beta", r.stderr)

    def test_accumulation_per_host_and_across_hosts(self):
        self.save()
        self.save("alpha")
        self.save("alpha", "beta")
        mine = json.loads(self.ptriage("accumulation", "--json", "--db", self.db).stdout)
        self.assertEqual([s["ssh_host"] for s in mine["sessions"]], [""], "this machine's sessions only")
        alpha = json.loads(self.ptriage("accumulation", "--host", "alpha", "--json", "--db", self.db).stdout)
        self.assertEqual([s["ssh_host"] for s in alpha["sessions"]], ["alpha", "alpha"])
        r = self.ptriage("accumulation", "--across-hosts", "--json", "--db", self.db)
        self.assertEqual(r.returncode, 0, r.stderr)
        doc = json.loads(r.stdout)
        self.assertEqual(doc["schema"], "ptriage.accumulation-hosts.v1")
        self.assertEqual({m["ssh_host"]: m["sessions"] for m in doc["machines"]}, {"": 1, "alpha": 2, "beta": 1})
        sleeps = [row for row in doc["rows"] if row["command"] == "sleep N"]  # numbers are normalized
        self.assertEqual(len(sleeps), 1, [row["command"] for row in doc["rows"]])
        [row] = sleeps
        counts = {h["ssh_host"]: h for h in row["hosts"]}
        self.assertEqual(set(counts), {"", "alpha", "beta"}, "left behind on three machines")
        # alpha is this machine over loopback (beta's processes are visible from here too): the count
        # of its latest session, not the sum of its two. Read from the file: other tests running
        # beside this one start and end sleeps of their own between the scans.
        per_session = dict(self.rows(
            "SELECT s.id, count(*) FROM sessions s JOIN processes p ON p.session_id = s.id "
            "JOIN commands c ON c.id = p.command_id "
            # a command is its argv, NUL-separated: "sleep\0…"
            "WHERE s.ssh_host = 'alpha' AND substr(hex(c.text), 1, 12) = hex('sleep') || '00' GROUP BY s.id"))
        self.assertEqual(len(per_session), 2, per_session)
        # (accumulation counts commands that normalize to "sleep N"; the file, every sleep: at most that)
        self.assertLessEqual(counts["alpha"]["processes"], per_session[max(per_session)], per_session)
        self.assertLess(counts["alpha"]["processes"], sum(per_session.values()), "not the sum of both")
        self.assertEqual(counts["beta"]["processes"], 1)
        self.assertEqual(counts["beta"]["left_behind"], 1, "its parent exited at once")
        self.assertTrue(all(len(r["hosts"]) >= 2 for r in doc["rows"]), "only commands on several machines")
        text = self.ptriage("accumulation", "--across-hosts", "--db", self.db).stdout
        line = next(line for line in text.splitlines() if line.startswith("sleep N — "))
        for part in (f"this machine ×{counts['']['processes']}", f"alpha ×{counts['alpha']['processes']}", "beta ×1"):
            self.assertIn(part, line)
        r = self.ptriage("accumulation", "--across-hosts", "--host", "alpha", "--db", self.db)
        self.assertEqual(r.returncode, 2)

    def test_a_report_over_several_hosts(self):
        # A "ptriage" there that fails with markup in what it says: shown as text, never as markup.
        hostile = os.path.join(self.server.dir, "hostile-ptriage")
        with open(hostile, "w") as f:
            f.write("#!/bin/sh\necho '<script>alert(1)</script><img src=x onerror=alert(2)>' >&2\nexit 3\n")
        os.chmod(hostile, 0o755)
        self.server.add_alias("hostile", f"hostile {hostile}")
        # And on beta a zombie whose name is markup (a zombie is always a candidate: its parent should
        # reap it), under a parent whose command line is markup too.
        script = os.path.join(self.tmp.name, "zombie.py")
        with open(script, "w") as f:
            f.write("import os, sys, time\n"
                    "if os.fork() == 0:\n"
                    "    open('/proc/self/comm', 'w').write('<i>zz</i>')\n"
                    "    os._exit(0)\n"
                    "time.sleep(3600)\n")
        parent = self.server.ssh("beta", f"setsid python3 {script} '<script>alert(3)</script>' "
                                         "</dev/null >/dev/null 2>&1 & echo $!")
        self.assertEqual(parent.returncode, 0, parent.stderr)
        parent = int(parent.stdout)
        for _ in range(300):
            child = self.server.ssh("beta", f"cat /proc/{parent}/task/{parent}/children").stdout.split()
            if child and self.server.ssh("beta", f"cat /proc/{child[0]}/stat").stdout.startswith(
                    f"{child[0]} (<i>zz</i>) Z"):
                break
            time.sleep(0.1)
        else:
            self.fail("no zombie on beta")
        out = os.path.join(self.tmp.name, "hosts.html")
        try:
            r = self.ptriage("report", "--host", "alpha", "--host", "beta", "--host", "dead", "--host", "hostile",
                             "--local", "--timeout", "10s", "-o", out)
        finally:
            self.server.ssh("beta", f"kill {parent}")
        self.assertEqual(r.returncode, 1, "failed hosts make the exit 1; the report is written all the same")
        with open(out, encoding="utf-8") as f:
            page = f.read()
        sections = re.findall(r'<section class="host[^"]*" id="host-(\d+)" data-host="([^"]*)"><h2>([^<]*)</h2>', page)
        self.assertEqual([(s[1], s[2]) for s in sections],
                         [("", "this machine"), ("alpha", "alpha"), ("beta", "beta"), ("dead", "dead"),
                          ("hostile", "hostile")])
        dead = page.split('data-host="dead"><h2>')[1].split("</section>")[0]
        self.assertIn("Connection refused", dead)
        self.assertNotIn("<script>alert", page)
        self.assertNotIn("<img src=x", page)
        self.assertIn(html.escape("<script>alert(1)</script>", quote=False), page, "the host's words, as text")
        beta = page.split('data-host="beta"><h2>')[1].split("</section>")[0]
        self.assertIn(f"&lt;i&gt;zz&lt;/i&gt; <span class=\"muted\">{child[0]}</span>", beta,
                      "beta's zombie, its name as text")
        self.assertNotIn("<i>zz</i>", page)
        self.assertEqual(page.count("<script>"), 1, "the report's own script only")
        self.assertIn('id="hosts-table"', page)


def main():
    global PTRIAGE
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptriage", required=True)
    args, rest = parser.parse_known_args()
    PTRIAGE = os.path.abspath(args.ptriage)
    if not loopback_sshd.available():
        print("skipped: needs /usr/sbin/sshd (openssh-server) and root")
        return 77
    result = unittest.main(argv=[sys.argv[0], "-v", *rest], exit=False).result
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
