#!/usr/bin/python3
"""`ptriage watch` is the window's live service without a window (issue 62), and what it leaves lets
`explain` read a rate over the same half minute.

Against real processes: watch's JSON lines (a refresh's counts, then each process: start_id, class,
action, score, P(abandoned), since when, what changed) for several refreshes; an unchanged process keeps
its verdict; the samples it leaves are read by `explain`, whose CPU term then says it is over about the
last half minute (without them: the scan's few milliseconds), and `explain` gives the class and action
watch gave; a stale, foreign or malformed samples file is not used, with a line saying why where there
is one; `explain` holds a verdict against the one watch holds (and left beside its samples) as watch's
next refresh would, and changes at once towards less; the text fits 80 columns; a bad --interval is a
usage error.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

PTRIAGE = None


class Watch(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp(prefix="ptw-")
        cls.live = os.path.join(cls.dir, "live-state.json")
        home = os.path.join(cls.dir, "home")
        os.makedirs(home)
        cls.env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(home, ".config"),
                       XDG_DATA_HOME=os.path.join(home, ".local", "share"), PTRIAGE_LIVE_STATE=cls.live,
                       LC_ALL="C.UTF-8", COLUMNS="80")
        cls.env.pop("LANG", None)
        # A sleeper, the control: it never runs, so it can never change its verdict.
        cls.sleeper = subprocess.Popen(["/usr/bin/sleep", "600"])
        time.sleep(0.2)

    @classmethod
    def tearDownClass(cls):
        cls.sleeper.kill()
        cls.sleeper.wait()
        shutil.rmtree(cls.dir, ignore_errors=True)

    def run_ptriage(self, *args, env=None, timeout=120):
        # A name in the text is what the process wrote, invalid UTF-8 included (the suite's hostile
        # processes run beside this test): read as a terminal shows it.
        return subprocess.run([PTRIAGE, *args], capture_output=True, encoding="utf-8", errors="replace",
                              timeout=timeout, env=env or self.env)

    def watch_json(self, count=3):
        r = self.run_ptriage("watch", "--json", "--all", "--count", str(count), "--interval", "0.5",
                             "--min-age", "0")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = [json.loads(line) for line in r.stdout.splitlines()]
        self.assertTrue(all(x["schema"] == "ptriage.watch.v1" for x in lines))
        return lines

    def explain(self, pid, env=None):
        r = self.run_ptriage("explain", str(pid), "--json", "--min-age", "0", env=env)
        self.assertEqual(r.returncode, 0, r.stderr)
        return json.loads(r.stdout)["process"], r.stderr

    def cpu_detail(self, explained):
        return next(t["detail"] for t in explained["ledger"] if t["term"] == "cpu")

    def test_json_lines_a_refresh_at_a_time(self):
        lines = self.watch_json(3)
        refreshes = [x for x in lines if x["kind"] == "refresh"]
        self.assertEqual([x["refresh"] for x in refreshes], [1, 2, 3])
        for x in refreshes:
            self.assertGreater(x["process_count"], 1)
            self.assertEqual(x["candidate_count"], sum(x["candidates_by_class"].values()))
        mine = [x for x in lines if x["kind"] == "process" and x["pid"] == self.sleeper.pid]
        self.assertEqual(len(mine), 3, "the sleeper once a refresh")
        for x in mine:
            self.assertTrue(x["start_id"].endswith(":%d" % self.sleeper.pid))
            self.assertIn(x["class"], ("useful", "useful_bad", "abandoned", "zombie"))
            self.assertIsInstance(x["score"], int)
            self.assertTrue(0 <= x["p_abandoned"] <= 1)
        # Unchanged behaviour, unchanged verdict: the same class and action, standing since the first.
        self.assertEqual({(x["class"], x["action"], x["review"]) for x in mine}.__len__(), 1, mine)
        self.assertEqual({x["since_ms"] for x in mine}.__len__(), 1, mine)
        self.assertTrue(all(x["changed"] is None for x in mine), mine)
        # The counts are the candidates' lines of that refresh.
        for x in refreshes:
            shown = [p for p in lines if p["kind"] == "process" and p["refresh"] == x["refresh"] and p["candidate"]]
            self.assertEqual(len(shown), x["candidate_count"])

    def test_explain_reads_the_half_minute_watch_left(self):
        self.watch_json(2)
        with open(self.live) as f:
            state = json.load(f)
        self.assertEqual(state["schema"], "ptriage.state.v1")
        row = next(r for r in state["samples"] if r[1] == self.sleeper.pid)
        self.assertEqual(len(row), 9, "with cpu_ns, written bytes and the steady rates")
        self.assertIsNotNone(row[7], "the steady CPU rate")
        lines = self.watch_json(2)
        explained, err = self.explain(self.sleeper.pid)
        self.assertEqual(err, "")
        self.assertIn("over about the last half minute", self.cpu_detail(explained))
        last = [x for x in lines if x["kind"] == "process" and x["pid"] == self.sleeper.pid][-1]
        self.assertEqual(explained["classification"], last["class"])
        self.assertEqual(explained["recommendation"]["action"], last["action"])
        self.assertEqual(explained["triage_score"], last["score"])
        self.assertEqual(explained["name"], last["name"])  # one name everywhere, not comm here and argv there
        # Without the samples, its first look: a few milliseconds (the sleeper is too young for its life).
        alone, _ = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=""))
        self.assertNotIn("half minute", self.cpu_detail(alone))
        self.assertIn(" over the last ", self.cpu_detail(alone))

    def test_stale_foreign_or_broken_samples_are_not_used(self):
        self.watch_json(1)
        with open(self.live) as f:
            state = json.load(f)
        # Written two minutes before now (their uptimes say so): not what a window shows now.
        stale = os.path.join(self.dir, "stale.json")
        for r in state["samples"]:
            r[4] = max(0.001, r[4] - 120)
        with open(stale, "w") as f:
            json.dump(state, f)
        os.chmod(stale, 0o600)
        explained, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=stale))
        self.assertEqual(err, "")
        self.assertNotIn("half minute", self.cpu_detail(explained))
        # A link is not followed, a file others can write is not read: said, and the scan goes on.
        link = os.path.join(self.dir, "link.json")
        os.symlink(self.live, link)
        explained, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=link))
        self.assertIn("the live samples were not used", err)
        self.assertNotIn("half minute", self.cpu_detail(explained))
        shared = os.path.join(self.dir, "shared.json")
        shutil.copy(self.live, shared)
        os.chmod(shared, 0o666)
        _, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=shared))
        self.assertIn("the live samples were not used", err)
        broken = os.path.join(self.dir, "broken.json")
        with open(broken, "w") as f:
            f.write('{"schema": "ptriage.state.v1", "boot_id": "x", "samples": [[1, 2')
        os.chmod(broken, 0o600)
        explained, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=broken))
        self.assertIn("the live samples were not used", err)
        self.assertEqual(explained["pid"], self.sleeper.pid)

    def held_file(self, name, pid, row_of):
        """The live file watch left, with the verdict row of `pid` rewritten by row_of(row); None: none."""
        with open(self.live) as f:
            state = json.load(f)
        rows = state["verdicts"]
        self.assertEqual({len(r) for r in rows}, {19}, "one verdict row per process, 19 columns")
        row = next(r for r in rows if r[1] == pid)
        if row_of is None:
            del state["verdicts"]
        else:
            row[:] = row_of(list(row))
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            json.dump(state, f)
        os.chmod(path, 0o600)
        return path

    def test_explain_holds_a_verdict_as_watch_would(self):
        classes = ["useful", "useful_bad", "abandoned", "zombie"]
        # A busy loop in a session of its own: the evidence says more than useful of it, unless the
        # machine is too loaded to give it a core.
        spinner = subprocess.Popen(["setsid", sys.executable, "-c", "while True: pass"])
        try:
            time.sleep(1.0)
            lines = self.watch_json(2)
            # The same samples without the verdicts: what the one-shot says alone.
            alone = self.held_file("alone.json", spinner.pid, None)
            said, _ = self.explain(spinner.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=alone))
            if said["classification"] in ("useful_bad", "abandoned"):
                # Held useful and kept, nothing pending: held, as the window holds it until the
                # evidence says it twice.
                useful = [0, 0, 0, 0, 0, 0.9, 0.05, 0.05, 0, 0, 0, 0, False, False, 1000, 0, False, 0, 0]
                keep = self.held_file("keep.json", spinner.pid, lambda r: r[:2] + useful[2:])
                explained, err = self.explain(spinner.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=keep))
                self.assertEqual(err, "")
                self.assertEqual(explained["classification"], "useful", "held, as watch's next refresh holds it")
                # Said once already (pending for 1 refresh): this time it changes, as the window's would.
                pending = useful[:9] + [classes.index(said["classification"]), 1] + useful[11:]
                once = self.held_file("once.json", spinner.pid, lambda r: r[:2] + pending[2:])
                explained, err = self.explain(spinner.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=once))
                self.assertEqual(explained["classification"], said["classification"])
            # Held abandoned and kill for the sleeper, which the evidence calls useful: a verdict
            # towards less changes at once, held or not, and says from what.
            last = [x for x in lines if x["kind"] == "process" and x["refresh"] == 2]
            mine = next(x for x in last if x["pid"] == self.sleeper.pid)
            self.assertEqual(mine["class"], "useful")
            kill = [0, 0, 2, 0, 3, 0.05, 0.05, 0.9, 0, 2, 0, 6, False, True, 1000, 0, False, 0, 0]
            path = self.held_file("kill.json", self.sleeper.pid, lambda r: r[:2] + kill[2:])
            explained, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=path))
            self.assertEqual(err, "")
            self.assertEqual(explained["classification"], "useful")
            self.assertEqual(explained["recommendation"]["action"], mine["action"])
            self.assertIn("was kill", explained["recommendation"].get("changed") or "", explained["recommendation"])
            # A row that is not one watch writes: said, and the one-shot judges alone.
            bad = self.held_file("bad.json", self.sleeper.pid, lambda r: r[:2] + [9] + r[3:])
            _, err = self.explain(self.sleeper.pid, env=dict(self.env, PTRIAGE_LIVE_STATE=bad))
            self.assertIn("the live verdicts were not used", err)
        finally:
            spinner.kill()
            spinner.wait()

    def test_text_fits_80_columns(self):
        r = self.run_ptriage("watch", "--all", "--count", "2", "--interval", "0.5", "--min-age", "0")
        self.assertEqual(r.returncode, 0, r.stderr)
        lines = r.stdout.splitlines()
        self.assertEqual(sum(1 for line in lines if " processes · " in line), 2)
        self.assertTrue(any(line.split()[:2] == ["PID", "NAME"] for line in lines), r.stdout[:400])
        self.assertTrue(any(line.split() and line.split()[0] == str(self.sleeper.pid) for line in lines))
        too_wide = [line for line in lines if len(line) > 80]
        self.assertEqual(too_wide, [])

    def test_bad_options_are_usage_errors(self):
        for args in (["--interval", "0"], ["--interval", "soon"], ["--count", "0"], ["--min-age", "-1"], ["x"]):
            r = self.run_ptriage("watch", *args)
            self.assertEqual(r.returncode, 2, (args, r.stderr))
            self.assertTrue(r.stderr.strip(), args)


def main():
    global PTRIAGE
    parser = argparse.ArgumentParser()
    parser.add_argument("--ptriage", required=True)
    args, rest = parser.parse_known_args()
    PTRIAGE = os.path.abspath(args.ptriage)
    unittest.main(argv=[sys.argv[0], *rest], verbosity=2)


if __name__ == "__main__":
    main()
