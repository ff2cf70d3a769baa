# portable
"""firmware/ui/canvas.py and firmware/ui/font.py: text sizes, glyph placement and
clipping at every edge, cards (bounds, every card distinct, six fit across the
screen), allocation-free drawing. Runs on CPython (fake framebuf) and on
MicroPython (real framebuf); host_tests/test_fakefb.py also checks that a
canvas scene gives the same bytes on both."""

from firmware.ui import font
from firmware.ui.canvas import CARD_H, CARD_W, Canvas
from firmware.hw.host import Display

HAND_PITCH = 20  # firmware.ui.canvas._HAND_PITCH (consts: no attributes on MicroPython)
RAISE = 3  # firmware.ui.canvas._RAISE


def fresh():
    d = Display()
    return d, Canvas(d.fb, d.buf)


def lit(d):
    """All lit pixels as a list of (x, y)."""
    out = []
    for y in range(64):
        for x in range(128):
            if d.pixel(x, y):
                out.append((x, y))
    return out


def bounds(points):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_font_table_shape_and_glyphs():
    assert len(font.DATA) == (96 + 9) * 5
    seen = set()
    for code in range(33, 127):
        cols = bytes(font.DATA[font.glyph(code) : font.glyph(code) + 5])
        assert cols != bytes(5), "glyph %d is blank" % code
        seen.add(cols)
        descends = any(c & 0x80 for c in cols)
        assert descends == (chr(code) in "gjpqy,"), "descender on %r" % chr(code)
    assert len(seen) == 94  # every printable glyph differs from every other
    assert font.glyph(200) == font.glyph(127) == font.glyph(7)  # unknown -> box


def test_text_width_and_advance():
    d, cv = fresh()
    assert cv.text_width("Hello") == 29
    assert cv.text_width("") == 0
    assert cv.text("Hello", 3, 0) == 33
    assert cv.text(b"Hi", 0, 20) == 12
    x0, y0, x1, y1 = bounds(lit(d))
    assert x0 == 0 and x1 <= 3 + 29 and y0 >= 0 and y1 <= 27


def test_glyph_lands_at_any_row_offset():
    # the same letter drawn at every y offset is the same shape, shifted
    d, cv = fresh()
    cv.text("g", 0, 0)
    ref = lit(d)
    for y in range(1, 57):
        d2, cv2 = fresh()
        cv2.text("g", 5, y)
        assert lit(d2) == [(p[0] + 5, p[1] + y) for p in ref], y


def test_text_clipped_at_every_edge_without_wrapping():
    for x, y in ((125, 3), (-3, 3), (60, -4), (60, 60), (-4, -4), (124, 61), (200, 10), (5, 70)):
        d, cv = fresh()
        cv.text("WW", x, y)
        for px, py in lit(d):
            assert x <= px < x + 11 and y <= py < y + 8, (x, y, px, py)
    d, cv = fresh()
    cv.text("MMMM", 120, 0)  # would wrap into the next page row if unclipped
    assert all(p[0] >= 120 for p in lit(d))


def test_center_and_right_align():
    d, cv = fresh()
    cv.center("ABC", 10)
    x0, _, x1, _ = bounds(lit(d))
    assert abs((x0 + x1) - 127) <= 2
    d, cv = fresh()
    cv.right("121", 128, 0)
    assert bounds(lit(d))[2] <= 127 and bounds(lit(d))[2] >= 125


def test_number_matches_text():
    for n in (0, 7, 15, 31, 121, 9999, -12):
        d1, cv1 = fresh()
        d2, cv2 = fresh()
        end = cv1.number(n, 4, 9)
        assert end == cv2.text(str(n), 4, 9)
        assert d1.buf == d2.buf, n
        assert Canvas.number_width(n) == Canvas.text_width(str(n))


def test_dim_text_is_a_sparse_subset():
    d1, cv1 = fresh()
    d2, cv2 = fresh()
    cv1.text("Cribbage", 2, 5)
    cv2.text("Cribbage", 2, 5, dim=True)
    full = lit(d1)
    dim = lit(d2)
    assert 0 < len(dim) < len(full) * 2 // 3
    assert all(p in full for p in dim)


def test_black_text_clears_pixels():
    d, cv = fresh()
    cv.box(0, 0, 40, 10, 1, True)
    before = len(lit(d))
    cv.text("AB", 2, 1, 0)
    assert len(lit(d)) < before
    assert all(x < 40 and y < 10 for x, y in lit(d))


def test_invert_twice_restores_and_clips():
    d, cv = fresh()
    cv.text("menu", 5, 5)
    snap = bytes(d.buf)
    cv.invert(-5, -5, 200, 30)
    assert d.pixel(0, 0) == 1 and d.pixel(127, 24) == 1 and d.pixel(0, 25) == 0
    cv.invert(-5, -5, 200, 30)
    assert bytes(d.buf) == snap


def test_card_within_bounds_and_all_52_distinct():
    images = set()
    for card in range(52):
        for inverted in (False, True):
            d, cv = fresh()
            cv.card(30, 20, card, inverted)
            pts = lit(d)
            x0, y0, x1, y1 = bounds(pts)
            assert x0 >= 30 and y0 >= 20 and x1 < 30 + CARD_W and y1 < 20 + CARD_H
            assert d.pixel(30, 20) == 0  # rounded corner
            if not inverted:
                images.add(bytes(d.buf))
    assert len(images) == 52


def test_inverted_and_dimmed_cards_differ_from_plain():
    d1, cv1 = fresh()
    d2, cv2 = fresh()
    d3, cv3 = fresh()
    cv1.card(0, 0, 17)
    cv2.card(0, 0, 17, inverted=True)
    cv3.card(0, 0, 17, dim=True)
    n1, n2, n3 = len(lit(d1)), len(lit(d2)), len(lit(d3))
    assert n2 > (CARD_W - 2) * (CARD_H - 2) // 2  # mostly lit inside
    assert n3 < n1  # dotted


def test_six_cards_fit_with_cursor():
    d, cv = fresh()
    hand = [0, 13, 26, 39, 51, 36]
    x0 = cv.hand(hand, 40, cursor=5, raised=1 << 5)
    assert x0 >= 0 and x0 + 5 * HAND_PITCH + CARD_W <= 128
    assert HAND_PITCH > CARD_W  # no overlap
    pts = lit(d)
    assert all(0 <= x < 128 and 40 - RAISE <= y < 64 for x, y in pts)
    # the cursor mark sits under the sixth card only
    under = [p for p in pts if p[1] >= 40 + CARD_H]
    assert under and all(x0 + 5 * HAND_PITCH <= x < x0 + 5 * HAND_PITCH + CARD_W for x, _ in under)


def test_cards_partly_off_screen_do_not_wrap():
    d, cv = fresh()
    cv.card(120, 50, 12)
    cv.card(-8, -10, 40, inverted=True)
    for x, y in lit(d):
        assert (x >= 120 and y >= 50) or (x < 5 and y < 9), (x, y)


def test_drawing_allocates_nothing():
    try:
        import gc

        gc.mem_alloc
    except (ImportError, AttributeError):
        return  # CPython has no heap counter; checked under MicroPython
    d, cv = fresh()
    hand = [0, 13, 26, 39, 51, 36]
    label = "Play the computer"

    def scene():
        cv.clear()
        cv.text(label, 0, 0)
        cv.number(121, 100, 0)
        cv.hand(hand, 30, 2, 4, 8, 16)
        cv.card_back(0, 10)
        cv.invert(0, 0, 128, 9)

    scene()
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(5):
        scene()
    assert gc.mem_alloc() - before == 0


def test_fast_loops_draw_what_the_plain_loops_draw():
    """firmware.fast (viper on MicroPython, plain Python on CPython) against
    the canvas's own loops (what CircuitPython runs): text of every glyph,
    symbols, unknown and multi-byte characters and bytes, dimmed or not, in
    both inks, at every row offset and across every edge; glyph, number,
    invert, dotted lines and clear; over blank and patterned backgrounds."""
    d1, fast = fresh()
    d2, plain = fresh()
    if fast.fast is None:
        return  # no viper here: the plain loops are all there is
    plain.fast = None
    codes = list(range(28, 140)) + [200, 0x2603, 0x1F600]
    texts = ["a" + chr(k) + "\x84b" for k in codes[::3]] + [
        bytes((k & 255, 65)) for k in codes[1::3]
    ]
    n = 0
    for bg in (0, 0xA5):
        for c in (1, 0):
            for y in (-9, -7, -3, 0, 5, 8, 13, 31, 57, 60, 63, 64):
                for x in (-7, -2, 0, 62, 125, 128):
                    d1.buf[:] = bytes([bg]) * 1024
                    d2.buf[:] = d1.buf
                    s = texts[n % len(texts)]
                    dim = n % 5 == 0
                    n += 1
                    assert fast.text(s, x, y, c, dim) == plain.text(s, x, y, c, dim)
                    for cv in (fast, plain):
                        cv.glyph(codes[n % len(codes)] & 255, x + 20, y, c, not dim)
                        cv.number(n * 37 - 400, x + 40, y + 3, c)
                        cv.invert(x - 3, y + 2, 30, 11)
                        cv.dotted_hline(x, y + 1, n % 140, c)
                        cv.dotted_vline(x + 3, y - 4, n % 70, c)
                        cv.dotted_box(x, y, 13, 19, c)
                    assert d1.buf == d2.buf, (s, x, y, c, dim)
        for cv in (fast, plain):
            cv.clear(bg & 1)
        assert d1.buf == d2.buf


def test_fast_card_rows_draw_what_the_plain_cards_draw():
    """firmware.fast.cards (one call for a row: viper on MicroPython, plain
    Python on CPython) against the canvas's own card drawing, one card at a
    time: every card, face down, inverted, dimmed, both, raised, at every row
    offset and across every edge, over a blank and a patterned background."""
    d1, fast = fresh()
    d2, plain = fresh()
    if fast.fast is None:
        return  # no viper here: the plain loops are all there is
    plain.fast = None
    n = 0
    for bg in (0, 0xA5):
        for y in (-20, -18, -5, 0, 3, 10, 36, 39, 45, 50, 62, 63, 64):
            for x in (-14, -12, -5, 0, 6, 57, 115, 120, 127):
                row = [(n * 7 + k * 11) % 56 for k in range(6)]  # 52..55: face down
                chosen, dimmed, raised = n % 64, (n * 5) % 64, (n * 3) % 64
                pitch = (6, 14, 20, -9)[n % 4]
                k = n % 7
                n += 1
                for d in (d1, d2):
                    d.buf[:] = bytes([bg]) * 1024
                fast.cards(row, k, x, y, pitch, chosen, dimmed, raised)
                for i in range(k):
                    bit = 1 << i
                    yy = y - RAISE if raised & bit else y
                    if row[i] >= 52:
                        plain.card_back(x + i * pitch, yy)
                    else:
                        plain.card(x + i * pitch, yy, row[i], chosen & bit, dimmed & bit)
                assert d1.buf == d2.buf, (row, k, x, y, pitch, chosen, dimmed, raised)
    # the single-card calls go the same way
    for d in (d1, d2):
        d.buf[:] = bytes([0x3C]) * 1024
    for cv in (fast, plain):
        cv.card(30, 20, 45, True, True)
        cv.card_back(-3, 50)
        cv.hand([1, 2, 3, 4, 5, 6], 39, 2, 1 << 3, 1 << 5, 1 << 1)
    assert d1.buf == d2.buf
