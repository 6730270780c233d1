"""Parameter sweeps of ns3-optical programs, recorded in the results store.

Runs one program (a name of <build-dir>/programs.txt) over the Cartesian product of a grid of
parameter values, each grid point with the seeds RngRun = 1..N (--runs N). Every run gets
--results=DB, --sweepKey=KEY (identifying its grid point and seed), --progress=0 and
--RngRun=SEED, besides the grid and fixed values, and records itself in the database.

    utils/sweep.py ocs-reconfiguration --param reconfigDelay=0.001,0.01,0.1 \\
        --param policy=drop,drain --set duration=0.5 --runs 5 -j 4
    ./ns3 sweep ocs-reconfiguration ...        (builds the program first)

Parameters: --param NAME=V1,V2,... (repeatable) gives a grid dimension; --grid FILE.json
gives dimensions as {"NAME": [V1, V2, ...]} (use it for values containing commas); --set
NAME=VALUE (repeatable) fixes a value. Values are passed to the program as given and are
part of the run's key. Before any run starts, the names are checked against the program's
--PrintHelp (program options), --PrintGlobals (ns-3 global values) and, for names like
ns3::Type::Attribute, --PrintAttributes=ns3::Type.

Resuming: a grid point and seed counts as done iff the database holds a run with its sweep
key and status 'ok'; done runs are skipped, so rerunning an interrupted (or partly failed)
sweep runs only what is missing. A run that fails (nonzero exit, crash, timeout, or no 'ok'
run recorded) is recorded as 'failed' with the tail of its stderr and the sweep goes on; the
sweep exits with status 1 and a summary when any run failed (2 on bad input, 130 when
interrupted).

Claims: a sweep claims each run's key just before running it (table claims, one IMMEDIATE
transaction: see ns3optical.results.claim_key) and releases it once the run is recorded, so a
resumed sweep or two identical sweeps at once never run a key that is running or done. A key
held by a live claimant is skipped and counted as 'running elsewhere' in the summary (rerun the
sweep once those end). On the claiming host a claim lives while its sweep process or the
program it started exists (pids and their start times: the programs of a SIGKILLed sweep keep
their keys until they end); seen from another host, until --claim-lease seconds (default 120)
after the sweep's last heartbeat. Keys whose claimant and program are gone are taken over, and
their 'running' rows marked 'failed'. A written Slurm script claims its tasks' keys for
--slurm-lease seconds (default 7 days); merging their task databases releases them, and
--release-claims drops them after a cancelled job. Progress goes to stderr: a progress bar with ETA on a terminal, one line per
run otherwise (-q: only the summary).

Executors (--executor):

  local (default)
      -j N processes on this machine (default: number of CPUs).

  dask://HOST:PORT
      A Dask distributed cluster: every run is a task that a worker executes; -j is ignored
      (the workers' --nthreads sets how many runs each runs at once). The worker runs the
      program with --results=<temporary database>, then sends the run back (run row,
      parameters, metrics, series, per-event rows) with its exit status and stderr tail;
      this process writes it into the one database, in one transaction per run. Workers
      run the program by the path it has here (<build-dir>/<dir>/<name>), so they need the
      same build at the same path: a shared filesystem, or an identical build directory on
      every node, with the module's data/ directory where the build expects it (or
      NS3_OPTICAL_DATA_DIR set in the workers' environment). The Python code is shipped with
      the tasks: the workers need no copy of utils/. A worker runs each program in
      a temporary working directory, deleted afterwards: files other than the database that
      a program writes are not kept. Start a cluster and point the sweep at it, e.g.:

          dask-scheduler --host 10.0.0.1 --port 8786                 # one node
          dask-worker tcp://10.0.0.1:8786 --nthreads 8 --nworkers 1  # every compute node
          utils/sweep.py PROGRAM ... --executor dask://10.0.0.1:8786

      The workers need Python with the 'distributed' package (Debian: python3-distributed),
      the same version as the client's. If the scheduler cannot be reached within
      --connect-timeout seconds (default 5), the sweep stops before running anything.

  slurm-script  (or --slurm-script FILE)
      Runs nothing: writes a Slurm job-array script (FILE, default sweep-PROGRAM.sbatch) with
      one array task per run still to do, each running the same program command line with
      its own database <slurm-output>/task-<index>.db (SQLite files on network filesystems
      must not be shared by concurrent writers). Submit it, then merge the task databases
      into the main one; merging skips runs already present, and writing the script again
      after a partly failed job covers only the missing runs:

          utils/sweep.py PROGRAM ... --slurm-script sweep.sbatch \\
              --slurm-option=--time=01:00:00 --slurm-option=--partition=compute
          sbatch sweep.sbatch
          utils/results.py --db results/optical.db merge results/slurm-PROGRAM/task-*.db

      The compute nodes need the build and data/ at the same paths (shared filesystem); the
      tasks run in the job's working directory (the submission directory). Slurm limits
      array sizes (MaxArraySize, often 1001): split larger sweeps with --grid files. The
      script's keys are claimed (see Claims) so that a script written again, or a local sweep,
      leaves them out while the job may run.

Python API: run_sweep(program, grid, fixed, runs, db, jobs, executor, build_dir, ...) runs a
sweep and returns a SweepSummary (planned, skipped, ok, failed, failures). Only the Python
standard library is used, except 'distributed' (imported only by the dask executor).
"""

import argparse
import concurrent.futures
import hashlib
import itertools
import json
import os
import re
import shlex
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

from . import ROOT, manifest, process, results
from .process import describe_exit, kill_group, read_tail  # noqa: F401  (this module's API)
from .results import dump_run  # shipped to Dask workers by value
DEFAULT_BUILD_DIR = os.path.join(ROOT, "build")

# Options the sweep runner passes itself: not allowed in grids.
RESERVED = {
    "results": "the sweep passes --results=DB (use --db)",
    "sweepKey": "the sweep computes the key of every run",
    "progress": "the sweep runs programs with --progress=0",
    "RngRun": "the sweep sets RngRun to 1..N (use --runs N)",
}
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*$")
STDERR_TAIL_LINES = process.STDERR_TAIL_LINES
MAX_LISTED_FAILURES = 20
HELP_TIMEOUT = 60
DEFAULT_CLAIM_LEASE = 120.0          # s: a claim outlives its last heartbeat this long
DEFAULT_SLURM_LEASE = 7 * 24 * 3600.0  # s: the claims of a written Slurm script hold this long


class SweepError(Exception):
    """Bad input (grid, program, parameter names, executor): reported before any run."""


# ------------------------------------------------------------------------------ grid


def check_name(name, origin):
    """Raise SweepError unless `name` is a valid, non-reserved parameter name."""
    if not NAME.match(name):
        raise SweepError("%s: bad parameter name %r (expected a program option like "
                         "'reconfigDelay' or an attribute like 'ns3::Type::Name')"
                         % (origin, name))
    if name in RESERVED:
        raise SweepError("%s: %s cannot be set: %s" % (origin, name, RESERVED[name]))


def parse_param(text):
    """Parse --param NAME=V1,V2,... into (name, [values]); raise SweepError if malformed."""
    name, sep, values = text.partition("=")
    origin = "--param %s" % text
    if not sep:
        raise SweepError("%s: expected NAME=V1,V2,..." % origin)
    check_name(name, origin)
    items = values.split(",")
    if values == "" or any(item == "" for item in items):
        raise SweepError("%s: empty value (values are separated by commas; use --grid "
                         "FILE.json for values containing commas)" % origin)
    return name, items


def parse_set(text):
    """Parse --set NAME=VALUE into (name, value); raise SweepError if malformed."""
    name, sep, value = text.partition("=")
    if not sep:
        raise SweepError("--set %s: expected NAME=VALUE" % text)
    check_name(name, "--set %s" % text)
    return name, value


def load_grid_file(path):
    """Read a --grid JSON file {"NAME": [values...]} into {name: [value texts]}.

    Numbers keep their text as written in the file; true/false become 'true'/'false'.
    """
    try:
        with open(path) as stream:
            data = json.load(stream, parse_float=str, parse_int=str,
                             object_pairs_hook=_no_duplicate_keys)
    except OSError as error:
        raise SweepError("--grid %s: %s" % (path, error.strerror))
    except ValueError as error:
        raise SweepError("--grid %s: not valid JSON: %s" % (path, error))
    if not isinstance(data, dict) or not data:
        raise SweepError("--grid %s: expected an object {\"NAME\": [values...]}" % path)
    grid = {}
    for name, values in data.items():
        origin = "--grid %s: %s" % (path, name)
        check_name(name, "--grid %s" % path)
        if not isinstance(values, list) or not values:
            raise SweepError("%s: expected a non-empty list of values" % origin)
        grid[name] = [_json_value_text(value, origin) for value in values]
    return grid


def _no_duplicate_keys(pairs):
    """json object hook: refuse duplicate names."""
    names = [name for name, _ in pairs]
    for name in names:
        if names.count(name) > 1:
            raise ValueError("name %r appears twice" % name)
    return dict(pairs)


def _json_value_text(value, origin):
    """Return the program-argument text of one JSON grid value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    raise SweepError("%s: bad value %s (expected strings, numbers or booleans)"
                     % (origin, json.dumps(value)))


def build_grid(params=(), grid_files=(), sets=()):
    """Return (grid, fixed) from --param texts, --grid files and --set texts.

    grid is {name: [values]} in the order given; fixed is {name: value}. A name given twice
    is an error.
    """
    grid, fixed = {}, {}
    entries = [parse_param(text) for text in params]
    for path in grid_files:
        entries += list(load_grid_file(path).items())
    for name, values in entries:
        if name in grid:
            raise SweepError("parameter %s is given twice" % name)
        grid[name] = values
    for name, value in (parse_set(text) for text in sets):
        if name in grid or name in fixed:
            raise SweepError("parameter %s is given twice" % name)
        fixed[name] = value
    return grid, fixed


# ------------------------------------------------------------------------------ program


def read_programs(build_dir):
    """Return {program name: executable path} from <build_dir>/programs.txt."""
    try:
        return manifest.read_programs(build_dir)
    except manifest.ManifestError as error:
        raise SweepError("no list of programs (%s): configure and build first "
                         "(./ns3 configure && ./ns3 build)" % error.path)


def find_program(build_dir, name):
    """Return the executable of program `name`; raise SweepError if unknown or unbuilt."""
    programs = read_programs(build_dir)
    if name not in programs:
        available = "\n".join("    " + p for p in sorted(programs)) or "    (none)"
        raise SweepError("unknown program '%s'; available programs:\n%s" % (name, available))
    if not os.access(programs[name], os.X_OK):
        raise SweepError("program '%s' is not built (%s): run ./ns3 build %s"
                         % (name, programs[name], name))
    return programs[name]


def program_output(executable, argument):
    """Return the stdout of `executable argument` (a --Print... option)."""
    try:
        result = subprocess.run([executable, argument], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                universal_newlines=True, errors="replace",
                                timeout=HELP_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise SweepError("cannot run %s %s: %s" % (executable, argument, error))
    if result.returncode != 0:
        raise SweepError("%s %s failed (exit status %d): %s"
                         % (executable, argument, result.returncode,
                            result.stderr.strip()[-500:]))
    return result.stdout


def parse_program_options(help_text):
    """Return the option names of the 'Program Options:' section of --PrintHelp output,
    whose lines look like '    --reconfigDelay:  Time a changing circuit ... [0.01]'."""
    names, inside = set(), False
    for line in help_text.splitlines():
        if re.match(r"^\S.*:\s*$", line):
            inside = line.strip() == "Program Options:"
            continue
        match = re.match(r"^\s+--([^\s:=]+):", line)
        if inside and match:
            names.add(match.group(1))
    return names


def parse_printed_values(text):
    """Return the names of '    --NAME=[value]' lines (--PrintGlobals, --PrintAttributes)."""
    return {m.group(1) for m in re.finditer(r"^\s+--([^\s=]+)=", text, re.MULTILINE)}


def check_parameters(program, executable, names):
    """Raise SweepError unless the program accepts every name of `names` and records runs.

    Program options come from --PrintHelp, ns-3 globals from --PrintGlobals and attributes
    (ns3::Type::Attribute) from --PrintAttributes=ns3::Type.
    """
    options = parse_program_options(program_output(executable, "--PrintHelp"))
    missing = [name for name in ("results", "sweepKey") if name not in options]
    if missing:
        raise SweepError("program '%s' does not record its runs in the results store "
                         "(its --PrintHelp has no --%s)" % (program, " or --".join(missing)))
    unknown = [name for name in names if "::" not in name and name not in options]
    if unknown:
        known = parse_printed_values(program_output(executable, "--PrintGlobals"))
        unknown = [name for name in unknown if name not in known]
    if unknown:
        raise SweepError("program '%s' has no option %s; its options are:\n%s"
                         % (program, ", ".join("--" + n for n in unknown),
                            "\n".join("    --" + o for o in sorted(options)
                                      if o not in RESERVED)))
    for type_id in sorted({name.rsplit("::", 1)[0] for name in names if "::" in name}):
        check_attributes(program, executable, type_id,
                         [name for name in names if name.rsplit("::", 1)[0] == type_id])


def check_attributes(program, executable, type_id, names):
    """Raise SweepError unless `type_id` exists and has the attributes `names` (full
    ns3::Type::Attribute names)."""
    try:
        known = parse_printed_values(program_output(executable,
                                                    "--PrintAttributes=" + type_id))
    except SweepError:
        raise SweepError("%s: program '%s' knows no TypeId %s (see its --PrintTypeIds)"
                         % (names[0], program, type_id))
    unknown = [name for name in names if name not in known]
    if unknown:
        raise SweepError("%s has no attribute %s; its attributes are:\n%s"
                         % (type_id, ", ".join(n.rsplit("::", 1)[1] for n in unknown),
                            "\n".join("    " + a for a in sorted(known)) or "    (none)"))


# ------------------------------------------------------------------------------ plan


class RunSpec:
    """One run of a sweep: a grid point (with the fixed values) and a seed."""

    def __init__(self, program, parameters, rng_run):
        self.program = program
        self.parameters = list(parameters)     # [(name, value)], grid order then fixed
        self.rng_run = rng_run
        self.sweep_key = sweep_key(program, self.parameters, rng_run)

    def arguments(self, db_path):
        """Return the program arguments of this run, writing to `db_path`."""
        return (["--%s=%s" % (name, value) for name, value in self.parameters]
                + ["--RngRun=%d" % self.rng_run, "--sweepKey=" + self.sweep_key,
                   "--progress=0", "--results=" + db_path])

    def label(self):
        """Return a short description, e.g. 'RngRun=2 policy=drop'."""
        return " ".join(["RngRun=%d" % self.rng_run]
                        + ["%s=%s" % (n, v) for n, v in self.parameters])


def sweep_key(program, parameters, rng_run):
    """Return the sweep key of a run: the SHA-1 (hex) of the canonical JSON
    {"RngRun": N, "parameters": [[name, value], ...sorted], "program": NAME}."""
    text = json.dumps({"program": program,
                       "parameters": sorted([str(n), str(v)] for n, v in parameters),
                       "RngRun": int(rng_run)},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def plan_runs(program, grid, fixed, runs):
    """Return the RunSpecs of the sweep: seeds outermost (RngRun 1, every point; RngRun 2,
    ...) so that early results cover the whole grid."""
    names = list(grid)
    points = list(itertools.product(*[grid[name] for name in names]))
    specs = []
    for rng_run in range(1, runs + 1):
        for point in points:
            specs.append(RunSpec(program, list(zip(names, point)) + list(fixed.items()),
                                 rng_run))
    return specs


# ------------------------------------------------------------------------------ running


def execute(command, timeout=None, cwd=None, on_start=None):
    """Run `command` (stdout discarded, stderr kept) in its own session; return its outcome
    (see ns3optical.process.run: returncode, stderr_tail, started_at, wall_seconds,
    timed_out, error). on_start(process) is called once it runs (to allow stopping it)."""
    return process.run(command, timeout=timeout, cwd=cwd, on_start=on_start)


def failure_message(reason, outcome):
    """Return the message recorded for a failed run: the reason, then the stderr tail."""
    tail = (outcome.get("stderr_tail") or "").rstrip("\n")
    if not tail:
        return "%s (nothing on stderr)" % reason
    return "%s\n--- last lines of stderr ---\n%s" % (reason, tail)


class LocalExecutor:
    """Runs the sweep's commands as local processes, `jobs` at a time (each in its own
    process group, through a ns3optical.process.ProcessSet that stop() terminates)."""

    def __init__(self, jobs, timeout=None, cwd=None):
        self.jobs = jobs
        self.timeout = timeout
        self.cwd = cwd
        self.processes = process.ProcessSet(stop_signal=signal.SIGTERM)

    @property
    def stopping(self):
        """True once stop() was called."""
        return self.processes.stopping

    def _run(self, spec, command, gate):
        """Run one command (in a pool thread) unless the sweep is stopping or the run's key
        cannot be claimed (gate.claim: done or running elsewhere)."""
        if self.stopping:
            return {"returncode": None, "interrupted": True, "stderr_tail": "",
                    "started_at": results.utc_now(), "wall_seconds": 0.0, "skipped": True}
        verdict = gate.claim(spec)
        if verdict is not None:
            return verdict
        outcome = self.processes.run(command, timeout=self.timeout, cwd=self.cwd,
                                     on_start=lambda started: gate.started(spec, started.pid))
        if outcome is None:  # stopped between the claim and the start: nothing ran
            outcome = {"returncode": None, "interrupted": True, "stderr_tail": "",
                       "started_at": results.utc_now(), "wall_seconds": 0.0, "error": "",
                       "timed_out": False}
        outcome["timeout"] = self.timeout
        if self.stopping and outcome["returncode"] != 0:
            outcome["interrupted"] = True
        return outcome

    def stop(self):
        """Start no more runs and terminate the running ones."""
        self.processes.stop()

    def run(self, tasks, on_result, gate):
        """Run `tasks` [(spec, command)] and call on_result(spec, outcome) in this thread
        as each ends. Each run first claims its key (gate.claim(spec), in the pool thread
        just before it starts, so that concurrent sweeps share the work) and reports its
        process (gate.started(spec, pid)). On KeyboardInterrupt, stop the runs, report
        them, and re-raise."""
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs)
        futures = {pool.submit(self._run, spec, command, gate): spec
                   for spec, command in tasks}
        reported = set()
        try:
            for future in concurrent.futures.as_completed(futures):
                reported.add(future)
                on_result(futures[future], future.result())
        except KeyboardInterrupt:
            self.stop()
            for future, spec in futures.items():
                if future not in reported:
                    outcome = future.result()
                    if not outcome.get("skipped"):
                        on_result(spec, outcome)
            raise
        finally:
            pool.shutdown(wait=True)

    def close(self):
        """Nothing to release."""


def dask_run_task(command, sweep_key, timeout):
    """Dask task: run one sweep command on a worker, with a temporary results database and
    working directory; return its outcome with the dumped run ('dump', None if none) and
    the worker's host name. Runs in the worker process: uses only the standard library and
    the functions shipped with it."""
    workdir = tempfile.mkdtemp(prefix="ns3-optical-sweep-")
    try:
        db_path = os.path.join(workdir, "run.db")
        outcome = execute(list(command) + ["--results=" + db_path], timeout, workdir)
        outcome["timeout"] = timeout
        outcome["worker_host"] = socket.gethostname()
        outcome["dump"] = _dump_worker_run(db_path, sweep_key)
        return outcome
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def _dump_worker_run(db_path, key):
    """Return dump_run() of the last run with sweep key `key` in `db_path`, or None."""
    if not os.path.isfile(db_path):
        return None
    conn = sqlite3.connect(db_path, timeout=10)
    try:
        conn.row_factory = sqlite3.Row
        row = conn.execute("SELECT MAX(id) FROM runs WHERE sweep_key = ?", (key,)).fetchone()
        return dump_run(conn, row[0]) if row and row[0] is not None else None
    except sqlite3.DatabaseError:
        return None
    finally:
        conn.close()


class DaskExecutor:
    """Runs the sweep's commands as tasks of a Dask distributed cluster."""

    def __init__(self, address, timeout=None, connect_timeout=5.0):
        self.timeout = timeout
        try:
            import distributed
        except ImportError:
            raise SweepError("the dask executor needs the Python package 'distributed' "
                             "(Debian: python3-distributed), which %s cannot import"
                             % sys.executable)
        self.distributed = distributed
        self.address = dask_address(address)
        try:
            self.client = distributed.Client(self.address, timeout=connect_timeout,
                                             set_as_default=False)
        except Exception as error:  # OSError, TimeoutError, or a protocol error
            raise SweepError("cannot connect to the Dask scheduler at %s (timeout %g s): %s"
                             % (self.address, connect_timeout, error))
        _ship_code_by_value()

    def run(self, tasks, on_result, gate):
        """Claim the keys of `tasks` [(spec, command without --results)] (gate.claim), submit
        the claimed ones and call on_result(spec, outcome) as each ends (at once for those
        not claimed). On KeyboardInterrupt, cancel the pending tasks and re-raise (a run
        already started on a worker goes on there; its result is dropped)."""
        futures = {}
        for spec, command in tasks:
            verdict = gate.claim(spec)
            if verdict is not None:
                on_result(spec, verdict)
                continue
            future = self.client.submit(dask_run_task, command, spec.sweep_key, self.timeout,
                                        key="ns3-optical-%s-%s" % (spec.sweep_key[:16],
                                                                   os.urandom(4).hex()),
                                        pure=False)
            futures[future] = spec
        try:
            for future in self.distributed.as_completed(list(futures), loop=self.client.loop):
                try:
                    outcome = future.result()
                except Exception as error:
                    outcome = {"returncode": None, "stderr_tail": "", "dump": None,
                               "started_at": results.utc_now(), "wall_seconds": 0.0,
                               "error": "the Dask task failed: %s: %s"
                                        % (type(error).__name__, error)}
                on_result(futures[future], outcome)
        except KeyboardInterrupt:
            self.client.cancel(list(futures))
            raise

    def close(self):
        """Disconnect from the scheduler."""
        self.client.close()


def dask_address(address):
    """Map dask://HOST:PORT (or tcp://HOST:PORT) to Dask's tcp://HOST:PORT."""
    match = re.match(r"^(dask|tcp)://([^/:]+|\[[^\]]+\]):(\d+)/?$", address)
    if not match:
        raise SweepError("bad Dask scheduler address %r (expected dask://HOST:PORT)" % address)
    return "tcp://%s:%s" % (match.group(2), match.group(3))


def _ship_code_by_value():
    """Make Dask send the task code (this module, process, results of the ns3optical
    package) with the tasks, so that workers need not import it. Each module is registered
    by its own name: distributed picks cloudpickle for a task whose function's module is in
    the registry by that exact name."""
    import cloudpickle
    if hasattr(cloudpickle, "register_pickle_by_value"):
        for module in (process, results, sys.modules[__name__]):
            if module.__name__ != "__main__":
                try:
                    cloudpickle.register_pickle_by_value(module)
                except ValueError:
                    pass


# ------------------------------------------------------------------------------ claims


class Claims:
    """This sweep's claims on sweep keys (see ns3optical.results.claim_key): one claimant token
    per sweep, claims taken just before each run and released once it is recorded, their
    heartbeat refreshed by a thread every lease/4 seconds."""

    def __init__(self, db_path, program, executor, lease):
        self.program = program
        self.executor = executor
        self.lease = float(lease)
        self.token = "%s-%d-%s" % (socket.gethostname(), os.getpid(), os.urandom(6).hex())
        self.pid = os.getpid()
        self.pid_start = results.process_start(self.pid)
        self.lock = threading.Lock()
        self.conn = results.connect(db_path, threads=True)
        self.after = {}  # sweep key -> highest run id before our claim
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._beat, name="sweep-claims", daemon=True)
        self.thread.start()

    def _beat(self):
        """Refresh the heartbeat of our claims until stopped."""
        while not self.stopped.wait(max(0.5, self.lease / 4)):
            try:
                with self.lock:
                    results.heartbeat_claims(self.conn, self.token)
            except sqlite3.Error:
                pass  # busy: the next beat will do

    def claim(self, spec):
        """Claim the key of `spec`: None if claimed (run it), else the outcome of a run
        not to do: {"not_claimed": "done" or "elsewhere", "holder": text}."""
        with self.lock:
            state, info = with_retries(results.claim_key, self.conn, spec.sweep_key,
                                       spec.program, self.token, self.executor, self.lease,
                                       self.pid, self.pid_start)
            if state == "claimed":
                self.after[spec.sweep_key] = info
                return None
        return {"not_claimed": state, "holder": info, "returncode": None,
                "started_at": results.utc_now(), "wall_seconds": 0.0, "stderr_tail": ""}

    def started(self, spec, pid):
        """Record the program started for the claimed key of `spec`."""
        with self.lock:
            with_retries(results.claim_started, self.conn, spec.sweep_key, self.token, pid)

    def release(self, spec):
        """Release the claim of `spec` (its run is recorded)."""
        with self.lock:
            with_retries(results.release_claims, self.conn, self.token, [spec.sweep_key])

    def close(self):
        """Stop the heartbeat and release every remaining claim of this sweep."""
        self.stopped.set()
        self.thread.join()
        with self.lock:
            try:
                with_retries(results.release_claims, self.conn, self.token)
            finally:
                self.conn.close()


# ------------------------------------------------------------------------------ recording


def record_outcome(conn, spec, command, outcome, after_id):
    """Record the outcome of a run in the database; return None if it succeeded, else a
    Failure. Local runs wrote the database themselves (their runs are those with
    the sweep key and an id above `after_id`); Dask outcomes carry the run ('dump')."""
    if "dump" in outcome:
        return _record_dask(conn, spec, command, outcome)
    reason = None
    if outcome["returncode"] == 0 or outcome.get("interrupted"):
        # A run the sweep itself stopped may have recorded 'ok' just before the signal (it
        # was ending): its record is complete, so it stays 'ok'. Any other nonzero exit
        # after 'ok' (a crash in teardown) is not trusted.
        rows = results.runs_since(conn, spec.sweep_key, after_id)
        if any(row["status"] == "ok" for row in rows):
            return None
    if outcome["returncode"] == 0 and not outcome.get("interrupted"):
        reason = ("exited 0 but left its run '%s'" % rows[-1]["status"] if rows
                  else "exited 0 but recorded no run (does it use the results store?)")
    reason = reason or describe_exit(outcome)
    message = failure_message(reason, outcome)
    run_id = results.record_failed(conn, spec.program, spec.sweep_key, spec.rng_run,
                                   shlex.join(command[1:]), outcome["started_at"], message,
                                   after_id, outcome.get("wall_seconds"))
    return Failure(spec, reason, message, outcome, run_id)


def _record_dask(conn, spec, command, outcome):
    """Merge the run a Dask worker sent back ('ok', or 'failed' with the reason)."""
    dump = outcome["dump"]
    if outcome["returncode"] == 0 and dump and dump["run"]["status"] == "ok":
        results.merge_run(conn, dump)
        return None
    reason = _dask_reason(outcome, dump)
    message = failure_message(reason, outcome)
    if dump:
        run = dump["run"]
        if run["status"] == "failed" and run.get("message"):
            message = "%s\n%s" % (run["message"], message)
        if run.get("ended_at") is None:
            run["ended_at"] = results.utc_now()
        if run.get("wall_seconds") is None:
            run["wall_seconds"] = outcome.get("wall_seconds")
        run_id = results.merge_run(conn, dump, status="failed", message=message)
    else:
        run_id = results.record_failed(conn, spec.program, spec.sweep_key, spec.rng_run,
                                       shlex.join(command[1:]), outcome["started_at"],
                                       message, results.last_run_id(conn, spec.sweep_key),
                                       outcome.get("wall_seconds"))
    return Failure(spec, reason, message, outcome, run_id)


def _dask_reason(outcome, dump):
    """Return why a Dask run failed."""
    if outcome["returncode"] == 0:
        reason = ("exited 0 but left its run '%s'" % dump["run"]["status"] if dump
                  else "exited 0 but recorded no run (does it use the results store?)")
    else:
        reason = describe_exit(outcome)
    return reason + " (on %s)" % outcome.get("worker_host", "a Dask worker")


# ------------------------------------------------------------------------------ progress


def format_duration(seconds):
    """Return seconds as 'H:MM:SS' (or 'M:SS' under an hour)."""
    seconds = int(round(max(0, seconds)))
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return ("%d:%02d:%02d" % (hours, minutes, seconds) if hours
            else "%d:%02d" % (minutes, seconds))


class Progress:
    """Progress of a sweep on a stream (stderr): a bar with ETA redrawn in place on a
    terminal, one line per finished run otherwise; nothing but failures when quiet."""

    def __init__(self, total, stream=None, quiet=False):
        self.total = total
        self.stream = stream or sys.stderr
        self.quiet = quiet
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.done = 0
        self.failed = 0
        self.start = time.monotonic()

    def eta(self):
        """Return the estimated time left, as text."""
        if not self.done:
            return "?"
        elapsed = time.monotonic() - self.start
        return format_duration(elapsed / self.done * (self.total - self.done))

    def update(self, spec, outcome, failure):
        """Account for one finished run and show it."""
        self.done += 1
        self.failed += failure is not None
        status = "ok" if failure is None else "FAILED"
        line = "sweep: [%d/%d] %s %s (%.1f s)" % (self.done, self.total, status, spec.label(),
                                                outcome.get("wall_seconds") or 0.0)
        if failure is not None:
            line += ": " + failure.summary()
        if self.tty and not self.quiet:
            self._clear()
            if failure is not None:
                self.stream.write(line + "\n")
            self._draw()
        elif not self.quiet or failure is not None:
            self.stream.write("%s ETA %s\n" % (line, self.eta()) if failure is None
                              else line + "\n")
        self.stream.flush()

    def skip(self, spec, text):
        """Account for a run not done here (done, or running elsewhere) and show it."""
        self.done += 1
        line = "sweep: [%d/%d] skipped %s: %s" % (self.done, self.total, spec.label(), text)
        if self.tty and not self.quiet:
            self._clear()
            self.stream.write(line + "\n")
            self._draw()
        elif not self.quiet:
            self.stream.write(line + "\n")
        self.stream.flush()

    def _clear(self):
        """Erase the bar line."""
        self.stream.write("\r\x1b[K")

    def _draw(self):
        """Draw the bar: [=====>    ] done/total (failed) elapsed ETA left."""
        width = max(10, min(40, shutil.get_terminal_size((80, 20)).columns - 45))
        filled = int(width * self.done / self.total) if self.total else width
        bar = "=" * filled + (">" if filled < width else "") + " " * (width - filled - 1)
        self.stream.write("[%s] %d/%d%s %s ETA %s" % (
            bar[:width], self.done, self.total,
            " (%d failed)" % self.failed if self.failed else "",
            format_duration(time.monotonic() - self.start), self.eta()))

    def begin(self):
        """Show the empty bar (terminal only)."""
        if self.tty and not self.quiet and self.total:
            self._draw()
            self.stream.flush()

    def end(self):
        """Finish the bar line (terminal only)."""
        if self.tty and not self.quiet and self.total:
            self._clear()
            self.stream.flush()


# ------------------------------------------------------------------------------ summary


class Failure:
    """A failed run: its spec, why it failed (reason, e.g. 'exit status 3'), the message
    recorded in the database (reason and stderr tail), the stderr tail, the run id."""

    def __init__(self, spec, reason, message, outcome, run_id=None):
        self.spec = spec
        self.reason = reason
        self.message = message
        self.stderr_tail = outcome.get("stderr_tail") or ""
        self.run_id = run_id

    def summary(self):
        """Return one line: the reason and the last line of stderr."""
        lines = self.stderr_tail.strip().splitlines()
        return self.reason + (": " + lines[-1].strip() if lines else "")

    def __repr__(self):
        return "Failure(%s: %s)" % (self.spec.label(), self.summary())


class SweepSummary:
    """What a sweep did: planned runs, skipped (already done), ok, failed (with failures,
    a list of Failure), elsewhere (runs another live sweep or program held when this one
    came to them: not run here; elsewhere_keys lists their specs and holders), whether it
    was interrupted, (slurm-script) the script path and (dry run, slurm-script) the command
    lines of the runs still to do."""

    def __init__(self, program, planned, skipped):
        self.program = program
        self.planned = planned
        self.skipped = skipped
        self.ok = 0
        self.failed = 0
        self.failures = []
        self.elsewhere = 0
        self.elsewhere_keys = []
        self.interrupted = False
        self.script = None
        self.commands = []

    def exit_code(self):
        """Return the sweep's exit status: 130 if interrupted, 1 if any run failed, else 0."""
        if self.interrupted:
            return 130
        return 1 if self.failed else 0

    def text(self):
        """Return the summary as lines of text."""
        lines = ["sweep: %s: %d planned, %d already done, %d ok, %d failed%s%s"
                 % (self.program, self.planned, self.skipped, self.ok, self.failed,
                    (", %d running elsewhere (claimed by another sweep: not run here; "
                     "rerun the sweep once they end)" % self.elsewhere)
                    if self.elsewhere else "",
                    ", interrupted" if self.interrupted else "")]
        if self.failures:
            lines.append("sweep: failed runs (`utils/results.py show ID` shows a run; rerun "
                         "the same sweep to retry only what is missing):")
            for failure in self.failures[:MAX_LISTED_FAILURES]:
                lines.append("    run %s, %s: %s" % (failure.run_id, failure.spec.label(),
                                                    failure.summary()))
            if len(self.failures) > MAX_LISTED_FAILURES:
                lines.append("    ... and %d more"
                             % (len(self.failures) - MAX_LISTED_FAILURES))
        return "\n".join(lines)

    def __repr__(self):
        return ("SweepSummary(planned=%d, skipped=%d, ok=%d, failed=%d, elsewhere=%d, "
                "interrupted=%s)" % (self.planned, self.skipped, self.ok, self.failed,
                                     self.elsewhere, self.interrupted))


# ------------------------------------------------------------------------------ sweeps


def check_executor(executor):
    """Raise SweepError unless `executor` is local, slurm-script or a Dask address."""
    if executor in (None, "", "local", "slurm-script"):
        return
    if re.match(r"^(dask|tcp)://", executor):
        dask_address(executor)
        return
    raise SweepError("unknown executor %r (expected local, dask://HOST:PORT or "
                     "slurm-script)" % executor)


def make_executor(executor, jobs, timeout, connect_timeout, cwd):
    """Return the executor object for the --executor text ('local' or 'dask://...')."""
    if executor in (None, "", "local"):
        return LocalExecutor(jobs or os.cpu_count() or 1, timeout, cwd)
    if re.match(r"^(dask|tcp)://", executor):
        return DaskExecutor(executor, timeout, connect_timeout)
    raise SweepError("unknown executor %r (expected local, dask://HOST:PORT or "
                     "slurm-script)" % executor)


def normalize_grid(grid, fixed):
    """Return (grid, fixed) with texts for values; raise SweepError if malformed."""
    clean_grid, clean_fixed = {}, {}
    for name, values in (grid or {}).items():
        check_name(name, "grid")
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise SweepError("grid: %s: expected a list of values" % name)
        values = [_value_text(v, name) for v in values]
        if not values:
            raise SweepError("grid: %s: no values" % name)
        repeated = sorted({v for v in values if values.count(v) > 1})
        if repeated:
            raise SweepError("grid: %s: value %s given twice" % (name, ", ".join(repeated)))
        clean_grid[name] = values
    for name, value in (fixed or {}).items():
        check_name(name, "fixed")
        if name in clean_grid:
            raise SweepError("parameter %s is given twice" % name)
        clean_fixed[name] = _value_text(value, name)
    return clean_grid, clean_fixed


def _value_text(value, name):
    """Return a parameter value as the text passed to the program."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    raise SweepError("grid: %s: bad value %r" % (name, value))


def run_sweep(program, grid, fixed=None, runs=1, db=results.DEFAULT_DB, jobs=None,
              executor="local", build_dir=None, dry_run=False, timeout=None,
              connect_timeout=5.0, slurm_script=None, slurm_output=None,
              slurm_options=(), quiet=False, cwd=None, stream=None,
              claim_lease=DEFAULT_CLAIM_LEASE, slurm_lease=DEFAULT_SLURM_LEASE,
              release_claims=False):
    """Run a sweep and return its SweepSummary (see the module documentation).

    program: name in programs.txt; grid: {name: [values]} (texts, or numbers);
    fixed: {name: value}; runs: seeds RngRun = 1..runs per grid point; db: database path;
    jobs: local processes at once (default: CPUs); executor: 'local', 'dask://HOST:PORT' or
    'slurm-script' (slurm_script defaults to sweep-PROGRAM.sbatch); build_dir: default
    <module>/build; dry_run: print the command lines to run instead of running them;
    timeout: seconds per run (None: no limit); connect_timeout: Dask scheduler; cwd:
    working directory of local runs; stream: progress and summary (default: stderr);
    claim_lease: seconds a claim outlives its last heartbeat (claims judged from another
    host); slurm_lease: seconds the claims of a written Slurm script hold (until merged);
    release_claims: first drop the Slurm claims (and stale claims) of the planned keys.
    Raises SweepError on bad input, before anything runs or is written. On Ctrl-C
    (KeyboardInterrupt), the running runs are stopped and recorded as failed, the summary is
    written, and KeyboardInterrupt is raised again.
    """
    stream = stream or sys.stderr
    if int(runs) < 1:
        raise SweepError("--runs must be at least 1")
    if jobs is not None and int(jobs) < 1:
        raise SweepError("-j must be at least 1")
    grid, fixed = normalize_grid(grid, fixed)
    build_dir = os.path.abspath(build_dir or DEFAULT_BUILD_DIR)
    executable = find_program(build_dir, program)
    check_parameters(program, executable, list(grid) + list(fixed))
    check_executor(executor)
    if slurm_script and executor not in (None, "local", "slurm-script"):
        raise SweepError("--slurm-script writes a script instead of running: it cannot be "
                         "combined with --executor %s" % executor)
    if slurm_script or executor == "slurm-script":
        executor = "slurm-script"
        slurm_script = slurm_script or "sweep-%s.sbatch" % program
    specs = plan_runs(program, grid, fixed, int(runs))
    db_path = os.path.abspath(db)

    if float(claim_lease) <= 0 or float(slurm_lease) <= 0:
        raise SweepError("--claim-lease and --slurm-lease must be positive (seconds)")
    if release_claims:
        _release_claims(db_path, specs, stream)

    if dry_run or executor == "slurm-script":
        done, held = _completed_if_exists(db_path, program, specs)
        todo = [s for s in specs if s.sweep_key not in done and s.sweep_key not in held]
        summary = SweepSummary(program, len(specs), len(done & {s.sweep_key for s in specs}))
        summary.elsewhere = len(specs) - len(todo) - summary.skipped
        summary.elsewhere_keys = [(s, held[s.sweep_key]) for s in specs
                                  if s.sweep_key in held and s.sweep_key not in done]
        if held:
            stream.write("sweep: %d runs are claimed by another sweep and left out (e.g. %s)\n"
                         % (len(summary.elsewhere_keys), summary.elsewhere_keys[0][1]))
        if executor == "slurm-script":
            output = os.path.abspath(slurm_output or os.path.join(
                os.path.dirname(db_path), "slurm-" + program))
            if todo:
                _claim_for_slurm(db_path, program, todo, float(slurm_lease))
            write_slurm_script(slurm_script, program, executable, todo, output,
                               slurm_options, cwd)
            summary.script = slurm_script
            _explain_slurm(stream, slurm_script, len(todo), db_path, output)
        summary.commands = [[executable] + s.arguments(db_path) for s in todo]
        return summary

    runner = make_executor(executor, jobs, timeout, connect_timeout, cwd)
    try:
        return _execute_sweep(runner, program, executable, specs, db_path, quiet, stream,
                              float(claim_lease))
    finally:
        runner.close()


def _completed_if_exists(db_path, program, specs):
    """Return (completed keys of `program`, {key: holder} of the keys of `specs` held by a
    live claim) in `db_path` (none if it does not exist)."""
    if not os.path.exists(db_path):
        return set(), {}
    conn = results.connect(db_path, create=False)
    try:
        done = results.completed_keys(conn, program)
        return done, results.live_claims(conn, [s.sweep_key for s in specs
                                                if s.sweep_key not in done])
    finally:
        conn.close()


def _claim_for_slurm(db_path, program, specs, lease):
    """Claim the keys of a Slurm script's runs (no process: they hold `lease` seconds, or
    until `utils/results.py merge` brings their task databases back)."""
    conn = results.connect(db_path)
    token = "slurm-%s-%d-%s" % (socket.gethostname(), os.getpid(), os.urandom(6).hex())
    try:
        for spec in specs:
            with_retries(results.claim_key, conn, spec.sweep_key, program, token, "slurm",
                         lease)
    finally:
        conn.close()


def _release_claims(db_path, specs, stream):
    """--release-claims: drop the Slurm claims of the planned keys (a cancelled job)."""
    if not os.path.exists(db_path):
        return
    conn = results.connect(db_path, create=False)
    try:
        count = with_retries(results.release_claims, conn, None,
                             [s.sweep_key for s in specs], "slurm")
    finally:
        conn.close()
    stream.write("sweep: released %d Slurm claims\n" % count)


def _execute_sweep(runner, program, executable, specs, db_path, quiet, stream, lease):
    """Run the specs not yet done with `runner`, each claimed first, recording each; return
    the summary."""
    conn = results.connect(db_path)
    claims = None
    try:
        with_retries(results.release_done_claims, conn)
        done = results.completed_keys(conn, program)
        todo = [s for s in specs if s.sweep_key not in done]
        summary = SweepSummary(program, len(specs), len(specs) - len(todo))
        held = results.live_claims(conn, [s.sweep_key for s in todo])
        if not quiet:
            stream.write("sweep: %s: %d runs planned, %d already done, %d to run%s (%s)\n"
                         % (program, len(specs), summary.skipped, len(todo),
                            ", %d of them claimed by another sweep now" % len(held)
                            if held else "", _executor_text(runner)))
        progress = Progress(len(todo), stream, quiet)
        with_results = isinstance(runner, LocalExecutor)
        tasks = [(s, [executable] + (s.arguments(db_path) if with_results
                                     else s.arguments(db_path)[:-1])) for s in todo]
        commands = {s.sweep_key: c for s, c in tasks}
        claims = Claims(db_path, program, "local" if with_results else "dask", lease)

        def on_result(spec, outcome):
            if outcome.get("not_claimed") == "done":
                summary.skipped += 1
                progress.skip(spec, "done meanwhile (run %s)" % outcome["holder"])
                return
            if outcome.get("not_claimed"):
                summary.elsewhere += 1
                summary.elsewhere_keys.append((spec, outcome["holder"]))
                progress.skip(spec, "running elsewhere: " + outcome["holder"])
                return
            failure = with_retries(record_outcome, conn, spec, commands[spec.sweep_key],
                                   outcome, claims.after.get(spec.sweep_key, 0))
            claims.release(spec)
            if failure is None:
                summary.ok += 1
            else:
                summary.failed += 1
                summary.failures.append(failure)
            progress.update(spec, outcome, failure)

        progress.begin()
        try:
            runner.run(tasks, on_result, claims)
        except KeyboardInterrupt:
            summary.interrupted = True
        finally:
            progress.end()
        stream.write(summary.text() + "\n")
        stream.flush()
        if summary.interrupted:
            raise KeyboardInterrupt
        return summary
    finally:
        if claims is not None:
            claims.close()
        conn.close()


def with_retries(function, *args, attempts=3):
    """Call function(*args), retrying when SQLite stays busy beyond its busy timeout (many
    programs flushing large batches at once), so that a long sweep does not die of it."""
    for attempt in range(attempts):
        try:
            return function(*args)
        except sqlite3.OperationalError as error:
            text = str(error)
            if attempt == attempts - 1 or ("locked" not in text and "busy" not in text):
                raise
            time.sleep(1.0)
    return None


def _executor_text(runner):
    """Return how runs are executed, for the first progress line."""
    if isinstance(runner, LocalExecutor):
        return "local, -j %d" % runner.jobs
    return "Dask scheduler %s" % runner.address


# ------------------------------------------------------------------------------ Slurm


def write_slurm_script(path, program, executable, specs, output_dir, options=(), cwd=None):
    """Write a Slurm job-array script running each spec (one array task per run) with its
    own database <output_dir>/task-<index>.db."""
    if not specs:
        # Nothing left to do (every run done or claimed): a script that says so, so that an
        # older script at this path is not submitted again by mistake.
        text = ("#!/bin/bash\n# Written by ns3-optical utils/sweep.py on %s: no runs of %s are "
                "left to do\n# (every run is done, or claimed by a sweep or a job still "
                "running).\necho 'sweep: nothing to run' >&2\nexit 0\n"
                % (results.utc_now(), program))
        parent = os.path.dirname(os.path.abspath(path))
        os.makedirs(parent, exist_ok=True)
        with open(path, "w") as stream:
            stream.write(text)
        os.chmod(path, 0o755)
        return
    lines = [
        "#!/bin/bash",
        "#SBATCH --job-name=optical-%s" % program,
        "#SBATCH --array=0-%d" % (len(specs) - 1),
        "#SBATCH --output=%s/slurm-%%A_%%a.out" % output_dir,
        "#SBATCH --ntasks=1",
    ]
    lines += ["#SBATCH %s" % option for option in options]
    lines += [
        "# Written by ns3-optical utils/sweep.py on %s: %d runs of %s."
        % (results.utc_now(), len(specs), program),
        "# Each array task runs one grid point and seed, writing its own database; merge",
        "# them into the main one after the job (runs already there are skipped):",
        "#     utils/results.py --db DB merge %s/task-*.db" % output_dir,
        "set -eu",
        'OUT=%s' % shlex.quote(output_dir),
        'mkdir -p "$OUT"',
    ]
    if cwd:
        lines.append("cd %s" % shlex.quote(os.path.abspath(cwd)))
    lines += ['DB="$OUT/task-${SLURM_ARRAY_TASK_ID}.db"', 'case "$SLURM_ARRAY_TASK_ID" in']
    for index, spec in enumerate(specs):
        arguments = spec.arguments("DB")[:-1]
        lines.append('  %d) exec %s %s "--results=$DB" ;;'
                     % (index, shlex.quote(executable),
                        " ".join(shlex.quote(a) for a in arguments)))
    lines += ['  *) echo "no run for array task $SLURM_ARRAY_TASK_ID" >&2; exit 2 ;;',
              "esac", ""]
    parent = os.path.dirname(os.path.abspath(path))
    os.makedirs(parent, exist_ok=True)
    with open(path, "w") as stream:
        stream.write("\n".join(lines))
    os.chmod(path, 0o755)


def _explain_slurm(stream, script, count, db_path, output):
    """Tell the user how to submit the script and merge its results."""
    if not count:
        stream.write("sweep: every run is already done in %s: %s has no runs\n"
                     % (db_path, script))
        return
    stream.write("sweep: wrote %s (%d array tasks). Submit it, then merge the results:\n"
                 "    sbatch %s\n    %s --db %s merge %s/task-*.db\n"
                 % (script, count, script, os.path.join(ROOT, "utils", "results.py"),
                    shlex.quote(db_path), shlex.quote(output)))


# ------------------------------------------------------------------------------ command line


def make_parser():
    """Return the argument parser of sweep.py."""
    parser = argparse.ArgumentParser(
        prog="sweep.py", description=__doc__.split("\n\n")[0],
        epilog=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("program", help="program name (see ./ns3 show targets)")
    parser.add_argument("--param", action="append", default=[], metavar="NAME=V1,V2,...",
                        help="a grid dimension (repeatable)")
    parser.add_argument("--grid", action="append", default=[], metavar="FILE.json",
                        help='grid dimensions from a JSON file {"NAME": [values...]}')
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="a fixed value (repeatable)")
    parser.add_argument("--runs", type=int, default=1, metavar="N",
                        help="seeds per grid point: RngRun=1..N (default: 1)")
    parser.add_argument("-j", "--jobs", type=int, metavar="N",
                        help="local runs at once (default: number of CPUs, %d)"
                             % (os.cpu_count() or 1))
    parser.add_argument("--db", default=results.DEFAULT_DB,
                        help="results database (default: %(default)s)")
    parser.add_argument("--executor", default="local",
                        metavar="local|dask://HOST:PORT|slurm-script",
                        help="where runs execute (default: local)")
    parser.add_argument("--connect-timeout", type=float, default=5.0, metavar="SECONDS",
                        help="Dask scheduler connection timeout (default: %(default)s)")
    parser.add_argument("--slurm-script", metavar="FILE",
                        help="write a Slurm job-array script instead of running")
    parser.add_argument("--slurm-output", metavar="DIR",
                        help="directory of the Slurm tasks' databases and logs (default: "
                             "slurm-PROGRAM next to the database)")
    parser.add_argument("--slurm-option", action="append", default=[], metavar="OPTION",
                        help="an #SBATCH line, e.g. --slurm-option=--time=1:00:00 "
                             "(repeatable)")
    parser.add_argument("--claim-lease", type=float, default=DEFAULT_CLAIM_LEASE,
                        metavar="SECONDS",
                        help="a claim whose sweep stops refreshing it is stale after this "
                             "long, for sweeps on other hosts sharing the database (on the "
                             "same host, a claim is stale once its processes are gone) "
                             "(default: %(default)g)")
    parser.add_argument("--slurm-lease", type=float, default=DEFAULT_SLURM_LEASE,
                        metavar="SECONDS",
                        help="how long the claims of a written Slurm script hold unless "
                             "merged (default: %(default)g, 7 days)")
    parser.add_argument("--release-claims", action="store_true",
                        help="first drop the Slurm claims of this sweep's runs (after a "
                             "cancelled job)")
    parser.add_argument("--timeout", type=float, metavar="SECONDS",
                        help="kill a run after this long (default: no limit)")
    parser.add_argument("--build-dir", default=DEFAULT_BUILD_DIR,
                        help="CMake build directory (default: %(default)s)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the command lines of the runs still to do; run nothing")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no progress, only failures and the summary")
    return parser


def main(argv):
    """Run sweep.py with `argv` (without the program name); return the exit code."""
    args = make_parser().parse_args(argv)
    grid, fixed = build_grid(args.param, args.grid, args.set)
    summary = run_sweep(args.program, grid, fixed, runs=args.runs, db=args.db, jobs=args.jobs,
                        executor=args.executor, build_dir=args.build_dir,
                        dry_run=args.dry_run, timeout=args.timeout,
                        connect_timeout=args.connect_timeout, slurm_script=args.slurm_script,
                        slurm_output=args.slurm_output, slurm_options=args.slurm_option,
                        quiet=args.quiet, claim_lease=args.claim_lease,
                        slurm_lease=args.slurm_lease, release_claims=args.release_claims)
    if args.dry_run:
        for command in summary.commands:
            print(" ".join(shlex.quote(word) for word in command))
        sys.stderr.write("sweep: %s: %d planned, %d already done, %d to run (dry run)\n"
                         % (args.program, summary.planned, summary.skipped,
                            len(summary.commands)))
    return summary.exit_code()


def _terminate(signo, frame):
    """SIGTERM handler: stop the sweep like Ctrl-C (runs are stopped and recorded)."""
    raise KeyboardInterrupt


def cli(argv=None):
    """Run utils/sweep.py with `argv` (default: sys.argv[1:]) and exit with its status."""
    # Ctrl-C and SIGTERM stop the sweep cleanly (even when started with SIGINT ignored, as
    # background jobs of non-interactive shells are).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, _terminate)
    try:
        sys.exit(main(sys.argv[1:] if argv is None else argv))
    except (SweepError, results.ResultsError) as error:
        sys.stdout.flush()
        print("sweep.py: %s" % error, file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("sweep.py: interrupted", file=sys.stderr)
        sys.exit(130)
