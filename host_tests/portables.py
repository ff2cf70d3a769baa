"""Which test modules are portable, for the runners that take them to
other interpreters: ``portable_modules()``, the names of host_tests'
test_*.py files whose first line starts '# portable' (test_micropython runs
them under the MicroPython unix port, test_web_node under WebAssembly).
CPython only (``glob``). Not a test module. Imports nothing of the project.
"""

import glob
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MARK = "# portable"


def portable_modules():
    names = []
    for path in sorted(glob.glob(os.path.join(HERE, "test_*.py"))):
        with open(path) as f:
            first = f.readline()
        if first.startswith(MARK):
            names.append(os.path.basename(path)[:-3])
    return names
