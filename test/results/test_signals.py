#!/usr/bin/env python3
"""Tests of runs ended by a signal, on a real program (the probe, test/results/results-probe.cc,
through OpticalExperiment): SIGTERM, SIGINT and SIGHUP while it runs, and a pipe closed early
(`probe | head -1`, SIGPIPE), each leave the run 'failed' with "killed by SIG...", the rows
written before kept, and the process ended by that signal; a signal ignored when the program
starts stays ignored.

Run directly (python3 test/results/test_signals.py) or through test.py (suite
optical-py-signals).
"""

import os
import shlex
import signal
import sqlite3
import subprocess
import time

import optical_test_support as support
from optical_test_support import TempDirTestCase, query



def _default_signals():
    """Restore the default actions of SIGINT and SIGHUP (in the child, before exec)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGHUP, signal.SIG_DFL)

class SignalTest(TempDirTestCase):
    """The probe killed by a signal while it runs."""

    def setUp(self):
        super().setUp()
        self.probe = support.probe_path()
        self.db = self.path("signals.db")

    def start(self, *args, **kwargs):
        """Start the probe on self.db; wait until its run is recorded 'running'. The probe
        starts with SIGINT and SIGHUP at their default actions (unless preexec_fn says
        otherwise): a test.py started in the background of a non-interactive shell has SIGINT
        ignored, and the probe would rightly keep it ignored."""
        kwargs.setdefault("preexec_fn", _default_signals)
        process = subprocess.Popen([self.probe, "--results=" + self.db] + list(args),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                   cwd=self.tmp, **kwargs)
        self.addCleanup(lambda: process.poll() is None and process.kill())
        deadline = time.monotonic() + 60
        while self.statuses() != [("running",)]:
            self.assertIsNone(process.poll(), "the probe ended before it was signalled")
            self.assertLess(time.monotonic(), deadline, "the probe recorded no run")
            time.sleep(0.02)
        return process

    def statuses(self):
        """Return [(status,)] of the runs ([] while the database does not exist)."""
        if not os.path.exists(self.db):
            return []
        try:
            return query(self.db, "SELECT status FROM runs")
        except sqlite3.OperationalError:
            return []

    def assertKilled(self, signo, rows=0):
        """Assert the one run is 'failed' with "killed by <signal>" and has `rows` metrics."""
        name = signal.Signals(signo).name
        self.assertEqual(query(self.db, "SELECT status, message FROM runs"),
                         [("failed", "killed by " + name)])
        self.assertEqual(query(self.db, "SELECT COUNT(*) FROM metrics")[0][0], rows)
        self.assertConsistent(self.db)

    def test_sigterm_marks_the_run_failed(self):
        process = self.start("--rows=7", "--sleepMs=30000")
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
        self.assertEqual(process.returncode, -signal.SIGTERM, err)  # ended by the signal
        # The 7 metric rows were buffered (batches of 10000): the mark flushed them.
        self.assertKilled(signal.SIGTERM, rows=7)

    def test_sigterm_while_writing(self):
        # The probe writes 10 million rows in batches of 10000, so the signal comes during
        # a flush most of the time: the mark waits for it, then flushes the rest it holds.
        process = self.start("--rows=10000000")
        time.sleep(0.3)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=120)
        self.assertEqual(process.returncode, -signal.SIGTERM, err)
        self.assertEqual(query(self.db, "SELECT status, message FROM runs"),
                         [("failed", "killed by SIGTERM")])
        rows = query(self.db, "SELECT COUNT(*) FROM metrics")[0][0]
        self.assertGreater(rows, 0)
        self.assertLess(rows, 10000000, "the probe ended before the signal")
        self.assertConsistent(self.db)

    def test_sigint_and_sighup(self):
        for signo in (signal.SIGINT, signal.SIGHUP):
            with self.subTest(signal=signo.name):
                self.db = self.path(signo.name + ".db")
                process = self.start("--sleepMs=30000")
                process.send_signal(signo)
                _, err = process.communicate(timeout=60)
                self.assertEqual(process.returncode, -signo, err)
                self.assertKilled(signo, rows=10)

    def test_ignored_signal_stays_ignored(self):
        # Like nohup: SIGHUP ignored at start is not caught (the run goes on and ends 'ok').
        process = self.start("--sleepMs=1500", "--rows=0",
                             preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN))
        process.send_signal(signal.SIGHUP)
        _, err = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 0, err)
        self.assertEqual(self.statuses(), [("ok",)])

    def test_pipe_closed_early(self):
        # head exits after one line; the probe's next lines hit a closed pipe (SIGPIPE).
        command = "%s --results=%s --rows=3 --lines=1000000 | head -1" % (
            shlex.quote(self.probe), shlex.quote(self.db))
        result = support.run(["bash", "-c", command + '; echo "status=${PIPESTATUS[0]}" >&2'],
                             cwd=self.tmp)
        self.assertExit(result, 0)
        self.assertEqual(result.stdout, "line: 0\n")
        self.assertIn("status=%d" % (128 + signal.SIGPIPE), result.stderr)
        self.assertEqual(query(self.db, "SELECT COUNT(*) FROM runs WHERE status = 'running'"),
                         [(0,)])
        self.assertKilled(signal.SIGPIPE, rows=3)

    def test_sigkill_leaves_the_run_running(self):
        # Nothing can catch SIGKILL: the run stays 'running' (a sweep taking over the key
        # marks it 'failed'; see test_sweep.py).
        process = self.start("--sleepMs=30000")
        process.kill()
        process.communicate(timeout=60)
        self.assertEqual(self.statuses(), [("running",)])


if __name__ == "__main__":
    support.main()
