"""The chance to win from a board position, read from engine/winprob.bin (made
by tools/gen_winprob.py: per-deal score distributions of the hard level's
self-play, then dynamic programming over positions; README "Win chances").

The file: a ``HEADER`` of 12 bytes, ``CWP2``, the tables' size in bytes
(``SIZE``, 4 bytes big-endian) and their check (``sums``: two 16-bit sums,
big-endian); then one byte a position (255 times the chance that the dealer
wins), row = the dealer's score, column = the pone's: six-card to 121
(121 x 121), six-card to 61 (61 x 61), five-card to 61 (61 x 61).

It is read a byte at a time by seeking, never loaded. ``open_table()`` gives
the file open, or None when it is missing or bad: every open checks the
header and the file's size (two seeks); the first also reads the tables
through once against their check, and the verdict is kept on the ``engine``
package, which stays loaded while this module is dropped and loaded again
(the device reads a figure when the scores change), so the whole file is
read once, not at every figure. ``problem()`` says what is wrong with the
table, once (None when it is good or missing). ``chance`` takes an open
binary file (anything with seek and read); ``lookup`` opens the table for one
figure. A missing, bad or short file gives None, never an exception. Kept
small: the device's heap loads it in a game. Imports engine (the package).
"""

MAGIC = b"CWP2"
HEADER = 12
SIZE = 121 * 121 + 2 * 61 * 61  # the three tables' bytes
BLOCK = 256  # bytes summed at once by ``sums`` (and read at once by the check)
_VERDICT = "winprob_verdict"  # the engine package's attribute: (path, problem or "")


def sums(blocks):
    """The tables' check: ``(s1, s2)``, s1 the sum of every byte, s2 the sum
    of each ``BLOCK``-byte block's sum times its number (1, 2, ...), both mod
    65536. ``blocks``: the tables' bytes in blocks of ``BLOCK`` (the last may
    be shorter). A changed byte changes s1; bytes moved between blocks change
    s2. Builtin ``sum`` over each block: fast on a Pico too."""
    s1 = 0
    s2 = 0
    i = 0
    for b in blocks:
        i += 1
        s = sum(b)
        s1 = (s1 + s) & 0xFFFF
        s2 = (s2 + i * s) & 0xFFFF
    return s1, s2


def header(tables):
    """The 12 bytes before ``tables`` (bytes of the three tables, ``SIZE``)."""
    s1, s2 = sums([tables[i : i + BLOCK] for i in range(0, len(tables), BLOCK)])
    n = len(tables)
    return MAGIC + bytes(
        (n >> 24, n >> 16 & 255, n >> 8 & 255, n & 255, s1 >> 8, s1 & 255, s2 >> 8, s2 & 255)
    )


def _head(f):
    # the header's (s1, s2) when the header and the file's size are right, else a problem text
    f.seek(0)
    head = f.read(HEADER)
    if len(head) < HEADER or head[:4] != MAGIC:
        return "it does not start as a win-chance table"
    n = head[4] << 24 | head[5] << 16 | head[6] << 8 | head[7]
    if n != SIZE:
        return "it holds %d bytes of tables, not %d" % (n, SIZE)
    end = f.seek(0, 2)
    if end is None:  # a file whose seek gives nothing back
        end = f.tell()
    if end != HEADER + SIZE:
        return "it is %d bytes long, not %d" % (end, HEADER + SIZE)
    return (head[8] << 8 | head[9], head[10] << 8 | head[11])


def _blocks(f):
    f.seek(HEADER)
    while True:
        b = f.read(BLOCK)
        if not b:
            return
        yield b


def check(f):
    """What is wrong with the table in the open file ``f``, or "" when it is
    good: its header, its size and its check (reads it through once)."""
    try:
        want = _head(f)
        if isinstance(want, str):
            return want
        if sums(_blocks(f)) != want:
            return "its check does not match"
    except (OSError, ValueError):
        return "it cannot be read"
    return ""


def _verdict(where, f):
    # the table's problem ("" when good): the header and size read each time,
    # the whole check once for ``where`` (kept on the engine package)
    import engine

    bad = _head(f)
    if isinstance(bad, str):
        return bad
    kept = getattr(engine, _VERDICT, None)
    if kept is not None and kept[0] == where:
        return kept[1]
    got = check(f)
    setattr(engine, _VERDICT, (where, got, False))
    return got


def open_table():
    """The table file open for reading, or None when it is missing or bad."""
    where = path()
    try:
        f = open(where, "rb")
    except OSError:
        return None
    try:
        bad = _verdict(where, f)
    except (OSError, ValueError):
        bad = "it cannot be read"
    if bad:
        f.close()
        return None
    return f


def problem():
    """What is wrong with the table, in words for a screen, the first time it
    is asked after the table was found bad; None when it is good, missing, or
    was already said."""
    import engine

    where = path()
    try:
        f = open(where, "rb")
    except OSError:
        return None
    try:
        bad = _verdict(where, f)
    except (OSError, ValueError):
        bad = "it cannot be read"
    finally:
        f.close()
    if not bad:
        return None
    kept = getattr(engine, _VERDICT, None)
    if kept is not None and kept[0] == where and kept[2]:
        return None
    setattr(engine, _VERDICT, (where, bad, True))
    return _DAMAGED % bad


_DAMAGED = "The win-chance table is damaged (%s): no chances to win, and the expert plays as hard."


def forget():
    """Forget the kept verdict (a test that puts another table in place)."""
    import engine

    if getattr(engine, _VERDICT, None) is not None:
        setattr(engine, _VERDICT, None)


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
        at = HEADER
    elif target == 61:
        at = HEADER + (14641 + 3721 if five else 14641)
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
    """``chance`` from the table beside this module; None when it cannot be
    read or is bad."""
    f = open_table()
    if f is None:
        return None
    try:
        return chance(f, own, other, own_deals, target, five)
    finally:
        f.close()
