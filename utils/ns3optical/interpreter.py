"""Finding the Python interpreter that has what the module's tools need.

./ns3 and ./test.py run with any python3 and the standard library; figures need matplotlib
and cluster sweeps need Dask's 'distributed'. Those are often installed for Debian's
/usr/bin/python3 only (not for a pyenv or virtualenv `python3` first on PATH), so
./ns3 configure looks for an interpreter that can import them (find_python) and saves it in
the build directory; the tools are then run with it (configured_python).
"""

import os
import shutil
import subprocess
import sys

from . import manifest

#: What an interpreter must import, and what it should import if one can.
REQUIRED_MODULES = ("matplotlib",)
PREFERRED_MODULES = ("distributed",)
PROBE_TIMEOUT = 300


def python_candidates(environ=None):
    """Return the interpreters to try, in order of preference: $OPTICAL_PYTHON, Debian's
    /usr/bin/python3, then python3 and python3.N found on PATH (each once)."""
    environ = os.environ if environ is None else environ
    candidates = []
    if environ.get("OPTICAL_PYTHON"):
        candidates.append(environ["OPTICAL_PYTHON"])
    candidates.append("/usr/bin/python3")
    for name in ["python3"] + ["python3.%d" % minor for minor in range(20, 7, -1)]:
        path = shutil.which(name)
        if path:
            candidates.append(path)
    unique = []
    for path in candidates:
        if path not in unique:
            unique.append(path)
    return unique


def can_import(python, modules):
    """Return True if the interpreter `python` can import every module of `modules`."""
    if not modules:
        return True
    try:
        return subprocess.run([python, "-c", "import " + ", ".join(modules)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=PROBE_TIMEOUT).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def find_python(required=REQUIRED_MODULES, preferred=PREFERRED_MODULES, warn=None):
    """Return the first candidate that imports every `required` module, preferring one that
    also imports the `preferred` ones; "" if none can. $OPTICAL_PYTHON, when it imports the
    required modules, is taken as it is; when it does not, warn(message) is called."""
    chosen = os.environ.get("OPTICAL_PYTHON")
    usable = []
    for path in python_candidates():
        if not can_import(path, required):
            if path == chosen and warn is not None:
                warn("OPTICAL_PYTHON=%s cannot import %s" % (path, ", ".join(required)))
            continue
        if path == chosen:
            return path
        usable.append(path)
        if can_import(path, preferred):
            return path
    return usable[0] if usable else ""


def configured_python(build_dir, default=None):
    """Return the interpreter ./ns3 configure chose for `build_dir` (its saved options, else
    OPTICAL_PYTHON of its CMake cache); `default` (this interpreter if None) if none was
    chosen. Pass default="" to learn whether one was."""
    python = (manifest.load_config(build_dir).get("python")
              or manifest.read_cmake_cache(build_dir).get("OPTICAL_PYTHON", ""))
    if python:
        return python
    return sys.executable if default is None else default
