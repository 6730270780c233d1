"""Figures of the server-scale photonic fabric (Morphlux): bandwidth, fragmentation,
rejections, failure recovery and fine-tuning, beside the values Morphlux published.

A rack is a 4x4x4 torus of accelerators, a server 2x2x1 of them; a photonic fabric inside
every server steers an accelerator's 6 port units onto links of its own slice and lets the
allocator stitch a slice from non-contiguous servers.

* server-fabric-fragmentation / -rejection (torus-allocation): fragmentation-pct and
  rejection-pct against the offered load, contiguous (TPU-style) allocator against Morphlux,
  16 racks, 24 h of Poisson slice requests of the four sub-rack shapes, Morphlux's ILP on,
  3 seeds. Both figures use the same 24 runs (same sweep keys): contiguous runs take 2 to
  4 s, Morphlux runs 5 to 15 s, and 30 to 75 s at load 1.1 (ILP solves); about 2.5 minutes
  in all on 2 cores. The ILP has a wall-clock limit per solve, so Morphlux's placements can
  depend on the machine's speed and load. fragmentation-reduction-pct is computed per run
  (0 when neither policy fragments) and averaged over the seeds.
* server-fabric-bandwidth-gain: tenant bandwidth gain per slice shape (4, 8, 16, 32
  accelerators), Morphlux's steered slices against the same shape as a box on the plain
  torus, from the per-shape metrics of the Morphlux runs at load 0.9 above (no run of its
  own). The gain is (bus bandwidth - box bus bandwidth) / 6 port units, in %.
* server-fabric-recovery (server-fabric-failover): the recovery timeline of one scripted
  accelerator failure (ev_recovery): the contiguous policy migrates the job, Morphlux swaps
  in a spare server's accelerator. 2 deterministic runs, well under a second each.
* server-fabric-finetune (server-fabric-finetune): iteration time of Llama-3.2-1B data
  parallel on 2-accelerator slices (the prototype's square) with and without steering
  (ev_finetune). 1 deterministic run, milliseconds.
* server-fabric-finetune-batch (server-fabric-finetune): the speedup of steering against
  the micro-batch size (1 to 32 sequences per GPU), which the prototype's publication does
  not give; the published 1.72x is drawn as a line. 6 deterministic runs, milliseconds each.

The published values are declared once, in PUBLISHED below, with their source; the
references (printed comparison lines) and the published marks drawn on the figures are both
built from it. Everything else drawn comes from the recorded runs.
"""

from . import Figure, Reference

SOURCE = "Morphlux, arXiv 2508.03674 (ASPLOS'26)"

# Published values (Morphlux, arXiv 2508.03674; see ../shared/reference/server-fabric.md).
PUBLISHED = {
    # "up to 66% more bandwidth for tenant allocations" (sub-rack slices)
    "bandwidth-gain-pct": 66.0,
    # "up to 70% less compute fragmentation"
    "fragmentation-reduction-pct": 70.0,
    # default TPU-style allocators reject fragmented 32-accelerator requests about 75% of the
    # time (Morphlux's exact definition of "fragmented" is not public)
    "contiguous-fragmentation-pct-32": 75.0,
    # prototype failure recovery: rewire and job start, then NCCL re-sync
    "rewire-s": 1.1,
    "resync-s": 4.5,
    # a spare in the same rack replaces the failed accelerator: only it is affected
    "blast-radius-accelerators": 1.0,
    # prototype fine-tuning of Llama-3.2-1B on 2-accelerator slices, epoch time (s)
    "epoch-s-without-steering": 40.25,
    "epoch-s-with-steering": 23.37,
    "finetune-speedup": 1.72,
}

# ------------------------------------------------------------------------------ allocation

ALLOCATION = "torus-allocation"
ALLOCATION_FIXED = {"racks": "16", "duration": "24h"}
ALLOCATION_RUNS = 3
LOADS = ["0.5", "0.7", "0.9", "1.1"]
POLICIES = ["contiguous", "morphlux"]
POLICY_LABELS = {"contiguous": "Contiguous (TPU-style)", "morphlux": "Morphlux"}
POLICY_STYLES = {"Contiguous (TPU-style)": {"marker": "s", "color": "C3"},
                 "Morphlux": {"marker": "o", "color": "C0"}}
ALLOCATION_SUBTITLE = ("16 racks of 4x4x4, 24 h of Poisson requests for 2x2x1 to 2x4x4 "
                       "slices (mean hold 1 h);\nMorphlux's ILP allocator against the "
                       "contiguous one on the same requests")

SHAPES = ["2x2x1", "2x2x2", "2x2x4", "2x4x4"]
GAIN_LOAD = "0.9"          # the Morphlux runs of the fragmentation figure at this load
REDUCTION_LOAD = "1.1"     # the most fragmented load: where the reduction is compared


def _accelerators(shape):
    """Return the accelerators of a shape 'AxBxC'."""
    a, b, c = (int(v) for v in shape.split("x"))
    return a * b * c


def _gain_of(shape):
    """Name of the tenant bandwidth gain metric of a shape."""
    return "tenant-bandwidth-gain-pct-%s" % shape


def _largest_gain(point):
    """The largest per-shape tenant bandwidth gain (%) at `point` (the 'up to')."""
    return max(point.value(_gain_of(shape)) for shape in SHAPES)


def _plot_gain(ax, data):
    """Bars: the gain of every shape (mean and 95% CI over seeds), then of all measured
    slices; bus bandwidth of the box and of Morphlux's slice written above each bar; the
    published 'up to 66%' as a dashed line."""
    point = data.point(load=GAIN_LOAD, policy="morphlux")
    labels, stats, notes = [], [], []
    for shape in SHAPES:
        labels.append("%d\n(%s)" % (_accelerators(shape), shape))
        stats.append(point.stat(_gain_of(shape)))
        notes.append("%.2f \u2192 %.2f" % (point.value("box-bus-bandwidth-units-%s" % shape),
                                           point.value("bus-bandwidth-units-%s" % shape)))
    labels.append("all\nslices")
    stats.append(point.stat("tenant-bandwidth-gain-pct"))
    notes.append("")
    xs = list(range(len(labels)))
    errors = [s.ci95 for s in stats] if any(s.n > 1 for s in stats) else None
    colors = ["C0"] * len(SHAPES) + ["white"]
    bars = ax.bar(xs, [s.mean for s in stats], width=0.62, color=colors, edgecolor="C0",
                  linewidth=1.0, yerr=errors, capsize=3, error_kw={"elinewidth": 0.8},
                  label="Morphlux against the box on the plain torus (simulated)", zorder=3)
    bars[-1].set_hatch("///")
    for x, stat, note in zip(xs, stats, notes):
        top = stat.mean + stat.ci95
        ax.text(x, top + 1.2, "%.1f%%" % stat.mean, ha="center", va="bottom", fontsize=8)
        if note:
            ax.text(x, top + 6.0, note, ha="center", va="bottom", fontsize=6.5, color="0.35")
    ax.axhline(PUBLISHED["bandwidth-gain-pct"], color="0.2", linestyle="--", linewidth=1.1,
               label="Published: up to %g%% (Morphlux)" % PUBLISHED["bandwidth-gain-pct"],
               zorder=2)
    ax.set_xticks(xs)
    ax.set_xticklabels(labels)
    ax.set_xlim(-0.6, len(labels) - 0.4)


BANDWIDTH_GAIN = Figure(
    id="server-fabric-bandwidth-gain",
    description="Morphlux: tenant bandwidth gain over the plain torus by slice size (4 to 32 "
                "accelerators), beside the published up-to-66% (torus-allocation)",
    program=ALLOCATION,
    grid={"load": [GAIN_LOAD], "policy": ["morphlux"]},
    fixed=ALLOCATION_FIXED,
    runs=ALLOCATION_RUNS,
    x="load",
    metric="tenant-bandwidth-gain-pct",
    plot=_plot_gain,
    title="Tenant bandwidth gain of steered slices, by slice size",
    subtitle="(bus bandwidth of the slice - that of the same shape as a box on the plain "
             "torus) / 6 port units;\nabove the bars: bus bandwidth, box \u2192 Morphlux "
             "(port units); load 0.9, 16 racks, 8 slices\nmeasured per shape and placement "
             "method (Morphlux runs of server-fabric-fragmentation)",
    xlabel="Accelerators per slice (shape)",
    ylabel="Tenant bandwidth gain (% of 6 port units)",
    ylim=(0, 100),
    legend_loc="upper right",
    figsize=(6.0, 4.2),
    references=[Reference(
        label="largest per-shape tenant bandwidth gain, load %s" % GAIN_LOAD, unit="%",
        source=SOURCE + ": up to 66% more bandwidth for sub-rack tenant allocations",
        kind="published", expected=PUBLISHED["bandwidth-gain-pct"],
        at={"load": GAIN_LOAD, "policy": "morphlux"}, measured=_largest_gain)],
)


def _decorate_fragmentation(ax, data):
    """The published reduction applied to the simulated contiguous curve (dotted), and the
    simulated reduction written at every Morphlux point."""
    contiguous = sorted(((float(p.values["load"]), p.value("fragmentation-pct"))
                         for p in data.points if p.values["policy"] == "contiguous"))
    share = 1.0 - PUBLISHED["fragmentation-reduction-pct"] / 100.0
    ax.plot([c[0] for c in contiguous], [c[1] * share for c in contiguous], color="0.35",
            linestyle=":", linewidth=1.2, zorder=2,
            label="Contiguous less %g%% (published reduction)"
            % PUBLISHED["fragmentation-reduction-pct"])
    for point in data.points:
        if point.values["policy"] != "morphlux" or not point.value("contiguous-"
                                                                   "fragmentation-pct") > 0:
            continue      # no reduction where the contiguous allocator fragments nothing
        reduction = point.value("fragmentation-reduction-pct")
        ax.annotate("\u2212%.0f%%" % reduction,
                    (float(point.values["load"]), point.value("fragmentation-pct")),
                    textcoords="offset points", xytext=(5, -11), ha="left", fontsize=7,
                    color="C0")
    ax.set_ylim(bottom=-0.6)


# What the two figures against the offered load share (the same runs).
_AGAINST_LOAD = dict(program=ALLOCATION, grid={"load": LOADS, "policy": POLICIES},
                     fixed=ALLOCATION_FIXED, runs=ALLOCATION_RUNS, x="load",
                     series_labels=POLICY_LABELS, styles=POLICY_STYLES,
                     xlabel="Offered load (accelerator-hours asked / capacity)",
                     legend_loc="upper left")

FRAGMENTATION = Figure(
    id="server-fabric-fragmentation",
    description="Morphlux: compute fragmentation against offered load, contiguous vs "
                "Morphlux, beside the published up-to-70% reduction (torus-allocation)",
    **_AGAINST_LOAD,
    metric="fragmentation-pct",
    decorate=_decorate_fragmentation,
    title="Compute fragmentation against offered load",
    subtitle=ALLOCATION_SUBTITLE + "\nfragmentation: requests refused although a rack "
             "had enough free servers, of those\nthat found one; labels: Morphlux's "
             "reduction (mean over seeds)",
    ylabel="Fragmentation (% of requests)",
    figsize=(6.0, 4.4),
    references=[Reference(
        label="fragmentation reduction at load %s" % REDUCTION_LOAD, unit="%",
        source=SOURCE + ": up to 70% less compute fragmentation", kind="published",
        expected=PUBLISHED["fragmentation-reduction-pct"],
        at={"load": REDUCTION_LOAD, "policy": "morphlux"},
        measured=lambda point: point.value("fragmentation-reduction-pct")),
        Reference(
            label="fragmented 32-accelerator requests rejected, contiguous, load %s"
                  % REDUCTION_LOAD, unit="%",
            source=SOURCE + ": default TPU-style allocators reject fragmented "
                   "32-accelerator requests about 75% of the time (here: of the 32-accelerator "
                   "requests that found a rack with enough free servers)",
            kind="published", expected=PUBLISHED["contiguous-fragmentation-pct-32"],
            at={"load": REDUCTION_LOAD, "policy": "contiguous"},
            measured=lambda point: point.value("fragmentation-pct-32"))],
)

REJECTION = Figure(
    id="server-fabric-rejection",
    description="Morphlux: slice requests rejected against offered load, contiguous vs "
                "Morphlux (torus-allocation)",
    **_AGAINST_LOAD,
    metric="rejection-pct",
    title="Rejected slice requests against offered load",
    subtitle=ALLOCATION_SUBTITLE,
    ylabel="Rejected requests (%)",
    ylim=(0, None),
)

# ------------------------------------------------------------------------------ recovery

PHASES = {"migration": ("Job migration and restart", "C3"),
          "rewire": ("Fabric rewire and job start", "C0"),
          "resync": ("Collective re-sync", "C2")}
RECOVERY_LABELS = {"contiguous": "Contiguous:\nmigrate the job",
                   "morphlux": "Morphlux:\nswap in a spare"}
PUBLISHED_ROW = "Morphlux prototype\n(published)"


def _recovery_rows(data):
    """Return [(row label, [(phase, start, end)], point or None)]: the simulated policies
    (times since the failure, from ev_recovery), then the published prototype."""
    rows = []
    for policy in POLICIES:
        point = data.point(spares="4", policy=policy)
        events = data.events("recovery", point)
        # The first phase starts at the failure (--failAt, recorded as an ns-3 time text
        # such as '10s' or '1.5min': read from the events rather than parsed).
        fail = min(row["start_s"] for row in events)
        phases = [(row["phase"], row["start_s"] - fail, row["end_s"] - fail)
                  for row in events]
        rows.append((RECOVERY_LABELS[policy], phases, point))
    rewire, resync = PUBLISHED["rewire-s"], PUBLISHED["resync-s"]
    rows.append((PUBLISHED_ROW, [("rewire", 0.0, rewire), ("resync", rewire, rewire + resync)],
                 None))
    return rows


def _phase_legend(ax, phases, **options):
    """Draw a legend of the phases' colours (handles of its own: the framework then draws
    no legend over it)."""
    from matplotlib.patches import Patch
    handles = [Patch(facecolor=PHASES[p][1], edgecolor=PHASES[p][1], alpha=0.9,
                     label=PHASES[p][0]) for p in PHASES if p in phases]
    ax.legend(handles=handles, **options)


def _draw_timeline(ax, rows):
    """Draw the rows top to bottom as broken horizontal bars, one colour per phase (the
    published row hatched and lighter)."""
    for index, (_, phases, point) in enumerate(rows):
        y = len(rows) - 1 - index
        for phase, start, end in phases:
            color = PHASES.get(phase, (phase, "0.5"))[1]
            ax.barh(y, end - start, left=start, height=0.5, color=color,
                    alpha=0.9 if point is not None else 0.5, edgecolor=color,
                    hatch=None if point is not None else "//", zorder=3)


def _recovery_text(phases, point):
    """'64.5 s, blast radius 32 accelerators' for a row (its end; no radius if published)."""
    text = "%.1f s" % max(p[2] for p in phases)
    if point is not None:
        radius = point.value("blast-radius-accelerators")
        text += ", blast radius %g accelerator%s" % (radius, "" if radius == 1 else "s")
    return text


def _plot_recovery(ax, data):
    """Recovery timeline of one failure for both policies, the published prototype below,
    and an inset zooming on the first seconds."""
    rows = _recovery_rows(data)
    _draw_timeline(ax, rows)
    longest = max(end for _, phases, _ in rows for _, _, end in phases)
    span = longest * 1.06
    for index, (_, phases, point) in enumerate(rows):
        y = len(rows) - 1 - index
        end = max(p[2] for p in phases)
        if end > 0.5 * span:      # a long bar: the text inside it
            widest = max(phases, key=lambda p: p[2] - p[1])
            ax.text(widest[1] + 0.01 * span, y, "%s (%.1f s)\n%s"
                    % (PHASES.get(widest[0], (widest[0],))[0], widest[2] - widest[1],
                       _recovery_text(phases, point)),
                    va="center", ha="left", fontsize=7, color="white", zorder=4)
        else:
            ax.text(end + 0.012 * span, y, _recovery_text(phases, point), va="center",
                    ha="left", fontsize=7, color="0.2")
    ax.axvline(0, color="0.2", linewidth=1.0, zorder=4)
    ax.text(0.008 * span, -0.55, "failure", fontsize=7, color="0.2", va="bottom")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([row[0] for row in reversed(rows)])
    ax.set_ylim(-0.6, len(rows) - 0.05)
    ax.set_xlim(-0.01 * span, span)
    _phase_legend(ax, {p[0] for row in rows for p in row[1]}, loc="upper center", ncol=3,
                  fontsize=7, handlelength=1.4, columnspacing=1.2)
    short = [row for row in rows if max(p[2] for p in row[1]) < 0.2 * longest]
    if short:
        inset = ax.inset_axes([0.57, 0.05, 0.41, 0.38])
        _draw_timeline(inset, short)
        zoom = max(p[2] for row in short for p in row[1]) * 1.12
        for index, (_, phases, point) in enumerate(short):
            y = len(short) - 1 - index
            for phase, start, end in phases:
                inset.text((start + end) / 2, y, "%.1f s" % (end - start), ha="center",
                           va="center", fontsize=6.5, color="white" if point else "0.15",
                           zorder=4)
        inset.set_xlim(0, zoom)
        inset.set_ylim(-0.5, len(short) - 0.5)
        inset.set_yticks(range(len(short)))
        inset.set_yticklabels([row[0].split(":")[0].split("\n")[0]
                               + ("" if row[2] is not None else " (publ.)")
                               for row in reversed(short)], fontsize=6.5)
        inset.tick_params(labelsize=6.5, direction="in")
        inset.grid(True, axis="x", color="0.88", linewidth=0.5)
        inset.set_title("first %.0f s" % zoom, fontsize=7, pad=2)


RECOVERY = Figure(
    id="server-fabric-recovery",
    description="Morphlux: recovery timeline of one accelerator failure, job migration vs "
                "spare swap, beside the prototype's 1.1 s rewire (server-fabric-failover)",
    program="server-fabric-failover",
    grid={"spares": ["4"], "policy": POLICIES},
    runs=1,
    x="spares",
    metric="recovery-s",
    plot=_plot_recovery,
    title="Recovery from one accelerator failure",
    subtitle="4 racks, failure at 10 s in a 2x4x4 slice; 4 spares per rack; migration 60 s "
             "(assumed),\nfabric rewire 1.1 s, re-sync 4.5 s (prototype values as inputs)",
    xlabel="Time since the failure (s)",
    ylabel="Policy",
    figsize=(6.4, 3.8),
    references=[
        Reference(label="fabric rewire and job start, Morphlux", unit="s",
                  source=SOURCE + ", prototype failure recovery", kind="published",
                  expected=PUBLISHED["rewire-s"],
                  at={"spares": "4", "policy": "morphlux"},
                  measured=lambda point: point.value("rewire-s")),
        Reference(label="blast radius, Morphlux", unit="accelerators",
                  source=SOURCE + ": a spare in the rack replaces the failed accelerator",
                  kind="published", expected=PUBLISHED["blast-radius-accelerators"],
                  at={"spares": "4", "policy": "morphlux"},
                  measured=lambda point: point.value("blast-radius-accelerators")),
    ],
)

# ------------------------------------------------------------------------------ fine-tuning


def _plot_finetune(ax, data):
    """Stacked bars (compute, exposed communication) of the iteration time without and with
    steering (ev_finetune), the speedup, and the published epoch ratio applied to the
    simulated time without steering (dashed)."""
    point = data.points[0]
    rows = sorted(data.events("finetune", point), key=lambda row: row["steering"])
    labels = ["%s\n(%g Gb/s per pair)" % ("With steering" if row["steering"] else
                                          "Without steering", row["pair_gbps"])
              for row in rows]
    xs = list(range(len(rows)))
    compute = [1e3 * row["compute_s"] for row in rows]
    exposed = [1e3 * row["exposed_comm_s"] for row in rows]
    ax.bar(xs, compute, width=0.5, color="0.6", label="Compute", zorder=3)
    ax.bar(xs, exposed, width=0.5, bottom=compute, color="C0",
           label="Exposed all-reduce", zorder=3)
    for x, row in zip(xs, rows):
        ax.text(x, 1e3 * row["iteration_s"] + 25, "%.0f ms" % (1e3 * row["iteration_s"]),
                ha="center", va="bottom", fontsize=8)
    baseline = [row for row in rows if not row["steering"]]
    steered = [x for x, row in zip(xs, rows) if row["steering"]]
    if baseline and steered:
        ratio = PUBLISHED["epoch-s-with-steering"] / PUBLISHED["epoch-s-without-steering"]
        level = 1e3 * baseline[0]["iteration_s"] * ratio
        ax.plot([steered[0] - 0.36, steered[0] + 0.36], [level, level], color="C3",
                linestyle="--", linewidth=1.5, zorder=4,
                label="Published: time without steering x %.2f/%.2f"
                % (PUBLISHED["epoch-s-with-steering"], PUBLISHED["epoch-s-without-steering"]))
        ax.text(steered[0], 1e3 * rows[xs.index(steered[0])]["iteration_s"] + 140,
                "%.2fx faster\n(published %.2fx)"
                % (point.value("speedup"), PUBLISHED["finetune-speedup"]),
                ha="center", va="bottom", fontsize=8.5, color="0.15")
    ax.set_xticks(xs)
    ax.set_xticklabels(labels)
    ax.set_xlim(-0.6, len(xs) - 0.4)
    ax.set_ylim(0, max(1e3 * row["iteration_s"] for row in rows) * 1.45)


FINETUNE = Figure(
    id="server-fabric-finetune",
    description="Morphlux: Llama-3.2-1B fine-tuning iteration time on 2-GPU slices with and "
                "without steering, beside the published 1.72x (server-fabric-finetune)",
    program="server-fabric-finetune",
    grid={"portGbps": ["5"]},
    runs=1,
    x="portGbps",
    metric="speedup",
    plot=_plot_finetune,
    title="Fine-tuning on 2-accelerator slices with bandwidth steering",
    subtitle="Llama-3.2-1B data parallel, RTX 6000 Ada, the prototype's 2x2 square; "
             "2 x 10 Gb/s per GPU\n(5 Gb/s per port); steering moves the idle ports onto "
             "the slice's pair",
    xlabel="Fabric of each 2-GPU slice",
    ylabel="Iteration time (ms)",
    legend_loc="upper right",
    figsize=(5.6, 4.0),
    references=[Reference(
        label="fine-tuning speedup with steering", unit="x",
        source=SOURCE + ", prototype: Llama-3.2-1B epoch 40.25 s -> 23.37 s",
        kind="published", expected=PUBLISHED["finetune-speedup"],
        at={"portGbps": "5"})],
)

# The prototype's micro-batch size is not published (../shared/reference/server-fabric.md):
# the speedup over a range of sizes, the default 16 among them.
MICRO_BATCH_SIZES = ["1", "2", "4", "8", "16", "32"]


def _decorate_finetune_batch(ax, data):
    """The published speedup as a dashed line (at no particular micro-batch size) and the
    simulated speedup written at every point."""
    ax.axhline(PUBLISHED["finetune-speedup"], color="C3", linestyle="--", linewidth=1.2,
               zorder=2, label="Published: %.2fx (micro-batch size not published)"
               % PUBLISHED["finetune-speedup"])
    for point in data.points:
        ax.annotate("%.2f" % point.value("speedup"),
                    (float(point.values["microBatchSize"]), point.value("speedup")),
                    textcoords="offset points", xytext=(0, 6), ha="center", fontsize=7,
                    color="C0")
    ax.set_xticks([float(v) for v in MICRO_BATCH_SIZES])
    ax.set_xticklabels(MICRO_BATCH_SIZES)


FINETUNE_BATCH = Figure(
    id="server-fabric-finetune-batch",
    description="Morphlux: fine-tuning speedup of steering against the micro-batch size "
                "(not published), beside the published 1.72x (server-fabric-finetune)",
    program="server-fabric-finetune",
    grid={"microBatchSize": MICRO_BATCH_SIZES, "backend": ["flow"]},
    runs=1,
    x="microBatchSize",
    metric="speedup",
    series_labels={"flow": "Simulated (flow level)"},
    styles={"Simulated (flow level)": {"marker": "o", "color": "C0"}},
    decorate=_decorate_finetune_batch,
    title="Fine-tuning speedup of steering against the micro-batch size",
    subtitle="Llama-3.2-1B data parallel on 2-GPU slices, RTX 6000 Ada, 2 x 10 Gb/s per GPU "
             "without steering,\n2 x 20 Gb/s with; the prototype's micro-batch size is not "
             "published",
    xlabel="Micro-batch size (sequences per GPU and iteration)",
    ylabel="Speedup (iteration time without / with steering)",
    xscale="log",
    ylim=(1.0, 2.1),
    legend_loc="lower right",
    figsize=(6.0, 4.0),
)

FIGURES = [BANDWIDTH_GAIN, FRAGMENTATION, REJECTION, RECOVERY, FINETUNE, FINETUNE_BATCH]
