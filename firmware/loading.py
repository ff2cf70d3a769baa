"""Opening a mode a module a frame: on a Pico, importing a mode's code takes
0.2-0.6 s (each module 10-45 ms), so the frame that asked for it would
freeze the screen that long. ``Loading(name)`` is pushed instead: it shows
the mode's label (the start menu's ``ENTRIES``) and a bar at once, imports
the next module of the mode's list each frame (``firmware.loads.LOADS``,
every module after those it imports) and, the list done, opens the mode
(``app.open``, which now finds its code loaded), forgetting this module,
which the mode does not need while it runs. B goes back to the menu
(what was loaded goes with it). A module that will not load ends the list
early: the mode's own open then says what is missing ("coming soon" when it
is the screen itself). Imports ``firmware.app``, ``firmware.ui.buttons``
and, once, ``firmware.loads`` (forgotten again by the
app's ``_drop``: the list is kept) and ``firmware.screens.menu`` (loaded
with the menu).
"""

import sys

from firmware.ui import buttons
from firmware.app import Screen, _drop, title_bar

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_B = const(32)  # firmware.hal's

_BAR_Y = const(36)
_BAR_H = const(7)


def modules_of(name):
    """The modules opening mode ``name`` loads (``firmware.loads``), in order
    (or what work ``name`` inside a mode loads: its ``WORK``)."""
    from firmware import loads

    found = loads.LOADS.get(name) or loads.WORK.get(name, ())
    _drop("firmware.loads")  # the table is read once
    return found


def label_of(name):
    """Mode ``name``'s entry in the start menu (its name when it has none)."""
    from firmware.screens.menu import ENTRIES

    for e in ENTRIES:
        if e[1] == name:
            return e[0]
    return name


class Loading(Screen):
    """``Loading(name)``: mode ``name`` (a module of firmware/screens/)
    loaded a module a frame, under its menu entry's label."""

    def __init__(self, name):
        self.name = name
        self.label = label_of(name)
        self.todo = modules_of(name)
        self.done = 0

    def busy(self):
        return True  # a module a frame: the main loop must not nap

    def update(self, dt_ms, events):
        if buttons.happened(events, "press", _B):
            self.app.pop()  # back at the menu: what was loaded is forgotten
            return True
        todo = self.todo
        while self.done < len(todo) and todo[self.done] in sys.modules:
            self.done += 1
        if self.done < len(todo):
            try:
                __import__(todo[self.done])
            except ImportError:
                self.done = len(todo)  # the mode's open says what is missing
                return True
            self.done += 1
            return True
        app = self.app
        app.stack.pop()  # not pop(): back at the menu would forget the loaded code
        _drop(__name__)  # the mode does not need this module while it runs
        app.open(self.name, False)
        return True

    def draw(self, cv):
        title_bar(cv, self.label)
        cv.center("Loading", 20)
        cv.bar(8, _BAR_Y, cv.width - 16, _BAR_H, self.done, len(self.todo))
