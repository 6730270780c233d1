"""Figures of Internet path prediction: accuracy against the number of vantage points per
predictor beside the published anchors, and the share of ASes a hijacker captures against its
tier, true and predicted.

* path-prediction-accuracy: path-prediction on a 10,000-AS synthetic graph (20% of ASes
  deviating from the textbook policy, 5% of the known graph's links misinferred), 1,000
  queries per run: exact-match (solid) and within-one-hop (dashed) accuracy of each predictor
  against the vantage points, beside iPlane Nano's 70% exact and PredictRoute's 75% within one
  hop.
* hijack-capture: hijack-impact on the same kind of graph, 30 attacker-victim pairs per tier
  (victims stubs, same-prefix hijacks): the true captured share and the policy predictor's.

Published values are declared once, in PUBLISHED, with their source; everything else drawn
comes from the recorded runs. Ours is a synthetic Internet with simulated truth; the published
systems were scored on the real one, so only the orders of magnitude compare.
"""

from . import Figure

SOURCE = "../shared/reference/path-prediction.md"

PUBLISHED = {
    # iPlane Nano (NSDI'09): 70% of AS paths predicted exactly
    "iplane-nano-exact-pct": 70.0,
    # PredictRoute (SIGMETRICS'21): within one hop of the truth 75% of the time
    "predictroute-within-one-pct": 75.0,
}

PREDICTORS = ["valley-free", "policy", "segments", "learned"]
COLORS = {"valley-free": "C0", "policy": "C1", "segments": "C2", "learned": "C3"}
VANTAGE_POINTS = ["2", "5", "10", "20", "50", "100"]


def _plot_accuracy(ax, data):
    """Exact (solid) and within-one-hop (dashed) accuracy per predictor."""
    for name in PREDICTORS:
        points = sorted((p for p in data.points if p.values["predictor"] == name),
                        key=lambda p: int(p.values["vantagePoints"]))
        if not points:
            continue
        xs = [int(p.values["vantagePoints"]) for p in points]
        ax.plot(xs, [p.value("exact-match-pct") for p in points], marker="o",
                color=COLORS[name], label=name + ": exact")
        ax.plot(xs, [p.value("within-one-hop-pct") for p in points], marker="s",
                linestyle="--", color=COLORS[name], label=name + ": within one hop")
    ax.axhline(PUBLISHED["iplane-nano-exact-pct"], color="0.3", linestyle=":",
               label="iPlane Nano: 70% exact (published)")
    ax.axhline(PUBLISHED["predictroute-within-one-pct"], color="0.6", linestyle="-.",
               label="PredictRoute: 75% within one hop (published)")
    ax.set_ylim(0, 105)


ACCURACY = Figure(
    id="path-prediction-accuracy",
    description="Internet path prediction: accuracy against vantage points per predictor, "
                "beside iPlane Nano and PredictRoute (path-prediction)",
    program="path-prediction",
    grid={"vantagePoints": VANTAGE_POINTS, "predictor": PREDICTORS},
    fixed={"ases": "10000", "queries": "1000", "relays": "10", "torClients": "50",
           "deviations": "0.2", "misinferred": "0.05"},
    runs=1,
    x="vantagePoints",
    metric="exact-match-pct",
    plot=_plot_accuracy,
    title="AS-path prediction against simulated BGP",
    subtitle="10,000-AS synthetic Internet, 20% of ASes deviating from Gao-Rexford, "
             "5% of known links misinferred",
    xlabel="Vantage points",
    ylabel="Queries predicted (%)",
    xscale="log",
    legend_loc="lower right",
    figsize=(8.0, 5.5),
)

TIERS = ["tier1", "transit", "stub"]


def _plot_capture(ax, data):
    """True and predicted captured share per attacker tier."""
    points = {p.values["attacker"]: p for p in data.points}
    for i, tier in enumerate(TIERS):
        if tier not in points:
            continue
        p = points[tier]
        for dx, metric, color, label in ((-0.18, "captured-pct", "C0", "True (simulated BGP)"),
                                         (0.18, "predicted-captured-pct", "C1",
                                          "Predicted (policy on the known graph)")):
            value = p.value(metric)
            ax.bar([i + dx], [value], width=0.36, color=color, zorder=3,
                   label=label if i == 0 else None)
            ax.annotate("%.1f%%" % value, (i + dx, value), textcoords="offset points",
                        xytext=(0, 3), ha="center", fontsize=8)
    ax.set_xticks(range(len(TIERS)))
    ax.set_xticklabels(["Tier-1 attacker", "Transit attacker", "Stub attacker"])
    ax.set_ylim(0, 105)


CAPTURE = Figure(
    id="hijack-capture",
    description="Prefix hijacks: share of ASes captured against the attacker's tier, true and "
                "predicted (hijack-impact)",
    program="hijack-impact",
    grid={"trials": ["30"], "attacker": TIERS},
    fixed={"ases": "10000", "victim": "stub", "predictor": "policy", "kind": "origin"},
    runs=1,
    x="trials",
    metric="captured-pct",
    plot=_plot_capture,
    title="Who does a hijacker capture?",
    subtitle="Same-prefix hijacks of stub victims, 30 pairs per tier, 10,000-AS synthetic "
             "Internet",
    xlabel="Attacker",
    ylabel="Other ASes whose traffic reaches the attacker (%)",
    legend_loc="upper right",
)

FIGURES = [ACCURACY, CAPTURE]
