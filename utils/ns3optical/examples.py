"""test/examples-to-run.py, read in one place: its entries and their conditions, evaluated
as ns-3's test.py does. Used by ./test.py and utils/check-metrics."""

import os
import shlex

from . import ROOT

EXAMPLES_FILE = os.path.join(ROOT, "test", "examples-to-run.py")

# Names that the conditions of test/examples-to-run.py may use, as in ns-3's test.py.
CONDITION_NAMESPACE = {
    "ENABLE_REAL_TIME": True,
    "ENABLE_THREADING": True,
    "ENABLE_EXAMPLES": True,
    "ENABLE_TESTS": True,
    "NSCLICK": False,
    "ENABLE_EMU": False,
    "ENABLE_TAP": False,
    "ENABLE_MPI": False,
    "ENABLE_OPENFLOW": False,
    "EXAMPLE_DIRECTORIES": [],
    "ENABLE_PYTHON_BINDINGS": False,
    "ENABLE_VALGRIND_TESTS": False,
}


class ExamplesError(Exception):
    """test/examples-to-run.py cannot be read, or an entry or condition is malformed."""


def load_examples(path=EXAMPLES_FILE):
    """Return (cpp_examples, python_examples) of the examples file as lists of
    (command string, condition string); both empty if the file does not exist."""
    if not os.path.isfile(path):
        return [], []
    namespace = {}
    try:
        with open(path) as stream:
            exec(compile(stream.read(), path, "exec"), namespace)
    except Exception as error:
        raise ExamplesError("cannot read %s: %s" % (path, error))
    lists = []
    for key in ("cpp_examples", "python_examples"):
        entries = []
        for entry in namespace.get(key, []):
            try:
                valid = len(entry) >= 2 and bool(shlex.split(entry[0]))
            except (TypeError, AttributeError, ValueError):
                valid = False
            if not valid:
                raise ExamplesError("%s: bad entry in %s: %r (expected (\"program --args\", "
                                    "\"condition\", ...))" % (path, key, entry))
            entries.append((entry[0], entry[1]))
        lists.append(entries)
    return lists[0], lists[1]


def condition_holds(condition, example, path=EXAMPLES_FILE):
    """Evaluate an examples-to-run.py condition string as ns-3's test.py does."""
    try:
        return bool(eval(condition, dict(CONDITION_NAMESPACE)))
    except Exception as error:
        raise ExamplesError("%s: cannot evaluate the condition %r of %r: %s"
                            % (path, condition, example, error))


def example_program(example):
    """Return the program name (first word) of an example command string."""
    words = shlex.split(example)
    return words[0] if words else ""
