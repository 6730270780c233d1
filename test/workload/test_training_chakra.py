#!/usr/bin/env python3
"""A training job taken to Chakra and back, through the programs a user runs:
training-iteration --writeChakra=DIR writes the iteration it ran (a file per GPU), and
chakra-replay --trace=DIR replays it on the same fabric; at flow level the replay takes the
iteration time training-iteration printed (to the printed digits) with the same collectives
and messages, folded again when the job has tensor replicas. training-iteration --timeline=FILE.json holds the busiest stage's compute (to a
nanosecond per step: the timeline has the steps' whole nanoseconds) and spans the iteration. A folder that cannot be written is refused before the run.

Run directly (python3 test/workload/test_training_chakra.py) or through test.py (suite
optical-py-training-chakra). training-iteration and chakra-replay must be built.
"""

import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)


# (training-iteration options, GPUs per server for the replay)
JOBS = [
    (["--gpus=8", "--dp=2", "--tp=2", "--pp=2", "--microbatches=4"], 2),
    (["--gpus=8", "--dp=2", "--tp=1", "--pp=4", "--microbatches=8", "--schedule=gpipe",
      "--zero=true", "--overlap=false", "--gpusPerServer=2"], 2),
]


class TrainingChakraTest(support.TempDirTestCase):
    """training-iteration's Chakra output replayed by chakra-replay."""

    def train(self, options, trace, timeline):
        """Run training-iteration at flow level; return its metrics."""
        result = support.run([support.example_path("training-iteration"), "--results=none",
                              "--backend=flow", "--writeChakra=" + trace,
                              "--timeline=" + timeline] + options, cwd=support.ROOT)
        self.assertExit(result, 0)
        return support.metrics(result.stdout)

    def test_replay_equals_the_run(self):
        """The replay's total is the iteration time; the timeline sums to the metrics."""
        for n, (options, per_server) in enumerate(JOBS):
            with self.subTest(options=" ".join(options)):
                trace = self.path("trace%d" % n)
                timeline = self.path("run%d.json" % n)
                m = self.train(options, trace, timeline)
                files = sorted(glob.glob(os.path.join(trace, "training.*.et")))
                self.assertEqual(len(files), 8, "a file per GPU")
                result = support.run([support.example_path("chakra-replay"), "--results=none",
                                      "--backend=flow", "--trace=" + trace,
                                      "--gpusPerServer=%d" % per_server], cwd=support.ROOT)
                self.assertExit(result, 0)
                # A trace of tensor replicas is the expansion of a folded graph: folded again.
                tp = int([o for o in options if o.startswith("--tp=")][0].split("=")[1])
                self.assertEqual("runs as" in result.stderr, tp > 1, result.stderr)
                r = support.metrics(result.stdout)
                self.assertAlmostEqual(r["total-us"] / 1e3 / m["iteration-time-ms"], 1.0,
                                       delta=1e-5)
                self.assertEqual(r["collectives"] + r["messages"], m["collectives"])
                with open(timeline) as stream:
                    events = json.load(stream)["traceEvents"]
                slices = [e for e in events if e["ph"] == "X"]
                span = max(e["ts"] + e["dur"] for e in slices) - min(e["ts"] for e in slices)
                self.assertAlmostEqual(span / 1e3 / m["iteration-time-ms"], 1.0, delta=1e-5)
                names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
                         if e["ph"] == "M" and e["name"] == "thread_name"}
                # The busiest stage's compute track: its slices are the compute steps, each a
                # whole number of nanoseconds (the metric sums them unrounded: 1 ns per step).
                tracks = [[e["dur"] for e in slices if names[(e["pid"], e["tid"])] == t]
                          for t in set(names.values()) if t.endswith(" compute")]
                busiest = max(tracks, key=sum)
                self.assertAlmostEqual(sum(busiest), m["compute-ms"] * 1e3,
                                       delta=1e-3 * len(busiest))

    def test_unwritable_folder(self):
        """A folder in a missing parent, or a file, is refused before the run."""
        afile = self.path("file")
        with open(afile, "w") as stream:
            stream.write("x")
        for bad in (self.path("missing/trace"), afile):
            result = support.run([support.example_path("training-iteration"), "--results=none",
                                  "--backend=flow", "--writeChakra=" + bad], cwd=support.ROOT)
            self.assertExit(result, 1)
            self.assertIn("--writeChakra", result.stderr)
            self.assertIn("nothing was run", result.stderr)


if __name__ == "__main__":
    support.main()
