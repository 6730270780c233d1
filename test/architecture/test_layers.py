#!/usr/bin/env python3
"""Architecture test: the module's layers, read from the #include lines of model/ and helper/.

Every C++ file under model/ and helper/ is parsed for its #include lines (comments removed);
an include names a file of the module when it is "ns3/<name>.h" and <name>.h is a public header
of model/ or helper/ (they are installed flat as ns3/<name>.h), or a quoted path that exists
relative to the including file. An area is model/<dir> or helper/<dir>. The test asserts:

 - models include only models: no model file includes a helper (helper/results' experiment
   layer included), an example, a test or utils file, or ns-3's test.h; helpers include only
   models and helpers;
 - the areas that must not know each other do not (FORBIDDEN_AREA_EDGES): workloads reach the
   network only through model/transport;
 - the area dependency graph has no cycle;
 - no cycle of header includes at file level; no cycle of units (x.h with x.cc) except the
   ones in KNOWN_UNIT_CYCLES, each with its reason (the test fails as well when a listed cycle
   is gone, so that the list shrinks);
 - headers include other headers by their installed name ns3/<name>.h, not by "../dir/x.h";
 - public headers do not include ns-3's test.h (a user's build would get the test framework);
   test-only helpers live under test/ (test/common/optical-test-compat.h);
 - no code of model/, helper/, examples/ or scratch/ decides by a backend's identity: no
   comparison with a backend's name ("packet", "flow") or with a Backend constant, no switch
   case on one, no string option listing backends (OpticalExperiment::AddBackend is the one
   option); only the registry (model/transport/collective-backend.cc) names them;
 - one FlowRecord: the struct is defined once in model/ and helper/.

Only the Python standard library is used. Run directly (python3 test/architecture/test_layers.py)
or through test.py (suite optical-py-layers).
"""

import os
import re
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
SCANNED = ("model", "helper")
SOURCE_EXTENSIONS = (".h", ".cc")
# Top-level folders of the module's files: an include that reaches one of them is classified
# by it.
MODULE_FOLDERS = ("model", "helper", "examples", "test", "utils", "scratch")

# ns-3's test framework: only test code may include it.
NS3_TEST_HEADER = "ns3/test.h"

# Area pairs (includer, included) that must have no include between them, with the reason.
FORBIDDEN_AREA_EDGES = {
    ("model/workload", "model/flow"):
        "collectives and training jobs see the network only through CollectiveTransport "
        "(model/transport); the flow engine is one transport's business",
    ("model/flow", "model/workload"):
        "the flow engine (FlowNetwork, FlowTopology) knows nothing of ML workloads",
    ("model/flow", "model/transport"):
        "the flow engine sits below the transports: FlowCollectiveTransport uses it, not "
        "the other way round",
}

# Header include cycles (a header that reaches itself through the headers it includes): there
# are none, and none may appear.

# Cycles of units (a unit is x.h with its x.cc; x -> y when x.h or x.cc includes y.h) that
# exist today, each with the reason it is tolerated. Any other unit cycle fails the test; so
# does an entry whose cycle is gone, so that the list only shrinks.
KNOWN_UNIT_CYCLES = {
    frozenset({"model/ocs/ocs-channel", "model/ocs/ocs-net-device",
               "model/ocs/optical-circuit-switch"}):
        "ns-3's channel/device idiom: the headers forward-declare each other, the .cc files "
        "include each other's headers (as ns-3's point-to-point channel and device do)",
    frozenset({"model/workload/collective", "model/workload/collective-controller"}):
        "a CollectiveController decides for the Collective that calls it back: "
        "collective-controller.h includes collective.h, collective.cc the controller's header",
}

_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)

# Where backends may be named: the registry.
BACKEND_REGISTRY = "model/transport/collective-backend.cc"
# Folders whose code must not branch on a backend's identity.
BACKEND_SCANNED = ("model", "helper", "examples", "scratch")
_BACKEND_NAME = r'"(?i:packet|flow)"'
_BACKEND_BRANCH = re.compile(
    r'[!=]=\s*' + _BACKEND_NAME + r'|' + _BACKEND_NAME + r'\s*[!=]=|'
    r'[!=]=\s*Backend::[A-Z]|Backend::[A-Z]+\s*[!=]=|\bcase\s+Backend::|'
    r'AddEnum\s*\(\s*"backend"')
_FLOW_RECORD = re.compile(r'\bstruct\s+FlowRecord\s*\{')
# ns-3 APIs that changed between 3.37 and the newest release: only the compatibility headers
# may use them directly (an untyped MakeEnumAccessor(member) does not compile from 3.41 on, and
# EnumChecker became EnumChecker<T>).
COMPAT_HEADERS = ("model/common/optical-compat.h", "model/common/optical-names.h")
_VERSIONED_API = re.compile(r'\bMakeEnumAccessor\s*\(|(?<![A-Za-z])EnumChecker\b')


def strip_comments(text):
    """Return C++ text without comments, line structure kept."""
    return _COMMENTS.sub(lambda m: "\n" * m.group(0).count("\n") or " ", text)


def backend_branches(text):
    """Return [(line number, line)] of the lines of C++ text that decide by a backend's
    identity (comments ignored)."""
    found = []
    for number, line in enumerate(strip_comments(text).split("\n"), 1):
        if _BACKEND_BRANCH.search(line):
            found.append((number, line.strip()))
    return found


def source_files(root, tops):
    """Yield the C++ sources under the folders `tops` of `root`, as relative paths."""
    for top in tops:
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(names):
                if name.endswith(SOURCE_EXTENSIONS):
                    yield os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/")
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.M)


def parse_includes(text):
    """Return [(quoted, name)] of the #include lines of C++ source text, comments removed:
    quoted is True for "name", False for <name>."""
    # Replacing a comment by the newlines it held keeps #include lines at line starts.
    stripped = _COMMENTS.sub(lambda m: "\n" * m.group(0).count("\n") or " ", text)
    return [(kind == '"', name.strip()) for kind, name in _INCLUDE.findall(stripped)]


# Areas split into sub-areas, each scored on its own: model/wan/te and helper/wan/te are areas
# (a cycle between two WAN subsystems is a cycle like any other).
SUBDIVIDED_AREAS = ("wan",)


def area_of(path):
    """Return the area of a module path: '<top>/<dir>' for model/ and helper/ files in a
    folder ('<top>/<dir>/<sub>' for the subsystems of SUBDIVIDED_AREAS), otherwise the
    top-level folder ('examples', 'test', ...)."""
    parts = path.split("/")
    if parts[0] in SCANNED and len(parts) > 3 and parts[1] in SUBDIVIDED_AREAS:
        return "/".join(parts[:3])
    if parts[0] in SCANNED and len(parts) > 2:
        return parts[0] + "/" + parts[1]
    return parts[0]


def find_cycles(graph):
    """Return the strongly connected components of a directed graph {node: set(successors)}
    that are cycles (more than one node, or one node with an edge to itself), each as a sorted
    list, sorted (Tarjan's algorithm, iterative)."""
    index = {}
    low = {}
    on_stack = set()
    stack = []
    cycles = []
    counter = [0]
    nodes = set(graph)
    for successors in graph.values():
        nodes |= set(successors)
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index:
                    index[succ] = low[succ] = counter[0]
                    counter[0] += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph.get(succ, ())))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1 or node in graph.get(node, ()):
                    cycles.append(sorted(component))
    return sorted(cycles)


class Tree:
    """The include graph of a module tree rooted at `root`."""

    def __init__(self, root):
        self.root = root
        self.files = []  # model/ and helper/ sources, relative paths
        for top in SCANNED:
            for folder, dirs, names in os.walk(os.path.join(root, top)):
                dirs.sort()
                for name in sorted(names):
                    if name.endswith(SOURCE_EXTENSIONS):
                        full = os.path.join(folder, name)
                        self.files.append(os.path.relpath(full, root).replace(os.sep, "/"))
        # Public headers, installed flat as ns3/<name>.h.
        self.public = {}
        self.duplicates = []
        for path in self.files:
            if path.endswith(".h"):
                name = os.path.basename(path)
                if name in self.public:
                    self.duplicates.append((self.public[name], path))
                self.public.setdefault(name, path)
        # includes[path] = [(line as written, resolved module path or None)]
        self.includes = {}
        self.unresolved = []
        for path in self.files:
            with open(os.path.join(root, path), encoding="utf-8", errors="replace") as stream:
                text = stream.read()
            entries = []
            for quoted, name in parse_includes(text):
                target = self.resolve(path, quoted, name)
                # protoc's header of a schema beside the source (NAME.proto -> NAME.pb.h) is
                # generated in the build directory: the schema is the file it names.
                proto = os.path.join(os.path.dirname(path), name[:-len(".pb.h")] + ".proto")
                if target is None and name.endswith(".pb.h") and os.path.isfile(
                        os.path.join(root, proto)):
                    target = proto.replace(os.sep, "/")
                if target is None and quoted and not name.startswith("ns3/"):
                    self.unresolved.append((path, name))
                entries.append((name, target))
            self.includes[path] = entries

    def resolve(self, path, quoted, name):
        """Return the module path an include of `path` names, or None for an outside header."""
        if name.startswith("ns3/") and "/" not in name[len("ns3/"):]:
            return self.public.get(name[len("ns3/"):])
        if not quoted:
            return None
        full = os.path.normpath(os.path.join(self.root, os.path.dirname(path), name))
        relative = os.path.relpath(full, self.root).replace(os.sep, "/")
        if os.path.isfile(full) and relative.split("/")[0] in MODULE_FOLDERS:
            return relative
        return None

    def edges(self):
        """Yield (includer, included, line as written) for every include of a module file."""
        for path in self.files:
            for name, target in self.includes[path]:
                if target is not None:
                    yield path, target, name

    def area_graph(self):
        """Return ({area: set(areas it includes)}, {(a, b): [an include making the edge]})."""
        graph = {}
        witness = {}
        for path, target, name in self.edges():
            a, b = area_of(path), area_of(target)
            graph.setdefault(a, set())
            if a != b:
                graph[a].add(b)
                witness.setdefault((a, b), []).append("%s includes %s" % (path, name))
        return graph, witness

    def header_graph(self):
        """Return {header: set(headers it includes)} over the module's headers."""
        graph = {}
        for path, target, _ in self.edges():
            if path.endswith(".h") and target.endswith(".h"):
                graph.setdefault(path, set()).add(target)
        return graph

    def unit_graph(self):
        """Return {unit: set(units it includes)}, a unit being a path without its extension
        (x.h with x.cc, and a private x-detail.h shared by x's source files)."""
        graph = {}
        for path, target, _ in self.edges():
            a, b = unit_of(path), unit_of(target)
            if a != b:
                graph.setdefault(a, set()).add(b)
        return graph


def unit_of(path):
    """Return the unit of a file: its path without extension, and without the '-detail' of a
    private header that a class split over several source files shares (x-detail.h is x's)."""
    stem = os.path.splitext(path)[0]
    return stem[:-len("-detail")] if stem.endswith("-detail") else stem


def describe_edges(witness, a, b, limit=3):
    """Return a short text of the includes behind the area edge a -> b."""
    lines = witness.get((a, b), [])
    more = " (and %d more)" % (len(lines) - limit) if len(lines) > limit else ""
    return "; ".join(lines[:limit]) + more


class LayersTest(unittest.TestCase):
    """The layering rules on the module's own tree."""

    @classmethod
    def setUpClass(cls):
        cls.tree = Tree(ROOT)

    def test_tree_is_read(self):
        """The scan sees the module (a broken scan would make every rule pass)."""
        self.assertGreater(len(self.tree.files), 50)
        self.assertIn("collective-transport.h", self.tree.public)
        self.assertTrue(any(t is not None for _, t, _ in self.tree.edges()))

    def test_includes_resolve(self):
        """Every quoted include of model/ and helper/ names a file (a typo would hide an edge)."""
        self.assertEqual(self.tree.unresolved, [], "quoted includes that name no file")

    def test_public_header_names_are_unique(self):
        """Headers are installed flat as ns3/<name>.h: two of one name would collide."""
        self.assertEqual(self.tree.duplicates, [])

    def test_headers_include_by_installed_name(self):
        """Headers are installed flat (build/include/ns3/<name>.h): a header includes another
        area's header as "ns3/<name>.h", never by a path out of its folder, which would not
        exist where users compile."""
        wrong = ["%s includes %s" % (path, name)
                 for path in self.tree.files if path.endswith(".h")
                 for name, target in self.tree.includes[path]
                 if target is not None and "/" in name and not name.startswith("ns3/")]
        self.assertEqual(wrong, [])

    def test_models_include_only_models(self):
        """No model file includes a helper, example, test or utils file, or ns-3's test.h;
        no helper includes an example, a test or utils file, or ns-3's test.h."""
        wrong = []
        for path in self.tree.files:
            allowed = ("model",) if path.startswith("model/") else ("model", "helper")
            for name, target in self.tree.includes[path]:
                if name == NS3_TEST_HEADER:
                    wrong.append("%s includes %s (test code only)" % (path, name))
                elif target is not None and target.split("/")[0] not in allowed:
                    wrong.append("%s includes %s (%s)" % (path, name, target))
        self.assertEqual(wrong, [], "includes across layers")

    def test_forbidden_area_edges(self):
        """Areas that must not know each other do not include each other."""
        graph, witness = self.tree.area_graph()
        wrong = []
        for (a, b), reason in sorted(FORBIDDEN_AREA_EDGES.items()):
            if b in graph.get(a, ()):
                wrong.append("%s -> %s: %s [%s]" % (a, b, describe_edges(witness, a, b), reason))
        self.assertEqual(wrong, [])

    def test_models_do_not_write_results(self):
        """No model area includes the results store (model/results): models expose
        attributes, traces and counters; helpers and examples record them."""
        graph, witness = self.tree.area_graph()
        wrong = ["%s -> model/results: %s" % (a, describe_edges(witness, a, "model/results"))
                 for a in sorted(graph) if a.startswith("model/") and a != "model/results"
                 and "model/results" in graph[a]]
        self.assertEqual(wrong, [])

    def test_area_graph_has_no_cycle(self):
        """The areas (model/<dir>, helper/<dir>) form a layered graph without cycles."""
        graph, witness = self.tree.area_graph()
        self.assertIn("model/transport", graph.get("model/workload", set()))
        problems = []
        for cycle in find_cycles(graph):
            edges = ["%s -> %s (%s)" % (a, b, describe_edges(witness, a, b))
                     for a in cycle for b in sorted(graph.get(a, ())) if b in cycle]
            problems.append("cycle of areas %s: %s" % (cycle, "; ".join(edges)))
        self.assertEqual(problems, [])

    def test_no_header_cycle(self):
        """No header reaches itself through the module headers it includes."""
        self.assertEqual(find_cycles(self.tree.header_graph()), [], "header include cycles")

    def test_no_new_unit_cycle(self):
        """No cycle of units (x.h with x.cc) except the known ones; a known one that is gone
        must leave KNOWN_UNIT_CYCLES."""
        cycles = {frozenset(c) for c in find_cycles(self.tree.unit_graph())}
        new = sorted(sorted(c) for c in cycles - set(KNOWN_UNIT_CYCLES))
        self.assertEqual(new, [], "new cycles of units")
        gone = sorted(sorted(c) for c in set(KNOWN_UNIT_CYCLES) - cycles)
        self.assertEqual(gone, [], "cycles of KNOWN_UNIT_CYCLES that no longer exist: "
                                   "remove them from the list")

    def test_public_headers_do_not_include_ns3_test(self):
        """Public headers (model/ and helper/) do not pull ns-3's test framework into a
        user's build, directly or through another header of the module."""
        graph = self.tree.header_graph()
        direct = {p for p in self.tree.files if p.endswith(".h")
                  and any(n == NS3_TEST_HEADER for n, _ in self.tree.includes[p])}
        wrong = []
        for header in sorted(p for p in self.tree.files if p.endswith(".h")):
            seen, todo = set(), [header]
            while todo:
                h = todo.pop()
                if h not in seen:
                    seen.add(h)
                    todo.extend(graph.get(h, ()))
            hit = sorted(seen & direct)
            if hit:
                wrong.append("%s reaches %s through %s" % (header, NS3_TEST_HEADER, hit))
        self.assertEqual(wrong, [])


class SeamsTest(unittest.TestCase):
    """The seams have one implementation each."""

    def test_no_backend_branch(self):
        """Nobody decides by a backend's identity: options, helpers and studies ask the
        registry (BackendRegistry::Get(b).level, .Has(feature)); only the registry names
        backends."""
        wrong = []
        for path in source_files(ROOT, BACKEND_SCANNED):
            if path == BACKEND_REGISTRY:
                continue
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as stream:
                for number, line in backend_branches(stream.read()):
                    wrong.append("%s:%d: %s" % (path, number, line))
        self.assertEqual(wrong, [], "decisions by a backend's identity (ask BackendRegistry)")

    def test_one_flow_record(self):
        """One FlowRecord: every flow engine and workload reports flows with the same struct."""
        defined = []
        for path in source_files(ROOT, SCANNED):
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as stream:
                if _FLOW_RECORD.search(strip_comments(stream.read())):
                    defined.append(path)
        self.assertEqual(len(defined), 1, "struct FlowRecord defined in %s" % defined)


class PortabilityTest(unittest.TestCase):
    """The same tree builds against ns-3.37 and the newest release."""

    def test_versioned_api_through_compat(self):
        """APIs whose form changed across ns-3 releases go through optical-compat.h
        (optical::compat::MakeEnumAccessorCompat<T>), so that a 3.37-only call is caught by the
        standalone build's tests, not first by an in-tree build on a newer ns-3."""
        wrong = []
        for path in source_files(ROOT, BACKEND_SCANNED + ("test", "utils")):
            if path in COMPAT_HEADERS:
                continue
            with open(os.path.join(ROOT, path), encoding="utf-8", errors="replace") as stream:
                for number, line in enumerate(strip_comments(stream.read()).split("\n"), 1):
                    if _VERSIONED_API.search(line):
                        wrong.append("%s:%d: %s" % (path, number, line.strip()))
        self.assertEqual(wrong, [], "use optical::compat::MakeEnumAccessorCompat<T>, "
                                    "optical::MakeAnyCaseEnumChecker, optical::IsEnumChecker")


class CheckerTest(unittest.TestCase):
    """The checker itself, on small cases whose answer is known."""

    def test_parse_includes(self):
        text = ('#include "a.h"\n  #  include <b/c.h>\n// #include "commented.h"\n'
                '/* #include "block.h"\n#include "block2.h" */\n#include "ns3/d.h" // note\n')
        self.assertEqual(parse_includes(text),
                         [(True, "a.h"), (False, "b/c.h"), (True, "ns3/d.h")])

    def test_find_cycles(self):
        self.assertEqual(find_cycles({"a": {"b"}, "b": {"c"}, "c": set()}), [])
        self.assertEqual(find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}),
                         [["a", "b", "c"]])
        self.assertEqual(find_cycles({"a": {"a"}, "b": {"c"}, "c": {"b"}}), [["a"], ["b", "c"]])
        # A diamond is no cycle.
        self.assertEqual(find_cycles({"a": {"b", "c"}, "b": {"d"}, "c": {"d"}}), [])

    def test_backend_branches(self):
        text = ('if (backend == "packet")\n'
                'x = "flow" != name;\n'
                'if (b == Backend::FLOW) {}\n'
                'case Backend::PACKET:\n'
                'exp.AddEnum("backend", "h", v, {"a"});\n'
                '// backend == "packet" in a comment\n'
                'if (level == NetworkLevel::PACKET) {}\n'
                'std::string name = "packet";\n')
        self.assertEqual([n for n, _ in backend_branches(text)], [1, 2, 3, 4, 5])

    def test_area_of(self):
        self.assertEqual(area_of("model/flow/flow-network.h"), "model/flow")
        self.assertEqual(area_of("helper/workload/collective-helper.cc"), "helper/workload")
        self.assertEqual(area_of("test/common/optical-test-compat.h"), "test")
        self.assertEqual(area_of("helper/wan/te/wan-traffic-helper.h"), "helper/wan/te")
        self.assertEqual(area_of("model/wan/rate-adaptive/rate-adaptive-link.cc"),
                         "model/wan/rate-adaptive")


if __name__ == "__main__":
    unittest.main()
