"""The simulator's keyboard: terminal keys to the device's buttons (``KEYS``,
a key counts as held ``KEY_HOLD_MS``, Z and X hold A and B long), the key
line shown under the picture (``HELP``), and reading keys without waiting:
a POSIX terminal in cbreak mode (termios, ``PosixInput``) or the Windows
console (msvcrt, ``WindowsInput``), both giving keys as ``split_keys`` does
(escape sequences whole).

CPython only, standard library only. Imports firmware.hal (the button
bits); puts the project root on sys.path for it when run from tools/.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402

KEY_HOLD_MS = 150  # a terminal key counts as held this long (key repeat extends it)
LONG_HOLD_MS = 900

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
}
HELP = "arrows: d-pad   z/a: A   x/b: B   Z/X: long A/B   q: quit"


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
