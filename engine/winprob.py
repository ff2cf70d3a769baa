"""The chance to win from a board position, read from engine/winprob.bin (made
by tools/gen_winprob.py: per-deal score distributions of the hard level's
self-play, then dynamic programming over positions; README "Win chances").

The file is read a byte at a time by seeking, never loaded: ``chance`` takes
an open binary file (anything with seek and read). ``lookup`` opens the file
beside this module for one figure. A missing or short file gives None, never
an exception. Imports nothing (os-free: the path is built from ``__file__``).
"""

MAGIC = b"CWP1"
# (target, five-card) of each table, in file order; row = dealer, column = pone
KINDS = ((121, False), (61, False), (61, True))


def _offset(target, five):
    at = len(MAGIC)
    for t, f in KINDS:
        if t == target and f == five:
            return at
        at += t * t
    return -1


def chance(f, own, other, own_deals, target=121, five=False):
    """Chance 0..255 that the player at ``own`` beats the one at ``other`` when
    ``own_deals`` (True: own is about to deal, or dealing). None for a kind of
    game without a table (fixed deals) or a short file."""
    if own >= target and target:
        return 255
    if other >= target and target:
        return 0
    at = _offset(target, five)
    if at < 0 or own < 0 or other < 0:
        return None
    if own_deals:
        at += own * target + other
    else:
        at += other * target + own
    try:
        f.seek(at)
        b = f.read(1)
    except (OSError, ValueError):
        return None
    if not b:
        return None
    return b[0] if own_deals else 255 - b[0]


def path():
    """Where the table lies: beside this module (frozen: engine/winprob.bin)."""
    here = globals().get("__file__") or "engine/winprob.py"
    cut = here.rfind("/")
    return (here[: cut + 1] if cut >= 0 else "") + "winprob.bin"


def lookup(own, other, own_deals, target=121, five=False):
    """``chance`` from the file beside this module, opened and closed here;
    None when it cannot be read."""
    try:
        f = open(path(), "rb")
    except OSError:
        return None
    try:
        return chance(f, own, other, own_deals, target, five)
    finally:
        f.close()


def percent(c):
    """A chance 0..255 as a whole percent 0..100 (None stays None)."""
    return None if c is None else (c * 100 + 127) // 255
