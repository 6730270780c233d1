"""The headline metrics of example outputs: every `name: value` line a program prints
(OpticalExperiment::Metric prints them so), collected, compared and reported by
utils/check-metrics.

A metric line is a line of stdout of the form NAME: VALUE where NAME is one word (no blank,
no colon: e.g. goodput-gbps, ns3::X::Y is refused) and VALUE the rest of the line, stripped.
Values are kept as the text printed and compared exactly as text: '0.1' and '0.10' differ.
A name printed twice by one run is kept as NAME, NAME#2, NAME#3, ... in the order printed.
"""

import fnmatch
import re

METRIC_LINE = re.compile(r"^([A-Za-z0-9_][A-Za-z0-9_.+/%()\[\]-]*): (.*\S)\s*$")

# Metrics that measure this machine or the run's place, not the model, so that two runs of
# one build differ: excluded from comparisons (they are still collected and written into the report).
# Each entry: (fnmatch pattern on the metric name, why it is excluded).
TIMING_PATTERNS = [
    ("te-solver-s", "wall-clock seconds the TE LP solver took (rate-adaptive-wan): differed "
                    "between two runs of one build (0.67 s vs 0.24 s)"),
    ("planner-s", "wall-clock seconds the bypass planners took (wan-bypass): differed "
                  "between two runs of one build (23.3 s vs 11.3 s)"),
    ("compile-s", "wall-clock seconds of lowering and embedding (photonic-compile): differed "
                  "between two runs of one build (8.4e-05 s vs 7.6e-05 s)"),
    ("*-s-median", "median wall-clock seconds of a TE method's setup or solve, or of the LP's "
                   "(te-acceleration): machine- and load-dependent"),
    ("*speedup-vs-lp", "a ratio of wall-clock times, the LP's over the method's "
                       "(te-acceleration; METHOD-speedup-vs-lp with several methods)"),
    ("paths-s", "wall-clock seconds of the candidate-path search (te-acceleration)"),
    ("*training-s", "wall-clock seconds of training the learned TE model (te-train, "
                    "te-acceleration; learned-training-s with several methods)"),
    ("inference-s", "wall-clock seconds of one forward pass of the learned TE model "
                    "(te-train)"),
    ("query-us", "wall-clock microseconds per path prediction (path-prediction)"),
    ("prepare-s", "wall-clock seconds of a path predictor's set-up and learning "
                  "(path-prediction)"),
    ("truth-ms-per-destination", "wall-clock milliseconds of one ground-truth route "
                                 "propagation (path-prediction)"),
    ("certify-s", "wall-clock seconds of the certifying ADMM solves (te-acceleration "
                  "--certify)"),
    ("*wall*", "wall-clock time of a run or of a part of it (no example prints one today; "
               "the benchmarks do)"),
    ("*events-per-second*", "simulator events per wall-clock second (the benchmarks)"),
    ("model-file", "where te-train wrote its model: beside the run's results database, a "
                   "temporary directory of its own under check-metrics"),
]


def parse_metrics(text):
    """Return {name: value text} of the metric lines of `text` (an example's stdout), in the
    order printed; a repeated name gets #2, #3, ... appended."""
    metrics = {}
    counts = {}
    for line in text.splitlines():
        match = METRIC_LINE.match(line)
        if not match:
            continue
        name, value = match.group(1), match.group(2).strip()
        counts[name] = counts.get(name, 0) + 1
        if counts[name] > 1:
            name = "%s#%d" % (name, counts[name])
        metrics[name] = value
    return metrics


def excluded_by(name, patterns=TIMING_PATTERNS):
    """Return the reason `name` is excluded from comparisons ('' if it is compared). A
    repeated name (NAME#2) is matched by its NAME."""
    base = name.split("#", 1)[0]
    for pattern, reason in patterns:
        if fnmatch.fnmatchcase(base, pattern):
            return reason
    return ""


def compare_metrics(before, after, patterns=TIMING_PATTERNS):
    """Compare two {name: value} dicts of one example; return {"changed": [(name, before,
    after)], "missing": [names only before], "new": [names only after]}, each sorted by
    name, timing metrics (see TIMING_PATTERNS) left out."""
    names = set(before) | set(after)
    diff = {"changed": [], "missing": [], "new": []}
    for name in sorted(names):
        if excluded_by(name, patterns):
            continue
        if name not in after:
            diff["missing"].append(name)
        elif name not in before:
            diff["new"].append(name)
        elif before[name] != after[name]:
            diff["changed"].append((name, before[name], after[name]))
    return diff


def compare_reports(before, after, patterns=TIMING_PATTERNS):
    """Compare two reports {example line: {name: value}}; return {example: difference} of the
    examples that differ (see compare_metrics). An example in one report only has every name
    missing (or new) and the flag difference["example"] = "missing" (or "new")."""
    differences = {}
    for example in sorted(set(before) | set(after)):
        diff = compare_metrics(before.get(example, {}), after.get(example, {}), patterns)
        if example not in after:
            diff["example"] = "missing"
        elif example not in before:
            diff["example"] = "new"
        if diff.get("example") or diff["changed"] or diff["missing"] or diff["new"]:
            differences[example] = diff
    return differences


def format_differences(differences):
    """Return the text of compare_reports() output: per example its changed, missing and new
    names, one per line."""
    lines = []
    for example, diff in differences.items():
        flag = diff.get("example")
        lines.append("%s%s" % (example, " (example %s)" % flag if flag else ""))
        for name, old, new in diff["changed"]:
            lines.append("    changed  %s: %s -> %s" % (name, old, new))
        for name in diff["missing"]:
            lines.append("    missing  %s" % name)
        for name in diff["new"]:
            lines.append("    new      %s" % name)
    return "\n".join(lines)
