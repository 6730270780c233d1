"""ns3optical: the Python side of the ns-3 module 'optical', as one importable package.

Modules (standard library only; matplotlib and Dask's 'distributed' are imported lazily by
the few functions that need them):

  manifest     what CMake and ./ns3 configure wrote in a build directory: the program list
               (<build>/programs.txt), the saved configure options and CMakeCache.txt
  process      running programs each in its own process group: timeouts, stopping on
               signals, exit status, stderr tail; the foreground runner of ./ns3 run
  interpreter  finding the Python that has what a tool needs (matplotlib, distributed)
  examples     test/examples-to-run.py: its entries and their conditions
  results      the results store (SQLite): schema, reading, exporting, merging, claims
  results_cli  utils/results.py (./ns3 results)
  sweep        parameter sweeps (utils/sweep.py, ./ns3 sweep)
  figure       declared figures (utils/figure.py, ./ns3 figure); figures/: the declarations
  metrics      `name: value` metrics of example outputs (utils/check-metrics)

The command-line scripts (./ns3, ./test.py, utils/*.py, utils/check-metrics) put utils/ on
sys.path and import from here; nothing in the package edits sys.path.
"""

import os

#: The root of the module (the directory holding ns3, test.py, utils/).
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
