"""Figures of TE acceleration (Teal, NCFlow, POP) against the full path LP: satisfied demand
against computation time per method and topology, the speed-up over the LP against the
topology's size, and satisfied demand over a day of matrices under link failures.

Every run is one te-acceleration invocation (examples/wan/te-acceleration.cc): one method
against the LP on the same diurnal series of gravity matrices (4 edge-disjoint paths per
demand, max total flow), recording satisfied-demand-pct, lp-satisfied-demand-pct,
quality-vs-lp, speedup-vs-lp, setup-s-median, solve-s-median, lp-solve-s-median and the
tables ev_te_summary and ev_te_intervals. learned trains its model in the run (trainMatrices,
trainEpochs); its training time is recorded apart (training-s) and not counted.

* te-satisfied-vs-time: each method's satisfied demand (% of the offered) against its time per
  TE interval (setup + solve medians, log scale), one marker per method, one colour per
  topology; the LP of the same runs is the reference point of each topology.
* te-speedup-vs-size: speed-up over the LP (LP time / method time, all intervals) against the
  topology's node count, per method, beside the published speed-ups (NCFlow and POP on Kdl,
  Teal's range on ASN2k).
* te-day-failures: satisfied demand in each hour of a day of matrices (diurnal swing 30%,
  noise 10%) on UsCarrier with two links down in every hour (drawn at random), per method and
  for the LP.
* te-large-wans: on Kdl and ASN2k (largest pairs carrying 90% of the volume), one run per
  topology with pop, ncflow and admm against one LP solve stopped at 25 minutes: each method's
  speed-up (a lower bound) labelled with its quality certified by weak duality (an untimed
  1,000-iteration ADMM proves the bound; te_summary rows), beside NCFlow's and POP's published
  speed-ups on Kdl and Teal's range on ASN2k.

Published values are declared once, in PUBLISHED, with their source; everything else drawn
comes from the recorded runs. Wall-clock times depend on the machine (2 cores here): the
published speed-ups were measured on larger machines (Teal: GPUs) and larger problems.
"""

from . import Figure

SOURCE = "../shared/reference/optical-wan.md (TE acceleration) and issue #23"

PUBLISHED = {
    # NCFlow (NSDI'21) on Kdl: about 52x faster than the LP at about 0.95 of its satisfied demand
    "ncflow-kdl-speedup": 52.0,
    # POP (SOSP'21) on Kdl: about 17x faster at 1.00
    "pop-kdl-speedup": 17.0,
    # Teal (SIGCOMM'23) on a > 1,700-node WAN: 197x to 625x faster than other schemes / the LP
    "teal-asn-speedup-low": 197.0,
    "teal-asn-speedup-high": 625.0,
}
NODES = {"b4": 12, "uscarrier": 158, "kdl": 754, "asn": 1739}

PROGRAM = "te-acceleration"
METHODS = ["pop", "ncflow", "admm", "learned"]
LABELS = {"lp": "LP (CLP)", "pop": "POP (16 parts)", "ncflow": "NCFlow-style clusters",
          "admm": "ADMM (warm-started)", "learned": "Learned + ADMM (Teal-style)"}
MARKS = {"lp": "*", "pop": "s", "ncflow": "^", "admm": "o", "learned": "D"}
METHOD_COLORS = {"pop": "C4", "ncflow": "C5", "admm": "C2", "learned": "C6"}
TOPOLOGY_COLORS = {"b4": "C0", "uscarrier": "C1", "kdl": "C2", "asn": "C3"}
TOPOLOGY_LABELS = {"b4": "B4 (12 nodes)", "uscarrier": "UsCarrier (158)", "kdl": "Kdl (754)",
                   "asn": "ASN2k (1,739)"}

COMMON = {"threads": "2", "matrix": "gravity", "load": "1", "intervals": "3"}


def _time(point):
    return point.value("setup-s-median") + point.value("solve-s-median")


def _plot_satisfied(ax, data):
    """Satisfied demand against the time per interval, per method and topology."""
    seen_lp = set()
    for p in data.points:
        topo = p.values["topology"]
        method = p.values["method"]
        if "satisfied-demand-pct" not in p.metrics:
            continue
        color = TOPOLOGY_COLORS[topo]
        ax.scatter([_time(p)], [p.value("satisfied-demand-pct")], color=color,
                   marker=MARKS[method], s=46, zorder=3)
        if topo not in seen_lp and "lp-solve-s-median" in p.metrics:
            seen_lp.add(topo)
            # The LP's time: its median solve (setup is small) of the same matrices.
            ax.scatter([p.value("lp-solve-s-median")], [p.value("lp-satisfied-demand-pct")],
                       color=color, marker=MARKS["lp"], s=110, edgecolor="k", zorder=4)
    for method in ["lp"] + METHODS:
        ax.scatter([], [], color="0.4", marker=MARKS[method], label=LABELS[method])
    for topo in TOPOLOGY_COLORS:
        if any(p.values["topology"] == topo for p in data.points):
            ax.scatter([], [], color=TOPOLOGY_COLORS[topo], marker="o",
                       label=TOPOLOGY_LABELS[topo])


SATISFIED_VS_TIME = Figure(
    id="te-satisfied-vs-time",
    description="TE acceleration: satisfied demand against computation time per method and "
                "topology, beside the LP (te-acceleration)",
    program=PROGRAM,
    grid={"intervals": ["3"], "topology": ["b4", "uscarrier"], "method": METHODS},
    fixed={k: v for k, v in COMMON.items() if k != "intervals"},
    runs=1,
    x="intervals",
    metric="satisfied-demand-pct",
    plot=_plot_satisfied,
    title="Satisfied demand against computation time",
    subtitle="Gravity matrices at load 1, diurnal series of 3 intervals, 4 edge-disjoint "
             "paths, max flow;\ntime per interval: setup + solve (medians), 2 threads",
    xlabel="Computation time per TE interval (s)",
    ylabel="Satisfied demand (% of offered)",
    xscale="log",
    legend_loc="lower right",
    figsize=(7.0, 4.8),
)


def _plot_speedup(ax, data):
    """Speed-up over the LP against the node count, per method."""
    for method in METHODS:
        points = sorted((NODES[p.values["topology"]], p.value("speedup-vs-lp"))
                        for p in data.points if p.values["method"] == method
                        and "speedup-vs-lp" in p.metrics)
        ax.plot([v[0] for v in points], [v[1] for v in points], marker=MARKS[method],
                label=LABELS[method], zorder=3)
    ax.scatter([NODES["kdl"]], [PUBLISHED["ncflow-kdl-speedup"]], marker="^", color="k",
               facecolor="none", s=80, zorder=4, label="Published: NCFlow on Kdl (52x)")
    ax.scatter([NODES["kdl"]], [PUBLISHED["pop-kdl-speedup"]], marker="s", color="k",
               facecolor="none", s=80, zorder=4, label="Published: POP on Kdl (17x)")
    ax.vlines([NODES["asn"]], PUBLISHED["teal-asn-speedup-low"],
              PUBLISHED["teal-asn-speedup-high"], color="k", linewidth=3, zorder=4,
              label="Published: Teal on ASN2k (197-625x)")
    ax.axhline(1.0, color="0.5", linestyle=":", linewidth=1.0, zorder=2)


SPEEDUP_VS_SIZE = Figure(
    id="te-speedup-vs-size",
    description="TE acceleration: speed-up over the LP against topology size, per method, "
                "beside published speed-ups (te-acceleration)",
    program=PROGRAM,
    grid={"intervals": ["3"], "topology": ["b4", "uscarrier"], "method": METHODS},
    fixed={k: v for k, v in COMMON.items() if k != "intervals"},
    runs=1,
    x="intervals",
    metric="speedup-vs-lp",
    plot=_plot_speedup,
    title="Speed-up over the LP against topology size",
    subtitle="LP time / method time (setup + solve, 3 intervals), 2 threads; published "
             "values: their own machines\nand matrices (" + SOURCE + ")",
    xlabel="Topology size (nodes)",
    ylabel="Speed-up over the LP (x)",
    xscale="log",
    yscale="log",
    legend_loc="upper left",
    figsize=(7.0, 4.8),
)


def _plot_day(ax, data):
    """Satisfied demand per hour, per method, and the LP's."""
    lp_drawn = False
    for method in METHODS:
        point = None
        try:
            point = data.point(method=method)
        except KeyError:
            continue
        rows = data.events("te_intervals", point)
        hours = [float(r["hour"]) % 24 for r in rows]
        pct = [100.0 * float(r["carried_gbps"]) / float(r["demand_gbps"]) for r in rows]
        ax.plot(hours, pct, marker=MARKS[method], markersize=4, label=LABELS[method],
                zorder=3)
        if not lp_drawn:
            lp = [100.0 * float(r["lp_carried_gbps"]) / float(r["demand_gbps"]) for r in rows]
            ax.plot(hours, lp, color="k", linestyle="--", linewidth=1.4, label=LABELS["lp"],
                    zorder=4)
            lp_drawn = True
    ax.set_xlim(0, 24)


DAY_FAILURES = Figure(
    id="te-day-failures",
    description="TE acceleration: satisfied demand over a day of matrices with two links "
                "down every hour, per method and for the LP (te-acceleration, UsCarrier)",
    program=PROGRAM,
    grid={"intervals": ["24"], "method": METHODS},
    fixed={"topology": "uscarrier", "threads": "2", "matrix": "gravity", "load": "1",
           "interval": "1h", "start": "0h", "failures": "2"},
    runs=1,
    x="intervals",
    metric="satisfied-demand-pct",
    plot=_plot_day,
    title="A day of TE intervals under link failures",
    subtitle="UsCarrier, gravity at load 1 with a 30% diurnal swing (peak 14:00) and 10% "
             "noise;\ntwo links (both directions) down in every hour, drawn at random",
    xlabel="Hour of the day",
    ylabel="Satisfied demand (% of offered)",
    legend_loc="lower left",
    figsize=(7.0, 4.6),
)

LARGE_METHODS = ["pop", "ncflow", "admm"]


def _plot_large(ax, data):
    """Per large WAN, each method's speed-up over the LP (bars, log scale) labelled with its
    certified quality, beside the published speed-ups."""
    width = 0.8 / len(LARGE_METHODS)
    topologies = [t for t in ("kdl", "asn") if any(p.values["topology"] == t
                                                   for p in data.points)]
    for i, topo in enumerate(topologies):
        rows = {r["method"]: r for r in data.events("te_summary", data.point(topology=topo))}
        for j, method in enumerate(LARGE_METHODS):
            if method not in rows:
                continue
            row = rows[method]
            x = i + (j - (len(LARGE_METHODS) - 1) / 2.0) * width
            bound = "" if int(row["lp_optimal"]) else ">= "
            quality = float(row["quality_lower_bound"])
            speedup = float(row["speedup_vs_lp"])
            ax.bar([x], [speedup], width=width * 0.9, color=METHOD_COLORS[method],
                   label=LABELS[method] if i == 0 else None, zorder=3)
            ax.annotate("%s%.0fx\nq %s%.3f" % (bound, speedup, bound, quality), (x, speedup),
                        textcoords="offset points", xytext=(0, 3), ha="center", fontsize=7)
        if topo == "kdl":
            for method, key in (("ncflow", "ncflow-kdl-speedup"), ("pop", "pop-kdl-speedup")):
                j = LARGE_METHODS.index(method)
                x = i + (j - (len(LARGE_METHODS) - 1) / 2.0) * width
                ax.scatter([x], [PUBLISHED[key]], marker="_", s=500, color="k", zorder=4,
                           label="Published (NCFlow, POP on Kdl)" if method == "ncflow" else None)
        if topo == "asn":
            ax.fill_between([i - 0.45, i + 0.45], PUBLISHED["teal-asn-speedup-low"],
                            PUBLISHED["teal-asn-speedup-high"], color="0.85", zorder=1,
                            label="Published: Teal on ASN2k (197-625x)")
    ax.set_xticks(range(len(topologies)))
    ax.set_xticklabels([TOPOLOGY_LABELS[t] for t in topologies])
    ax.set_xlim(-0.6, len(topologies) - 0.4)
    ax.axhline(1.0, color="0.5", linestyle=":", linewidth=1.0, zorder=2)


LARGE_WANS = Figure(
    id="te-large-wans",
    description="TE acceleration on Kdl and ASN2k: speed-up over the LP (stopped at 25 min) "
                "and certified quality per method, beside published speed-ups "
                "(te-acceleration)",
    program=PROGRAM,
    grid={"intervals": ["1"], "topology": ["kdl", "asn"]},
    fixed={"method": ",".join(LARGE_METHODS), "threads": "2", "matrix": "gravity",
           "load": "1", "share": "0.9", "lpTimeLimit": "25min", "certify": "1000"},
    runs=1,
    x="intervals",
    metric="admm-speedup-vs-lp",
    plot=_plot_large,
    title="Speed-up over the LP on large WANs",
    subtitle="Gravity at load 1, largest pairs carrying 90% of the volume, one cold interval, "
             "2 threads; LP (CLP) stopped at 25 min,\nso speed-ups and qualities (q, "
             "certified by weak duality with a 1,000-iteration ADMM) are lower bounds",
    xlabel="",
    ylabel="Speed-up over the LP (x, lower bound)",
    yscale="log",
    legend_loc="upper left",
    figsize=(7.0, 4.8),
)

FIGURES = [SATISFIED_VS_TIME, SPEEDUP_VS_SIZE, DAY_FAILURES, LARGE_WANS]
