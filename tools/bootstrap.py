"""Create and use the project's virtual environment (.venv) with the pinned
requirements, so every tools/ command works with a plain ``python3`` on a
fresh clone.

``ensure()`` re-runs the calling script inside .venv, installing or updating
the requirements first when requirements.txt changed. Every tool's
``__main__`` calls it first (host_tests/test_readme_commands.py checks the
README's commands). ``ensure(needed=False)`` (the simulator) goes on with the
plain interpreter when the requirements cannot be installed here, since it
needs none of them to play. Under MicroPython (tools/bench/game_soak.py) it does
nothing. CPython 3.10 or newer (the pinned pytest and Pillow need it).

``arguments(argv, doc, flags, valued)`` is the command-line check of the
tools that read ``sys.argv`` by hand (some also run under MicroPython, which
has no argparse): ``--help`` prints the tool's docstring and a wrong argument
says so, either before anything runs.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv")
REQS = os.path.join(ROOT, "requirements.txt")
STAMP = os.path.join(VENV, "requirements.sha256")
MIN_PYTHON = (3, 10)


def _venv_python():
    return os.path.join(VENV, "Scripts" if os.name == "nt" else "bin", "python")


def _digest():
    import hashlib

    with open(REQS, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def inside():
    """True when this interpreter is the one in .venv."""
    return os.path.realpath(sys.prefix) == os.path.realpath(VENV)


def _install(py):
    """Create .venv and install the pinned requirements; an error message or
    None."""
    import subprocess
    import venv

    if not os.path.exists(py):
        print("setting up .venv (first run only)...", file=sys.stderr)
        try:
            venv.EnvBuilder(with_pip=True).create(VENV)
        except Exception as e:  # no ensurepip (Debian: apt install python3-venv)
            return "cannot create .venv (%s); on Debian/Ubuntu: apt install python3-venv" % e
    want = _digest()
    have = open(STAMP).read().strip() if os.path.exists(STAMP) else ""
    if have != want:
        print("installing pinned requirements into .venv...", file=sys.stderr)
        cmd = [py, "-m", "pip", "install", "-q", "--disable-pip-version-check", "-r", REQS]
        if subprocess.call(cmd) != 0:
            return "pip could not install requirements.txt into .venv (its message is above)"
        with open(STAMP, "w") as f:
            f.write(want)
    return None


def ensure(needed=True):
    """Make sure .venv exists with the pinned requirements; re-exec inside it."""
    if sys.implementation.name != "cpython":
        return
    if sys.version_info < MIN_PYTHON:
        print(
            "this needs Python %d.%d or newer; this is %d.%d"
            % (MIN_PYTHON + tuple(sys.version_info[:2])),
            file=sys.stderr,
        )
        sys.exit(2)
    py = _venv_python()
    problem = _install(py)
    if problem:
        if needed:
            print("error: " + problem, file=sys.stderr)
            sys.exit(2)
        print("note: %s; going on without it" % problem, file=sys.stderr)
        return
    bin_dir = os.path.dirname(py)
    if inside():  # run as .venv/bin/python: its commands (mpremote, ...) on PATH too
        path = os.environ.get("PATH", "")
        if bin_dir not in path.split(os.pathsep):
            os.environ["PATH"] = path + os.pathsep + bin_dir
    else:
        env = dict(os.environ)
        env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
        env["VIRTUAL_ENV"] = VENV
        env.pop("PYTHONHOME", None)
        if os.name == "nt":  # no exec on Windows: run it and pass its status on
            import subprocess

            sys.exit(subprocess.call([py] + sys.argv, env=env))
        os.execve(py, [py] + sys.argv, env)


def arguments(argv, doc, flags=(), valued=()):
    """None when ``argv`` holds only ``flags`` and ``valued`` options each
    with a value; else the exit status after printing: 0 for -h/--help (the
    tool's ``doc``), 2 for anything else (what is wrong)."""
    if "-h" in argv or "--help" in argv:
        print(doc.strip())
        return 0
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in valued and i + 1 < len(argv):
            i += 2
            continue
        if a in flags:
            i += 1
            continue
        what = "needs a value" if a in valued else "is not an argument of this tool"
        print("error: %s %s (--help lists them)" % (a, what), file=sys.stderr)
        return 2
    return None
