"""Draw a declared figure of ns3-optical: run the missing runs, plot, compare.

    utils/figure.py --list [--file MY_FIGURES.py ...]
    utils/figure.py ID [--db FILE] [-j N] [--runs N] [--executor E] [--build-dir DIR]
                       [--out-dir DIR] [--no-run]
    utils/figure.py --file MY_FIGURE.py [ID] ...   (a declaration of your own, anywhere)
    ./ns3 figure ID ...                      (the same, with the configured Python)

Figures are declared in utils/ns3optical/figures/, one module per figure (see its
__init__.py), or in files of your own given with --file (the same FIGURE or FIGURES variable;
with one file declaring one figure the ID may be left out): the program, its parameter grid
and seeds, how to plot, and the published or analytic values to compare with. A declaration
that does not load or is malformed is reported (on stderr) and left out; the others stay
usable. For figure ID this script

  1. runs the runs of the figure's sweep that the database does not hold yet (through
     utils/sweep.py: runs already recorded 'ok' are skipped, so a second call runs nothing);
  2. aggregates the figure's metric over the seeds (RngRun) of every grid point: mean, and a
     95% confidence interval (Student t) drawn as error bars when there are several seeds;
  3. writes <out-dir>/ID.png and <out-dir>/ID.pdf (default out-dir: figures/ at the module
     root, created if missing);
  4. prints every comparison with a reference as one line,
         goodput at 10 ms, drop: analytic 0.9700 Gbit/s, here 0.9700 Gbit/s (+0.00%)
     followed by the sources of the references.

With --no-run nothing runs: the figure is drawn from what the database holds, and the
script fails if a grid point has no 'ok' run. Exit status: 0 when the figure was written, 1
when runs failed or points are missing (nothing written), 2 on bad input (unknown figure,
bad declaration, bad options), 130 when interrupted.

Plotting needs matplotlib (Debian: python3-matplotlib); --list does not.
"""

import argparse
import os
import signal
import sys
import tempfile
import time

from . import ROOT, figures, results, sweep
DEFAULT_OUT_DIR = os.path.join(ROOT, "figures")


class FigureError(Exception):
    """An expected failure, reported as 'figure.py: <message>'; `code` is the exit status."""

    def __init__(self, message, code=2):
        Exception.__init__(self, message)
        self.code = code


# ------------------------------------------------------------------------------ declarations


def load_figures(files=(), stderr=sys.stderr):
    """Return ({id: Figure}, [broken declarations]) of the package and of `files`; each
    broken declaration is reported on `stderr` and left out."""
    errors = []
    declared = figures.load(files, errors)
    for error in errors:
        stderr.write("figure.py: bad figure declaration (left out): %s\n" % error)
    return declared, errors


def get_figure(declared, figure_id):
    """Return the declared figure `figure_id`; FigureError listing the known ids if none."""
    if figure_id in declared:
        return declared[figure_id]
    known = "\n".join("    %s" % fid for fid in declared) or "    (none)"
    raise FigureError("unknown figure '%s'; known figures:\n%s" % (figure_id, known))


def list_figures(declared, stream=sys.stdout):
    """Print one line per figure: id and description."""
    if not declared:
        stream.write("no figures are declared (utils/ns3optical/figures/)\n")
        return
    width = max(len(fid) for fid in declared)
    for fid, figure in declared.items():
        stream.write("%-*s  %s\n" % (width, fid, figure.description))


# ------------------------------------------------------------------------------ running


def run_missing(figure, runs, db, jobs, executor, build_dir):
    """Run the figure's sweep (only the runs the database lacks); return the summary."""
    total = None
    for _, fixed in figure.case_list():
        try:
            summary = sweep.run_sweep(figure.program, figure.grid, fixed, runs=runs, db=db,
                                      jobs=jobs, executor=executor, build_dir=build_dir)
        except sweep.SweepError as error:
            raise FigureError("figure %s: %s" % (figure.id, error))
        if total is None:
            total = summary
        else:
            # One summary of the cases' sweeps (a Slurm script: the last case's).
            for field in ("planned", "skipped", "ok", "failed", "elsewhere"):
                setattr(total, field, getattr(total, field) + getattr(summary, field))
            total.failures += summary.failures
            total.interrupted = total.interrupted or summary.interrupted
            total.script = summary.script or total.script
        if total.interrupted:
            break
    return total


# ------------------------------------------------------------------------------ aggregating


def plan(figure, runs):
    """Return [(values, [RunSpec per seed])]: the grid points in grid order with their runs."""
    points = {}
    for case, case_fixed in figure.case_list():
        try:
            grid, fixed = sweep.normalize_grid(figure.grid, case_fixed)
        except sweep.SweepError as error:
            raise FigureError("figure %s: %s" % (figure.id, error))
        specs = sweep.plan_runs(figure.program, grid, fixed, runs)
        names = list(grid)
        for spec in specs:
            values = dict(spec.parameters[:len(names)])
            if case is not None:
                values["case"] = case
            key = (case,) + tuple(values[name] for name in names)
            points.setdefault(key, (values, []))[1].append(spec)
    return list(points.values())


def aggregate(figure, conn, runs):
    """Return the FigureData of `figure` from the 'ok' runs of its sweep in `conn`.

    A grid point's runs are those whose sweep key is one of the point's seeds 1..runs. Raise
    FigureError (status 1) naming the points with no 'ok' run.
    """
    planned = plan(figure, runs)
    by_key = {}
    for values, specs in planned:
        for spec in specs:
            by_key[spec.sweep_key] = values
    rows = [row for row in results.metrics(conn, figure.program)
            if row["sweep_key"] in by_key]
    runs_of = {}   # sweep key -> {run_id: (rng_run, parameters, {name: (value, unit)})}
    for row in rows:
        run = runs_of.setdefault(row["sweep_key"], {}).setdefault(
            row["run_id"], (row["rng_run"], row["parameters"], {}))
        if row["value"] is not None:
            run[2][row["name"]] = (row["value"], row["unit"])
    points, missing = [], []
    for values, specs in planned:
        run_ids, rng_runs, params, collected = [], [], None, {}
        for spec in specs:
            recorded = runs_of.get(spec.sweep_key, {})
            if not recorded:
                continue
            # Several 'ok' runs with one key (e.g. merged twice): the latest counts.
            run_id = max(recorded)
            rng_run, parameters, metrics = recorded[run_id]
            run_ids.append(run_id)
            rng_runs.append(rng_run if rng_run is not None else spec.rng_run)
            params = params or parameters
            for name, (value, unit) in metrics.items():
                collected.setdefault(name, figures.Stat([], unit)).values.append(value)
        if not run_ids:
            missing.append(values)
            continue
        if figure.metric not in collected:
            raise FigureError("figure %s: the runs of %s record no metric '%s' (they have: %s)"
                              % (figure.id, _describe(values), figure.metric,
                                 ", ".join(sorted(collected)) or "none"), 1)
        points.append(figures.Point(values, params, collected, run_ids, rng_runs))
    if missing:
        shown = "\n".join("    " + _describe(v) for v in missing[:20])
        more = "\n    ... and %d more" % (len(missing) - 20) if len(missing) > 20 else ""
        raise FigureError("figure %s: %d of %d grid points have no 'ok' run in the database:"
                          "\n%s%s" % (figure.id, len(missing), len(planned), shown, more), 1)
    return figures.FigureData(figure, points, runs, events=event_reader(conn))


def event_reader(conn):
    """Return a callable(table, run_ids) -> [dict]: the rows of the per-event table
    ev_<table> ('ev_' optional) of those runs in `conn`, in run and recording order (for
    FigureData.events; valid while `conn` is open). It raises KeyError if the table is not
    declared in data/results-event-tables.txt or not in the database."""
    def read(table, run_ids):
        name = table if table.startswith("ev_") else "ev_" + table
        declared = results.declared_event_tables()
        if name[3:] not in declared:
            raise KeyError("event table %s is not declared in %s (declared: %s)"
                           % (name[3:], results.event_tables_path(), ", ".join(declared)))
        known = results.event_tables(conn)
        if name not in known:
            raise KeyError("no event table %s in the database (tables: %s)"
                           % (name, ", ".join(known) or "none"))
        ids = sorted(set(run_ids))
        rows = []
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows += [dict(row) for row in conn.execute(
                "SELECT * FROM %s WHERE run_id IN (%s) ORDER BY run_id, rowid"
                % (name, ",".join("?" * len(chunk))), chunk)]
        return rows
    return read


def _describe(values):
    """Return a grid point as 'name=value name=value'."""
    return " ".join("%s=%s" % item for item in values.items())


# ------------------------------------------------------------------------------ comparing


def compare(figure, data):
    """Return [(reference, expected, measured)] for the figure's references."""
    compared = []
    for ref in figure.references:
        try:
            point = data.point(ref.at)
            expected = ref.expected(point) if callable(ref.expected) else ref.expected
            measured = (ref.measured(point) if ref.measured is not None
                        else point.value(figure.metric))
        except (KeyError, ValueError, ZeroDivisionError) as error:
            raise FigureError("figure %s: reference '%s': %s"
                              % (figure.id, ref.label, error.args[0] if error.args else error))
        compared.append((ref, float(expected), float(measured)))
    return compared


def format_value(value):
    """Return a value with 4 significant digits, trailing zeros kept: 0.9700, 1.994, 1234."""
    if value == 0:
        return "0"
    text = "%#.4g" % value
    return text.rstrip(".") if "e" not in text else text


def comparison_lines(compared):
    """Return the comparison lines: one per reference, then the sources."""
    lines = []
    for ref, expected, measured in compared:
        line = "%s: %s %s %s, here %s %s" % (ref.label, ref.kind_text(),
                                             format_value(expected), ref.unit,
                                             format_value(measured), ref.unit)
        if expected != 0:
            deviation = (measured - expected) / abs(expected)
            line += " (%+.2f%%" % (round(100 * deviation, 2) + 0.0)   # no '-0.00%'
            if ref.rel_tol is not None:
                line += ", %s %g%%" % ("within" if abs(deviation) <= ref.rel_tol
                                       else "OUTSIDE", 100 * ref.rel_tol)
            line += ")"
        lines.append(line)
    sources = []
    for ref, _, _ in compared:
        if ref.source not in sources:
            sources.append(ref.source)
    for source in sources:
        lines.append("source: %s" % source)
    return lines


# ------------------------------------------------------------------------------ plotting


PAPER_STYLE = {
    "font.size": 9,
    "axes.titlesize": 10,
    "axes.labelsize": 9,
    "legend.fontsize": 8,
    "xtick.labelsize": 8,
    "ytick.labelsize": 8,
    "axes.linewidth": 0.8,
    "lines.linewidth": 1.4,
    "lines.markersize": 5,
    "grid.linewidth": 0.5,
    "legend.frameon": True,
    "legend.framealpha": 0.9,
    "legend.edgecolor": "0.8",
    "pdf.fonttype": 42,        # TrueType in the PDF (editable text, accepted by publishers)
    "ps.fonttype": 42,
    "savefig.bbox": "tight",
    "savefig.pad_inches": 0.03,
}


def import_pyplot():
    """Return matplotlib.pyplot with the Agg backend; FigureError if matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise FigureError("plotting needs matplotlib, which %s cannot import (Debian: apt-get "
                          "install python3-matplotlib, then use /usr/bin/python3 or ./ns3 "
                          "figure)" % sys.executable, 1)
    matplotlib.use("Agg")
    import matplotlib.pyplot as pyplot
    return pyplot


def draw(figure, data):
    """Return a matplotlib Figure of `data` (not yet saved)."""
    pyplot = import_pyplot()
    with pyplot.rc_context(PAPER_STYLE):
        fig, ax = pyplot.subplots(figsize=figure.figsize)
        # Scales first: setting one resets the ticks, which plot and decorate may set.
        ax.set_xscale(figure.xscale)
        ax.set_yscale(figure.yscale)
        if figure.plot is not None:
            figure.plot(ax, data)
        else:
            draw_curves(figure, data, ax)
        if figure.decorate is not None:
            figure.decorate(ax, data)
        if figure.xlim:
            ax.set_xlim(*figure.xlim)
        if figure.ylim:
            ax.set_ylim(*figure.ylim)
        ax.set_xlabel(figure.xlabel or figure.x)
        ax.set_ylabel(figure.ylabel or figure.metric)
        lines = [figure.subtitle] if figure.subtitle else []
        seeds = data.max_seeds()
        if seeds > 1:
            lines.append("Mean and 95% confidence interval over {} seeds".format(seeds))
        if lines:
            size = PAPER_STYLE["legend.fontsize"]
            ax.text(0.5, 1.012, "\n".join(lines), transform=ax.transAxes, ha="center",
                    va="bottom", fontsize=size, color="0.3", linespacing=1.3)
            # Lift the title above the subtitle lines (points: 1.3 x font size per line;
            # a subtitle may hold several lines).
            count = sum(line.count("\n") + 1 for line in lines)
            pad = 4 + 1.3 * size * count + 2
        else:
            pad = 6
        if figure.title:
            ax.set_title(figure.title, fontsize=PAPER_STYLE["axes.titlesize"], pad=pad)
        ax.grid(True, which="major", color="0.85", linewidth=0.6)
        if figure.xscale == "log" or figure.yscale == "log":
            ax.grid(True, which="minor", color="0.93", linewidth=0.4)
        ax.set_axisbelow(True)
        ax.tick_params(which="both", direction="in", top=True, right=True)
        handles, labels = ax.get_legend_handles_labels()
        if handles:
            order = list(range(len(labels)))
            if figure.legend_order:
                rank = {label: i for i, label in enumerate(figure.legend_order)}
                order.sort(key=lambda i: rank.get(labels[i], len(rank)))
            ax.legend([handles[i] for i in order], [labels[i] for i in order],
                      loc=figure.legend_loc)
        fig.tight_layout()
    return fig


def draw_curves(figure, data, ax):
    """Draw one curve per combination of the non-x grid values: mean, with 95% CI error
    bars when a point has several seeds."""
    for index, (label, _, points) in enumerate(data.curves()):
        xs = [figures.parse_axis_value(p.values[figure.x]) for p in points]
        stats = [p.stat(figure.metric) for p in points]
        style = {"marker": "o", "color": "C%d" % index}
        style.update(figure.styles.get(label, {}))
        if any(s.n > 1 for s in stats):
            ax.errorbar(xs, [s.mean for s in stats], yerr=[s.ci95 for s in stats],
                        capsize=2.5, elinewidth=0.8, label=label, zorder=3, **style)
        else:
            ax.plot(xs, [s.mean for s in stats], label=label, zorder=3, **style)


def save(fig, out_dir, figure_id):
    """Write <out_dir>/<id>.png and .pdf (each written whole, then renamed); return paths."""
    os.makedirs(out_dir, exist_ok=True)
    umask = os.umask(0)
    os.umask(umask)
    paths = []
    with_style = import_pyplot().rc_context(PAPER_STYLE)
    with with_style:
        for extension, options in (("png", {"dpi": 200, "metadata": {"Software": None}}),
                                   ("pdf", {"metadata": {"CreationDate": None,
                                                         "Creator": None}})):
            path = os.path.join(out_dir, "%s.%s" % (figure_id, extension))
            handle, temporary = tempfile.mkstemp(prefix=".%s." % figure_id,
                                                 suffix="." + extension, dir=out_dir)
            os.close(handle)
            try:
                fig.savefig(temporary, format=extension, **options)
                os.chmod(temporary, 0o666 & ~umask)    # mkstemp made it private
                os.replace(temporary, path)
            except BaseException:
                if os.path.exists(temporary):
                    os.unlink(temporary)
                raise
            paths.append(path)
    return paths


# ------------------------------------------------------------------------------ command line


def make_parser():
    """Return the argument parser of figure.py."""
    parser = argparse.ArgumentParser(
        prog="figure.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("figure", nargs="?", metavar="ID", help="figure to draw (see --list)")
    parser.add_argument("--list", action="store_true", help="list the declared figures")
    parser.add_argument("--file", action="append", default=[], metavar="PY",
                        help="a file of figure declarations of your own (FIGURE or FIGURES, "
                             "as in utils/ns3optical/figures/); may be repeated")
    parser.add_argument("--db", default=results.DEFAULT_DB,
                        help="results database (default: %(default)s)")
    parser.add_argument("--out-dir", default=DEFAULT_OUT_DIR,
                        help="directory of the PNG and PDF (default: %(default)s)")
    parser.add_argument("--runs", type=int, metavar="N",
                        help="seeds per grid point (default: the figure's)")
    parser.add_argument("-j", "--jobs", type=int, metavar="N",
                        help="runs at once (default: number of CPUs)")
    parser.add_argument("--executor", default="local",
                        metavar="local|dask://HOST:PORT|slurm-script",
                        help="where the missing runs execute (see utils/sweep.py --help)")
    parser.add_argument("--build-dir", default=sweep.DEFAULT_BUILD_DIR,
                        help="CMake build directory (default: %(default)s)")
    parser.add_argument("--no-run", action="store_true",
                        help="run nothing: plot what the database holds")
    parser.add_argument("--print-program", action="store_true",
                        help="print the name of the program the figure runs, and exit "
                             "(for ./ns3 figure, which builds it first)")
    return parser


def main(argv, stdout=sys.stdout, stderr=sys.stderr):
    """Run figure.py with `argv` (without the program name); return the exit status."""
    args = make_parser().parse_args(argv)
    declared, broken = load_figures(args.file, stderr)
    if args.list:
        list_figures(declared, stdout)
        return 0
    if not args.figure and args.file:
        own = [fid for fid, f in declared.items() if f.module in args.file]
        if len(own) == 1:
            args.figure = own[0]
        elif own:
            raise FigureError("%s declare several figures; give an ID:\n%s"
                              % (", ".join(args.file), "\n".join("    " + f for f in own)))
    if not args.figure:
        raise FigureError("which figure? give an ID (see --list); known figures:\n%s"
                          % ("\n".join("    " + fid for fid in declared) or "    (none)"))
    if args.figure not in declared and broken:
        raise FigureError("unknown figure '%s' (%d declarations did not load: see above)"
                          % (args.figure, len(broken)))
    figure = get_figure(declared, args.figure)
    if args.print_program:
        stdout.write(figure.program + "\n")
        return 0
    runs = figure.runs if args.runs is None else args.runs
    if runs < 1:
        raise FigureError("--runs must be at least 1")
    if args.jobs is not None and args.jobs < 1:
        raise FigureError("-j must be at least 1")
    if not args.no_run:
        import_pyplot()   # before running anything: fail early without matplotlib
    start = time.monotonic()

    summary = None
    if not args.no_run:
        summary = run_missing(figure, runs, args.db, args.jobs, args.executor, args.build_dir)
        if summary.interrupted:
            raise FigureError("interrupted: nothing written", 130)
    if not os.path.exists(args.db):
        raise FigureError("no results database %s (run without --no-run to create it)"
                          % args.db, 1)
    try:
        conn = results.connect(args.db, create=False)
    except results.ResultsError as error:
        raise FigureError(str(error), 1)
    try:
        try:
            data = aggregate(figure, conn, runs)
        except FigureError as error:
            if summary is not None and summary.failed:
                error.args = ("%s\n(%d runs failed: see the sweep summary above)"
                              % (error.args[0], summary.failed),)
            elif getattr(summary, "script", None):
                error.args = ("%s\n(the runs are in %s: submit it, merge its databases, then "
                              "run figure.py again)" % (error.args[0], summary.script),)
            elif args.no_run:
                error.args = ("%s\n(run without --no-run to run them)" % error.args[0],)
            raise
        short = [p for p in data.points if len(p.run_ids) < runs]
        if short:
            stderr.write("figure.py: %d grid points have fewer than %d seeds (e.g. %s: %d)\n"
                         % (len(short), runs, short[0].describe(), len(short[0].run_ids)))
        # Drawing may read event tables (data.events): the database stays open until then.
        compared = compare(figure, data)
        fig = draw(figure, data)
        paths = save(fig, args.out_dir, figure.id)
    finally:
        conn.close()
    for path in paths:
        stdout.write("wrote %s\n" % path)
    for line in comparison_lines(compared):
        stdout.write(line + "\n")
    stdout.write("figure %s: %d grid points, %d runs, %.1f s\n"
                 % (figure.id, len(data.points), sum(len(p.run_ids) for p in data.points),
                    time.monotonic() - start))
    stdout.flush()
    if summary is not None and summary.failed:
        stderr.write("figure.py: %d runs failed; the figure uses the seeds that succeeded\n"
                     % summary.failed)
        return 1
    return 0


def _terminate(signo, frame):
    """SIGTERM handler: stop like Ctrl-C."""
    raise KeyboardInterrupt


def cli(argv=None):
    """Run utils/figure.py with `argv` (default: sys.argv[1:]) and exit with its status."""
    signal.signal(signal.SIGTERM, _terminate)
    try:
        sys.exit(main(sys.argv[1:] if argv is None else argv))
    except FigureError as error:
        sys.stdout.flush()
        print("figure.py: %s" % error, file=sys.stderr)
        sys.exit(error.code)
    except results.ResultsError as error:
        sys.stdout.flush()
        print("figure.py: %s" % error, file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        print("figure.py: interrupted", file=sys.stderr)
        sys.exit(130)
