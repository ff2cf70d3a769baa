"""A module-private constant (``_X = const(..)``) costs no name on a device,
so a value two modules share is written in each (issue 12's names pass). A
copy says whose value it is with a comment ending in ``<module>'s``
(``_ACTED = const(2)  # firmware.play.table's``): every such copy must hold
the value its owner defines, or the two modules would quietly disagree.
CPython only (reads the sources)."""

import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COPY = re.compile(r"^(_?[A-Z][A-Z0-9_]*) = const\((.+?)\)\s*#.*?((?:firmware|engine)(?:\.\w+)+)'s")
DEFINE = r"^_?%s = (?:const\()?%s\)?\s*(?:#.*)?$"


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
                    found.append((os.path.relpath(path, ROOT), n) + m.groups())
    return found


def test_there_are_copies_to_check():
    # the convention is in use: a regex that matched nothing would pass anything
    assert len(_copies()) >= 10


def test_every_copy_holds_its_owners_value():
    wrong = []
    for where, n, name, value, owner in _copies():
        path = os.path.join(ROOT, *owner.split(".")) + ".py"
        assert os.path.exists(path), "%s:%d names %s, which is not a module" % (where, n, owner)
        with open(path) as f:
            text = f.read()
        bare = name.lstrip("_")
        pattern = re.compile(DEFINE % (re.escape(bare), re.escape(value)), re.M)
        if not pattern.search(text):
            wrong.append("%s:%d %s = %s, not as in %s" % (where, n, name, value, owner))
    assert not wrong, wrong
