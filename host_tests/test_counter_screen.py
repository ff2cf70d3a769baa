# portable
"""The hand counter screen driven like a player would: raw button levels
into the headless app (host backend, simulated clock), never by calling the
screen directly. Totals worked out by hand from the rules (R12: fifteens,
pairs, runs, flushes, nobs; a crib's flush needs all five; a hand of nothing
is the 19); the place mark never drawn over the text, tens in two cells,
nothing off the screen; a card refused twice; mashing never fails. Runs
under CPython (pytest) and the MicroPython unix port."""

from engine.cards import parse_many
from firmware.hal import A, B, DOWN, RIGHT, UP
from keeperrig import FRAME, Rig, mash, shown


def test_counter_counts_29_entered_by_buttons():
    rig = Rig()
    s = rig.open("counter")
    assert type(s).__name__ == "CounterScreen"
    rig.tap(A)  # the card in hand starts as 5C
    rig.tap(RIGHT)
    rig.tap(A)  # 5D
    rig.tap(RIGHT)
    rig.tap(A)  # 5H
    rig.tap(RIGHT)
    rig.tap(UP, 6)
    rig.tap(A)  # JS
    rig.tap(DOWN, 6)
    rig.tap(A)  # 5S: the starter
    assert s.hc.cards == parse_many("5C 5D 5H JS 5S")
    assert s.total_line() == "total 29"
    # 8 fifteens, a double pair royal, nobs (R12): 10 lines then the total
    assert len(s.lines) == 11
    assert s.lines[8] == "double pair royal 12"  # its cards do not fit: they are above
    rig.tap(DOWN, 20)  # scroll to the end and no further
    assert s.top == len(s.lines) - 6
    assert rig.app.errors == 0


def ink_rows(code):
    """The first and last row of ink of font glyph ``code``."""
    from firmware.ui import font

    o = font.glyph(code)
    bits = 0
    for i in range(5):
        bits |= font.DATA[o + i]
    rows = [r for r in range(8) if bits >> r & 1]
    return rows[0], rows[-1]


def test_counter_place_mark_is_not_drawn_over_the_text():
    from firmware.ui import font

    rig = Rig()
    s = rig.open("counter")
    cv = rig.app.canvas
    for placed in range(5):  # the mark under each place in turn, "starter next" last
        texts = []
        marks = []
        plain_text, plain_glyph = cv.text, cv.glyph

        def text(t, x, y, c=1, dim=False):
            texts.append((t, x, y))
            return plain_text(t, x, y, c, dim)

        def glyph(code, x, y, c=1, dim=False):
            if code == font.UP:
                marks.append((x, y))
            return plain_glyph(code, x, y, c, dim)

        cv.text, cv.glyph = text, glyph
        try:
            rig.app.invalidate()
            rig.run(FRAME)
        finally:
            cv.text, cv.glyph = plain_text, plain_glyph
        assert len(marks) == 1
        mx, my = marks[0]
        top, bottom = ink_rows(font.UP)
        for t, x, y in texts:
            apart = my + bottom < y or my + top > y + 7
            apart = apart or mx + 5 <= x or mx >= x + 6 * len(t)
            assert apart, "the mark at %r is drawn over %r at %r" % (marks[0], t, (x, y))
        assert ("starter next" if placed == 4 else "card %d of 4" % (placed + 1)) in [
            t[0] for t in texts
        ]
        rig.tap(A)
        rig.tap(UP)
    assert s.hc.ready() and rig.app.errors == 0


def test_counter_zero_hand_is_the_19():
    rig = Rig()
    s = rig.open("counter")
    rig.tap(DOWN, 4)
    rig.tap(A)  # AC
    rig.tap(UP, 2)
    rig.tap(RIGHT)
    rig.tap(A)  # 3D
    rig.tap(UP, 4)
    rig.tap(RIGHT)
    rig.tap(A)  # 7H
    rig.tap(UP, 2)
    rig.tap(RIGHT)
    rig.tap(A)  # 9S
    rig.tap(UP, 3)
    rig.tap(RIGHT)
    rig.tap(A)  # QC
    assert s.hc.cards == parse_many("AC 3D 7H 9S QC")
    # no fifteen, pair, run, flush or nobs in A 3 7 9 Q
    assert len(s.lines) == 1
    assert s.total_line() == "total 0: 19 (nothing)"
    # the total line is lit to its last column of ink: the ")" is not cut off
    d = rig.hw.display
    assert [x for x in range(126) if not d.pixel(x, 10)] == []
    assert shown_off_screen(rig) == []


def shown_off_screen(rig):
    from screentext import off_screen

    return off_screen(rig.app, lambda: rig.run(FRAME))


def test_counter_writes_ten_in_two_cells_and_names_a_pair_royal():
    rig = Rig()
    s = rig.open("counter")
    rig.tap(UP, 5)  # the card in hand starts as 5C: up to 10C
    for _ in range(3):
        rig.tap(A)
        rig.tap(RIGHT)  # 10C 10D 10H
    rig.tap(DOWN, 5)
    rig.tap(A)  # 5S
    rig.tap(RIGHT)
    rig.tap(A)  # the starter 5C
    assert s.hc.cards == parse_many("TC TD TH 5S 5C")
    text = shown(rig)
    assert "\x84" not in text  # the one-cell ten is for card faces
    assert "pair royal 6" in s.lines  # its cards (11 cells) do not fit: they are the title
    assert "pair 2: 5\x83 5\x80" in s.lines and "15 2: 10\x80 5\x83" in s.lines
    assert s.title.startswith("10\x80 10\x81 10\x82 5\x83  5\x80")
    assert s.total_line() == "total 20"  # six fifteens 12, pair royal 6, pair 2
    rig.hold(A)  # as the crib: "crib" no longer fits beside the tens in the title
    assert s.lines[0] == "counted as the crib" and s.total_line() == "total 20"
    assert shown_off_screen(rig) == []
    assert rig.app.errors == 0


def test_counter_crib_flush_needs_five():
    rig = Rig()
    s = rig.open("counter")
    # 2H 4H 6H 8H + KS: a four-card flush counts in a hand, not in the crib
    rig.tap(RIGHT, 2)
    rig.tap(DOWN, 3)
    rig.tap(A)
    for _ in range(3):
        rig.tap(UP, 2)
        rig.tap(A)
    rig.tap(UP, 5)
    rig.tap(RIGHT)
    rig.tap(A)
    assert s.hc.cards == parse_many("2H 4H 6H 8H KS")
    # all five values are even, so no fifteen; no pair or run: the flush of 4
    assert s.total_line() == "total 4"
    rig.hold(A)  # count it as the crib
    assert s.hc.crib and s.total_line().startswith("total 0")


def test_counter_refuses_a_card_twice_and_takes_cards_out():
    rig = Rig()
    s = rig.open("counter")
    rig.tap(A)
    rig.tap(A)  # 5C again
    assert s.hc.cards[1] == -1
    assert "already" in s.message
    rig.tap(UP)
    rig.tap(A)  # 6C
    rig.tap(B)  # 6C comes back out into the hand
    assert s.hc.cards[:2] == [parse_many("5C")[0], -1]
    assert (s.rank, s.suit) == (5, 0)
    rig.tap(B)
    rig.tap(B)  # nothing left: back to the menu
    assert type(rig.top()).__name__ == "MenuScreen"
    assert rig.app.errors == 0


def test_mashing_the_counter_never_fails():
    from firmware.screens import counter

    rig = Rig(root=counter.make(None))
    mash(rig, 777, 1500)
    hc = rig.app.stack[0].hc
    used = [c for c in hc.cards if c >= 0]
    assert len(used) == len(set(used))
