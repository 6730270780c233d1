#!/usr/bin/python3
# Copyright (c) 2026 ns3-optical contributors
# SPDX-License-Identifier: GPL-2.0-only
"""Writes data/inference-trace-example.csv, the example request trace of the inference area.

Rule: 60 s of Poisson arrivals, 4 requests/s in [0, 25) s and [35, 60) s and a burst of
25 requests/s in [25, 35) s (about 450 requests); prompt lengths uniform over the whole numbers
64..2048, output lengths over 16..512; Python's random.Random(20); arrivals rounded to 1 us.
Usage: utils/make-inference-trace.py > data/inference-trace-example.csv
"""

import random
import sys

DURATION = 60.0
BURST = (25.0, 35.0)
QUIET_RATE = 4.0
BURST_RATE = 25.0


def main():
    rng = random.Random(20)
    out = sys.stdout
    out.write("# Example request trace of the inference area (utils/make-inference-trace.py):\n")
    out.write("# Poisson 4 requests/s in [0, 25) s and [35, 60) s, a burst of 25 requests/s in\n")
    out.write("# [25, 35) s; prompts uniform 64..2048 tokens, outputs 16..512; random.Random(20).\n")
    out.write("arrival_s,prompt_tokens,output_tokens\n")
    periods = [(0.0, BURST[0], QUIET_RATE), (BURST[0], BURST[1], BURST_RATE),
               (BURST[1], DURATION, QUIET_RATE)]
    for start, end, rate in periods:
        t = start
        while True:
            t += rng.expovariate(rate)
            if t >= end:
                break
            out.write("%.6f,%d,%d\n" % (t, rng.randint(64, 2048), rng.randint(16, 512)))


if __name__ == "__main__":
    main()
