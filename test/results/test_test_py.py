#!/usr/bin/env python3
"""Tests that ./test.py keeps results out of the source tree: every job it runs gets its own
database in a temporary directory through NS3_OPTICAL_RESULTS, an example given --results=FILE
explicitly writes there instead, and nothing appears under <root>/results/. Runs the probe
program as test.py runs an example.

Run directly (python3 test/results/test_test_py.py) or through test.py (suite
optical-py-test-py).
"""

import importlib.util
import os
import sys

import optical_test_support as support
from optical_test_support import TempDirTestCase, query


def load_test_py():
    """Import <root>/test.py as a module."""
    spec = importlib.util.spec_from_file_location("optical_test_py",
                                                  os.path.join(support.ROOT, "test.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TestPyResultsTest(TempDirTestCase):
    """Examples run by test.py write their results in the temporary directory only."""

    def test_examples_write_outside_the_tree(self):
        probe = support.probe_path()
        test_py = load_test_py()
        before = test_py.tree_results_snapshot()
        programs = {support.PROBE: probe}
        jobs = [test_py.cpp_example_job("results-probe --rows=2", "True", programs),
                test_py.cpp_example_job("results-probe --value=3 --results=results/x.db",
                                        "True", programs),
                test_py.cpp_example_job("results-probe --results=none", "True", programs)]
        test_py.isolate_results(jobs, self.tmp)
        runner = test_py.Runner(timeout=120)
        for job in jobs:
            runner.run(job)
            self.assertEqual(job.status, test_py.PASS, job.output)
        self.assertEqual(sorted(os.listdir(self.tmp)),
                         ["test-0.db", "test-1-x.db"])  # --results=none records nothing
        self.assertEqual(query(os.path.join(self.tmp, "test-0.db"),
                               "SELECT program, status FROM runs"), [("results-probe", "ok")])
        self.assertEqual(query(os.path.join(self.tmp, "test-1-x.db"),
                               "SELECT m.value FROM metrics m WHERE m.name = 'value'"),
                         [(3.0,)])
        self.assertEqual(test_py.tree_results_changes(before), [])
        self.assertTrue(all(job.env["NS3_OPTICAL_RESULTS"].startswith(self.tmp)
                            for job in jobs))

    def test_a_write_into_the_tree_is_detected(self):
        test_py = load_test_py()
        test_py.TREE_RESULTS = self.path("results")  # stands for <root>/results
        os.makedirs(test_py.TREE_RESULTS)
        old = os.path.join(test_py.TREE_RESULTS, "old.db")
        with open(old, "w") as stream:
            stream.write("x")
        before = test_py.tree_results_snapshot()
        self.assertEqual(test_py.tree_results_changes(before), [])
        with open(os.path.join(test_py.TREE_RESULTS, "optical.db"), "w") as stream:
            stream.write("y")
        with open(old, "a") as stream:
            stream.write("more")
        self.assertEqual(len(test_py.tree_results_changes(before)), 2)

    def test_every_listed_example_gets_a_temporary_database(self):
        # The examples of test/examples-to-run.py: none keeps a --results in the tree.
        test_py = load_test_py()
        cpp_examples, _ = test_py.load_examples()
        programs = {test_py.example_program(e): "/bin/true" for e, _ in cpp_examples}
        jobs = [test_py.cpp_example_job(e, c, programs) for e, c in cpp_examples]
        test_py.isolate_results(jobs, self.tmp)
        for job in jobs:
            if job.command is None:
                continue
            self.assertTrue(job.env["NS3_OPTICAL_RESULTS"].startswith(self.tmp + os.sep))
            for word in job.command:
                if "results=" in word and not word.endswith("=none"):
                    self.assertIn(self.tmp + os.sep, word, job.name)


if __name__ == "__main__":
    support.main()
