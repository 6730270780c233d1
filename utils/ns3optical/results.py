"""Python access to the ns3-optical results store (an SQLite database).

The schema is defined once, in data/results-schema.sql, and the per-event tables (ev_<name>)
with their columns once, in data/results-event-tables.txt; both are read at run time, here
and by the C++ writer (model/results/results-store.cc): the tables and the columns of runs
below come from the schema file (schema_columns), the event tables from their declaration
(declared_event_tables). This module opens a database (creating its schema when it
lacks one), queries runs, metrics and series, exports them to CSV, and copies runs between
databases (dump_run/merge_run: used by the Dask executor of utils/sweep.py and by
`utils/results.py merge`). It is ns3optical.results; utc_now() is ns3optical.process's.

Sweeps claim each sweep key before running it (table claims; see claim_key), so that
concurrent or resumed sweeps never run a key that is running or done. A database file that is
empty (0 bytes) or not SQLite is refused (check_database_file), never filled.

Only runs whose status is 'ok' are complete: a run is 'running' while its program runs, stays
'running' if the program crashed, and is 'failed' when the program (or the sweep runner)
recorded a failure. The query functions return only 'ok' runs unless asked otherwise.

Stable API (used by the figure framework and the sweep runner):

    connect(db_path, create=True)           -> sqlite3.Connection
    list_runs(conn, program=None, status=None, limit=None)
    get_run(conn, run_id)                   -> dict or None
    run_parameters(conn, run_id)            -> {name: value}
    metrics(conn, program, names=None, status='ok')
    series(conn, program, names=None, status='ok')
    export_csv(conn, what, stream, program=None, names=None, status='ok')
    completed_keys(conn, program)           -> set of sweep keys
    claim_key(conn, key, program, claimant, executor, lease_seconds, ...) -> (state, info)
    claim_started(conn, key, claimant, run_pid), release_claims(conn, ...), live_claims(...)
    record_failed(conn, ...)                -> run id
    dump_run(conn, run_id)                  -> plain Python data
    merge_run(conn, dump, status=None, message=None) -> new run id
    merge_database(conn, source_path)       -> (merged ids, skipped count)
    transaction(conn)                       -> context manager (BEGIN IMMEDIATE ... COMMIT)

Only the Python standard library is used; Python 3.9 or later.
"""

import contextlib
import csv
import datetime
import os
import re
import socket
import sqlite3
import tempfile
import time

from . import ROOT
from .process import utc_now  # noqa: F401  (part of this module's API)

SCHEMA_VERSION = 1
# The default database of the tools: $NS3_OPTICAL_RESULTS when set (as for the programs'
# --results; 'none', which makes programs record nothing, is no database to read), else
# results/optical.db.
DEFAULT_DB = (os.environ.get("NS3_OPTICAL_RESULTS", "") not in ("", "none")
              and os.environ["NS3_OPTICAL_RESULTS"] or os.path.join("results", "optical.db"))
BUSY_TIMEOUT_MS = 10000
STATUSES = ("running", "ok", "failed")

# Options every experiment program accepts that say how it records, not what it simulates:
# they are left out of the `parameters` dicts of metrics() and series() (rng_run is a field
# of its own), so that runs of one grid point group together.
BOOKKEEPING_PARAMETERS = frozenset(["results", "sweepKey", "progress", "RngRun"])

EVENT_TABLES_FILE = "results-event-tables.txt"
EVENT_TYPES = ("INTEGER", "REAL", "TEXT")

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ResultsError(Exception):
    """An expected failure (missing database, unknown run, bad schema): a plain message."""


# ------------------------------------------------------------------------------ opening


def module_root():
    """Return the root directory of the module (the parent of utils/)."""
    return ROOT


def data_dir():
    """Return the module's data directory: $NS3_OPTICAL_DATA_DIR or <module>/data."""
    return os.environ.get("NS3_OPTICAL_DATA_DIR") or os.path.join(module_root(), "data")


def schema_path():
    """Return the path of results-schema.sql: $NS3_OPTICAL_DATA_DIR or <module>/data."""
    return os.path.join(data_dir(), "results-schema.sql")


def event_tables_path():
    """Return the path of results-event-tables.txt (next to the schema)."""
    return os.path.join(data_dir(), EVENT_TABLES_FILE)


def read_schema():
    """Return the text of the schema file; raise ResultsError if it cannot be read."""
    path = schema_path()
    try:
        with open(path) as stream:
            return stream.read()
    except OSError as error:
        raise ResultsError("cannot read the results schema %s: %s" % (path, error.strerror))


_CREATE_TABLE = re.compile(r"CREATE TABLE IF NOT EXISTS (\w+) \((.*?)\n\);", re.S)
_CONSTRAINTS = ("PRIMARY", "FOREIGN", "UNIQUE", "CHECK", "CONSTRAINT")


def parse_schema_columns(text):
    """Return {table: [column, ...]} of the CREATE TABLE statements of a schema text (one
    column definition per line, '--' comments allowed; table constraints left out)."""
    tables = {}
    for match in _CREATE_TABLE.finditer(text):
        columns = []
        for line in match.group(2).splitlines():
            words = line.split("--", 1)[0].split()
            if words and words[0].upper() not in _CONSTRAINTS:
                columns.append(words[0].rstrip(","))
        tables[match.group(1)] = columns
    return tables


def schema_columns():
    """Return {table: [column, ...]} of data/results-schema.sql (read_schema)."""
    return parse_schema_columns(read_schema())


def schema_tables():
    """Return the tables of the schema, in its order: a database lacking one gets the
    (idempotent) schema script again."""
    return tuple(schema_columns())


def run_columns():
    """Return the columns of table runs, as the schema declares them."""
    return tuple(schema_columns()["runs"])


def parse_event_tables(text, origin=EVENT_TABLES_FILE):
    """Return {name: [(column, type), ...]} of a results-event-tables.txt text: one
    'name: column TYPE, column TYPE, ...' line per table, '#' comments and blank lines
    ignored (the format ResultsStore::ParseEventTables reads). Raise ResultsError naming the
    line if a line is malformed or a table or column repeats."""
    tables = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        where = "%s: line %d: " % (origin, number)
        name, sep, rest = line.partition(":")
        name = name.strip()
        if not sep or not _IDENTIFIER.match(name):
            raise ResultsError(where + "expected 'name: column TYPE, ...'")
        if name in tables:
            raise ResultsError(where + "table %r is declared twice" % name)
        columns = []
        for item in rest.split(","):
            words = item.split()
            if (len(words) != 2 or not _IDENTIFIER.match(words[0]) or words[0] == "run_id"
                    or words[1] not in EVENT_TYPES):
                raise ResultsError(where + "bad column %r of table %r (expected 'column "
                                   "TYPE', TYPE one of %s)" % (item.strip(), name,
                                                               ", ".join(EVENT_TYPES)))
            if words[0] in [c for c, _ in columns]:
                raise ResultsError(where + "column %r of table %r is declared twice"
                                   % (words[0], name))
            columns.append((words[0], words[1]))
        tables[name] = columns
    return tables


def declared_event_tables():
    """Return {name: [(column, type), ...]} of data/results-event-tables.txt."""
    path = event_tables_path()
    try:
        with open(path) as stream:
            return parse_event_tables(stream.read(), path)
    except OSError as error:
        raise ResultsError("cannot read the event-table declarations %s: %s"
                           % (path, error.strerror))


NOT_SQLITE = ("%s is not an SQLite database (%s); pass the path of a results database, or of "
              "a file that does not exist yet")


def check_database_file(db_path):
    """Raise ResultsError unless the existing `db_path` can be a results database: a regular
    file that is not empty. A 0-byte file is refused rather than filled: results databases
    are created complete (see connect), so an empty file is a mistake (a truncated file, a
    wrong path), never a database another process is creating. (Whether it is SQLite at all
    is left to SQLite: opening and closing the file here would drop this process's SQLite
    locks on it, which POSIX ties to the process, not to the descriptor.)"""
    if os.path.isdir(db_path):
        raise ResultsError("%s is a directory, not a results database" % db_path)
    if not os.path.isfile(db_path):
        raise ResultsError("%s is not a regular file, so not a results database" % db_path)
    if os.path.getsize(db_path) == 0:
        raise ResultsError("%s is an empty file (0 bytes), not a results database: remove it "
                           "to start a new database there, or pass another path" % db_path)


def _database_error(db_path, error):
    """Return the ResultsError for an sqlite3 error on opening `db_path`."""
    if "not a database" in str(error) or "file is encrypted" in str(error):
        return ResultsError(NOT_SQLITE % (db_path, error))
    return ResultsError("cannot open the results database %s: %s" % (db_path, error))


def _create_database(db_path):
    """Create the results database `db_path` complete: its schema is written under a
    temporary name in the same directory, then linked into place, so that other processes
    never see an empty or half-made file (if one made it meanwhile, that one is used)."""
    parent = os.path.dirname(os.path.abspath(db_path))
    os.makedirs(parent, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=os.path.basename(db_path) + ".new-", dir=parent)
    os.close(fd)
    try:
        os.unlink(temporary)  # SQLite creates it (an empty file would be refused)
        conn = sqlite3.connect(temporary, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.executescript("BEGIN IMMEDIATE;\n%s\nCOMMIT;" % read_schema())
        finally:
            conn.close()  # checkpoints the WAL into the file and removes it
        try:
            os.link(temporary, db_path)
        except FileExistsError:
            pass
        except OSError:
            if not os.path.exists(db_path):  # a file system without hard links
                os.rename(temporary, db_path)
    except sqlite3.DatabaseError as error:
        raise ResultsError("cannot create the results database %s: %s" % (db_path, error))
    except OSError as error:
        raise ResultsError("cannot create the results database %s: %s"
                           % (db_path, error.strerror))
    finally:
        for name in (temporary, temporary + "-wal", temporary + "-shm"):
            if os.path.exists(name):
                os.unlink(name)


def connect(db_path, create=True, threads=False):
    """Open the results database `db_path` and return the connection.

    The connection is in autocommit mode (use transaction() for atomic writes), uses WAL,
    a busy timeout of 10 s and foreign keys, and returns sqlite3.Row rows. If the database
    lacks the schema (or part of it), it is created from data/results-schema.sql. With
    create=False a missing file raises ResultsError instead of being created; otherwise it
    is created complete (missing parent directories too). An existing file that is empty
    (0 bytes) or not an SQLite database raises ResultsError and is left as it is. With
    threads=True the connection may be used by several threads (the caller serializes them).
    """
    if db_path != ":memory:":
        if not os.path.exists(db_path):
            if not create:
                raise ResultsError("no results database %s" % db_path)
            _create_database(db_path)
        check_database_file(db_path)
    try:
        conn = sqlite3.connect(db_path, timeout=BUSY_TIMEOUT_MS / 1000.0,
                               isolation_level=None, check_same_thread=not threads)
    except sqlite3.DatabaseError as error:
        raise ResultsError("cannot open the results database %s: %s" % (db_path, error))
    try:
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA busy_timeout=%d" % BUSY_TIMEOUT_MS)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA foreign_keys=ON")
        ensure_schema(conn)
    except (sqlite3.DatabaseError, ResultsError) as error:
        conn.close()
        if isinstance(error, ResultsError):
            raise
        raise _database_error(db_path, error)
    return conn


def ensure_schema(conn):
    """Create the schema in `conn` if it lacks it; refuse a newer schema version (before
    anything is written to it)."""
    _check_version(conn)
    if not all(_table_exists(conn, t) for t in schema_tables()):
        try:
            conn.executescript("BEGIN IMMEDIATE;\n%s\nCOMMIT;" % read_schema())
        except sqlite3.OperationalError as error:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            # A database of an older version on a read-only file system can still be read
            # (it only lacks the tables that sweeps write, such as claims).
            if "readonly" not in str(error) or not _table_exists(conn, "runs"):
                raise
    _check_version(conn)


def _check_version(conn):
    """Raise ResultsError if `conn` holds a schema version newer than these tools'."""
    if not _table_exists(conn, "meta"):
        return
    row = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
    version = int(row[0]) if row and str(row[0]).isdigit() else 0
    if version > SCHEMA_VERSION:
        raise ResultsError("the database has schema version %d; these tools know version %d "
                           "(update ns3-optical)" % (version, SCHEMA_VERSION))


def _table_exists(conn, name):
    """Return True if the table `name` exists in `conn`."""
    row = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?",
                       (name,)).fetchone()
    return row is not None


@contextlib.contextmanager
def transaction(conn):
    """Run the enclosed writes in one IMMEDIATE transaction (all or nothing).

    IMMEDIATE takes the write lock at the start, so that a busy database makes the
    transaction wait (busy timeout) instead of failing when it upgrades to writing.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def module_version():
    """Return the module version from the VERSION file ('' if unreadable)."""
    try:
        with open(os.path.join(module_root(), "VERSION")) as stream:
            return stream.read().strip()
    except OSError:
        return ""


# ------------------------------------------------------------------------------ runs


def list_runs(conn, program=None, status=None, limit=None):
    """Return the runs (dicts of the runs columns), newest first.

    program and status filter when given; limit caps the number of rows.
    """
    where, args = _run_filter(program, status)
    sql = "SELECT * FROM runs%s ORDER BY id DESC" % where
    if limit is not None:
        sql += " LIMIT %d" % int(limit)
    return [dict(row) for row in conn.execute(sql, args)]


def _run_filter(program, status, alias=""):
    """Return (' WHERE ...', args) selecting runs of `program` with `status` (None: any)."""
    prefix = alias + "." if alias else ""
    clauses, args = [], []
    if program is not None:
        clauses.append(prefix + "program = ?")
        args.append(program)
    if status is not None:
        clauses.append(prefix + "status = ?")
        args.append(status)
    return (" WHERE " + " AND ".join(clauses) if clauses else ""), args


def get_run(conn, run_id):
    """Return one run as a dict, or None if there is no such run.

    Besides the runs columns it has 'parameters' (list of {name, value, kind}), 'metrics'
    (list of {name, value, unit}), 'series' (list of {series, points}) and 'events'
    ({table name: number of rows of this run}).
    """
    row = conn.execute("SELECT * FROM runs WHERE id = ?", (run_id,)).fetchone()
    if row is None:
        return None
    run = dict(row)
    run["parameters"] = [dict(r) for r in conn.execute(
        "SELECT name, value, kind FROM parameters WHERE run_id = ? ORDER BY kind, name",
        (run_id,))]
    run["metrics"] = [dict(r) for r in conn.execute(
        "SELECT name, value, unit FROM metrics WHERE run_id = ? ORDER BY name", (run_id,))]
    run["series"] = [dict(r) for r in conn.execute(
        "SELECT series, COUNT(*) AS points FROM series WHERE run_id = ? "
        "GROUP BY series ORDER BY series", (run_id,))]
    run["events"] = {}
    for table in event_tables(conn):
        count = conn.execute("SELECT COUNT(*) FROM %s WHERE run_id = ?" % table,
                             (run_id,)).fetchone()[0]
        run["events"][table] = count
    return run


def run_parameters(conn, run_id, bookkeeping=True):
    """Return {name: value} of the parameters of a run (without the bookkeeping options
    results, sweepKey, progress and RngRun when bookkeeping is False)."""
    rows = conn.execute("SELECT name, value FROM parameters WHERE run_id = ?", (run_id,))
    return {name: value for name, value in rows
            if bookkeeping or name not in BOOKKEEPING_PARAMETERS}


def event_tables(conn):
    """Return the names of the per-event tables (ev_<name>) that exist in the database."""
    rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                        "AND name LIKE 'ev\\_%' ESCAPE '\\' ORDER BY name")
    return [name for (name,) in rows if _IDENTIFIER.match(name)]


# ------------------------------------------------------------------------------ results


def _parameters_by_run(conn, run_ids):
    """Return {run id: {name: value}} (without bookkeeping options) for `run_ids`."""
    result = {run_id: {} for run_id in run_ids}
    ids = sorted(result)
    for start in range(0, len(ids), 500):
        chunk = ids[start:start + 500]
        rows = conn.execute("SELECT run_id, name, value FROM parameters WHERE run_id IN (%s)"
                            % ",".join("?" * len(chunk)), chunk)
        for run_id, name, value in rows:
            if name not in BOOKKEEPING_PARAMETERS:
                result[run_id][name] = value
    return result


def _name_filter(column, names):
    """Return (' AND column IN (...)', args) for a list of names, or ('', []) for None."""
    if names is None:
        return "", []
    names = [names] if isinstance(names, str) else list(names)
    return " AND %s IN (%s)" % (column, ",".join("?" * len(names))), names


def metrics(conn, program=None, names=None, status="ok"):
    """Return the metrics of the runs of `program` (all programs if None) with `status`
    ('ok' by default; None for any status) as a list of dicts:

        {run_id, program, rng_run, sweep_key, parameters: {name: value}, name, value, unit}

    names restricts to these metric names (a string or a list). parameters leaves out the
    bookkeeping options (results, sweepKey, progress, RngRun). Ordered by run id, then name.
    """
    where, args = _run_filter(program, status, "r")
    names_sql, names_args = _name_filter("m.name", names)
    sql = ("SELECT r.id AS run_id, r.program, r.rng_run, r.sweep_key, m.name, m.value, "
           "m.unit FROM metrics m JOIN runs r ON r.id = m.run_id%s%s ORDER BY r.id, m.name"
           % (where or " WHERE 1", names_sql))
    rows = [dict(row) for row in conn.execute(sql, args + names_args)]
    return _attach_parameters(conn, rows)


def series(conn, program=None, names=None, status="ok"):
    """Return the series points of the runs of `program` (all if None) with `status`
    ('ok' by default; None for any) as a list of dicts:

        {run_id, program, rng_run, sweep_key, parameters: {name: value}, series, x, y}

    names restricts to these series names. Ordered by run id, series, then insertion order.
    """
    where, args = _run_filter(program, status, "r")
    names_sql, names_args = _name_filter("s.series", names)
    sql = ("SELECT r.id AS run_id, r.program, r.rng_run, r.sweep_key, s.series, s.x, s.y "
           "FROM series s JOIN runs r ON r.id = s.run_id%s%s ORDER BY r.id, s.series, s.rowid"
           % (where or " WHERE 1", names_sql))
    rows = [dict(row) for row in conn.execute(sql, args + names_args)]
    return _attach_parameters(conn, rows)


def _attach_parameters(conn, rows):
    """Add the 'parameters' dict of its run to every row; return the rows."""
    by_run = _parameters_by_run(conn, {row["run_id"] for row in rows})
    for row in rows:
        row["parameters"] = by_run[row["run_id"]]
    return rows


def export_csv(conn, what, stream, program=None, names=None, status="ok"):
    """Write metrics or series (`what`) as CSV to the text stream `stream`; return the
    number of data rows.

    Columns: run_id, program, rng_run, one column per parameter (sorted; named
    'param_<name>' if the name clashes with another column), then name, value, unit for
    metrics or series, x, y for series.
    """
    if what == "metrics":
        rows, tail = metrics(conn, program, names, status), ["name", "value", "unit"]
    elif what == "series":
        rows, tail = series(conn, program, names, status), ["series", "x", "y"]
    else:
        raise ResultsError("cannot export %r: expected 'metrics' or 'series'" % what)
    head = ["run_id", "program", "rng_run"]
    parameter_names = sorted({name for row in rows for name in row["parameters"]})
    taken = set(head + tail)
    columns = [("param_" + name if name in taken else name) for name in parameter_names]
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(head + columns + tail)
    for row in rows:
        writer.writerow([row[key] for key in head]
                        + [row["parameters"].get(name, "") for name in parameter_names]
                        + [_csv_value(row[key]) for key in tail])
    return len(rows)


def _csv_value(value):
    """Return `value` for CSV: floats in repr form (round trip), None as ''."""
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value)
    return value


# ------------------------------------------------------------------------------ sweeps


def completed_keys(conn, program=None):
    """Return the set of sweep keys of runs of `program` (any if None) with status 'ok'."""
    where, args = _run_filter(program, "ok")
    rows = conn.execute("SELECT DISTINCT sweep_key FROM runs%s AND sweep_key IS NOT NULL"
                        % where, args)
    return {key for (key,) in rows}


def last_run_id(conn, sweep_key):
    """Return the highest run id recorded with `sweep_key` (0 if none)."""
    row = conn.execute("SELECT MAX(id) FROM runs WHERE sweep_key = ?", (sweep_key,)).fetchone()
    return row[0] or 0


def runs_since(conn, sweep_key, after_id):
    """Return the runs (dicts) recorded with `sweep_key` whose id is above `after_id`."""
    rows = conn.execute("SELECT * FROM runs WHERE sweep_key = ? AND id > ? ORDER BY id",
                        (sweep_key, after_id))
    return [dict(row) for row in rows]


def record_failed(conn, program, sweep_key, rng_run, command_line, started_at, message,
                  after_id=0, wall_seconds=None):
    """Record that the attempt of a sweep run (`sweep_key`) failed; return its run id.

    The runs the attempt created (id above `after_id`) that are not already 'failed' (a
    crashed program leaves its run 'running'; a program that ended 'ok' but exited with an
    error is not trusted) become 'failed' with `message`; a run the program itself marked
    'failed' keeps its message, followed by `message`. If the attempt created no run (the
    program failed before starting one), a 'failed' run is inserted. wall_seconds (the
    attempt's duration, measured by the caller) is stored where the run has none.
    """
    ended_at = utc_now()
    if wall_seconds is None:
        wall_seconds = _seconds_between(started_at, ended_at)
    with transaction(conn):
        rows = runs_since(conn, sweep_key, after_id)
        for row in rows:
            text = message
            if row["status"] == "failed" and row["message"]:
                text = "%s\n%s" % (row["message"], message)
            conn.execute("UPDATE runs SET status = 'failed', message = ?, "
                         "ended_at = COALESCE(ended_at, ?), "
                         "wall_seconds = COALESCE(wall_seconds, ?) WHERE id = ?",
                         (text, ended_at, wall_seconds, row["id"]))
        if rows:
            return rows[-1]["id"]
        cursor = conn.execute(
            "INSERT INTO runs (program, status, sweep_key, rng_run, version, host, "
            "command_line, started_at, ended_at, wall_seconds, message) "
            "VALUES (?, 'failed', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (program, sweep_key, rng_run, module_version(), socket.gethostname(),
             command_line, started_at, ended_at, wall_seconds, message))
        return cursor.lastrowid


def _seconds_between(start, end):
    """Return the seconds between two utc_now() texts (None if either cannot be parsed)."""
    try:
        parse = [datetime.datetime.strptime(t.rstrip("Z"), "%Y-%m-%dT%H:%M:%S.%f")
                 for t in (start, end)]
    except (ValueError, AttributeError):
        return None
    return (parse[1] - parse[0]).total_seconds()


# ------------------------------------------------------------------------------ claims


def process_start(pid):
    """Return the start time of process `pid` as the text of field 22 of /proc/PID/stat
    (clock ticks since boot), '' where /proc cannot tell (not Linux), or None if there is no
    such process."""
    try:
        with open("/proc/%d/stat" % int(pid)) as stream:
            text = stream.read()
        return text[text.rindex(")") + 2:].split()[19]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, IndexError):
        pass
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return None
    except OSError:
        pass
    return ""


def _boot_time():
    """Return the boot time (epoch seconds) from /proc/stat, or None."""
    try:
        with open("/proc/stat") as stream:
            for line in stream:
                if line.startswith("btime "):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return None


def process_matches(pid, start):
    """Return True if process `pid` exists and is the one that started at `start` (a
    process_start() text; '' or None: any process with that id)."""
    if pid is None:
        return False
    now = process_start(pid)
    return now is not None and (not start or not now or now == start)


def process_began_by(pid, iso_time):
    """Return True if process `pid` exists and started no later than `iso_time` (a
    utc_now() text, with 2 s of slack): the process that recorded a run then, not a later
    one that reuses its id."""
    start = process_start(pid) if pid is not None else None
    if start is None:
        return False
    boot = _boot_time()
    moment = _parse_time(iso_time)
    if not start or boot is None or moment is None:
        return True
    ticks = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    started = boot + int(start) / float(ticks)
    return started <= moment + 2.0


def _parse_time(text):
    """Return a utc_now() text as epoch seconds (None if it cannot be parsed)."""
    try:
        moment = datetime.datetime.strptime(text.rstrip("Z"), "%Y-%m-%dT%H:%M:%S.%f")
    except (ValueError, AttributeError):
        return None
    return moment.replace(tzinfo=datetime.timezone.utc).timestamp()


def claim_is_live(claim, host=None, now=None):
    """Return True if the claim (a claims row, as a dict) still holds: on this host (`host`,
    default this machine's name) while its sweep process or the program it started exists;
    elsewhere, and for Slurm claims, until lease_seconds after its last heartbeat."""
    host = host or socket.gethostname()
    now = time.time() if now is None else now
    if claim["host"] == host and claim["pid"] is not None:
        return (process_matches(claim["pid"], claim["pid_start"])
                or process_matches(claim["run_pid"], claim["run_pid_start"]))
    heartbeat = _parse_time(claim["heartbeat_at"])
    return heartbeat is not None and now < heartbeat + float(claim["lease_seconds"])


def describe_claim(claim):
    """Return who holds a claim, e.g. 'a local sweep (pid 123 on node1) since ...'."""
    if claim["executor"] == "slurm":
        return ("a Slurm job array written on %s (claims last %g h; `utils/sweep.py ... "
                "--release-claims` drops them)" % (claim["claimed_at"],
                                                    float(claim["lease_seconds"]) / 3600))
    who = "pid %s on %s" % (claim["pid"], claim["host"])
    if claim["run_pid"]:
        who += ", program pid %s" % claim["run_pid"]
    return "a %s sweep (%s) since %s" % (claim["executor"], who, claim["claimed_at"])


def release_done_claims(conn):
    """Delete the claims of keys that have an 'ok' run (left by claimants that died after
    recording); return how many."""
    with transaction(conn):
        return conn.execute("DELETE FROM claims WHERE sweep_key IN (SELECT sweep_key FROM "
                            "runs WHERE status = 'ok' AND sweep_key IS NOT NULL)").rowcount


def claim_key(conn, sweep_key, program, claimant, executor, lease_seconds, pid=None,
              pid_start=None, host=None):
    """Claim `sweep_key` for `claimant`, in one IMMEDIATE transaction; return (state, info):

        ('claimed', after_run_id): the caller runs it; after_run_id is the highest run id
            of the key before (its runs are those above it)
        ('done', run id): an 'ok' run of the key exists
        ('elsewhere', text): a live claimant holds it (see claim_is_live), or a program
            recorded a 'running' run of it whose process still exists on this host

    A stale claim (its claimant gone) is taken over; 'running' runs of the key whose process
    is gone from this host become 'failed' on the way (the store could not mark them: SIGKILL,
    power loss). pid/pid_start name the claiming process (None for Slurm claims).
    """
    host = host or socket.gethostname()
    now = utc_now()
    with transaction(conn):
        row = conn.execute("SELECT id FROM runs WHERE sweep_key = ? AND status = 'ok' "
                           "ORDER BY id LIMIT 1", (sweep_key,)).fetchone()
        if row is not None:
            conn.execute("DELETE FROM claims WHERE sweep_key = ?", (sweep_key,))
            return "done", row[0]
        claim = conn.execute("SELECT * FROM claims WHERE sweep_key = ?",
                             (sweep_key,)).fetchone()
        if claim is not None and claim["claimant"] != claimant and \
                claim_is_live(dict(claim), host):
            return "elsewhere", describe_claim(dict(claim))
        for run in conn.execute("SELECT id, host, pid, started_at FROM runs WHERE "
                                "sweep_key = ? AND status = 'running'", (sweep_key,)).fetchall():
            if run["host"] != host:
                continue  # another machine's process: its own claim says whether it lives
            if process_began_by(run["pid"], run["started_at"]):
                return "elsewhere", ("run %d, still running as pid %s on %s"
                                     % (run["id"], run["pid"], host))
            conn.execute("UPDATE runs SET status = 'failed', message = ?, ended_at = ? "
                         "WHERE id = ?",
                         ("its process (pid %s) ended without finishing the run (killed "
                          "by SIGKILL, or the machine stopped); found by a sweep taking over "
                          "its key" % run["pid"], now, run["id"]))
        after = conn.execute("SELECT COALESCE(MAX(id), 0) FROM runs WHERE sweep_key = ?",
                             (sweep_key,)).fetchone()[0]
        conn.execute("INSERT OR REPLACE INTO claims (sweep_key, program, claimant, executor, "
                     "host, pid, pid_start, run_pid, run_pid_start, after_run_id, claimed_at, "
                     "heartbeat_at, lease_seconds) VALUES (?,?,?,?,?,?,?,NULL,NULL,?,?,?,?)",
                     (sweep_key, program, claimant, executor, host, pid, pid_start, after,
                      now, now, float(lease_seconds)))
        return "claimed", after


def claim_started(conn, sweep_key, claimant, run_pid):
    """Record the program a claimant started for its claimed key (pid and start time)."""
    with transaction(conn):
        conn.execute("UPDATE claims SET run_pid = ?, run_pid_start = ? WHERE sweep_key = ? "
                     "AND claimant = ?", (run_pid, process_start(run_pid), sweep_key,
                                          claimant))


def release_claims(conn, claimant=None, keys=None, executor=None):
    """Delete claims: those of `claimant` (any if None), of the sweep keys `keys` (any if
    None) and of `executor` (any if None); return how many."""
    clauses, args = [], []
    if claimant is not None:
        clauses.append("claimant = ?")
        args.append(claimant)
    if executor is not None:
        clauses.append("executor = ?")
        args.append(executor)
    where = " WHERE " + " AND ".join(clauses) if clauses else ""
    with transaction(conn):
        if keys is None:
            return conn.execute("DELETE FROM claims" + where, args).rowcount
        count = 0
        for key in keys:
            count += conn.execute("DELETE FROM claims%s%s sweep_key = ?"
                                  % (where, " AND" if where else " WHERE"),
                                  args + [key]).rowcount
        return count


def heartbeat_claims(conn, claimant):
    """Refresh the heartbeat of every claim of `claimant`."""
    with transaction(conn):
        conn.execute("UPDATE claims SET heartbeat_at = ? WHERE claimant = ?",
                     (utc_now(), claimant))


def live_claims(conn, keys, host=None):
    """Return {sweep key: description} of the keys of `keys` held by a live claim."""
    held = {}
    keys = list(keys)
    for start in range(0, len(keys), 500):
        chunk = keys[start:start + 500]
        for claim in conn.execute("SELECT * FROM claims WHERE sweep_key IN (%s)"
                                  % ",".join("?" * len(chunk)), chunk):
            claim = dict(claim)
            if claim_is_live(claim, host):
                held[claim["sweep_key"]] = describe_claim(claim)
    return held


# ------------------------------------------------------------------------------ copying runs


def dump_run(conn, run_id):
    """Return a run and everything recorded for it as plain Python data (picklable):

        {"run": {runs columns}, "parameters": [(name, value, kind)],
         "metrics": [(name, value, unit)], "series": [(series, x, y)],
         "events": {table: {"declared": columns text or None,
                            "columns": [names after run_id], "rows": [tuple]}}}

    Raises ResultsError if there is no such run.
    """
    row = conn.execute("SELECT * FROM runs WHERE id = ?", (run_id,)).fetchone()
    if row is None:
        raise ResultsError("no run %s" % run_id)
    dump = {
        "run": dict(row),
        "parameters": [tuple(r) for r in conn.execute(
            "SELECT name, value, kind FROM parameters WHERE run_id = ?", (run_id,))],
        "metrics": [tuple(r) for r in conn.execute(
            "SELECT name, value, unit FROM metrics WHERE run_id = ?", (run_id,))],
        "series": [tuple(r) for r in conn.execute(
            "SELECT series, x, y FROM series WHERE run_id = ? ORDER BY rowid", (run_id,))],
        "events": {},
    }
    declared = {name: columns for name, columns in
                conn.execute("SELECT name, columns FROM event_tables")}
    for table in event_tables(conn):
        columns = [c for c in _table_columns(conn, table) if c != "run_id"]
        rows = [tuple(r) for r in conn.execute(
            "SELECT %s FROM %s WHERE run_id = ? ORDER BY rowid"
            % (", ".join(columns) or "run_id", table), (run_id,))]
        if rows:
            dump["events"][table] = {"declared": _declared_columns(declared, table),
                                     "columns": columns, "rows": rows}
    return dump


def _declared_columns(declared, table):
    """Return the event_tables entry of `table` (registered with or without 'ev_')."""
    return declared.get(table, declared.get(table[3:]))


def _table_columns(conn, table):
    """Return the column names of `table`, in order."""
    return [r[1] for r in conn.execute("PRAGMA table_info(%s)" % table)]


def merge_run(conn, dump, status=None, message=None):
    """Insert a run dumped by dump_run() into `conn` in one transaction; return its new id.

    status and message, when given, replace the dumped ones (the sweep runner marks a
    crashed run 'failed'). Per-event tables missing in `conn` are created.
    """
    run = dict(dump["run"])
    run.pop("id", None)
    if status is not None:
        run["status"] = status
    if message is not None:
        run["message"] = message
    columns = [c for c in run_columns() if c != "id" and c in run]
    with transaction(conn):
        cursor = conn.execute("INSERT INTO runs (%s) VALUES (%s)"
                              % (", ".join(columns), ", ".join("?" * len(columns))),
                              [run[c] for c in columns])
        run_id = cursor.lastrowid
        conn.executemany("INSERT INTO parameters (run_id, name, value, kind) VALUES (?,?,?,?)",
                         [(run_id,) + tuple(p) for p in dump["parameters"]])
        conn.executemany("INSERT INTO metrics (run_id, name, value, unit) VALUES (?,?,?,?)",
                         [(run_id,) + tuple(m) for m in dump["metrics"]])
        conn.executemany("INSERT INTO series (run_id, series, x, y) VALUES (?,?,?,?)",
                         [(run_id,) + tuple(s) for s in dump["series"]])
        for table, events in sorted(dump.get("events", {}).items()):
            _merge_events(conn, run_id, table, events)
    return run_id


def _merge_events(conn, run_id, table, events):
    """Insert the dumped rows of one per-event table for run `run_id`, creating the table
    (and its event_tables entry) if it does not exist."""
    columns = list(events["columns"])
    for name in [table] + columns:
        if not _IDENTIFIER.match(name):
            raise ResultsError("bad per-event table or column name %r" % name)
    if not _table_exists(conn, table):
        declared = events.get("declared")
        if not declared:
            declared = ", ".join("%s BLOB" % c for c in columns)
        conn.execute("CREATE TABLE %s (run_id INTEGER NOT NULL REFERENCES runs (id) "
                     "ON DELETE CASCADE, %s)" % (table, declared))
        conn.execute("INSERT OR IGNORE INTO event_tables (name, columns) VALUES (?, ?)",
                     (table[3:], declared))
    existing = set(_table_columns(conn, table))
    missing = [c for c in columns if c not in existing]
    if missing:
        raise ResultsError("table %s has no column %s: the databases disagree on its "
                           "columns" % (table, ", ".join(missing)))
    conn.executemany("INSERT INTO %s (run_id, %s) VALUES (?, %s)"
                     % (table, ", ".join(columns), ", ".join("?" * len(columns))),
                     [(run_id,) + tuple(r) for r in events["rows"]])


def already_merged(conn, run):
    """Return True if `conn` already holds the run `run` (a runs dict from elsewhere):
    an 'ok' run with its sweep key, or a run with the same program, host, pid, start time,
    seed and command line (the same process)."""
    if run.get("sweep_key"):
        row = conn.execute("SELECT 1 FROM runs WHERE sweep_key = ? AND status = 'ok'",
                           (run["sweep_key"],)).fetchone()
        if row is not None:
            return True
    row = conn.execute("SELECT 1 FROM runs WHERE program = ? AND host IS ? AND pid IS ? "
                       "AND started_at = ? AND rng_run IS ? AND command_line IS ? "
                       "AND sweep_key IS ?",
                       (run["program"], run.get("host"), run.get("pid"), run["started_at"],
                        run.get("rng_run"), run.get("command_line"),
                        run.get("sweep_key"))).fetchone()
    return row is not None


def merge_database(conn, source_path):
    """Copy the 'ok' runs of the database `source_path` into `conn`, skipping runs `conn`
    already holds (see already_merged); return (list of new run ids, number skipped).

    The Slurm claims (see claim_key) of the sweep keys that `source_path` holds a finished
    run of ('ok' or 'failed': its array task ended) are released, so that a new script
    covers the failed ones."""
    if os.path.realpath(source_path) == os.path.realpath(conn_path(conn) or ""):
        raise ResultsError("cannot merge %s into itself" % source_path)
    source = open_source(source_path)
    try:
        merged, skipped = [], 0
        ids = [r[0] for r in source.execute("SELECT id FROM runs WHERE status = 'ok' "
                                            "ORDER BY id")]
        for run_id in ids:
            dump = dump_run(source, run_id)
            if already_merged(conn, dump["run"]):
                skipped += 1
            else:
                merged.append(merge_run(conn, dump))
        finished = [k for (k,) in source.execute(
            "SELECT DISTINCT sweep_key FROM runs WHERE status IN ('ok', 'failed') "
            "AND sweep_key IS NOT NULL")]
        if finished and _table_exists(conn, "claims"):
            release_claims(conn, keys=finished, executor="slurm")
        return merged, skipped
    finally:
        source.close()


def open_source(path):
    """Open an existing results database to read runs from it, without changing it (no
    schema is created); raise ResultsError if it is not one."""
    if not os.path.exists(path):
        raise ResultsError("no results database %s" % path)
    check_database_file(path)
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000.0, isolation_level=None)
    except sqlite3.DatabaseError as error:
        raise ResultsError("cannot open %s: %s" % (path, error))
    conn.row_factory = sqlite3.Row
    try:
        missing = [t for t in ("runs", "parameters", "metrics", "series")
                   if not _table_exists(conn, t)]
    except sqlite3.DatabaseError as error:
        conn.close()
        raise _database_error(path, error)
    if missing:
        conn.close()
        raise ResultsError("%s is not a results database (no table %s)"
                           % (path, ", ".join(missing)))
    return conn


def conn_path(conn):
    """Return the file of the main database of `conn` ('' for an in-memory one)."""
    for row in conn.execute("PRAGMA database_list"):
        if row[1] == "main":
            return row[2] or ""
    return ""
