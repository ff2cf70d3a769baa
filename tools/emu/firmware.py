"""Which firmware the emulated Pico runs: the user's own, never one of the
project's (it ships none). MicroPython from ``--firmware`` or ``PICO_UF2``
(the RPI_PICO .uf2 of MicroPython's download page); CircuitPython from
``--firmware`` or ``CP_FIRMWARE`` and, to compile the app for it,
``CP_MPY_CROSS`` (Adafruit's mpy-cross of the same CircuitPython version).

``micropython()`` / ``circuitpython()`` return a ``Firmware`` (its path, the
flash image, the version it names) or raise ``NoFirmware`` (none given: the
device checks are skipped, and tools exit 2 saying how to give one) or
``BadFirmware`` (one given that cannot work: not a UF2, another chip, a
MicroPython too old for the project's .mpy files; exit 2). CPython only;
imports os, re, subprocess and tools/emu/uf2.py.
"""

import os
import re
import subprocess

from emu import uf2

DOC = "docs/device-checks.md"
MP_ENV = "PICO_UF2"
CP_ENV = "CP_FIRMWARE"
CP_MPY_ENV = "CP_MPY_CROSS"
# the project's .mpy files (mpy-cross 1.29, native code for armv6m) are .mpy
# version 6, sub-version 3: a MicroPython loads native code of its own
# sub-version only, 6.3 since v1.23
MPY_FROM = (1, 23)
MP_VERSION = re.compile(rb"MicroPython v(\d+)\.(\d+)(?:\.(\d+))?")
CP_VERSION = re.compile(rb"CircuitPython (\d+)\.(\d+)\.(\d+)")
MPY_CROSS_CP = re.compile(r"CircuitPython (\d+)\.(\d+)")


class NoFirmware(Exception):
    """No firmware was given: the check cannot run (a skip, not a failure)."""


class BadFirmware(Exception):
    """A firmware was given that the emulated Pico cannot use."""


class Firmware:
    def __init__(self, path, flash, runtime, version):
        self.path = path
        self.flash = flash
        self.runtime = runtime  # "mp" or "cp"
        self.version = version  # (major, minor, patch)

    def describe(self):
        name = "MicroPython" if self.runtime == "mp" else "CircuitPython"
        return "%s %s (%s)" % (name, ".".join(str(v) for v in self.version), self.path)


def _given(flag, env_name, environ):
    environ = os.environ if environ is None else environ
    return flag or environ.get(env_name, "").strip() or None


def _load(path):
    if not os.path.isfile(path):
        raise BadFirmware("firmware %s: no such file" % path)
    try:
        return uf2.load(path)
    except uf2.FirmwareError as e:
        raise BadFirmware("firmware %s: %s" % (path, e)) from None


def _read(flag, env_name, environ, name, example, pattern):
    """The ``name`` firmware given (``flag``, else $``env_name``), read:
    (its path, its flash, ``pattern``'s match of the version it names).
    NoFirmware, saying how to give one (``example`` its file), when none is;
    BadFirmware when it is not a UF2 or names no version."""
    path = _given(flag, env_name, environ)
    if path is None:
        raise NoFirmware(
            "no %s firmware: set %s=path/to/%s (a tool takes --firmware; the project ships"
            " none; %s)" % (name, env_name, example, DOC)
        )
    flash = _load(path)
    found = pattern.search(flash)
    if found is None:
        raise BadFirmware("firmware %s: not a %s firmware (it names no version)" % (path, name))
    return path, flash, found


def micropython(flag=None, environ=None):
    """The MicroPython firmware given (``flag``, else $PICO_UF2), checked."""
    path, flash, found = _read(
        flag, MP_ENV, environ, "MicroPython", "RPI_PICO-v1.28.0.uf2", MP_VERSION
    )
    version = tuple(int(v or 0) for v in found.groups())
    if version[:2] < MPY_FROM:
        raise BadFirmware(
            "firmware %s is MicroPython v%d.%d.%d, which cannot load the project's .mpy files"
            " (version 6.3 with native code: MicroPython v%d.%d or newer; v1.28.0 is measured)"
            % ((path,) + version + MPY_FROM)
        )
    return Firmware(path, flash, "mp", version)


def circuitpython(flag=None, environ=None):
    """The CircuitPython firmware given (``flag``, else $CP_FIRMWARE), checked."""
    path, flash, found = _read(
        flag, CP_ENV, environ, "CircuitPython", "the raspberry_pi_pico .uf2", CP_VERSION
    )
    return Firmware(path, flash, "cp", tuple(int(v) for v in found.groups()))


def cp_mpy_cross(fw, flag=None, environ=None):
    """The CircuitPython mpy-cross given ($CP_MPY_CROSS), checked against the
    firmware ``fw``: NoFirmware when none is given, BadFirmware when it does
    not run or is of another CircuitPython major version."""
    path = _given(flag, CP_MPY_ENV, environ)
    if path is None:
        raise NoFirmware(
            "no CircuitPython mpy-cross: set %s=path/to/mpy-cross (Adafruit's, for"
            " CircuitPython %d.x; %s)" % (CP_MPY_ENV, fw.version[0], DOC)
        )
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise BadFirmware("%s=%s does not run here: %s" % (CP_MPY_ENV, path, e)) from None
    said = (proc.stdout + proc.stderr).strip()
    found = MPY_CROSS_CP.search(said)
    if proc.returncode or found is None:
        raise BadFirmware(
            "%s=%s is not CircuitPython's mpy-cross (it says %r)" % (CP_MPY_ENV, path, said[:80])
        )
    if int(found.group(1)) != fw.version[0]:
        raise BadFirmware(
            "%s=%s is for CircuitPython %s.%s; the firmware is %s: its .mpy files would not load"
            % (CP_MPY_ENV, path, found.group(1), found.group(2), fw.describe())
        )
    return path
