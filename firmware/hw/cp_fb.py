"""CircuitPython only: the ``framebuf`` of the display for a firmware that has
none (CircuitPython); firmware/hw/cp.py registers it as ``framebuf`` there.
MONO_VLSB only (the display's format), the methods of the hardware contract
(firmware/hal.py), written for speed on CircuitPython, where bytecode is
slow (docs/firmware-figures.md) and ``firmware.ui.fakefb``'s plain loops (all
formats) would take most of a play-screen repaint:

  fill        ulab sets the whole buffer in C (a slice copy from a template
              without ulab)
  fill_rect   per 8-pixel page: whole bytes set in C the same way, partly
              covered bytes one OR/AND per column, or one ``ulab.numpy``
              OR/AND over the span (C) when it is long
  hline       the same: one OR/AND per column, or ulab over a long span
  vline, rect, pixel
              inlined clipping, no call to a generic helper
  line, blit, text
              rare (the error screen): plain loops over ``pixel``, their
              code in ``firmware.hw.cp_rare``, loaded when first drawn

The pixels are the same as fakefb's (and so as MicroPython's framebuf):
host_tests/test_cp_fb.py draws the same random scenes with both on CPython,
and tools/bench/cp_bench.py's ``fast`` part does on the emulated Pico with the
ulab paths. ulab allocates its results (the span's length): a little garbage
for 4-5x less time. Imports ``ulab.numpy`` when there is one
(``firmware.hw.cp_rare`` for ``line``, ``blit`` and ``text``).
"""

try:
    from ulab import numpy as _np
except ImportError:
    _np = None

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

MONO_VLSB = 0
MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4
_ULAB_MIN = const(24)  # bytes: shorter spans are quicker as a Python loop


class FrameBuffer:
    def __init__(self, buf, width, height, fmt=MONO_VLSB, stride=None):
        if fmt != MONO_VLSB or stride not in (None, width):
            raise ValueError("cp_fb supports MONO_VLSB without a stride only")
        self.buf = buf
        self.width = width
        self.height = height
        self.format = fmt
        self.stride = width
        self._pages = (height + 7) >> 3
        self._size = width * self._pages
        if len(buf) < self._size:
            raise ValueError("buffer too small")
        if _np is not None:
            self._bv = _np.frombuffer(buf, dtype=_np.uint8)
            self._zero = self._ones = None
        else:
            self._bv = None
            self._zero = memoryview(bytes(self._size))
            self._ones = memoryview(b"\xff" * self._size)

    def _set_bytes(self, i, end, v):
        # buf[i:end] = v (0 or 0xFF), in C
        if self._bv is not None:
            self._bv[i:end] = v
        else:
            self.buf[i:end] = (self._ones if v else self._zero)[0 : end - i]

    def _span(self, i, end, mask, on):
        # OR (on) or clear ``mask`` in buf[i:end]
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
        self._set_bytes(0, self._size, 0xFF if c & 1 else 0)

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
                self._set_bytes(base, end, 0xFF if on else 0)
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

    # the rare ones (the error screen): their code in firmware.hw.cp_rare,
    # loaded when first drawn
    def line(self, x0, y0, x1, y1, c):
        from firmware.hw.cp_rare import line

        line(self, x0, y0, x1, y1, c)

    def blit(self, src, x, y, key=-1, palette=None):
        from firmware.hw.cp_rare import blit

        blit(self, src, x, y, key, palette)

    def text(self, s, x, y, c=1):
        from firmware.hw.cp_rare import text

        text(self, s, x, y, c)
