#!/usr/bin/env python3
"""Draws doc/figures/architecture.svg (and .png): how a scenario flows through the module, from
its description to its results. Run with a Python that has matplotlib (Debian's
/usr/bin/python3):

    /usr/bin/python3 doc/figures/architecture.py
"""

import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch  # noqa: E402

HERE = os.path.dirname(os.path.realpath(__file__))

# (key, x, y, width, height, title, lines, colour): the boxes, in axes units (0..100).
BOXES = [
    ("builders", 2, 62, 18, 26, "Builders",
     ["(helpers, Describe())", "Star, FatTree, Rail,", "ScaleOut, RailNetwork,", "TorusDatacenter"],
     "#dbe9f6"),
    ("description", 24, 64, 21, 22, "Description",
     ["TopologyDescription:", "nodes and roles, links", "(rate, delay, MTU, queue),",
      "OCS ports and fibres,", "scale-up domains"], "#fff2cc"),
    ("packet", 50, 77, 18, 13, "Packet realizer", ["ns-3 nodes, devices,", "stacks, routing, OCSes"],
     "#e2f0d9"),
    ("flow", 50, 59, 18, 13, "Flow realizer", ["FlowTopology graph", "(flow-level engine)"],
     "#e2f0d9"),
    ("transport", 73, 60, 25, 28, "Transport seam",
     ["CollectiveTransport:", "TCP | flow | instant", "WanTraffic:", "packet | flow"], "#fff2cc"),
    ("workload", 73, 22, 25, 26, "Workloads (models)",
     ["collectives, training jobs,", "MoE, WAN TE allocations,", "fabric slices"], "#fce4d6"),
    ("recorder", 42, 22, 24, 26, "Recorder",
     ["OpticalExperiment:", "options checked first,", "metrics, series, events"], "#ede7f6"),
    ("store", 8, 22, 26, 26, "Results",
     ["SQLite results store;", "./ns3 sweep, ./ns3 figure", "(matplotlib, beside the", "published values)"],
     "#ede7f6"),
]

ARROWS = [("builders", "description"), ("description", "packet"), ("description", "flow"),
          ("packet", "transport"), ("flow", "transport"), ("workload", "transport"),
          ("workload", "recorder"), ("recorder", "store")]


def anchor(box, towards):
    """The point on `box`'s border facing the centre of `towards`."""
    _, x, y, w, h = box[:5]
    cx, cy = x + w / 2, y + h / 2
    _, tx, ty, tw, th = towards[:5]
    dx, dy = tx + tw / 2 - cx, ty + th / 2 - cy
    if dx == 0 and dy == 0:
        return cx, cy
    sx = (w / 2) / abs(dx) if dx else float("inf")
    sy = (h / 2) / abs(dy) if dy else float("inf")
    s = min(sx, sy)
    return cx + dx * s, cy + dy * s


def main():
    fig, ax = plt.subplots(figsize=(11, 5.2))
    ax.set_xlim(0, 100)
    ax.set_ylim(16, 97)
    ax.axis("off")
    boxes = {b[0]: b for b in BOXES}
    for key, x, y, w, h, title, lines, colour in BOXES:
        ax.add_patch(FancyBboxPatch((x, y), w, h, boxstyle="round,pad=0.4,rounding_size=1.2",
                                    facecolor=colour, edgecolor="#404040", linewidth=1))
        ax.text(x + w / 2, y + h - 2.5, title, ha="center", va="top", fontsize=10.5,
                fontweight="bold")
        ax.text(x + w / 2, y + h - 7.5, "\n".join(lines), ha="center", va="top", fontsize=9,
                linespacing=1.35)
    for a, b in ARROWS:
        start = anchor(boxes[a], boxes[b])
        end = anchor(boxes[b], boxes[a])
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=14,
                                     linewidth=1.2, color="#303030", shrinkA=4, shrinkB=4))
    ax.text(50, 95.5, "A scenario: description -> realizer -> workload -> transport -> results",
            ha="center", va="center", fontsize=12)
    for ext in ("svg", "png"):
        fig.savefig(os.path.join(HERE, "architecture." + ext), bbox_inches="tight", dpi=130)


if __name__ == "__main__":
    main()
