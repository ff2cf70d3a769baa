"""The chance to win from a board position, read from engine/winprob.bin (made
by tools/gen/winprob.py: per-deal score distributions of the hard level's
self-play, then dynamic programming over positions; README "Win chances").

The file: a ``HEADER`` of 12 bytes, ``CWP2``, the tables' size in bytes
(``SIZE``, 4 bytes big-endian) and their check (engine.winprob_check's
``sums``: two 16-bit sums, big-endian); then one byte a position (255 times
the chance that the dealer wins), row = the dealer's score, column = the pone's: six-card to 121
(121 x 121), six-card to 61 (61 x 61), five-card to 61 (61 x 61).

It is read a byte at a time by seeking, never loaded. ``open_table()`` gives
the file open, or None when it is missing or bad: every open checks the
header and the file's size (two seeks); the first also reads the tables
through once against their check, and the verdict is kept on the ``engine``
package, which stays loaded while this module is dropped and loaded again
(the device reads a figure when the scores change), so the whole file is
read once, not at every figure (engine.winprob_check reads it through;
engine.winprob_problem says what is wrong, once). ``chance`` takes an open
binary file (anything with seek and read); ``lookup`` opens the table for one
figure. A missing, bad or short file gives None, never an exception. Kept
small, the check apart: the device loads this module at each score change,
while a game's end holds the app's peak heap, which the check's code would
take past its 96 KB budget (emulated Pico, MicroPython v1.28.0 RPI_PICO).
Imports engine (the package) and, for the first check, engine.winprob_check.
"""

MAGIC = b"CWP2"
HEADER = 12
SIZE = 121 * 121 + 2 * 61 * 61  # the three tables' bytes
_VERDICT = "winprob_verdict"  # the engine package's attribute: (path, problem or "", said)


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


def _verdict(where, f):
    # the table's problem ("" when good): the header and size read each time,
    # the whole check once for ``where`` (kept on the engine package)
    import engine

    head = _head(f)
    if isinstance(head, str):
        return head
    kept = getattr(engine, _VERDICT, None)
    if kept is not None and kept[0] == where:
        return kept[1]
    from engine.winprob_check import check  # once a power-on: the boot asks first

    got = check(f, HEADER, head)
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


def forget():
    """Forget the kept verdict (a test that puts another table in place)."""
    import engine

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
