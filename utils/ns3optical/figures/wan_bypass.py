"""Figures of WAN capacity planning with optical bypass (Shoofly), beside the values it
published.

* wan-bypass-cost-vs-scale (wan-bypass): capacity cost saved by bypass (router ports,
  transponders, regenerators) against the demand's growth factor, greedy planner on the
  continental backbone; a few seconds per point.
* wan-bypass-failures (wan-bypass): the saving when both plans must survive no failure, each
  single fibre cut, or random cuts (greedy planner).
* wan-bypass-rank (wan-bypass): cumulative share of the savings against the share of express
  lightpaths, best first (ev_bypass_link), ILP plan (CBC, about 2 minutes).

The published values are declared once, in PUBLISHED, with their source.
"""

from . import Figure, Reference

SOURCE = "Shoofly, Singh et al., SIGCOMM'21"

PUBLISHED = {
    # lower hardware cost of long-haul capacity
    "cost-reduction-pct": 40.0,
    # still cheaper under stochastic and deterministic failures
    "cost-reduction-under-failures-pct": 32.0,
    # share of the savings from the best quarter of the bypasses
    "top25-bypass-savings-pct": 80.0,
}

PROGRAM = "wan-bypass"
SCALES = ["0.5", "1", "2", "4"]
FAILURES = ["none", "single-cut", "stochastic"]


def _published_line(ax, key, label):
    ax.axhline(PUBLISHED[key], color="0.2", linestyle="--", linewidth=1.0,
               label="Published: %g%% (%s)" % (PUBLISHED[key], label))


COST_VS_SCALE = Figure(
    id="wan-bypass-cost-vs-scale",
    description="Shoofly: capacity cost saved by optical bypass against demand growth, beside "
                "the published 40% (wan-bypass, greedy planner)",
    program=PROGRAM,
    grid={"demandScale": SCALES, "planner": ["greedy"]},
    fixed={"topology": "continental-backbone", "failures": "none"},
    runs=1,
    x="demandScale",
    metric="cost-reduction-pct",
    series_labels={"greedy": "Greedy planner (simulated plans)"},
    decorate=lambda ax, data: _published_line(ax, "cost-reduction-pct", "Shoofly"),
    title="Capacity cost saved by optical bypass",
    subtitle="continental backbone (25 sites, 40 fibres), gravity demand of 20 Tb/s x scale;"
             "\nradwan modes, 96 wavelengths per fibre; cost: router ports, transponders, "
             "regenerators",
    xlabel="Demand scale (x today's)",
    ylabel="Cost reduction against hop by hop (%)",
    ylim=(0, 100),
    references=[Reference(
        label="capacity cost reduction", unit="%", source=SOURCE, kind="published",
        expected=PUBLISHED["cost-reduction-pct"], at={"demandScale": "1", "planner": "greedy"})],
)


def _plot_failures(ax, data):
    """Saving per failure model (bars), the published 32% and 40%."""
    values = [data.point(demandScale="1", failures=f).value("cost-reduction-pct")
              for f in FAILURES]
    xs = list(range(len(FAILURES)))
    ax.bar(xs, values, width=0.6, color="C0", label="Bypass against hop by hop (simulated)")
    for x, v in zip(xs, values):
        ax.text(x, v, "%.1f%%" % v, ha="center", va="bottom", fontsize=8)
    _published_line(ax, "cost-reduction-under-failures-pct", "Shoofly, under failures")
    ax.set_xticks(xs)
    ax.set_xticklabels(FAILURES)
    ax.set_ylim(0, 100)


UNDER_FAILURES = Figure(
    id="wan-bypass-failures",
    description="Shoofly: capacity cost saved by bypass when both plans survive single cuts or "
                "random cuts, beside the published 32% (wan-bypass, greedy planner)",
    program=PROGRAM,
    grid={"demandScale": ["1"], "failures": FAILURES},
    fixed={"topology": "continental-backbone", "planner": "greedy"},
    runs=1,
    x="demandScale",
    metric="cost-reduction-pct",
    plot=_plot_failures,
    title="Savings of bypass under failures",
    subtitle="continental backbone, 20 Tb/s; restoration capacity added per scenario (LP, "
             "rounded up) until\nthe surviving links carry every demand; stochastic: 20 "
             "scenarios, each fibre cut with p = 0.05",
    xlabel="Failures the plans survive",
    ylabel="Cost reduction against hop by hop (%)",
    references=[Reference(
        label="cost reduction under single cuts", unit="%", source=SOURCE, kind="published",
        expected=PUBLISHED["cost-reduction-under-failures-pct"],
        at={"demandScale": "1", "failures": "single-cut"})],
)


def _plot_rank(ax, data):
    """Cumulative savings against the share of bypasses, best first."""
    point = data.point(demandScale="1", planner="ilp")
    savings = sorted((max(0.0, r["saving"]) for r in data.events("bypass_link", point)
                      if r["fibres"] > 1), reverse=True)
    total = sum(savings) or 1.0
    n = len(savings)
    xs, ys, acc = [0.0], [0.0], 0.0
    for i, s in enumerate(savings):
        acc += s
        xs.append((i + 1) / n * 100)
        ys.append(acc / total * 100)
    ax.plot(xs, ys, color="C0", linewidth=1.6, label="Express lightpaths of the ILP plan")
    ax.plot([25], [PUBLISHED["top25-bypass-savings-pct"]], marker="D", color="C3",
            linestyle="none", label="Published: 25%% of bypasses give %g%% (Shoofly)"
            % PUBLISHED["top25-bypass-savings-pct"])
    ax.axvline(25, color="0.6", linestyle=":", linewidth=0.8)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 100)


RANK = Figure(
    id="wan-bypass-rank",
    description="Shoofly: cumulative savings by bypass rank, beside the published 25% of "
                "bypasses giving 80% (wan-bypass, ILP planner)",
    program=PROGRAM,
    grid={"demandScale": ["1"], "planner": ["ilp"]},
    fixed={"topology": "continental-backbone", "failures": "none"},
    runs=1,
    x="demandScale",
    metric="top25-bypass-savings-pct",
    plot=_plot_rank,
    title="Where the savings come from",
    subtitle="continental backbone, 20 Tb/s; each express lightpath's saving: its traffic's "
             "hop-by-hop cost\nless its own wavelengths' cost (CBC, 60 s per plan)",
    xlabel="Express lightpaths, best first (%)",
    ylabel="Savings (%, cumulative)",
    legend_loc="lower right",
    references=[Reference(
        label="savings from the best 25% of bypasses", unit="%", source=SOURCE,
        kind="published", expected=PUBLISHED["top25-bypass-savings-pct"],
        at={"demandScale": "1", "planner": "ilp"})],
)

FIGURES = [COST_VS_SCALE, UNDER_FAILURES, RANK]
