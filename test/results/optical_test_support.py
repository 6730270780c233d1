"""Shared helpers of the Python tests of the results store and the sweep runner
(test/results/test_*.py): paths, the probe program, temporary directories, running the CLIs.

The build directory is $OPTICAL_BUILD_DIR (set by test.py) or <module>/build. Tests that need
the probe program (results-probe, test/results/results-probe.cc) fail, not skip, when it is
missing from <build>/programs.txt: it is part of the module's standalone build.
"""

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
UTILS = os.path.join(ROOT, "utils")
if UTILS not in sys.path:  # the ns3optical package
    sys.path.insert(0, UTILS)

from ns3optical import manifest  # noqa: E402  (after the path set-up)

PROBE = "results-probe"


def build_dir():
    """Return the build directory under test."""
    return os.path.abspath(os.environ.get("OPTICAL_BUILD_DIR") or os.path.join(ROOT, "build"))


def programs():
    """Return {name: executable} from <build>/programs.txt ({} if it does not exist)."""
    return manifest.read_programs_or_empty(build_dir())


def example_path(program):
    """Return an example's executable; fail the test loudly if it is not built."""
    path = programs().get(program)
    if path is None or not os.access(path, os.X_OK):
        raise AssertionError("%s is not built in %s: run ./ns3 build %s"
                             % (program, build_dir(), program))
    return path


def store_counts(db):
    """Return {table: rows} of the runs and metrics tables and every event table of `db`."""
    conn = sqlite3.connect(db, timeout=30)
    try:
        tables = [row[0] for row in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND "
            "(name = 'runs' OR name = 'metrics' OR name LIKE 'ev_%')")]
        return {table: conn.execute('SELECT COUNT(*) FROM "%s"' % table).fetchone()[0]
                for table in tables}
    finally:
        conn.close()


def probe_path():
    """Return the probe executable; fail the test loudly if it is not built."""
    path = programs().get(PROBE)
    if path is None:
        raise AssertionError("%s is not in %s/programs.txt: the probe program is part of the "
                             "standalone build (./ns3 configure && ./ns3 build %s)"
                             % (PROBE, build_dir(), PROBE))
    if not os.access(path, os.X_OK):
        raise AssertionError("%s is not built (%s): run ./ns3 build %s" % (PROBE, path, PROBE))
    return path


def run(command, timeout=300, **kwargs):
    """Run `command` and return the CompletedProcess (text stdout and stderr)."""
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True, timeout=timeout, **kwargs)


def metrics(stdout):
    """Return {name: float} of a program's 'name: value' lines (values that are numbers)."""
    out = {}
    for line in stdout.splitlines():
        name, sep, value = line.partition(": ")
        if sep:
            try:
                out[name] = float(value.split()[0])
            except (ValueError, IndexError):
                pass
    return out


def results_cli(db, *args, **kwargs):
    """Run utils/results.py --db DB ARGS... with this interpreter."""
    return run([sys.executable, os.path.join(UTILS, "results.py"), "--db", db] + list(args),
               **kwargs)


def sweep_cli(*args, **kwargs):
    """Run utils/sweep.py ARGS... --build-dir BUILD with this interpreter."""
    return run([sys.executable, os.path.join(UTILS, "sweep.py")] + list(args)
               + ["--build-dir", build_dir()], **kwargs)


def query(db, sql, args=()):
    """Return the rows of `sql` on the database file `db` (a fresh connection)."""
    conn = sqlite3.connect(db, timeout=30)
    try:
        return conn.execute(sql, args).fetchall()
    finally:
        conn.close()


def scalar(db, sql, args=()):
    """Return the single value of `sql` on `db`."""
    return query(db, sql, args)[0][0]


class TempDirTestCase(unittest.TestCase):
    """A TestCase with a fresh temporary directory self.tmp, removed afterwards."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="optical-test-")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def path(self, name):
        """Return a path in the temporary directory."""
        return os.path.join(self.tmp, name)

    def assertConsistent(self, db):
        """Assert that `db` passes SQLite's integrity and foreign-key checks."""
        self.assertEqual(query(db, "PRAGMA integrity_check"), [("ok",)])
        self.assertEqual(query(db, "PRAGMA foreign_key_check"), [])

    def assertExit(self, result, code, message=""):
        """Assert the exit status of a CompletedProcess, showing its output otherwise."""
        self.assertEqual(result.returncode, code,
                         "%s\nstdout:\n%s\nstderr:\n%s" % (message, result.stdout,
                                                           result.stderr))


def main():
    """Run the tests of the calling module; exit nonzero on failure."""
    unittest.main(module="__main__", verbosity=2)
