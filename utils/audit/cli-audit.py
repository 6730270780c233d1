#!/usr/bin/env python3
"""Command-line audit of the ns3-optical example programs (issue #18).

Runs every example program listed in <build-dir>/programs.txt (those in examples/) with a
bounded corpus of bad values for each option its --help shows (non-numbers, trailing text
such as "10mss" or "6hh", nan, inf, -1, 1e300, 4.7 for whole numbers, empty values, huge
lists and texts), plus bad ns-3 globals (--RngRun=abc), unknown options and stray arguments,
one bad argument per try, each with --results pointed at a fresh temporary database, in a
temporary working directory and under a time limit. Each try is classified:

  clear error        exit status 1 and a message naming the option (or the stray argument)
  unclear error      any other non-zero exit status, or exit 1 without naming the option
  crash              killed by a signal (segmentation fault, abort, ...)
  hang               still running at the time limit (killed)
  silently accepted  exit status 0

and a rejected run (any of the first four) must leave no row in its database ("left a row").
The program prints every try that is not a clear error, then the table of counts per
program and in total. The exit status is 0 when every try was a clear error and left no row,
1 otherwise (2 for a usage error).

    utils/audit/cli-audit.py [--build-dir DIR] [--timeout SECONDS] [--jobs N]
                             [--program NAME]... [--json FILE] [--quiet]

Only the Python standard library is used (and the ns3optical package: the program list,
the process runner).
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import sqlite3
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "utils"))

from ns3optical import manifest, process  # noqa: E402  (after the path set-up)

CLEAR, UNCLEAR, CRASH, HANG, ACCEPTED = ("clear error", "unclear error", "crash", "hang",
                                         "silently accepted")
CLASSES = [CLEAR, UNCLEAR, CRASH, HANG, ACCEPTED]

# Options of ns-3's CommandLine and of the results layer that are not the program's own.
SKIPPED_OPTIONS = {"PrintHelp", "PrintGroups", "PrintGroup", "PrintTypeIds", "PrintAttributes",
                   "PrintGlobals", "PrintVersion", "help", "version", "results", "sweepKey"}

HUGE_LIST = ",".join(["1"] * 20000)
HUGE_TEXT = "x" * 100000  # one argument holds at most 128 KiB on Linux

# Bad values by the kind of the option's default value.
CORPUS = {
    "count": ["abc", "10x", "-1", "4.7", "nan", "inf", "1e300", "", "99999999999999999999"],
    "real": ["abc", "10x", "nan", "inf", "-inf", "-1", "1e300", ""],
    "time": ["abc", "10mss", "6hh", "nan", "-1s", "1e300s", "inf", ""],
    "rate": ["abc", "10Gbpss", "nan", "-1Gbps", "1e300Gbps", ""],
    "bool": ["maybe", "2", ""],
    "list": ["1,,2", "1,abc", "nan,1", HUGE_LIST, ""],
    "size": ["abc", "10KiBB", "-1", "4.7", "nan", "1e300", ""],
    "enum": ["", "nosuchvalue", HUGE_TEXT],
    "text": ["", HUGE_TEXT],
}
# Tries every program gets, not tied to one of its options: (arguments, name to be named).
GENERIC_TRIES = [
    (["--RngRun=abc"], "RngRun"),
    (["--RngRun=-1"], "RngRun"),
    (["--RngSeed=0"], "RngSeed"),
    (["--noSuchOption=1"], "noSuchOption"),
    (["--noSuchOption"], "noSuchOption"),
    (["stray"], "stray"),
    (["--ns3::NoSuchType::NoSuchAttribute=1"], "NoSuchType"),
]


# Files the scenarios write into their try's working directory: name -> content (bytes).
def _deep_json():
    return b'{"nodes": ' + b"[" * 100000 + b"]" * 100000 + b"}"


def _binary():
    return bytes((i * 37 + 11) % 256 for i in range(4096))


def _huge_capacity_json():
    return (b'{"directed": true, "nodes": [{"id": "a"}, {"id": "b"}], "links": ['
            b'{"source": "a", "target": "b", "capacity": 1e308},'
            b'{"source": "b", "target": "a", "capacity": 1e308}]}')


def _tiny_fibre_csv():
    return (b"kind,site,peer,latitude,longitude,weight,length_km\n"
            b"site,A,,47.6,-122.3,1,\nsite,B,,45.5,-122.7,1,\nsite,C,,38.6,-121.5,1,\n"
            b"fibre,A,B,,,,1e-320\nfibre,B,C,,,,900\nfibre,C,A,,,,1000\n")


def _gml(nodes, edges):
    text = "graph [\n"
    for i, where in enumerate(nodes):
        text += "  node [ id %d label \"s%d\"%s ]\n" % (
            i, i, "" if where is None else " Latitude %g Longitude %g" % where)
    for a, b in edges:
        text += "  edge [ source %d target %d ]\n" % (a, b)
    return (text + "]\n").encode()


SCENARIO_FILES = {
    "pieces.gml": lambda: _gml([(40, -74), (41, -75), (42, -76), (10, 10), (11, 11)],
                               [(0, 1), (1, 2), (2, 0), (3, 4)]),
    "parallel.gml": lambda: _gml([(40, -74), (41, -75), (42, -76)],
                                 [(0, 1), (1, 2), (2, 0), (1, 0)]),
    "unlocated.gml": lambda: _gml([(40, -74), (41, -75), None], [(0, 1), (1, 2), (2, 0)]),
    "deep.gml": lambda: b"graph [\n" + b"x [ " * 100000 + b" ]" * 100000 + b"\n]\n",
    "empty.txt": lambda: b"",
    "binary.txt": _binary,
    "long-line.txt": lambda: b"x" * (10 * 1024 * 1024) + b"\n",
    "as0.txt": lambda: b"1|2|-1\n0|5|-1\n",
    "deep.json": _deep_json,
    "huge-capacity.json": _huge_capacity_json,
    "tiny-fibre.csv": _tiny_fibre_csv,
    "empty.lambda": lambda: b"// nothing but a comment\n",
    "big-ports.lambda": lambda: b"in a[1000000000];\nout b[1];\nb[0] = a[0];\n",
}

# The input classes of issue #39, one try each: (program, arguments, text the refusal must
# name, what the try stands for). "{dir}" is the try's working directory (where the files
# above are), "{programs}" examples/photonic/programs. Each must be a clear error (exit 1
# naming the text) that leaves no row; "schema-2" runs on a database of schema version 2,
# which must be left as it was.
SCENARIOS = [
    ("te-acceleration", ["--topology=b5"], "b5", "an unknown topology, found by the study"),
    ("te-acceleration", ["--topology={dir}/deep.json"], "nested deeper",
     "JSON nested 100,000 deep (was a stack overflow)"),
    ("te-acceleration", ["--topology={dir}/huge-capacity.json"], "capacity",
     "a 1e308 link capacity (was blamed on --matrix)"),
    ("te-acceleration", ["--topology={dir}/binary.txt"], "binary.txt", "a binary topology"),
    ("te-acceleration", ["--demands={dir}/empty.txt"], "empty.txt", "an empty demand file"),
    ("path-prediction", ["--graph={dir}/empty.txt"], "empty.txt", "an empty AS graph"),
    ("path-prediction", ["--graph={dir}/binary.txt"], "binary.txt", "a binary AS graph"),
    ("path-prediction", ["--graph={dir}/long-line.txt"], "long-line.txt",
     "a 10 MB line (was echoed whole)"),
    ("path-prediction", ["--graph={dir}/as0.txt"], "reserved", "AS 0 in a relationship file"),
    ("path-prediction", ["--orgs={dir}/empty.txt"], "empty.txt", "an empty --orgs file"),
    ("path-prediction", ["--ases=1000", "--relays=1500"], "relays", "relays beyond the graph"),
    ("hijack-impact", ["--attacker=0"], "attacker", "AS 0 as the attacker"),
    ("hijack-impact", ["--graph={dir}/binary.txt"], "binary.txt", "a binary AS graph"),
    ("smn-capacity-planning", ["--topology=nosuch"], "nosuch", "an unknown topology"),
    ("smn-incident-routing", ["--topology={dir}/binary.txt"], "binary.txt",
     "a binary topology"),
    ("te-train", ["--output=/nonexistent-dir/m.pt"], "output", "an output in a missing directory"),
    ("rate-adaptive-wan", ["--interval=1ms"], "interval", "86 M TE solves (was a hang)"),
    ("rate-adaptive-wan", ["--topology={dir}/tiny-fibre.csv"], "1e-320",
     "a subnormal fibre length"),
    ("wan-bypass", ["--topology={dir}/tiny-fibre.csv"], "1e-320", "a subnormal fibre length"),
    ("wan-bypass", ["--topology={dir}/pieces.gml", "--disconnected=refuse"], "pieces.gml",
     "a network in two pieces, refused by choice"),
    ("wan-bypass", ["--topology={dir}/parallel.gml", "--parallelLinks=refuse"], "parallel.gml",
     "parallel links, refused by choice"),
    ("wan-bypass", ["--topology={dir}/unlocated.gml", "--unlocated=refuse"], "unlocated.gml",
     "a node without coordinates, refused by choice"),
    ("wan-bypass", ["--topology={dir}/deep.gml"], "nested more than",
     "GML lists nested 100,000 deep"),
    ("photonic-rails", ["--layers=4", "--tp=16", "--dp=2", "--gpusPerServer=8"], "tp",
     "a TP group across servers' rails (was an abort after the start)"),
    ("server-fabric-failover", ["--fill=2x4x4,2x4x4,2x4x4"], "fill",
     "96 accelerators in a 64-slot rack"),
    ("server-fabric-finetune", ["--model=gpt3-175b"], "model", "175 B parameters on 48 GB"),
    ("photonic-compile", ["--program={dir}/empty.lambda"], "empty", "an empty program"),
    ("photonic-compile", ["--program={dir}/big-ports.lambda"], "1000000000",
     "a 1e9-port program"),
    ("photonic-compile", ["--program={programs}/permutation8.lambda",
                          "--previous={programs}/rotor4.lambda"], "previous",
     "--previous of another port count"),
    ("te-acceleration", ["--results={dir}/no/such/dir/x.db"], "results",
     "--results in a missing directory"),
    ("te-acceleration", ["schema-2"], "schema version 2", "a results database of version 2"),
]


def make_scenario_files(work):
    """Write SCENARIO_FILES into `work`."""
    for name, make in SCENARIO_FILES.items():
        with open(os.path.join(work, name), "wb") as stream:
            stream.write(make())


def make_schema_2(db):
    """Make `db` a results database of schema version 2 (only its meta table)."""
    connection = sqlite3.connect(db)
    try:
        connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        connection.execute("INSERT INTO meta VALUES ('schema_version', '2')")
        connection.commit()
    finally:
        connection.close()


def scenario_try(program, path, args, named, why, timeout):
    """Run one scenario of SCENARIOS; return its record (as one_try's, with 'why')."""
    work = tempfile.mkdtemp(prefix="cli-audit-")
    try:
        make_scenario_files(work)
        db = os.path.join(work, "audit.db")
        programs = os.path.join(ROOT, "examples", "photonic", "programs")
        command = [path]
        schema_2 = args == ["schema-2"]
        if schema_2:
            make_schema_2(db)
            with open(db, "rb") as stream:
                before = stream.read()
        else:
            command += [a.format(dir=work, programs=programs) for a in args]
        if not any(a.startswith("--results=") for a in command):
            command.insert(1, "--results=" + db)
        env = dict(os.environ)
        env.pop("NS3_OPTICAL_RESULTS", None)
        status, output, seconds = run(command, work, timeout, env)
        verdict = classify(status, output, named)
        left = 0
        if schema_2:
            with open(db, "rb") as stream:
                left = 0 if stream.read() == before else 1  # "changed" counts as a row left
        elif verdict in (CLEAR, UNCLEAR, CRASH):
            left = rows_left(db)
        return {"program": program, "args": args, "verdict": verdict, "status": status,
                "seconds": round(seconds, 2), "rows_left": left, "why": why,
                "output": output[-600:] if verdict != CLEAR else ""}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def read_programs(build_dir):
    """Return [(name, path)] of the example programs of <build_dir>/programs.txt."""
    try:
        return list(manifest.read_programs(build_dir, under="examples").items())
    except manifest.ManifestError as error:
        raise SystemExit("cli-audit.py: cannot read %s: build first" % error.path)


OPTION_LINE = re.compile(r"^\s+--([A-Za-z0-9_:.\-]+):\s*(.*?)\s*$")
DEFAULT = re.compile(r"\[([^\[\]]*)\]\s*$")


def parse_help(text):
    """Return [(option, help, default)] of the 'Program Options' of a --help text."""
    options = []
    section = ""
    for line in text.splitlines():
        if line and not line[0].isspace():
            section = line.strip().rstrip(":")
            continue
        match = OPTION_LINE.match(line)
        if not match or "General Arguments" in section:
            continue
        name, rest = match.group(1), match.group(2)
        if name in SKIPPED_OPTIONS or name.startswith("Print"):
            continue
        default = DEFAULT.search(rest)
        options.append((name, rest, default.group(1) if default else ""))
    return options


NUMBER = re.compile(r"^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$")


UNIT_HINT = re.compile(r"\((m|km|dB|dBm|W|USD|GHz|THz|nm|Gbps|Gb/s|Tbps|%|deg|degrees|ratio)\b")
TIME_HINT = re.compile(r"\((s|ms|us|ns|min|h|hours|seconds|days)\b|\bseconds\b")


def option_kind(help_text, default):
    """Guess the kind of an option from its help text (the option layer's "[whole number,
    ...]", "[time, ...]" annotations when present) and its default."""
    d = default.strip()
    low = help_text.lower()
    for mark, kind in (("[whole number", "count"), ("[time", "time"), ("[data rate", "rate"),
                       ("[size", "size"), ("[one of", "enum"), ("[true or false", "bool"),
                       ("[list", "list"), ("[comma-separated", "list"), ("[fraction", "real"),
                       ("[percent", "real"), ("[number", "real"), ("[real", "real"),
                       ("[path", "text"), ("[file", "text"), ("[text", "text")):
        if mark in low:
            return kind
    if d in ("true", "false"):
        return "bool"
    if re.match(r"^[-+]?[\d.]+(e[-+]?\d+)?(s|ms|us|ns|min|h|d)$", d):
        return "time"
    if re.match(r"^[\d.]+(e[-+]?\d+)?[kKMGT]?i?(bps|b/s|Bps|B/s)$", d):
        return "rate"
    if "," in d or "comma" in low or "list" in low:
        return "list"
    if NUMBER.match(d):
        if TIME_HINT.search(help_text):
            return "time"
        if re.match(r"^\d+$", d) and not UNIT_HINT.search(help_text):
            return "count"
        return "real"
    if " or " in low or "one of" in low:
        return "enum"
    return "text"


def run(command, cwd, timeout, env):
    """Run `command`; return (status, output, seconds) where status is the exit code, a
    negative signal number, or None for a timeout."""
    outcome = process.run(command, timeout=timeout, cwd=cwd, env=env, capture="merged")
    if outcome["error"]:
        raise OSError(outcome["error"])
    status = None if outcome["timed_out"] else outcome["returncode"]
    return status, outcome["output"], outcome["wall_seconds"]


def rows_left(db):
    """Return the number of runs recorded in the database `db` (0 if it does not exist)."""
    if not os.path.exists(db):
        return 0
    try:
        connection = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
        try:
            tables = [r[0] for r in connection.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")]
            if "runs" not in tables:
                return 0
            return connection.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
        finally:
            connection.close()
    except sqlite3.Error:
        return -1


def classify(status, output, named, baseline_hangs=False):
    """Return the verdict of a try that ended with `status` (None: still running at the time
    limit, which counts as accepted when the program's defaults run that long too) and printed
    `output`; a clear error is exit status 1 with `named` in the output."""
    if status is None:
        return ACCEPTED if baseline_hangs else HANG
    if status < 0:
        return CRASH
    if status == 0:
        return ACCEPTED
    return CLEAR if status == 1 and named in output else UNCLEAR


def one_try(program, path, args, named, timeout, baseline_hangs=False):
    """Run one try; return its record. With `baseline_hangs` (the program's defaults run past
    the time limit too), a try still running at the limit was accepted: a rejection comes
    before the run starts."""
    work = tempfile.mkdtemp(prefix="cli-audit-")
    try:
        db = os.path.join(work, "audit.db")
        env = dict(os.environ)
        env.pop("NS3_OPTICAL_RESULTS", None)
        command = [path, "--results=" + db] + args
        status, output, seconds = run(command, work, timeout, env)
        verdict = classify(status, output, named, baseline_hangs)
        # A rejected run must leave no row (a killed hang may: it was running).
        left = rows_left(db) if verdict in (CLEAR, UNCLEAR, CRASH) else 0
        shown = [a if len(a) <= 60 else a[:40] + "...(%d chars)" % len(a) for a in args]
        return {"program": program, "args": shown, "verdict": verdict, "status": status,
                "seconds": round(seconds, 2), "rows_left": left,
                "output": output[-600:] if verdict != CLEAR else ""}
    finally:
        shutil.rmtree(work, ignore_errors=True)


RANGE = re.compile(r"\[number[^,\]]*, (-?[\d.e+]+)(?: [A-Za-z/%]+)? to (-?[\d.e+]+)")


def inside_range(help_text, value):
    """Return True if `value` is a number inside the "[number ..., A to B]" range the help
    text documents: such a value is allowed, not a bad input (e.g. -1 dBm of launch power)."""
    match = RANGE.search(help_text)
    if not match or not NUMBER.match(value.strip()):
        return False
    try:
        low, high, number = float(match.group(1)), float(match.group(2)), float(value)
    except ValueError:
        return False
    return low <= number <= high


def tries_of(program, path, timeout):
    """Return (tries, options, help problem) of a program: [(args, named)]."""
    work = tempfile.mkdtemp(prefix="cli-audit-")
    try:
        status, output, _ = run([path, "--help"], work, timeout, dict(os.environ))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    options = parse_help(output)
    problem = ""
    if status != 0 or not options:
        problem = "--help: status %s, %d options" % (status, len(options))
    tries = []
    for name, help_text, default in options:
        kind = option_kind(help_text, default)
        for value in CORPUS[kind]:
            if value == default or inside_range(help_text, value):
                continue
            tries.append((["--%s=%s" % (name, value)], name))
    tries += GENERIC_TRIES
    return tries, options, problem


def baseline(path, timeout):
    """Run the program with its defaults; return (status, seconds) (status None: timed out)."""
    work = tempfile.mkdtemp(prefix="cli-audit-")
    try:
        status, _, seconds = run([path, "--results=" + os.path.join(work, "base.db")], work,
                                 timeout, dict(os.environ))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return status, seconds


def print_table(names, records):
    """Print the counts per program of `names` and in total; return the totals."""
    width = max([len(n) for n in names] + [len("total")])
    header = "%-*s %6s %6s %8s %6s %5s %9s %9s" % (width, "program", "tried", "clear", "unclear",
                                                   "crash", "hang", "accepted", "rows left")
    print()
    print(header)
    print("-" * len(header))
    totals = dict.fromkeys(CLASSES + ["tried", "rows"], 0)
    for name in names + ["total"]:
        mine = records if name == "total" else [r for r in records if r["program"] == name]
        counts = {c: sum(1 for r in mine if r["verdict"] == c) for c in CLASSES}
        rows = sum(1 for r in mine if r["rows_left"])
        if name == "total":
            print("-" * len(header))
        print("%-*s %6d %6d %8d %6d %5d %9d %9d" % (width, name, len(mine), counts[CLEAR],
                                                   counts[UNCLEAR], counts[CRASH], counts[HANG],
                                                   counts[ACCEPTED], rows))
        if name == "total":
            totals = dict(counts, tried=len(mine), rows=rows)
    return totals


def main(argv):
    parser = argparse.ArgumentParser(prog="cli-audit.py",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--build-dir", default=os.path.join(ROOT, "build"),
                        help="CMake build directory (default: %(default)s)")
    parser.add_argument("--timeout", type=float, default=20,
                        help="time limit of one try in seconds (default: %(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="tries run at once (default: 2)")
    parser.add_argument("--program", action="append", default=[],
                        help="audit only this program (repeatable)")
    parser.add_argument("--json", help="also write every try to this JSON file")
    parser.add_argument("--quiet", action="store_true", help="print only the table")
    parser.add_argument("--scenarios", choices=("with", "only", "none"), default="with",
                        help="the input classes of issue #39 (bad files, impossible jobs, "
                             "unknown schema versions, missing directories), one try each: "
                             "with the option tries (default), only them, or none")
    parser.add_argument("--table", metavar="JSON",
                        help="print the table of a --json file of an earlier audit, and exit "
                             "(with --program: the programs whose defaults ran past the time "
                             "limit, whose hangs count as accepted)")
    options = parser.parse_args(argv)
    if options.table:
        with open(options.table) as stream:
            records = json.load(stream)["tries"]
        slow = set(options.program)  # --program names programs whose defaults time out
        for record in records:
            if record["verdict"] == HANG:
                record["rows_left"] = 0
                if record["program"] in slow:
                    record["verdict"] = ACCEPTED
        names = list(dict.fromkeys(record["program"] for record in records))
        print_table(names, records)
        return 0
    if not options.timeout > 0 or options.jobs < 1:
        parser.error("--timeout must be > 0 and --jobs >= 1")

    build_dir = os.path.abspath(options.build_dir)
    programs = read_programs(build_dir)
    if options.program:
        programs = [(n, p) for n, p in programs if n in options.program]
    missing = [n for n, p in programs if not os.path.isfile(p)]
    programs = [(n, p) for n, p in programs if os.path.isfile(p)]
    if missing:
        print("cli-audit.py: not built, skipped: %s" % ", ".join(missing))
    if not programs:
        raise SystemExit("cli-audit.py: no example program to audit in %s" % build_dir)

    jobs = []
    slow = set()
    for name, path in ([] if options.scenarios == "only" else programs):
        tries, opts, problem = tries_of(name, path, options.timeout)
        if problem:
            print("cli-audit.py: %s: %s" % (name, problem))
        status, seconds = baseline(path, options.timeout)
        if status is None:
            slow.add(name)
        print("cli-audit.py: %s: %d options, %d tries; defaults: %s in %.1f s%s"
              % (name, len(opts), len(tries), "timed out" if status is None else
                 "exit status %d" % status, seconds,
                 " (tries still running at the limit count as accepted)" if status is None
                 else ""), flush=True)
        jobs += [(name, path, args, named) for args, named in tries]

    paths = dict(programs)
    scenarios = [] if options.scenarios == "none" else \
        [sc for sc in SCENARIOS if sc[0] in paths]
    if scenarios:
        print("cli-audit.py: %d input-class scenarios" % len(scenarios), flush=True)
    records = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs) as pool:
        futures = [pool.submit(one_try, n, p, a, named, options.timeout, n in slow)
                   for n, p, a, named in jobs]
        futures += [pool.submit(scenario_try, n, paths[n], a, named, why, options.timeout)
                    for n, a, named, why in scenarios]
        for future in concurrent.futures.as_completed(futures):
            record = future.result()
            records.append(record)
            if not options.quiet and (record["verdict"] != CLEAR or record["rows_left"]):
                print("  %-18s %s %s (status %s, %.1f s%s)%s"
                      % (record["verdict"] + ":", record["program"], " ".join(record["args"]),
                         record["status"], record["seconds"],
                         (", left %d row(s)" % record["rows_left"] if record["rows_left"]
                          else "") + (": " + record["why"] if record.get("why") else ""),
                         ("\n      " + record["output"].strip().splitlines()[-1][:200])
                         if record["output"].strip() else ""), flush=True)

    names = list(dict.fromkeys(r["program"] for r in records))
    totals = print_table([n for n, _ in programs if n in names], records)
    if options.json:
        with open(options.json, "w") as stream:
            json.dump({"totals": totals, "tries": records}, stream, indent=1)
            stream.write("\n")
    bad = totals["tried"] - totals[CLEAR] + totals["rows"]
    return 1 if bad else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        print("cli-audit.py: interrupted", file=sys.stderr)
        sys.exit(130)
