"""CircuitPython only: the first display path of the CircuitPython backend,
kept for comparison (``firmware.hw.cp.make(display="displayio")``): our
1024-byte MONO_VLSB buffer is copied into a 1-bit ``displayio.Bitmap`` shown
through adafruit_displayio_ssd1306 (needs it in lib/: tools/deploy.py's
``DISPLAYIO_LIB``) on an I2C display bus. ``show()`` finds the changed pages
as the SSD1306 driver does (a shadow per page), writes only the pixels whose
bit changed (integer bitmap index, no tuples), then refreshes the display by
hand, so displayio sends only the dirty area.

Measured on the emulated Pico (tools/bench_device_cp.py on the version that
used it): a menu cursor move's show() took 67.6 ms here (2,250 pixels
changed), of which displayio's refresh alone was 18.9 ms and the Python copy
the rest; 1.6 ms with the default (our driver straight on busio.I2C, no
copy); a full-screen change 122 ms. Imports nothing itself (displayio and the library are passed
in or imported by ``make``).
"""


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
        self.bitmap = displayio.Bitmap(width, height, 2)
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        group = displayio.Group()
        group.append(displayio.TileGrid(self.bitmap, pixel_shader=palette))
        self.panel = ssd1306_module.SSD1306(bus, width=width, height=height, auto_refresh=False)
        try:
            self.panel.root_group = group
        except AttributeError:
            self.panel.show(group)  # CircuitPython before 8.1
        self.pixels_written = 0  # by the last show (tests, benchmarks)
        self.errors = 0
        self._retry = False
        self.on = True

    def show(self):
        width = self.width
        bitmap = self.bitmap
        written = 0
        for p in range(self.pages):
            shadow = self._shadow[p]
            page = self._views[p]
            if shadow == page:
                continue
            base = p * 8 * width
            for x in range(width):
                b = page[x]
                d = b ^ shadow[x]
                if d:
                    i = base + x
                    for bit in range(8):
                        if d & (1 << bit):
                            bitmap[i] = (b >> bit) & 1
                            written += 1
                        i += width
            shadow[:] = page
        self.pixels_written = written
        if written or self._retry:
            self._retry = False
            try:
                try:
                    self.panel.refresh(target_frames_per_second=None)
                except TypeError:
                    self.panel.refresh()  # CircuitPython 7: no such argument
            except (OSError, RuntimeError):
                self.errors += 1  # a loose wire: try again at the next show
                self._retry = True

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
