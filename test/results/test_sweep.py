#!/usr/bin/env python3
"""Tests of the sweep runner (utils/sweep.py) with local processes, on the probe program:
parallel runs, resuming (after a partial sweep and after an interruption), crashing and
failing runs, per-run timeout, bad input, dry run, and the Slurm job-array script.

Run directly (python3 test/results/test_sweep.py) or through test.py (suite
optical-py-sweep).
"""

import os
import re
import signal
import sqlite3
import subprocess
import sys
import time

import optical_test_support as support
from optical_test_support import TempDirTestCase, query, scalar

from ns3optical import results
from ns3optical import sweep

PROBE = support.PROBE


def ok_keys(db):
    """Return the list of sweep keys of the 'ok' runs of `db`."""
    return [k for (k,) in query(db, "SELECT sweep_key FROM runs WHERE status = 'ok'")]


def count_ok(db):
    """Return the number of 'ok' runs of `db` (0 while it is being created)."""
    try:
        return len(ok_keys(db)) if os.path.exists(db) else 0
    except sqlite3.OperationalError:  # no schema yet
        return 0


class SweepTestCase(TempDirTestCase):
    """A temporary directory with a database path self.db; the probe must be built."""

    def setUp(self):
        super().setUp()
        support.probe_path()
        self.db = self.path("sweep.db")
        self.log = open(self.path("sweep.log"), "w")
        self.addCleanup(self.log.close)

    def sweep(self, grid, fixed=None, **kwargs):
        """run_sweep() of the probe on self.db, its progress going to sweep.log."""
        kwargs.setdefault("jobs", 2)
        return sweep.run_sweep(PROBE, grid, fixed, db=self.db, build_dir=support.build_dir(),
                               stream=self.log, **kwargs)


class LocalSweepTest(SweepTestCase):
    """Sweeps that run."""

    def test_parallel_sweep_records_every_run(self):
        result = support.sweep_cli(PROBE, "--param", "value=1,2,3", "--set", "rows=4",
                                   "--runs", "2", "-j", "2", "--db", self.db)
        self.assertExit(result, 0)
        self.assertIn("6 ok, 0 failed", result.stderr)
        self.assertIn("[6/6] ok", result.stderr)  # plain progress lines: stderr is no TTY
        keys = ok_keys(self.db)
        self.assertEqual(len(keys), 6)
        self.assertEqual(len(set(keys)), 6)
        conn = results.connect(self.db)
        rows = results.metrics(conn, PROBE, names="value")
        conn.close()
        points = sorted((r["parameters"]["value"], r["rng_run"], r["value"]) for r in rows)
        self.assertEqual(points, [(v, s, float(v)) for v in "123" for s in (1, 2)])
        self.assertTrue(all(r["parameters"]["rows"] == "4" for r in rows))
        expected = sweep.sweep_key(PROBE, [("value", "2"), ("rows", "4")], 2)
        self.assertIn(expected, keys)
        self.assertConsistent(self.db)

    def test_resume_skips_completed_runs(self):
        first = self.sweep({"value": ["1", "2", "3"]}, runs=1)
        self.assertEqual((first.planned, first.skipped, first.ok, first.failed), (3, 0, 3, 0))
        before = query(self.db, "SELECT id, sweep_key, started_at FROM runs")
        second = self.sweep({"value": [1, 2, 3]}, runs=2)
        self.assertEqual((second.planned, second.skipped, second.ok, second.failed),
                         (6, 3, 3, 0))
        after = query(self.db, "SELECT id, sweep_key, started_at FROM runs")
        self.assertEqual(after[:3], before)  # the completed runs were not rerun
        self.assertEqual(len(after), 6)
        third = self.sweep({"value": [1, 2, 3]}, runs=2)
        self.assertEqual((third.skipped, third.ok), (6, 0))

    def test_interrupted_sweep_resumes(self):
        args = [PROBE, "--param", "value=1,2,3,4,5,6", "--set", "sleepMs=700", "-j", "2",
                "--db", self.db, "--build-dir", support.build_dir()]
        process = subprocess.Popen([sys.executable, os.path.join(support.UTILS, "sweep.py")]
                                   + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   universal_newlines=True, start_new_session=True)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                if count_ok(self.db) >= 2:
                    break
                time.sleep(0.05)
            process.send_signal(signal.SIGINT)
            _, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.assertEqual(process.returncode, 130, err)
        self.assertIn("interrupted", err)
        done = set(ok_keys(self.db))
        self.assertGreaterEqual(len(done), 2)
        self.assertLess(len(done), 6, "the sweep ended before it was interrupted")
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM runs WHERE status = 'running'"),
                         0, "interrupted runs are recorded as failed")
        self.assertConsistent(self.db)

        resumed = self.sweep({"value": ["1", "2", "3", "4", "5", "6"]}, {"sleepMs": "700"})
        self.assertEqual(resumed.skipped, len(done))
        self.assertEqual(resumed.ok, 6 - len(done))
        keys = ok_keys(self.db)
        self.assertEqual(len(keys), 6)
        self.assertEqual(len(set(keys)), 6, "a completed run was rerun")

    def test_run_that_recorded_ok_before_the_sweep_stopped_it_stays_ok(self):
        # The race behind a once-flaky interruption test: a run writes 'ok', then the
        # sweep's SIGTERM (Ctrl-C) arrives during its teardown. Its record is complete.
        conn = results.connect(self.db)
        self.addCleanup(conn.close)
        stopped, crashed = (sweep.RunSpec(PROBE, [("value", v)], 1) for v in ("1", "2"))
        for spec in (stopped, crashed):
            conn.execute("INSERT INTO runs (program, status, sweep_key, rng_run, started_at) "
                         "VALUES (?, 'ok', ?, 1, ?)", (PROBE, spec.sweep_key, results.utc_now()))
        conn.commit()
        ended = {"returncode": -signal.SIGTERM, "started_at": results.utc_now(),
                 "stderr_tail": "", "wall_seconds": 0.1}
        self.assertIsNone(sweep.record_outcome(conn, stopped, [PROBE], dict(ended, interrupted=True), 0))
        failure = sweep.record_outcome(conn, crashed, [PROBE], dict(ended), 0)
        self.assertIsNotNone(failure, "an 'ok' run that then died on its own is not trusted")
        self.assertEqual(sorted(s for (s,) in query(self.db, "SELECT status FROM runs")),
                         ["failed", "ok"])

    def test_crashing_and_failing_runs_are_recorded(self):
        result = support.sweep_cli(PROBE, "--param", "crash=false,true", "--param", "value=1,2",
                                   "--set", "rows=3", "-j", "2", "--db", self.db)
        self.assertExit(result, 1)
        self.assertIn("2 ok, 2 failed", result.stderr)
        self.assertIn("killed by signal SIGABRT", result.stderr)
        rows = query(self.db, "SELECT r.status, r.message, p.value FROM runs r JOIN parameters "
                              "p ON p.run_id = r.id AND p.name = 'crash'")
        self.assertEqual(sorted((s, c) for s, _, c in rows),
                         [("failed", "true"), ("failed", "true"), ("ok", "false"),
                          ("ok", "false")])
        for status, message, _ in rows:
            if status == "failed":
                self.assertIn("SIGABRT", message)
                self.assertIn("results-probe: crashing on request", message)  # stderr tail

        failing = self.sweep({"fail": ["1"], "value": ["1"]})
        self.assertEqual((failing.ok, failing.failed), (0, 1))
        failure = failing.failures[0]
        self.assertEqual(failure.reason, "exit status 3")
        message = scalar(self.db, "SELECT message FROM runs WHERE id = ?", (failure.run_id,))
        self.assertIn("failing on request", message)
        self.assertIn("exit status 3", message)

        # Rerunning retries only the failed points.
        again = self.sweep({"crash": ["false", "true"], "value": ["1", "2"]}, {"rows": "3"})
        self.assertEqual((again.skipped, again.ok, again.failed), (2, 0, 2))
        self.assertConsistent(self.db)

    def test_timeout(self):
        summary = self.sweep({"value": ["1"]}, {"sleepMs": "5000"}, timeout=0.5)
        self.assertEqual(summary.failed, 1)
        self.assertIn("timed out", summary.failures[0].reason)
        self.assertEqual(query(self.db, "SELECT status FROM runs"), [("failed",)])

    def test_dry_run_runs_nothing(self):
        result = support.sweep_cli(PROBE, "--param", "value=1,2", "--runs", "2", "--db",
                                   self.db, "--dry-run")
        self.assertExit(result, 0)
        lines = result.stdout.splitlines()
        self.assertEqual(len(lines), 4)
        self.assertTrue(all("--sweepKey=" in line and "--RngRun=" in line for line in lines))
        self.assertFalse(os.path.exists(self.db))


def sweep_process(db, *args):
    """Start utils/sweep.py on the probe with `args` (a CLI sweep) in its own session."""
    return subprocess.Popen([sys.executable, os.path.join(support.UTILS, "sweep.py"), PROBE]
                            + list(args) + ["--db", db, "--build-dir", support.build_dir()],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, start_new_session=True)


def running_pids(db):
    """Return the pids of the 'running' runs of `db` ([] while it does not exist: opening
    a missing file with sqlite3 would create it empty, which the sweep then refuses)."""
    if not os.path.exists(db):
        return []
    try:
        return [pid for (pid,) in query(db, "SELECT pid FROM runs WHERE status = 'running'")]
    except sqlite3.OperationalError:
        return []


def wait_for(condition, timeout=60, message="timed out"):
    """Poll `condition` until it is true; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(message)
        time.sleep(0.05)


class ClaimTest(SweepTestCase):
    """Claims: concurrent and resumed sweeps never run a key that is running or done."""

    GRID = {"value": ["1", "2", "3", "4"]}

    def runs_per_key(self):
        """Return {sweep key: [statuses]} of the runs of self.db."""
        keys = {}
        for key, status in query(self.db, "SELECT sweep_key, status FROM runs ORDER BY id"):
            keys.setdefault(key, []).append(status)
        return keys

    def expected_keys(self):
        """Return the sweep keys of GRID with sleepMs=SLEEP."""
        return {s.sweep_key for s in sweep.plan_runs(PROBE, self.GRID, {"sleepMs": "1500"}, 1)}

    def test_two_identical_sweeps_record_one_run_per_key(self):
        # Both start at once on a database that does not exist yet (each may create it).
        first, second = (sweep_process(self.db, "--param", "value=1,2,3,4", "--set",
                                       "sleepMs=1500", "-j", "2") for _ in range(2))
        outputs = [p.communicate(timeout=120) for p in (first, second)]
        for process, (_, err) in zip((first, second), outputs):
            self.assertEqual(process.returncode, 0, err)
        keys = self.runs_per_key()
        self.assertEqual(set(keys), self.expected_keys())
        self.assertEqual(sorted(keys.values()), [["ok"]] * 4)  # exactly one run per key
        ran = [int(re.search(r"(\d+) ok, 0 failed", err).group(1)) for _, err in outputs]
        self.assertEqual(sum(ran), 4, outputs)
        elsewhere = [int(m.group(1)) if m else 0 for m in
                     (re.search(r"(\d+) running elsewhere", err) for _, err in outputs)]
        skipped = [len(re.findall(r"skipped .*: done meanwhile", err)) for _, err in outputs]
        self.assertEqual(sum(ran) + sum(elsewhere) + sum(skipped), 8, outputs)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM claims"), 0)
        self.assertConsistent(self.db)

    def start_and_kill_sweep(self):
        """Start a sweep of GRID (-j 2, 1.5 s runs), SIGKILL it (the sweep process alone)
        once two runs are running; return the pids of those runs."""
        process = sweep_process(self.db, "--param", "value=1,2,3,4", "--set", "sleepMs=1500",
                                "-j", "2")
        try:
            wait_for(lambda: len(running_pids(self.db)) == 2, message="no runs started")
        finally:
            os.kill(process.pid, signal.SIGKILL)
            process.communicate()
        pids = running_pids(self.db)
        self.assertEqual(len(pids), 2)
        return pids

    def test_resume_after_sigkill_leaves_the_orphans_their_keys(self):
        # The killed sweep's programs go on (their own sessions) and record their runs: the
        # resumed sweep must not run those keys again.
        orphans = self.start_and_kill_sweep()
        resumed = self.sweep(self.GRID, {"sleepMs": "1500"})
        self.assertEqual((resumed.skipped + resumed.elsewhere, resumed.ok, resumed.failed),
                         (2, 2, 0), resumed)
        wait_for(lambda: not any(results.process_start(pid) for pid in orphans),
                 message="the orphan programs did not end")
        keys = self.runs_per_key()
        self.assertEqual(set(keys), self.expected_keys())
        self.assertEqual(sorted(keys.values()), [["ok"]] * 4)
        again = self.sweep(self.GRID, {"sleepMs": "1500"})
        self.assertEqual((again.skipped, again.ok, again.elsewhere), (4, 0, 0))
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM claims"), 0)
        self.assertConsistent(self.db)

    def test_resume_after_sigkill_of_sweep_and_runs_reruns_each_killed_key_once(self):
        orphans = self.start_and_kill_sweep()
        for pid in orphans:
            os.kill(pid, signal.SIGKILL)
        wait_for(lambda: not any(results.process_start(pid) for pid in orphans),
                 message="the killed programs did not end")
        resumed = self.sweep(self.GRID, {"sleepMs": "1500"})
        self.assertEqual((resumed.skipped, resumed.ok, resumed.failed, resumed.elsewhere),
                         (0, 4, 0, 0), resumed)
        keys = self.runs_per_key()
        self.assertEqual(set(keys), self.expected_keys())
        # The two killed keys: their 'running' row became 'failed', then one 'ok' run each.
        self.assertEqual(sorted(keys.values()),
                         [["failed", "ok"]] * 2 + [["ok"]] * 2)
        messages = [m for (m,) in query(self.db, "SELECT message FROM runs WHERE status = "
                                                 "'failed'")]
        self.assertTrue(all("ended without finishing" in m for m in messages), messages)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM claims"), 0)
        self.assertConsistent(self.db)

    def test_live_claim_is_respected_and_stale_one_taken_over(self):
        conn = results.connect(self.db)
        self.addCleanup(conn.close)
        me = os.getpid()
        state, after = results.claim_key(conn, "k1", PROBE, "a", "local", 60, me,
                                         results.process_start(me))
        self.assertEqual((state, after), ("claimed", 0))
        state, holder = results.claim_key(conn, "k1", PROBE, "b", "local", 60, me, "")
        self.assertEqual(state, "elsewhere")
        self.assertIn("pid %d" % me, holder)
        # A claim whose process is gone (a pid of an ended child) is taken over.
        child = subprocess.Popen(["true"])
        child.wait()
        results.release_claims(conn, "a")
        results.claim_key(conn, "k2", PROBE, "a", "local", 60, child.pid,
                          results.process_start(me))
        self.assertEqual(results.claim_key(conn, "k2", PROBE, "b", "local", 60, me, "")[0],
                         "claimed")
        # Claims judged from another host: by their lease.
        conn.execute("INSERT INTO claims (sweep_key, program, claimant, executor, host, pid, "
                     "claimed_at, heartbeat_at, lease_seconds) VALUES ('k3', ?, 'c', 'dask', "
                     "'elsewhere.example', 1, ?, ?, 60)", (PROBE, results.utc_now(),
                                                           results.utc_now()))
        self.assertEqual(results.claim_key(conn, "k3", PROBE, "b", "local", 60, me, "")[0],
                         "elsewhere")
        conn.execute("UPDATE claims SET heartbeat_at = '2000-01-01T00:00:00.000Z' "
                     "WHERE sweep_key = 'k3'")
        self.assertEqual(results.claim_key(conn, "k3", PROBE, "b", "local", 60, me, "")[0],
                         "claimed")


class BadInputTest(SweepTestCase):
    """Bad input: a clear message, exit status 2, nothing run, the database unchanged."""

    def setUp(self):
        super().setUp()
        summary = self.sweep({"value": ["1"]})
        self.assertEqual(summary.ok, 1)
        self.rows = query(self.db, "SELECT * FROM runs")

    def assertRejected(self, args, message):
        """Assert that sweep.py ARGS exits 2 mentioning `message`, leaving the db as is."""
        result = support.sweep_cli(*(args + ["--db", self.db]))
        self.assertExit(result, 2)
        self.assertIn(message, result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertEqual(query(self.db, "SELECT * FROM runs"), self.rows)
        self.assertConsistent(self.db)

    def test_unknown_parameter(self):
        self.assertRejected([PROBE, "--param", "value=1,2", "--param", "bogus=1"],
                            "has no option --bogus")
        self.assertRejected([PROBE, "--set", "ns3::OcsNetDevice::NoSuch=1"],
                            "has no attribute NoSuch")

    def test_malformed_grid(self):
        self.assertRejected([PROBE, "--param", "value"], "expected NAME=V1,V2")
        self.assertRejected([PROBE, "--param", "value=1,,2"], "empty value")
        self.assertRejected([PROBE, "--param", "value=1,1"], "given twice")
        self.assertRejected([PROBE, "--param", "value=1", "--set", "value=2"], "given twice")
        self.assertRejected([PROBE, "--param", "RngRun=1,2"], "--runs")
        self.assertRejected([PROBE, "--param", "bad name=1"], "bad parameter name")
        for text, message in (('{"value": [1, 2', "not valid JSON"),
                              ('{"value": 1}', "non-empty list"),
                              ('{"value": []}', "non-empty list"),
                              ('{"value": [[1]]}', "bad value"),
                              ('[1, 2]', "expected an object")):
            grid = self.path("grid.json")
            with open(grid, "w") as stream:
                stream.write(text)
            self.assertRejected([PROBE, "--grid", grid], message)
        self.assertRejected([PROBE, "--grid", self.path("none.json")], "none.json")

    def test_unknown_program_and_executor(self):
        self.assertRejected(["no-such-program", "--param", "value=1"], "unknown program")
        self.assertRejected([PROBE, "--executor", "ssh://x"], "unknown executor")
        self.assertRejected([PROBE, "--executor", "dask://nohost"], "bad Dask scheduler")
        self.assertRejected([PROBE, "--runs", "0"], "--runs")

    def test_new_database_not_created(self):
        db = self.path("fresh.db")
        result = support.sweep_cli(PROBE, "--param", "bogus=1", "--db", db)
        self.assertExit(result, 2)
        self.assertFalse(os.path.exists(db))

    def test_api_raises(self):
        with self.assertRaises(sweep.SweepError):
            self.sweep({"value": "1,2"})  # a string, not a list
        with self.assertRaises(sweep.SweepError):
            self.sweep({"nope": [1]})


class SlurmScriptTest(SweepTestCase):
    """--slurm-script writes a job array whose tasks, run as Slurm would, fill databases
    that results.py merge brings back."""

    def test_script_runs_and_merges(self):
        self.assertEqual(self.sweep({"value": ["1"]}).ok, 1)  # already done: not in the script
        script = self.path("job.sbatch")
        out = self.path("slurm-out")
        result = support.sweep_cli(PROBE, "--param", "value=1,2,3", "--db", self.db,
                                   "--slurm-script", script, "--slurm-output", out,
                                   "--slurm-option=--time=00:10:00")
        self.assertExit(result, 0)
        self.assertIn("sbatch", result.stderr)
        with open(script) as stream:
            text = stream.read()
        self.assertIn("#SBATCH --array=0-1\n", text)
        self.assertIn("#SBATCH --time=00:10:00\n", text)
        self.assertTrue(os.access(script, os.X_OK))
        for task in (0, 1):
            run = support.run(["bash", script], cwd=self.tmp,
                              env=dict(os.environ, SLURM_ARRAY_TASK_ID=str(task)))
            self.assertExit(run, 0)
        self.assertExit(support.run(["bash", script], cwd=self.tmp,
                                    env=dict(os.environ, SLURM_ARRAY_TASK_ID="2")), 2)
        merge = support.results_cli(self.db, "merge", os.path.join(out, "task-0.db"),
                                    os.path.join(out, "task-1.db"))
        self.assertExit(merge, 0)
        conn = results.connect(self.db)
        values = sorted(r["parameters"]["value"]
                        for r in results.metrics(conn, PROBE, names="value"))
        conn.close()
        self.assertEqual(values, ["1", "2", "3"])
        resumed = self.sweep({"value": ["1", "2", "3"]})
        self.assertEqual((resumed.skipped, resumed.ok), (3, 0))
        self.assertConsistent(self.db)

    def test_script_claims_its_runs_until_merged(self):
        script, out = self.path("job.sbatch"), self.path("slurm-out")
        args = [PROBE, "--param", "value=1,2", "--db", self.db, "--slurm-script", script,
                "--slurm-output", out]
        self.assertExit(support.sweep_cli(*args), 0)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM claims WHERE executor = "
                                         "'slurm'"), 2)
        # Written again while the job may run: no task; a local sweep runs nothing either.
        again = support.sweep_cli(*args)
        self.assertExit(again, 0)
        self.assertIn("claimed by another sweep", again.stderr)
        with open(script) as stream:
            self.assertNotIn("#SBATCH --array", stream.read())  # nothing to run
        local = self.sweep({"value": ["1", "2"]})
        self.assertEqual((local.ok, local.elsewhere), (0, 2))
        # Task 0 succeeds and task 1 fails (here: it never runs, and its database holds a
        # failed run); merging both releases both claims, so a new script covers value=2.
        self.assertExit(support.sweep_cli(*(args[:-4] + ["--slurm-script", script,
                                                           "--slurm-output", out,
                                                           "--release-claims"])), 0)
        with open(script) as stream:
            text = stream.read()
        self.assertIn("#SBATCH --array=0-1\n", text)
        run = support.run(["bash", script], cwd=self.tmp,
                          env=dict(os.environ, SLURM_ARRAY_TASK_ID="0"))
        self.assertExit(run, 0)
        failed_db = os.path.join(out, "task-1.db")
        conn = results.connect(failed_db)
        key = [s.sweep_key for s in sweep.plan_runs(PROBE, {"value": ["2"]}, {}, 1)][0]
        results.record_failed(conn, PROBE, key, 1, "--value=2", results.utc_now(), "boom")
        conn.close()
        merge = support.results_cli(self.db, "merge", os.path.join(out, "task-0.db"),
                                    failed_db)
        self.assertExit(merge, 0)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM claims"), 0)
        self.assertExit(support.sweep_cli(*args), 0)
        with open(script) as stream:
            text = stream.read()
        self.assertIn("#SBATCH --array=0-0\n", text)
        self.assertIn("--value=2", text)
        self.assertNotIn("--value=1", text)


if __name__ == "__main__":
    support.main()
