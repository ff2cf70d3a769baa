"""The player's settings: the ``Settings`` record (stored with
``firmware.records`` through the hardware storage, so a power cut mid-save
loses nothing) and the screen that edits it. Imports ``firmware.app`` and
``firmware.records``.

Fields (``settings.<name>``): difficulty "easy"/"medium"/"hard"/"expert", target
(the game: six-card to 121 or 61, five-card to 61 (V5), or 6, 8 or 12 fixed
deals of six-card (V6); ``target`` is 121, 61 or 0 for fixed deals, and
``variant`` ("six"/"five") and ``deals`` (0 or N) say the rest), match
1/3/5/7 (games, best of), muggins False/True, open_hands False/True,
brightness 1..5 (LED level; ``led_level()`` gives 0..255), dim
(seconds without a button before the OLED dims, 0 = never; five times as
long turns it off and the LEDs show the pegs only: firmware/power.py; one
setting for both keeps the settings small on the device).
The payload is one byte per field, the index of its choice (a shorter payload
leaves the later fields at their defaults); an unknown, damaged or impossible
record (a choice a field does not have) gives the copy before it or the
defaults and is never fatal.
"""

from firmware.app import ListScreen, MessageScreen
from firmware.records import RecordStore

# name, label on the screen, values, labels of the values, default index
FIELDS = (
    # expert (issue 16): hard with the win-chance table near the end; last, so old records load
    (
        "difficulty",
        "Difficulty",
        ("easy", "medium", "hard", "expert"),
        ("easy", "medium", "hard", "expert"),
        1,
    ),
    # the game's kind: indices 0 and 1 are the old 121/61 choices, so old records load
    (
        "target",
        "Game",
        (121, 61, 61, 0, 0, 0),
        ("6-card 121", "6-card 61", "5-card 61", "6 deals", "8 deals", "12 deals"),
        0,
    ),
    ("match", "Match", (1, 3, 5, 7), ("1 game", "best of 3", "best of 5", "best of 7"), 0),
    ("muggins", "Muggins", (False, True), ("off", "on"), 0),
    ("open_hands", "Open hands", (False, True), ("off", "on"), 0),
    ("brightness", "LEDs", (1, 2, 3, 4, 5), ("1", "2", "3", "4", "5"), 2),
    ("dim", "Dim after", (30, 60, 120, 300, 0), ("30 s", "1 min", "2 min", "5 min", "never"), 1),
)
_DEALS = b"\x00\x00\x00\x06\x08\x0c"  # fixed deals by the game's choice
_LEVELS = b"\x08\x18\x40\x90\xff"  # LED level 0..255 by brightness 1..5
_MAGIC = b"SETT"
_VERSION = 1


class Settings:
    def __init__(self, storage):
        self.store = RecordStore(storage, "settings", _MAGIC, _VERSION) if storage else None
        self.index = bytearray(len(FIELDS))
        self.problem = None
        self.defaults()

    def defaults(self):
        for i in range(len(FIELDS)):
            self.index[i] = FIELDS[i][4]
        self._apply()

    def _apply(self):
        for i in range(len(FIELDS)):
            f = FIELDS[i]
            setattr(self, f[0], f[2][self.index[i]])
        kind = self.index[1]  # the game (FIELDS[1]): its 5-card choice, its deals
        self.variant = "five" if kind == 2 else "six"
        self.deals = _DEALS[kind]

    def label(self, i):
        return FIELDS[i][3][self.index[i]]

    def step(self, i, delta):
        """Move field i to its next (delta 1) or previous (-1) choice, wrapping."""
        n = len(FIELDS[i][2])
        self.index[i] = (self.index[i] + delta) % n
        self._apply()

    def set(self, name, value):
        for i in range(len(FIELDS)):
            if FIELDS[i][0] == name:
                self.index[i] = FIELDS[i][2].index(value)
                self._apply()
                return
        raise ValueError("no setting %r" % (name,))

    def led_level(self):
        return _LEVELS[self.brightness - 1]

    def load(self):
        """Read the stored settings; defaults for anything missing or bad.
        ``problem`` says in words what was wrong (None when all is well)."""
        self.defaults()
        if self.store is None:
            return
        try:
            payload, version, self.problem = self.store.load(self._check)
        except Exception as e:  # a storage that cannot even be read
            self.problem = "settings unreadable: %s" % e
            return
        if payload is None:
            return
        for i in range(min(len(payload), len(FIELDS))):
            self.index[i] = payload[i]
        self._apply()

    def _check(self, payload, version):
        # RecordStore.load's check: a choice no field has refuses the record
        if not payload:
            return "it holds no setting"
        for i in range(min(len(payload), len(FIELDS))):
            if payload[i] >= len(FIELDS[i][2]):
                return "%s has no choice %d" % (FIELDS[i][1], payload[i])
        return None

    def save(self):
        """Store the settings; False (and ``problem`` set) when storage failed."""
        if self.store is None:
            return True
        try:
            self.store.save(bytes(self.index))
            return True
        except OSError as e:
            self.problem = "settings not saved: %s" % e
            return False


class SettingsScreen(ListScreen):
    """LEFT/RIGHT (or A) change the highlighted setting; leaving saves. A save
    that fails (full or read-only storage) is said on screen as B leaves."""

    def __init__(self, settings):
        ListScreen.__init__(self, "Settings", [f[1] for f in FIELDS])
        self.settings = settings
        self.changed = False

    def value(self, i):
        return self.settings.label(i)

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
