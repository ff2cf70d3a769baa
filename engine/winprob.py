"""The chance to win from a board position, read from engine/winprob.bin (made
by tools/gen_winprob.py: per-deal score distributions of the hard level's
self-play, then dynamic programming over positions; README "Win chances").

The file: 4 bytes ``CWP1``, then one byte a position (255 times the chance
that the dealer wins), row = the dealer's score, column = the pone's: six-card
to 121 (121 x 121), six-card to 61 (61 x 61), five-card to 61 (61 x 61).
It is read a byte at a time by seeking, never loaded: ``chance`` takes an
open binary file (anything with seek and read); ``lookup`` opens the file
beside this module for one figure. A missing or short file gives None, never
an exception. Kept small: the device's heap loads it in a game. Imports
nothing.
"""


def chance(f, own, other, own_deals, target=121, five=False):
    """Chance 0..255 that the player at ``own`` beats the one at ``other`` when
    ``own_deals`` (True: own is about to deal, or dealing). None for a kind of
    game without a table (fixed deals), a bad score or a short file."""
    if target and own >= target:
        return 255
    if target and other >= target:
        return 0
    if own < 0 or other < 0:
        return None
    if target == 121 and not five:
        at = 4
    elif target == 61:
        at = 18366 if five else 14645
    else:
        return None
    at += own * target + other if own_deals else other * target + own
    try:
        f.seek(at)
        b = f.read(1)
    except (OSError, ValueError):
        return None
    if not b:
        return None
    return b[0] if own_deals else 255 - b[0]


def path():
    """Where the table lies: beside this module."""
    here = globals().get("__file__") or "engine/winprob.py"
    return here[: here.rfind("/") + 1] + "winprob.bin"


def lookup(own, other, own_deals, target=121, five=False):
    """``chance`` from the file beside this module; None when it cannot be read."""
    try:
        f = open(path(), "rb")
    except OSError:
        return None
    try:
        return chance(f, own, other, own_deals, target, five)
    finally:
        f.close()
