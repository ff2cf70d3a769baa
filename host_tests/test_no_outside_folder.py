"""Nothing in the repository points at a folder beside the clone (the
``shared`` folder some working copies had next to them, with an emulator
kit, rules and seeds): a clone has only itself. The code, the tests, the
docs, the web page, CI and README.md are searched for a path into it; the
emulated Pico is tools/emu and what a device check needs is
docs/device-checks.md. CPython only; standard library."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {".git", ".venv", ".venv-cp", "node_modules", "dist", "build", "__pycache__"}
TEXT = (".py", ".md", ".mjs", ".js", ".json", ".txt", ".toml", ".html", ".css", ".sh", ".cfg")
# ../shared, shared/emu..., or "shared" as a path part given to a join
OUTSIDE = re.compile(
    r"\.\./shared\b|(?<![\w-])shared/(?:emu|RULES|GAMELOG|seeds|hooks)"
    r"|join\(.*[,(]\s*[\"']shared[\"']\s*[,)]"
)


def files():
    out = [os.path.join(ROOT, "README.md"), os.path.join(ROOT, ".ci", "run")]
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".") or d == ".ci"]
        out += [os.path.join(folder, n) for n in names if n.endswith(TEXT)]
    here = os.path.abspath(__file__)
    return sorted(set(p for p in out if os.path.abspath(p) != here and os.path.isfile(p)))


def test_the_pattern_sees_each_way_of_pointing_there():
    for text in (
        "see ../shared/emu",
        "EMU = os.path.join(os.path.dirname(ROOT), 'shared', 'emu')",
        "(shared/RULES.md)",
        "../shared",
    ):
        assert OUTSIDE.search(text), text
    for text in (
        "the canvas is shared",
        "modules shared between two",
        'if order not in ("chain", "shared"):',  # the pegboard's layout order
    ):
        assert not OUTSIDE.search(text), text


def test_nothing_points_at_a_folder_beside_the_clone():
    seen = files()
    names = {os.path.relpath(p, ROOT) for p in seen}
    for must in ("README.md", "tools/bench_device.py", "docs/device-checks.md", ".ci/run"):
        assert must in names, must  # the search covers them
    hits = []
    for path in seen:
        with open(path, encoding="utf-8", errors="replace") as f:
            for n, line in enumerate(f, 1):
                if OUTSIDE.search(line):
                    hits.append("%s:%d: %s" % (os.path.relpath(path, ROOT), n, line.strip()))
    assert not hits, "\n".join(hits)
