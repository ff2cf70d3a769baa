"""The start menu: one entry per mode; each opens ``firmware/screens/<name>.py``
in an app of its own (``app.switch``: the app ends naming it; a mode not
built yet shows "coming soon"). ``label_of`` gives a mode's entry (what the
app shows while it opens). Imports ``firmware.ui.list_screen``."""

from firmware.ui.list_screen import ListScreen

# label, screen module
ENTRIES = (
    ("Play the computer", "play"),
    ("Score keeper", "keeper"),
    ("Hand counter", "counter"),
    ("Settings", "settings"),
    ("Statistics", "stats"),
    ("Demo", "demo"),
    ("Learn to play", "learn"),
    ("Play a friend", "friend"),
)


def label_of(name):
    """Mode ``name``'s entry ("Cribbage", the menu's title, for '')."""
    for e in ENTRIES:
        if e[1] == name:
            return e[0]
    return name or "Cribbage"


def index_of(name):
    """Where mode ``name`` is in the menu (0 when it is not there)."""
    for i in range(len(ENTRIES)):
        if ENTRIES[i][1] == name:
            return i
    return 0


class MenuScreen(ListScreen):
    def __init__(self):
        ListScreen.__init__(self, "Cribbage", [e[0] for e in ENTRIES])

    def choose(self, index):
        self.app.switch(ENTRIES[index][1])

    def back(self):
        pass  # the root stays


def make(app):
    return MenuScreen()
