"""What CMake and ./ns3 configure write in a build directory, read in one place.

  <build>/programs.txt             the manifest of built programs, one 'name=dir' line each
                                   (dir relative to the build directory), written by
                                   CMakeLists.txt (optical_programs)
  <build>/ns3-optical-config.json  the options of the last ./ns3 configure
  <build>/CMakeCache.txt           CMake's cache
"""

import json
import os
import re

PROGRAMS_FILE = "programs.txt"
CONFIG_FILE = "ns3-optical-config.json"
CACHE_FILE = "CMakeCache.txt"


class ManifestError(Exception):
    """The program list of a build directory cannot be read; `path` is the file."""

    def __init__(self, path, reason):
        Exception.__init__(self, "no list of programs (%s): %s" % (path, reason))
        self.path = path


def programs_path(build_dir):
    """Return the path of the program list of `build_dir`."""
    return os.path.join(build_dir, PROGRAMS_FILE)


def parse_programs(text):
    """Return [(name, directory relative to the build directory)] of a programs.txt text,
    in its order (blank and malformed lines are ignored)."""
    entries = []
    for line in text.splitlines():
        name, sep, rel_dir = line.strip().partition("=")
        if sep and name:
            entries.append((name, rel_dir))
    return entries


def read_entries(build_dir):
    """Return [(name, relative directory)] of <build_dir>/programs.txt; raise ManifestError
    if it cannot be read."""
    path = programs_path(build_dir)
    try:
        with open(path) as stream:
            return parse_programs(stream.read())
    except OSError as error:
        raise ManifestError(path, error.strerror or str(error))


def read_programs(build_dir, under=None):
    """Return {program name: executable path} of <build_dir>/programs.txt; with `under`
    (e.g. "examples"), only the programs whose directory starts with that folder. Raise
    ManifestError if the list cannot be read."""
    programs = {}
    for name, rel_dir in read_entries(build_dir):
        if under is None or rel_dir.split("/")[0] == under:
            programs[name] = os.path.join(build_dir, rel_dir, name)
    return programs


def read_programs_or_empty(build_dir):
    """Return read_programs(build_dir), or {} if there is no program list."""
    try:
        return read_programs(build_dir)
    except ManifestError:
        return {}


def config_path(build_dir):
    """Return the path of the saved configure options of `build_dir`."""
    return os.path.join(build_dir, CONFIG_FILE)


def load_config(build_dir):
    """Return the options saved by the last ./ns3 configure of `build_dir`, or {} if none."""
    try:
        with open(config_path(build_dir)) as stream:
            config = json.load(stream)
    except (OSError, ValueError):
        return {}
    return config if isinstance(config, dict) else {}


def read_cmake_cache(build_dir):
    """Return the entries of <build_dir>/CMakeCache.txt as {name: value} ({} if absent)."""
    entries = {}
    try:
        with open(os.path.join(build_dir, CACHE_FILE), errors="replace") as stream:
            for line in stream:
                match = re.match(r"([^#/][^:=]*):[^=]*=(.*)$", line.rstrip("\n"))
                if match:
                    entries[match.group(1)] = match.group(2)
    except OSError:
        pass
    return entries


def is_configured(build_dir):
    """Return True if CMake has configured `build_dir`."""
    return os.path.isfile(os.path.join(build_dir, CACHE_FILE))
