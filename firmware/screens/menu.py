"""The start menu: one entry per mode; each opens ``firmware/screens/<name>.py``
through ``app.open`` (a mode not built yet shows "coming soon"). Imports
``firmware.ui.screen``."""

from firmware.ui.screen import ListScreen

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


class MenuScreen(ListScreen):
    def __init__(self):
        ListScreen.__init__(self, "Cribbage", [e[0] for e in ENTRIES])

    def choose(self, index):
        self.app.open(ENTRIES[index][1])

    def back(self):
        pass  # the root stays


def make(app):
    return MenuScreen()
