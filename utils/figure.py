#!/usr/bin/env python3
"""utils/figure.py: the figure command, also `./ns3 figure`.

The code is ns3optical.figure (utils/ns3optical/figure.py); see its docstring or --help.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

from ns3optical import figure  # noqa: E402  (after the path set-up)

if __name__ == "__main__":
    figure.cli()
