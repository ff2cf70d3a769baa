"""Every module of engine/, firmware/ and boards/ says in its docstring what
it imports ("Imports ``engine.cards`` and ...", "Imports nothing."), and
that sentence stays true: the project modules it names are the ones the code
imports, at the top or inside a function, including ``__import__`` and
``_module`` of a literal name or of a module-level ``const()`` string
(host_tests/importgraph.py reads them). A named package (a folder) is
allowed for modules loaded by a computed name (``firmware.screens`` by the
app, ``firmware.hw`` backends by ``firmware.main``). Standard and device
modules (``gc``, ``framebuf``, ``machine``) are not checked. And no tool
imports a test module (tests use tools, never the other way), nor does a
test module (its helpers live in a module not named test_*). CPython only
(``ast``)."""

import ast
import os
import re

from importgraph import ROOT, imported, is_package, module_name, modules, read

_NAME = re.compile(r"\b((?:engine|firmware|boards)(?:\.\w+)*)")


def documented(doc):
    """The project modules the 'Imports ...' sentence names; None without one."""
    m = re.search(r"\bImports\b(.*?)\.(?:\s|$)", doc, re.S)
    if m is None:
        return None
    return set(_NAME.findall(m.group(1)))


def wrong_headers():
    wrong = []
    for rel in modules():
        tree = read(rel)
        name = module_name(rel)
        said = documented(ast.get_docstring(tree) or "")
        done = imported(tree) - {name}
        if said is None:
            wrong.append("%s: no 'Imports ...' sentence (it imports %s)" % (rel, sorted(done)))
            continue
        unsaid = sorted(done - said)
        untrue = sorted(n for n in said - done if not is_package(n))
        if unsaid or untrue:
            wrong.append("%s: imports %s without saying so; says %s" % (rel, unsaid, untrue))
    return wrong


def test_every_imports_header_is_true():
    assert wrong_headers() == []


def test_the_check_reads_headers_and_code():
    doc = "What it is. Imports ``engine.cards``, engine.score and ``firmware.hw``;\nmore."
    assert documented(doc) == {"engine.cards", "engine.score", "firmware.hw"}
    assert documented("Imports nothing.") == set()
    assert documented("No such sentence") is None
    code = (
        "from engine.cards import VALUES\n"
        "from firmware.ui import buttons as b\n"
        "def f():\n"
        "    import firmware.store.stats\n"
        "    __import__('firmware.hw.' + name)\n"
        "    _module('engine.opponent')\n"
        "import gc\n"
    )
    assert imported(ast.parse(code)) == {
        "engine.cards",
        "firmware.ui.buttons",
        "firmware.store.stats",
        "firmware.hw",
        "engine.opponent",
    }


def _imported(path):
    """Every module the file at ``path`` imports by an absolute ``import``
    or ``from ... import`` (any module, not only the project's)."""
    with open(path) as src:
        tree = ast.parse(src.read())
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def test_tools_never_import_tests():
    # one direction: tests use tools (tools/driver.py, the
    # fuzzers, the benchmarks), no tool imports a module of host_tests/
    tests = set(f[:-3] for f in os.listdir(os.path.join(ROOT, "host_tests")) if f.endswith(".py"))
    found = []
    folder = os.path.join(ROOT, "tools")
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".py"):
            continue
        names = _imported(os.path.join(folder, f))
        found += ["tools/%s: %s" % (f, n) for n in names if n.split(".")[0] in tests]
    assert found == []


def test_tests_never_import_test_modules():
    # a test module imported by another has its tests collected twice by
    # pytest and its helpers no home: shared helpers live in host_tests'
    # modules not named test_* (playdriver.py, keeperrig.py, savecuts.py, ...)
    found = []
    for folder in ("host_tests", os.path.join("host_tests", "corpus")):
        for f in sorted(os.listdir(os.path.join(ROOT, folder))):
            if not f.endswith(".py"):
                continue
            names = _imported(os.path.join(ROOT, folder, f))
            found += ["%s/%s: %s" % (folder, f, n) for n in names if n.startswith("test_")]
    assert found == []
