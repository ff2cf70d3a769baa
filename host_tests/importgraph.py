"""What the project's modules import, read from their source with ``ast``
(nothing is imported): ``imported(tree)`` gives the project modules one
module's code imports, at the top or inside a function, by ``import``,
``from ... import`` (``from firmware.ui import buttons`` is the module
``firmware.ui.buttons``, ``from firmware import drop`` the package
``firmware``), ``__import__`` or the app's ``_module`` of a literal name, of
a module-level ``const()`` string, or of ``"package." + name`` (the package);
``graph()`` gives every module of engine/, firmware/ and boards/ with the
project modules it imports. Used by test_headers.py and test_imports.py.
CPython only."""

import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROJECT = ("engine", "firmware", "boards")
NOT_IMPORTED = ("firmware/manifest.py",)  # read by a firmware build, never imported
_LOADERS = ("__import__", "_module")  # calls that import the module named


def _path(name):
    return os.path.join(ROOT, *name.split("."))


def is_module(name):
    return os.path.exists(_path(name) + ".py")


def is_package(name):
    return os.path.isdir(_path(name))


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
    """The project's source files, as paths relative to the repository."""
    for package in PROJECT:
        for folder, dirs, files in os.walk(os.path.join(ROOT, package)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
            for f in sorted(files):
                if f.endswith(".py"):
                    rel = os.path.relpath(os.path.join(folder, f), ROOT).replace(os.sep, "/")
                    if rel not in NOT_IMPORTED:
                        yield rel


def module_name(rel):
    """``firmware/screens/__init__.py`` -> ``firmware.screens``."""
    name = rel[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return ast.parse(f.read())


def graph():
    """{module: the project modules it imports, itself left out}."""
    out = {}
    for rel in modules():
        name = module_name(rel)
        out[name] = imported(read(rel)) - {name}
    return out
