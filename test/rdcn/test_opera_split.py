#!/usr/bin/env python3
"""Opera's split of low-latency from bulk traffic (issue #43, part 2), against the published
shape (Opera, NSDI'20: low-latency flows complete about as fast as on a cost-equivalent static
expander; Opera sustains 60% more load than the expander).

One seed of the runs behind the figures rdcn-opera-short-flows and rdcn-opera-throughput (rdcn
at flow level, 16 ToRs x 4 hosts x 4 uplinks, web-search flows for 30 ms), four systems:
Opera (bulk on RotorLB, flows of at most 1 MB hop-on-hop-off at priority), the same Opera
schedule without the split (every flow hop-on-hop-off in one class), RotorNet (every flow on
RotorLB) and a static expander with the split. Checked:
- at load 0.1, Opera's 99th percentile short-flow FCT is comparable to the expander's (within
  a factor 2 either way: 0.99 here) and below RotorNet's (its short flows wait for their
  direct circuit) and below Opera's without the split (short flows behind bulk bytes);
- at load 0.5, Opera delivers at least 10% more than the expander (1.26 here; the published
  60% is about the load each sustains, which these runs do not measure).

Run directly (python3 test/rdcn/test_opera_split.py) or through test.py (suite
optical-py-opera-split). rdcn must be built.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)

COMMON = ["--backend=flow", "--tors=16", "--hostsPerTor=4", "--uplinks=4", "--slot=50us",
          "--guard=2us", "--workload=websearch", "--queue=100000", "--duration=30ms",
          "--drain=30ms", "--results=none"]
SYSTEMS = {
    "opera": ["--architecture=opera", "--routing=rotorlb", "--lowLatencyRouting=hoho",
              "--lowLatencyBytes=1000000"],
    "opera-one-class": ["--architecture=opera", "--routing=hoho"],
    "rotornet": ["--architecture=rotornet", "--routing=rotorlb"],
    "expander": ["--architecture=expander", "--routing=hoho", "--lowLatencyRouting=hoho",
                 "--lowLatencyBytes=1000000"],
}


class OperaSplitTest(support.TempDirTestCase):
    """The published shape of Opera's split, on one seed."""

    def run_system(self, system, load):
        """Return the metrics of rdcn for SYSTEM at LOAD (text)."""
        result = support.run([support.example_path("rdcn"), "--load=" + load]
                             + COMMON + SYSTEMS[system], cwd=support.ROOT)
        self.assertExit(result, 0)
        return support.metrics(result.stdout)

    def test_short_flows_at_low_load(self):
        p99 = {s: self.run_system(s, "0.1")["fct-short-p99-us"] for s in SYSTEMS}
        ratio = p99["opera"] / p99["expander"]
        self.assertGreater(ratio, 0.5, msg="comparable to the expander: %s" % p99)
        self.assertLess(ratio, 2.0, msg="comparable to the expander: %s" % p99)
        self.assertLess(p99["opera"], p99["rotornet"], msg=str(p99))
        self.assertLess(p99["opera"], p99["opera-one-class"], msg=str(p99))

    def test_more_throughput_than_the_expander_at_high_load(self):
        opera = self.run_system("opera", "0.5")
        expander = self.run_system("expander", "0.5")
        self.assertGreater(opera["throughput-pct"], 1.1 * expander["throughput-pct"])
        # Web-search sizes: most flows are at most 1 MB, the bytes are mostly in larger ones.
        share = opera["low-latency-flows"] / opera["flows"]
        self.assertGreater(share, 0.6)
        self.assertLess(share, 0.95)


if __name__ == "__main__":
    support.main()
