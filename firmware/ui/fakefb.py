"""A pure-Python stand-in for MicroPython's ``framebuf`` module, used on
CPython only (the simulator and host tests); on MicroPython the built-in
module is used instead. Imports nothing (``text`` borrows ``firmware.ui.font``
lazily).

It covers the subset the app uses, with the same pixel layout and the same
clipping as the real module, so a scene drawn on either interpreter gives the
same bytes (host_tests/test_fakefb.py checks that against the MicroPython unix
port): formats MONO_VLSB (bit 0 of byte ``(y // 8) * stride + x`` is the top
pixel), MONO_HLSB and MONO_HMSB (rows of bytes, most or least significant bit
first); methods fill, pixel, hline, vline, line, rect (with the optional fill
argument), fill_rect, blit (key and palette), scroll and text. ``text`` draws the
project's own 5x7 glyphs in an 8x8 cell, not MicroPython's 8x8 font: the app
draws text through ``firmware.ui.canvas`` and never calls it.
"""

MONO_VLSB = 0
MVLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4


class FrameBuffer:
    def __init__(self, buf, width, height, fmt, stride=None):
        if fmt not in (MONO_VLSB, MONO_HLSB, MONO_HMSB):
            raise ValueError("fakefb supports the MONO formats only")
        self.buf = buf
        self.width = width
        self.height = height
        self.format = fmt
        if stride is None:
            stride = width
        if fmt != MONO_VLSB:
            stride = (stride + 7) & ~7
        self.stride = stride
        if fmt == MONO_VLSB:
            need = ((height + 7) // 8) * stride
        else:
            need = (stride * height + 7) // 8
        if len(buf) < need:
            raise ValueError("buffer too small")

    # -- one pixel, no clipping (callers clip) --
    def _get(self, x, y):
        if self.format == MONO_VLSB:
            return (self.buf[(y >> 3) * self.stride + x] >> (y & 7)) & 1
        i = (y * self.stride + x) >> 3
        if self.format == MONO_HLSB:
            return (self.buf[i] >> (7 - (x & 7))) & 1
        return (self.buf[i] >> (x & 7)) & 1

    def _set(self, x, y, c):
        if self.format == MONO_VLSB:
            i = (y >> 3) * self.stride + x
            m = 1 << (y & 7)
        else:
            i = (y * self.stride + x) >> 3
            m = 1 << ((7 - (x & 7)) if self.format == MONO_HLSB else (x & 7))
        if c & 1:
            self.buf[i] |= m
        else:
            self.buf[i] &= ~m & 0xFF

    def fill(self, c):
        self.fill_rect(0, 0, self.width, self.height, c)

    def pixel(self, x, y, c=None):
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        if c is None:
            return self._get(x, y)
        self._set(x, y, c)
        return None

    def fill_rect(self, x, y, w, h, c):
        if w < 1 or h < 1 or x + w <= 0 or y + h <= 0 or x >= self.width or y >= self.height:
            return
        x1 = min(self.width, x + w)
        y1 = min(self.height, y + h)
        x = max(x, 0)
        y = max(y, 0)
        if self.format == MONO_VLSB:
            self._fill_vlsb(x, y, x1, y1, c)
            return
        for yy in range(y, y1):
            for xx in range(x, x1):
                self._set(xx, yy, c)

    def _fill_vlsb(self, x0, y0, x1, y1, c):
        buf = self.buf
        stride = self.stride
        y = y0
        while y < y1:
            page = y >> 3
            top = y & 7
            bottom = min(8, top + (y1 - y))
            mask = ((1 << bottom) - 1) & ~((1 << top) - 1)
            base = page * stride
            if c & 1:
                for i in range(base + x0, base + x1):
                    buf[i] |= mask
            else:
                keep = ~mask & 0xFF
                for i in range(base + x0, base + x1):
                    buf[i] &= keep
            y = (page + 1) << 3

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x0, y0, x1, y1, c):
        # Bresenham along the major axis; every pixel clipped on its own,
        # the end point always drawn last.
        dx = abs(x1 - x0)
        dy = abs(y1 - y0)
        sx = 1 if x1 > x0 else -1
        sy = 1 if y1 > y0 else -1
        steep = dy > dx
        if steep:
            major, minor, smaj, smin = dy, dx, sy, sx
            a, b = y0, x0
        else:
            major, minor, smaj, smin = dx, dy, sx, sy
            a, b = x0, y0
        err = 2 * minor - major
        for _ in range(major):
            px, py = (b, a) if steep else (a, b)
            self.pixel(px, py, c)
            while err >= 0:
                b += smin
                err -= 2 * major
            a += smaj
            err += 2 * minor
        self.pixel(x1, y1, c)

    def blit(self, src, x, y, key=-1, palette=None):
        if isinstance(src, tuple):
            src = FrameBuffer(*src)
        if x >= self.width or y >= self.height or -x >= src.width or -y >= src.height:
            return
        sx0 = max(0, -x)
        sy0 = max(0, -y)
        dx0 = max(0, x)
        dy0 = max(0, y)
        w = min(src.width - sx0, self.width - dx0)
        h = min(src.height - sy0, self.height - dy0)
        for j in range(h):
            for i in range(w):
                col = src._get(sx0 + i, sy0 + j)
                if palette is not None:
                    col = palette._get(col, 0)
                if col != key:
                    self._set(dx0 + i, dy0 + j, col)

    def scroll(self, xstep, ystep):
        """Move the picture by (xstep, ystep) like MicroPython's: the strip
        it leaves keeps its old pixels (the caller clears it)."""
        w = self.width
        h = self.height
        xs = range(w - 1, -1, -1) if xstep > 0 else range(w)
        ys = range(h - 1, -1, -1) if ystep > 0 else range(h)
        for y in ys:
            sy = y - ystep
            if not 0 <= sy < h:
                continue
            for x in xs:
                sx = x - xstep
                if 0 <= sx < w:
                    self._set(x, y, self._get(sx, sy))

    def text(self, s, x, y, c=1):
        from firmware.ui import font

        for ch in s:
            cols = font.glyph(ord(ch))
            for i in range(font.WIDTH):
                bits = font.DATA[cols + i]
                for j in range(8):
                    if bits >> j & 1:
                        self.pixel(x + 1 + i, y + j, c)
            x += 8
