#!/usr/bin/env python3
"""Benchmark: per-run overhead of the sweep runner (utils/sweep.py) against running the
program directly.

In one invocation, runs the probe program (results-probe, writing no rows) N times in a
plain subprocess loop, then N times through run_sweep() with the local executor and -j 1
(seeds RngRun = 1..N of one grid point), each into its own fresh database; repeats both R
times, alternating, and keeps the fastest of each (the least disturbed by other load on the
machine), and prints:

    direct-ms-per-run: Y
    sweep-ms-per-run: Z
    sweep-overhead-ms-per-run: X      (X = Z - Y; target: below 100)

The direct loop passes the same options as the sweep (--results, --sweepKey, --progress=0,
--RngRun), and keeps a connection to its database open as the sweep runner does: SQLite
checkpoints and removes the WAL file when the last connection to a database closes, which
makes each lone program noticeably slower (about 10-20 ms here). So the difference is the
runner's own cost: planning, checking the program's options (once per sweep), skipping done
runs, starting each process and recording its outcome. Needs the standalone build with the
probe (./ns3 build results-probe).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

UTILS = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
sys.path.insert(0, UTILS)

from ns3optical import results as optical_results  # noqa: E402  (after the path set-up)
from ns3optical import sweep  # noqa: E402

PROBE = "results-probe"
TARGET_MS = 100.0


def direct_ms_per_run(executable, runs, db):
    """Run the probe `runs` times in a subprocess loop; return the mean wall ms per run."""
    conn = optical_results.connect(db)  # held open, as by the sweep runner
    start = time.perf_counter()
    for rng_run in range(1, runs + 1):
        result = subprocess.run([executable, "--rows=0", "--RngRun=%d" % rng_run,
                                 "--sweepKey=direct-%d" % rng_run, "--progress=0",
                                 "--results=" + db],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise SystemExit("sweep-overhead: %s failed (exit status %d): %s"
                             % (executable, result.returncode, result.stderr.decode()))
    elapsed = time.perf_counter() - start
    conn.close()
    return elapsed * 1000.0 / runs


def sweep_ms_per_run(build_dir, runs, db):
    """Run the probe `runs` times through run_sweep(-j 1); return the mean wall ms per run."""
    with open(os.devnull, "w") as quiet:
        start = time.perf_counter()
        summary = sweep.run_sweep(PROBE, {}, {"rows": "0"}, runs=runs, db=db, jobs=1,
                                  build_dir=build_dir, stream=quiet)
        elapsed = time.perf_counter() - start
    if summary.ok != runs:
        raise SystemExit("sweep-overhead: the sweep had %d failed runs: %s"
                         % (summary.failed, summary.failures[:3]))
    return elapsed * 1000.0 / runs


def main(argv):
    """Run the benchmark; return the exit status."""
    parser = argparse.ArgumentParser(prog="sweep-overhead.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="runs of each (default: 30)")
    parser.add_argument("--repeat", type=int, default=3,
                        help="measurements of each, the fastest kept (default: 3)")
    parser.add_argument("--build-dir", default=sweep.DEFAULT_BUILD_DIR,
                        help="build directory (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.repeat < 1:
        parser.error("--runs and --repeat must be at least 1")
    try:
        executable = sweep.find_program(os.path.abspath(args.build_dir), PROBE)
    except sweep.SweepError as error:
        raise SystemExit("sweep-overhead: %s" % error)

    with tempfile.TemporaryDirectory(prefix="sweep-overhead-") as tmp:
        # One run first, so that both loops find the executable and libraries cached.
        direct_ms_per_run(executable, 1, os.path.join(tmp, "warm.db"))
        directs, swepts = [], []
        for index in range(args.repeat):
            directs.append(direct_ms_per_run(executable, args.runs,
                                             os.path.join(tmp, "direct-%d.db" % index)))
            swepts.append(sweep_ms_per_run(args.build_dir, args.runs,
                                           os.path.join(tmp, "sweep-%d.db" % index)))
        direct, swept = min(directs), min(swepts)
    overhead = swept - direct
    print("runs: %d x %d" % (args.runs, args.repeat))
    print("direct-ms-per-run: %.1f" % direct)
    print("sweep-ms-per-run: %.1f" % swept)
    print("sweep-overhead-ms-per-run: %.1f" % overhead)
    print("target: overhead below %.0f ms per run: %s"
          % (TARGET_MS, "met" if overhead < TARGET_MS else "NOT met"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
