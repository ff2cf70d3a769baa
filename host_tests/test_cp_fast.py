"""firmware/hw/cp_fast.py (the CircuitPython drawing loops) against the
canvas's own plain loops: every glyph and symbol, unknown and multi-byte
characters, both inks, dimmed, every row offset, clipped at every edge, and
random inverted boxes and dotted lines must leave the same bytes. On CPython
(without ulab, so ``xor_rect`` runs its plain loop here; the ulab path is
compared on the emulated Pico by tools/bench/cp_bench.py's ``fast`` check).
CPython only."""

import random

from firmware.ui import font
from firmware.ui.canvas import CARD_H, Canvas
from firmware.ui.fakefb import MONO_VLSB, FrameBuffer
from firmware.hw import cp_fast


def plain_canvas(buf):
    cv = Canvas(FrameBuffer(buf, 128, 64, MONO_VLSB), buf)
    if hasattr(cv, "fast"):
        cv.fast = None  # the canvas's own loops
    return cv


_r = random.Random(1)
START = bytes(_r.randrange(256) for _ in range(1024))  # ink everywhere: OR and clear both show


def both(draw_plain, draw_fast):
    a = bytearray(START)
    b = bytearray(START)
    draw_plain(plain_canvas(a))
    draw_fast(b)
    return a, b


TEXTS = [
    "Play the computer",
    "".join(chr(c) for c in range(32, 137)),
    "caf\u00e9 \u2665 \U0001f600 \x85\x86",
    "",
    "x",
]


def test_text_matches_the_plain_loops_everywhere():
    r = random.Random(3)
    cases = []
    for s in TEXTS:
        for y in (-9, -8, -7, -3, 0, 1, 7, 8, 13, 56, 57, 60, 63, 64):
            for x in (-3, 5, 125):
                cases.append((s, x, y))
    for _ in range(80):
        s = "".join(chr(r.randrange(20, 140)) for _ in range(r.randrange(0, 25)))
        cases.append((s, r.randrange(-30, 140), r.randrange(-10, 70)))
    for s, x, y in cases:
        for c in (0, 1):
            for dim in (False, True):
                for as_bytes in (False, True):
                    t = s.encode("latin-1", "replace") if as_bytes else s
                    if as_bytes and any(ord(ch) > 255 for ch in s):
                        continue
                    end = []
                    a, b = both(
                        lambda cv: end.append(cv.text(t, x, y, c, dim)),
                        lambda buf: end.append(
                            cp_fast.text(
                                buf, 128, 8, font.DATA, t, len(t), not as_bytes, x, y, c, dim
                            )
                        ),
                    )
                    assert a == b, (s, x, y, c, dim, as_bytes)
                    assert end[0] == end[1]


def test_xor_rect_fill_and_dots_match():
    r = random.Random(5)
    for _ in range(300):
        x, y = r.randrange(-10, 140), r.randrange(-10, 70)
        w, h = r.randrange(0, 140), r.randrange(0, 70)

        def inv(buf):
            x0, y0 = max(x, 0), max(y, 0)
            x1, y1 = min(x + w, 128), min(y + h, 64)
            if x0 < x1:
                cp_fast.xor_rect(buf, 128, x0, y0, x1, y1)

        a, b = both(lambda cv: cv.invert(x, y, w, h), inv)
        assert a == b, (x, y, w, h)
        n = r.randrange(0, 70)
        c = r.randrange(2)
        a, b = both(
            lambda cv: cv.dotted_hline(x, y, n, c),
            lambda buf: cp_fast.dots(
                buf, 128, 64, x + ((x + y) & 1), y, (n - ((x + y) & 1) + 1) >> 1, 2, 0, c
            ),
        )
        assert a == b, ("h", x, y, n, c)
    for v in (0, 0xFF):
        buf = bytearray(b"\x5a" * 1024)
        cp_fast.fill(buf, 1024, v)
        assert buf == bytearray((v,)) * 1024


def test_cards_copied_from_images_match_the_canvas_drawing():
    r = random.Random(9)
    cases = [
        (x, y)
        for x in (-14, -12, -5, 0, 57, 115, 120, 127, 128)
        for y in (-20, -3, 0, 10, 36, 39, 45, 50, 63)
    ]
    cases += [(r.randrange(-15, 130), r.randrange(-20, 66)) for _ in range(150)]
    for x, y in cases:
        code = r.randrange(-1, 52)
        inverted = r.randrange(2)
        a = bytearray(START)
        b = bytearray(START)
        plain = plain_canvas(a)
        fast = plain_canvas(b)
        fast.fast = cp_fast
        if code < 0:
            plain.card_back(x, y)
            fast.card_back(x, y)
        else:
            plain.card(x, y, code, inverted)
            fast.card(x, y, code, inverted)
        assert a == b, (x, y, code, inverted)
    # a dimmed card is drawn by the canvas itself (its dots follow the screen's checkerboard)
    a = bytearray(START)
    b = bytearray(START)
    fast = plain_canvas(b)
    fast.fast = cp_fast
    plain_canvas(a).card(21, 39, 7, False, True)
    fast.card(21, 39, 7, False, True)
    assert a == b


def test_card_masks_are_the_rows_a_card_covers():
    # cp_fast._MASKS, written out: per y & 7 and page, the card's rows (mid)
    # and those less its first and last (edge), from the card's height
    def rows(lo, hi):
        lo = max(lo, 0)
        hi = min(hi, 8)
        return ((1 << hi) - 1) & (0xFF ^ ((1 << lo) - 1)) if lo < hi else 0

    h = cp_fast._CH
    want = bytearray()
    for shift in range(8):
        for p in range(4):
            top = shift - p * 8
            want += bytes((rows(top, top + h), rows(top + 1, top + h - 1)))
    assert cp_fast._MASKS == bytes(want)
    assert cp_fast._CH == CARD_H
