"""Figures of LLM inference serving with KV paging (Aqua): time to first token under bursts,
and the decode throughput of one prompt whose KV does not fit a GPU, beside the values Aqua
published.

One server of 8 H100 (llama3-8b, tp 1): GPUs 0-3 serve, 4-7 lend 40 GB of HBM each; chat-like
bursty requests (8/s, 150/s during 10 s bursts every 20 s, for 60 s; prompts 256-1024 tokens,
outputs 512-2048), the example's defaults.

* inference-ttft-cdf (inference-serving): CDF of the time to first token of every request,
  admission control (first come first served, when the KV fits) against time slices of 5
  iterations paging preempted requests to the host over PCIe, and to the paired peer GPU over
  NVLink (Aqua). Two runs, --pageTo=host and --pageTo=peer, about 3 s each; each run also
  records admission control on the same requests (ev_inference_requests, scheduler
  'admission'), drawn once (from the peer run). The legend gives each run's
  responsiveness-gain metric (admission control's mean TTFT of the requests arriving in
  bursts over the time slices').
* inference-ttft-burst (inference-serving): the same runs' TTFT of every request against its
  arrival time, the bursts shaded (the span of the arrivals recorded with in_burst = 1).
* inference-long-prompt (inference-serving): decode throughput (output tokens after the first
  over the decode time) of one prompt longer than one GPU's KV capacity, the part that does not
  fit paged to the host or to the peer every iteration (ev_inference_long_prompt), against the
  prompt length, with the gain (peer over host). One GPU holds 426,784 tokens of KV
  (long-prompt-tokens / 1.25 of the example's default run: 533,480 tokens); the lengths run
  from 3% above that to 2x. 8 runs of --duration=5 (the serving part is not used), well under
  a second each.

The published values are declared once, in PUBLISHED below, with their source; the
references (printed comparison lines) and the published marks drawn on the figures are both
built from it. Everything else drawn comes from the recorded runs.
"""

from . import Figure, Reference

SOURCE = "Aqua, ASPLOS'25, arXiv 2407.21255"

# Published values (Aqua, arXiv 2407.21255; see ../shared/reference/ml-workloads.md,
# "Inference paging"): 8 x H100 80 GB servers.
PUBLISHED = {
    # "20x better responsiveness" (time to first token under bursts) than admission control
    "responsiveness-gain": 20.0,
    # "4x throughput on a single long prompt" (peer GPU memory against the host)
    "long-prompt-throughput-gain": 4.0,
}

PROGRAM = "inference-serving"

# ------------------------------------------------------------------------------ bursts

# Both TTFT figures use the same two runs (same sweep keys): the example's defaults, the
# time slice given explicitly (5 iterations, Aqua's; the default) to serve as the x
# parameter of one value.
SLICE = "5"
PAGE_TO = ["host", "peer"]
BURST_GRID = {"slice": [SLICE], "pageTo": PAGE_TO}
BURST_SUBTITLE = ("llama3-8b on 4 of 8 H100 (tp 1), the other 4 lend 40 GB each; 8 requests/s, "
                  "150/s in 10 s bursts\nevery 20 s, 60 s; prompts 256-1024 tokens, outputs "
                  "512-2048; time slices of 5 iterations")

# (scheduler, page target) of the rows of ev_inference_requests -> (label, colour)
SERIES = {("admission", "none"): ("Admission control (FCFS when the KV fits)", "C3"),
          ("timeslice", "host"): ("Time slices, paging to the host (PCIe)", "C1"),
          ("timeslice", "peer"): ("Time slices, paging to the peer GPU (Aqua)", "C0")}


def _requests(data):
    """Return {(scheduler, page_to): [(arrival_s, ttft_s, in_burst)]}: admission control from
    the peer run, the time slices from each run (requests without a first token left out)."""
    series = {}
    for page_to in PAGE_TO:
        point = data.point(slice=SLICE, pageTo=page_to)
        for row in data.events("inference_requests", point):
            key = (row["scheduler"], row["page_to"])
            if key[0] == "admission" and page_to != "peer":
                continue
            if row["first_token_s"] < 0:
                continue
            series.setdefault(key, []).append(
                (row["arrival_s"], row["first_token_s"] - row["arrival_s"], row["in_burst"]))
    return series


def _gain_label(data, page_to):
    """', 24.5x responsiveness' from the run's responsiveness-gain metric."""
    gain = data.point(slice=SLICE, pageTo=page_to).value("responsiveness-gain")
    return ":\n%.1fx responsiveness (published %gx)" % (gain, PUBLISHED["responsiveness-gain"])


def _plot_cdf(ax, data):
    """Empirical CDF of the TTFT of every request, one curve per scheduler/page target."""
    series = _requests(data)
    for key, (label, color) in SERIES.items():
        if key not in series:
            continue
        ttft = sorted(t for _, t, _ in series[key])
        n = len(ttft)
        if key[0] == "timeslice":
            label += _gain_label(data, key[1])
        ax.step(ttft, [(i + 1) / n for i in range(n)], where="post", color=color,
                label=label, zorder=3)
    ax.set_ylim(0, 1.02)


def _gain_of_peer(point):
    """The run's responsiveness-gain metric."""
    return point.value("responsiveness-gain")


TTFT_CDF = Figure(
    id="inference-ttft-cdf",
    description="Aqua: CDF of time to first token under bursts, admission control vs time "
                "slices paging to the host or the peer GPU, beside the published 20x "
                "(inference-serving)",
    program=PROGRAM,
    grid=BURST_GRID,
    runs=1,
    x="slice",
    metric="responsiveness-gain",
    plot=_plot_cdf,
    title="Time to first token under bursts of requests",
    subtitle=BURST_SUBTITLE + "\nresponsiveness: admission control's mean TTFT of the "
             "requests arriving in bursts over that scheduler's",
    xlabel="Time to first token (s)",
    ylabel="Fraction of requests",
    xscale="log",
    legend_loc="upper left",
    figsize=(6.4, 4.4),
    references=[Reference(
        label="responsiveness gain (mean TTFT in bursts), time slices paging to the peer",
        unit="x", source=SOURCE + ": 20x better responsiveness than admission control",
        kind="published", expected=PUBLISHED["responsiveness-gain"],
        at={"slice": SLICE, "pageTo": "peer"}, measured=_gain_of_peer)],
)


def _burst_spans(rows):
    """Return [(start, end)]: the spans of consecutive arrivals (in arrival order) recorded
    in a burst."""
    spans, start, last = [], None, None
    for arrival, _, in_burst in sorted(rows):
        if in_burst and start is None:
            start = arrival
        elif not in_burst and start is not None:
            spans.append((start, last))
            start = None
        last = arrival
    if start is not None:
        spans.append((start, last))
    return spans


def _plot_burst(ax, data):
    """TTFT of every request against its arrival, bursts shaded."""
    series = _requests(data)
    for key, (label, color) in SERIES.items():
        if key not in series:
            continue
        rows = series[key]
        if key[0] == "timeslice":
            label += _gain_label(data, key[1])
        ax.plot([r[0] for r in rows], [r[1] for r in rows], linestyle="none", marker=".",
                markersize=1.6, alpha=0.55, color=color, label=label, zorder=3,
                rasterized=True)
    # Shaded after the dots (drawn below them) to come last in the legend.
    spans = _burst_spans(series[("admission", "none")])
    for index, (start, end) in enumerate(spans):
        ax.axvspan(start, end, color="0.88", zorder=1,
                   label="Arrivals in a burst" if index == 0 else None)
    ax.set_xlim(0, max(r[0] for rows in series.values() for r in rows) * 1.01)
    # Room above the dots for the legend.
    ttft = [r[1] for rows in series.values() for r in rows]
    ax.set_ylim(min(ttft) / 1.5, max(ttft) * 20)


TTFT_BURST = Figure(
    id="inference-ttft-burst",
    description="Aqua: time to first token against arrival time through the bursts, admission "
                "control vs time slices paging to the host or the peer GPU (inference-serving)",
    program=PROGRAM,
    grid=BURST_GRID,
    runs=1,
    x="slice",
    metric="responsiveness-gain",
    plot=_plot_burst,
    title="Time to first token through the bursts",
    subtitle=BURST_SUBTITLE + "\none dot per request",
    xlabel="Arrival time (s)",
    ylabel="Time to first token (s)",
    yscale="log",
    legend_loc="upper left",
    figsize=(6.8, 4.6),
)

# ------------------------------------------------------------------------------ long prompt

# One GPU's KV capacity at the defaults (llama3-8b on an H100, 10% memory reserve, blocks of
# 16 tokens): the example's long-prompt-tokens (533480) / 1.25.
KV_CAPACITY_TOKENS = 426784
# Prompt length beyond which the overflow no longer fits the peer's 40 GB (--peerSpare, the
# default): 40e9 B / 131072 B of KV per token (llama3-8b: 32 layers x 8 KV heads x 128 x K, V
# x 2 B) = 305176 tokens over the capacity. Longer prompts keep 40 GB on the peer and page
# the rest to the host (both links fetch every step; the gain falls as the host's part grows).
PEER_FULL_TOKENS = KV_CAPACITY_TOKENS + 40000000000 // 131072
LONG_PROMPTS = ["440000", "480000", "533480", "600000", "660000", "720000", "780000",
                "853568"]
LONG_DEFAULT = "533480"      # 1.25 x the capacity: the example's default long prompt
LONG_FIXED = {"duration": "5"}

LONG_SERIES = {"host": ("Pages to the host (PCIe)", "C1", "s"),
               "peer": ("Pages to the peer GPU (Aqua)", "C0", "o")}


def _plot_long(ax, data):
    """Decode throughput paging to the host and to the peer against the prompt length (left
    axis, log), and their ratio on a right axis with the published 4x; the legend (of both
    axes) below the plot."""
    rows = {}
    for point in data.points:
        for row in data.events("inference_long_prompt", point):
            rows.setdefault(row["page_to"], []).append((row["prompt_tokens"],
                                                        row["tokens_per_s"]))
    handles = []
    for page_to, (label, color, marker) in LONG_SERIES.items():
        values = sorted(rows.get(page_to, []))
        handles += ax.plot([v[0] / 1e3 for v in values], [v[1] for v in values],
                           marker=marker, color=color, label=label, zorder=3)
    handles.append(ax.axvline(KV_CAPACITY_TOKENS / 1e3, color="0.35", linestyle=":",
                              linewidth=1.0, zorder=2, label="One GPU's KV capacity "
                              "(%d k tokens)" % round(KV_CAPACITY_TOKENS / 1e3)))
    handles.append(ax.axvline(PEER_FULL_TOKENS / 1e3, color="0.35", linestyle="-.",
                              linewidth=1.0, zorder=2, label="Overflow fills the peer's 40 GB "
                              "(%d k tokens)" % round(PEER_FULL_TOKENS / 1e3)))
    gains = sorted((float(p.values["longPrompt"]), p.value("long-prompt-throughput-gain"))
                   for p in data.points)
    twin = ax.twinx()
    handles += twin.plot([g[0] / 1e3 for g in gains], [g[1] for g in gains], marker="D",
                         markersize=4, color="0.15", linewidth=1.0, zorder=3,
                         label="Gain, peer over host (right axis)")
    handles.append(twin.axhline(PUBLISHED["long-prompt-throughput-gain"], color="C3",
                                linestyle="--", linewidth=1.1, zorder=2,
                                label="Published gain: %gx (Aqua; right axis)"
                                % PUBLISHED["long-prompt-throughput-gain"]))
    for x, gain in gains:
        twin.annotate("%.1fx" % gain, (x / 1e3, gain), textcoords="offset points",
                      xytext=(5, 5), ha="left", fontsize=7, color="0.15")
    twin.set_ylim(0, max(max(g[1] for g in gains), PUBLISHED["long-prompt-throughput-gain"])
                  * 1.25)
    twin.set_ylabel("Gain: peer over host (x)")
    twin.tick_params(direction="in")
    # The legend on the top axes (the twin), below the plot; the left axis keeps no labels
    # so that the framework draws no second legend.
    twin.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.13), ncol=2)
    for handle in handles:
        if handle.axes is ax:
            handle.set_label("_" + handle.get_label())


LONG_PROMPT = Figure(
    id="inference-long-prompt",
    description="Aqua: decode throughput of one prompt longer than a GPU's KV capacity, "
                "paging to the host vs the peer GPU, beside the published 4x "
                "(inference-serving)",
    program=PROGRAM,
    grid={"longPrompt": LONG_PROMPTS},
    fixed=LONG_FIXED,
    runs=1,
    x="longPrompt",
    metric="long-prompt-throughput-gain",
    plot=_plot_long,
    title="One long prompt: decode throughput with its overflow paged",
    subtitle="llama3-8b on one H100 (tp 1), 64 output tokens; the KV that does not fit is "
             "fetched every iteration\nwhile the GPU computes; the peer lends 40 GB (holds "
             "305 k tokens), PCIe 5.0 x16 512 Gb/s to the host",
    xlabel="Prompt length (thousand tokens)",
    ylabel="Decode throughput (tokens/s)",
    yscale="log",
    legend_loc="lower left",
    figsize=(6.4, 4.4),
    references=[Reference(
        label="long-prompt throughput gain at %s tokens (1.25 x one GPU's KV)" % LONG_DEFAULT,
        unit="x", source=SOURCE + ": 4x throughput on a single long prompt", kind="published",
        expected=PUBLISHED["long-prompt-throughput-gain"], at={"longPrompt": LONG_DEFAULT})],
)

FIGURES = [TTFT_CDF, TTFT_BURST, LONG_PROMPT]
