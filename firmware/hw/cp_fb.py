"""CircuitPython only: the ``framebuf`` of the display for a firmware that has
none (CircuitPython). ``firmware.fakefb`` gives the same pixels but was
written to be plain, and on the emulated Pico it took 10 ms to clear the
screen and most of a 45 ms play-screen repaint; this subclass keeps fakefb's
rare methods (line, blit, text) and replaces the ones every repaint calls,
for MONO_VLSB only (the display's format):

  fill        one slice copy of the whole buffer from a zero (or 0xFF) page
  fill_rect   per 8-pixel page: whole bytes are one slice copy (memory
              copy in C), partly covered bytes one OR/AND per column, or
              one ``ulab.numpy`` OR/AND over the span (C) when it is long
  hline       the same: one OR/AND per column, or ulab over a long span
  vline, rect, pixel
              inlined clipping, no call to a generic helper

The pixels are the same as fakefb's (and so as MicroPython's framebuf):
host_tests/test_cp_fb.py draws the same random scenes with both. Slices of
the templates are memoryviews, so a fill copies without making a new bytes
object; ulab allocates its result (the span's length), a little garbage for
4-5x less time. Imports ``firmware.fakefb`` and ``ulab.numpy`` when there is one.
"""

from firmware import fakefb

try:
    from ulab import numpy as _np
except ImportError:
    _np = None

_ULAB_MIN = 24  # bytes: shorter spans are quicker as a Python loop

MONO_VLSB = fakefb.MONO_VLSB
MVLSB = fakefb.MVLSB
MONO_HLSB = fakefb.MONO_HLSB
MONO_HMSB = fakefb.MONO_HMSB


class FrameBuffer(fakefb.FrameBuffer):
    def __init__(self, buf, width, height, fmt=MONO_VLSB, stride=None):
        if fmt != MONO_VLSB or stride not in (None, width):
            raise ValueError("cp_fb supports MONO_VLSB without a stride only")
        fakefb.FrameBuffer.__init__(self, buf, width, height, fmt)
        self._pages = (height + 7) >> 3
        self._size = width * self._pages
        self._zero = memoryview(bytes(self._size))
        self._ones = memoryview(b"\xff" * width)
        self._bv = _np.frombuffer(buf, dtype=_np.uint8) if _np is not None else None

    def _span(self, i, end, mask, on):
        # OR (on) or clear ``mask`` in buf[i:end]: one C call with ulab
        bv = self._bv
        if bv is not None and end - i >= _ULAB_MIN:
            if on:
                bv[i:end] = _np.bitwise_or(bv[i:end], mask)
            else:
                bv[i:end] = _np.bitwise_and(bv[i:end], mask ^ 0xFF)
            return
        buf = self.buf
        if on:
            for k in range(i, end):
                buf[k] |= mask
        else:
            keep = mask ^ 0xFF
            for k in range(i, end):
                buf[k] &= keep

    def fill(self, c):
        if c & 1:
            ones = self._ones
            w = self.width
            buf = self.buf
            for base in range(0, self._size, w):
                buf[base : base + w] = ones
        else:
            self.buf[0 : self._size] = self._zero

    def pixel(self, x, y, c=None):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None
        i = (y >> 3) * self.width + x
        if c is None:
            return (self.buf[i] >> (y & 7)) & 1
        if c & 1:
            self.buf[i] |= 1 << (y & 7)
        else:
            self.buf[i] &= ~(1 << (y & 7)) & 0xFF
        return None

    def fill_rect(self, x, y, w, h, c):
        width = self.width
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > width:
            w = width - x
        if y + h > self.height:
            h = self.height - y
        if w <= 0 or h <= 0:
            return
        buf = self.buf
        y1 = y + h
        on = c & 1
        while y < y1:
            page = y >> 3
            top = y & 7
            bottom = top + y1 - y
            if bottom > 8:
                bottom = 8
            mask = (0xFF >> (8 - bottom)) & (0xFF << top) & 0xFF
            base = page * width + x
            end = base + w
            if mask == 0xFF:
                buf[base:end] = self._ones[0:w] if on else self._zero[0:w]
            elif w >= _ULAB_MIN:
                self._span(base, end, mask, on)
            elif on:
                for i in range(base, end):
                    buf[i] |= mask
            else:
                keep = mask ^ 0xFF
                for i in range(base, end):
                    buf[i] &= keep
            y = (page + 1) << 3

    def hline(self, x, y, w, c):
        width = self.width
        if y < 0 or y >= self.height:
            return
        if x < 0:
            w += x
            x = 0
        if x + w > width:
            w = width - x
        if w <= 0:
            return
        buf = self.buf
        base = (y >> 3) * width + x
        if w >= _ULAB_MIN:
            self._span(base, base + w, 1 << (y & 7), c & 1)
        elif c & 1:
            m = 1 << (y & 7)
            for i in range(base, base + w):
                buf[i] |= m
        else:
            m = ~(1 << (y & 7)) & 0xFF
            for i in range(base, base + w):
                buf[i] &= m

    def vline(self, x, y, h, c):
        if x < 0 or x >= self.width:
            return
        if y < 0:
            h += y
            y = 0
        if y + h > self.height:
            h = self.height - y
        if h <= 0:
            return
        buf = self.buf
        width = self.width
        y1 = y + h
        on = c & 1
        while y < y1:
            page = y >> 3
            top = y & 7
            bottom = top + y1 - y
            if bottom > 8:
                bottom = 8
            mask = (0xFF >> (8 - bottom)) & (0xFF << top) & 0xFF
            i = page * width + x
            if on:
                buf[i] |= mask
            else:
                buf[i] &= mask ^ 0xFF
            y = (page + 1) << 3

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.hline(x, y, w, c)
        self.hline(x, y + h - 1, w, c)
        self.vline(x, y, h, c)
        self.vline(x + w - 1, y, h, c)
