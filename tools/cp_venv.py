"""Create and use .venv-cp, the separate environment for the CircuitPython
backend checks (requirements-circuitpython.txt: Adafruit Blinka and its
displayio). Blinka installs a module named ``micropython``, which would
confuse the main .venv, so it lives here. The folder ignores itself (it holds
a ``.gitignore`` of ``*``). CPython only.

    python tools/cp_venv.py            # create or update; print its python
"""

import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv-cp")
REQS = os.path.join(ROOT, "requirements-circuitpython.txt")
STAMP = os.path.join(VENV, "requirements.sha256")


def python():
    return os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")


def ensure(quiet=True):
    """Make sure .venv-cp has the pinned requirements; return its python."""
    py = python()
    if not os.path.exists(py):
        print("setting up .venv-cp (first run only)...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
        with open(os.path.join(VENV, ".gitignore"), "w") as f:
            f.write("*\n")
    with open(REQS, "rb") as f:
        want = hashlib.sha256(f.read()).hexdigest()
    have = open(STAMP).read().strip() if os.path.exists(STAMP) else ""
    if have != want:
        print("installing requirements-circuitpython.txt into .venv-cp...", file=sys.stderr)
        cmd = [py, "-m", "pip", "install", "--disable-pip-version-check", "-r", REQS]
        subprocess.check_call(cmd + (["-q"] if quiet else []))
        with open(STAMP, "w") as f:
            f.write(want)
    return py


if __name__ == "__main__":
    import bootstrap

    status = bootstrap.arguments(sys.argv[1:], __doc__)
    if status is not None:
        sys.exit(status)
    print(ensure(quiet=False))
