"""CircuitPython only: the default display of the CircuitPython backend
(``firmware.hw.cp.make``): the owner's choice, adafruit_displayio_ssd1306 on
displayio (tools/deploy.py --target cp puts it in lib/). The app draws into
our 1024-byte MONO_VLSB buffer (``firmware.hw.cp_fb``, shared drawing code);
``show()`` hands displayio only what changed:

  layout    the ``displayio.Bitmap`` is 64 wide and 128 high, shown turned
            (TileGrid ``transpose_xy`` and ``flip_x``): a bitmap row is a
            screen column, and CircuitPython stores 1-bit rows MSB first
            byte by byte, so byte ``7 - p`` of row ``x`` holds exactly the
            buffer's byte ``p * 128 + x`` (page ``p``), bit for bit: no
            conversion, a copy
  compare   a shadow of the frame the Bitmap holds: the whole frame, then
            each page, compared in C (nothing allocated; a repaint that
            changes nothing costs 0.2 ms); a changed page's columns by one
            ``ulab`` compare, read as bytes (``tobytes`` shares them) in
            which C's ``find`` / ``rfind`` give the first and last changed
            column and every stretch of _GAP unchanged ones
  copy      the changed columns x0..x1 by one strided ``ulab`` slice copy
            into the Bitmap's buffer (``memoryview(bitmap)``)
  refresh   ``auto_refresh=False``; a page's changed columns are marked
            (``bitmap.dirty``) and refreshed as one run, or as several when
            _GAP or more unchanged columns lie between them (a refresh costs
            about 3 columns of a page), so displayio's dirty area (one
            rectangle a bitmap) is never the union of far-apart changes;
            nothing changed, no refresh
  memory    small arrays made a changed page, nothing large: on a full
            heap every KB made costs its share of a collection and a large
            block is what fails first on a fragmented heap; the shadow
            costs 1 KB held and saves a 1 KB array made every show

Without ulab or the buffer protocol (Blinka's displayio on a PC) the changed
pixels are set one by one through ``bitmap[x, y]`` (``firmware.hw.cp_rare``,
so that its code is not on a device's heap): the same picture and the same
refreshes, slowly.

displayio's refresh costs in proportion to the pixels of its dirty area
(rounded to whole pages by the panel's vertical bytes), not the bus: hence
the runs above (the figures: docs/firmware-figures.md).
Imports nothing itself (displayio and the library are passed in or
imported by ``make``; ``ulab.numpy`` when there is one, else
``firmware.hw.cp_rare``).
"""

try:
    from ulab import numpy as _np
except ImportError:
    _np = None

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# a page's changed columns are refreshed as one run unless this many
# unchanged columns lie between them: a refresh costs about as much as 3-4
# columns of a page
_GAP = const(4)
_GAP_BYTES = bytes(_GAP)  # _GAP unchanged columns in a page's changes
_ONE = b"\x01"


class Display:
    """Made by ``firmware.hw.cp_make.displayio_display`` (at start, its code
    not kept): the frame ``buf`` and its ``fb``, the ``_shadow`` of what the
    Bitmap holds, ``_pages`` (each page of both as memoryviews: frame, shadow,
    frame, ...), ``bitmap``,
    ``_fast`` (ulab views of the frame, the shadow and the Bitmap's bytes, or
    None), ``panel``."""

    def _refresh(self):
        try:
            try:
                self.panel.refresh(target_frames_per_second=None)
            except TypeError:
                self.panel.refresh()  # CircuitPython 7: no such argument
        except (OSError, RuntimeError):
            self.errors += 1  # a loose wire: all of it again at the next show
            self._retry = True

    def show(self):
        self.pixels_written = self.refreshes = 0
        if self._retry:
            self._retry = False
            self.bitmap.dirty()
            self._refresh()
            self.refreshes = 1
        if self.buf == self._shadow:  # in C, nothing allocated
            return
        pages = self._pages
        for p in range(self.pages):
            frame = pages[p + p]
            shown = pages[p + p + 1]
            if frame == shown:
                continue
            if self._fast is not None:
                d = self._copy_fast(p)
            else:
                d = self._copy_slow(p)
            # d: the page's columns, 1 where changed; runs found in C
            x0 = d.find(_ONE)
            x1 = d.rfind(_ONE) + 1
            shown[x0:x1] = frame[x0:x1]
            while True:
                gap = d.find(_GAP_BYTES, x0, x1)
                if gap < 0:
                    break
                self._send(p, x0, gap)
                x0 = d.find(_ONE, gap, x1)
            self._send(p, x0, x1)

    def _copy_fast(self, p):
        # page p's changed columns copied into the Bitmap by one strided
        # slice (byte 7 - p of each of their rows); a few small arrays made,
        # nothing large: on a full heap every KB made costs a collection's
        # share, and a large one fails first on a fragmented heap
        frame, shadow, bits = self._fast
        o = p * self.width
        page = frame[o : o + self.width]
        d = (page != shadow[o : o + self.width]).tobytes()  # shares the array's bytes
        x0 = d.find(_ONE)
        x1 = d.rfind(_ONE) + 1
        q = 7 - p
        bits[x0 * 8 + q : x1 * 8 + q : 8] = page[x0:x1]
        return d

    def _copy_slow(self, p):
        from firmware.hw.cp_rare import copy_slow  # Blinka on a PC: never on a device

        return copy_slow(self, p)

    def _send(self, p, x0, x1):
        q = (7 - p) * 8
        self.bitmap.dirty(q, x0, q + 8, x1)
        self._refresh()
        self.pixels_written += (x1 - x0) * 8
        self.refreshes += 1

    def contrast(self, level):
        self.panel.brightness = max(0, min(255, int(level))) / 255

    def power(self, on):
        self.on = bool(on)
        if self.on:
            self.panel.wake()
        else:
            self.panel.sleep()
