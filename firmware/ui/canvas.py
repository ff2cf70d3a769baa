"""Drawing helpers for the screens: text in the project's 5x7 font, cards,
boxes, cursors, over a framebuf-compatible ``fb`` and its MONO_VLSB buffer.
Screens draw through a ``Canvas`` only, never through the hardware. Imports
``firmware.ui.font`` and ``firmware.fast``; where that is missing,
``firmware.ui.plain`` (the plain loops) as it draws.

Everything here is allocation-free: text glyphs are ORed column by column into
the buffer (one byte per glyph column, two when the text is not on a byte
row), numbers are drawn digit by digit without formatting, and nothing keeps
state between calls. Coordinates may be partly or wholly off screen; nothing is
ever drawn outside the 128x64 buffer. The column loops of text and ``invert``
run in ``firmware.fast`` (viper machine code on MicroPython, the same code as
plain Python on CPython); where that cannot load (CircuitPython has no viper)
``firmware.ui.plain``'s loops do the same (host_tests/test_canvas.py compares
the two).

Text (``s`` may be a str or bytes; codes 128+ are the symbols in font.py):
  text(s, x, y, c=1, dim=False) -> x after the text  (6 px a character)
  texts(runs): each (s, x, y, c) of ``runs`` as ``text`` draws it, in one call
  text_width(s), center(s, y, c=1), right(s, x_end, y, c=1)
  number(n, x, y, c=1) -> x after it; number_width(n)
Band: band(y0, y1) clears rows y0..y1-1 for a redraw of them alone;
  within(y, h) says whether rows y..y+h-1 meet it (firmware/ui/screen.py)
Shapes: clear(), pixel, hline, vline, line, box(x, y, w, h, c=1, fill=False),
  frame (rounded box), bar(x, y, w, h, done, n) (a progress bar), dotted_hline,
  dotted_box, invert(x, y, w, h) (XOR)
Cards (ints rank*4+suit as in engine.cards; CARD_W x CARD_H pixels):
  card(x, y, card, inverted=False, dim=False)   rank top left, suit bottom right
  card_back(x, y)                                 a face-down card
  cards(row, n, x, y, pitch, chosen=0, dimmed=0)  the first ``n`` cards of ``row``
        from x, one every ``pitch`` px (52 and above, as in ``BACKS``: face down)
  hand(cards, y, cursor=-1, raised=0, dimmed=0, chosen=0, pitch=_HAND_PITCH)
        a row centred across the screen; ``raised``/``dimmed``/``chosen`` are
        bitmasks over the positions; the cursor card gets a mark below it
  hand_mark(n, y, cursor, pitch=_HAND_PITCH)      that mark alone
"""

from firmware.ui import font

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

try:
    from firmware import fast as _fast
except (ImportError, SyntaxError):  # no viper here (CircuitPython): firmware.ui.plain
    _fast = None

CARD_W = const(13)
CARD_H = const(19)
_HAND_PITCH = const(20)  # six cards: 5 * 20 + 13 = 113 px
_RAISE = const(3)  # how far a raised card sits above the row
_RANK_CODES = const(b"A23456789\x84JQK")  # \x84 is the one-cell "10"
# for firmware.fast.cards: the ranks, then the suits (font.SUIT_CODES)
_CODES = const(b"A23456789\x84JQK\x80\x81\x82\x83")
BACKS = b"\xff\xff\xff\xff\xff\xff"  # a row of face-down cards, for cards()

_loops = None  # firmware.ui.plain once imported (an import statement in a draw allocates)


def _plain():
    # the plain loops, imported at their first use
    global _loops
    if _loops is None:
        from firmware.ui import plain

        _loops = plain
    return _loops


class Canvas:
    def __init__(self, fb, buf, width=128, height=64):
        self.fb = fb
        self.buf = buf
        self.width = width
        self.height = height
        self.pages = (height + 7) >> 3
        self.fast = _fast  # None: the plain loops (tests set it to compare)
        self._one = bytearray(1)  # one code, for glyph() and card()
        self.y0 = 0  # the rows being redrawn, y0..y1-1: the whole screen but
        self.y1 = height  # in a band redraw (``band``, firmware.app)

    # ---- the band being redrawn (a screen's ``band()``, firmware/ui/screen.py) ----
    def band(self, y0, y1):
        """Clear rows y0..y1-1 for a redraw of them alone (the whole screen
        when they span it) and note them for ``within``."""
        self.y0 = y0
        self.y1 = y1
        if y0 <= 0 and y1 >= self.height:
            self.clear()
        elif y0 < y1:
            self.fb.fill_rect(0, y0, self.width, y1 - y0, 0)

    def within(self, y, h):
        """True when rows y..y+h-1 meet the band being redrawn (always, when
        the whole screen is): a screen draws a part of itself only then."""
        return y < self.y1 and y + h > self.y0

    # ---- plain shapes (framebuf does the clipping) ----
    def clear(self, c=0):
        if self.fast is not None and self.pages * self.width == len(self.buf):
            self.fast.fill(self.buf, len(self.buf), 0xFF if c else 0)
        else:
            self.fb.fill(c)

    def pixel(self, x, y, c=1):
        self.fb.pixel(x, y, c)

    def hline(self, x, y, w, c=1):
        self.fb.hline(x, y, w, c)

    def vline(self, x, y, h, c=1):
        self.fb.vline(x, y, h, c)

    def line(self, x0, y0, x1, y1, c=1):
        self.fb.line(x0, y0, x1, y1, c)

    def box(self, x, y, w, h, c=1, fill=False):
        if fill:
            self.fb.fill_rect(x, y, w, h, c)
        else:
            self.fb.rect(x, y, w, h, c)

    def bar(self, x, y, w, h, done, n):
        """A progress bar: a frame ``w`` x ``h`` filled ``done`` of ``n``."""
        self.frame(x, y, w, h)
        if n:
            self.fb.fill_rect(x + 2, y + 2, (w - 4) * min(done, n) // n, h - 4, 1)

    def frame(self, x, y, w, h, c=1):
        """A box with its four corner pixels left out."""
        fb = self.fb
        fb.hline(x + 1, y, w - 2, c)
        fb.hline(x + 1, y + h - 1, w - 2, c)
        fb.vline(x, y + 1, h - 2, c)
        fb.vline(x + w - 1, y + 1, h - 2, c)

    def dotted_hline(self, x, y, w, c=1):
        # pixels on the even squares of a checkerboard, so dotted lines meet
        i = x + ((x + y) & 1)
        end = x + w
        dots = getattr(self.fast, "dots", None)  # CircuitPython's (ulab); else pixel by pixel
        if dots is not None:
            if i < end:
                dots(self.buf, self.width, self.height, i, y, (end - i + 1) >> 1, 2, 0, c)
            return
        fb = self.fb
        while i < end:
            fb.pixel(i, y, c)
            i += 2

    def dotted_vline(self, x, y, h, c=1):
        j = y + ((x + y) & 1)
        end = y + h
        dots = getattr(self.fast, "dots", None)
        if dots is not None:
            if j < end:
                dots(self.buf, self.width, self.height, x, j, (end - j + 1) >> 1, 0, 2, c)
            return
        fb = self.fb
        while j < end:
            fb.pixel(x, j, c)
            j += 2

    def dotted_box(self, x, y, w, h, c=1):
        self.dotted_hline(x + 1, y, w - 2, c)
        self.dotted_hline(x + 1, y + h - 1, w - 2, c)
        self.dotted_vline(x, y + 1, h - 2, c)
        self.dotted_vline(x + w - 1, y + 1, h - 2, c)

    def invert(self, x, y, w, h):
        """Flip every pixel of the rectangle (clipped)."""
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w if x + w < self.width else self.width
        y1 = y + h if y + h < self.height else self.height
        if self.fast is None:
            _plain().invert(self, x0, y0, x1, y1)
        elif x0 < x1:
            self.fast.xor_rect(self.buf, self.width, x0, y0, x1, y1)

    # ---- text ----
    def _glyph(self, code, x, y, c, dim):
        """OR (c=1) or clear (c=0) one glyph's columns into the buffer."""
        fast = self.fast
        if fast is not None:
            self._one[0] = code if 0 <= code < 256 else 127
            fast.text(self.buf, self.width, self.pages, font.DATA, self._one, 1, False, x, y, c,
                      dim)  # fmt: skip
            return
        _plain().glyph(self, code, x, y, c, dim)

    def text(self, s, x, y, c=1, dim=False):
        """Draw ``s`` with its top left at (x, y); returns the x after it."""
        if y <= -8 or y >= self.height:
            return x + len(s) * 6
        fast = self.fast
        if fast is not None:
            return fast.text(self.buf, self.width, self.pages, font.DATA, s, len(s),
                             isinstance(s, str), x, y, c, dim)  # fmt: skip
        return _plain().text(self, s, x, y, c, dim)

    def texts(self, runs):
        """Many strings in one call: ``runs`` holds (s, x, y, c) as ``text``
        takes them. On MicroPython a call to a function this size puts its
        frame on the heap, so a screen of short strings costs more in calls
        than in pixels: a screen that lays its text out once per change draws
        it with this."""
        fast = self.fast
        if fast is None:
            for r in runs:
                self.text(r[0], r[1], r[2], r[3])
            return
        buf = self.buf
        width = self.width
        pages = self.pages
        data = font.DATA
        for r in runs:
            s = r[0]
            fast.text(buf, width, pages, data, s, len(s), isinstance(s, str), r[1], r[2], r[3],
                      False)  # fmt: skip

    def glyph(self, code, x, y, c=1, dim=False):
        """One character by code (for the symbols: font.UP, font.RIGHT...)."""
        if -8 < y < self.height:
            self._glyph(code, x, y, c, dim)

    @staticmethod
    def text_width(s):
        """Width of the ink of ``s`` in pixels (no trailing gap)."""
        n = len(s)
        return n * 6 - 1 if n else 0

    def center(self, s, y, c=1, x=0, w=0):
        """Centre ``s`` across the span x..x+w (the whole screen by default)."""
        if not w:
            w = self.width - x
        return self.text(s, x + (w - self.text_width(s)) // 2, y, c)

    def right(self, s, x_end, y, c=1):
        """``s`` ending just before x_end."""
        return self.text(s, x_end - self.text_width(s), y, c)

    @staticmethod
    def number_width(n):
        w = 6 if n < 0 else 0
        n = -n if n < 0 else n
        while True:
            w += 6
            n //= 10
            if not n:
                return w - 1

    def number(self, n, x, y, c=1):
        """Draw integer ``n`` without building a string; returns the x after it."""
        if n < 0:
            self._glyph(45, x, y, c, False)
            x += 6
            n = -n
        div = 1
        while div * 10 <= n:
            div *= 10
        while div:
            self._glyph(48 + (n // div) % 10, x, y, c, False)
            x += 6
            div //= 10
        return x

    # ---- cards ----
    def card(self, x, y, card, inverted=False, dim=False):
        """A face-up card; ``inverted`` draws it lit with dark ink (chosen),
        ``dim`` with dotted outline and ink (not playable)."""
        fast = self.fast
        if fast is not None and hasattr(fast, "cards"):
            one = self._one
            one[0] = card
            fast.cards(self.buf, self.width, self.pages, font.DATA, _CODES, one, 1, x, y, 0,
                       1 if inverted else 0, 1 if dim else 0, 0)  # fmt: skip
        else:
            self._card(x, y, card, inverted, dim)

    def card_back(self, x, y):
        fast = self.fast
        if fast is not None and hasattr(fast, "cards"):
            one = self._one
            one[0] = 255
            fast.cards(self.buf, self.width, self.pages, font.DATA, _CODES, one, 1, x, y, 0,
                       0, 0, 0)  # fmt: skip
        else:
            self._card(x, y, 255, False, False)

    def cards(self, row, n, x, y, pitch, chosen=0, dimmed=0, raised=0):
        """Cards ``row[0:n]`` from (x, y), the next ``pitch`` px to the right
        of the last; bit i of ``chosen``/``dimmed``/``raised`` inverts, dots
        or lifts card i (``hand``). One call of firmware.fast where it loads."""
        fast = self.fast
        if fast is not None and hasattr(fast, "cards"):
            fast.cards(self.buf, self.width, self.pages, font.DATA, _CODES, row, n, x, y, pitch,
                       chosen, dimmed, raised)  # fmt: skip
            return
        for i in range(n):
            bit = 1 << i
            self._card(x + i * pitch, y - _RAISE if raised & bit else y, row[i], chosen & bit,
                       dimmed & bit)  # fmt: skip

    def _card(self, x, y, card, inverted, dim):
        # one card without firmware.fast.cards: CircuitPython's copy of an
        # image (firmware.hw.cp_fast.card), else drawn by firmware.ui.plain
        copy = getattr(self.fast, "card", None)
        if copy is not None and not dim:
            copy(self, x, y, card if card < 52 else -1, 1 if inverted else 0)
            return
        _plain().card(self, x, y, card, inverted, dim, CARD_W, CARD_H, _RANK_CODES)

    def hand(self, cards, y, cursor=-1, raised=0, dimmed=0, chosen=0, pitch=_HAND_PITCH):
        """A row of cards centred across the screen. Bit i of ``raised`` lifts
        card i by _RAISE px, of ``dimmed`` dots it, of ``chosen`` inverts it.
        The cursor card gets an up arrow below the row. Returns the x of the
        first card."""
        n = len(cards)
        if not n:
            return 0
        x0 = (self.width - ((n - 1) * pitch + CARD_W)) // 2
        self.cards(cards, n, x0, y, pitch, chosen, dimmed, raised)
        if 0 <= cursor < n:
            self._glyph(font.UP, x0 + cursor * pitch + (CARD_W - 5) // 2, y + CARD_H - 1, 1, False)
        return x0

    def hand_mark(self, n, y, cursor, pitch=_HAND_PITCH):
        """The cursor's mark alone, as ``hand`` draws it under card ``cursor``
        of ``n`` (rows y + CARD_H + 1 .. + 3: clear of the cards)."""
        if 0 <= cursor < n:
            x = (self.width - ((n - 1) * pitch + CARD_W)) // 2 + cursor * pitch
            self._glyph(font.UP, x + (CARD_W - 5) // 2, y + CARD_H - 1, 1, False)
