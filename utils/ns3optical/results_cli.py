"""Command line of the ns3-optical results store (an SQLite database, results/optical.db by
default): list runs, show one, export metrics or series to CSV, merge other databases.

    utils/results.py [--db FILE] list [--program P] [--status S] [--limit N]
    utils/results.py [--db FILE] show RUN_ID
    utils/results.py [--db FILE] export metrics|series [--program P] [--name N]...
                                 [--status S|all] [-o FILE]
    utils/results.py [--db FILE] merge SRC_DB...

Only runs with status 'ok' are complete; export takes only those unless --status says
otherwise. `merge` copies the 'ok' runs of other databases (for example those written by the
tasks of a Slurm job array, see utils/sweep.py --help) into the database, skipping runs it
already holds, so merging twice is harmless. Also available as `./ns3 results ...`.
"""

import argparse
import os
import sys

from . import results


class CliError(Exception):
    """An expected failure: reported as 'results.py: <message>'."""


def print_table(rows, columns, stream=sys.stdout):
    """Print `rows` (dicts) as left-aligned text columns with a header line."""
    cells = [[_cell(row.get(c)) for c in columns] for row in rows]
    widths = [max([len(c)] + [len(r[i]) for r in cells]) for i, c in enumerate(columns)]
    for line in [list(columns)] + cells:
        stream.write("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip() + "\n")


def _cell(value):
    """Return the text of a table cell."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return "%.6g" % value
    return str(value)


def first_line(text, width=60):
    """Return the first line of `text`, cut to `width` characters ('' for None)."""
    line = (text or "").strip().splitlines()[0] if (text or "").strip() else ""
    return line if len(line) <= width else line[:width - 3] + "..."


# ------------------------------------------------------------------------------ commands


def cmd_list(conn, args):
    """list: one line per run, newest first."""
    runs = results.list_runs(conn, args.program, args.status, args.limit)
    if not runs:
        print("results.py: no runs", file=sys.stderr)
        return 0
    for run in runs:
        run["key"] = (run["sweep_key"] or "")[:10] or None
        run["note"] = first_line(run["message"])
        wall = run["wall_seconds"]
        run["wall_s"] = None if wall is None else "%.3f" % wall
    print_table(runs, ["id", "program", "status", "rng_run", "key", "started_at", "wall_s",
                       "note"])
    return 0


def cmd_show(conn, args):
    """show: every field, parameter, metric, series and event count of one run."""
    run = results.get_run(conn, args.run_id)
    if run is None:
        raise CliError("no run %d in %s" % (args.run_id, args.db))
    for column in results.run_columns():
        if column == "message":
            continue
        print("%-13s %s" % (column + ":", _cell(run[column])))
    if run["message"]:
        print("message:")
        for line in run["message"].rstrip("\n").splitlines():
            print("    " + line)
    print("parameters:")
    for p in run["parameters"]:
        print("    %s = %s  (%s)" % (p["name"], p["value"], p["kind"]))
    print("metrics:")
    for m in run["metrics"]:
        print("    %s: %s%s" % (m["name"], _cell(m["value"]),
                                " " + m["unit"] if m["unit"] else ""))
    print("series:")
    for s in run["series"]:
        print("    %s: %d points" % (s["series"], s["points"]))
    if run["events"]:
        print("event tables:")
        for table, count in sorted(run["events"].items()):
            print("    %s: %d rows" % (table, count))
    if run["status"] != "ok":
        print("note: status '%s': this run's results are not complete" % run["status"])
    return 0


def cmd_export(conn, args):
    """export: metrics or series as CSV, to stdout or a file."""
    status = None if args.status == "all" else args.status
    if args.output in (None, "-"):
        count = results.export_csv(conn, args.what, sys.stdout, args.program, args.name,
                                   status)
    else:
        parent = os.path.dirname(os.path.abspath(args.output))
        os.makedirs(parent, exist_ok=True)
        with open(args.output, "w", newline="") as stream:
            count = results.export_csv(conn, args.what, stream, args.program, args.name,
                                       status)
        print("results.py: wrote %d rows to %s" % (count, args.output), file=sys.stderr)
    if count == 0:
        print("results.py: nothing to export (only runs with status '%s' are exported)"
              % (args.status), file=sys.stderr)
    return 0


def cmd_merge(conn, args):
    """merge: copy the 'ok' runs of other databases."""
    total = 0
    for source in args.sources:
        if not os.path.isfile(source):
            raise CliError("no database %s" % source)
        merged, skipped = results.merge_database(conn, source)
        total += len(merged)
        print("results.py: %s: %d runs merged, %d already present"
              % (source, len(merged), skipped))
    print("results.py: %d runs merged into %s" % (total, args.db))
    return 0


# ------------------------------------------------------------------------------ command line


def make_parser():
    """Return the argument parser of results.py."""
    parser = argparse.ArgumentParser(
        prog="results.py", description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="Only runs with status 'ok' hold complete results.")
    parser.add_argument("--db", default=results.DEFAULT_DB,
                        help="results database (default: %(default)s)")
    commands = parser.add_subparsers(dest="command", metavar="command", required=True)

    sub = commands.add_parser("list", help="list runs, newest first")
    sub.add_argument("--program", help="only runs of this program")
    sub.add_argument("--status", choices=results.STATUSES, help="only runs with this status")
    sub.add_argument("--limit", type=int, help="at most this many runs")

    sub = commands.add_parser("show", help="show one run")
    sub.add_argument("run_id", type=int, metavar="RUN_ID")

    sub = commands.add_parser("export", help="export metrics or series as CSV")
    sub.add_argument("what", choices=["metrics", "series"])
    sub.add_argument("--program", help="only runs of this program")
    sub.add_argument("--name", action="append",
                     help="only this metric or series (repeatable)")
    sub.add_argument("--status", default="ok", choices=list(results.STATUSES) + ["all"],
                     help="runs with this status (default: %(default)s)")
    sub.add_argument("-o", "--output", help="CSV file (default: standard output)")

    sub = commands.add_parser("merge", help="merge the ok runs of other databases")
    sub.add_argument("sources", nargs="+", metavar="SRC_DB")
    return parser


COMMANDS = {"list": cmd_list, "show": cmd_show, "export": cmd_export, "merge": cmd_merge}


def main(argv):
    """Run results.py with `argv` (without the program name); return the exit code."""
    args = make_parser().parse_args(argv)
    conn = results.connect(args.db, create=(args.command == "merge"))
    try:
        return COMMANDS[args.command](conn, args)
    finally:
        conn.close()


def cli(argv=None):
    """Run utils/results.py with `argv` (default: sys.argv[1:]) and exit with its status."""
    try:
        sys.exit(main(sys.argv[1:] if argv is None else argv))
    except (CliError, results.ResultsError) as error:
        sys.stdout.flush()
        print("results.py: %s" % error, file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except KeyboardInterrupt:
        print("results.py: interrupted", file=sys.stderr)
        sys.exit(130)
