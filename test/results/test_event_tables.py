#!/usr/bin/env python3
"""Tests that every per-event table's columns are declared once, in
data/results-event-tables.txt, and that the C++ writers and the Python readers take them from
there: the declaration parser on hand-made texts; every declared table and column written by
C++ code and every table the C++ creates declared (none re-declared with its columns in C++);
every AddEvent of a table with as many values as the columns it was created with; every
column a figure reads from event rows declared; the tables and run columns the Python reader
uses taken from data/results-schema.sql.

Run directly (python3 test/results/test_event_tables.py) or through test.py (suite
optical-py-event-tables).
"""

import glob
import os
import re
import unittest

import optical_test_support as support

from ns3optical import results

CPP_DIRS = ("model", "helper", "examples", "scratch")
FIGURES_DIR = os.path.join(support.UTILS, "ns3optical", "figures")


def cpp_sources():
    """Return {path relative to the root: text} of the module's C++ sources (tests left out:
    they exercise undeclared tables on purpose)."""
    sources = {}
    for folder in CPP_DIRS:
        for path in glob.glob(os.path.join(support.ROOT, folder, "**", "*.cc"), recursive=True):
            with open(path) as stream:
                sources[os.path.relpath(path, support.ROOT)] = stream.read()
    return sources


def braced(text, start):
    """Return the text of the {...} group opening at text[start] ('{'), without the braces."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] in "{(":
            depth += 1
        elif text[index] in "})":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
    raise ValueError("unbalanced braces")


def top_level_items(group):
    """Return the number of comma-separated items of a brace group's text (nesting aware)."""
    depth, items = 0, 1 if group.strip() else 0
    for char in group.replace("->", "."):
        if char in "{(<[":
            depth += 1
        elif char in "})>]":
            depth -= 1
        elif char == "," and depth == 0:
            items += 1
    return items


def computed_columns(sources, path, table):
    """The columns of a CreateEventTableColumns whose list a class of `path` computes
    (IterationTable::GetColumns): the string literals of its source and header, and the key
    columns callers give its constructor (IterationTable{"fabric", ...})."""
    stem = os.path.splitext(path)[0]
    texts = [sources[path]]
    header = os.path.join(support.ROOT, stem + ".h")
    if os.path.exists(header):
        with open(header) as stream:
            texts.append(stream.read())
    literals = set()
    for text in texts:
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)  # comments are not code
        literals.update(re.findall(r'"(\w+)"', code))
    cls = "".join(part.capitalize() for part in os.path.basename(stem).split("-"))
    for text in sources.values():
        literals.update(re.findall(r'\b%s\s*\{\s*"(\w+)"' % cls, text))
    return sorted(literals - {table})


def writers(sources):
    """Return [(path, table, columns or None for all declared, typed)] of every event-table
    creation in `sources`; typed is True for CreateEventTable(name, {{column, TYPE}...})."""
    found = []
    for path, text in sources.items():
        for match in re.finditer(r'CreateEventTable(Columns)?\(\s*"(\w+)"\s*(,|\))', text):
            table = match.group(2)
            if match.group(3) == ")":
                found.append((path, table, None, False))
                continue
            rest = text[match.end():].lstrip()
            if match.group(1) and not rest.startswith("{"):
                found.append((path, table, computed_columns(sources, path, table), False))
                continue
            group = braced(text, text.index("{", match.end()))
            if match.group(1):
                found.append((path, table, re.findall(r'"(\w+)"', group), False))
            else:
                found.append((path, table, re.findall(r'\{\s*"(\w+)"\s*,', group), True))
    return found


class ParserTest(unittest.TestCase):
    """parse_event_tables on hand-made texts (the format ResultsStore::ParseEventTables reads)."""

    def test_valid(self):
        self.assertEqual(results.parse_event_tables("# c\n\n t1: a INTEGER, b REAL \nt2:c TEXT\n"),
                         {"t1": [("a", "INTEGER"), ("b", "REAL")], "t2": [("c", "TEXT")]})

    def test_invalid(self):
        for bad in ("t1 a INTEGER", "t1: a INTEGER\nt1: b REAL", "t1: a INTEGER, a REAL",
                    "t1: a FLOAT", "t1: run_id INTEGER", "t1: a INTEGER REAL", "t-1: a INTEGER",
                    "t1:"):
            with self.assertRaises(results.ResultsError, msg=bad) as caught:
                results.parse_event_tables(bad)
            self.assertIn("line ", str(caught.exception))


class DeclaredOnceTest(unittest.TestCase):
    """The declarations against the C++ writers and the Python readers."""

    @classmethod
    def setUpClass(cls):
        cls.declared = results.declared_event_tables()
        cls.sources = cpp_sources()
        cls.writers = writers(cls.sources)

    def test_declarations_exist(self):
        self.assertGreaterEqual(len(self.declared), 10)

    def test_every_creation_is_declared_and_not_repeated(self):
        self.assertTrue(self.writers)
        for path, table, columns, typed in self.writers:
            self.assertIn(table, self.declared, "%s creates undeclared ev_%s" % (path, table))
            self.assertFalse(typed, "%s declares the columns of ev_%s again: call "
                                    "CreateEventTable(\"%s\")" % (path, table, table))
            for column in columns or []:
                self.assertIn(column, [c for c, _ in self.declared[table]],
                              "%s writes undeclared column %s of ev_%s" % (path, column, table))

    def test_every_declared_column_is_written(self):
        written = {}
        for _, table, columns, _ in self.writers:
            written.setdefault(table, set()).update(
                columns if columns is not None else [c for c, _ in self.declared[table]])
        for table, columns in self.declared.items():
            self.assertIn(table, written, "ev_%s is declared but no C++ code creates it" % table)
            for column, _ in columns:
                self.assertIn(column, written[table], "column %s of ev_%s is declared but no "
                                                      "writer fills it" % (column, table))

    def test_add_event_value_counts(self):
        # Per file and table, the columns the table was created with; each literal AddEvent
        # list must hold one value per column (the store checks it at run time too).
        counted = 0
        for path, text in self.sources.items():
            created = {table: len(columns) if columns is not None else len(self.declared[table])
                       for p, table, columns, _ in self.writers if p == path}
            for match in re.finditer(r'AddEvent\(\s*"(\w+)"\s*,', text):
                table = match.group(1)
                brace = text.find("{", match.end())
                semicolon = text.find(";", match.end())
                if table not in created or brace < 0 or brace > semicolon:
                    continue  # values built elsewhere: checked at run time only
                self.assertEqual(top_level_items(braced(text, brace)), created[table],
                                 "%s: AddEvent(\"%s\") values vs its columns" % (path, table))
                counted += 1
        self.assertGreater(counted, 5)

    def test_figures_read_declared_columns(self):
        checked = 0
        for path in sorted(glob.glob(os.path.join(FIGURES_DIR, "*.py"))):
            with open(path) as stream:
                text = stream.read()
            for body in re.split(r"\n(?=def |class )", text):
                tables = re.findall(r'\.events\(\s*"(\w+)"', body)
                if not tables:
                    continue
                columns = set()
                for table in tables:
                    self.assertIn(table, self.declared, "%s reads undeclared ev_%s"
                                  % (os.path.basename(path), table))
                    columns.update(c for c, _ in self.declared[table])
                # Subscripts of row variables: row["x"], r["x"], rows[0]["x"], baseline[0]["x"].
                for key in re.findall(r'(?<![A-Z_])\b(?:row|r|\w+\[[^\]]*\])\["(\w+)"\]', body):
                    self.assertIn(key, columns, "%s reads column %s, not declared for %s"
                                  % (os.path.basename(path), key, ", ".join(tables)))
                    checked += 1
        self.assertGreater(checked, 10)

    def test_reader_tables_from_the_schema(self):
        schema = results.parse_schema_columns(results.read_schema())
        self.assertEqual(results.schema_tables(), tuple(schema))
        self.assertIn("event_tables", schema)
        self.assertEqual(results.run_columns()[:3], ("id", "program", "status"))
        self.assertEqual(results.parse_schema_columns(
            "CREATE TABLE IF NOT EXISTS t (\n    a INTEGER, -- x\n    b TEXT,\n"
            "    PRIMARY KEY (a)\n);"), {"t": ["a", "b"]})


if __name__ == "__main__":
    support.main()
