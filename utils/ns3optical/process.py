"""Running programs, in one place: each in its own process group (session), so that a
timeout or a stop reaches the program and everything it started.

run() runs one command and returns its outcome, a plain dict (it crosses process boundaries:
Dask ships it back from workers):

    returncode    exit code, negative signal number if killed, None if it did not start
    output        captured text (see `capture`), "" otherwise
    stderr_tail   the last lines of stderr (of the merged output with capture="merged")
    started_at    UTC start time, ISO 8601 with milliseconds
    wall_seconds  how long it ran
    timed_out     True if it was killed at the time limit
    error         why it could not start ("" if it started)

ProcessSet runs many at once (from threads) and stops them all (sweeps, test.py,
utils/check-metrics, the CLI audit); run_foreground() is ./ns3 run's: the program in the
foreground, Ctrl-C reaching it directly, SIGTERM passed on.
"""

import datetime
import os
import signal
import subprocess
import tempfile
import threading
import time

STDERR_TAIL_LINES = 20
TAIL_LIMIT_BYTES = 65536


def utc_now():
    """Return the current UTC time as ISO 8601 text (millisecond precision)."""
    now = datetime.datetime.now(datetime.timezone.utc)
    return now.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (now.microsecond // 1000)


def signal_name(signo):
    """Return the name of signal number `signo`, e.g. 'SIGSEGV' (the number if unknown)."""
    try:
        return signal.Signals(signo).name
    except ValueError:
        return str(signo)


def kill_group(process, signo):
    """Send `signo` to the process group (session) of `process`, if it still exists."""
    try:
        os.killpg(process.pid, signo)
    except OSError:
        pass


def read_tail(stream, lines=STDERR_TAIL_LINES, limit=TAIL_LIMIT_BYTES):
    """Return the last `lines` lines of the binary file `stream` (at most `limit` bytes)."""
    stream.seek(0, os.SEEK_END)
    size = stream.tell()
    stream.seek(max(0, size - limit))
    text = stream.read().decode("utf-8", errors="replace")
    return "\n".join(text.rstrip("\n").splitlines()[-lines:])


def read_all(stream):
    """Return the whole text of the binary file `stream` (undecodable bytes replaced)."""
    stream.seek(0)
    return stream.read().decode("utf-8", errors="replace")


def run(command, timeout=None, cwd=None, env=None, capture=None, on_start=None,
        kill_signal=signal.SIGKILL):
    """Run `command` in its own session with stdin from /dev/null; return its outcome (see
    the module's docstring).

    capture: None (stdout discarded, stderr kept for its tail), "stdout" (stdout captured in
    `output`, stderr kept for its tail) or "merged" (stdout and stderr captured together in
    `output`). On timeout the process group gets `kill_signal`. on_start(process) is called
    once the process runs (so that another thread can stop it)."""
    if capture not in (None, "stdout", "merged"):
        raise ValueError("capture must be None, 'stdout' or 'merged', not %r" % (capture,))
    outcome = {"returncode": None, "output": "", "stderr_tail": "", "started_at": utc_now(),
               "wall_seconds": 0.0, "timed_out": False, "error": ""}
    start = time.monotonic()
    with tempfile.TemporaryFile() as errors, tempfile.TemporaryFile() as output:
        if capture == "merged":
            stdout, stderr = output, subprocess.STDOUT
        elif capture == "stdout":
            stdout, stderr = output, errors
        else:
            stdout, stderr = subprocess.DEVNULL, errors
        try:
            process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=stdout,
                                       stderr=stderr, cwd=cwd, env=env,
                                       start_new_session=True)
        except OSError as error:
            outcome["error"] = "cannot run %s: %s" % (command[0], error.strerror or error)
            return outcome
        if on_start is not None:
            on_start(process)
        try:
            outcome["returncode"] = process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(process, kill_signal)
            outcome["returncode"] = process.wait()
            outcome["timed_out"] = True
        outcome["wall_seconds"] = time.monotonic() - start
        if capture == "merged":
            outcome["output"] = read_all(output)
            outcome["stderr_tail"] = read_tail(output)
        else:
            if capture == "stdout":
                outcome["output"] = read_all(output)
            outcome["stderr_tail"] = read_tail(errors)
    return outcome


def describe_exit(outcome):
    """Return why a run did not succeed, from its outcome: 'exit status 3', 'killed by
    signal SIGSEGV', 'timed out (killed after 5 s)', or why it could not start."""
    if outcome.get("error"):
        return outcome["error"]
    if outcome.get("interrupted"):
        return "interrupted (the sweep was stopped)"
    if outcome.get("timed_out"):
        return "timed out (killed after %g s)" % (outcome.get("timeout") or 0)
    rc = outcome["returncode"]
    if rc is not None and rc < 0:
        return "killed by signal %s" % signal_name(-rc)
    return "exit status %s" % rc


class ProcessSet:
    """Runs commands (from any number of threads), each in its own process group, and stops
    them all: stop() sends `stop_signal` to every running group and makes run() refuse to
    start more."""

    def __init__(self, stop_signal=signal.SIGTERM):
        self.stop_signal = stop_signal
        self.lock = threading.Lock()
        self.processes = set()
        self.stopping = False

    def run(self, command, on_start=None, **options):
        """Run `command` as run() does (options: timeout, cwd, env, capture, kill_signal);
        return its outcome, or None if the set is stopping (nothing was started)."""
        if self.stopping:
            return None
        started = []

        def register(process):
            started.append(process)
            with self.lock:
                self.processes.add(process)
                if self.stopping:
                    kill_group(process, self.stop_signal)
            if on_start is not None:
                on_start(process)

        try:
            return run(command, on_start=register, **options)
        finally:
            with self.lock:
                self.processes.difference_update(started)

    def stop(self):
        """Start no more commands and send the stop signal to the running ones."""
        with self.lock:
            self.stopping = True
            for process in self.processes:
                kill_group(process, self.stop_signal)


def run_foreground(command, cwd=None):
    """Run `command` in the foreground (same process group: Ctrl-C at the terminal reaches it
    directly, so this process ignores SIGINT while waiting; SIGTERM is passed on to it) and
    return its exit code as a shell reports it (128 + N if killed by signal N) with the
    signal's name (None if it exited). Raises OSError if it cannot start."""
    process = subprocess.Popen(command, cwd=cwd)
    previous_int = signal.signal(signal.SIGINT, signal.SIG_IGN)
    previous_term = signal.signal(signal.SIGTERM,
                                  lambda signo, frame: process.send_signal(signo))
    try:
        rc = process.wait()
    finally:
        signal.signal(signal.SIGINT, previous_int)
        signal.signal(signal.SIGTERM, previous_term)
    if rc < 0:
        return 128 - rc, signal_name(-rc)
    return rc, None
