"""Every command in tools/ and tools/gen/ answers ``--help`` with exit 0 and
runs nothing (no file of the repository changes, no build folder appears),
and a wrong argument is exit 2 with a message and no traceback. CPython
only; runs the tools as subprocesses."""

import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# not a PC command: the half of tools/bench_table.py that runs on the target
ON_TARGET = ("tools/table_bench_dev.py",)
# hands every argument to pytest, whose own status for a wrong one is 4
PYTEST = "tools/test.py"


def commands():
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tools", "*.py"))) + sorted(
        glob.glob(os.path.join(ROOT, "tools", "gen", "*.py"))
    ):
        with open(path, encoding="utf-8") as f:
            name = os.path.relpath(path, ROOT).replace(os.sep, "/")
            if 'if __name__ == "__main__":' in f.read() and name not in ON_TARGET:
                out.append(name)
    return out


COMMANDS = commands()


def tree_state():
    """What a run would change: the tracked files' state and build/'s entries."""
    p = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    build = os.path.join(ROOT, "build")
    return p.stdout, sorted(os.listdir(build)) if os.path.isdir(build) else []


def test_the_commands_are_found():
    for name in ("tools/bench_device.py", "tools/bench_engine.py", "tools/gen/font.py"):
        assert name in COMMANDS, name


@pytest.mark.parametrize("tool", COMMANDS)
def test_help_exits_0_and_runs_nothing(tool):
    before = tree_state()
    p = subprocess.run(
        [sys.executable, tool, "--help"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert len(p.stdout.strip()) > 40 and "Traceback" not in p.stderr, p.stdout + p.stderr
    assert tree_state() == before, tool


@pytest.mark.parametrize("tool", [c for c in COMMANDS if c != PYTEST])
def test_a_wrong_argument_is_exit_2_with_a_message(tool):
    p = subprocess.run(
        [sys.executable, tool, "--no-such-option"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 2, p.stdout + p.stderr
    assert "error" in (p.stdout + p.stderr).lower() and "Traceback" not in p.stderr
