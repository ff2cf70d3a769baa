"""The settings screen: edits the app's ``Settings`` record
(``app.settings``, firmware/store/settings.py) and saves it on leaving. Loaded
only while it is open (the app forgets it back at the menu), with the
labels of the choices, which only it shows. Imports ``firmware.ui.screen``,
``firmware.ui.list_screen`` and ``firmware.store.settings``.
"""

from firmware.ui.list_screen import ListScreen
from firmware.ui.screen import MessageScreen
from firmware.store.settings import FIELDS

# the labels of each field's values (firmware.store.settings.FIELDS), in the same order
CHOICES = (
    ("easy", "medium", "hard", "expert"),
    ("6-card 121", "6-card 61", "5-card 61", "6 deals", "8 deals", "12 deals"),
    ("1 game", "best of 3", "best of 5", "best of 7"),
    ("off", "on"),
    ("off", "on"),
    ("1", "2", "3", "4", "5"),
    ("30 s", "1 min", "2 min", "5 min", "never"),
)


def label(settings, i):
    """Field i's choice in ``settings`` as this screen shows it."""
    return CHOICES[i][settings.index[i]]


class SettingsScreen(ListScreen):
    """LEFT/RIGHT (or A) change the highlighted setting; leaving saves. A save
    that fails (full or read-only storage) is said on screen as B leaves."""

    def __init__(self, settings):
        # the title says the way back (B), clear of the battery gauge (17 columns)
        ListScreen.__init__(self, "Settings  B:back", [f[1] for f in FIELDS])
        self.settings = settings
        self.changed = False

    def value(self, i):
        return label(self.settings, i)

    def adjust(self, i, step):
        self.settings.step(i, step)
        self.changed = True
        self.app.apply_settings()
        return True

    def choose(self, i):
        self.adjust(i, 1)

    def back(self):
        if self.changed:
            self.changed = False
            if not self.settings.save():
                problem = self.settings.problem
                self.app.replace(
                    MessageScreen(
                        "Settings",
                        "%s. The change holds until the device is switched off." % problem,
                    )
                )
                return
        self.app.pop()

    def leave(self):
        if self.changed:  # left another way than B (nothing can be shown then)
            self.settings.save()
            self.changed = False


def make(app):
    return SettingsScreen(app.settings)
