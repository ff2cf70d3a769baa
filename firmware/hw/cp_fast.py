"""CircuitPython only: the drawing loops of ``firmware.fast`` (same functions,
same arguments, same pixels) for a firmware without viper. The CircuitPython
backend hands this module to ``firmware.ui.canvas`` in place of
``firmware.fast`` (which is viper and cannot load there). Bytecode is slow
there (docs/firmware-figures.md), so the work is done in
C where CircuitPython has a C routine for it and the Python loops that stay
are unrolled:

  text      a glyph's five columns ORed (or cleared) by five unrolled
            statements, one or two pages; the clipped or dimmed cases take
            the general loop
  xor_rect  per page one ``ulab.numpy.bitwise_xor`` over the span (C), the
            plain loop without ulab
  fill      slice copies of a blank (or lit) 128-byte template made once
  dots      a dotted row by one ulab call over every other byte, else the
            plain loop
  card      a card (or its back, not dimmed) drawn once into a 13x32 image by
            the canvas's own code (16 kept in one 832-byte pool), then
            copied: whole pages by one slice copy, the two partly covered
            ones byte by byte under a mask (the canvas calls it when its
            ``fast`` has it: firmware.fast has not)

``ulab`` allocates its result arrays (a few hundred bytes an invert); that
garbage is the price of 4-5x less time. Checked against firmware.fast's plain
Python on CPython (host_tests/test_cp_fast.py) and on the emulated Pico.
Imports ``ulab.numpy`` when there is one.
"""

try:
    from ulab import numpy as _np
except ImportError:
    _np = None

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_views = {}  # id of a buffer -> its ulab view (the display buffer: one)
_fills = {}  # v -> memoryview of _PAGE bytes of v
_PAGE = const(128)


def _view(buf):
    v = _views.get(id(buf))
    if v is None or v[0] is not buf:
        v = (buf, _np.frombuffer(buf, dtype=_np.uint8))
        _views[id(buf)] = v
    return v[1]


def fill(buf, n, v):
    # from a 128-byte template (a page) made once, copied a page at a time:
    # as quick as one 1 KB copy, without 1 KB held
    t = _fills.get(v)
    if t is None:
        t = memoryview(bytes((v,)) * _PAGE)
        _fills[v] = t
    i = 0
    while i + _PAGE <= n:
        buf[i : i + _PAGE] = t
        i += _PAGE
    if i < n:
        buf[i:n] = t[: n - i]


def xor_rect(buf, width, x0, y0, x1, y1):
    bv = _view(buf) if _np is not None else None
    while y0 < y1:
        page = y0 >> 3
        top = y0 & 7
        bottom = top + (y1 - y0)
        if bottom > 8:
            bottom = 8
        mask = ((1 << bottom) - 1) & (0xFF ^ ((1 << top) - 1))
        i = page * width + x0
        end = page * width + x1
        if bv is not None and end - i > 8:
            bv[i:end] = _np.bitwise_xor(bv[i:end], mask)
        else:
            while i < end:
                buf[i] ^= mask
                i += 1
        y0 = (page + 1) << 3


def dots(buf, width, height, x, y, n, dx, dy, c):
    if dy == 0 and dx == 2 and n >= 12 and _np is not None and 0 <= y < height:
        # a dotted row: every other byte of one page, one C call
        while n > 0 and x < 0:
            x += 2
            n -= 1
        while n > 0 and x + 2 * (n - 1) >= width:
            n -= 1
        if n <= 0:
            return
        bv = _view(buf)
        i = (y >> 3) * width + x
        end = i + 2 * n
        m = 1 << (y & 7)
        if c:
            bv[i:end:2] = _np.bitwise_or(bv[i:end:2], m)
        else:
            bv[i:end:2] = _np.bitwise_and(bv[i:end:2], 0xFF ^ m)
        return
    while n > 0:
        if 0 <= x < width and 0 <= y < height:
            j = (y >> 3) * width + x
            if c:
                buf[j] |= 1 << (y & 7)
            else:
                buf[j] &= 0xFF ^ (1 << (y & 7))
        x += dx
        y += dy
        n -= 1


def text(buf, width, pages, data, s, n, utf8, x, y, c, dim):
    """Glyphs of the ``n`` characters of ``s`` at (x, y); the x after them."""
    last = 31 + len(data) // 5
    page = y >> 3
    shift = y & 7
    end = x + 6 * n
    if dim or x < 0 or end - 1 > width or page < 0 or page + (1 if shift else 0) >= pages:
        return _text_clipped(buf, width, pages, data, s, utf8, x, y, c, dim, last)
    j = page * width + x
    if not shift:
        for ch in s:
            code = ord(ch) if utf8 else ch
            if code < 32 or code > last:
                code = 127
            o = (code - 32) * 5
            if c:
                buf[j] |= data[o]
                buf[j + 1] |= data[o + 1]
                buf[j + 2] |= data[o + 2]
                buf[j + 3] |= data[o + 3]
                buf[j + 4] |= data[o + 4]
            else:
                buf[j] &= 0xFF ^ data[o]
                buf[j + 1] &= 0xFF ^ data[o + 1]
                buf[j + 2] &= 0xFF ^ data[o + 2]
                buf[j + 3] &= 0xFF ^ data[o + 3]
                buf[j + 4] &= 0xFF ^ data[o + 4]
            j += 6
        return end
    k = j + width
    up = 8 - shift
    for ch in s:
        code = ord(ch) if utf8 else ch
        if code < 32 or code > last:
            code = 127
        o = (code - 32) * 5
        a = data[o]
        b = data[o + 1]
        d = data[o + 2]
        e = data[o + 3]
        f = data[o + 4]
        if c:
            buf[j] |= (a << shift) & 0xFF
            buf[j + 1] |= (b << shift) & 0xFF
            buf[j + 2] |= (d << shift) & 0xFF
            buf[j + 3] |= (e << shift) & 0xFF
            buf[j + 4] |= (f << shift) & 0xFF
            buf[k] |= a >> up
            buf[k + 1] |= b >> up
            buf[k + 2] |= d >> up
            buf[k + 3] |= e >> up
            buf[k + 4] |= f >> up
        else:
            buf[j] &= 0xFF ^ ((a << shift) & 0xFF)
            buf[j + 1] &= 0xFF ^ ((b << shift) & 0xFF)
            buf[j + 2] &= 0xFF ^ ((d << shift) & 0xFF)
            buf[j + 3] &= 0xFF ^ ((e << shift) & 0xFF)
            buf[j + 4] &= 0xFF ^ ((f << shift) & 0xFF)
            buf[k] &= 0xFF ^ (a >> up)
            buf[k + 1] &= 0xFF ^ (b >> up)
            buf[k + 2] &= 0xFF ^ (d >> up)
            buf[k + 3] &= 0xFF ^ (e >> up)
            buf[k + 4] &= 0xFF ^ (f >> up)
        j += 6
        k += 6
    return end


def _text_clipped(buf, width, pages, data, s, utf8, x, y, c, dim, last):
    # the general case: columns off the screen, a page off it, or dimmed
    page = y >> 3
    shift = y & 7
    for ch in s:
        code = ord(ch) if utf8 else ch
        if code < 32 or code > last:
            code = 127
        o = (code - 32) * 5
        for col in range(5):
            xx = x + col
            if xx < 0 or xx >= width:
                continue
            bits = data[o + col]
            if dim:
                bits &= 0xAA if (xx + y) & 1 else 0x55
            if not bits:
                continue
            v = bits << shift
            if 0 <= page < pages:
                j = page * width + xx
                if c:
                    buf[j] |= v & 0xFF
                else:
                    buf[j] &= 0xFF ^ (v & 0xFF)
            if shift and 0 <= page + 1 < pages:
                j = (page + 1) * width + xx
                if c:
                    buf[j] |= v >> 8
                else:
                    buf[j] &= 0xFF ^ (v >> 8)
        x += 6
    return x


# ---- cards: each drawn once into a small image, then copied ----
_CW = const(13)  # firmware.ui.canvas.CARD_W
_CH = const(19)  # firmware.ui.canvas.CARD_H
_CACHE = const(16)  # images kept (a deal shows at most about 14)
_IMG = const(_CW * 4)  # an image: 4 pages of 13 columns
_pool = []  # [bytearray of _CACHE images one after another, its memoryview], made once
_cards = {}  # (card + 1) << 4 | inverted << 3 | y & 7 -> its image's offset in the pool


# for y & 7 (8 bytes each) and each of the card's 4 pages: the rows the card
# covers there (mid) and those less its first and last row (edge: its four
# corner pixels stay as they were), as bits; host_tests/test_cp_fast.py
# derives them from _CH
_MASKS = (
    b"\xff\xfe\xff\xff\x07\x03\x00\x00"  # y & 7 = 0
    b"\xfe\xfc\xff\xff\x0f\x07\x00\x00"  # y & 7 = 1
    b"\xfc\xf8\xff\xff\x1f\x0f\x00\x00"  # y & 7 = 2
    b"\xf8\xf0\xff\xff\x3f\x1f\x00\x00"  # y & 7 = 3
    b"\xf0\xe0\xff\xff\x7f\x3f\x00\x00"  # y & 7 = 4
    b"\xe0\xc0\xff\xff\xff\x7f\x00\x00"  # y & 7 = 5
    b"\xc0\x80\xff\xff\xff\xff\x01\x00"  # y & 7 = 6
    b"\x80\x00\xff\xff\xff\xff\x03\x01"  # y & 7 = 7
)


def card(cv, x, y, code, inverted):
    """Canvas.card (``code`` >= 0, not dimmed) or Canvas.card_back (``code``
    -1) at (x, y): the same pixels, from an image drawn once by the canvas's
    own code and then copied (middle pages by one slice copy)."""
    shift = y & 7
    key = (code + 1) << 4 | inverted << 3 | shift
    at = _cards.get(key)
    if not _pool:
        img = bytearray(_IMG * _CACHE)
        _pool.append(img)
        _pool.append(memoryview(img))
    img = _pool[0]
    view = _pool[1]
    if at is None:
        scratch = bytearray(_IMG)
        sc = type(cv)(type(cv.fb)(scratch, _CW, 32, 0), scratch, _CW, 32)
        sc.fast = None  # the canvas's own drawing, not this
        # its _card itself, not card or card_back: one call less deep (a
        # first card drawn came close to exhausting CircuitPython's stack)
        sc._card(0, shift, 255 if code < 0 else code, inverted, False)
        if len(_cards) >= _CACHE:
            _cards.clear()
        at = len(_cards) * _IMG
        img[at : at + _IMG] = scratch
        _cards[key] = at
    buf = cv.buf
    width = cv.width
    c0 = -x if x < 0 else 0
    c1 = width - x if x + _CW > width else _CW
    if c1 <= c0:
        return
    page0 = y >> 3
    m = shift << 3
    for p in range(4):
        dp = page0 + p
        if dp < 0 or dp >= cv.pages:
            continue
        j = dp * width + x
        o = at + p * _CW
        mid = _MASKS[m + 2 * p]
        edge = _MASKS[m + 2 * p + 1]
        if edge == 0xFF:
            buf[j + c0 : j + c1] = view[o + c0 : o + c1]
            continue
        if not mid:
            continue
        a = c0
        b = c1
        if a == 0:  # the first column: its corner pixel as it was
            if edge:
                buf[j] = (buf[j] & (edge ^ 0xFF)) | img[o]
            a = 1
        if b == _CW:  # the last column
            b = _CW - 1
            if edge:
                buf[j + b] = (buf[j + b] & (edge ^ 0xFF)) | img[o + b]
        keep = mid ^ 0xFF
        for c in range(a, b):
            buf[j + c] = (buf[j + c] & keep) | img[o + c]
