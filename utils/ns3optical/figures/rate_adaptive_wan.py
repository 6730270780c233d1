"""Figures of rate-adaptive optical WAN links (RADWAN, Run-Walk-Crawl and the rate-adaptive
study of a US ISP), beside the values they published.

* wan-augmentable-cdf (rate-adaptive-wan): CDF over the backbone's links of the capacity each
  could add above 100G, from its SNR at the 1st percentile of a year of readings (ev_wan_link).
* wan-te-throughput (rate-adaptive-wan): traffic carried over time on the backbone, static
  links under LP TE against adaptive links under LP TE with RADWAN's graph abstraction, on
  the same SNR series (ev_wan_throughput).
  Both use the same run: 3 simulated days of TE every 15 min (two scenarios) and a 365-day SNR
  history, about 2 minutes.
* wan-failures-avoided (rate-adaptive-link): the share of a static 100G link's outage time
  that the adaptive policy turns into a lower rate, against fibre length, 10 seeds, under a
  second each.
* wan-fluctuation-width and wan-change-vs-snr (channel-width-study): rate changes a day
  against spectral width, and against the SNR operating point per width (ev_channel_width);
  one run of 90 days for 4 widths x 33 operating points, a few seconds.

The published values are declared once, in PUBLISHED, with their sources.
"""

import csv
import os

from . import Figure, Reference

SOURCE_RADWAN = "RADWAN, Singh et al., SIGCOMM'18"
SOURCE_HOTNETS = "Run, Walk, Crawl, Ghobadi et al., HotNets'17"
SOURCE_STUDY = "rate-adaptive study of a US ISP (abstract)"

PUBLISHED = {
    # share of 100G links whose SNR allows >= 175G (+75G)
    "augmentable-75g-pct-radwan": 64.0,
    "augmentable-75g-pct-hotnets": 80.0,
    # link failures a lower rate would have avoided
    "failures-avoided-pct": 25.0,
    # TE throughput gain of rate-adaptive links with the graph abstraction
    "te-throughput-gain-pct": 40.0,
    # wider channels fluctuate up to this many times as often as narrow ones
    "fluctuation-ratio": 4.0,
}

WAN = "rate-adaptive-wan"
WAN_FIXED = {"topology": "continental-backbone", "linkPolicy": "adaptive",
             "te": "lp-abstraction", "duration": "3d", "history": "365d"}


# The one WAN run both WAN figures read (same sweep key).
_WAN_RUN = dict(program=WAN, grid={"wavelengths": ["8"]}, fixed=WAN_FIXED, runs=1,
                x="wavelengths")


def _plot_cdf(ax, data):
    """CDF of the augmentable capacity per link, with the published shares at +75G."""
    point = data.point(wavelengths="8")
    extra = sorted(row["augmentable_gbps"] for row in data.events("wan_link", point))
    n = len(extra)
    xs, ys = [], []
    for i, value in enumerate(extra):
        xs += [value, value]
        ys += [i / n * 100, (i + 1) / n * 100]
    ax.plot(xs, ys, color="C0", linewidth=1.6, label="Backbone links (simulated)")
    ax.axvline(75, color="0.5", linestyle=":", linewidth=1.0)
    for key, label, color in (("augmentable-75g-pct-radwan", "RADWAN", "C3"),
                              ("augmentable-75g-pct-hotnets", "HotNets'17", "C2")):
        share = PUBLISHED[key]
        ax.plot([75], [100 - share], marker="D", color=color, linestyle="none",
                label="Published: %g%% of links >= +75G (%s)" % (share, label))
    ax.set_ylim(0, 100)


AUGMENTABLE = Figure(
    id="wan-augmentable-cdf",
    description="RADWAN: CDF of the capacity each backbone link could add above 100G, beside "
                "the published 64% / 80% of links gaining >= 75G (rate-adaptive-wan)",
    **_WAN_RUN,
    metric="links-augmentable-75g-pct",
    plot=_plot_cdf,
    title="Capacity a 100G link could add, from its SNR",
    subtitle="continental backbone, 40 links; each link's SNR at the 1st percentile of a year "
             "of readings;\nradwan mode table (50G to 400G)",
    xlabel="Augmentable capacity above 100G (Gb/s)",
    ylabel="Links (%, cumulative)",
    legend_loc="upper left",
    references=[Reference(
        label="links augmentable by >= 75G", unit="%",
        source=SOURCE_RADWAN + " (64%); " + SOURCE_HOTNETS + " (80%)", kind="published",
        expected=PUBLISHED["augmentable-75g-pct-radwan"], at={"wavelengths": "8"})],
)


def _plot_throughput(ax, data):
    """Carried traffic over time, both scenarios, and the published +40% over the static
    mean."""
    point = data.point(wavelengths="8")
    rows = data.events("wan_throughput", point)
    hours = [r["hours"] for r in rows]
    ax.plot(hours, [r["baseline_gbps"] / 1e3 for r in rows], color="C3", linewidth=1.0,
            label="Static 100G links, LP TE")
    ax.plot(hours, [r["gbps"] / 1e3 for r in rows], color="C0", linewidth=1.0,
            label="Adaptive links, LP TE with the graph abstraction")
    ax.plot(hours, [r["offered_gbps"] / 1e3 for r in rows], color="0.4", linestyle=":",
            linewidth=1.0, label="Offered")
    base = sum(r["baseline_gbps"] for r in rows) / len(rows) / 1e3
    ax.axhline(base * (1 + PUBLISHED["te-throughput-gain-pct"] / 100), color="0.2",
               linestyle="--", linewidth=1.0,
               label="Static mean + %g%% (published gain)" % PUBLISHED["te-throughput-gain-pct"])
    ax.set_ylim(bottom=0)


TE_THROUGHPUT = Figure(
    id="wan-te-throughput",
    description="RADWAN: traffic carried over time, static links against adaptive links with "
                "the TE graph abstraction, beside the published +40% (rate-adaptive-wan)",
    **_WAN_RUN,
    metric="te-throughput-gain-pct",
    plot=_plot_throughput,
    title="Traffic carried by TE over static and rate-adaptive links",
    subtitle="continental backbone, 8 wavelengths per fibre, 30 Tb/s gravity demand, TE every "
             "15 min\n(CLP, 4 shortest paths per demand), same SNR series in both",
    xlabel="Time (h)",
    ylabel="Carried traffic (Tb/s)",
    legend_loc="lower right",
    figsize=(6.4, 4.2),
    references=[Reference(
        label="TE throughput gain, adaptive with the abstraction", unit="%",
        source=SOURCE_RADWAN, kind="published", expected=PUBLISHED["te-throughput-gain-pct"],
        at={"wavelengths": "8"})],
)


FAILURES = Figure(
    id="wan-failures-avoided",
    description="RADWAN: share of a static 100G link's outage time that a lower rate avoids, "
                "against fibre length, beside the published up-to-25% (rate-adaptive-link)",
    program="rate-adaptive-link",
    grid={"lengthKm": ["500", "1000", "1500", "2000", "3000"], "policy": ["adaptive"]},
    fixed={"duration": "365d"},
    runs=10,
    x="lengthKm",
    metric="failures-avoided-pct",
    series_labels={"adaptive": "Adaptive against static, same SNR series (simulated)"},
    decorate=lambda ax, data: ax.axhline(
        PUBLISHED["failures-avoided-pct"], color="0.2", linestyle="--", linewidth=1.0,
        label="Published: up to %g%% of failures (RADWAN)" % PUBLISHED["failures-avoided-pct"]),
    title="Outages avoided by running at a lower rate",
    subtitle="one link, a year of SNR (drift, fluctuations, degradations 0.1/day of 5 dB, "
             "cuts 2/year);\nbaseline SNR from the fibre length (80 km spans, NF 6 dB)",
    xlabel="Fibre length (km)",
    ylabel="Static outage time avoided (%)",
    ylim=(0, 100),
    references=[Reference(
        label="failures avoided, 1500 km", unit="%", source=SOURCE_RADWAN, kind="published",
        expected=PUBLISHED["failures-avoided-pct"], at={"lengthKm": "1500",
                                                        "policy": "adaptive"})],
)

STUDY = "channel-width-study"
WIDTHS = [50, 75, 100, 150]


# The one study run both width figures read.
_STUDY_RUN = dict(program=STUDY, grid={"snrStep": ["0.25"]}, fixed={"duration": "90d"}, runs=1,
                  x="snrStep")


def _plot_width(ax, data):
    """Changes a day per width (bars), relative to the narrowest (labels)."""
    point = data.point(snrStep="0.25")
    values = [point.value("changes-per-day-%dghz" % w) for w in WIDTHS]
    xs = list(range(len(WIDTHS)))
    ax.bar(xs, values, width=0.6, color="C0", label="Mean over operating points (simulated)")
    for x, v in zip(xs, values):
        ax.text(x, v, "%.2fx" % (v / values[0]), ha="center", va="bottom", fontsize=8)
    ax.axhline(values[0] * PUBLISHED["fluctuation-ratio"], color="0.2", linestyle="--",
               linewidth=1.0, label="50 GHz x %g (published: up to)"
               % PUBLISHED["fluctuation-ratio"])
    ax.set_xticks(xs)
    ax.set_xticklabels(["%d" % w for w in WIDTHS])


FLUCTUATION = Figure(
    id="wan-fluctuation-width",
    description="Rate changes a day against spectral width, beside the published up-to-4x "
                "(channel-width-study)",
    **_STUDY_RUN,
    metric="fluctuation-ratio-widest-vs-narrowest",
    plot=_plot_width,
    title="Capacity fluctuations against spectral width",
    subtitle="adaptive links, baselines 8 to 16 dB, 90 days; fluctuations grow as width / 50 "
             "GHz;\na wider channel carries proportionally more per mode",
    xlabel="Spectral width (GHz)",
    ylabel="Rate changes per link and day",
    legend_loc="upper left",
    references=[Reference(
        label="changes a day, 150 GHz against 50 GHz", unit="x", source=SOURCE_STUDY,
        kind="published", expected=PUBLISHED["fluctuation-ratio"], at={"snrStep": "0.25"})],
)


def _thresholds():
    """The radwan table's required SNRs (dB), from data/transceiver-modes.csv."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "data", "transceiver-modes.csv")
    with open(path) as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return [(float(r["rate_gbps"]), float(r["snr_db"])) for r in rows
                if r["table"] == "radwan"]


def _plot_snr(ax, data):
    """Changes a day against the operating point, one curve per width, thresholds marked."""
    rows = data.events("channel_width", data.point(snrStep="0.25"))
    for i, w in enumerate(WIDTHS):
        pts = sorted((r["baseline_db"], r["changes_per_day"]) for r in rows
                     if abs(r["width_ghz"] - w) < 1e-9)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3,
                linewidth=1.0, color="C%d" % i, label="%d GHz" % w)
    low, high = min(r["baseline_db"] for r in rows), max(r["baseline_db"] for r in rows)
    for rate, snr in _thresholds():
        if low <= snr <= high:
            ax.axvline(snr, color="0.6", linestyle=":", linewidth=0.8)
            ax.text(snr, ax.get_ylim()[1] * 0.97, "%gG" % rate, fontsize=6.5, rotation=90,
                    va="top", ha="right", color="0.4")


CHANGES_SNR = Figure(
    id="wan-change-vs-snr",
    description="Rate changes a day against the SNR operating point, per spectral width: "
                "stable points between mode thresholds (channel-width-study)",
    **_STUDY_RUN,
    metric="stable-operating-points",
    plot=_plot_snr,
    title="Rate changes against the SNR operating point",
    subtitle="adaptive links, 90 days; dotted: the 50 GHz mode thresholds of the radwan "
             "table",
    xlabel="Baseline SNR (dB)",
    ylabel="Rate changes per link and day",
    legend_loc="upper right",
    figsize=(6.4, 4.2),
)

FIGURES = [AUGMENTABLE, TE_THROUGHPUT, FAILURES, FLUCTUATION, CHANGES_SNR]
