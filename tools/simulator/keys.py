"""The simulator's keyboard: terminal keys to the device's buttons (``KEYS``:
a key is one press of ``KEY_HOLD_MS``; Z and X hold A and B long, c presses
A and B together; v changes the view), the presses played one after another as the app sees
them (``Presses``: a terminal gives no key-up, and each key it delivers is
one press, however close they come), the key line shown under the picture
(``HELP``; ``SHORT_HELP`` under the text view), and reading keys without waiting:
a POSIX terminal in cbreak mode (termios, ``PosixInput``) or the Windows
console (msvcrt, ``WindowsInput``), both giving keys as ``split_keys`` does
(escape sequences whole).

CPython only, standard library only. Imports firmware.hal (the button
bits); puts the project root on sys.path for it.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402

KEY_HOLD_MS = 60  # a terminal key is a press held this long once the app sees it
LONG_HOLD_MS = 900
MOST_QUEUED = 8  # presses waiting their turn at most (a held key's repeats beyond wait)
GIVE_UP_MS = 400  # a press the app never sees down (the waking press) ends after this

KEYS = {
    "\x1b[A": (UP, KEY_HOLD_MS),
    "\x1b[B": (DOWN, KEY_HOLD_MS),
    "\x1b[C": (RIGHT, KEY_HOLD_MS),
    "\x1b[D": (LEFT, KEY_HOLD_MS),
    "\x1bOA": (UP, KEY_HOLD_MS),
    "\x1bOB": (DOWN, KEY_HOLD_MS),
    "\x1bOC": (RIGHT, KEY_HOLD_MS),
    "\x1bOD": (LEFT, KEY_HOLD_MS),
    "z": (A, KEY_HOLD_MS),
    "a": (A, KEY_HOLD_MS),
    " ": (A, KEY_HOLD_MS),
    "\r": (A, KEY_HOLD_MS),
    "\n": (A, KEY_HOLD_MS),
    "x": (B, KEY_HOLD_MS),
    "b": (B, KEY_HOLD_MS),
    "\x7f": (B, KEY_HOLD_MS),
    "\x08": (B, KEY_HOLD_MS),
    "Z": (A, LONG_HOLD_MS),
    "A": (A, LONG_HOLD_MS),
    "X": (B, LONG_HOLD_MS),
    "B": (B, LONG_HOLD_MS),
    "c": (A | B, KEY_HOLD_MS),
    "C": (A | B, KEY_HOLD_MS),
}
HELP = "arrows:d-pad z/a:A x/b:B Z/X:long A/B c:A+B v:view q:quit"
SHORT_HELP = "z:A x:B Z/X:long c:A+B v:view q:quit"  # the text view's, for narrow terminals
VIEW_KEYS = ("v", "V")  # the next view (not a button)


class Presses:
    """The presses the terminal's keys make, one at a time in the order the
    keys came: ``add(mask, ms)`` queues one; ``raw(now, held)`` is the
    bitmask to put on the buttons at ``now`` (ms), given ``held``, the
    buttons as the app has debounced them (``app.buttons.held``). A press is
    down until the app has had it down for its ``ms``, then up until the app
    has seen it up; then the next. So two keys 10 ms apart are two presses,
    whatever the frame rate. At most ``MOST_QUEUED`` wait (a key held down
    in the terminal repeats faster than presses can be played)."""

    def __init__(self):
        self.queue = []
        self.mask = 0  # the press being played, 0: none
        self.ms = 0
        self.start = 0  # when it went down
        self.seen = -1  # when the app first had it down; -1: not yet
        self.up = False  # its release being played

    def add(self, mask, ms):
        if len(self.queue) < MOST_QUEUED:
            self.queue.append((mask, ms))

    def pending(self):
        return bool(self.mask or self.queue)

    def raw(self, now, held):
        if self.mask and self.up and not held & self.mask:
            self.mask = 0  # the release was seen: this press is over
        if not self.mask:
            if not self.queue:
                return 0
            self.mask, self.ms = self.queue.pop(0)
            self.start = now
            self.seen = -1
            self.up = False
        if self.up:
            return 0
        if held & self.mask == self.mask:
            if self.seen < 0:
                self.seen = now
            if now - self.seen >= self.ms:
                self.up = True
                return 0
        elif now - self.start >= GIVE_UP_MS + self.ms:
            self.up = True  # the app never took it (a press that wakes the screen)
            return 0
        return self.mask


def split_keys(data):
    """Terminal input -> list of key strings (escape sequences kept whole)."""
    keys = []
    i = 0
    while i < len(data):
        if data[i] == "\x1b" and i + 2 < len(data) and data[i + 1] in "[O":
            keys.append(data[i : i + 3])
            i += 3
        else:
            keys.append(data[i])
            i += 1
    return keys


# Windows console: an arrow key is a prefix then a letter
WIN_ARROWS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}


def windows_keys(chars):
    """msvcrt.getwch() characters -> key strings as split_keys gives them."""
    keys = []
    i = 0
    while i < len(chars):
        if chars[i] in "\x00\xe0" and i + 1 < len(chars):
            if chars[i + 1] in WIN_ARROWS:
                keys.append(WIN_ARROWS[chars[i + 1]])
            i += 2
        else:
            keys.append(chars[i])
            i += 1
    return keys


class PosixInput:
    """Keys from a POSIX terminal in cbreak mode."""

    def __enter__(self):
        import termios
        import tty

        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc):
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def keys(self):
        import select

        if not select.select([self.fd], [], [], 0)[0]:
            return []
        return split_keys(os.read(self.fd, 64).decode("latin-1"))


class WindowsInput:
    """Keys from the Windows console (msvcrt); turns on its colour codes."""

    def __enter__(self):
        os.system("")  # lets the console obey escape sequences (Windows 10 and later)
        return self

    def __exit__(self, *exc):
        pass

    def keys(self):
        import msvcrt

        chars = []
        while msvcrt.kbhit():
            chars.append(msvcrt.getwch())
        return windows_keys("".join(chars))
