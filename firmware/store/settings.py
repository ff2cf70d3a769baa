"""The player's settings: the ``Settings`` record, held by the app all the
time (``app.settings``) and stored with ``firmware.store.records`` through the
hardware storage, so a power cut mid-save loses nothing. The screen that
edits it, with the labels of the choices, which only it shows, is
firmware/screens/settings.py, loaded only while it is open; reading and
writing the record is firmware/store/settings_record.py, loaded for each and
forgotten after (the record stays lean: it is resident; kept apart for the
app's peak heap budget, 96 KB: docs/firmware-figures.md). Imports
``firmware.store.records``; when used ``firmware.store.settings_record`` and
``firmware`` (its ``drop``). A choice's label is the screen's
(``firmware.screens.settings.label``).

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

from firmware.store.records import RecordStore

# name, label on the screen, values, default index (the labels of the values are
# the screen's: firmware/screens/settings.py CHOICES, in the same order)
FIELDS = (
    # expert: hard with the win-chance table near the end; last, so old records load
    ("difficulty", "Difficulty", ("easy", "medium", "hard", "expert"), 1),
    # the game's kind: indices 0 and 1 are the old 121/61 choices, so old records load
    ("target", "Game", (121, 61, 61, 0, 0, 0), 0),
    ("match", "Match", (1, 3, 5, 7), 0),
    ("muggins", "Muggins", (False, True), 0),
    ("open_hands", "Open hands", (False, True), 0),
    ("brightness", "LEDs", (1, 2, 3, 4, 5), 2),
    ("dim", "Dim after", (30, 60, 120, 300, 0), 1),
)

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_VERSION = const(1)  # the record's (its magic: b"SETT")


class Settings:
    FIELDS = FIELDS  # firmware.store.settings_record reads them off the settings it is given

    def __init__(self, storage):
        self.store = RecordStore(storage, "settings", b"SETT", _VERSION) if storage else None
        self.index = bytearray(len(FIELDS))
        self.problem = None
        self.defaults()

    def defaults(self):
        for i in range(len(FIELDS)):
            self.index[i] = FIELDS[i][3]
        self._apply()

    def _apply(self):
        for i in range(len(FIELDS)):
            f = FIELDS[i]
            setattr(self, f[0], f[2][self.index[i]])
        kind = self.index[1]  # the game (FIELDS[1]): its 5-card choice, its deals
        self.variant = "five" if kind == 2 else "six"
        self.deals = b"\x00\x00\x00\x06\x08\x0c"[kind]  # fixed deals by the game's choice

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
        # LED level 0..255 by brightness 1..5
        return b"\x08\x18\x40\x90\xff"[self.brightness - 1]

    def load(self):
        """Read the stored settings; defaults for anything missing or bad.
        ``problem`` says in words what was wrong (None when all is well)."""
        self._io("load")

    def save(self):
        """Store the settings; False (and ``problem`` set) when storage failed."""
        return self._io("save")

    def _io(self, step):
        # firmware.store.settings_record's step, loaded for it and forgotten after
        from firmware.store import settings_record
        from firmware import drop as _drop

        try:
            return getattr(settings_record, step)(self)
        finally:
            _drop("firmware.store.settings_record")
