#!/usr/bin/env python3
"""Tests of the shared modules of the ns3optical package (utils/ns3optical/) on hand-made
inputs: the program-list reader (manifest), the process runner (process: exit status,
signals, timeouts that kill the whole process group, captured output, stderr tail, stopping a
set), the interpreter finder (interpreter) and the examples file (examples).

Run directly (python3 test/results/test_ns3optical.py) or through test.py (suite
optical-py-ns3optical).
"""

import json
import os
import signal
import sys
import tempfile
import threading
import time
import unittest

import optical_test_support as support
from optical_test_support import TempDirTestCase

from ns3optical import examples, interpreter, manifest, process


class ManifestTest(TempDirTestCase):
    """programs.txt, the saved options and CMakeCache.txt."""

    def write(self, name, text):
        with open(self.path(name), "w") as stream:
            stream.write(text)

    def test_parse(self):
        self.assertEqual(manifest.parse_programs("a=examples\n\n b=utils/bench \nbad\n=x\nc=\n"),
                         [("a", "examples"), ("b", "utils/bench"), ("c", "")])

    def test_read(self):
        self.write("programs.txt", "p1=examples\np2=utils/bench\np3=examples\n")
        self.assertEqual(manifest.read_programs(self.tmp),
                         {"p1": os.path.join(self.tmp, "examples", "p1"),
                          "p2": os.path.join(self.tmp, "utils/bench", "p2"),
                          "p3": os.path.join(self.tmp, "examples", "p3")})
        self.assertEqual(list(manifest.read_programs(self.tmp, under="examples")), ["p1", "p3"])

    def test_missing(self):
        with self.assertRaises(manifest.ManifestError) as caught:
            manifest.read_programs(self.tmp)
        self.assertEqual(caught.exception.path, os.path.join(self.tmp, "programs.txt"))
        self.assertEqual(manifest.read_programs_or_empty(self.tmp), {})

    def test_configuration(self):
        self.assertFalse(manifest.is_configured(self.tmp))
        self.write("CMakeCache.txt", "# c\n//doc\nCMAKE_BUILD_TYPE:STRING=Release\n"
                                     "OPTICAL_PYTHON:FILEPATH=/opt/py\n")
        self.assertTrue(manifest.is_configured(self.tmp))
        self.assertEqual(manifest.read_cmake_cache(self.tmp)["CMAKE_BUILD_TYPE"], "Release")
        self.assertEqual(interpreter.configured_python(self.tmp), "/opt/py")
        self.write("ns3-optical-config.json", json.dumps({"python": "/usr/bin/python3"}))
        self.assertEqual(interpreter.configured_python(self.tmp), "/usr/bin/python3")
        self.write("ns3-optical-config.json", "not json")
        self.assertEqual(manifest.load_config(self.tmp), {})

    def test_no_configured_python(self):
        self.assertEqual(interpreter.configured_python(self.tmp, default=""), "")
        self.assertEqual(interpreter.configured_python(self.tmp), sys.executable)


class ProcessTest(unittest.TestCase):
    """process.run and ProcessSet on small shell commands."""

    def test_exit_status_and_capture(self):
        command = ["sh", "-c", "echo out; echo err >&2; exit 3"]
        outcome = process.run(command, capture="stdout")
        self.assertEqual(outcome["returncode"], 3)
        self.assertEqual(outcome["output"], "out\n")
        self.assertEqual(outcome["stderr_tail"], "err")
        self.assertEqual(process.describe_exit(outcome), "exit status 3")
        merged = process.run(command, capture="merged")
        self.assertEqual(sorted(merged["output"].split()), ["err", "out"])
        self.assertEqual(process.run(command)["output"], "")

    def test_stderr_tail(self):
        outcome = process.run(["sh", "-c", "for i in $(seq 1 50); do echo $i >&2; done"])
        self.assertEqual(outcome["stderr_tail"].splitlines(),
                         [str(i) for i in range(51 - process.STDERR_TAIL_LINES, 51)])

    def test_signal(self):
        outcome = process.run(["sh", "-c", "kill -SEGV $$"])
        self.assertEqual(outcome["returncode"], -signal.SIGSEGV)
        self.assertEqual(process.describe_exit(outcome), "killed by signal SIGSEGV")

    def test_cannot_start(self):
        outcome = process.run(["/nonexistent/program"])
        self.assertIsNone(outcome["returncode"])
        self.assertIn("cannot run /nonexistent/program", outcome["error"])

    def test_timeout_kills_the_group(self):
        # The child's own child must die too: it would otherwise keep writing 'late'.
        marker = os.path.join(tempfile.gettempdir(), "ns3optical-test-%d" % os.getpid())
        self.addCleanup(lambda: os.path.exists(marker) and os.remove(marker))
        script = "(sleep 1; echo late > %s) & sleep 30" % marker
        start = time.monotonic()
        outcome = process.run(["sh", "-c", script], timeout=0.3)
        self.assertTrue(outcome["timed_out"])
        self.assertEqual(outcome["returncode"], -signal.SIGKILL)
        self.assertLess(time.monotonic() - start, 10)
        time.sleep(1.5)
        self.assertFalse(os.path.exists(marker), "a process of the group survived")

    def test_env_and_cwd(self):
        outcome = process.run(["sh", "-c", "echo $X; pwd"], env=dict(os.environ, X="42"),
                              cwd="/", capture="stdout")
        self.assertEqual(outcome["output"].split(), ["42", "/"])

    def test_set_stop(self):
        processes = process.ProcessSet(stop_signal=signal.SIGTERM)
        started = threading.Event()
        result = {}

        def run():
            result["outcome"] = processes.run(["sleep", "30"],
                                              on_start=lambda p: started.set())

        thread = threading.Thread(target=run)
        thread.start()
        self.assertTrue(started.wait(10))
        processes.stop()
        thread.join(10)
        self.assertEqual(result["outcome"]["returncode"], -signal.SIGTERM)
        self.assertIsNone(processes.run(["true"]), "a stopped set starts nothing")


class InterpreterTest(unittest.TestCase):
    """The order of the candidates and the choice."""

    def test_candidates(self):
        candidates = interpreter.python_candidates({"OPTICAL_PYTHON": "/opt/x/python"})
        self.assertEqual(candidates[:2], ["/opt/x/python", "/usr/bin/python3"])
        self.assertEqual(len(candidates), len(set(candidates)))

    def test_can_import(self):
        self.assertTrue(interpreter.can_import(sys.executable, ("json", "sqlite3")))
        self.assertFalse(interpreter.can_import(sys.executable, ("no_such_module_xyz",)))
        self.assertFalse(interpreter.can_import("/nonexistent/python", ("json",)))

    def test_find(self):
        found = interpreter.find_python(required=("json",), preferred=())
        self.assertTrue(found and interpreter.can_import(found, ("json",)))
        self.assertEqual(interpreter.find_python(required=("no_such_module_xyz",)), "")


class ExamplesTest(TempDirTestCase):
    """The examples file and its conditions."""

    def test_load(self):
        path = self.path("examples.py")
        with open(path, "w") as stream:
            stream.write('cpp_examples = [("a --x=1", "True", "False"), '
                         '("b", "ENABLE_MPI", "False")]\npython_examples = []\n')
        cpp, py = examples.load_examples(path)
        self.assertEqual(cpp, [("a --x=1", "True"), ("b", "ENABLE_MPI")])
        self.assertEqual(py, [])
        self.assertTrue(examples.condition_holds("True", "a"))
        self.assertFalse(examples.condition_holds("ENABLE_MPI", "b"))
        with self.assertRaises(examples.ExamplesError):
            examples.condition_holds("NO_SUCH_NAME", "b")
        self.assertEqual(examples.example_program("a --x=1"), "a")

    def test_bad_entry(self):
        path = self.path("examples.py")
        with open(path, "w") as stream:
            stream.write('cpp_examples = [("",)]\n')
        with self.assertRaises(examples.ExamplesError):
            examples.load_examples(path)

    def test_module_file(self):
        cpp, _ = examples.load_examples()
        self.assertGreater(len(cpp), 10)


if __name__ == "__main__":
    support.main()
