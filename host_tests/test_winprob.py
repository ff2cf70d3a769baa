# portable: runs under MicroPython too
"""The win-chance table (engine/winprob.bin, tools/gen/winprob.py) and its
reader engine.winprob: read by seeking from a file, monotone where it must be,
the two seats' chances add up, the near-certain corners, bad files."""

from engine import winprob, winprob_check, winprob_problem
from engine.winprob import chance, lookup

KINDS = ((121, False), (61, False), (61, True))  # tools/gen/winprob.py: the file's order


def percent(c):
    return None if c is None else (c * 100 + 127) // 255


def _open():
    return open(winprob.path(), "rb")


def test_file_has_the_header_and_one_byte_a_position():
    f = _open()
    try:
        assert f.read(4) == b"CWP2"
        size = 0
        for t, _ in KINDS:
            size += t * t
        n = f.read(4)
        assert n[0] << 24 | n[1] << 16 | n[2] << 8 | n[3] == size == winprob.SIZE
        f.seek(winprob.HEADER + size - 1)
        assert len(f.read(1)) == 1
        assert f.read(1) == b""  # nothing after the last table
        assert winprob_check.check(f, winprob.HEADER, winprob._head(f)) == ""
    finally:
        f.close()


def test_monotone_in_both_scores_for_both_seats():
    # more of your own points never lowers your chance, more of the other's never raises it
    f = _open()
    try:
        for t, five in KINDS:
            for deals in (True, False):
                for a in range(t):
                    prev = None
                    for b in range(t):
                        c = chance(f, a, b, deals, t, five)
                        assert c is not None
                        if prev is not None:
                            assert c <= prev, (t, five, deals, a, b)
                        prev = c
                for b in range(0, t, 7):
                    prev = None
                    for a in range(t):
                        c = chance(f, a, b, deals, t, five)
                        if prev is not None:
                            assert c >= prev, (t, five, deals, a, b)
                        prev = c
    finally:
        f.close()


def test_seats_add_up_and_the_deal_is_worth_something():
    f = _open()
    try:
        for t, five in KINDS:
            for a, b in ((0, 0), (t // 2, t // 2), (t - 5, t - 9)):
                mine = chance(f, a, b, True, t, five)
                theirs = chance(f, b, a, False, t, five)
                assert mine + theirs == 255
            # at equal scores away from the end the dealer is the favourite (the crib)
            assert chance(f, 10, 10, True, t, five) > 128
            # a player one hole from home who deals next all but wins
            assert chance(f, t - 1, 0, True, t, five) > 250
    finally:
        f.close()


def test_start_is_near_the_first_dealers_rate():
    # the first dealer's self-play win rate of the hard level (README "Win chances")
    # is 53-58%: the table's 0-0 value lies there too
    for t, five in ((121, False), (61, False)):
        p = percent(lookup(0, 0, True, t, five))
        assert 52 <= p <= 60, (t, p)


def test_finished_scores_and_unknown_kinds():
    assert lookup(121, 50, False) == 255
    assert lookup(50, 121, True) == 0
    assert lookup(10, 10, True, 0) is None  # fixed deals (V6): no table
    assert lookup(10, 10, True, 91) is None


class _Short:
    def seek(self, at):
        pass

    def read(self, n):
        return b""


class _Broken:
    def seek(self, at):
        raise OSError(5)


def test_a_short_or_broken_file_gives_none():
    assert chance(_Short(), 3, 4, True) is None
    assert chance(_Broken(), 3, 4, True) is None


# ---- a damaged table reads as no table, and is said once


def _tables():
    f = _open()
    try:
        return f.read()
    finally:
        f.close()


def _damaged(good):
    # (what, bytes) of each damage: the start, random bytes, all 0xFF, the
    # wrong size, cut short, one byte inside changed, two blocks' bytes swapped
    from engine.rng import Rng

    r = Rng(7)
    noise = bytearray(len(good))
    for i in range(len(good)):
        noise[i] = r.below(256)
    inside = bytearray(good)
    inside[5000] ^= 0x10
    moved = bytearray(good)
    a = winprob.HEADER + 300
    b = a + winprob_check.BLOCK
    moved[a], moved[b] = moved[b], moved[a]
    if moved == bytearray(good):
        moved[a] ^= 1
    return (
        ("start", b"XXXX" + good[4:]),
        ("random", bytes(noise)),
        ("all 0xFF", b"\xff" * len(good)),
        ("longer", good + b"\x00"),
        ("cut short", good[:-100]),
        ("header only", good[: winprob.HEADER]),
        ("byte inside", bytes(inside)),
        ("moved", bytes(moved)),
    )


def _readers():
    # every loaded copy of the reader: the app drops engine.winprob and loads it
    # again at each score change, so the expert, engine.winprob_problem and this
    # file may each hold another copy when the suite runs in one interpreter
    import sys

    from engine import expert

    out = [winprob]
    for m in (sys.modules.get("engine.winprob"), expert.winprob, winprob_problem.winprob):
        if m is not None and m not in out:
            out.append(m)
    return out


def _at_path(where, fn):
    # fn() with every reader's table at ``where``, the verdict forgotten before and after
    readers = _readers()
    keep = [m.path for m in readers]
    for m in readers:
        m.path = lambda: where
    winprob.forget()
    try:
        return fn()
    finally:
        for m, p in zip(readers, keep):
            m.path = p
        winprob.forget()


def _with_table(data, fn):
    name = "winprob_test.bin"
    with open(name, "wb") as f:
        f.write(data)
    try:
        return _at_path(name, fn)
    finally:
        import os

        os.remove(name)


def test_a_damaged_table_reads_as_none_and_is_said_once():
    from engine import expert
    from engine.game import Game

    good = _tables()
    g = Game(3, 121, 0)
    g.start()
    v = g.view(0)
    v.scores = [110, 112]

    def read():
        said = [winprob_problem.problem(), winprob_problem.problem()]
        got = (lookup(50, 60, True), lookup(0, 0, False, 61, True), expert.chances(v))
        return said, got, winprob.open_table()

    said, got, f = _with_table(good, read)
    f.close()
    assert said == [None, None] and got[0] is not None and got[2] is not None
    assert expert.chances(v) == got[2]  # the copy reads as the table itself
    for what, data in _damaged(good):
        said, got, f = _with_table(data, read)
        assert f is None and got == (None, None, None), what
        assert said[0] and "damaged" in said[0] and said[1] is None, (what, said)
    # a missing table is no table, and nothing to say
    missing = _at_path(
        "no/such/winprob.bin", lambda: (winprob_problem.problem(), lookup(50, 60, True))
    )
    assert missing == (None, None)


def test_the_whole_check_is_read_once_not_at_every_figure():
    class Counting:
        def __init__(self, f):
            self.f = f
            self.bytes = 0

        def seek(self, at, whence=0):
            return self.f.seek(at, whence)

        def tell(self):
            return self.f.tell()

        def read(self, n):
            got = self.f.read(n)
            self.bytes += len(got)
            return got

        def close(self):
            self.f.close()

    opened = []
    real = open

    def counting_open(name, mode="r"):
        f = Counting(real(name, mode))
        opened.append(f)
        return f

    winprob.forget()
    winprob.open = counting_open  # the module's own name shadows the builtin
    try:
        for own in range(20):
            assert lookup(own, 30, True) is not None
    finally:
        del winprob.open
        winprob.forget()
    reads = [f.bytes for f in opened]
    assert reads[0] >= winprob.SIZE  # the first open reads the table through
    assert max(reads[1:]) <= winprob.HEADER + 1  # every other: the header and one figure
