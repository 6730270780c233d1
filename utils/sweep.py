#!/usr/bin/env python3
"""utils/sweep.py: the sweep runner, also `./ns3 sweep`.

The code is ns3optical.sweep (utils/ns3optical/sweep.py); see its docstring or --help.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

from ns3optical import sweep  # noqa: E402  (after the path set-up)

if __name__ == "__main__":
    sweep.cli()
