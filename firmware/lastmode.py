"""Which mode was open (play, keeper, ...), kept in a tiny crash-safe record
so that the app can reopen it after a crash, a watchdog reset or a power cut;
the mode then resumes from its own save. Imports ``firmware.records``.

Payload (version 1): ``tries`` (1 byte), then the mode's name in ASCII (at
most 16 bytes; empty for the start menu). ``tries`` counts the restarts into
that mode that have not yet run cleanly for a while: the app stops reopening
a mode that keeps failing as it starts.
"""

from firmware.records import RecordStore

MAGIC = b"MODE"
VERSION = 1
NAME = "mode"
MAX_NAME = 16


class LastMode:
    def __init__(self, storage):
        # two copies written in turn (records.py's slots): one file operation a
        # save, in the frames that open and close a mode (a save by a new file
        # and two renames took up to 56 ms there on the emulated Pico)
        self.store = RecordStore(storage, NAME, MAGIC, VERSION, slots=True)
        self.name = ""
        self.tries = 0

    def load(self):
        """``(name, tries, problem)``: the mode that was open ('' for none)
        and a sentence when the record was refused (None when all is well)."""
        payload, version, problem = self.store.load()
        self.name, self.tries = "", 0
        if payload is not None:
            name = bytes(payload[1:])
            ok = 0 < len(name) <= MAX_NAME
            for ch in name:
                if not (97 <= ch <= 122 or 48 <= ch <= 57 or ch == 95):  # a-z 0-9 _
                    ok = False
            if ok:
                self.name, self.tries = name.decode(), payload[0]
            elif name:
                problem = "the last mode record names no mode; starting at the menu"
        return self.name, self.tries, problem

    def save(self, name, tries=0):
        """Store ``name`` ('' or None: the menu) and ``tries``; only when
        they change. Raises what the storage raises."""
        name = name or ""
        tries = min(255, tries)
        if name == self.name and tries == self.tries:
            return
        if len(name) > MAX_NAME:
            raise ValueError("mode name too long: %r" % name)
        self.store.save(bytes((tries,)) + name.encode())
        self.name, self.tries = name, tries
