#!/usr/bin/env python3
"""Finds include cycles among the module's headers (issue #19).

Reads every header under model/ and helper/ (or the directories given), resolves its
`#include "..."` lines to the module's own headers -- "ns3/x.h" to the header named x.h
(public headers are installed flat), any other quoted path relative to the including file --
and ignores the rest (ns-3's, the system's). Prints every cycle found, one per line as
a -> b -> ... -> a, and the number of headers and edges read. The exit status is 1 when a
cycle exists, 0 otherwise.

    utils/audit/header-cycles.py [--root DIR] [DIR...]

Only the Python standard library is used.
"""

import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def headers(root, dirs):
    """Returns the headers under dirs (paths relative to root), sorted."""
    out = []
    for d in dirs:
        for base, _, files in os.walk(os.path.join(root, d)):
            out += [os.path.relpath(os.path.join(base, f), root) for f in files if f.endswith(".h")]
    return sorted(out)


def graph(root, hdrs):
    """Returns {header: [included module headers]} for hdrs."""
    by_name = {}
    for h in hdrs:
        by_name.setdefault(os.path.basename(h), []).append(h)
    edges = {}
    for h in hdrs:
        with open(os.path.join(root, h), encoding="utf-8") as f:
            text = f.read()
        targets = []
        for inc in INCLUDE.findall(text):
            if inc.startswith("ns3/"):
                targets += by_name.get(inc[4:], [])
            else:
                path = os.path.normpath(os.path.join(os.path.dirname(h), inc))
                if path in by_name.get(os.path.basename(path), []):
                    targets.append(path)
        edges[h] = sorted(set(targets))
    return edges


def cycles(edges):
    """Returns the cycles of the graph (each once, as found by a depth-first search)."""
    found = []
    state = {}  # 1: on the stack, 2: done
    stack = []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in edges.get(u, []):
            if state.get(v) == 1:
                found.append(stack[stack.index(v) :] + [v])
            elif v not in state:
                visit(v)
        stack.pop()
        state[u] = 2

    for u in sorted(edges):
        if u not in state:
            visit(u)
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "..", ".."))
    parser.add_argument("dirs", nargs="*", default=["model", "helper"])
    args = parser.parse_args()
    edges = graph(args.root, headers(args.root, args.dirs))
    found = cycles(edges)
    for c in found:
        print(" -> ".join(c))
    print(f"{len(edges)} headers, {sum(len(v) for v in edges.values())} includes, "
          f"{len(found)} cycles")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
