#!/usr/bin/env python3
"""Tests of the sweep runner's Dask executor (utils/sweep.py --executor dask://HOST:PORT) on
a real local cluster: a scheduler and two workers on 127.0.0.1, on free ports, started and
stopped by the test. Also: an unreachable scheduler is reported within the timeout and the
database is left as it was.

Skipped (with a message) only if the Python package 'distributed' cannot be imported.
Run directly (python3 test/results/test_sweep_dask.py) or through test.py (suite
optical-py-sweep-dask).
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest

import optical_test_support as support
from optical_test_support import TempDirTestCase, query, scalar

from ns3optical import results
from ns3optical import sweep

try:
    import distributed
except ImportError as error:
    distributed = None
    IMPORT_ERROR = str(error)

PROBE = support.PROBE
START_TIMEOUT = 90


def free_port():
    """Return a TCP port of 127.0.0.1 that is free now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for_port(port, process, timeout):
    """Wait until 127.0.0.1:port accepts connections; raise if `process` dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the Dask scheduler exited with status %d" % process.returncode)
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("the Dask scheduler did not listen on port %d within %d s"
                       % (port, timeout))


class LocalCluster:
    """A Dask scheduler and `workers` single-threaded workers on 127.0.0.1, each in its own
    process group (so that stop() removes them with their children)."""

    def __init__(self, workers=2):
        self.workers = workers
        self.processes = []
        self.directory = tempfile.mkdtemp(prefix="optical-dask-")
        self.port = None

    def _spawn(self, args, name):
        """Start `python -m args` logging to <directory>/<name>.log."""
        log = open(os.path.join(self.directory, name + ".log"), "w")
        process = subprocess.Popen([sys.executable, "-m"] + args, cwd=self.directory,
                                   stdout=log, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        self.processes.append(process)
        return process

    def start(self):
        """Start the scheduler and the workers; wait until the workers are connected."""
        self.port = free_port()
        scheduler = self._spawn(["distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                 "--port", str(self.port), "--no-dashboard"], "scheduler")
        wait_for_port(self.port, scheduler, START_TIMEOUT)
        for index in range(self.workers):
            workdir = os.path.join(self.directory, "worker-%d" % index)
            os.makedirs(workdir)
            self._spawn(["distributed.cli.dask_worker", self.tcp_address(), "--host",
                         "127.0.0.1", "--nthreads", "1", "--no-nanny", "--no-dashboard",
                         "--local-directory", workdir, "--name", "w%d" % index],
                        "worker-%d" % index)
        with distributed.Client(self.tcp_address(), timeout=30,
                                set_as_default=False) as client:
            client.wait_for_workers(self.workers, timeout=START_TIMEOUT)

    def tcp_address(self):
        """Return the scheduler address tcp://127.0.0.1:PORT."""
        return "tcp://127.0.0.1:%d" % self.port

    def log(self):
        """Return the logs of the cluster (for failure messages)."""
        text = []
        for name in sorted(os.listdir(self.directory)):
            if name.endswith(".log"):
                with open(os.path.join(self.directory, name), errors="replace") as stream:
                    text.append("--- %s\n%s" % (name, stream.read()[-3000:]))
        return "\n".join(text)

    def stop(self):
        """Stop every process (workers first), then remove the directory."""
        for process in reversed(self.processes):
            if process.poll() is None:
                try:
                    os.killpg(process.pid, signal.SIGTERM)
                except OSError:
                    pass
        for process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except OSError:
                    pass
                process.wait()
        self.processes = []
        shutil.rmtree(self.directory, ignore_errors=True)


@unittest.skipIf(distributed is None,
                 "the Python package 'distributed' cannot be imported by %s: %s"
                 % (sys.executable, "" if distributed else IMPORT_ERROR))
class DaskSweepTest(TempDirTestCase):
    """Sweeps on a local Dask cluster (one per test class)."""

    @classmethod
    def setUpClass(cls):
        support.probe_path()
        cls.cluster = LocalCluster(workers=2)
        cls.addClassCleanup(cls.cluster.stop)
        cls.cluster.start()

    def setUp(self):
        super().setUp()
        self.db = self.path("dask.db")
        self.executor = "dask://127.0.0.1:%d" % self.cluster.port

    def sweep_cli(self, *args):
        """Run sweep.py on the cluster, writing self.db."""
        return support.sweep_cli(PROBE, "--executor", self.executor, "--db", self.db, *args)

    def test_sweep_fills_the_database(self):
        result = self.sweep_cli("--param", "value=1,2,3", "--set", "series=4", "--runs", "2")
        self.assertExit(result, 0, self.cluster.log())
        self.assertIn("6 ok, 0 failed", result.stderr)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM runs WHERE status = 'ok'"), 6)
        self.assertEqual(scalar(self.db, "SELECT COUNT(DISTINCT sweep_key) FROM runs"), 6)
        # Everything of each run came back: 10 rows + 'value' + 'rows', 4 series points.
        self.assertEqual(query(self.db, "SELECT COUNT(*) FROM metrics GROUP BY run_id"),
                         [(12,)] * 6)
        self.assertEqual(query(self.db, "SELECT COUNT(*) FROM series GROUP BY run_id"),
                         [(4,)] * 6)
        conn = results.connect(self.db)
        rows = results.metrics(conn, PROBE, names="value")
        conn.close()
        self.assertEqual(sorted((r["parameters"]["value"], r["rng_run"], r["value"])
                                for r in rows),
                         [(v, s, float(v)) for v in "123" for s in (1, 2)])
        # The programs ran on the workers, with worker-side databases.
        commands = [c for (c,) in query(self.db, "SELECT command_line FROM runs")]
        self.assertFalse(any(self.db in c for c in commands), commands)
        self.assertConsistent(self.db)

        resumed = self.sweep_cli("--param", "value=1,2,3", "--set", "series=4", "--runs", "2")
        self.assertExit(resumed, 0)
        self.assertIn("6 already done, 0 ok", resumed.stderr)

    def test_crash_on_a_worker_is_recorded(self):
        result = self.sweep_cli("--param", "crash=0,1", "--param", "fail=0,1")
        self.assertExit(result, 1, self.cluster.log())
        self.assertIn("1 ok, 3 failed", result.stderr)
        rows = query(self.db, "SELECT status, message FROM runs ORDER BY status")
        self.assertEqual([s for s, _ in rows], ["failed"] * 3 + ["ok"])
        messages = "\n".join(m for _, m in rows if m)
        self.assertIn("SIGABRT", messages)
        self.assertIn("crashing on request", messages)
        self.assertIn("failing on request", messages)
        self.assertConsistent(self.db)

    def test_run_sweep_api(self):
        log = open(self.path("log"), "w")
        self.addCleanup(log.close)
        summary = sweep.run_sweep(PROBE, {"value": [0.5, 1.5]}, {"rows": 2}, runs=1,
                                  db=self.db, executor=self.executor,
                                  build_dir=support.build_dir(), stream=log)
        self.assertEqual((summary.planned, summary.ok, summary.failed), (2, 2, 0))


@unittest.skipIf(distributed is None,
                 "the Python package 'distributed' cannot be imported by %s: %s"
                 % (sys.executable, "" if distributed else IMPORT_ERROR))
class UnreachableSchedulerTest(TempDirTestCase):
    """No scheduler listens: a clear message within the timeout, the database unchanged."""

    def test_unreachable_scheduler(self):
        support.probe_path()
        db = self.path("d.db")
        self.assertEqual(support.sweep_cli(PROBE, "--param", "value=1", "--db", db,
                                           "-q").returncode, 0)
        before = query(db, "SELECT * FROM runs")
        start = time.monotonic()
        result = support.sweep_cli(PROBE, "--param", "value=1,2", "--db", db, "--executor",
                                   "dask://127.0.0.1:%d" % free_port(), "--connect-timeout",
                                   "2")
        self.assertLess(time.monotonic() - start, 30)
        self.assertExit(result, 2)
        self.assertIn("cannot connect to the Dask scheduler", result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        self.assertEqual(query(db, "SELECT * FROM runs"), before)
        self.assertConsistent(db)

        fresh = self.path("fresh.db")
        result = support.sweep_cli(PROBE, "--param", "value=1", "--db", fresh, "--executor",
                                   "dask://127.0.0.1:%d" % free_port(), "--connect-timeout",
                                   "1")
        self.assertExit(result, 2)
        self.assertFalse(os.path.exists(fresh))


if __name__ == "__main__":
    support.main()
