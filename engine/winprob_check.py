"""The win-chance table's check (engine/winprob.bin, engine.winprob): the
sums the generator writes into the header (``sums``, tools/gen/winprob.py)
and the reader's one look at the whole table (``check``: the tables read
through against the header's sums). A leaf: the reader hands it the open
file, where the tables start and the sums its header holds, and loads it
for the first look only (engine.winprob_problem says what is wrong).
Imports nothing.
"""

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


def _blocks(f, at):
    f.seek(at)
    while True:
        b = f.read(BLOCK)
        if not b:
            return
        yield b


def check(f, at, want):
    """What is wrong with the tables in the open file ``f``, from byte ``at``
    to its end, against ``want``, the ``sums`` their header holds; "" when
    they match (reads them through once)."""
    try:
        if sums(_blocks(f, at)) != want:
            return "its check does not match"
    except (OSError, ValueError):
        return "it cannot be read"
    return ""
