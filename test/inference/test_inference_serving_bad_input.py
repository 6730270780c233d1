#!/usr/bin/env python3
"""Bad input of the inference-serving example (examples/inference/inference-serving.cc): a
slice of 0 iterations, paging to a photonic fabric on a server that has none, a model that
does not fit its GPUs (llama3-70b at tp 1 on h100), and malformed request traces. Each must
exit nonzero with a message naming the value, run nothing, and write nothing to the results
store: a new database is not created, and an existing one keeps its runs and event rows.

Run directly (python3 test/inference/test_inference_serving_bad_input.py) or through test.py
(suite optical-py-inference-serving-bad-input). The example must be built: the test fails,
not skips, when it is missing from <build>/programs.txt.
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)

PROGRAM = "inference-serving"


class BadInputTest(support.TempDirTestCase):
    """Each bad option: nonzero exit, the value named, nothing run, nothing written."""

    @classmethod
    def setUpClass(cls):
        cls.program = support.example_path(PROGRAM)

    def run_example(self, *args):
        """Run the example with ARGS (from the module root, as test.py does)."""
        return support.run([self.program] + list(args), cwd=support.ROOT, timeout=600)

    def assertRefused(self, args, parts):
        """Assert that the example refuses ARGS naming every string of `parts`, creating no
        database, and leaving an existing database's rows as they were."""
        fresh = self.path("fresh.db")
        result = self.run_example(*(list(args) + ["--results=" + fresh]))
        self.assertNotEqual(result.returncode, 0, "%s was accepted:\n%s" % (args, result.stdout))
        self.assertGreater(result.returncode, 0, "%s: killed by a signal, not refused:\n%s"
                           % (args, result.stderr))
        for part in parts:
            self.assertIn(part, result.stderr, "%s: the message names %r" % (args, part))
        self.assertIn("nothing was run", result.stderr)
        self.assertNotIn("ttft-p50-s", result.stdout, "%s: no metric printed" % (args,))
        self.assertFalse(os.path.exists(fresh), "%s: no database created" % (args,))
        before = support.store_counts(self.db)
        result = self.run_example(*(list(args) + ["--results=" + self.db]))
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(support.store_counts(self.db), before, "%s: no row written" % (args,))

    def setUp(self):
        super().setUp()
        # A database with one good run in it (short: Poisson for 2 s, no comparison runs).
        self.db = self.path("store.db")
        result = self.run_example("--arrivals=poisson", "--rate=2", "--duration=2s",
                                  "--compare=false", "--results=" + self.db)
        self.assertExit(result, 0, "the good run")
        rows = support.store_counts(self.db)
        self.assertEqual(rows["runs"], 1)
        self.assertGreater(rows.get("ev_inference_requests", 0), 0, "the good run's requests")

    def test_zero_slice(self):
        self.assertRefused(["--slice=0"], ["--slice=0"])

    def test_fabric_without_ports(self):
        self.assertRefused(["--pageTo=fabric"], ["--pageTo=fabric", "fabricPorts"])
        self.assertRefused(["--pageTo=fabric", "--fabricPorts=0"], ["--pageTo=fabric", "no photonic fabric"])

    def test_model_does_not_fit(self):
        self.assertRefused(["--model=llama3-70b", "--tp=1"], ["llama3-70b", "tp 1", "h100"])

    def test_unknown_model(self):
        self.assertRefused(["--model=llama9"], ["--model=llama9"])

    def test_malformed_trace(self):
        cases = (
            ("negative prompt", "0.5,-3,10\n", "prompt_tokens"),
            ("zero output", "0.5,100,0\n", "output_tokens"),
            ("not a number", "abc,100,10\n", "arrival_s"),
            ("decreasing arrivals", "0.5,100,10\n0.25,100,10\n", "arrival_s"),
        )
        for name, rows, column in cases:
            with self.subTest(name):
                trace = self.path("bad-trace.csv")
                with open(trace, "w") as stream:
                    stream.write("arrival_s,prompt_tokens,output_tokens\n0.1,100,10\n" + rows)
                # The first bad row is line 3 (header, a good row, then the bad one), or 4.
                line = 4 if name == "decreasing arrivals" else 3
                self.assertRefused(["--arrivals=" + trace],
                                   ["bad-trace.csv:%d" % line, column])

    def test_missing_trace(self):
        self.assertRefused(["--arrivals=" + self.path("none.csv")], ["none.csv"])


if __name__ == "__main__":
    support.main()
