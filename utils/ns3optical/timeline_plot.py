"""Draw a timeline file (Chrome trace event JSON, as OpticalTimeline writes it) as a picture:
one row per track, slices as bars coloured by category, tracks grouped by process in the
order they were declared. This is what ui.perfetto.dev shows, for documents and machines
without a browser.

    utils/plot-timeline RUN.json OUT.png [--from-ms A] [--to-ms B] [--title TEXT]
        [--max-tracks N]
"""

import argparse
import json
import sys


def load(path):
    """Return (tracks, slices): tracks [(pid, tid, 'process / track')] in declaration order,
    slices {(pid, tid): [(start us, duration us, name, category)]}."""
    with open(path) as stream:
        events = json.load(stream)["traceEvents"]
    processes = {}
    tracks = []
    slices = {}
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "process_name":
            processes[e["pid"]] = e["args"]["name"]
    for e in events:
        if e.get("ph") == "M" and e.get("name") == "thread_name":
            key = (e["pid"], e["tid"])
            tracks.append((key, processes.get(e["pid"], str(e["pid"])) + " / " +
                           e["args"]["name"]))
    for e in events:
        if e.get("ph") == "X":
            slices.setdefault((e["pid"], e["tid"]), []).append(
                (float(e["ts"]), float(e["dur"]), e.get("name", ""), e.get("cat", "")))
    return tracks, slices


def plot(path, out, start_ms=None, end_ms=None, title=None, max_tracks=40):
    """Draw the file's tracks (at most max_tracks, in order) between the times given."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tracks, slices = load(path)
    tracks = [t for t in tracks if slices.get(t[0])][:max_tracks]
    if not tracks:
        raise ValueError("%s: no slices to draw" % path)
    palette = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3",
               "#8c8c8c", "#ccb974", "#64b5cd"]
    categories = sorted({s[3] for key, _ in tracks for s in slices[key]})
    colour = {c: palette[i % len(palette)] for i, c in enumerate(categories)}
    fig, ax = plt.subplots(figsize=(11, 0.32 * len(tracks) + 1.4))
    lo = start_ms * 1e3 if start_ms is not None else None
    hi = end_ms * 1e3 if end_ms is not None else None
    labelled = []
    for row, (key, _) in enumerate(tracks):
        bars = [(s[0] / 1e3, s[1] / 1e3) for s in slices[key]
                if (lo is None or s[0] + s[1] >= lo) and (hi is None or s[0] <= hi)]
        colours = [colour[s[3]] for s in slices[key]
                   if (lo is None or s[0] + s[1] >= lo) and (hi is None or s[0] <= hi)]
        ax.broken_barh(bars, (row - 0.4, 0.8), facecolors=colours, edgecolor="none")
        names = [s[2] for s in slices[key]
                 if (lo is None or s[0] + s[1] >= lo) and (hi is None or s[0] <= hi)]
        labelled.append((row, bars, names))
    # Slice names where they fit (a twentieth of the window or wider).
    left, right = ax.get_xlim() if start_ms is None and end_ms is None else (start_ms, end_ms)
    span = max(1e-12, (right if right is not None else ax.get_xlim()[1]) -
               (left if left is not None else ax.get_xlim()[0]))
    for row, bars, names in labelled:
        free = None  # End of the last labelled slice: overlapping slices keep one label
        for (x, w), name in sorted(zip(bars, names)):
            if w >= span / 20 and (free is None or x >= free - span * 1e-9):
                free = x + w
                ax.text(x + w / 2, row, name, ha="center", va="center", fontsize=6,
                        color="white", clip_on=True)
    ax.set_yticks(range(len(tracks)))
    ax.set_yticklabels([name for _, name in tracks], fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("simulated time (ms)")
    if start_ms is not None or end_ms is not None:
        ax.set_xlim(start_ms, end_ms)
    handles = [plt.Rectangle((0, 0), 1, 1, color=colour[c]) for c in categories]
    ax.legend(handles, categories, loc="upper right", fontsize=7, ncol=len(categories))
    if title:
        ax.set_title(title, fontsize=9)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return len(tracks)


def cli(argv=None):
    parser = argparse.ArgumentParser(prog="plot-timeline", description=__doc__.split("\n\n")[0])
    parser.add_argument("timeline", help="a timeline file (Chrome trace event JSON)")
    parser.add_argument("out", help="the picture to write (.png, .svg, .pdf)")
    parser.add_argument("--from-ms", type=float, default=None, help="start of the window (ms)")
    parser.add_argument("--to-ms", type=float, default=None, help="end of the window (ms)")
    parser.add_argument("--title", default=None, help="title")
    parser.add_argument("--max-tracks", type=int, default=40, help="tracks drawn at most")
    args = parser.parse_args(argv)
    try:
        n = plot(args.timeline, args.out, args.from_ms, args.to_ms, args.title, args.max_tracks)
    except (OSError, ValueError, KeyError) as error:
        print("plot-timeline: %s" % error, file=sys.stderr)
        return 1
    print("plot-timeline: %d tracks drawn to %s" % (n, args.out))
    return 0
