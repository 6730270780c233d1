#!/usr/bin/env python3
"""Tests of the results store from Python: the schema through utils/ns3optical/results.py,
runs written by the probe program (also by 8 processes at once), and the utils/results.py
command line (list, show, export, merge).

Run directly (python3 test/results/test_results_store.py) or through test.py (suite
optical-py-results-store).
"""

import csv
import io
import itertools
import os
import signal
import sqlite3
import subprocess
import sys

import optical_test_support as support
from optical_test_support import TempDirTestCase, query, scalar

from ns3optical import results

PIDS = itertools.count(1000)  # a distinct pid for each hand-made run


def add_run(conn, program="prog", status="ok", sweep_key=None, rng_run=1, params=None,
            metrics=(), series=()):
    """Insert a run by hand (as the C++ store would: one process, one run) and return its
    id."""
    pid = next(PIDS)
    with results.transaction(conn):
        run_id = conn.execute(
            "INSERT INTO runs (program, status, sweep_key, rng_run, host, pid, started_at) "
            "VALUES (?, ?, ?, ?, 'h', ?, ?)",
            (program, status, sweep_key, rng_run, pid, results.utc_now())).lastrowid
        for name, value in (params or {}).items():
            conn.execute("INSERT INTO parameters VALUES (?, ?, ?, 'cli')", (run_id, name, value))
        for name, value, unit in metrics:
            conn.execute("INSERT INTO metrics VALUES (?, ?, ?, ?)", (run_id, name, value, unit))
        for name, x, y in series:
            conn.execute("INSERT INTO series VALUES (?, ?, ?, ?)", (run_id, name, x, y))
    return run_id


class SchemaTest(TempDirTestCase):
    """connect() creates the schema and sets the pragmas."""

    def test_connect_creates_schema(self):
        db = self.path("sub/dir/new.db")
        conn = results.connect(db)
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master "
                                             "WHERE type = 'table'")}
        self.assertTrue({"meta", "runs", "parameters", "metrics", "series",
                         "event_tables", "claims"} <= tables)
        self.assertEqual(conn.execute("PRAGMA journal_mode").fetchone()[0], "wal")
        self.assertEqual(conn.execute("PRAGMA busy_timeout").fetchone()[0], 10000)
        self.assertEqual(conn.execute("PRAGMA foreign_keys").fetchone()[0], 1)
        conn.close()
        self.assertEqual(scalar(db, "SELECT value FROM meta WHERE key = 'schema_version'"),
                         "1")
        results.connect(db).close()  # idempotent
        self.assertConsistent(db)

    def test_missing_database_not_created_when_reading(self):
        db = self.path("none.db")
        with self.assertRaises(results.ResultsError):
            results.connect(db, create=False)
        self.assertFalse(os.path.exists(db))

    def test_empty_and_foreign_files_refused(self):
        empty = self.path("empty.db")
        open(empty, "w").close()
        text = self.path("notes.db")
        with open(text, "w") as stream:
            stream.write("these are notes, not a database\n" * 10)
        for path, message in ((empty, "empty file (0 bytes)"),
                              (text, "is not an SQLite database")):
            before = os.path.getsize(path)
            for create in (True, False):
                with self.assertRaises(results.ResultsError) as caught:
                    results.connect(path, create=create)
                self.assertIn(message, str(caught.exception))
                self.assertIn(path, str(caught.exception))
            with self.assertRaises(results.ResultsError) as caught:
                results.open_source(path)  # merge's reader
            self.assertIn(message, str(caught.exception))
            self.assertEqual(os.path.getsize(path), before, "the file was changed")
            self.assertEqual(sorted(os.listdir(self.tmp)), ["empty.db", "notes.db"])
            # The command-line tools: a clear message, no traceback, the file unchanged.
            for result in (support.results_cli(path, "list"),
                           support.sweep_cli("results-probe", "--param", "value=1",
                                             "--db", path)):
                self.assertNotEqual(result.returncode, 0)
                self.assertIn(message, result.stderr)
                self.assertNotIn("Traceback", result.stderr)
            target = self.path("target.db")
            merge = support.results_cli(target, "merge", path)
            self.assertExit(merge, 1)
            self.assertIn(message, merge.stderr)
            self.assertEqual(os.path.getsize(path), before, "the file was changed")
            os.unlink(target)

    def test_new_database_appears_complete(self):
        db = self.path("fresh.db")
        results.connect(db).close()
        with open(db, "rb") as stream:
            self.assertEqual(stream.read(16), b"SQLite format 3\x00")
        self.assertEqual(os.listdir(self.tmp), ["fresh.db"])  # no temporary file left

    def test_newer_schema_refused(self):
        db = self.path("new.db")
        results.connect(db).close()
        conn = sqlite3.connect(db)
        conn.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
        conn.commit()
        conn.close()
        with self.assertRaises(results.ResultsError):
            results.connect(db)


class LibraryTest(TempDirTestCase):
    """Queries, failure recording and copying runs, on runs inserted by hand."""

    def setUp(self):
        super().setUp()
        self.db = self.path("lib.db")
        self.conn = results.connect(self.db)
        self.addCleanup(self.conn.close)

    def test_queries_return_only_ok_runs_by_default(self):
        ok = add_run(self.conn, params={"delay": "0.1", "sweepKey": "k1"}, sweep_key="k1",
                     metrics=[("loss", 0.5, "%"), ("rate", 2.0, "Gbps")],
                     series=[("q", 0, 1), ("q", 1, 3)])
        running = add_run(self.conn, status="running", sweep_key="k2",
                          metrics=[("loss", 9.0, "%")])
        add_run(self.conn, program="other", metrics=[("loss", 1.0, "")])

        rows = results.metrics(self.conn, "prog")
        self.assertEqual([(r["run_id"], r["name"], r["value"], r["unit"]) for r in rows],
                         [(ok, "loss", 0.5, "%"), (ok, "rate", 2.0, "Gbps")])
        self.assertEqual(rows[0]["parameters"], {"delay": "0.1"})  # no bookkeeping options
        self.assertEqual(rows[0]["rng_run"], 1)
        self.assertEqual(len(results.metrics(self.conn, "prog", names=["loss"])), 1)
        self.assertEqual(len(results.metrics(self.conn, "prog", status=None)), 3)
        self.assertEqual(len(results.metrics(self.conn)), 3)
        points = results.series(self.conn, "prog", names="q")
        self.assertEqual([(p["x"], p["y"]) for p in points], [(0, 1), (1, 3)])
        self.assertEqual(results.completed_keys(self.conn, "prog"), {"k1"})
        self.assertEqual([r["id"] for r in results.list_runs(self.conn, "prog")],
                         [running, ok])
        self.assertEqual(len(results.list_runs(self.conn, status="ok")), 2)
        run = results.get_run(self.conn, ok)
        self.assertEqual(run["series"], [{"series": "q", "points": 2}])
        self.assertIsNone(results.get_run(self.conn, 999))

    def test_export_csv(self):
        add_run(self.conn, params={"delay": "0.1", "value": "7"},
                metrics=[("loss", 0.1, "%")], series=[("q", 0.5, 1.25)])
        stream = io.StringIO()
        self.assertEqual(results.export_csv(self.conn, "metrics", stream), 1)
        rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
        self.assertEqual(rows[0]["delay"], "0.1")
        self.assertEqual(rows[0]["param_value"], "7")  # clashes with the 'value' column
        self.assertEqual((rows[0]["name"], float(rows[0]["value"]), rows[0]["unit"]),
                         ("loss", 0.1, "%"))
        stream = io.StringIO()
        results.export_csv(self.conn, "series", stream)
        rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
        self.assertEqual((rows[0]["series"], rows[0]["x"], rows[0]["y"]),
                         ("q", "0.5", "1.25"))

    def test_record_failed(self):
        start = results.utc_now()
        # The program crashed: its 'running' run becomes 'failed'.
        crashed = add_run(self.conn, status="running", sweep_key="a")
        self.assertEqual(results.record_failed(self.conn, "prog", "a", 1, "--x=1", start,
                                               "boom", after_id=0), crashed)
        self.assertEqual(query(self.db, "SELECT status, message FROM runs WHERE id = ?",
                               (crashed,)), [("failed", "boom")])
        # It failed before starting a run: a 'failed' run is inserted.
        new = results.record_failed(self.conn, "prog", "b", 2, "--x=2", start, "bad")
        self.assertEqual(query(self.db, "SELECT program, status, sweep_key, rng_run, "
                                        "command_line, message FROM runs WHERE id = ?", (new,)),
                         [("prog", "failed", "b", 2, "--x=2", "bad")])
        # Runs of earlier attempts (id <= after_id) are left alone.
        old_ok = add_run(self.conn, sweep_key="c")
        results.record_failed(self.conn, "prog", "c", 1, "", start, "again", after_id=old_ok)
        self.assertEqual(scalar(self.db, "SELECT status FROM runs WHERE id = ?", (old_ok,)),
                         "ok")
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM runs WHERE sweep_key = 'c'"), 2)

    def test_dump_and_merge_with_event_tables(self):
        run_id = add_run(self.conn, sweep_key="k", params={"a": "1"},
                         metrics=[("m", 1.5, "s")], series=[("s", 0, 1), ("s", 1, 2)])
        with results.transaction(self.conn):
            self.conn.execute("CREATE TABLE ev_drops (run_id INTEGER NOT NULL REFERENCES "
                              "runs (id) ON DELETE CASCADE, t REAL, port INTEGER, why TEXT)")
            self.conn.execute("INSERT INTO event_tables VALUES "
                              "('drops', 't REAL, port INTEGER, why TEXT')")
            self.conn.executemany("INSERT INTO ev_drops VALUES (?, ?, ?, ?)",
                                  [(run_id, 0.5, 3, "dark"), (run_id, 0.75, 4, "full")])
        dump = results.dump_run(self.conn, run_id)
        other_db = self.path("other.db")
        other = results.connect(other_db)
        add_run(other, program="x")  # ids differ between the databases
        new_id = results.merge_run(other, dump)
        self.assertNotEqual(new_id, run_id)
        copy = results.dump_run(other, new_id)
        for key in ("parameters", "metrics", "series", "events"):
            self.assertEqual(copy[key], dump[key], key)
        self.assertEqual(copy["run"]["sweep_key"], "k")
        self.assertEqual(scalar(other_db, "SELECT columns FROM event_tables "
                                          "WHERE name = 'drops'"), "t REAL, port INTEGER, why TEXT")
        self.assertEqual(results.get_run(other, new_id)["events"], {"ev_drops": 2})
        other.close()
        self.assertConsistent(other_db)

    def test_merge_database_skips_present_runs(self):
        add_run(self.conn, sweep_key="k1", metrics=[("m", 1, "")])
        add_run(self.conn, metrics=[("m", 2, "")])
        add_run(self.conn, status="running", sweep_key="k3")
        target = results.connect(self.path("target.db"))
        merged, skipped = results.merge_database(target, self.db)
        self.assertEqual((len(merged), skipped), (2, 0))  # not the running one
        merged, skipped = results.merge_database(target, self.db)
        self.assertEqual((len(merged), skipped), (0, 2))
        target.close()


class ProbeTest(TempDirTestCase):
    """Runs written by the C++ store (probe program), read through the library."""

    def setUp(self):
        super().setUp()
        self.probe = support.probe_path()
        self.db = self.path("probe.db")

    def run_probe(self, *args):
        """Run the probe on self.db; return the CompletedProcess."""
        return support.run([self.probe, "--results=" + self.db] + list(args), cwd=self.tmp)

    def test_round_trip(self):
        result = self.run_probe("--rows=5", "--series=3", "--value=2.5", "--RngRun=4")
        self.assertExit(result, 0)
        self.assertIn("value: 2.5", result.stdout)
        conn = results.connect(self.db)
        rows = {r["name"]: r for r in results.metrics(conn, "results-probe")}
        self.assertEqual(len(rows), 7)  # row-0..row-4, value, rows
        self.assertEqual(rows["value"]["value"], 2.5)
        self.assertEqual(rows["rows"]["unit"], "rows")
        self.assertEqual(rows["value"]["rng_run"], 4)
        self.assertEqual(rows["value"]["parameters"]["rows"], "5")
        self.assertNotIn("RngRun", rows["value"]["parameters"])
        self.assertEqual([(p["x"], p["y"]) for p in results.series(conn, "results-probe")],
                         [(0, 0), (1, 2), (2, 4)])
        conn.close()

    def test_probe_refuses_empty_and_foreign_files(self):
        for name, content, message in (("empty.db", "", "empty file (0 bytes)"),
                                       ("notes.db", "notes\n" * 50, "not an SQLite database")):
            path = self.path(name)
            with open(path, "w") as stream:
                stream.write(content)
            result = support.run([self.probe, "--results=" + path], cwd=self.tmp)
            self.assertExit(result, 1)
            self.assertIn(message, result.stderr)
            with open(path) as stream:
                self.assertEqual(stream.read(), content, "the file was changed")

    def test_crashed_run_is_not_complete(self):
        # abort() raises SIGABRT: the program marks its run 'failed' and dies by the signal.
        self.assertEqual(self.run_probe("--rows=3", "--crash=1",
                                        "--sweepKey=crash").returncode, -signal.SIGABRT)
        self.assertEqual(query(self.db, "SELECT status, message FROM runs"),
                         [("failed", "killed by SIGABRT")])
        conn = results.connect(self.db)
        self.assertEqual(results.metrics(conn, "results-probe"), [])
        self.assertEqual(results.completed_keys(conn, "results-probe"), set())
        conn.close()

    def test_refusal_after_start_leaves_no_row(self):
        self.assertExit(self.run_probe("--rows=2", "--value=1"), 0)
        result = self.run_probe("--rows=3", "--series=4", "--refuse=1")
        self.assertExit(result, 1)
        self.assertIn("--refuse=1: refused on request after Start()", result.stderr)
        self.assertIn("nothing was run", result.stderr)
        # The first run stays whole; the refused one left no run, metric or series row.
        self.assertEqual(query(self.db, "SELECT id, status FROM runs"), [(1, "ok")])
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM metrics WHERE run_id != 1"), 0)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM series"), 0)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM parameters WHERE run_id != 1"),
                         0)

    def test_schema_version_refused_untouched(self):
        results.connect(self.db).close()
        conn = sqlite3.connect(self.db)
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
        conn.commit()
        conn.close()
        with open(self.db, "rb") as stream:
            before = stream.read()
        result = self.run_probe("--rows=1")
        self.assertExit(result, 1)
        self.assertIn("schema version 2", result.stderr)
        with open(self.db, "rb") as stream:
            self.assertEqual(stream.read(), before, "the database was changed")

    def test_results_in_a_missing_directory_refused(self):
        result = support.run([self.probe, "--results=" + self.path("no/such/dir/x.db")],
                             cwd=self.tmp)
        self.assertExit(result, 1)
        self.assertIn("does not exist", result.stderr)
        self.assertFalse(os.path.exists(self.path("no")))

    def test_concurrent_writers_lose_nothing(self):
        writers, rows = 8, 2000
        processes = [subprocess.Popen([self.probe, "--results=" + self.db, "--rows=%d" % rows,
                                       "--series=100", "--value=%d" % i, "--RngRun=%d" % i,
                                       "--sleepMs=200"],  # all write their rows at once
                                      cwd=self.tmp, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE)
                     for i in range(1, writers + 1)]
        errors = [p.communicate(timeout=300)[1] for p in processes]
        self.assertEqual([p.returncode for p in processes], [0] * writers, errors)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM runs WHERE status = 'ok'"),
                         writers)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM metrics"), writers * (rows + 2))
        self.assertEqual(query(self.db, "SELECT COUNT(*) FROM metrics GROUP BY run_id"),
                         [(rows + 2,)] * writers)
        self.assertEqual(scalar(self.db, "SELECT COUNT(*) FROM series"), writers * 100)
        conn = results.connect(self.db)
        values = sorted(r["value"] for r in results.metrics(conn, names="value"))
        self.assertEqual(values, list(range(1, writers + 1)))
        conn.close()
        self.assertConsistent(self.db)


class CliTest(TempDirTestCase):
    """utils/results.py list, show, export, merge."""

    def setUp(self):
        super().setUp()
        probe = support.probe_path()
        self.db = self.path("cli.db")
        for args in (["--value=1.5", "--series=2", "--RngRun=1"], ["--value=2.5", "--RngRun=2"],
                     ["--fail=1"]):
            support.run([probe, "--results=" + self.db, "--rows=2"] + args, cwd=self.tmp)

    def test_list_and_show(self):
        result = support.results_cli(self.db, "list")
        self.assertExit(result, 0)
        lines = result.stdout.splitlines()
        self.assertEqual(lines[0].split()[:3], ["id", "program", "status"])
        self.assertEqual([line.split()[:3] for line in lines[1:]],
                         [["3", "results-probe", "failed"], ["2", "results-probe", "ok"],
                          ["1", "results-probe", "ok"]])
        result = support.results_cli(self.db, "list", "--status", "failed")
        self.assertEqual(len(result.stdout.splitlines()), 2)
        result = support.results_cli(self.db, "show", "1")
        self.assertExit(result, 0)
        self.assertIn("status:       ok", result.stdout)
        self.assertIn("value: 1.5", result.stdout)
        self.assertIn("probe: 2 points", result.stdout)
        self.assertIn("value = 1.5  (cli)", result.stdout)
        result = support.results_cli(self.db, "show", "3")
        self.assertIn("failing on request", result.stdout)
        self.assertIn("not complete", result.stdout)
        result = support.results_cli(self.db, "show", "42")
        self.assertExit(result, 1)
        self.assertIn("no run 42", result.stderr)

    def test_export_round_trip(self):
        out = self.path("out/metrics.csv")
        self.assertExit(support.results_cli(self.db, "export", "metrics", "-o", out), 0)
        with open(out) as stream:
            rows = list(csv.DictReader(stream))
        conn = results.connect(self.db)
        expected = results.metrics(conn, "results-probe")
        conn.close()
        self.assertEqual([(int(r["run_id"]), r["name"], float(r["value"])) for r in rows],
                         [(r["run_id"], r["name"], r["value"]) for r in expected])
        self.assertEqual({r["run_id"] for r in rows}, {"1", "2"})  # ok runs only
        result = support.results_cli(self.db, "export", "series", "--program", "results-probe")
        self.assertExit(result, 0)
        rows = list(csv.DictReader(io.StringIO(result.stdout)))
        self.assertEqual([(r["series"], r["x"], r["y"]) for r in rows],
                         [("probe", "0.0", "0.0"), ("probe", "1.0", "2.0")])
        result = support.results_cli(self.db, "export", "metrics", "--name", "value",
                                     "--status", "all")
        self.assertEqual(len(result.stdout.splitlines()), 1 + 2)  # the failed run has none

    def test_merge(self):
        target = self.path("target.db")
        result = support.results_cli(target, "merge", self.db)
        self.assertExit(result, 0)
        self.assertIn("2 runs merged", result.stdout)
        result = support.results_cli(target, "merge", self.db)
        self.assertIn("0 runs merged", result.stdout)
        self.assertEqual(scalar(target, "SELECT COUNT(*) FROM metrics"),
                         scalar(self.db, "SELECT COUNT(*) FROM metrics m JOIN runs r "
                                         "ON r.id = m.run_id WHERE r.status = 'ok'"))
        self.assertConsistent(target)
        self.assertExit(support.results_cli(target, "merge", self.path("none.db")), 1)

    def test_missing_database(self):
        db = self.path("missing.db")
        result = support.results_cli(db, "list")
        self.assertExit(result, 1)
        self.assertIn("no results database", result.stderr)
        self.assertFalse(os.path.exists(db))

    def test_ns3_results_verb(self):
        result = support.run([sys.executable, os.path.join(support.ROOT, "ns3"), "results",
                              "--db", self.db, "list", "--status", "ok"])
        self.assertExit(result, 0)
        self.assertEqual(len(result.stdout.splitlines()), 3)


if __name__ == "__main__":
    support.main()
