#!/usr/bin/env python3
"""Tests of the figure framework: utils/figure.py and the declarations in utils/ns3optical/figures/.

    /usr/bin/python3 test/results/test_figure.py [-v]

Most tests build a temporary results database with synthetic 'ok' runs of a figure's grid
(no simulation) and run utils/figure.py on it as a subprocess; the plotting tests need
matplotlib in the interpreter running this file and are skipped without it. One test runs a
tiny sweep of the real ocs-reconfiguration program when it is built (in $OPTICAL_BUILD_DIR,
set by test.py, or build/), in a temporary database and output directory.
Exits with a nonzero status if a test fails.
"""

import contextlib
import importlib.util
import io
import os
import re
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
UTILS = os.path.join(ROOT, "utils")
FIGURE_PY = os.path.join(UTILS, "figure.py")
sys.path.insert(0, UTILS)

from ns3optical import figure as figure_cli  # noqa: E402  (after the path set-up)
from ns3optical import figures  # noqa: E402
from ns3optical import results  # noqa: E402
from ns3optical import sweep  # noqa: E402
from ns3optical.figures import ocs_goodput_vs_delay as goodput_figure  # noqa: E402

FIGURE_ID = "ocs-goodput-vs-delay"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# The build under test: $OPTICAL_BUILD_DIR (set by test.py) or <module>/build.
BUILD_DIR = os.path.abspath(os.environ.get("OPTICAL_BUILD_DIR") or os.path.join(ROOT, "build"))


def real_program():
    """Return the built ocs-reconfiguration of the build under test, or None."""
    try:
        path = sweep.read_programs(BUILD_DIR).get("ocs-reconfiguration")
    except sweep.SweepError:
        return None
    return path if path and os.access(path, os.X_OK) else None


HAVE_MATPLOTLIB = importlib.util.find_spec("matplotlib") is not None

# Every option of ocs-reconfiguration with its default, as the program records them (kind
# 'cli', values after parsing).
PROGRAM_DEFAULTS = {
    "reconfigDelay": "0.01", "controlDelay": "0", "period": "0.1", "duration": "1",
    "policy": "drop", "rate": "1Gbps", "linkRate": "10Gbps", "packetSize": "1000",
    "queueSize": "1000", "fibreLength": "20", "pcap": "false",
}


def synthetic_metrics(parameters, rng_run, noise):
    """Return {name: (value, unit)} of a synthetic run: the analytic model of the figure
    (3 reconfigurations, offered 4 x rate), plus `noise` x (rng_run - 2) on the goodput."""
    values = dict(parameters)
    point = figures.Point({"reconfigDelay": values["reconfigDelay"],
                           "policy": values["policy"]},
                          values,
                          {"offered-gbps": figures.Stat(
                              [4 * figures.parse_data_rate(values["rate"]) / 1e9]),
                           "reconfigurations": figures.Stat([3.0])},
                          [0], [rng_run])
    if values["policy"] == "drop":
        goodput = goodput_figure.drop_goodput(point)
    else:
        goodput = goodput_figure.drain_goodput(point)
    goodput += noise * (rng_run - 2)
    return {"goodput-gbps": (goodput, "Gbit/s"),
            "offered-gbps": (point.value("offered-gbps"), "Gbit/s"),
            "reconfigurations": (3.0, ""),
            "dark-time-ms": (3 * float(values["reconfigDelay"]) * 1e3, "ms"),
            "delivered-packets": (goodput * 1e9 / 8000, "packets"),
            "dropped-packets": (0.0, "packets")}


def make_database(path, figure, runs=1, noise=0.0, skip=(), status="ok"):
    """Create the results database `path` with one synthetic run per grid point and seed of
    `figure` (sweep keys as utils/sweep.py computes them). Grid points whose values contain
    all items of a dict of `skip` get no run. Return the number of runs written."""
    grid, fixed = sweep.normalize_grid(figure.grid, figure.fixed)
    conn = results.connect(path)
    written = 0
    try:
        with results.transaction(conn):
            for spec in sweep.plan_runs(figure.program, grid, fixed, runs):
                values = dict(spec.parameters)
                if any(all(values.get(k) == v for k, v in s.items()) for s in skip):
                    continue
                parameters = dict(PROGRAM_DEFAULTS, **values)
                cursor = conn.execute(
                    "INSERT INTO runs (program, status, sweep_key, rng_seed, rng_run, "
                    "version, host, pid, command_line, started_at, ended_at, wall_seconds) "
                    "VALUES (?, ?, ?, 1, ?, 'test', 'test', 0, ?, ?, ?, 0.1)",
                    (figure.program, status, spec.sweep_key, spec.rng_run,
                     " ".join(spec.arguments(path)), results.utc_now(), results.utc_now()))
                run_id = cursor.lastrowid
                rows = [(run_id, n, v, "cli") for n, v in parameters.items()]
                rows += [(run_id, "RngRun", str(spec.rng_run), "global"),
                         (run_id, "RngSeed", "1", "global"),
                         (run_id, "results", path, "cli"),
                         (run_id, "sweepKey", spec.sweep_key, "cli")]
                conn.executemany("INSERT INTO parameters (run_id, name, value, kind) "
                                 "VALUES (?, ?, ?, ?)", rows)
                conn.executemany("INSERT INTO metrics (run_id, name, value, unit) "
                                 "VALUES (?, ?, ?, ?)",
                                 [(run_id, n, v, u) for n, (v, u)
                                  in synthetic_metrics(parameters, spec.rng_run,
                                                       noise).items()])
                written += 1
    finally:
        conn.close()
    return written


def run_figure(*arguments, cwd=None):
    """Run utils/figure.py with `arguments`; return the CompletedProcess (text)."""
    return subprocess.run([sys.executable, FIGURE_PY] + list(arguments), cwd=cwd,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, universal_newlines=True, timeout=300)


class TempDirTestCase(unittest.TestCase):
    """A test with its own temporary directory (self.tmp), removed afterwards."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory(prefix="test-figure-")
        self.tmp = self._tmp.name
        self.db = os.path.join(self.tmp, "results.db")
        self.out = os.path.join(self.tmp, "figs")
        self.figure = figures.load_all()[FIGURE_ID]

    def tearDown(self):
        self._tmp.cleanup()

    def assert_figure_files(self, out_dir, figure_id):
        """Assert that out_dir holds a real PNG (> 10 kB) and PDF of figure_id."""
        png = os.path.join(out_dir, figure_id + ".png")
        pdf = os.path.join(out_dir, figure_id + ".pdf")
        with open(png, "rb") as stream:
            self.assertEqual(stream.read(8), PNG_SIGNATURE, "not a PNG: %s" % png)
        self.assertGreater(os.path.getsize(png), 10 * 1024, "PNG too small")
        with open(pdf, "rb") as stream:
            self.assertEqual(stream.read(5), b"%PDF-", "not a PDF: %s" % pdf)
        self.assertGreater(os.path.getsize(pdf), 5 * 1024, "PDF too small")
        self.assertTrue(os.stat(png).st_mode & 0o044, "PNG not readable by others")
        leftovers = [f for f in os.listdir(out_dir) if f.startswith(".")]
        self.assertEqual(leftovers, [], "temporary files left behind")


class DeclarationTest(TempDirTestCase):
    """The registry and the declaration checks."""

    def test_registry_finds_the_figure(self):
        declared = figures.load_all()
        self.assertIn(FIGURE_ID, declared)
        fig = declared[FIGURE_ID]
        self.assertEqual(fig.program, "ocs-reconfiguration")
        self.assertEqual(fig.x, "reconfigDelay")
        self.assertEqual(fig.metric, "goodput-gbps")
        self.assertEqual(set(fig.grid["policy"]), {"drop", "drain"})
        delays = [float(d) for d in fig.grid["reconfigDelay"]]
        self.assertEqual((min(delays), max(delays)), (1e-6, 1e-1))
        self.assertTrue(fig.module.endswith("ocs_goodput_vs_delay.py"))
        # --period must exceed every delay (the program refuses otherwise).
        self.assertGreater(float(fig.fixed["period"]), max(delays))
        labels = [r.label for r in fig.references]
        for label in ("goodput at 1 ms, drop", "goodput at 10 ms, drop",
                      "goodput at 100 ms, drop", "goodput at 10 ms, drain"):
            self.assertIn(label, labels)
        for ref in fig.references:
            self.assertTrue(ref.source.startswith("analytic"))

    def test_checks_reject_bad_declarations(self):
        good = dict(id="x-fig", description="d", program="p", grid={"a": ["1", "2"],
                                                                    "b": ["u"]},
                    x="a", metric="m")
        figures.Figure(**good).check()
        bad = [
            dict(good, id="Bad Id"),
            dict(good, x="c"),                                  # x not in the grid
            dict(good, grid={"a": ["1", "1"]}),                 # value twice
            dict(good, grid={"a": []}),
            dict(good, grid={"a": ["one"], "b": ["u"]}),        # x not a number or quantity
            dict(good, fixed={"a": "3"}),                       # grid and fixed
            dict(good, runs=0),
            dict(good, xscale="weird"),
            dict(good, references=[figures.Reference("r", "u", "analytic", 1.0,
                                                     at={"a": "3", "b": "u"})]),
            dict(good, references=[figures.Reference("r", "u", "analytic", 1.0,
                                                     at={"a": "1"})]),
            dict(good, references=[figures.Reference("r", "u", "analytic", "x",
                                                     at={"a": "1", "b": "u"})]),
        ]
        for fields in bad:
            with self.assertRaises(figures.DeclarationError, msg=str(fields)):
                figures.Figure(**fields).check()

    def test_values(self):
        self.assertEqual(figures.parse_data_rate("500Mbps"), 500e6)
        self.assertEqual(figures.parse_data_rate("10Gbps"), 10e9)
        self.assertEqual(figures.parse_data_rate("1KB/s"), 8000)
        self.assertEqual(figures.parse_data_rate("2000"), 2000)
        self.assertAlmostEqual(figures.parse_quantity("1e-6"), 1e-6)
        self.assertAlmostEqual(figures.parse_quantity("10ms"), 0.01)
        self.assertAlmostEqual(figures.parse_quantity("1.5min"), 90.0)
        self.assertAlmostEqual(figures.parse_quantity("24h"), 86400.0)
        self.assertAlmostEqual(figures.parse_quantity("7d"), 604800.0)
        with self.assertRaises(ValueError):
            figures.parse_data_rate("fast")
        stat = figures.Stat([1.0, 2.0, 3.0])
        self.assertAlmostEqual(stat.mean, 2.0)
        self.assertAlmostEqual(stat.std, 1.0)
        self.assertAlmostEqual(stat.ci95, 4.303 / 3 ** 0.5, places=3)
        self.assertEqual(figures.Stat([5.0]).ci95, 0.0)

    def test_analytic_model(self):
        """The references follow the brief's formulas."""
        point = figures.Point({"reconfigDelay": "1e-2", "policy": "drop"},
                              dict(PROGRAM_DEFAULTS, duration="1", rate="1Gbps"),
                              {"offered-gbps": figures.Stat([4.0]),
                               "reconfigurations": figures.Stat([9.0])}, [1], [1])
        # drop: offered x (1 - n d / T) = 4 x (1 - 9 x 0.01 / 1)
        self.assertAlmostEqual(goodput_figure.drop_goodput(point), 4 * 0.91)
        # drain: 1 Gbit/s x 10 ms / 8000 bit = 1250 datagrams per host: they fit.
        self.assertAlmostEqual(goodput_figure.drain_goodput(point), 4.0)
        # drain beyond the queues: 1 Gbit/s x 200 ms = 25000 datagrams per host, capacity
        # 1000 + 10240: 13760 lost per host and window.
        point.values["reconfigDelay"] = "0.2"
        expected = 4.0 * (1 - 9 * 13760 * 8000 / 1e9)
        self.assertAlmostEqual(goodput_figure.drain_goodput(point), expected)


class AggregateTest(TempDirTestCase):
    """Aggregation over seeds, in process (no matplotlib needed)."""

    def test_mean_and_ci_over_seeds(self):
        make_database(self.db, self.figure, runs=3, noise=0.01)
        conn = results.connect(self.db, create=False)
        try:
            data = figure_cli.aggregate(self.figure, conn, 3)
        finally:
            conn.close()
        self.assertEqual(len(data.points), 14)
        point = data.point(reconfigDelay="1e-2", policy="drop")
        stat = point.stat("goodput-gbps")
        self.assertEqual(stat.n, 3)
        self.assertEqual(sorted(point.rng_runs), [1, 2, 3])
        self.assertAlmostEqual(stat.mean, 0.97)           # noise -0.01, 0, +0.01
        self.assertAlmostEqual(stat.std, 0.01)
        self.assertAlmostEqual(stat.ci95, 4.303 * 0.01 / 3 ** 0.5, places=5)
        self.assertEqual(point.param("rate"), "250Mbps")
        self.assertNotIn("sweepKey", point.params)        # bookkeeping left out
        curves = data.curves()
        self.assertEqual([label for label, _, _ in curves],
                         ["Drop, simulation", "Drain, simulation"])
        xs = [float(p.values["reconfigDelay"]) for p in curves[0][2]]
        self.assertEqual(xs, sorted(xs))

    def test_only_the_sweep_runs_count(self):
        """Runs of other parameters, other seeds and failed runs are not aggregated."""
        make_database(self.db, self.figure, runs=1)
        other = figures.Figure(**dict(vars(self.figure), fixed=dict(self.figure.fixed,
                                                                    rate="1Gbps")))
        make_database(self.db, other, runs=1)
        make_database(self.db, self.figure, runs=2, status="failed")
        conn = results.connect(self.db, create=False)
        try:
            data = figure_cli.aggregate(self.figure, conn, 1)
        finally:
            conn.close()
        for point in data.points:
            self.assertEqual(len(point.run_ids), 1)
            self.assertAlmostEqual(point.value("offered-gbps"), 1.0)

    def test_cases_are_points_of_their_own(self):
        """A figure's cases: each runs the grid with its own parameters, and its points carry
        the case (a curve of its own); a case's parameter also in fixed is refused."""
        base = dict(vars(self.figure))
        grid = {"reconfigDelay": base["grid"]["reconfigDelay"]}
        cases = {"dropping": {"policy": "drop"}, "draining": {"policy": "drain"}}
        declared = figures.Figure(**dict(base, grid=grid, cases=cases, references=[],
                                         plot=None, decorate=None))
        declared.check()
        for params in cases.values():
            make_database(self.db, figures.Figure(**dict(
                base, grid=grid, fixed=dict(base["fixed"], **params), references=[])), runs=2)
        conn = results.connect(self.db, create=False)
        try:
            data = figure_cli.aggregate(declared, conn, 2)
        finally:
            conn.close()
        self.assertEqual(len(data.points), 2 * len(grid["reconfigDelay"]))
        drop = data.point(case="dropping", reconfigDelay="1e-2")
        drain = data.point(case="draining", reconfigDelay="1e-2")
        self.assertEqual(drop.param("policy"), "drop")
        self.assertEqual(drain.param("policy"), "drain")
        self.assertAlmostEqual(drop.stat("goodput-gbps").mean, 0.97)   # 3 x 10 ms of 1 s
        self.assertEqual(drop.stat("goodput-gbps").n, 2)
        self.assertEqual([label for label, _, _ in data.curves()],
                         ["case=dropping", "case=draining"])
        with self.assertRaises(figures.DeclarationError):
            figures.Figure(**dict(base, grid=grid, cases={"x": {"duration": "2"}})).check()
        with self.assertRaises(figures.DeclarationError):   # 'at' without the case
            figures.Figure(**dict(base, grid=grid, cases=cases, references=[
                figures.Reference("r", "u", "analytic", 1.0, at={"reconfigDelay": "1e-2"})]
                                  )).check()

    def test_missing_point_is_an_error(self):
        make_database(self.db, self.figure, skip=[{"reconfigDelay": "1e-3",
                                                   "policy": "drain"}])
        conn = results.connect(self.db, create=False)
        try:
            with self.assertRaises(figure_cli.FigureError) as caught:
                figure_cli.aggregate(self.figure, conn, 1)
        finally:
            conn.close()
        self.assertIn("reconfigDelay=1e-3 policy=drain", str(caught.exception))
        self.assertEqual(caught.exception.code, 1)


class UserFigureTest(TempDirTestCase):
    """Declarations outside the package (--file), axes with units, broken declarations."""

    USER_FIGURE = (
        "from ns3optical.figures import Figure\n"
        "FIGURE = Figure(id='my-delay-sweep', description='mine', program='ocs-reconfiguration',\n"
        "                grid={'reconfigDelay': ['100us', '1ms', '10ms']},\n"
        "                x='reconfigDelay', metric='goodput-gbps')\n")

    def write(self, name, text):
        path = os.path.join(self.tmp, name)
        with open(path, "w") as stream:
            stream.write(text)
        return path

    def test_axis_values_with_units(self):
        self.assertAlmostEqual(figures.parse_axis_value("100us"), 1e-4)
        self.assertAlmostEqual(figures.parse_axis_value("1ms"), 1e-3)
        self.assertAlmostEqual(figures.parse_axis_value("10Gbps"), 1e10)
        self.assertAlmostEqual(figures.parse_axis_value("64MiB"), 64 * 1024 ** 2)
        self.assertAlmostEqual(figures.parse_axis_value("1.5GB"), 1.5e9)
        self.assertAlmostEqual(figures.parse_axis_value("42"), 42.0)
        with self.assertRaises(ValueError):
            figures.parse_axis_value("fast")
        figures.Figure(id="u", description="d", program="p", grid={"a": ["100us", "1ms"]},
                       x="a", metric="m").check()

    def test_user_file_is_listed_and_found(self):
        path = self.write("my_figure.py", self.USER_FIGURE)
        declared = figures.load([path])
        self.assertIn("my-delay-sweep", declared)
        self.assertIn(FIGURE_ID, declared)       # the package's are still there
        self.assertEqual(declared["my-delay-sweep"].module, path)
        result = run_figure("--file", path, "--list", cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("my-delay-sweep", result.stdout)
        # With one file of one figure, the ID may be left out: it is the file's figure.
        result = run_figure("--file", path, "--no-run", "--db", self.db, "--out-dir", self.out,
                            cwd=self.tmp)
        self.assertIn("no results database", result.stderr)

    def test_scratch_figure_declares_a_built_program(self):
        """The user figure of "Write your own study" (scratch/) loads, and draws a program
        the build has (the sweep of test.py runs it: examples-to-run)."""
        path = os.path.join(ROOT, "scratch", "leaf_spine_rotation_figure.py")
        declared = figures.load_file(path)
        self.assertEqual([f.id for f in declared], ["leaf-spine-rotation"])
        self.assertEqual(declared[0].program, "leaf-spine-rotation")
        self.assertGreater(figures.parse_axis_value(declared[0].grid["period"][-1]),
                           figures.parse_axis_value(declared[0].grid["period"][0]))
        try:
            programs = sweep.read_programs(BUILD_DIR)
        except sweep.SweepError:
            self.skipTest("no build")
        self.assertIn("leaf-spine-rotation", programs)

    def test_broken_declaration_is_reported_alone(self):
        broken = self.write("broken.py", "FIGURE = 3\n")
        bad_syntax = self.write("syntax.py", "this is not python\n")
        good = self.write("good.py", self.USER_FIGURE)
        result = run_figure("--file", broken, "--file", bad_syntax, "--file", good, "--list",
                            cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("my-delay-sweep", result.stdout)
        self.assertIn(FIGURE_ID, result.stdout)
        self.assertIn("broken.py", result.stderr)
        self.assertIn("syntax.py", result.stderr)
        errors = []
        figures.load([broken], errors)
        self.assertEqual(len(errors), 1)
        with self.assertRaises(figures.DeclarationError):
            figures.load([broken])
        self.assertFalse(os.path.exists(self.out), "wrote something")


class CommandLineTest(TempDirTestCase):
    """utils/figure.py as a subprocess."""

    def test_list(self):
        result = run_figure("--list", cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = [l for l in result.stdout.splitlines() if l.startswith(FIGURE_ID)]
        self.assertEqual(len(lines), 1, result.stdout)
        self.assertGreater(len(lines[0].split(None, 1)[1]), 10, "no description")
        self.assertEqual(os.listdir(self.tmp), [])

    def test_unknown_id(self):
        make_database(self.db, self.figure)
        result = run_figure("no-such-figure", "--no-run", "--db", self.db,
                            "--out-dir", self.out, cwd=self.tmp)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn("unknown figure 'no-such-figure'", result.stderr)
        self.assertIn(FIGURE_ID, result.stderr)          # lists the known ids
        self.assertFalse(os.path.exists(self.out), "wrote something")
        self.assertEqual(result.stdout, "")

    def test_unknown_id_without_no_run_runs_nothing(self):
        result = run_figure("no-such-figure", "--db", self.db, "--out-dir", self.out,
                            cwd=self.tmp)
        self.assertNotEqual(result.returncode, 0)
        self.assertIn(FIGURE_ID, result.stderr)
        self.assertFalse(os.path.exists(self.db), "created a database")
        self.assertFalse(os.path.exists(self.out), "wrote something")

    def test_no_database(self):
        result = run_figure(FIGURE_ID, "--no-run", "--db", self.db, "--out-dir", self.out,
                            cwd=self.tmp)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("no results database", result.stderr)
        self.assertFalse(os.path.exists(self.db))
        self.assertFalse(os.path.exists(self.out))

    def test_missing_point_writes_nothing(self):
        make_database(self.db, self.figure, skip=[{"reconfigDelay": "1e-1",
                                                   "policy": "drop"}])
        result = run_figure(FIGURE_ID, "--no-run", "--db", self.db, "--out-dir", self.out,
                            cwd=self.tmp)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("1 of 14 grid points have no 'ok' run", result.stderr)
        self.assertIn("reconfigDelay=1e-1 policy=drop", result.stderr)
        self.assertFalse(os.path.exists(self.out))

    @unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not available to %s" % sys.executable)
    def test_figure_from_database(self):
        make_database(self.db, self.figure)
        result = run_figure(FIGURE_ID, "--no-run", "--db", self.db, "--out-dir", self.out,
                            cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_figure_files(self.out, FIGURE_ID)
        out = result.stdout
        # One comparison line per reference: 'label: analytic X unit, here Y unit (...)'.
        expected_lines = {
            "goodput at 1 ms, drop": ("0.9970", "0.9970"),
            "goodput at 10 ms, drop": ("0.9700", "0.9700"),
            "goodput at 100 ms, drop": ("0.7000", "0.7000"),
            "goodput at 1 ms, drain": ("1.000", "1.000"),
            "goodput at 10 ms, drain": ("1.000", "1.000"),
            "goodput at 100 ms, drain": ("1.000", "1.000"),
        }
        for label, (analytic, here) in expected_lines.items():
            pattern = (r"^%s: analytic %s Gbit/s, here %s Gbit/s \(\+0\.00%%, within 1%%\)$"
                       % (re.escape(label), re.escape(analytic), re.escape(here)))
            self.assertRegex(out, re.compile(pattern, re.MULTILINE))
        self.assertIn("source: analytic (this module's model: doc/optical.rst)", out)
        self.assertEqual(len(re.findall(r"^goodput at .*: analytic ", out, re.MULTILINE)),
                         len(self.figure.references))
        self.assertNotIn("sweep:", result.stderr)        # --no-run runs nothing

    @unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not available to %s" % sys.executable)
    def test_seeds_and_nested_out_dir(self):
        """--runs 3 aggregates three seeds (error bars); the measured value is their mean;
        the output directory is created, with its parents."""
        make_database(self.db, self.figure, runs=3, noise=0.02)
        out = os.path.join(self.out, "nested")
        result = run_figure(FIGURE_ID, "--no-run", "--runs", "3", "--db", self.db,
                            "--out-dir", out, cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assert_figure_files(out, FIGURE_ID)
        self.assertRegex(result.stdout, r"goodput at 10 ms, drop: analytic 0\.9700 Gbit/s, "
                                        r"here 0\.9700 Gbit/s")
        # With 4 seeds asked and 3 recorded it still draws, and says so.
        result = run_figure(FIGURE_ID, "--no-run", "--runs", "4", "--db", self.db,
                            "--out-dir", out, cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("fewer than 4 seeds", result.stderr)

    def test_bad_options(self):
        result = run_figure(FIGURE_ID, "--no-run", "--runs", "0", "--db", self.db,
                            "--out-dir", self.out, cwd=self.tmp)
        self.assertEqual(result.returncode, 2)
        self.assertIn("--runs must be at least 1", result.stderr)
        self.assertFalse(os.path.exists(self.out))


@unittest.skipUnless(real_program(), "ocs-reconfiguration is not built in %s" % BUILD_DIR)
@unittest.skipUnless(HAVE_MATPLOTLIB, "matplotlib is not available to %s" % sys.executable)
class RealSweepTest(TempDirTestCase):
    """A tiny figure of the real program: two delays, Drop only, 50 ms of traffic."""

    def tiny_figure(self, grid=None):
        reference = figures.Reference(
            label="goodput at 10 ms, drop", unit="Gbit/s",
            source="analytic (this module's model: doc/optical.rst)",
            expected=goodput_figure.drop_goodput,
            at={"reconfigDelay": "1e-2", "policy": "drop"}, rel_tol=0.02)
        fig = figures.Figure(
            id="test-tiny", description="tiny sweep of the real program",
            program="ocs-reconfiguration",
            grid=grid or {"reconfigDelay": ["1e-3", "1e-2"], "policy": ["drop"]},
            fixed={"duration": "0.05", "period": "0.02", "rate": "250Mbps"},
            x="reconfigDelay", metric="goodput-gbps", xscale="log",
            title="tiny", xlabel="Reconfiguration delay (s)", ylabel="Goodput (Gbit/s)",
            decorate=goodput_figure.decorate, module="test",
            references=[reference] if "policy" in (grid or {"policy": 0}) else [])
        fig.check()
        return fig

    def run_main(self, fig, *arguments):
        """Run figure.main with `fig` as the only declared figure; return (status, out,
        err)."""
        out, err = io.StringIO(), io.StringIO()
        saved = figure_cli.load_figures
        figure_cli.load_figures = lambda files=(), stderr=None: ({fig.id: fig}, [])
        try:
            with contextlib.redirect_stderr(err):
                try:
                    status = figure_cli.main([fig.id, "--db", self.db, "--out-dir", self.out,
                                              "-j", "1", "--build-dir", BUILD_DIR]
                                             + list(arguments), out, err)
                except figure_cli.FigureError as error:
                    err.write("figure.py: %s\n" % error)
                    status = error.code
        finally:
            figure_cli.load_figures = saved
        return status, out.getvalue(), err.getvalue()

    def test_tiny_sweep(self):
        fig = self.tiny_figure()
        status, out, err = self.run_main(fig)
        self.assertEqual(status, 0, err)
        self.assertIn("2 runs planned, 0 already done, 2 to run", err)
        self.assert_figure_files(self.out, fig.id)
        match = re.search(r"^goodput at 10 ms, drop: analytic (\S+) Gbit/s, here (\S+) "
                          r"Gbit/s \(\S+, within 2%\)$", out, re.MULTILINE)
        self.assertIsNotNone(match, out)
        # The runs are in the temporary database, complete.
        conn = results.connect(self.db, create=False)
        try:
            runs = results.list_runs(conn, "ocs-reconfiguration")
        finally:
            conn.close()
        self.assertEqual(sorted(r["status"] for r in runs), ["ok", "ok"])
        # A second call runs nothing.
        status, out, err = self.run_main(fig)
        self.assertEqual(status, 0, err)
        self.assertIn("2 already done, 0 to run", err)

    def test_grid_naming_an_unknown_parameter_is_rejected(self):
        fig = self.tiny_figure(grid={"reconfigDelay": ["1e-3", "1e-2"],
                                     "noSuchOption": ["1"]})
        status, out, err = self.run_main(fig)
        self.assertEqual(status, 2, err)
        self.assertIn("noSuchOption", err)
        self.assertFalse(os.path.exists(self.out))


if __name__ == "__main__":
    unittest.main()
