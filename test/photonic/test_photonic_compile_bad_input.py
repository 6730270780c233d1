#!/usr/bin/env python3
"""Bad input of the photonic-compile example (examples/photonic/photonic-compile.cc): every
unrealizable program of examples/photonic/programs/bad (the rule broken and file:line:col
named), a specification larger than its target file, a target file missing a field, a program
that cannot be embedded (a multicast on a Benes network of 2x2 switches, which cannot split
light: the failing pairs named), and bad options (--spec=bogus, --target=bogus, --ports=1, a
program FILE together with --spec). Each must exit nonzero with a message naming the option or
the file, run nothing, and write nothing to the results store: a new database is not created,
and an existing one keeps its runs, metrics and event rows.

Run directly (python3 test/photonic/test_photonic_compile_bad_input.py) or through test.py
(suite optical-py-photonic-compile-bad-input). The example must be built: the test fails,
not skips, when it is missing from <build>/programs.txt.
"""

import glob
import os
import re
import sqlite3
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))),
                                "results"))

import optical_test_support as support  # noqa: E402  (after the path set-up)

PROGRAM = "photonic-compile"
PROGRAMS = os.path.join("examples", "photonic", "programs")
BENES_8 = os.path.join("data", "photonic", "benes-8.txt")


def declared_rule(path):
    """Return the rule a bad program's first comment names: '// Rejected (rule): ...'."""
    with open(os.path.join(support.ROOT, path)) as stream:
        match = re.search(r"Rejected \(([a-z-]+)\)", stream.read())
    if match is None:
        raise AssertionError("%s does not say which rule it breaks ('Rejected (rule)')" % path)
    return match.group(1)


class BadInputTest(support.TempDirTestCase):
    """Each bad input: nonzero exit, the option or file named, nothing run, nothing written."""

    @classmethod
    def setUpClass(cls):
        cls.program = support.example_path(PROGRAM)

    def run_example(self, *args):
        """Run the example with ARGS (from the module root, as test.py does)."""
        return support.run([self.program] + list(args), cwd=support.ROOT, timeout=300)

    def assertRefused(self, args, parts, patterns=()):
        """Assert that the example refuses ARGS naming every string of `parts` (and matching
        every regular expression of `patterns`) on stderr, printing no metric, creating no
        database, and leaving an existing database's rows as they were."""
        fresh = self.path("fresh.db")
        result = self.run_example(*(list(args) + ["--results=" + fresh]))
        self.assertNotEqual(result.returncode, 0, "%s was accepted:\n%s" % (args, result.stdout))
        self.assertGreater(result.returncode, 0, "%s: killed by a signal, not refused:\n%s"
                           % (args, result.stderr))
        for part in parts:
            self.assertIn(part, result.stderr, "%s: the message names %r" % (args, part))
        for pattern in patterns:
            self.assertRegex(result.stderr, pattern, "%s: the message matches %r"
                             % (args, pattern))
        self.assertIn("nothing was run", result.stderr)
        self.assertNotIn("max-path-loss-db", result.stdout, "%s: no metric printed" % (args,))
        self.assertFalse(os.path.exists(fresh), "%s: no database created" % (args,))
        before = support.store_counts(self.db)
        result = self.run_example(*(list(args) + ["--results=" + self.db]))
        self.assertNotEqual(result.returncode, 0)
        self.assertEqual(support.store_counts(self.db), before, "%s: no row written" % (args,))
        return result

    def setUp(self):
        super().setUp()
        # A database with one good run in it: an 8-port circuit on a Benes network.
        self.db = self.path("store.db")
        result = self.run_example(os.path.join(PROGRAMS, "permutation8.lambda"),
                                  "--target=benes", "--results=" + self.db)
        self.assertExit(result, 0, "the good run")
        rows = support.store_counts(self.db)
        self.assertEqual(rows["runs"], 1)
        self.assertGreater(rows.get("ev_photonic_pairs", 0), 0, "the good run's pairs")
        # The good run ends 'ok' (OpticalExperiment::Finish), so that sweeps and figures use it.
        conn = sqlite3.connect(self.db, timeout=30)
        try:
            status = conn.execute("SELECT status, message FROM runs").fetchone()
        finally:
            conn.close()
        self.assertEqual(status[0], "ok", "the good run's status (%s)" % (status[1],))

    def test_unrealizable_programs(self):
        bad = sorted(glob.glob(os.path.join(support.ROOT, PROGRAMS, "bad", "*.lambda")))
        self.assertGreaterEqual(len(bad), 4, "the bad programs are there")
        for path in bad:
            relative = os.path.relpath(path, support.ROOT)
            with self.subTest(os.path.basename(path)):
                rule = declared_rule(relative)
                self.assertRefused([relative], ["[%s]" % rule],
                                   [re.escape(relative) + r":\d+:\d+: error"])

    def test_spec_larger_than_target_file(self):
        self.assertRefused(["--target=" + BENES_8, "--spec=permutation", "--ports=16"],
                           ["--target=" + BENES_8, "the target has 8"])

    def test_target_file_missing_field(self):
        with open(os.path.join(support.ROOT, BENES_8)) as stream:
            text = stream.read()
        self.assertIn(" inputs=8", text)
        target = self.path("no-inputs.txt")
        with open(target, "w") as stream:
            stream.write(text.replace(" inputs=8", "", 1))
        # The 'target' line is the first line that is not a comment.
        line = next(number for number, content in enumerate(text.splitlines(), 1)
                    if content.startswith("target "))
        self.assertRefused([os.path.join(PROGRAMS, "permutation8.lambda"),
                            "--target=" + target],
                           ["no-inputs.txt:%d" % line, "inputs"])

    def test_cannot_embed(self):
        # Benes networks are made of 2x2 SWITCH elements: none can split light.
        # The message names the target, a failing pair (input -> its outputs) and why.
        self.assertRefused(["--spec=multicast", "--ports=8", "--target=benes"],
                           ["cannot embed", "benes-8", "split"],
                           [r"a\[\d+\] -> b\[\d+\]"])

    def test_unknown_spec(self):
        self.assertRefused(["--spec=bogus"], ["--spec=bogus", "permutation"])

    def test_unknown_target(self):
        self.assertRefused(["--spec=permutation", "--target=bogus"], ["--target=bogus", "benes"])

    def test_one_port(self):
        self.assertRefused(["--spec=permutation", "--ports=1"], ["--ports=1"])

    def test_file_and_spec(self):
        self.assertRefused([os.path.join(PROGRAMS, "permutation8.lambda"),
                            "--spec=permutation"], ["--spec=permutation", "not both"])

    def test_missing_program(self):
        self.assertRefused([self.path("none.lambda")], ["none.lambda"])


if __name__ == "__main__":
    support.main()
