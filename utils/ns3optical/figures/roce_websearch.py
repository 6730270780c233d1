"""Figure roce-websearch-slowdown: the 99th-percentile FCT slowdown of short flows (at most
100 KB) of the web-search load on a fat-tree, under DCQCN, TIMELY and HPCC, at 30% and 50% load.

roce-fabric --scenario=websearch: 16 hosts on a 2-level fat-tree (4 hosts per leaf, 4 spines),
100 Gb/s links of 1 us, MTU 1500, flows of DCTCP's web-search sizes arriving as Poisson
processes for 5 ms, the flows of a pair of hosts taking its 64 queue pairs in turn (HPCC's simulator gives every
flow a queue pair of its own). Slowdown: the
flow's completion time over the flow alone (its bytes at line rate plus four link delays).

Published shape (HPCC, Li et al., SIGCOMM'19, figure 11, and the HPCC group's complete results
at hpcc-group.github.io/results.html): on the web-search load at 30% and 50%, HPCC's FCT of
flows under 200 KB is far below DCQCN's and TIMELY's, most at the tail ("up to 95% shorter"). The paper's
fat-tree has 320 hosts at 100 Gb/s and runs far longer; ours is a 16-host cut of it, so the
comparison is of the shape (the ordering and the size of the gap), not of the values.
"""

from . import Figure

PUBLISHED = ("published shape (Li et al., SIGCOMM'19, fig. 11): HPCC's short-flow tail far\n"
             "below DCQCN's and TIMELY's at 30% and 50% load, up to 95% shorter FCT")


def _decorate(ax, data):
    """Write the published shape on the figure."""
    ax.text(0.02, 0.02, PUBLISHED, transform=ax.transAxes, fontsize=7, va="bottom")


FIGURE = Figure(
    id="roce-websearch-slowdown",
    description="RoCEv2 web-search load on a fat-tree: short-flow p99 slowdown, DCQCN, TIMELY, HPCC",
    program="roce-fabric",
    grid={"load": ["0.3", "0.5"], "cc": ["dcqcn", "timely", "hpcc"]},
    fixed={"scenario": "websearch", "hosts": "16", "duration": "5ms", "qpsPerPair": "64"},
    runs=3,
    x="load",
    metric="small-flow-slowdown-p99",
    series_labels={"dcqcn": "DCQCN", "timely": "TIMELY", "hpcc": "HPCC"},
    title="Web search on a 16-host fat-tree, RoCEv2",
    subtitle="flows of at most 100 KB, 99th percentile; 3 seeds, 95% CI",
    xlabel="Offered load of each host link",
    ylabel="FCT slowdown, p99",
    yscale="log",
    decorate=_decorate,
)
