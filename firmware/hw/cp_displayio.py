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
  copy      per page that differs from its shadow (compared in C), the
            changed columns found by ``ulab`` (``argmax`` over ``!=``), then
            one strided ``ulab`` slice copy into the Bitmap's buffer
            (``memoryview(bitmap)``) and ``bitmap.dirty(...)`` of that area
  refresh   ``auto_refresh=False``; one ``refresh()`` per changed page, so
            displayio's dirty area (one rectangle a bitmap) is that page's
            changed columns, not the union of far-apart changes; nothing
            changed, no refresh

Without ulab or the buffer protocol (Blinka's displayio on a PC) the changed
pixels are set one by one through ``bitmap[x, y]``: the same picture, slowly.

Measured on the emulated Pico (tools/bench_device_cp.py): displayio's
refresh itself costs about 6.4 us a pixel of the dirty area (a full-width
page 6.5 ms, the whole screen 51 ms; the bus is not what limits it), the
copy about 0.15 ms a page; the first version (every changed pixel copied in
Python, one refresh over the union) took 67.6 ms for a menu cursor move's
show. Imports nothing itself (displayio and the library are passed in or
imported by ``make``; ``ulab.numpy`` when there is one).
"""

try:
    from ulab import numpy as _np
except ImportError:
    _np = None


class Display:
    def __init__(self, displayio, ssd1306_module, bus, framebuf, width=128, height=64):
        self.width = width
        self.height = height
        self.pages = height >> 3
        self.buf = bytearray(width * self.pages)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        view = memoryview(self.buf)
        self._views = tuple(view[p * width : (p + 1) * width] for p in range(self.pages))
        self._shadow = tuple(bytearray(width) for _ in range(self.pages))
        self.bitmap = displayio.Bitmap(height, width, 2)  # turned: a row is a column
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        grid = displayio.TileGrid(self.bitmap, pixel_shader=palette)
        grid.transpose_xy = True
        grid.flip_x = True
        group = displayio.Group()
        group.append(grid)
        self._fast = None
        if _np is not None and height == 64:
            try:
                mv = memoryview(self.bitmap)
                if len(mv) == width * self.pages:
                    self._fast = (
                        tuple(_np.frombuffer(v, dtype=_np.uint8) for v in self._views),
                        tuple(_np.frombuffer(s, dtype=_np.uint8) for s in self._shadow),
                        _np.frombuffer(mv, dtype=_np.uint8),
                    )
            except (TypeError, ValueError, NotImplementedError):
                self._fast = None
        self.panel = ssd1306_module.SSD1306(bus, width=width, height=height, auto_refresh=False)
        try:
            self.panel.root_group = group
        except AttributeError:
            self.panel.show(group)  # CircuitPython before 8.1
        self.pixels_written = 0  # columns x 8 of the last show (tests, benchmarks)
        self.refreshes = 0  # refreshes of the last show
        self.errors = 0
        self._retry = False
        self.on = True

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
        shadows = self._shadow
        views = self._views
        fast = self._fast
        written = refreshes = 0
        if self._retry:
            self._retry = False
            self.bitmap.dirty()
            self._refresh()
            refreshes += 1
        for p in range(self.pages):
            if shadows[p] == views[p]:  # in C, nothing allocated
                continue
            if fast is not None:
                x0, x1 = self._copy_fast(fast, p)
            else:
                x0, x1 = self._copy_slow(p)
            written += (x1 - x0) * 8
            self._refresh()
            refreshes += 1
        self.pixels_written = written
        self.refreshes = refreshes

    def _copy_fast(self, fast, p):
        # the changed columns of page p, copied into the bitmap by one strided
        # slice (byte 7 - p of each of their rows)
        page = fast[0][p]
        shadow = fast[1][p]
        diff = page != shadow
        x0 = int(_np.argmax(diff))
        x1 = self.width - int(_np.argmax(diff[::-1]))
        q = 7 - p
        fast[2][x0 * 8 + q : x1 * 8 + q : 8] = page[x0:x1]
        shadow[x0:x1] = page[x0:x1]
        self.bitmap.dirty(q * 8, x0, q * 8 + 8, x1)
        return x0, x1

    def _copy_slow(self, p):
        page = self._views[p]
        shadow = self._shadow[p]
        bitmap = self.bitmap
        x0 = 0
        while page[x0] == shadow[x0]:
            x0 += 1
        x1 = self.width
        while page[x1 - 1] == shadow[x1 - 1]:
            x1 -= 1
        top = self.height - 1 - p * 8
        for x in range(x0, x1):
            b = page[x]
            d = b ^ shadow[x]
            for bit in range(8):
                if d & (1 << bit):
                    bitmap[top - bit, x] = (b >> bit) & 1
            shadow[x] = b
        return x0, x1

    def contrast(self, level):
        self.panel.brightness = max(0, min(255, int(level))) / 255

    def power(self, on):
        self.on = bool(on)
        if self.on:
            self.panel.wake()
        else:
            self.panel.sleep()


def make(displayio, i2c, address, framebuf, width, height):
    """The displayio display on ``i2c``, or None when the panel does not answer."""
    import adafruit_displayio_ssd1306

    try:
        from i2cdisplaybus import I2CDisplayBus  # CircuitPython 9 and later
    except ImportError:
        I2CDisplayBus = displayio.I2CDisplay
    try:
        display_bus = I2CDisplayBus(i2c, device_address=address)
        return Display(displayio, adafruit_displayio_ssd1306, display_bus, framebuf, width, height)
    except (OSError, RuntimeError) as e:
        print("displayio: %s" % e)
        displayio.release_displays()
        return None
