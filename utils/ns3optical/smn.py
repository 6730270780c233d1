"""Python access to the ns3-optical SMN repository (a software-managed network's central store).

The schema is defined once, in data/smn-schema.sql, and the operators' questions once, as
named queries in data/smn-queries.sql; both are read here and by the C++ SmnRepository
(model/smn/smn-repository.cc), so both languages answer with the same SQL. The tables may live
in the results store's database file or in one of their own.

API:

    connect(db_path, create=False)                     -> sqlite3.Connection
    networks(conn)                                     -> [{'id', 'name', 'run_id'}]
    network_id(conn, name)                             -> id of the latest network of that name
    dependents(conn, network, component, at=None)      -> [component dict]
    dependencies(conn, network, component, at=None)    -> [component dict]
    events(conn, network, component, t1, t2)           -> [event dict]
    services_crossing(conn, network, component, at)    -> [component dict]

A component dict has name, kind, layer, team and detail; an event dict time, kind, value and
detail. Times are simulated seconds. An unknown network or component raises ValueError naming
it. Only the Python standard library is used.
"""

import os
import re
import sqlite3

DATA_DIR = os.environ.get(
    "NS3_OPTICAL_DATA_DIR",
    os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__)))),
                 "data"))
SCHEMA_FILE = "smn-schema.sql"
QUERIES_FILE = "smn-queries.sql"
_MARKER = "-- query:"


def _read(name):
    with open(os.path.join(DATA_DIR, name), encoding="utf-8") as f:
        return f.read()


def named_queries(text=None):
    """Return {name: SQL} of the named queries file (or of `text`)."""
    text = _read(QUERIES_FILE) if text is None else text
    queries = {}
    name = None
    for line in text.splitlines():
        if line.startswith(_MARKER):
            name = line[len(_MARKER):].strip()
            queries[name] = ""
        elif name is not None and not line.startswith("--"):
            queries[name] += line + "\n"
    return queries


def connect(db_path, create=False):
    """Open a database; with create, make the SMN tables when they are missing."""
    if not create and not os.path.isfile(db_path):
        raise ValueError(f"no SMN repository at '{db_path}'")
    conn = sqlite3.connect(db_path)
    conn.row_factory = sqlite3.Row
    if create:
        conn.executescript(_read(SCHEMA_FILE))
    return conn


def networks(conn):
    """Every network described in the database, oldest first."""
    return [dict(r) for r in conn.execute("SELECT id, name, run_id FROM smn_networks ORDER BY id")]


def network_id(conn, name):
    """The id of the latest network called `name`."""
    row = conn.execute("SELECT MAX(id) FROM smn_networks WHERE name = ?", (name,)).fetchone()
    if row[0] is None:
        raise ValueError(f"unknown SMN network '{name}'")
    return row[0]


def _component_id(conn, network, component):
    row = conn.execute("SELECT id FROM smn_components WHERE network_id = ? AND name = ?",
                       (network, component)).fetchone()
    if row is None:
        raise ValueError(f"unknown component '{component}' in SMN network {network}")
    return row[0]


_QUERIES = None


def _query(name):
    global _QUERIES
    if _QUERIES is None:
        _QUERIES = named_queries()
    return _QUERIES[name]


def dependents(conn, network, component, at=None):
    """Everything that depends on `component` (transitively), by relations holding at `at`."""
    cid = _component_id(conn, network, component)
    return [dict(r) for r in conn.execute(_query("dependents"), {"component": cid, "at": at})]


def dependencies(conn, network, component, at=None):
    """Everything `component` depends on (transitively), by relations holding at `at`."""
    cid = _component_id(conn, network, component)
    return [dict(r) for r in conn.execute(_query("dependencies"), {"component": cid, "at": at})]


def events(conn, network, component, t1, t2):
    """What `component` reported between t1 and t2 (inclusive), in time order."""
    if t2 < t1:
        raise ValueError(f"events of '{component}': the end {t2} s is before the start {t1} s")
    cid = _component_id(conn, network, component)
    return [dict(r) for r in conn.execute(_query("events"),
                                          {"component": cid, "t1": t1, "t2": t2})]


def services_crossing(conn, network, component, at):
    """The services that crossed `component` at time `at`."""
    return [c for c in dependents(conn, network, component, at) if c["kind"] == "service"]


def statement_names(sql):
    """The :parameters of an SQL text (for checks)."""
    return sorted(set(re.findall(r":([a-z_0-9]+)", sql)))
