"""Every module of engine/, firmware/ and boards/ says in its docstring what
it imports ("Imports ``engine.cards`` and ...", "Imports nothing."), and
that sentence stays true: the project modules it names are the ones the code
imports, at the top or inside a function, including ``__import__`` and
``_module`` of a literal name or of a module-level ``const()`` string (issue
13.8). A named package (a folder) is
allowed for modules loaded by a computed name (``firmware.screens`` by the
app, ``firmware.hw`` backends by ``firmware.main``). Standard and device
modules (``gc``, ``framebuf``, ``machine``) are not checked. And no tool
imports a test module (tests use tools, never the other way), nor does a
test module (its helpers live in a module not named test_*). CPython only
(``ast``)."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROJECT = ("engine", "firmware", "boards")
NOT_IMPORTED = ("firmware/manifest.py",)  # read by a firmware build, never imported
_LOADERS = ("__import__", "_module")  # calls that import the module named
_NAME = re.compile(r"\b((?:engine|firmware|boards)(?:\.\w+)*)")


def _path(name):
    return os.path.join(ROOT, *name.split("."))


def is_module(name):
    return os.path.exists(_path(name) + ".py")


def is_package(name):
    return os.path.isdir(_path(name))


def documented(doc):
    """The project modules the 'Imports ...' sentence names; None without one."""
    m = re.search(r"\bImports\b(.*?)\.(?:\s|$)", doc, re.S)
    if m is None:
        return None
    return set(_NAME.findall(m.group(1)))


def _named(tree):
    # module-level ``_X = const("firmware....")`` (or a plain string): a
    # name a loader may be given instead of the literal (no qstr on a device)
    names = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                value = value.args[0] if value.args else None
            if isinstance(target, ast.Name) and isinstance(value, ast.Constant):
                names[target.id] = value.value
    return names


def imported(tree):
    """The project modules the code imports."""
    found = set()
    named = _named(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                sub = node.module + "." + a.name
                found.add(sub if is_module(sub) or is_package(sub) else node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in _LOADERS:
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Name) and isinstance(named.get(arg.id), str):
                found.add(named[arg.id])
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
            elif isinstance(arg, ast.BinOp) and isinstance(arg.left, ast.Constant):
                found.add(arg.left.value.rstrip("."))  # "firmware.hw." + name
    return {n for n in found if n.split(".")[0] in PROJECT}


def modules():
    for package in PROJECT:
        for folder, dirs, files in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for f in sorted(files):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/")
                    if rel not in NOT_IMPORTED:
                        yield rel


def wrong_headers():
    wrong = []
    for rel in modules():
        with open(os.path.join(ROOT, rel)) as f:
            tree = ast.parse(f.read())
        name = rel[:-3].replace("/", ".")
        name = name[: -len(".__init__")] if name.endswith(".__init__") else name
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
        "from firmware import buttons as b\n"
        "def f():\n"
        "    import firmware.stats\n"
        "    __import__('firmware.hw.' + name)\n"
        "    _module('engine.opponent')\n"
        "import gc\n"
    )
    assert imported(ast.parse(code)) == {
        "engine.cards",
        "firmware.buttons",
        "firmware.stats",
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
    # one direction (issue 13.6): tests use tools (tools/driver.py, the
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
