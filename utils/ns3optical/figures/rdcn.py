"""Figures of time-slotted reconfigurable datacenter networks (RotorNet, Opera, Shale,
traffic-aware schedules): flow completion times against load per routing scheme, throughput
of uniform against skewed traffic per architecture, and the share of time each ToR pair is
connected.

Every run is one rdcn invocation (examples/rdcn/rdcn.cc), at flow level (--backend=flow, the
fluid network) so that the sweeps take seconds; it records the metrics throughput-pct,
fct-short-p99-us, fct-long-p50-us, connected-pair-mean-pct, and the tables ev_rdcn_summary,
ev_rdcn_flows and ev_rdcn_pairs.

* rdcn-fct-vs-load: the 99th percentile FCT of short flows (web search sizes, Poisson
  arrivals) against the offered load, one curve per routing scheme, on an Opera schedule of
  16 ToRs x 4 hosts x 4 uplinks. Direct routing waits for the circuit to the destination
  (up to a cycle); hop-on-hop-off and k-shortest take multi-hop paths at once; VLB doubles
  the load on the circuits.
* rdcn-throughput: throughput (delivered bytes, % of the hosts' line rate) of saturating
  all-to-all (uniform) and permutation (skewed: each ToR to one other) traffic, per
  architecture and routing. The published bounds are drawn: RotorNet's VLB (RotorLB) costs up
  to half of the bandwidth (50%) and a round robin connects a pair 1/(N-1) of the time, the
  direct bound of a permutation.
* rdcn-throughput-vs-skew: the capacity of a RotorNet round robin (8 ToRs x 4 hosts, one
  rotor) under demand from uniform (skew 0) to a permutation (skew 1): the largest rate at
  which every ToR pair gets all it offers, measured by rdcn-capacity (examples/rdcn/
  rdcn-capacity.cc, bisection on the fluid network) for direct, VLB and RotorLB, beside the
  closed forms (drawn as lines, computed here from N and s): direct 1/(1 + s(N-2)), VLB
  (N-1)/(2N-3+s), RotorLB N/(N + s(N-2)), as shares of the usable uplink capacity; and
  RotorNet's statement that VLB costs up to half of the bandwidth.
* rdcn-connected-share: for each architecture, the distribution over ToR pairs of the share
  of time the pair had a lit circuit (guard bands excluded), measured over the run
  (ev_rdcn_pairs), beside the round robin's closed form (1/(N-1))(1 - guard/slot) per uplink.

The published values are declared once, in PUBLISHED, with their source; everything else
drawn comes from the recorded runs.
"""

from . import Figure, Reference

SOURCE_ROTORNET = "RotorNet (SIGCOMM'17), ../shared/reference/ocs-and-photonic-rails.md"

PUBLISHED = {
    # "uniform traffic uses two-hop Valiant load balancing (RotorLB) at the cost of up to half
    # the bandwidth"
    "vlb-throughput-pct": 50.0,
}

PROGRAM = "rdcn"
TORS = 16
HOSTS = 4
UPLINKS = 4
SLOT_US = 50.0
GUARD_US = 2.0

ROUTING_LABELS = {"direct": "Direct", "vlb": "VLB", "hoho": "Hop-on-hop-off",
                  "ksp": "k shortest (k = 3)", "source": "Source routing"}
ROUTING_MARKS = {"direct": ("C0", "o"), "vlb": ("C1", "s"), "hoho": ("C2", "^"),
                 "ksp": ("C4", "D"), "source": ("C5", "v")}
ARCH_LABELS = {"rotornet": "RotorNet", "opera": "Opera", "shale": "Shale (4 x 4)",
               "traffic-aware": "Traffic-aware (BvN)"}

# The bar and CDF figures draw categories: their x is the ToR count, a grid of one value.
COMMON_NO_TORS = {"backend": "flow", "hostsPerTor": str(HOSTS), "uplinks": str(UPLINKS),
                  "slot": "%gus" % SLOT_US, "guard": "%gus" % GUARD_US}
COMMON = {"backend": "flow", "tors": str(TORS), "hostsPerTor": str(HOSTS),
          "uplinks": str(UPLINKS),
          "slot": "%gus" % SLOT_US, "guard": "%gus" % GUARD_US}

# ------------------------------------------------------------------------------ FCT vs load

FCT_LOADS = ["0.1", "0.2", "0.3", "0.4", "0.5", "0.6"]
FCT_ROUTINGS = ["direct", "vlb", "hoho", "ksp"]


def _routing_points(data, routing, x, metric):
    """[(x, metric)] of the points of one routing scheme that recorded the metric, by x."""
    return sorted((float(p.values[x]), p.value(metric)) for p in data.points
                  if p.values["routing"] == routing and metric in p.metrics)


def _plot_fct(ax, data):
    """fct-short-p99-us against the load, one curve per routing."""
    for routing in FCT_ROUTINGS:
        color, marker = ROUTING_MARKS[routing]
        points = _routing_points(data, routing, "load", "fct-short-p99-us")
        ax.plot([v[0] for v in points], [v[1] for v in points], color=color, marker=marker,
                label=ROUTING_LABELS[routing], zorder=3)
    cycle_us = None
    for p in data.points:
        if "cycle-slices" in p.metrics:
            cycle_us = p.value("cycle-slices") * SLOT_US
            break
    if cycle_us:
        ax.axhline(cycle_us, color="0.3", linestyle="--", linewidth=1.0, zorder=2,
                   label="One cycle of the schedule (%g us)" % cycle_us)


FCT_VS_LOAD = Figure(
    id="rdcn-fct-vs-load",
    description="RDCN: 99th percentile FCT of short web-search flows against load, per "
                "routing scheme, on an Opera schedule (rdcn, flow level)",
    program=PROGRAM,
    grid={"load": FCT_LOADS, "routing": FCT_ROUTINGS},
    fixed=dict(COMMON, architecture="opera", workload="websearch", duration="5ms",
               drain="20ms"),
    runs=1,
    x="load",
    metric="fct-short-p99-us",
    plot=_plot_fct,
    title="Short-flow completion time against load, per routing",
    subtitle="Opera, 16 ToRs x 4 hosts x 4 uplinks, 10 Gb/s; slot 50 us, guard 2 us;\n"
             "web-search flow sizes (DCTCP), Poisson arrivals; short: at most 100 KB",
    xlabel="Offered load (fraction of the host line rate)",
    ylabel="Short flows: 99th percentile FCT (us)",
    yscale="log",
    legend_loc="upper left",
    figsize=(6.4, 4.4),
)

# ------------------------------------------------------------------------------ throughput

TP_ARCHS = ["rotornet", "opera", "traffic-aware"]  # Shale: VLB needs every pair to meet
TP_WORKLOADS = ["alltoall", "permutation"]
TP_ROUTINGS = ["vlb", "hoho"]


def _plot_throughput(ax, data):
    """Bars: throughput-pct per architecture, routing and workload."""
    width = 0.2
    offsets = {}
    index = 0
    for routing in TP_ROUTINGS:
        for workload in TP_WORKLOADS:
            offsets[(routing, workload)] = (index - 1.5) * width
            index += 1
    for (routing, workload), offset in offsets.items():
        color, _ = ROUTING_MARKS[routing]
        xs, ys = [], []
        for i, arch in enumerate(TP_ARCHS):
            for p in data.points:
                if (p.values["architecture"] == arch and p.values["routing"] == routing
                        and p.values["workload"] == workload and "throughput-pct" in p.metrics):
                    xs.append(i + offset)
                    ys.append(p.value("throughput-pct"))
        ax.bar(xs, ys, width=width * 0.95, color=color,
               alpha=1.0 if workload == "alltoall" else 0.45,
               hatch=None if workload == "alltoall" else "//", edgecolor=color,
               label="%s, %s" % (ROUTING_LABELS[routing],
                                 "uniform (all-to-all)" if workload == "alltoall"
                                 else "skewed (permutation)"), zorder=3)
    ax.set_xticks(range(len(TP_ARCHS)))
    ax.set_xticklabels([ARCH_LABELS[a] for a in TP_ARCHS])
    ax.axhline(PUBLISHED["vlb-throughput-pct"], color="C3", linestyle=":", linewidth=1.2,
               zorder=2, label="Published: VLB costs up to half the bandwidth (RotorNet)")
    # A round robin gives the pair (g, g+1) one slot of one rotor per cycle of
    # L = ceil((N-1)/U) slots: 1/L of an uplink, minus guards, for the H hosts of the ToR
    # (equal rates; a rotor with fewer shifts repeats one, so the cycle has L slots).
    cycle = -(-(TORS - 1) // UPLINKS)
    direct = 100.0 / (HOSTS * cycle) * (1 - GUARD_US / SLOT_US)
    ax.axhline(direct, color="0.3", linestyle="--", linewidth=1.0, zorder=2,
               label="Round robin, direct, permutation: (1 - g/S)/(H L) = %.1f%%" % direct)
    ax.set_ylim(0, 105)
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, -0.12), ncol=2, fontsize=7.5)
    for patch in ax.patches:
        patch.set_label("_" + str(patch.get_label()))


def _vlb_rotornet_uniform(point):
    return point.value("throughput-pct")


THROUGHPUT = Figure(
    id="rdcn-throughput",
    description="RDCN: throughput of uniform (all-to-all) against skewed (permutation) "
                "traffic per architecture and routing, beside RotorNet's VLB bound "
                "(rdcn, flow level)",
    program=PROGRAM,
    grid={"tors": [str(TORS)], "architecture": TP_ARCHS, "workload": TP_WORKLOADS,
          "routing": TP_ROUTINGS},
    fixed=dict(COMMON_NO_TORS, flowBytes="2000000", duration="2ms", drain="0s"),
    runs=1,
    x="tors",
    metric="throughput-pct",
    plot=_plot_throughput,
    title="Throughput: uniform against skewed traffic",
    subtitle="16 ToRs x 4 hosts x 4 uplinks, 10 Gb/s, slot 50 us, guard 2 us; saturating "
             "flows of 2 MB;\nthroughput: bytes delivered in the 2 ms, % of the hosts' line "
             "rate",
    xlabel="Architecture",
    ylabel="Throughput (% of host line rate)",
    figsize=(8.0, 5.4),
    references=[
        Reference(label="RotorNet, VLB, uniform traffic: throughput", unit="%",
                  source=SOURCE_ROTORNET + ": RotorLB costs up to half the bandwidth",
                  kind="published", expected=PUBLISHED["vlb-throughput-pct"],
                  at={"tors": str(TORS), "architecture": "rotornet", "workload": "alltoall",
                      "routing": "vlb"},
                  measured=_vlb_rotornet_uniform),
    ],
)

# ------------------------------------------------------------------------------ capacity vs skew

SKEWS = ["0", "0.25", "0.5", "0.75", "1"]
SKEW_ROUTINGS = ["direct", "vlb", "rotorlb"]
SKEW_TORS = 8
ROUTING_LABELS["rotorlb"] = "RotorLB"
ROUTING_MARKS["rotorlb"] = ("C3", "D")


def _closed_form(routing, s, n=SKEW_TORS):
    """Capacity as a share of the usable uplink capacity (round robin, U dividing N - 1)."""
    if routing == "direct":
        return 1.0 / (1.0 + s * (n - 2))
    if routing == "vlb":  # intermediates: any ToR but the source
        return (n - 1.0) / (2.0 * n - 3.0 + s)
    return n / (n + s * (n - 2.0))  # rotorlb


def _plot_skew(ax, data):
    """capacity-pct against skew, one curve per routing, closed forms as lines."""
    fine = [i / 100.0 for i in range(101)]
    for routing in SKEW_ROUTINGS:
        color, marker = ROUTING_MARKS[routing]
        points = _routing_points(data, routing, "skew", "capacity-pct")
        ax.plot([v[0] for v in points], [v[1] for v in points], color=color, marker=marker,
                linestyle="none", zorder=3,
                label="%s: fluid (marks), closed form (line)" % ROUTING_LABELS[routing])
        ax.plot(fine, [100.0 * _closed_form(routing, x) for x in fine], color=color,
                linewidth=1.0, zorder=2)
    ax.axhline(PUBLISHED["vlb-throughput-pct"], color="0.3", linestyle=":", linewidth=1.0,
               zorder=1, label="Published: VLB costs up to half the bandwidth (RotorNet)")
    ax.set_ylim(0, 125)
    ax.set_xlim(-0.03, 1.03)


def _skew_reference(routing, skew):
    return Reference(label="%s, skew %s: capacity" % (ROUTING_LABELS[routing], skew), unit="%",
                     source="analytic (closed form of the round robin, N = %d)" % SKEW_TORS,
                     expected=100.0 * _closed_form(routing, float(skew)),
                     at={"skew": skew, "routing": routing}, rel_tol=0.03)


THROUGHPUT_VS_SKEW = Figure(
    id="rdcn-throughput-vs-skew",
    description="RDCN: capacity of a RotorNet round robin from uniform to permutation demand "
                "for direct, VLB and RotorLB, beside the closed forms (rdcn-capacity, flow "
                "level)",
    program="rdcn-capacity",
    grid={"skew": SKEWS, "routing": SKEW_ROUTINGS},
    fixed={"tors": str(SKEW_TORS), "uplinks": "1", "hostsPerTor": "4", "intermediates": "any",
           "slot": "%gus" % SLOT_US, "guard": "%gus" % GUARD_US},
    runs=1,
    x="skew",
    metric="capacity-pct",
    plot=_plot_skew,
    title="Capacity against skew: direct, VLB and RotorLB",
    subtitle="RotorNet round robin, 8 ToRs x 4 hosts, one rotor, slot 50 us, guard 2 us;\n"
             "skew: share of each ToR's demand to one other ToR (the rest uniform); capacity: "
             "largest rate every pair gets in full,\n% of the usable uplink capacity "
             "(guard bands excluded), found by bisection",
    xlabel="Skew (0: uniform, 1: permutation)",
    ylabel="Capacity (% of usable uplink capacity)",
    legend_loc="upper right",
    figsize=(7.0, 5.0),
    references=[_skew_reference(r, s) for r in SKEW_ROUTINGS for s in ("0", "1")],
)

# ------------------------------------------------------------------------------ connected share

CS_ARCHS = ["rotornet", "opera", "shale", "traffic-aware"]


def _plot_connected(ax, data):
    """CDF over ToR pairs of the measured connected share, one curve per architecture."""
    colors = {"rotornet": "C0", "opera": "C1", "shale": "C2", "traffic-aware": "C4"}
    for arch in CS_ARCHS:
        point = data.point(architecture=arch)
        if point is None:
            continue
        rows = data.events("rdcn_pairs", point)
        shares = sorted(float(r["connected_pct"]) for r in rows)
        if not shares:
            continue
        ys = [(i + 1) / len(shares) for i in range(len(shares))]
        ax.step(shares, ys, where="post", color=colors[arch], label=ARCH_LABELS[arch],
                zorder=3)
    rr = 100.0 / (TORS - 1) * (1 - GUARD_US / SLOT_US)
    ax.axvline(rr, color="0.3", linestyle="--", linewidth=1.0, zorder=2,
               label="Round robin, one uplink: (1/(N-1))(1 - g/S) = %.2f%%" % rr)
    ax.set_ylim(0, 1.02)


CONNECTED_SHARE = Figure(
    id="rdcn-connected-share",
    description="RDCN: distribution over ToR pairs of the share of time a pair is connected, "
                "per architecture (rdcn, flow level, permutation traffic)",
    program=PROGRAM,
    grid={"tors": [str(TORS)], "architecture": CS_ARCHS},
    fixed=dict(COMMON_NO_TORS, routing="hoho", workload="permutation", flowBytes="2000000",
               duration="4ms", drain="0s"),
    runs=1,
    x="tors",
    metric="connected-pair-mean-pct",
    plot=_plot_connected,
    title="Share of time a ToR pair is connected",
    subtitle="16 ToRs x 4 uplinks, slot 50 us, guard 2 us, measured over 4 ms;\n"
             "traffic-aware: BvN of the permutation's demand (its pairs get most slices)",
    xlabel="Share of time the pair has a lit circuit, any uplink (%)",
    ylabel="Fraction of ToR pairs",
    xscale="log",
    legend_loc="lower right",
    figsize=(6.4, 4.4),
)

FIGURES = [FCT_VS_LOAD, THROUGHPUT, THROUGHPUT_VS_SKEW, CONNECTED_SHARE]

# ------------------------------------------------------------------------------ Opera's split

SOURCE_OPERA = ("Opera (Mellette et al., NSDI'20), abstract: low-latency traffic with flow "
                "completion times comparable to cost-equivalent static topologies, and 60% "
                "higher load for published datacenter workloads; "
                "../shared/reference/ocs-and-photonic-rails.md")

# Published: the load Opera sustains over the static expander (60% higher), and short-flow
# FCTs comparable to the expander's (a ratio of about 1).
PUBLISHED["opera-over-expander-load"] = 1.6
PUBLISHED["opera-over-expander-short-fct"] = 1.0

OPERA_LOADS = ["0.05", "0.1", "0.2", "0.3", "0.4", "0.5"]
# Opera classes flows under 15 MB as low-latency: about what a host sends in one cycle of its
# 108-rack schedule (10.8 ms at 10 Gb/s). Here one cycle of the 16-ToR Opera schedule is 16
# slots of 50 us: 800 us, 1 MB at 10 Gb/s.
OPERA_LOW_LATENCY_BYTES = "1000000"
OPERA_CASES = {
    "opera": {"architecture": "opera", "routing": "rotorlb", "lowLatencyRouting": "hoho",
              "lowLatencyBytes": OPERA_LOW_LATENCY_BYTES},
    "opera-one-class": {"architecture": "opera", "routing": "hoho", "lowLatencyRouting": "none"},
    "rotornet": {"architecture": "rotornet", "routing": "rotorlb", "lowLatencyRouting": "none"},
    "expander": {"architecture": "expander", "routing": "hoho", "lowLatencyRouting": "hoho",
                 "lowLatencyBytes": OPERA_LOW_LATENCY_BYTES},
}
OPERA_LABELS = {
    "opera": "Opera: bulk RotorLB, flows <= 1 MB hop-on-hop-off at priority",
    "opera-one-class": "Opera, no split: every flow hop-on-hop-off, one class",
    "rotornet": "RotorNet: every flow RotorLB (direct, excess indirect)",
    "expander": "Static expander (same uplinks): hop-on-hop-off, flows <= 1 MB at priority",
}
OPERA_MARKS = {"opera": ("C1", "o", "-"), "opera-one-class": ("C1", "x", ":"),
               "rotornet": ("C0", "s", "-"), "expander": ("C2", "^", "-")}
OPERA_FIXED = dict(COMMON, workload="websearch", queue="100000", duration="30ms", drain="30ms")


def _opera_curves(ax, data, metric):
    """One curve per case: the metric's mean over the seeds against the load, 95% CI bars."""
    for case in OPERA_CASES:
        color, marker, style = OPERA_MARKS[case]
        points = sorted((p for p in data.points if p.values["case"] == case
                         and metric in p.metrics), key=lambda p: float(p.values["load"]))
        stats = [p.stat(metric) for p in points]
        ax.errorbar([float(p.values["load"]) for p in points], [s.mean for s in stats],
                    yerr=[s.ci95 for s in stats], color=color, marker=marker, linestyle=style,
                    capsize=2.5, elinewidth=0.8, label=OPERA_LABELS[case], zorder=3)


def _plot_opera_fct(ax, data):
    _opera_curves(ax, data, "fct-short-p99-us")
    ratio = _short_fct_ratio(data, "0.1")
    ax.text(0.02, 0.97, "At load 0.1, Opera / expander p99: %.2f (published: comparable, "
            "about 1)" % ratio if ratio else "", transform=ax.transAxes, va="top",
            fontsize=7.5)


def _short_fct_ratio(data, load):
    """Opera's mean p99 short-flow FCT over the expander's at one load (None if missing)."""
    try:
        opera = data.point(case="opera", load=load).stat("fct-short-p99-us").mean
        expander = data.point(case="expander", load=load).stat("fct-short-p99-us").mean
    except KeyError:
        return None
    return opera / expander if expander else None


def _throughput_ratio(data, load):
    """Opera's mean throughput over the expander's at one load (None if missing)."""
    try:
        opera = data.point(case="opera", load=load).stat("throughput-pct").mean
        expander = data.point(case="expander", load=load).stat("throughput-pct").mean
    except KeyError:
        return None
    return opera / expander if expander else None


def _plot_opera_throughput(ax, data):
    _opera_curves(ax, data, "throughput-pct")
    loads = [float(v) for v in OPERA_LOADS]
    ax.plot([0] + loads, [0] + [100.0 * v for v in loads], color="0.3", linestyle="--",
            linewidth=1.0, zorder=2, label="Offered load")
    ratio = _throughput_ratio(data, OPERA_LOADS[-1])
    if ratio:
        ax.text(0.02, 0.97, "At load %s Opera delivers %.2f x the expander's bytes\n"
                "(published: Opera sustains %.1f x the expander's load)"
                % (OPERA_LOADS[-1], ratio, PUBLISHED["opera-over-expander-load"]),
                transform=ax.transAxes, va="top", fontsize=7.5)


OPERA_SUBTITLE = ("16 ToRs x 4 hosts x 4 uplinks, 10 Gb/s, slot 50 us, guard 2 us, calendar "
                  "queues of 100 kB per class;\nweb-search flow sizes (DCTCP), Poisson "
                  "arrivals for 30 ms (throughput: bytes delivered in them)")

# One sweep behind both figures: the same runs, two metrics.
OPERA_SWEEP = dict(
    program=PROGRAM,
    grid={"load": OPERA_LOADS},
    cases=OPERA_CASES,
    fixed=OPERA_FIXED,
    runs=5,
    x="load",
    subtitle=OPERA_SUBTITLE,
    xlabel="Offered load (fraction of the host line rate)",
    legend_loc="lower right",
    figsize=(7.2, 5.0),
)

OPERA_SHORT_FLOWS = Figure(
    id="rdcn-opera-short-flows",
    description="RDCN: 99th percentile FCT of short flows against load for Opera (its "
                "low-latency/bulk split), RotorNet and a static expander, 5 seeds (rdcn, flow "
                "level)",
    metric="fct-short-p99-us",
    plot=_plot_opera_fct,
    title="Short flows (<= 100 kB): Opera, RotorNet, static expander",
    ylabel="Short flows: 99th percentile FCT (us)",
    yscale="log",
    **OPERA_SWEEP,
)

OPERA_THROUGHPUT = Figure(
    id="rdcn-opera-throughput",
    description="RDCN: throughput against offered load for Opera, RotorNet and a static "
                "expander (the runs of rdcn-opera-short-flows)",
    metric="throughput-pct",
    plot=_plot_opera_throughput,
    title="Throughput against load: Opera, RotorNet, static expander",
    ylabel="Throughput (% of host line rate)",
    **OPERA_SWEEP,
)

FIGURES += [OPERA_SHORT_FLOWS, OPERA_THROUGHPUT]
