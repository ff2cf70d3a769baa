"""The win-chance table's check (engine/winprob.bin, engine.winprob): the
sums the generator writes into the header (``header``, tools/gen/winprob.py)
and the reader checks once (``check``), and what is wrong with the table in
words for a screen, said once (``problem``: the app asks at its start).
Imports engine (the package) and engine.winprob.
"""

from engine import winprob

BLOCK = 256  # bytes summed at once by ``sums`` (and read at once by the check)


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
    return winprob.MAGIC + bytes(
        (n >> 24, n >> 16 & 255, n >> 8 & 255, n & 255, s1 >> 8, s1 & 255, s2 >> 8, s2 & 255)
    )


def _blocks(f):
    f.seek(winprob.HEADER)
    while True:
        b = f.read(BLOCK)
        if not b:
            return
        yield b


def check(f):
    """What is wrong with the table in the open file ``f``, or "" when it is
    good: its header, its size and its check (reads it through once)."""
    try:
        want = winprob._head(f)
        if isinstance(want, str):
            return want
        if sums(_blocks(f)) != want:
            return "its check does not match"
    except (OSError, ValueError):
        return "it cannot be read"
    return ""


def problem():
    """What is wrong with the table, in words for a screen, the first time it
    is asked after the table was found bad; None when it is good, missing, or
    was already said."""
    import engine

    where = winprob.path()
    try:
        f = open(where, "rb")
    except OSError:
        return None
    try:
        bad = winprob._verdict(where, f)
    except (OSError, ValueError):
        bad = "it cannot be read"
    finally:
        f.close()
    if not bad:
        return None
    kept = getattr(engine, winprob._VERDICT, None)
    if kept is not None and kept[0] == where and kept[2]:
        return None
    setattr(engine, winprob._VERDICT, (where, bad, True))
    return _DAMAGED % bad


_DAMAGED = "The win-chance table is damaged (%s): no chances to win, and the expert plays as hard."
