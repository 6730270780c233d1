#!/usr/bin/env python3
"""Tests of utils/check-metrics and its parsing and comparison (utils/ns3optical/metrics.py)
on hand-made example outputs and reports: which lines are metrics, repeated names, exact
text comparison, changed/missing/new names, the timing exclusions, the exit status of
--compare, and how an example's --results is redirected.

Run directly (python3 test/results/test_check_metrics.py) or through test.py (suite
optical-py-check-metrics).
"""

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
import unittest

import optical_test_support as support
from optical_test_support import TempDirTestCase

from ns3optical import metrics

SCRIPT = os.path.join(support.UTILS, "check-metrics")


def load_script():
    """Import utils/check-metrics (a script without .py) as a module."""
    loader = importlib.machinery.SourceFileLoader("check_metrics", SCRIPT)
    spec = importlib.util.spec_from_loader("check_metrics", loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


OUTPUT = """\
ocs-reconfiguration: 0.2 s simulated
goodput-gbps: 9.75
Some prose: with words is not a metric
  indented-name: 1
drops: 0
te-solver-s: 0.0123
drops: 7
ns3::Foo::Bar: 3
trailing-blank: 1e-05   
empty:
name:novalue
"""


class ParseTest(unittest.TestCase):
    """parse_metrics: one-word names, the rest of the line as text, repeats numbered."""

    def test_lines(self):
        found = metrics.parse_metrics(OUTPUT)
        self.assertEqual(found, {
            "ocs-reconfiguration": "0.2 s simulated",
            "goodput-gbps": "9.75",
            "drops": "0",
            "te-solver-s": "0.0123",
            "drops#2": "7",
            "trailing-blank": "1e-05",
        })

    def test_value_with_blanks(self):
        self.assertEqual(metrics.parse_metrics("mode: a b c\n"), {"mode": "a b c"})

    def test_order_kept(self):
        self.assertEqual(list(metrics.parse_metrics("b: 1\na: 2\nb: 3\n")), ["b", "a", "b#2"])


class CompareTest(unittest.TestCase):
    """compare_metrics / compare_reports: exact text, missing, new, exclusions."""

    def test_exact_text(self):
        diff = metrics.compare_metrics({"x": "0.1", "y": "2"}, {"x": "0.10", "y": "2"})
        self.assertEqual(diff, {"changed": [("x", "0.1", "0.10")], "missing": [], "new": []})

    def test_missing_and_new(self):
        diff = metrics.compare_metrics({"a": "1", "b": "2"}, {"b": "2", "c": "3"})
        self.assertEqual(diff, {"changed": [], "missing": ["a"], "new": ["c"]})

    def test_timing_excluded(self):
        before = {"te-solver-s": "0.5", "planner-s": "1", "wall-seconds": "3", "x": "1"}
        after = {"te-solver-s": "0.7", "planner-s": "2", "x": "1"}
        self.assertEqual(metrics.compare_metrics(before, after),
                         {"changed": [], "missing": [], "new": []})
        # ...but a name that merely looks alike is compared.
        self.assertEqual(metrics.compare_metrics({"planner-s-count": "1"},
                                                 {"planner-s-count": "2"})["changed"],
                         [("planner-s-count", "1", "2")])

    def test_every_pattern_has_a_reason(self):
        self.assertTrue(metrics.TIMING_PATTERNS)
        for pattern, reason in metrics.TIMING_PATTERNS:
            self.assertTrue(pattern and reason.strip(), pattern)

    def test_repeated_name_excluded_by_its_base(self):
        self.assertTrue(metrics.excluded_by("te-solver-s#2"))
        self.assertFalse(metrics.excluded_by("drops#2"))

    def test_reports(self):
        before = {"p --a=1": {"x": "1", "(exit)": "0"}, "p --a=2": {"x": "2"},
                  "gone": {"y": "1"}}
        after = {"p --a=1": {"x": "1", "(exit)": "0"}, "p --a=2": {"x": "3"},
                 "added": {"z": "1"}}
        diff = metrics.compare_reports(before, after)
        self.assertEqual(sorted(diff), ["added", "gone", "p --a=2"])
        self.assertEqual(diff["gone"]["example"], "missing")
        self.assertEqual(diff["gone"]["missing"], ["y"])
        self.assertEqual(diff["added"]["example"], "new")
        self.assertEqual(diff["p --a=2"]["changed"], [("x", "2", "3")])
        text = metrics.format_differences(diff)
        self.assertIn("changed  x: 2 -> 3", text)
        self.assertIn("gone (example missing)", text)
        self.assertEqual(metrics.compare_reports(before, before), {})


class ScriptTest(TempDirTestCase):
    """utils/check-metrics as a program, on hand-made reports (nothing is run)."""

    def write(self, name, report):
        path = self.path(name)
        with open(path, "w") as stream:
            json.dump(report, stream)
        return path

    def check(self, *args):
        return support.run([sys.executable, SCRIPT] + list(args))

    def test_compare_exit_status(self):
        before = self.write("before.json", {"e --x=1": {"m": "1", "te-solver-s": "1"}})
        same = self.write("same.json", {"e --x=1": {"m": "1", "te-solver-s": "9"}})
        other = self.write("other.json", {"e --x=1": {"m": "2"}})
        self.assertExit(self.check("--compare", before, "--report", same), 0)
        result = self.check("--compare", before, "--report", other)
        self.assertExit(result, 1)
        self.assertIn("changed  m: 1 -> 2", result.stdout)

    def test_bad_report(self):
        bad = self.write("bad.json", ["not", "a", "report"])
        self.assertExit(self.check("--compare", bad, "--report", bad), 2)

    def test_list_excluded(self):
        result = self.check("--list-excluded")
        self.assertExit(result, 0)
        self.assertEqual(len(result.stdout.splitlines()), len(metrics.TIMING_PATTERNS))

    def test_results_redirected(self):
        script = load_script()
        self.assertEqual(script.with_database(["p", "--results=results/x.db", "--a=1"], "/t/d"),
                         ["p", "--a=1", "--results=/t/d"])
        self.assertEqual(script.with_database(["p"], "/t/d"), ["p", "--results=/t/d"])

    def test_plan_honours_conditions(self):
        script = load_script()
        os.makedirs(self.path("build"))
        with open(self.path("build/programs.txt"), "w") as stream:
            stream.write("optical-line=examples\n")
        planned = script.plan(self.path("build"), ["optical-line", "wan-bypass"])
        runnable = [line for line, command, _ in planned if command]
        self.assertTrue(runnable and all(line.startswith("optical-line") for line in runnable))
        skipped = [reason for line, command, reason in planned if command is None]
        self.assertTrue(skipped and all("no program 'wan-bypass'" in r for r in skipped))


if __name__ == "__main__":
    support.main()
