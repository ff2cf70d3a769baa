"""CircuitPython only: the code of the CircuitPython backend that runs
rarely or never on a device, apart so that it is on the heap only once
used: the ``line``, ``blit`` and ``text`` of ``firmware.hw.cp_fb``'s
FrameBuffer (the error screen's; the screens draw through the canvas) and
the pixel-by-pixel copy of ``firmware.hw.cp_displayio`` where there is no
ulab (Blinka on a PC), with the same pixels as the fast paths
(host_tests/test_cp_fb.py, host_tests/test_hw_cp.py). Imports
``firmware.ui.font`` for ``text``.
"""


def line(fb, x0, y0, x1, y1, c):
    """FrameBuffer.line."""
    # Bresenham along the major axis, every pixel clipped on its own and
    # the end point drawn last: framebuf's pixels
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
        if steep:
            fb.pixel(b, a, c)
        else:
            fb.pixel(a, b, c)
        while err >= 0:
            b += smin
            err -= 2 * major
        a += smaj
        err += 2 * minor
    fb.pixel(x1, y1, c)


def blit(fb, src, x, y, key=-1, palette=None):
    """FrameBuffer.blit: ``src`` is any frame buffer with ``pixel``,
    ``width`` and ``height``."""
    if x >= fb.width or y >= fb.height or -x >= src.width or -y >= src.height:
        return
    sx0 = -x if x < 0 else 0
    sy0 = -y if y < 0 else 0
    dx0 = x if x > 0 else 0
    dy0 = y if y > 0 else 0
    w = min(src.width - sx0, fb.width - dx0)
    h = min(src.height - sy0, fb.height - dy0)
    for j in range(h):
        for i in range(w):
            col = src.pixel(sx0 + i, sy0 + j)
            if palette is not None:
                col = palette.pixel(col, 0)
            if col != key:
                fb.pixel(dx0 + i, dy0 + j, col)


def text(fb, s, x, y, c=1):
    """FrameBuffer.text: the project's 5x7 glyphs in an 8x8 cell
    (firmware.ui.fakefb's text)."""
    from firmware.ui import font

    for ch in s:
        o = font.glyph(ord(ch))
        for i in range(font.WIDTH):
            bits = font.DATA[o + i]
            for j in range(8):
                if bits >> j & 1:
                    fb.pixel(x + 1 + i, y + j, c)
        x += 8


def copy_slow(display, p):
    """Display._copy_slow of firmware.hw.cp_displayio, without ulab or the
    buffer protocol (Blinka's displayio on a PC): page ``p``'s changed
    pixels set one by one; returns the page's columns, 1 where changed."""
    w = display.width
    o = p * w
    buf = display.buf
    shadow = display._shadow
    bitmap = display.bitmap
    d = bytes(1 if buf[o + x] != shadow[o + x] else 0 for x in range(w))
    top = display.height - 1 - p * 8
    for x in range(w):
        if d[x]:
            b = buf[o + x]
            c = b ^ shadow[o + x]
            for bit in range(8):
                if c & (1 << bit):
                    bitmap[top - bit, x] = (b >> bit) & 1
    return d
