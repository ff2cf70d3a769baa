"""Each constant is defined once and imported where it is used (the button
bits from ``firmware.keys``). The copies left (``_X = const(..)`` in one
module of a value another defines) say whose value they hold with a comment
ending in ``<module>'s`` (``_ACTED = const(2)  # firmware.play.table's``):
every such copy must hold the value its owner defines, or the two modules
would quietly disagree, and ``LEFT`` lists how many each module still has,
so that the copies only go (a module with fewer than listed fails until its
entry is lowered, one with more or unlisted fails). CPython only (reads the
sources)."""

import ast
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPY = re.compile(r"^(_?[A-Z][A-Z0-9_]*) = const\((.+?)\)\s*#.*?((?:firmware|engine)(?:\.\w+)+)'s")

# copies left, by module (each to be imported from its owner instead); on a
# device a constant imported is a name interned for good, and the app's names
# are near the count at which MicroPython adds a pool of them (7.5 KB on a
# Pico: docs/firmware-figures.md), so the keeper's and the hand counter's stay
# copied until names are freed elsewhere
LEFT = {
    "firmware/app.py": 2,
    "firmware/crashlog.py": 1,
    "firmware/keeper/control.py": 2,
    "firmware/keeper/record.py": 8,
    "firmware/store/record_read.py": 2,
    "firmware/screens/counter.py": 2,
}


def _sources():
    for top in ("engine", "firmware"):
        for folder, _, files in os.walk(os.path.join(ROOT, top)):
            for f in sorted(files):
                if f.endswith(".py"):
                    yield os.path.join(folder, f)


def _copies():
    found = []
    for path in _sources():
        with open(path) as f:
            for n, line in enumerate(f, 1):
                m = COPY.match(line)
                if m:
                    found.append((os.path.relpath(path, ROOT).replace(os.sep, "/"), n) + m.groups())
    return found


def _value(owner, name, seen=()):
    """The value module ``owner`` gives ``name`` (or
    ``_name``): its own ``const()`` or assignment, or, for a name it imports,
    the value in the module it imports it from; None when it has none."""
    path = os.path.join(ROOT, *owner.split(".")) + ".py"
    assert os.path.exists(path), "%s is not a module" % owner
    with open(path) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            if isinstance(target, ast.Name) and target.id.lstrip("_") == name:
                value = node.value
                if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const":
                    value = value.args[0]
                return _literal(ast.unparse(value))
        elif isinstance(node, ast.ImportFrom) and node.module not in seen:
            if any((a.asname or a.name) == name for a in node.names):
                return _value(node.module, name, seen + (owner,))
    return None


def _literal(text):
    try:
        return ast.literal_eval(text)
    except ValueError:  # an expression of names: compared as written
        return text


def test_every_copy_holds_its_owners_value():
    wrong = []
    for where, n, name, value, owner in _copies():
        held = _value(owner, name.lstrip("_"))
        if held != _literal(value):
            wrong.append("%s:%d %s = %s, but %s gives %s" % (where, n, name, value, owner, held))
    assert not wrong, wrong


def test_the_copies_only_go():
    counts = {}
    for where, *_ in _copies():
        counts[where] = counts.get(where, 0) + 1
    assert {k: v for k, v in counts.items() if v > LEFT.get(k, 0)} == {}, "a new copy"
    assert {k: v for k, v in LEFT.items() if counts.get(k, 0) < v} == {}, "fewer: lower LEFT"


def test_the_owner_of_a_value_is_found_through_an_import():
    # firmware.hal gives the button bits on from firmware.keys
    assert _value("firmware.hal", "A") == 16 == _value("firmware.keys", "A")
    assert _value("firmware.keys", "NOT_A_KEY") is None
