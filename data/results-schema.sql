-- ns3-optical results store: the one definition of its schema, read by the C++ ResultsStore
-- (model/results/results-store.cc) and by the Python tools (utils/ns3optical/results.py).
-- The per-event tables ev_<name> and their columns are declared in results-event-tables.txt.
-- Every statement is idempotent; statements are separated by semicolons at line ends.
-- Schema version 1. Documented in doc/optical.rst, section "Results store".

CREATE TABLE IF NOT EXISTS meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT OR IGNORE INTO meta (key, value) VALUES ('schema_version', '1');

-- One row per run of a program. A run is 'running' from its start until it ends 'ok' or
-- 'failed'; a run that crashed stays 'running' (or is marked 'failed' by the sweep runner).
-- Only runs with status 'ok' have complete metrics.
CREATE TABLE IF NOT EXISTS runs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    program      TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('running', 'ok', 'failed')),
    sweep_key    TEXT,            -- set by the sweep runner: identifies a grid point and seed
    rng_seed     INTEGER,         -- ns-3 RngSeed
    rng_run      INTEGER,         -- ns-3 RngRun
    version      TEXT,            -- module version (git describe when available)
    host         TEXT,
    pid          INTEGER,
    command_line TEXT,            -- the program's arguments, as given
    started_at   TEXT NOT NULL,   -- UTC, ISO 8601
    ended_at     TEXT,
    wall_seconds REAL,
    message      TEXT             -- why a run failed (for example the tail of its stderr)
);
CREATE INDEX IF NOT EXISTS runs_program ON runs (program, status);
CREATE INDEX IF NOT EXISTS runs_sweep_key ON runs (sweep_key);

-- Every CommandLine value of the run (kind 'cli', with its value after parsing, defaults
-- included), the attribute defaults and global values changed on the command line (kind
-- 'attribute' and 'global').
CREATE TABLE IF NOT EXISTS parameters (
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    value  TEXT NOT NULL,
    kind   TEXT NOT NULL CHECK (kind IN ('cli', 'attribute', 'global')),
    PRIMARY KEY (run_id, name)
);

-- Scalar results: one value per (run, name).
CREATE TABLE IF NOT EXISTS metrics (
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    name   TEXT NOT NULL,
    value  REAL,
    unit   TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (run_id, name)
);

-- Curves: points (x, y) of named series.
CREATE TABLE IF NOT EXISTS series (
    run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
    series TEXT NOT NULL,
    x      REAL NOT NULL,
    y      REAL
);
CREATE INDEX IF NOT EXISTS series_run ON series (run_id, series);

-- Per-event tables that models create through ResultsStore::CreateEventTable: each is a table
-- named 'ev_<name>' whose first column is run_id; this table lists them and their columns.
CREATE TABLE IF NOT EXISTS event_tables (
    name    TEXT PRIMARY KEY,
    columns TEXT NOT NULL         -- 'col TYPE, col TYPE, ...' (types: INTEGER, REAL, TEXT)
);

-- Sweep claims: a sweep claims a grid point and seed (its sweep key) before it runs it, in an
-- IMMEDIATE transaction, and releases the claim once the run is recorded. A key that is
-- claimed by a live claimant, or has an 'ok' run, is not run again by another sweep. A claim
-- is live while its sweep process (pid, on host) or the program it started (run_pid) exists,
-- judged on the claimant's host by process ids and start times, and elsewhere by the lease:
-- the claimant refreshes heartbeat_at; lease_seconds after the last heartbeat the claim is
-- stale. Slurm job-array claims have no process: they last lease_seconds after claimed_at.
CREATE TABLE IF NOT EXISTS claims (
    sweep_key     TEXT PRIMARY KEY,
    program       TEXT NOT NULL,
    claimant      TEXT NOT NULL,  -- random token of the claiming sweep (one per sweep process)
    executor      TEXT NOT NULL,  -- 'local', 'dask' or 'slurm'
    host          TEXT NOT NULL,
    pid           INTEGER,        -- the sweep process (NULL for Slurm claims)
    pid_start     TEXT,           -- its start time (/proc/PID/stat), against reused pids
    run_pid       INTEGER,        -- the program the sweep started for this key, once started
    run_pid_start TEXT,
    after_run_id  INTEGER NOT NULL DEFAULT 0, -- the highest run id of the key when claimed
    claimed_at    TEXT NOT NULL,  -- UTC, ISO 8601
    heartbeat_at  TEXT NOT NULL,  -- UTC, ISO 8601: refreshed while the claimant lives
    lease_seconds REAL NOT NULL   -- a claim not refreshed for this long is stale
);
