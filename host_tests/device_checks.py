"""The firmware for the device checks (the tests that boot the emulated Pico
of tools/emu): the user's own, given by $PICO_UF2 (MicroPython) or
$CP_FIRMWARE and $CP_MPY_CROSS (CircuitPython); the project ships none.

Without one the check is skipped with a reason starting ``NOT_RUN``, even
under CI=true: a firmware is the one thing CI may lack (host_tests/conftest.py
lists these skips at the end under their own heading). Every other missing
tool (Node.js, the FAT tools) goes through unixport.missing: skipped, but a
failure under CI=true. A firmware given that cannot work fails the test.
CPython only; imports pytest, unixport and tools/emu (firmware, fsimage,
workdir).
"""

import os
import sys

import pytest
from unixport import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

from emu import firmware, fsimage, workdir  # noqa: E402

NOT_RUN = "device check not run: "


def not_run(why):
    """Skip for a missing firmware (allowed under CI=true too)."""
    pytest.skip(NOT_RUN + why)


def node():
    try:
        workdir.node()
    except workdir.SetupError as e:
        missing("the emulated Pico needs Node.js: %s" % e)


def mp_firmware():
    """The MicroPython firmware given, checked; skips or fails as above."""
    node()
    try:
        return firmware.micropython()
    except firmware.NoFirmware as e:
        not_run(str(e))
    except firmware.BadFirmware as e:
        pytest.fail(str(e))


def cp_firmware():
    """The CircuitPython firmware and its mpy-cross, checked (the FAT tools
    too); skips or fails as above."""
    node()
    try:
        fsimage.fat_tools()
    except fsimage.ImageError as e:
        missing("the emulated CircuitPython Pico: %s" % e)
    try:
        fw = firmware.circuitpython()
        firmware.cp_mpy_cross(fw)
        return fw
    except firmware.NoFirmware as e:
        not_run(str(e))
    except firmware.BadFirmware as e:
        pytest.fail(str(e))
