#!/usr/bin/env python3
"""Test driver of the ns-3 contrib module 'optical', shaped like ns-3's test.py.

Builds the module (through ./ns3 build), then runs every test suite of the module's
test-runner, every Python test file test/**/test_*.py (as a 'system' suite named
optical-py-<file stem without test_, '_' as '-'>, run by the Python chosen by ./ns3 configure, from the module root,
with OPTICAL_BUILD_DIR set to the build directory; it passes if it exits with 0) and every
example of test/examples-to-run.py, each as its own process, in parallel, and prints ns-3's
per-test lines and summary. Only the Python standard library is used: the program list, the
examples file, the configured Python and the running of tests come from the ns3optical package
(utils/ns3optical: manifest, examples, interpreter, process).

Results stay out of the source tree: every test runs with NS3_OPTICAL_RESULTS (the default of
the programs' --results) set to its own database in a temporary directory, removed at the
end; an example given --results=FILE explicitly writes FILE in that directory instead. After
the run, test.py fails if anything appeared or changed under <root>/results/.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shlex
import signal
import subprocess
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.realpath(__file__))
sys.path.insert(0, os.path.join(ROOT, "utils"))

from ns3optical import examples, interpreter, manifest, process  # noqa: E402  (path set-up)

TREE_RESULTS = os.path.join(ROOT, "results")
DEFAULT_BUILD_DIR = os.path.join(ROOT, "build")
EXAMPLES_FILE = examples.EXAMPLES_FILE
PY_SUITE_PREFIX = "optical-py-"
# Suites run by the fuzz harness build/test/optical-fuzz (test/fuzz/optical-fuzz.cc): name ->
# (its --group, default cases, default seconds). The budget is small by default (the two
# together stay under a minute on 2 cores); --fuzz-cases and --fuzz-time make longer runs.
FUZZ_PROGRAM = os.path.join("test", "optical-fuzz")
FUZZ_SUITES = {
    "optical-fuzz-loaders": ("loaders", 500, 25),
    "optical-fuzz-options": ("options", 600, 20),
}

# Names that the conditions of test/examples-to-run.py may use, as in ns-3's test.py.
CONDITION_NAMESPACE = examples.CONDITION_NAMESPACE

PASS, SKIP, FAIL, CRASH = "PASS", "SKIP", "FAIL", "CRASH"


class TestPyError(Exception):
    """An expected failure: reported as 'test.py: <message>' without a traceback."""


class Job:
    """One test to run (a suite or an example) and, once done, its result.

    kind is "TestSuite" or "Example"; name is what the result line shows; command is the
    argument list to run, or None for a test skipped for `reason`; env, if not None, is the
    environment to run it in.
    """

    def __init__(self, kind, name, command=None, reason="", env=None):
        self.kind = kind
        self.name = name
        self.command = command
        self.env = env
        self.status = SKIP if command is None else None
        self.reason = reason
        self.output = ""
        self.seconds = None  # wall time of its run, once run

    def title(self):
        """Return the test's name as the result lines show it, e.g. 'TestSuite foo'."""
        return "%s %s" % (self.kind, self.name)


# ------------------------------------------------------------------------------ discovery


def read_programs(build_dir):
    """Return {program name: executable path} from <build_dir>/programs.txt (written by CMake)."""
    try:
        return manifest.read_programs(build_dir)
    except manifest.ManifestError as error:
        raise TestPyError("no list of programs (%s): build first (./ns3 build)" % error.path)


def configured_python(build_dir):
    """Return the Python interpreter chosen by ./ns3 configure ("" if none)."""
    return interpreter.configured_python(build_dir, default="")


def list_suites(test_runner):
    """Return [(type, name)] of the suites the test runner knows, in its order."""
    if not os.path.isfile(test_runner):
        raise TestPyError("no test runner %s: build first (./ns3 build)" % test_runner)
    result = subprocess.run([test_runner, "--print-test-name-list", "--print-test-types"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, errors="replace")
    if result.returncode != 0:
        raise TestPyError("%s --print-test-name-list failed (exit code %d):\n%s"
                          % (test_runner, result.returncode, result.stderr))
    suites = []
    for line in result.stdout.splitlines():
        words = line.split()
        if words:
            suites.append((words[0].rstrip(":").lower(), words[-1]))
    return suites


def python_suites():
    """Return [(suite name, path)] of the Python test files test/**/test_*.py, sorted by
    name; the name is optical-py-<stem without test_, '_' as '-'>."""
    paths = glob.glob(os.path.join(ROOT, "test", "**", "test_*.py"), recursive=True)
    suites = {}
    for path in sorted(paths):
        stem = os.path.splitext(os.path.basename(path))[0]
        name = PY_SUITE_PREFIX + stem[len("test_"):].replace("_", "-")
        if name in suites:
            raise TestPyError("two Python test files make the suite %s: %s and %s"
                              % (name, suites[name], path))
        suites[name] = path
    return sorted(suites.items())


def fuzz_suite_job(name, build_dir, options):
    """Return the Job running one group of the fuzz harness (skipped if it was not built)."""
    program = os.path.join(build_dir, FUZZ_PROGRAM)
    if not os.path.isfile(program):
        return Job("TestSuite", name, reason="no fuzz harness %s (standalone builds only)" % program)
    group, cases, seconds = FUZZ_SUITES[name]
    command = [program, "--group=" + group,
               "--cases=%d" % (options.fuzz_cases or cases),
               "--time-limit=%g" % (options.fuzz_time or seconds),
               "--seed=%d" % options.fuzz_seed]
    return Job("TestSuite", name, command)


def python_suite_job(name, path, python, build_dir):
    """Return the Job running a Python test file (skipped if no Python was configured)."""
    if not python:
        return Job("TestSuite", name, reason="no Python with matplotlib was configured")
    env = dict(os.environ, OPTICAL_BUILD_DIR=build_dir)
    return Job("TestSuite", name, [python, path], env=env)


def load_examples():
    """Return (cpp_examples, python_examples) of test/examples-to-run.py as lists of
    (command string, condition string); both empty if the file does not exist."""
    try:
        return examples.load_examples(EXAMPLES_FILE)
    except examples.ExamplesError as error:
        raise TestPyError(str(error))


def condition_holds(condition, example):
    """Evaluate an examples-to-run.py condition string as ns-3's test.py does."""
    try:
        return examples.condition_holds(condition, example, EXAMPLES_FILE)
    except examples.ExamplesError as error:
        raise TestPyError(str(error))


example_program = examples.example_program


def find_python_script(path):
    """Return the path of a python_examples script (relative to the root or to examples/),
    or "" if it does not exist."""
    for candidate in (os.path.join(ROOT, path), os.path.join(ROOT, "examples", path)):
        if os.path.isfile(candidate):
            return candidate
    return ""


def cpp_example_job(example, condition, programs):
    """Return the Job running a cpp_examples entry (a skipped one if it cannot run)."""
    words = shlex.split(example)
    if not condition_holds(condition, example):
        return Job("Example", example, reason="condition %s is false" % condition)
    if words[0] not in programs:
        return Job("Example", example, reason="no program '%s' in programs.txt" % words[0])
    return Job("Example", example, [programs[words[0]]] + words[1:])


def isolate_results(jobs, results_dir):
    """Give every job its own results database in `results_dir`: NS3_OPTICAL_RESULTS in its
    environment (the default of --results), and an explicit --results=FILE of an example
    (other than 'none') moved into `results_dir`; and every test-runner suite its own
    temporary directory there (--tempdir): ns-3 names the default one after the second the
    runner started, so suites started in one second shared it, and the first to end removed
    the files of the others."""
    for index, job in enumerate(jobs):
        if job.command is None:
            continue
        database = os.path.join(results_dir, "test-%d.db" % index)
        job.env = dict(job.env if job.env is not None else os.environ,
                       NS3_OPTICAL_RESULTS=database)
        if job.kind == "TestSuite" and os.path.basename(job.command[0]) == "test-runner":
            job.command = job.command + ["--tempdir=" + os.path.join(results_dir,
                                                                      "tmp-%d" % index)]
        if job.kind == "Example":
            job.command = [_redirect_results(word, results_dir, index)
                           for word in job.command]


def _redirect_results(word, results_dir, index):
    """Return an argument with a --results=FILE value moved into `results_dir`."""
    match = re.match(r"^(--?results=)(.*)$", word)
    if not match or match.group(2) == "none":
        return word
    return match.group(1) + os.path.join(
        results_dir, "test-%d-%s" % (index, os.path.basename(match.group(2)) or "results.db"))


def tree_results_snapshot():
    """Return {path: (size, mtime)} of the files under <root>/results/ (empty if none)."""
    snapshot = {}
    for parent, _, files in os.walk(TREE_RESULTS):
        for name in files:
            path = os.path.join(parent, name)
            try:
                info = os.stat(path)
            except OSError:
                continue
            snapshot[path] = (info.st_size, info.st_mtime_ns)
    return snapshot


def tree_results_changes(before):
    """Return the files under <root>/results/ that appeared or changed since `before`."""
    after = tree_results_snapshot()
    return sorted(os.path.relpath(path, ROOT) for path, stamp in after.items()
                  if before.get(path) != stamp)


def python_example_job(example, condition, python):
    """Return the Job running a python_examples entry (a skipped one if it cannot run)."""
    words = shlex.split(example)
    if not condition_holds(condition, example):
        return Job("Example", example, reason="condition %s is false" % condition)
    if not python:
        return Job("Example", example, reason="no Python with matplotlib was configured")
    script = find_python_script(words[0])
    if not script:
        return Job("Example", example, reason="no script %s" % words[0])
    return Job("Example", example, [python, script] + words[1:])


# ------------------------------------------------------------------------------ selection


def select_jobs(options, build_dir):
    """Return the Jobs to run according to the options (ns-3's test.py semantics)."""
    test_runner = os.path.join(build_dir, "utils", "test-runner")
    jobs = []
    run_suites = not options.example and options.constrain != "example"
    run_examples = not options.suite and options.constrain in (None, "example")

    if options.suite or run_suites:
        suites = list_suites(test_runner)
        py_suites = python_suites()
        if options.suite:
            names = ([name for _, name in suites] + [name for name, _ in py_suites]
                     + list(FUZZ_SUITES))
            if options.suite not in names:
                raise TestPyError("unknown test suite '%s'; valid suites:\n%s"
                                  % (options.suite, indent(names)))
            selected = [name for _, name in suites if name == options.suite]
            py_selected = [(n, p) for n, p in py_suites if n == options.suite]
            fuzz_selected = [n for n in FUZZ_SUITES if n == options.suite]
        elif options.constrain:
            selected = [name for kind, name in suites if kind == options.constrain]
            py_selected = py_suites if options.constrain == "system" else []
            fuzz_selected = list(FUZZ_SUITES) if options.constrain == "system" else []
        else:
            selected = [name for kind, name in suites if kind != "performance"]
            py_selected = py_suites
            fuzz_selected = list(FUZZ_SUITES)
        fullness = "--fullness=" + options.fullness
        jobs += [Job("TestSuite", name, [test_runner, "--test-name=" + name, fullness])
                 for name in selected]
        python = configured_python(build_dir) if py_selected else ""
        jobs += [python_suite_job(name, path, python, build_dir) for name, path in py_selected]
        jobs += [fuzz_suite_job(name, build_dir, options) for name in fuzz_selected]

    if options.example or run_examples:
        cpp_examples, python_examples = load_examples()
        programs = read_programs(build_dir) if cpp_examples else {}
        python = configured_python(build_dir)
        if options.example:
            names = ([example_program(e) for e, _ in cpp_examples]
                     + [os.path.basename(example_program(e)) for e, _ in python_examples])
            if options.example not in names:
                raise TestPyError("unknown example '%s'; valid examples:\n%s"
                                  % (options.example, indent(sorted(set(names)))))
            cpp_examples = [(e, c) for e, c in cpp_examples
                            if example_program(e) == options.example]
            python_examples = [(e, c) for e, c in python_examples
                               if os.path.basename(example_program(e)) == options.example]
        jobs += [cpp_example_job(e, c, programs) for e, c in cpp_examples]
        jobs += [python_example_job(e, c, python) for e, c in python_examples]
    return jobs


def indent(names):
    """Return `names` one per line, indented (or '(none)')."""
    return "\n".join("    " + name for name in names) or "    (none)"


def print_list(options, build_dir):
    """Print the suites with their types, then the examples (the -l option)."""
    if options.constrain != "example":
        suites = list_suites(os.path.join(build_dir, "utils", "test-runner"))
        print("Test Type    Test Name")
        print("---------    ---------")
        for kind, name in suites:
            if options.constrain in (None, kind):
                print("%-12s %s" % (kind, name))
        if options.constrain in (None, "system"):
            for name, _ in python_suites():
                print("%-12s %s" % ("system", name))
            for name in FUZZ_SUITES:
                print("%-12s %s" % ("system", name))
    if options.constrain in (None, "example"):
        cpp_examples, python_examples = load_examples()
        print("\nExample (condition)")
        print("-------")
        for example, condition in cpp_examples + python_examples:
            print("%s (%s)" % (example, condition))


# ------------------------------------------------------------------------------ execution


class Runner:
    """Runs Jobs in parallel, each in its own process group (ns3optical.process), and can kill
    them all."""

    def __init__(self, timeout):
        self.timeout = timeout
        self.processes = process.ProcessSet(stop_signal=signal.SIGKILL)

    def run(self, job):
        """Run `job`, setting its status, reason and output; return it."""
        started = time.monotonic()
        outcome = self.processes.run(job.command, timeout=self.timeout, cwd=ROOT, env=job.env,
                                     capture="merged")
        job.seconds = time.monotonic() - started
        if outcome is None:  # stopping
            return job
        if outcome["error"]:
            job.status, job.reason = FAIL, outcome["error"]
            return job
        job.output = outcome["output"]
        rc = outcome["returncode"]
        if outcome["timed_out"]:
            job.status, job.reason = FAIL, "timeout after %g s" % self.timeout
        elif rc == 0:
            job.status = PASS
        elif rc < 0:
            job.status = CRASH
            job.reason = "killed by signal %s" % process.signal_name(-rc)
        else:
            job.status = FAIL
            job.reason = "exit code %d" % rc
        return job

    def stop(self):
        """Start no more jobs and kill the running ones."""
        self.processes.stop()


signal_name = process.signal_name


def report(job, index, total, verbose):
    """Print the result line of `job` (and its output on failure or if verbose)."""
    line = "[%d/%d] %s: %s" % (index, total, job.status, job.title())
    if job.reason:
        line += " (%s)" % job.reason
    if job.seconds is not None:
        line += " %.1f s" % job.seconds
    print(line, flush=True)
    if job.output and (verbose or job.status in (FAIL, CRASH)):
        print(job.output.rstrip("\n"), flush=True)


def run_jobs(jobs, options):
    """Run `jobs` (reporting skipped ones first) and print each result as it comes."""
    total = len(jobs)
    done = 0
    for job in jobs:
        if job.status == SKIP:
            done += 1
            report(job, done, total, options.verbose)
    runner = Runner(options.timeout)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=options.jobs)
    futures = []
    try:
        futures = [pool.submit(runner.run, job) for job in jobs if job.status is None]
        for future in concurrent.futures.as_completed(futures):
            done += 1
            report(future.result(), done, total, options.verbose)
    except KeyboardInterrupt:
        runner.stop()
        for future in futures:
            future.cancel()
        raise
    finally:
        pool.shutdown(wait=True)


def print_slowest(jobs, count):
    """Print the `count` tests that took the most wall time, and the sum over all of them."""
    timed = sorted((job for job in jobs if job.seconds is not None),
                   key=lambda job: job.seconds, reverse=True)
    if not timed or count == 0:
        return
    print("Slowest %d of %d tests (%.0f s of test time in all):"
          % (min(count, len(timed)), len(timed), sum(job.seconds for job in timed)))
    for job in timed[:count]:
        print("    %7.1f s  %s" % (job.seconds, job.title()))


def summarize(jobs):
    """Print ns-3's summary and the final count line; return the exit code."""
    counts = {status: sum(1 for job in jobs if job.status == status)
              for status in (PASS, SKIP, FAIL, CRASH)}
    print("%d of %d tests passed (%d passed, %d skipped, %d failed, %d crashed, "
          "0 valgrind errors)" % (counts[PASS], len(jobs), counts[PASS], counts[SKIP],
                                  counts[FAIL], counts[CRASH]))
    for status, label in ((FAIL, "FAILed"), (CRASH, "CRASHed")):
        if counts[status]:
            print("List of %s tests:" % label)
            for job in jobs:
                if job.status == status:
                    print("    " + job.title())
    ran = counts[PASS] + counts[FAIL] + counts[CRASH]
    if not ran:
        sys.stdout.flush()
        print("test.py: no tests were run", file=sys.stderr, flush=True)
    failed = counts[FAIL] + counts[CRASH]
    print("%d passed, %d failed, %d skipped" % (counts[PASS], failed, counts[SKIP]),
          flush=True)
    return 1 if failed or not ran else 0


# ------------------------------------------------------------------------------ command line


def positive_number(cast):
    """Return an argparse type converting with `cast` and requiring a value > 0."""
    def convert(text):
        try:
            value = cast(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError("expected a positive number, got %r" % text)
        return value
    return convert


def make_parser():
    """Return the argument parser of test.py."""
    parser = argparse.ArgumentParser(
        prog="test.py",
        description="Build the module, then run its test suites and examples (like ns-3's "
                    "test.py). By default every suite (except performance ones) and every "
                    "example runs.")
    parser.add_argument("-s", "--suite", help="run only this test suite")
    parser.add_argument("-e", "--example",
                        help="run only the examples of test/examples-to-run.py whose program "
                             "is this one")
    parser.add_argument("-c", "--constrain",
                        choices=["unit", "system", "example", "performance"],
                        help="run only suites of this type ('example': only the examples)")
    parser.add_argument("-f", "--fullness", default="QUICK",
                        choices=["QUICK", "EXTENSIVE", "TAKES_FOREVER"],
                        help="test suite fullness (default: %(default)s)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print the output of every test, not only of failed ones")
    parser.add_argument("-l", "--list", action="store_true",
                        help="list the test suites and examples, and exit")
    parser.add_argument("-j", "--jobs", type=positive_number(int), default=os.cpu_count() or 1,
                        help="tests run in parallel (default: %(default)s)")
    parser.add_argument("-n", "--no-build", action="store_true",
                        help="do not build before testing")
    parser.add_argument("--timeout", type=positive_number(float), default=1800,
                        metavar="SECONDS",
                        help="time limit of each test (default: %(default)s)")
    parser.add_argument("--durations", type=int, default=10, metavar="N",
                        help="list the N slowest tests before the summary (0: none; "
                             "default: %(default)s)")
    parser.add_argument("--build-dir", default=DEFAULT_BUILD_DIR,
                        help="CMake build directory (default: %(default)s)")
    parser.add_argument("--fuzz-cases", type=positive_number(int), metavar="N",
                        help="cases per target of the fuzz suites (default: %s)"
                             % ", ".join("%d for %s" % (c, n) for n, (_, c, _) in FUZZ_SUITES.items()))
    parser.add_argument("--fuzz-time", type=positive_number(float), metavar="SECONDS",
                        help="time budget of each fuzz suite (default: %s)"
                             % ", ".join("%g s for %s" % (t, n) for n, (_, _, t) in FUZZ_SUITES.items()))
    parser.add_argument("--fuzz-seed", type=positive_number(int), default=1, metavar="S",
                        help="random seed of the fuzz suites (default: %(default)s)")
    return parser


def main(argv):
    """Run test.py with the arguments `argv` (without the program name); return the exit code."""
    options = make_parser().parse_args(argv)
    build_dir = os.path.abspath(options.build_dir)
    if not options.no_build:
        command = [sys.executable, os.path.join(ROOT, "ns3"), "build",
                   "--build-dir", build_dir]
        started = time.monotonic()
        if subprocess.call(command) != 0:
            raise TestPyError("the build failed")
        print("test.py: the build took %.0f s" % (time.monotonic() - started), flush=True)
    if options.list:
        print_list(options, build_dir)
        return 0
    jobs = select_jobs(options, build_dir)
    before = tree_results_snapshot()
    results_dir = tempfile.mkdtemp(prefix="ns3-optical-test-results-")
    try:
        isolate_results(jobs, results_dir)
        run_jobs(jobs, options)
    finally:
        shutil.rmtree(results_dir, ignore_errors=True)
    print_slowest(jobs, options.durations)
    code = summarize(jobs)
    changed = tree_results_changes(before)
    if changed:
        sys.stdout.flush()
        print("test.py: the tests wrote into the source tree (results belong in the "
              "temporary NS3_OPTICAL_RESULTS database):\n%s" % indent(changed),
              file=sys.stderr, flush=True)
        return 1
    return code


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TestPyError as error:
        sys.stdout.flush()
        print("test.py: %s" % error, file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:
        sys.stdout.flush()
        print("test.py: interrupted", file=sys.stderr)
        sys.exit(130)
