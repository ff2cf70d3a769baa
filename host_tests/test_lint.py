"""ruff (pinned in requirements.txt) over the whole repository, with the
settings in pyproject.toml: `ruff check` and `ruff format --check`, so
`python3 tools/test.py` is also the lint command. CPython only."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def ruff(*args):
    return subprocess.run(
        [sys.executable, "-m", "ruff"] + list(args) + ["."],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_ruff_check_is_clean():
    p = ruff("check", "--no-cache")
    assert p.returncode == 0, p.stdout + p.stderr


def test_ruff_format_leaves_every_file_as_it_is():
    p = ruff("format", "--check", "--no-cache")
    assert p.returncode == 0, "run: python3 -m ruff format .\n" + p.stdout + p.stderr
