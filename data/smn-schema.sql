-- ns3-optical SMN repository: one store of a network's state across layers 1 to 7 (a software
-- managed network's central repository). The one definition of its schema, read by the C++
-- SmnRepository (model/smn/smn-repository.cc) and by the Python tools (utils/ns3optical/smn.py).
-- The tables may live in the results store's database file (every row carries its network) or
-- in a file of their own. Every statement is idempotent; statements end with a semicolon at a
-- line end. Documented in doc/optical.rst, section "Software-managed network repository".

-- One row per network described (a run of a program may describe one; run_id links it to the
-- results store's runs when both share a file, else it is 0).
CREATE TABLE IF NOT EXISTS smn_networks (
    id       INTEGER PRIMARY KEY AUTOINCREMENT,
    name     TEXT NOT NULL,
    run_id   INTEGER NOT NULL DEFAULT 0
);

-- Inventory: every component of every layer, named uniquely within its network, with the team
-- that owns it. layer: 1 physical and optical (fibres, amplifiers, ROADMs, transponders,
-- wavelengths, OCSes and their ports), 3 IP (routers, line cards, IP links, routes),
-- 7 compute and services (servers, accelerators, jobs, tenants, services).
CREATE TABLE IF NOT EXISTS smn_components (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    network_id INTEGER NOT NULL REFERENCES smn_networks (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    kind       TEXT NOT NULL,
    layer      INTEGER NOT NULL CHECK (layer IN (1, 3, 7)),
    team       TEXT NOT NULL,
    detail     TEXT NOT NULL DEFAULT '',
    UNIQUE (network_id, name)
);
CREATE INDEX IF NOT EXISTS smn_components_kind ON smn_components (network_id, kind);

-- Relations: `dependent` depends on `dependency` (a wavelength rides on a fibre, an IP link on
-- a wavelength, a route over IP links, a service over routes, a job on accelerators) from
-- `since` until `until` (simulated seconds; until NULL: still holds).
CREATE TABLE IF NOT EXISTS smn_relations (
    network_id INTEGER NOT NULL REFERENCES smn_networks (id) ON DELETE CASCADE,
    dependent  INTEGER NOT NULL REFERENCES smn_components (id),
    dependency INTEGER NOT NULL REFERENCES smn_components (id),
    kind       TEXT NOT NULL,
    since      REAL NOT NULL,
    until      REAL,
    CHECK (dependent <> dependency),
    CHECK (until IS NULL OR until >= since)
);
CREATE INDEX IF NOT EXISTS smn_relations_dependency ON smn_relations (dependency);
CREATE INDEX IF NOT EXISTS smn_relations_dependent ON smn_relations (dependent);

-- Time-stamped events reported by components (simulated seconds): rate changes, links down and
-- up, circuit changes, failures, TE decisions, slice allocations, alarms.
CREATE TABLE IF NOT EXISTS smn_events (
    network_id INTEGER NOT NULL REFERENCES smn_networks (id) ON DELETE CASCADE,
    time       REAL NOT NULL,
    component  INTEGER NOT NULL REFERENCES smn_components (id),
    kind       TEXT NOT NULL,
    value      REAL,
    detail     TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS smn_events_component ON smn_events (component, time);
