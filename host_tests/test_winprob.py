# portable: runs under MicroPython too
"""The win-chance table (engine/winprob.bin, tools/gen_winprob.py) and its
reader engine.winprob: read by seeking from a file, monotone where it must be,
the two seats' chances add up, the near-certain corners, bad files."""

from engine import winprob
from engine.winprob import chance, lookup

KINDS = ((121, False), (61, False), (61, True))  # tools/gen_winprob.py: the file's order


def percent(c):
    return None if c is None else (c * 100 + 127) // 255


def _open():
    return open(winprob.path(), "rb")


def test_file_has_the_magic_and_one_byte_a_position():
    f = _open()
    try:
        assert f.read(4) == b"CWP1"
        size = 4
        for t, _ in KINDS:
            size += t * t
        f.seek(size - 1)
        assert len(f.read(1)) == 1
        assert f.read(1) == b""  # nothing after the last table
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
