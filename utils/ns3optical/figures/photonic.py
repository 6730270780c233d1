"""Figures of programming silicon photonic switches (lambda-lambda): compile time against the
target's size and the program's pairs, our embedding's worst path loss against a first-fit
embedding, and the fidelity of analog programs on Clements and Reck meshes, beside the scale
lambda-lambda published.

Every run is one photonic-compile invocation (examples/photonic/photonic-compile.cc) of a
program the synthesizer writes (--spec): it records the metrics elements, pairs,
max-path-loss-db, compile-s, first-fit-max-path-loss-db (with --baseline) and
unitary-fidelity (analog programs), and one row of ev_photonic_compile.

* photonic-compile-time (photonic-compile): left, compile-s of a random permutation of 128
  pairs (--spec=permutation --ports=128, lambda-lambda's published program size) against the
  target's elements (at least 10,000, 30,000 and 100,000: Benes networks, Clements MZI
  meshes and square recirculating meshes); right, compile-s against the pairs (8 to 128) on
  targets of at least 10,000 elements. A recirculating mesh of a few thousand elements cannot
  hold 128 disjoint circuits (1,000- to 5,000-element square and hexagonal meshes fail, and a
  10,000-element hexagonal one fails 5 of the 128), so the sizes start at 10,000 (a Benes
  network of 128 ports has 832 elements, a Clements mesh 8,128). The grid is the product of
  the three, so 45 runs (the 100,000-element ones take seconds each); --baseline=false,
  so compile-s is the embedding's time alone. The published scale point (100,000+ elements,
  128 pairs) is marked; lambda-lambda publishes no compile time, so the 10 s drawn is the
  benchmark target of our issue #21, not a published value.
* photonic-loss-vs-first-fit (photonic-compile): max-path-loss-db of our embedding (PathFinder,
  negotiated congestion with loss passes) against first-fit-max-path-loss-db (each net by its
  least-loss path in turn, no negotiation) on the same target and program, for random
  permutations and multicasts (groups of 4) of 16 inputs on square, hexagonal and triangular
  recirculating meshes of at least 1,000, 2,000 and 4,000 elements (smaller meshes, a few
  hundred elements, cannot hold 16 disjoint circuits); points below y = x are where our
  embedding loses less. 18 runs, well under a second each. Runs where first fit cannot embed
  every pair record no first-fit-max-path-loss-db; they are drawn in a band on the right.
* photonic-fidelity (photonic-compile): unitary-fidelity of a random unitary
  (--spec=unitary) decomposed onto Clements (rectangular) and Reck (triangular) meshes of 4 to
  32 ports, against the mesh size, one curve per per-element loss (--elementLoss 0.05 to
  0.5 dB). 32 runs, well under a second each. Clements et al. (Optica 2016) state that the
  rectangular mesh is more loss tolerant than Reck's triangle (balanced path lengths): a
  qualitative claim, written on the figure.

The published values are declared once, in PUBLISHED below, with their source; the
references (printed comparison lines) and the published marks drawn on the figures are both
built from it. Everything else drawn comes from the recorded runs.
"""

from . import Figure, Reference

SOURCE = "lambda-lambda (programming silicon photonic switches; seed abstract, " \
         "../shared/reference/photonic-switch-programming.md)"
CLEMENTS_SOURCE = "Clements et al., Optica 3, 1460 (2016)"

# Published values (lambda-lambda's abstract; see ../shared/reference/
# photonic-switch-programming.md, "The published system").
PUBLISHED = {
    # "scales to switches with over 100,000 programmable elements"
    "scale-elements": 100000,
    # "and to switch programs with 128 input-output pairs"
    "scale-pairs": 128,
    # Clements et al.: the rectangular mesh is balanced (every path crosses the same number of
    # MZIs) and more tolerant of loss than Reck's triangle (a qualitative claim: no number)
    "clements-vs-reck": "rectangular (Clements) mesh more loss tolerant than the triangular "
                        "(Reck) one",
}

# Not a published value: the benchmark target of issue #21 (the 100,000-element case generates
# and compiles in under 10 s on a 2-core machine).
BENCHMARK_TARGET_S = 10.0

PROGRAM = "photonic-compile"

# ------------------------------------------------------------------------------ compile time

TIME_ELEMENTS = ["10000", "30000", "100000"]
TIME_STYLES = ["benes", "clements", "square"]
TIME_PORTS = ["8", "16", "32", "64", "128"]
TIME_FIXED_ELEMENTS = "10000"          # the right panel's targets
TIME_PAIRS = str(PUBLISHED["scale-pairs"])
STYLE_LABELS = {"benes": "Benes network", "square": "Square recirculating mesh",
                "hexagonal": "Hexagonal recirculating mesh",
                "triangular": "Triangular recirculating mesh",
                "clements": "Clements (rectangular) MZI mesh"}
STYLE_MARKS = {"benes": ("C0", "s"), "square": ("C1", "o"), "hexagonal": ("C2", "^"),
               "triangular": ("C4", "D"),
               "clements": ("C5", "v")}


def _right_panel(ax):
    """Return a second axes to the right of `ax`, of the same size (the framework lays out
    and labels `ax`; the second panel labels itself)."""
    from mpl_toolkits.axes_grid1 import make_axes_locatable
    right = make_axes_locatable(ax).append_axes("right", size="100%", pad=0.75)
    right.grid(True, which="major", color="0.85", linewidth=0.6)
    right.grid(True, which="minor", color="0.93", linewidth=0.4)
    right.set_axisbelow(True)
    right.tick_params(which="both", direction="in", top=True, right=True)
    return right


def _plot_compile_time(ax, data):
    """Left: compile-s against the target's recorded elements at 128 pairs; right: compile-s
    against the pairs on the 10,000-element targets; the published scale and our target."""
    right = _right_panel(ax)
    right.set_xscale("log", base=2)
    right.set_yscale("log")
    for style in TIME_STYLES:
        color, marker = STYLE_MARKS[style]
        size = sorted((p.value("elements"), p.value("compile-s")) for p in data.points
                      if p.values["target"] == style and p.values["ports"] == TIME_PAIRS)
        ax.plot([s[0] for s in size], [s[1] for s in size], color=color, marker=marker,
                label=STYLE_LABELS[style], zorder=3)
        pairs = sorted((p.value("pairs"), p.value("compile-s")) for p in data.points
                       if p.values["target"] == style
                       and p.values["elements"] == TIME_FIXED_ELEMENTS)
        right.plot([s[0] for s in pairs], [s[1] for s in pairs], color=color, marker=marker,
                   zorder=3)
    ax.axvline(PUBLISHED["scale-elements"], color="C3", linestyle=":", linewidth=1.2,
               zorder=2, label="Published scale: over %s elements, %d pairs (lambda-lambda)"
               % ("{:,}".format(PUBLISHED["scale-elements"]), PUBLISHED["scale-pairs"]))
    for panel in (ax, right):
        panel.axhline(BENCHMARK_TARGET_S, color="0.3", linestyle="--", linewidth=1.1, zorder=2,
                      label="Our benchmark target: 10 s (issue #21, not published)"
                      if panel is ax else None)
    right.axvline(PUBLISHED["scale-pairs"], color="C3", linestyle=":", linewidth=1.2, zorder=2)
    from matplotlib.ticker import NullFormatter
    right.set_xticks([float(v) for v in TIME_PORTS])
    right.set_xticklabels(TIME_PORTS)
    right.xaxis.set_minor_formatter(NullFormatter())
    right.set_xlabel("Input-output pairs (random permutation)")
    right.set_ylabel("Compile time (s)")
    right.set_title("Against pairs, targets of %s+ elements"
                    % "{:,}".format(int(TIME_FIXED_ELEMENTS)), fontsize=9)
    low = min(p.value("compile-s") for p in data.points)
    for panel in (ax, right):
        panel.set_ylim(max(low / 3, 1e-5), BENCHMARK_TARGET_S * 30)
    # One legend for both panels, below them; the lines' labels then hidden so that the
    # framework draws no second legend.
    ax.legend(loc="upper left", bbox_to_anchor=(0.0, -0.16), ncol=2, fontsize=7.5)
    for line in ax.get_lines():
        line.set_label("_" + line.get_label())


def _largest_elements(point):
    """The elements of the target the 128 pairs were compiled onto."""
    return point.value("elements")


COMPILE_TIME = Figure(
    id="photonic-compile-time",
    description="lambda-lambda: compile time of 128 pairs against target size (10,000 to "
                "100,000+ elements) and of 8 to 128 pairs on 10,000 elements, beside the "
                "published scale (photonic-compile)",
    program=PROGRAM,
    grid={"elements": TIME_ELEMENTS, "target": TIME_STYLES, "ports": TIME_PORTS},
    fixed={"spec": "permutation", "baseline": "false"},
    runs=1,
    x="elements",
    metric="compile-s",
    plot=_plot_compile_time,
    title="Compiling switch programs: time against target size and pairs",
    subtitle="random permutations (the synthesizer's), embedded with the least worst path "
             "loss:\nthe looping algorithm on Benes networks, PathFinder on the others "
             "(Clements, square);\ncompile-s: lowering and embedding (the target's "
             "generation apart)",
    xlabel="Target elements (128 pairs)",
    ylabel="Compile time (s)",
    xscale="log",
    yscale="log",
    figsize=(10.0, 5.4),
    references=[
        Reference(label="elements of the largest target compiled (128 pairs, square mesh)",
                  unit="elements", source=SOURCE + ": over 100,000 programmable elements",
                  kind="published", expected=PUBLISHED["scale-elements"],
                  at={"elements": "100000", "target": "square", "ports": TIME_PAIRS},
                  measured=_largest_elements),
        Reference(label="input-output pairs compiled on it", unit="pairs",
                  source=SOURCE + ": switch programs with 128 input-output pairs",
                  kind="published", expected=PUBLISHED["scale-pairs"],
                  at={"elements": "100000", "target": "square", "ports": TIME_PAIRS},
                  measured=lambda point: point.value("pairs")),
    ],
)

# ------------------------------------------------------------------------------ loss vs first fit

LOSS_STYLES = ["square", "hexagonal", "triangular"]
LOSS_ELEMENTS = ["1000", "2000", "4000"]
LOSS_SPECS = ["permutation", "multicast"]
LOSS_PORTS = "16"
SPEC_FACES = {"permutation": "full", "multicast": "none"}


def _plot_loss(ax, data):
    """Our worst path loss against first fit's, one point per run; y = x; runs where first
    fit fails drawn at the right edge."""
    ours = [p.value("max-path-loss-db") for p in data.points]
    theirs = [p.value("first-fit-max-path-loss-db") for p in data.points
              if "first-fit-max-path-loss-db" in p.metrics]
    top = max(ours + theirs) * 1.08
    low = min(ours + theirs) * 0.9
    # Runs where first fit failed: in a band to the right of the plotted range.
    band = 0.12 * (top - low)
    failed_x = top + band / 2
    failed_drawn = False
    for style in LOSS_STYLES:
        color, marker = STYLE_MARKS[style]
        for spec in LOSS_SPECS:
            points = [p for p in data.points
                      if p.values["target"] == style and p.values["spec"] == spec]
            xs, ys, fx, fy = [], [], [], []
            for p in points:
                if "first-fit-max-path-loss-db" in p.metrics:
                    xs.append(p.value("first-fit-max-path-loss-db"))
                    ys.append(p.value("max-path-loss-db"))
                else:
                    fx.append(failed_x)
                    fy.append(p.value("max-path-loss-db"))
            face = color if SPEC_FACES[spec] == "full" else "white"
            ax.plot(xs, ys, linestyle="none", marker=marker, markersize=7,
                    markerfacecolor=face, markeredgecolor=color,
                    label="%s, %s" % (STYLE_LABELS[style].replace(" recirculating", ""),
                                      spec + "s"), zorder=3)
            for x, y in zip(xs, ys):
                if x - y >= 0.05:       # where ours loses less: by how much
                    ax.annotate("\u2212%.1f dB" % (x - y), (x, y), textcoords="offset points",
                                xytext=(6, -10), ha="left", fontsize=6.5, color=color)
            if fx:
                ax.plot(fx, fy, linestyle="none", marker=marker, markersize=7,
                        markerfacecolor=face, markeredgecolor="C3", zorder=3,
                        label=None if failed_drawn else "First fit failed (ours in the "
                        "right band)")
                failed_drawn = True
    ax.plot([low, top], [low, top], color="0.3", linestyle="--", linewidth=1.0, zorder=2,
            label="y = x (as lossy as first fit)")
    if failed_drawn:
        ax.axvspan(top, top + band, color="0.93", zorder=1)
        ax.text(top + band / 2, top - 0.01 * (top - low), "first fit\nfailed", ha="center",
                va="top", fontsize=7, color="C3")
    ax.set_xlim(low, top + (band if failed_drawn else 0))
    ax.set_ylim(low, top)


LOSS_VS_FIRST_FIT = Figure(
    id="photonic-loss-vs-first-fit",
    description="lambda-lambda: worst path loss of our embedding against a first-fit "
                "least-loss-path embedding, permutations and multicasts on recirculating "
                "meshes (photonic-compile)",
    program=PROGRAM,
    grid={"elements": LOSS_ELEMENTS, "target": LOSS_STYLES, "spec": LOSS_SPECS},
    fixed={"ports": LOSS_PORTS, "baseline": "true"},
    runs=1,
    x="elements",
    metric="max-path-loss-db",
    plot=_plot_loss,
    title="Worst path loss: negotiated embedding against first fit",
    subtitle="16 inputs, random permutations (filled) and multicasts in groups of 4 (open) on "
             "meshes of\n1,000+, 2,000+ and 4,000+ elements; 0.3 dB per element, 0.05 dB per "
             "crossing;\nred outline, right band: first fit could not embed every pair",
    xlabel="First fit: worst path loss (dB)",
    ylabel="Our embedding: worst path loss (dB)",
    legend_loc="upper left",
    figsize=(6.2, 6.0),
)

# ------------------------------------------------------------------------------ fidelity

FIDELITY_PORTS = ["4", "8", "16", "32"]
FIDELITY_LOSSES = ["0.05", "0.1", "0.2", "0.5"]
FIDELITY_MESHES = ["clements", "reck"]
MESH_LINES = {"clements": ("-", "o", "Clements (rectangular)"),
              "reck": ("--", "s", "Reck (triangular)")}


def _plot_fidelity(ax, data):
    """unitary-fidelity against the ports, a colour per element loss, a line style per mesh;
    the published qualitative claim as text."""
    for index, loss in enumerate(FIDELITY_LOSSES):
        for mesh in FIDELITY_MESHES:
            style, marker, name = MESH_LINES[mesh]
            points = sorted((int(p.values["ports"]), p.value("unitary-fidelity"))
                            for p in data.points
                            if p.values["target"] == mesh and p.values["elementLoss"] == loss)
            ax.plot([v[0] for v in points], [v[1] for v in points], linestyle=style,
                    marker=marker, color="C%d" % index, markerfacecolor="white"
                    if mesh == "reck" else "C%d" % index,
                    label="%s, %s dB per element" % (name, loss), zorder=3)
    from matplotlib.ticker import NullFormatter
    ax.set_xticks([float(v) for v in FIDELITY_PORTS])
    ax.set_xticklabels(FIDELITY_PORTS)
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.text(0.02, 0.03, "Published (%s):\n%s" % (CLEMENTS_SOURCE, PUBLISHED["clements-vs-reck"]),
            transform=ax.transAxes, ha="left", va="bottom", fontsize=7.5, color="C3",
            bbox={"facecolor": "white", "edgecolor": "C3", "linewidth": 0.6, "alpha": 0.9})
    # The legend outside the plot, on the right; the lines' labels then hidden so that the
    # framework draws no second legend.
    ax.legend(loc="center left", bbox_to_anchor=(1.02, 0.5), fontsize=7)
    for line in ax.get_lines():
        line.set_label("_" + line.get_label())


FIDELITY = Figure(
    id="photonic-fidelity",
    description="lambda-lambda: fidelity of a random unitary on Clements and Reck meshes "
                "against mesh size and per-element loss, beside Clements' loss-tolerance "
                "claim (photonic-compile)",
    program=PROGRAM,
    grid={"ports": FIDELITY_PORTS, "elementLoss": FIDELITY_LOSSES, "target": FIDELITY_MESHES},
    fixed={"spec": "unitary"},
    runs=1,
    x="ports",
    metric="unitary-fidelity",
    plot=_plot_fidelity,
    title="Analog programs: fidelity against mesh size and element loss",
    subtitle="a random N x N unitary (the synthesizer's, stream 1) decomposed onto the mesh; "
             "fidelity of the\nrealized transfer (every MZI's loss) to the ideal one "
             "(MziMesh::Fidelity)",
    xlabel="Mesh ports N",
    ylabel="Unitary fidelity",
    xscale="log",
    figsize=(8.4, 4.4),
)

FIGURES = [COMPILE_TIME, LOSS_VS_FIRST_FIT, FIDELITY]
