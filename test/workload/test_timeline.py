#!/usr/bin/env python3
"""Timelines (OpticalTimeline, GraphExecutor::AddToTimeline) through the scratch program
chakra-run --timeline=FILE.json: the file is Chrome trace event JSON (what ui.perfetto.dev and
chrome://tracing read: "traceEvents" with "ph" X slices, M names; times in microseconds), it has
two named tracks per rank, a slice per node of the trace, and its sums equal the metrics the
program prints (rank 0's compute, the total time), at flow and at packet level.

Run directly (python3 test/workload/test_timeline.py) or through test.py (suite
optical-py-timeline). chakra-run must be built.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)


class TimelineTest(support.TempDirTestCase):
    """A run's timeline against its printed metrics."""

    def run_program(self, *args):
        """Run chakra-run with ARGS and a timeline; return (metrics, events)."""
        path = self.path("run.json")
        result = support.run([support.example_path("chakra-run"), "--results=none",
                              "--timeline=" + path] + list(args), cwd=support.ROOT)
        self.assertExit(result, 0)
        with open(path) as stream:
            doc = json.load(stream)
        self.assertFalse(os.path.exists(path + ".tmp"), "no temporary file left")
        return support.metrics(result.stdout), doc["traceEvents"]

    def check(self, m, events, ranks):
        """The structure, and the sums against the metrics."""
        names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
                 if e["ph"] == "M" and e["name"] == "thread_name"}
        self.assertEqual(len(names), 2 * ranks, "two tracks per rank")
        slices = [e for e in events if e["ph"] == "X"]
        self.assertEqual(len(slices), m["nodes"], "a slice per node")
        self.assertEqual(len(slices), m["timeline-slices"])
        for e in slices:
            self.assertIsInstance(e["ts"], (int, float))
            self.assertGreaterEqual(e["dur"], 0)
        compute = sum(e["dur"] for e in slices
                      if names[(e["pid"], e["tid"])] == "rank 0 compute")
        self.assertAlmostEqual(compute, m["rank0-compute-us"], delta=1e-3)
        span = max(e["ts"] + e["dur"] for e in slices) - min(e["ts"] for e in slices)
        self.assertAlmostEqual(span, m["total-us"], delta=1e-3)

    def test_ring_flow_level(self):
        """The ring of sends and receives (with its compute) at flow level."""
        m, events = self.run_program()
        self.check(m, events, 8)
        self.assertGreater(m["rank0-compute-us"], 0)

    def test_allreduce_packet_level(self):
        """A collective over TCP: one slice per rank, as long as the run."""
        m, events = self.run_program("--trace=data/chakra/all_reduce/4npus_1MB",
                                     "--backend=packet", "--rate=10Gbps")
        self.check(m, events, 4)

    def test_plot(self):
        """utils/plot-timeline draws a row per track with slices, and refuses a file without."""
        sys.path.insert(0, os.path.join(support.ROOT, "utils"))
        from ns3optical import timeline_plot
        _, events = self.run_program()
        path = self.path("run.json")
        picture = self.path("run.png")
        self.assertEqual(timeline_plot.plot(path, picture), 16, "two tracks for each of 8 ranks")
        self.assertGreater(os.path.getsize(picture), 1000)
        empty = self.path("empty.json")
        with open(empty, "w") as stream:
            json.dump({"traceEvents": []}, stream)
        with self.assertRaises(ValueError):
            timeline_plot.plot(empty, self.path("empty.png"))

    def test_two_jobs(self):
        """server-fabric-finetune --timeline: a process per tenant's job, named after it, whose
        compute tracks hold the printed compute of tenant 1's last iteration."""
        path = self.path("tenants.json")
        result = support.run([support.example_path("server-fabric-finetune"), "--results=none",
                              "--iterations=1", "--timeline=" + path], cwd=support.ROOT)
        self.assertExit(result, 0)
        m = support.metrics(result.stdout)
        with open(path) as stream:
            events = json.load(stream)["traceEvents"]
        processes = {e["pid"]: e["args"]["name"] for e in events
                     if e["ph"] == "M" and e["name"] == "process_name"}
        self.assertEqual(sorted(processes.values()), ["tenant1", "tenant2"])
        tenant1 = [pid for pid, name in processes.items() if name == "tenant1"][0]
        names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
                 if e["ph"] == "M" and e["name"] == "thread_name"}
        compute = [e["dur"] for e in events if e["ph"] == "X" and e["pid"] == tenant1 and
                   names[(e["pid"], e["tid"])] == "rank 0 compute"]
        # A nanosecond per step (whole nanoseconds on the timeline) and the printed metric's six
        # significant digits.
        printed = m["compute-ms"] * 1e3
        self.assertAlmostEqual(sum(compute), printed,
                               delta=1e-3 * len(compute) + printed * 5e-6)

    def events_of(self, program, *args):
        """Run PROGRAM with ARGS and --timeline; return (metrics, events, track names)."""
        path = self.path(program + ".json")
        result = support.run([support.example_path(program), "--results=none",
                              "--timeline=" + path] + list(args), cwd=support.ROOT)
        self.assertExit(result, 0)
        with open(path) as stream:
            events = json.load(stream)["traceEvents"]
        names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
                 if e["ph"] == "M" and e["name"] == "thread_name"}
        return support.metrics(result.stdout), events, names

    @staticmethod
    def union(spans):
        """Length of the union of (start, end) spans."""
        total, reach = 0.0, float("-inf")
        for start, end in sorted(spans):
            if end > reach:
                total += end - max(start, reach)
                reach = end
        return total

    def test_inference_paging(self):
        """inference-serving --timeline: an instance's iterations follow one another, and the
        pages' union over the last token's time is the printed paging-time-pct."""
        m, events, names = self.events_of("inference-serving", "--scheduler=timeslice",
                                          "--pageTo=host")
        slices = [e for e in events if e["ph"] == "X"]
        pages = [(e["ts"], e["ts"] + e["dur"]) for e in slices if e["cat"] == "page"]
        iterations = [e for e in slices if e["cat"] == "iteration"]
        self.assertGreater(len(pages), 0, "the time slices page")
        self.assertIn("instance 0", names.values())
        self.assertIn("paging", names.values())
        track = sorted((e["ts"], e["dur"]) for e in iterations
                       if names[(e["pid"], e["tid"])] == "instance 0")
        for (a, da), (b, _) in zip(track, track[1:]):
            self.assertLessEqual(a + da, b + 1e-3, "an instance runs one iteration at a time")
        last = max(e["ts"] + e["dur"] for e in iterations)
        self.assertAlmostEqual(100 * self.union(pages) / last, m["paging-time-pct"],
                               delta=m["paging-time-pct"] * 1e-5 + 1e-9)

    def counters(self, events):
        """{counter name: [(ts, value), ...]} of the counter events, in time order."""
        out = {}
        for e in events:
            if e["ph"] == "C":
                for key, value in e["args"].items():
                    out.setdefault(e["name"], []).append((e["ts"], value))
        return {name: sorted(values) for name, values in out.items()}

    def test_replay_link_counters(self):
        """chakra-replay --sampling: each host NIC's utilization (0 to 1) and, at packet level,
        its queue; over TCP the NICs' bytes cover the scale-out payload and its headers."""
        m, events, _ = self.events_of("chakra-replay", "--backend=flow", "--sampling=2us")
        counters = self.counters(events)
        self.assertEqual(sorted(n for n in counters if n.endswith(" util")),
                         sorted("host %d util" % h for h in range(8)))
        values = [v for series in counters.values() for _, v in series]
        self.assertTrue(all(0 <= v <= 1 + 1e-9 for v in values))
        self.assertGreater(max(values), 0.5, "the ring loads the NICs")

        m, events, _ = self.events_of("chakra-replay", "--backend=packet", "--sampling=2us")
        counters = self.counters(events)
        self.assertIn("host 0 queue bytes", counters)
        wire = 0.0
        for h in range(8):
            series = counters["host %d util" % h]
            # Each value holds from its time to the next sample (the last one is the end).
            wire += sum(v * (b[0] - a[0]) * 1e-6 * 400e9 / 8 for a, b, v in
                        ((a, b, a[1]) for a, b in zip(series, series[1:])))
        self.assertGreater(wire, m["scale-out-bytes"], "payload plus headers")
        self.assertLess(wire, 1.1 * m["scale-out-bytes"], "headers and acknowledgements")

    def test_roce_flows(self):
        """roce-fabric --timeline: a slice per flow on its source host's track."""
        m, events, names = self.events_of("roce-fabric", "--scenario=incast", "--hosts=4",
                                          "--bytes=64KB", "--sampling=5us")
        flows = [e for e in events if e["ph"] == "X"]
        self.assertEqual(len(flows), 3, "three senders of an incast on 4 hosts")
        self.assertTrue(all(names[(e["pid"], e["tid"])].startswith("host ") for e in flows))
        self.assertTrue(all(e["name"] == "to 0" for e in flows))
        self.assertIn("host 0 util", self.counters(events))

    def test_bad_path(self):
        """A timeline in a missing folder is refused before the run."""
        result = support.run([support.example_path("chakra-run"), "--results=none",
                              "--timeline=" + self.path("missing/run.json")], cwd=support.ROOT)
        self.assertExit(result, 1)
        self.assertIn("--timeline", result.stderr)
        self.assertIn("nothing was run", result.stderr)


if __name__ == "__main__":
    support.main()
