#!/usr/bin/env python3
"""Photonic rails with Opus's workload (issue #43): one micro-batch per replica (no gradient
accumulation, as Opus's fig. 12 script), 12 layers of the gpt3-175b shape, H200 DP4 PP4 TP8 at
50 GB/s (photonic-rails at flow level).

Closed form: with one micro-batch the critical path waits for 7 reconfigurations whatever the
delay (3 pipeline hops forward, 3 backward, then the DP ring), so the overhead over electrical
rails, less its value at a zero delay (photonic rails are one switch hop, electrical ones
more), is 7 x delay over the electrical iteration: checked at 10 and 100 ms to 5%. Published:
Opus reports 10% at 100 ms; ours is checked to be of that order (a factor 2.5 either way; it is
5.1%, see doc/optical.rst, 'Photonic rails against Opus').

Run directly (python3 test/rails/test_opus_workload.py) or through test.py (suite
optical-py-opus-workload). photonic-rails must be built.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)

WORKLOAD = ["--gpu=h200", "--microBatchSize=64", "--layers=12", "--schedule=1f1b",
            "--fabric=photonic", "--results=none"]


class OpusWorkloadTest(support.TempDirTestCase):
    """Reconfigurations on the critical path, and the published order at 100 ms."""

    def run_at(self, delay):
        """Return the metrics of photonic-rails at the OCS delay DELAY (text)."""
        result = support.run([support.example_path("photonic-rails"), "--ocsDelay=" + delay]
                             + WORKLOAD, cwd=support.ROOT)
        self.assertExit(result, 0)
        return support.metrics(result.stdout)

    def test_seven_delays_on_the_critical_path(self):
        base = self.run_at("0")
        for delay in (0.01, 0.1):
            m = self.run_at("%gs" % delay)
            waited = (m["overhead-pct"] - base["overhead-pct"]) / 100 \
                * m["electrical-iteration-time-ms"] / 1e3
            self.assertAlmostEqual(waited / delay, 7.0, delta=0.35,
                                   msg="delays on the critical path at %g s" % delay)
            self.assertEqual(m["reconfigurations-per-iteration"], 10)

    def test_order_of_the_published_overhead(self):
        m = self.run_at("0.1s")
        self.assertGreater(m["overhead-pct"], 10.0 / 2.5)
        self.assertLess(m["overhead-pct"], 10.0 * 2.5)


if __name__ == "__main__":
    support.main()
