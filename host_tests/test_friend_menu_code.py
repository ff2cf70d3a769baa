"""The friend menu (firmware/screens/friend.py) loads the table's code
(friend_table.py's ``TABLE_CODE``, ``load_table_code``) a module a frame
while no key is pressed, each after the project modules it imports, so
neither the mode's first frame nor a frame with a press waits for it, and
none loads twice; a table then opens a step a frame (the side, its first
save, its link). CPython only (the import graph is read from the sources:
host_tests/importgraph.py)."""

import ast

from apprig import new_app
from firmware.hal import DOWN
from firmware.hw import host
from firmware.screens import friend_table
from firmware.store import table_save
from friendrig import to_menu
from importgraph import modules, module_name, read


def _at_the_top(tree, known):
    # the engine's modules a module imports as it loads (not in its
    # functions); ``from engine.table import standing`` is engine.table.standing
    found = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                sub = node.module + "." + a.name
                found.add(sub if sub in known else node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return {n for n in found if n.startswith("engine.") and n in known}


def test_each_module_of_the_table_comes_after_what_it_loads_with_it():
    rels = list(modules())
    known = {module_name(rel) for rel in rels} - {"engine", "engine.table"}  # packages
    tops = {module_name(rel): _at_the_top(read(rel), known) for rel in rels}
    order = friend_table.TABLE_CODE
    assert len(set(order)) == len(order)
    for i, name in enumerate(order):
        assert name in tops, name
        assert tops[name] <= set(order[:i]), (name, tops[name] - set(order[:i]))
    # what the peer (the table's top, last) loads with it is all in the list
    todo, seen = ["engine.table.peer"], set()
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.add(name)
            todo.extend(tops[name])
    assert order[-1] == "engine.table.peer" and seen <= set(order), seen - set(order)


def test_the_menu_loads_a_module_a_frame_while_no_key_is_pressed(monkeypatch):
    monkeypatch.setattr(friend_table, "_loaded", [])
    d = new_app(host.DictStorage())
    to_menu(d)
    loaded = friend_table._loaded
    start = len(loaded)  # begun in the frames of the taps to the menu
    assert (
        loaded == list(friend_table.TABLE_CODE[:start]) and start < len(friend_table.TABLE_CODE) - 3
    )
    d.tick(1)
    assert loaded == list(friend_table.TABLE_CODE[: start + 1])
    # the frame in which a press moves the cursor loads nothing
    menu = d.app.top()
    for _ in range(10):
        cursor, had = menu.cursor, len(loaded)
        d.tick(1, raw=DOWN)
        if menu.cursor != cursor:
            assert len(loaded) == had
            break
    else:
        raise AssertionError("DOWN did not move the cursor")
    for _ in range(3 * len(friend_table.TABLE_CODE)):
        d.tick(1)
    assert loaded == list(friend_table.TABLE_CODE)  # all of it, in order, each once


def test_a_table_opens_a_step_a_frame():
    # the side made, its first save, its link: each in a frame of its own,
    # so no frame holds all of it (a Pico's littlefs write alone is tens of ms)
    from friendrig import table_app

    d = table_app([], 0)
    to_menu(d)
    for _ in range(3 * len(friend_table.TABLE_CODE)):
        d.tick(1)  # the menu has loaded the table's code
    menu = d.app.top()
    menu.choose(0)  # "Open a table"
    t = d.app.top()
    assert isinstance(t, friend_table.FriendTable)
    assert t.peer is not None and t.link is None and not d.hw.storage.exists(table_save.SAVE)
    d.tick(1)
    assert d.hw.storage.exists(table_save.SAVE) and t.link is None
    d.tick(1)
    assert t.link is not None
