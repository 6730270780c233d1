#!/usr/bin/env python3
"""utils/results.py: the results store's command line (list, show, export, merge), also `./ns3 results`.

The code is ns3optical.results_cli (utils/ns3optical/results_cli.py); see its docstring or --help.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))

from ns3optical import results_cli  # noqa: E402  (after the path set-up)

if __name__ == "__main__":
    results_cli.cli()
