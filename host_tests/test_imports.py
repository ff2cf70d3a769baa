"""The import graph of engine/, firmware/ and boards/, read from the source
(host_tests/importgraph.py: every import, at the top or inside a function,
and the modules loaded by name), has no circle and no import running back
up the layers. CPython only (``ast``).

The layers, lowest first; a module imports only its own layer and those
below it:

  0 data and game  ``engine.*`` (pure Python, never hardware), ``boards.*``
                   (pin maps as data)
  1 core           the ``firmware`` package (``drop``), ``keys`` (the button
                   bits), ``hal`` (the hardware contract), ``fast`` and what
                   the screens are made of, ``firmware.ui`` (``screen``, the
                   screens' base classes; ``canvas``, ``fakefb``, ``font``,
                   ``wrap``, ``cardtext``, ``buttons``: input events)
  2 hardware       ``firmware.hw`` and its backends
  3 services       what the screens use and draw nothing of their own: the
                   stores (``firmware.store``: records, settings,
                   statistics), the crash log (``crash_writer``,
                   ``crashlog``), power (``power``, ``battery``, ``idle``),
                   the LED pegboard (``pegboard*``), the score keeper's model
                   (``firmware.keeper.game``, ``.record``), the hand
                   counter's (``hand_counter``), the table links
                   (``table_*``)
  4 screens        ``firmware.screens.*``, the play mode (``firmware.play``),
                   the score keeper's screen and buttons
                   (``firmware.keeper``), ``working``, ``crash`` (the error
                   screen)
  5 app            ``firmware.app``, ``firmware.modes``
  6 start          ``firmware.boot``, ``firmware.main``, ``firmware.cp_boot``,
                   ``firmware.cp_code``, and the web page's runner
                   (``firmware.web_runner``: it boots the app and steps it a
                   frame, as ``firmware.main`` runs it on a board), its
                   friend's table (``firmware.web_friend``: the page's link
                   given to the app, a table opened from the page's address)
                   and its reading of the screen (``firmware.web_screen``:
                   the screen's text, what is spoken, a tap on a card)

``CIRCLES`` and ``UPWARD`` are what is left to undo, in modules being
reworked: each entry must still be true (a circle or an upward import that
is gone fails the test until its entry goes too), so the lists only shrink.
"""

from importgraph import graph

# (prefix, layer): a module's layer is its longest matching prefix's
LAYERS = (
    ("engine", 0),
    ("boards", 0),
    ("firmware", 1),
    ("firmware.keys", 1),
    ("firmware.hal", 1),
    ("firmware.fast", 1),
    ("firmware.ui", 1),
    ("firmware.hw", 2),
    ("firmware.store", 3),
    ("firmware.crash_writer", 3),
    ("firmware.crashlog", 3),
    ("firmware.power", 3),
    ("firmware.battery", 3),
    ("firmware.battery_low", 3),
    ("firmware.idle", 3),
    ("firmware.pegboard", 3),
    ("firmware.pegboard_setup", 3),
    ("firmware.keeper.game", 3),
    ("firmware.keeper.record", 3),
    ("firmware.hand_counter", 3),
    ("firmware.table_net", 3),
    ("firmware.table_uart", 3),
    ("firmware.screens", 4),
    ("firmware.play", 4),
    ("firmware.keeper", 4),
    ("firmware.working", 4),
    ("firmware.crash", 4),
    ("firmware.app", 5),
    ("firmware.modes", 5),
    ("firmware.boot", 6),
    ("firmware.main", 6),
    ("firmware.cp_boot", 6),
    ("firmware.cp_code", 6),
    ("firmware.web_runner", 6),
    ("firmware.web_friend", 6),
    ("firmware.web_screen", 6),
)

# circles left (each the modules of one), sorted
CIRCLES = ()

# (importer, imported) up the layers, left
UPWARD = ()


def layer(name):
    best, found = -1, None
    for prefix, n in LAYERS:
        if (name == prefix or name.startswith(prefix)) and len(prefix) > best:
            # a prefix ending in "_" names several modules; the others are whole
            # names or packages ("firmware.hw" for firmware.hw.mp)
            whole = name == prefix or name.startswith(prefix + ".") or prefix.endswith("_")
            if whole:
                best, found = len(prefix), n
    return found


def circles(g):
    """Every set of modules that import each other round (Tarjan's strongly
    connected components of more than one module), each sorted."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g.get(v, ())):
            if w not in g:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(tuple(sorted(part)))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return sorted(out)


def upward(g):
    return sorted((a, b) for a in g for b in g[a] if layer(b) > layer(a))


def test_every_module_has_a_layer():
    assert [m for m in graph() if layer(m) is None] == []


def test_no_new_circle_and_none_listed_that_is_gone():
    found = circles(graph())
    assert [c for c in found if c not in CIRCLES] == [], "a new import circle"
    assert [c for c in CIRCLES if c not in found] == [], "gone or changed: update CIRCLES"


def test_no_new_import_up_the_layers_and_none_listed_that_is_gone():
    found = upward(graph())
    assert [e for e in found if e not in UPWARD] == [], "an import up the layers"
    assert [e for e in UPWARD if e not in found] == [], "gone: take it out of UPWARD"


def test_engine_never_imports_firmware():
    g = graph()
    assert [
        (a, b) for a in g if a.startswith("engine") for b in g[a] if b.startswith("firmware")
    ] == []


def test_the_checks_find_a_circle_and_an_upward_import():
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(g) == [("a", "b", "c")]
    g = {"firmware.keys": {"firmware.app"}, "firmware.app": {"firmware.keys"}}
    assert upward(g) == [("firmware.keys", "firmware.app")]
    assert layer("firmware.play.table") == 4 and layer("firmware.hw.mp") == 2
    assert layer("firmware.store.record_read") == 3 and layer("firmware.ui.screen") == 1
    assert layer("firmware.screens.play") == 4 and layer("firmware.crashlog") == 3


def test_the_reviews_list_is_what_its_modules_import():
    # firmware.play.review.LOADS, imported a module a frame: every module
    # after those it imports (tools/device_files.work_loads reads them)
    import os
    import sys

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools"))
    import device_files
    from firmware.play.review import LOADS

    assert LOADS == device_files.work_loads()["review"]
