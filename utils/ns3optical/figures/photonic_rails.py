"""Figures of photonic-rails: training on photonic rails (Opus) against electrical rails.

photonic-rails trains one hybrid-parallel job (DP x PP x TP, the tensor-parallel group inside
a server's scale-up domain) on a scale-out fabric of one OCS per rail, and the same job on
electrical rails; overhead-pct is the iteration time's increase over electrical rails. Every
run is deterministic (flow-level backend, no random variable), hence one seed.

* photonic-rails-overhead-vs-delay: overhead against the OCS reconfiguration delay (0 to 1 s),
  Opus's reactive controller and Opus+Provision, in the setting of Opus's Fig. 12 (H200,
  gpt3-175b shape, DP4 PP4 TP8 = 128 GPUs, batch 256, 50 GB/s per GPU), under 1F1B and
  GPipe. 32 runs of 3 to 5 s.
* photonic-rails-overhead-vs-scale-h200 / -gb200: overhead at 10 ms against the data-parallel
  degree (H200: TP8 PP4, 64 to 512 GPUs, 50 GB/s; GB200: TP32 PP4, 256 to 2,048 GPUs,
  100 GB/s), under 1F1B and GPipe. 16 runs each, of about 3 s (H200) and 6 to 8 s (GB200).
* photonic-rails-power / -cost: the network's power and cost (the bill only, no job) of
  electrical rails, photonic rails and a fat-tree for H200 servers of 8 GPUs, 256 to 2,048
  GPUs. 12 runs of a few milliseconds each.

The published values are defined once in the dicts below: the references (printed comparison
lines) and the hollow markers drawn on the overhead figures are both built from them.
"""

from . import Figure, Reference

PROGRAM = "photonic-rails"

FIG12_SOURCE = "Opus, arXiv 2602.12521, Fig. 12 (H200, DP4 PP4 TP8, 50 GB/s)"
SCALE_SOURCE = "Opus, arXiv 2602.12521"
BILL_SOURCE = ("Opus, arXiv 2602.12521 (headline: > 23x lower network power, 4x lower "
               "cost)")

FABRICS = ["photonic", "photonic-provision"]
SIMULATED = {"photonic": "Opus (simulated)",
             "photonic-provision": "Opus+Provision (simulated)"}
PUBLISHED = {"photonic": "Opus (published)",
             "photonic-provision": "Opus+Provision (published)"}
COLORS = {"photonic": "C0", "photonic-provision": "C1"}
MARKERS = {"photonic": "o", "photonic-provision": "s"}

# Published overhead over electrical rails (%), {x value text: {fabric: value}}.
PUBLISHED_VS_DELAY = {            # ocsDelay (s); Fig. 12
    "0.01": {"photonic": 2.8, "photonic-provision": 2.4},
    "0.1": {"photonic": 10.0, "photonic-provision": 5.3},
}
PUBLISHED_VS_SCALE_H200 = {       # dp; 128 GPUs at dp 4 (Fig. 12 at 10 ms)
    "4": {"photonic": 2.8, "photonic-provision": 2.4},
}
PUBLISHED_VS_SCALE_GB200 = {      # dp; 512 GPUs at dp 4, 2,048 at dp 16
    "4": {"photonic": 4.6, "photonic-provision": 2.4},
    "16": {"photonic": 15.9, "photonic-provision": 9.6},
}

# Pipeline schedules: each turns a middle stage's transmitter around differently (1F1B at
# every micro-batch in the steady state, GPipe twice per iteration), so both are drawn.
SCHEDULES = ["1f1b", "gpipe"]
SCHEDULE_LABELS = {"1f1b": "1F1B", "gpipe": "GPipe"}
LINESTYLES = {"1f1b": "-", "gpipe": "--"}

DELAYS = ["0", "0.01", "0.05", "0.1", "0.25", "0.5", "0.75", "1"]
DEGREES = ["2", "4", "8", "16"]


def _delay_text(value):
    """Return '10 ms', '1 s' for a delay in seconds (text)."""
    seconds = float(value)
    if seconds == 0 or seconds >= 1:
        return "%g s" % seconds
    return "%g ms" % (seconds * 1e3)


def _curve(fabric, schedule):
    """Label of a simulated curve."""
    return "%s, %s" % (SIMULATED[fabric], SCHEDULE_LABELS[schedule])


def _styles():
    """Line options of the simulated curves (filled markers; solid 1F1B, dashed GPipe)."""
    return {_curve(f, s): {"marker": MARKERS[f], "color": COLORS[f], "markersize": 4.5,
                           "linestyle": LINESTYLES[s],
                           "markerfacecolor": COLORS[f] if s == "1f1b" else "white"}
            for f in FABRICS for s in SCHEDULES}


def _overhead_references(published, x, describe, source):
    """One Reference per published overhead: {x value: {fabric: %}} -> [Reference]."""
    return [Reference(label="overhead at %s, %s, %s" % (
                          describe(value), SIMULATED[fabric].replace(" (simulated)", ""),
                          SCHEDULE_LABELS[schedule]),
                      unit="%", source=source, kind="published", expected=expected,
                      at={x: value, "fabric": fabric, "schedule": schedule})
            for value, by_fabric in published.items()
            for fabric, expected in by_fabric.items()
            for schedule in SCHEDULES]


def _draw_published(published, x):
    """Return a decorate callable drawing the published overheads as hollow markers."""
    def decorate(ax, data):
        for fabric in FABRICS:
            points = sorted((float(value), by_fabric[fabric])
                            for value, by_fabric in published.items() if fabric in by_fabric)
            if not points:
                continue
            ax.plot([p[0] for p in points], [p[1] for p in points], linestyle="none",
                    marker=MARKERS[fabric], markersize=8, markerfacecolor="none",
                    markeredgewidth=1.3, color=COLORS[fabric], label=PUBLISHED[fabric],
                    zorder=4)
    return decorate


def _gpu_counts(gpus_per_dp, where):
    """Return a decorate callable writing the GPU count of every x value (dp) at the height
    `where` (axes fraction), since the x axis is the data-parallel degree."""
    def decorate(ax, data):
        values = sorted({p.values[data.figure.x] for p in data.points}, key=float)
        for value in values:
            ax.text(float(value), where, "%d GPUs" % (int(value) * gpus_per_dp),
                    transform=ax.get_xaxis_transform(), ha="center", va="bottom",
                    fontsize=7, color="0.35")
    return decorate


def _both(*callables):
    """Return a decorate callable calling each of `callables` in turn."""
    def decorate(ax, data):
        for draw in callables:
            draw(ax, data)
    return decorate


def _inset_published(published):
    """Decorate the overhead-vs-delay figure: published points, and an inset zooming on
    0 to 100 ms where they are (the full range reaches about 1,000%)."""
    draw_published = _draw_published(published, "ocsDelay")

    def decorate(ax, data):
        draw_published(ax, data)
        inset = ax.inset_axes([0.08, 0.48, 0.38, 0.43])
        for label, key, points in data.curves():
            xs = [float(p.values["ocsDelay"]) for p in points]
            fabric = key["fabric"]
            inset.plot(xs, [p.value("overhead-pct") for p in points], marker=MARKERS[fabric],
                       color=COLORS[fabric], markersize=3.5, linewidth=1.1,
                       linestyle=LINESTYLES[key["schedule"]])
        draw_published(inset, data)
        shown = [p.value("overhead-pct") for p in data.points
                 if float(p.values["ocsDelay"]) <= 0.1]
        shown += [v for by_fabric in published.values() for v in by_fabric.values()]
        xlim = (-0.004, 0.104)
        ylim = (min(0.0, min(shown)) - 2, max(shown) * 1.1)
        inset.set_xlim(*xlim)
        inset.set_ylim(*ylim)
        inset.set_xticks([0, 0.01, 0.05, 0.1])
        inset.set_xticklabels(["0", "10", "50", "100 ms"])
        inset.tick_params(labelsize=7, direction="in")
        inset.grid(True, color="0.88", linewidth=0.5)
        inset.set_title("0 to 100 ms", fontsize=7, pad=2)
        ax.indicate_inset((xlim[0], ylim[0], xlim[1] - xlim[0], ylim[1] - ylim[0]),
                          edgecolor="0.5")     # the zoomed region, without connectors
    return decorate


def _legend_order():
    return [_curve(f, s) for f in FABRICS for s in SCHEDULES] + [PUBLISHED[f] for f in FABRICS]


OVERHEAD_VS_DELAY = Figure(
    id="photonic-rails-overhead-vs-delay",
    description="Photonic rails: iteration-time overhead over electrical rails against the "
                "OCS delay (0 to 1 s), Opus vs Opus+Provision (photonic-rails)",
    program=PROGRAM,
    grid={"ocsDelay": DELAYS, "fabric": FABRICS, "schedule": SCHEDULES},
    fixed={"gpu": "h200"},
    runs=1,
    x="ocsDelay",
    metric="overhead-pct",
    series_labels=dict(SIMULATED, **SCHEDULE_LABELS),
    styles=_styles(),
    title="Photonic rails: overhead against the OCS reconfiguration delay",
    subtitle="H200, gpt3-175b shape, DP4 PP4 TP8 (128 GPUs), batch 256, 50 GB/s per GPU",
    xlabel="OCS reconfiguration delay (s)",
    ylabel="Iteration time over electrical rails (%)",
    legend_loc="lower right",
    legend_order=_legend_order(),
    figsize=(6.0, 4.2),
    decorate=_inset_published(PUBLISHED_VS_DELAY),
    references=_overhead_references(PUBLISHED_VS_DELAY, "ocsDelay", _delay_text,
                                    FIG12_SOURCE),
)


# Opus's own workload (issue #43): its fig. 12 script gives the generator no gradient
# accumulation (micro-batch = the replica's whole batch, one per iteration), so a pipeline
# fills and drains once; 12 layers make our electrical iteration 12.8 s, near Opus's 11.93 s.
OPUS_WORKLOAD = {"gpu": "h200", "microBatchSize": "64", "layers": "12", "schedule": "1f1b"}
OPUS_DELAYS = ["0", "0.01", "0.05", "0.1", "0.25"]


def _opus_references():
    return [Reference(label="overhead at %s, %s, Opus's workload" % (
                          _delay_text(value), SIMULATED[fabric].replace(" (simulated)", "")),
                      unit="%", source=FIG12_SOURCE, kind="published", expected=expected,
                      at={"ocsDelay": value, "fabric": fabric})
            for value, by_fabric in PUBLISHED_VS_DELAY.items()
            for fabric, expected in by_fabric.items()]


OVERHEAD_OPUS_WORKLOAD = Figure(
    id="photonic-rails-opus-workload",
    description="Photonic rails: overhead against the OCS delay with Opus's workload (one "
                "micro-batch per replica, 12-layer iteration of 12.8 s) beside Opus's "
                "published points (photonic-rails)",
    program=PROGRAM,
    grid={"ocsDelay": OPUS_DELAYS, "fabric": FABRICS},
    fixed=OPUS_WORKLOAD,
    runs=1,
    x="ocsDelay",
    metric="overhead-pct",
    series_labels=SIMULATED,
    styles={SIMULATED[f]: {"marker": MARKERS[f], "color": COLORS[f], "markersize": 4.5}
            for f in FABRICS},
    title="Photonic rails with Opus's workload: overhead against the OCS delay",
    subtitle="H200, DP4 PP4 TP8 (128 GPUs), 50 GB/s; one micro-batch of 64 sequences per "
             "replica (no gradient\naccumulation, as Opus's fig. 12 script), 12 layers: "
             "12.8 s on electrical rails (Opus: 11.93 s)",
    xlabel="OCS reconfiguration delay (s)",
    ylabel="Iteration time over electrical rails (%)",
    legend_loc="upper left",
    figsize=(6.0, 4.2),
    decorate=_draw_published(PUBLISHED_VS_DELAY, "ocsDelay"),
    references=_opus_references(),
)

OVERHEAD_VS_ITERATION = Figure(
    id="photonic-rails-overhead-vs-iteration",
    description="Photonic rails: overhead at a 100 ms OCS delay against the iteration length "
                "(layers), 64 micro-batches against one (photonic-rails)",
    program=PROGRAM,
    grid={"layers": ["12", "24", "48", "96"], "microBatchSize": ["1", "64"]},
    fixed={"gpu": "h200", "fabric": "photonic", "schedule": "1f1b", "ocsDelay": "0.1"},
    runs=1,
    x="layers",
    metric="overhead-pct",
    series_labels={"1": "64 micro-batches per replica (ours by default), 1F1B",
                   "64": "one micro-batch per replica (Opus's workload)"},
    title="Photonic rails at 100 ms: overhead against the iteration length",
    subtitle="H200, DP4 PP4 TP8, 50 GB/s, Opus (no Provision); the iteration grows with the "
             "layers\n(one micro-batch, 12 layers: 12.8 s); each pipeline hop a micro-batch "
             "crosses waits for a new circuit",
    xlabel="Layers of the gpt3-175b shape (iteration length)",
    ylabel="Iteration time over electrical rails (%)",
    yscale="log",
    legend_loc="upper right",
    figsize=(6.0, 4.2),
)


def _scale_figure(gpu, tp, gbps, published, subtitle, describe):
    """Overhead at 10 ms against the data-parallel degree, PP4, for one GPU system."""
    return Figure(
        id="photonic-rails-overhead-vs-scale-%s" % gpu,
        description="Photonic rails: overhead over electrical rails at 10 ms against the "
                    "data-parallel degree, %s TP%d PP4 (photonic-rails)" % (gpu.upper(), tp),
        program=PROGRAM,
        grid={"dp": DEGREES, "fabric": FABRICS, "schedule": SCHEDULES},
        fixed={"gpu": gpu, "tp": str(tp), "pp": "4", "gpus": "0",
               "scaleOutGBps": str(gbps), "ocsDelay": "0.01"},
        runs=1,
        x="dp",
        metric="overhead-pct",
        series_labels=dict(SIMULATED, **SCHEDULE_LABELS),
        styles=_styles(),
        title="Photonic rails: overhead against scale (%s)" % gpu.upper(),
        subtitle=subtitle,
        xlabel="Data-parallel degree (GPUs = dp x pp x tp)",
        ylabel="Iteration time over electrical rails (%)",
        xlim=(1, 17),
        ylim=(0, None),
        legend_loc="center",
        legend_order=_legend_order(),
        decorate=_both(_draw_published(published, "dp"), _gpu_counts(4 * tp, 0.02)),
        references=_overhead_references(published, "dp", describe, SCALE_SOURCE),
    )


def _gpus_text(tp):
    """Return describe(dp) -> 'dp 4 (512 GPUs)' for PP4 and the given TP."""
    return lambda dp: "dp %s (%d GPUs)" % (dp, int(dp) * 4 * tp)


OVERHEAD_VS_SCALE_H200 = _scale_figure(
    "h200", 8, 50, PUBLISHED_VS_SCALE_H200,
    "H200, gpt3-175b shape, TP8 PP4 (64 to 512 GPUs), batch 256, 50 GB/s, 10 ms OCS",
    _gpus_text(8))
OVERHEAD_VS_SCALE_GB200 = _scale_figure(
    "gb200", 32, 100, PUBLISHED_VS_SCALE_GB200,
    "GB200, gpt3-175b shape, TP32 PP4 (256 to 2,048 GPUs), batch 256, 100 GB/s, 10 ms OCS",
    _gpus_text(32))

# The bills: H200 servers of 8 GPUs, one rail per GPU of a server, no job (--simulate=false).
BILL_FABRICS = ["electrical", "photonic", "fat-tree"]
BILL_DEGREES = ["32", "64", "128", "256"]          # x 8 GPUs: 256 to 2,048 GPUs
BILL_LABELS = {"electrical": "Electrical rails", "photonic": "Photonic rails (Opus)",
               "fat-tree": "Fat-tree"}
BILL_STYLES = {"Electrical rails": {"marker": "s", "color": "C3"},
               "Photonic rails (Opus)": {"marker": "o", "color": "C0"},
               "Fat-tree": {"marker": "^", "color": "0.4", "linestyle": "--",
                            "markerfacecolor": "none"}}
PUBLISHED_RATIOS = {"power-ratio": 23.0, "cost-ratio": 4.0}   # electrical / photonic


def _bill_figure(kind, metric, ratio, ylabel, ylim):
    """Network power or cost against the number of GPUs, for the three fabrics."""
    return Figure(
        id="photonic-rails-%s" % kind,
        description="Photonic rails: network %s of electrical rails, photonic rails and a "
                    "fat-tree, 256 to 2,048 H200 GPUs (photonic-rails)" % kind,
        program=PROGRAM,
        grid={"dp": BILL_DEGREES, "fabric": BILL_FABRICS},
        fixed={"simulate": "false", "gpu": "h200", "tp": "8", "pp": "1", "gpus": "0"},
        runs=1,
        x="dp",
        metric=metric,
        series_labels=BILL_LABELS,
        styles=BILL_STYLES,
        title="Network %s of the scale-out fabric" % kind,
        subtitle="H200 servers of 8 GPUs (8 rails), one scale-out NIC per GPU",
        xlabel="Data-parallel degree (GPUs = dp x pp x tp; pp 1, tp 8)",
        ylabel=ylabel,
        yscale="log",
        xlim=(16, 272),
        ylim=ylim,
        legend_loc="upper left",
        decorate=_gpu_counts(8, 0.02),
        references=[Reference(
            label="%s ratio electrical/photonic at %d GPUs" % (kind, int(dp) * 8),
            unit="x", source=BILL_SOURCE, kind="published",
            expected=PUBLISHED_RATIOS[ratio],
            at={"dp": dp, "fabric": "photonic"},
            measured=lambda p, ratio=ratio: p.value(ratio))
            for dp in ("32", "256")],
    )


POWER = _bill_figure("power", "network-power-kw", "power-ratio", "Network power (kW)",
                     (1, 3000))
COST = _bill_figure("cost", "network-cost-musd", "cost-ratio", "Network cost (million USD)",
                    (0.1, 100))

FIGURES = [OVERHEAD_VS_DELAY, OVERHEAD_OPUS_WORKLOAD, OVERHEAD_VS_ITERATION,
           OVERHEAD_VS_SCALE_H200, OVERHEAD_VS_SCALE_GB200, POWER, COST]
