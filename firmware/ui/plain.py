"""The canvas's pixel loops in plain Python, for where ``firmware.fast``
(viper) does not load: CircuitPython's card images (firmware.hw.cp_fast
draws each once with the canvas's own code) and WebAssembly. Imported by
``firmware.ui.canvas`` only there, so MicroPython on a Pico never holds
them (96 KB budget: they were 0.6 KB of the canvas's code, and a five-card
game's peak was 96.9 KB own; emulated Pico, MicroPython v1.28.0). The same
pixels as firmware.fast's ``text``, ``xor_rect`` and ``cards``
(host_tests/test_canvas.py compares them). Allocates nothing. Imports ``firmware.ui.font``.

  glyph(cv, code, x, y, c, dim)   one glyph ORed (c=1) or cleared (c=0)
  text(cv, s, x, y, c, dim) -> x  ``s`` (str or bytes of codes) a glyph a time
  invert(cv, x0, y0, x1, y1)      flip the pixels of a box already clipped
  card(cv, x, y, card, inverted, dim, w, h, ranks)
        one card (52 and above: its back), ``w`` x ``h`` with the font codes
        ``ranks`` (the canvas's); its glyphs through the canvas's ``fast``
        where it has one (CircuitPython's), else by ``glyph`` itself: one
        call less deep (a first card image came close to CircuitPython's
        stack limit)
"""

from firmware.ui import font


def glyph(cv, code, x, y, c, dim):
    data = font.DATA
    buf = cv.buf
    width = cv.width
    pages = cv.pages
    o = font.glyph(code)
    page = y >> 3
    shift = y & 7
    for i in range(5):
        xx = x + i
        if xx < 0 or xx >= width:
            continue
        bits = data[o + i]
        if dim:
            bits &= 0x55 if (xx + y) & 1 == 0 else 0xAA
        if not bits:
            continue
        v = bits << shift
        if 0 <= page < pages:
            j = page * width + xx
            if c:
                buf[j] |= v & 0xFF
            else:
                buf[j] &= ~v & 0xFF
        if shift and 0 <= page + 1 < pages:
            j = (page + 1) * width + xx
            if c:
                buf[j] |= v >> 8
            else:
                buf[j] &= ~(v >> 8) & 0xFF


def text(cv, s, x, y, c, dim):
    if isinstance(s, str):
        for ch in s:
            glyph(cv, ord(ch), x, y, c, dim)
            x += 6
    else:
        for code in s:
            glyph(cv, code, x, y, c, dim)
            x += 6
    return x


def invert(cv, x0, y0, x1, y1):
    buf = cv.buf
    width = cv.width
    while y0 < y1:
        page = y0 >> 3
        top = y0 & 7
        bottom = top + (y1 - y0)
        if bottom > 8:
            bottom = 8
        mask = ((1 << bottom) - 1) & ~((1 << top) - 1)
        base = page * width
        for i in range(base + x0, base + x1):
            buf[i] ^= mask
        y0 = (page + 1) << 3


def card(cv, x, y, card, inverted, dim, w, h, ranks):
    fb = cv.fb
    if card >= 52:
        fb.fill_rect(x + 1, y + 1, w - 2, h - 2, 0)
        cv.frame(x, y, w, h)
        for j in range(y + 2, y + h - 2, 2):
            fb.hline(x + 2 + ((j - y) & 2), j, w - 6, 1)
        return
    fb.fill_rect(x + 1, y + 1, w - 2, h - 2, 1 if inverted else 0)
    if dim:
        cv.dotted_box(x, y, w, h)
    else:
        cv.frame(x, y, w, h)
    ink = 0 if inverted else 1
    rank = ranks[card >> 2]
    suit = font.SUIT_CODES[card & 3]
    if cv.fast is not None:
        cv.glyph(rank, x + 2, y + 2, ink, dim)
        cv.glyph(suit, x + w - 7, y + h - 9, ink, dim)
    else:
        glyph(cv, rank, x + 2, y + 2, ink, dim)
        glyph(cv, suit, x + w - 7, y + h - 9, ink, dim)
