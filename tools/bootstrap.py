"""Create and use the project's virtual environment (.venv) with the pinned
requirements, so every tools/ command works on a fresh machine with Python 3.

``ensure()`` re-runs the calling script inside .venv, installing or updating
the requirements first when requirements.txt changed. CPython only.
"""

import hashlib
import os
import subprocess
import sys
import venv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv")
REQS = os.path.join(ROOT, "requirements.txt")
STAMP = os.path.join(VENV, "requirements.sha256")


def _venv_python():
    return os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")


def _digest():
    with open(REQS, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def ensure():
    """Make sure .venv exists with the pinned requirements; re-exec inside it."""
    py = _venv_python()
    if not os.path.exists(py):
        print("setting up .venv (first run only)...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    want = _digest()
    have = open(STAMP).read().strip() if os.path.exists(STAMP) else ""
    if have != want:
        print("installing pinned requirements into .venv...", file=sys.stderr)
        subprocess.check_call([py, "-m", "pip", "install", "-q", "-r", REQS])
        with open(STAMP, "w") as f:
            f.write(want)
    if os.path.realpath(sys.prefix) != os.path.realpath(VENV):
        env = dict(os.environ)
        env["PATH"] = os.path.dirname(py) + os.pathsep + env.get("PATH", "")
        env["VIRTUAL_ENV"] = VENV
        os.execve(py, [py] + sys.argv, env)
