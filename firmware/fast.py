"""The drawing loops that cost the most on a Pico, as ``@micropython.viper``
functions: machine code compiled by MicroPython itself, 50-100x faster than
the same loops in bytecode. Imports ``micropython`` (nothing on CPython).

This file is shipped as source, never as .mpy (tools/device_files.py
``SOURCE``): the board's own compiler turns it into code for its own CPU when
it is first imported, so no ``mpy-cross -march`` is needed anywhere. The same
file runs unchanged as plain Python: on CPython the decorator does nothing
and ``ptr8`` is the buffer itself (a str is read as its UTF-8 bytes, as viper
reads it). Where viper is missing (CircuitPython: importing this file raises
SyntaxError), the callers keep their own plain loops (firmware/ui/canvas.py).
Everything here is written for both: small non-negative ints only, no
overflow, no allocation.

  text(buf, width, pages, data, s, n, utf8, x, y, c, dim) -> x after the text
        the 5x7 glyphs of ``n`` characters of ``s`` (a str when ``utf8``,
        else bytes of codes) ORed (c=1) or cleared (c=0) into the MONO_VLSB
        ``buf`` at (x, y), clipped; ``dim`` keeps every other pixel
  xor_rect(buf, width, x0, y0, x1, y1)   flip the pixels of a clipped box
  fill(buf, n, v)                         the first ``n`` bytes of ``buf`` set to ``v``
  scale(buf, n, num, den) -> sum        every byte v of the first ``n`` set to
        v * num // den (num <= 2**23), the sum of the results (the LED power limit)
  crc16(data, n, crc) -> crc              CRC-16/CCITT-FALSE of the first ``n``
        bytes of ``data`` from ``crc`` (engine.crc's, for the save records)
  digest(data, n) -> int                  a 30-bit FNV-1a style digest of the
        first ``n`` bytes (firmware.hw.ssd1306: has a page changed since it
        was sent?); two changed bytes next to each other never give the same
  cards(buf, width, pages, data, codes, row, n, x, y, pitch, chosen, dimmed, raised)
        ``n`` cards of ``row`` (ints 0-51, rank*4+suit; 52 and above a face-down
        card) at x, x+pitch, ... on row y, each 13x19 as firmware.ui.canvas draws
        one (rounded frame, rank top left, suit bottom right; ``codes`` the 13
        rank then 4 suit font codes); bit i of ``chosen`` inverts card i, of
        ``dimmed`` dots it, of ``raised`` lifts it 3 px. One call for a row:
        on a Pico each Python call with many locals costs a heap allocation
        (its frame), which a fragmented heap makes slow
"""

try:
    import micropython
except ImportError:  # CPython: plain Python, same results

    class micropython:  # noqa: N801  the decorators' namespace
        @staticmethod
        def viper(f):
            return f

    def ptr8(b):
        return b.encode() if isinstance(b, str) else b


@micropython.viper
def text(buf, width: int, pages: int, data, s, n: int, utf8: int, x: int, y: int, c: int,
         dim: int) -> int:  # fmt: skip
    b = ptr8(buf)
    d = ptr8(data)
    p = ptr8(s)
    last = 31 + int(len(data)) // 5  # the last code with a glyph
    page = y >> 3
    shift = y & 7
    i = 0
    k = 0
    while k < n:
        code = int(p[i])
        i += 1
        if utf8 and code >= 0x80:
            if code >= 0xF0:
                i += 3
                code = 0
            elif code >= 0xE0:
                i += 2
                code = 0
            else:
                code = ((code & 0x1F) << 6) | (int(p[i]) & 0x3F)
                i += 1
        if code < 32 or code > last:
            code = 127  # the box
        o = (code - 32) * 5
        col = 0
        while col < 5:
            xx = x + col
            if xx >= 0 and xx < width:
                bits = int(d[o + col])
                if dim:
                    if (xx + y) & 1:
                        bits &= 0xAA
                    else:
                        bits &= 0x55
                if bits:
                    v = bits << shift
                    if page >= 0 and page < pages:
                        j = page * width + xx
                        if c:
                            b[j] = int(b[j]) | (v & 0xFF)
                        else:
                            b[j] = int(b[j]) & (0xFF ^ (v & 0xFF))
                    if shift and page + 1 >= 0 and page + 1 < pages:
                        j = (page + 1) * width + xx
                        if c:
                            b[j] = int(b[j]) | (v >> 8)
                        else:
                            b[j] = int(b[j]) & (0xFF ^ (v >> 8))
            col += 1
        x += 6
        k += 1
    return x


@micropython.viper
def xor_rect(buf, width: int, x0: int, y0: int, x1: int, y1: int):
    b = ptr8(buf)
    while y0 < y1:
        page = y0 >> 3
        top = y0 & 7
        bottom = top + (y1 - y0)
        if bottom > 8:
            bottom = 8
        mask = ((1 << bottom) - 1) & (0xFF ^ ((1 << top) - 1))
        i = page * width + x0
        end = page * width + x1
        while i < end:
            b[i] = int(b[i]) ^ mask
            i += 1
        y0 = (page + 1) << 3


@micropython.viper
def fill(buf, n: int, v: int):
    b = ptr8(buf)
    i = 0
    while i < n:
        b[i] = v
        i += 1


@micropython.viper
def scale(buf, n: int, num: int, den: int) -> int:
    b = ptr8(buf)
    s = 0
    i = 0
    while i < n:
        v = int(b[i])
        if v:
            v = v * num // den
            b[i] = v
            s += v
        i += 1
    return s


@micropython.viper
def digest(data, n: int) -> int:
    d = ptr8(data)
    h = 0x11C9DC5
    i = 0
    while i < n:
        h = ((h ^ int(d[i])) * 16777619) & 0x3FFFFFFF  # mod 2**30: a small int, no big int
        i += 1
    return h


@micropython.viper
def crc16(data, n: int, crc: int) -> int:
    d = ptr8(data)
    i = 0
    while i < n:
        crc = crc ^ (int(d[i]) << 8)
        k = 0
        while k < 8:
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
            k += 1
        i += 1
    return crc


@micropython.viper
def cards(buf, width: int, pages: int, data, codes, row, n: int, x: int, y: int, pitch: int,
          chosen: int, dimmed: int, raised: int):  # fmt: skip
    b = ptr8(buf)
    d = ptr8(data)
    cd = ptr8(codes)
    i = 0
    while i < n:
        card = int(row[i])
        bit = 1 << i
        cy = y - 3 if raised & bit else y
        inv = chosen & bit
        dim = dimmed & bit
        back = card >= 52 or card < 0
        ro = 0
        so = 0
        if not back:
            ro = (int(cd[card >> 2]) - 32) * 5
            so = (int(cd[13 + (card & 3)]) - 32) * 5
        page = cy >> 3
        shift = cy & 7
        c = 0
        while c < 13:
            px = x + c
            if px >= 0 and px < width:
                # the column's 19 rows, bit r for row cy + r: cleared (clr), then set
                if c == 0 or c == 12:
                    edge = 0x3FFFE
                    clr = 0
                else:
                    edge = 0x40001
                    clr = 0x3FFFE
                g = 0
                if back:
                    if c >= 4 and c <= 10:
                        g = 0x4444
                    if c >= 2 and c <= 8:
                        g |= 0x11110
                else:
                    if c >= 2 and c <= 6:
                        g = int(d[ro + c - 2]) << 2
                    if c >= 6 and c <= 10:
                        g |= int(d[so + c - 6]) << 10
                    if dim:  # the screen's checkerboard
                        dm = 0x55555 if ((px + cy) & 1) == 0 else 0x2AAAA
                        edge &= dm
                        g &= dm
                    if inv:
                        g = clr & (0x7FFFF ^ g)
                setv = (edge | g) << shift
                clr = clr << shift
                j = page * width + px
                pg = page
                while pg < page + 4:  # the card's four pages, one byte each
                    if pg >= 0 and pg < pages:
                        m = clr & 0xFF
                        v = setv & 0xFF
                        if m or v:
                            b[j] = (int(b[j]) & (0xFF ^ m)) | v
                    clr = clr >> 8
                    setv = setv >> 8
                    j += width
                    pg += 1
            c += 1
        x += pitch
        i += 1
