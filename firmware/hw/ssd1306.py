"""Our own small SSD1306 OLED driver over I2C (128x64 or 128x32) for the
MicroPython backend: the MONO_VLSB buffer and its ``framebuf`` canvas, the
power-up sequence, contrast, panel on/off, and a ``show()`` that sends only the
pages (8-pixel rows of 128 bytes) that changed since the last ``show()``.

How ``show()`` finds the changed pages: a 30-bit digest of each page as last
sent (``firmware.fast.digest``, viper) is compared with the page's digest now,
through page views made once, so a frame allocates nothing and the driver holds
8 numbers instead of a 1 KB copy of the panel (two changed bytes side by side
never give the same digest; other changes do once in 2**30). Where viper is
missing (CircuitPython's direct path) a shadow copy of each page (8 x 128
bytes) is compared instead (``bytearray == memoryview`` compares contents in C
without allocating). A changed page costs one command write (column and page
window, 7 bytes) and one data write (129 bytes); when every page changed, one
window and one 1025-byte data write send the frame.
tools/bench/i2c_traffic.py measures this against always sending the full frame.

I2C failures (OLED missing, loose wire, brown-out) never raise: ``errors``
counts them, and the next ``show()`` runs the power-up sequence again and
resends the whole frame.

Verified: only against the recording fake I2C of host_tests/fakes (an
independent decoder in host_tests/test_hw_mp.py rebuilds the image from the
bytes) on CPython and the MicroPython unix port. Not verified: a real panel,
its timing at 400 kHz, the 128x32 variant, 180-degree rotation on glass.

Imports ``framebuf`` (``firmware.ui.fakefb`` where it is missing: CPython),
``array`` and ``firmware.fast`` where viper is.
"""

try:
    import framebuf
except ImportError:
    from firmware.ui import fakefb as framebuf

try:
    from firmware.fast import digest as _digest
except (ImportError, SyntaxError):  # no viper (CircuitPython): a shadow copy instead
    _digest = None

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_CONTROL_CMDS = const(0x00)  # Co=0 D/C#=0: every following byte is a command
_CONTROL_DATA = const(0x40)  # Co=0 D/C#=1: every following byte is display RAM
_CONTRAST = const(0x81)
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_COLUMN_WINDOW = const(0x21)
_PAGE_WINDOW = const(0x22)
_DEFAULT_CONTRAST = const(0xCF)


def init_sequence(height=64, external_vcc=False, rotate=0, contrast=_DEFAULT_CONTRAST):
    """The power-up commands (without the control byte), as bytes. The panel
    is not switched off first: after a soft reset it keeps showing what the
    last app drew (its RAM is kept) until the next app draws."""
    flip = rotate == 180
    return bytes(
        (
            0xD5, 0x80,  # clock: divide 1, oscillator default
            0xA8, height - 1,  # multiplex ratio
            0xD3, 0x00,  # no vertical offset
            0x40,  # start line 0
            0x8D, 0x10 if external_vcc else 0x14,  # charge pump off / on
            0x20, 0x00,  # horizontal addressing: column, then page, wraps
            0xA0 if flip else 0xA1,  # segment remap: column 127 is SEG0 unless flipped
            0xC0 if flip else 0xC8,  # COM scan direction
            0xDA, 0x12 if height == 64 else 0x02,  # COM pins: alternative for 64 rows
            _CONTRAST, contrast,
            0xD9, 0x22 if external_vcc else 0xF1,  # pre-charge periods
            0xDB, 0x40,  # VCOMH deselect level
            0x2E,  # no scrolling
            0xA4,  # show RAM (not all-on)
            0xA6,  # not inverted
        )
    )  # fmt: skip


class SSD1306:
    """The display of the hardware contract: ``width``, ``height``, ``buf``,
    ``fb``, ``show()``, ``contrast(level)``, ``power(on)``."""

    def __init__(self, i2c, address=0x3C, width=128, height=64, external_vcc=False, rotate=0):
        self.i2c = i2c
        self.address = address
        self.width = width
        self.height = height
        self.pages = height >> 3
        self.buf = bytearray(width * self.pages)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        view = memoryview(self.buf)
        self._views = tuple(view[p * width : (p + 1) * width] for p in range(self.pages))
        if _digest is None:
            self._shadow = tuple(bytearray(width) for _ in range(self.pages))
        else:
            from array import array

            self._shadow = array("I", bytes(4 * self.pages))  # each page's digest as sent
        self._window = bytearray((_CONTROL_CMDS, _COLUMN_WINDOW, 0, width - 1, _PAGE_WINDOW, 0, 0))
        self._cmd2 = bytearray(2)  # control byte, command
        self._cmd3 = bytearray(3)  # control byte, command, argument
        self._data = [bytes((_CONTROL_DATA,)), None]
        self._external_vcc = external_vcc
        self._rotate = rotate
        self._level = _DEFAULT_CONTRAST
        self.on = True
        self.errors = 0
        self._ready = False  # False: the panel needs its power-up sequence
        self._stale = True  # True: the panel RAM is unknown, send every page
        self.init()

    def init(self):
        """Run the power-up sequence; True when the panel answered."""
        seq = init_sequence(self.height, self._external_vcc, self._rotate, self._level)
        try:
            self.i2c.writeto(self.address, bytes((_CONTROL_CMDS,)) + seq)
            self._command(_DISPLAY_ON if self.on else _DISPLAY_OFF)
        except OSError:
            self.errors += 1
            return False
        self._ready = True
        self._stale = True
        return True

    def _command(self, c, arg=-1):
        cmd = self._cmd2 if arg < 0 else self._cmd3
        cmd[0] = _CONTROL_CMDS
        cmd[1] = c
        if arg >= 0:
            cmd[2] = arg
        self.i2c.writeto(self.address, cmd)

    def _send(self, first, last, data):
        window = self._window
        window[5] = first
        window[6] = last
        self.i2c.writeto(self.address, window)
        self._data[1] = data
        self.i2c.writevto(self.address, self._data)

    def show(self):
        """Send the pages that changed since the last show (all of them after
        power-up or an I2C error)."""
        if not self._ready and not self.init():
            return
        views = self._views
        shadow = self._shadow
        pages = self.pages
        width = self.width
        stale = self._stale
        changed = 0
        for p in range(pages):
            if _digest is None:
                if stale or shadow[p] != views[p]:
                    changed |= 1 << p
            else:
                h = _digest(views[p], width)
                if stale or h != shadow[p]:
                    changed |= 1 << p
                    shadow[p] = h  # sent below; an I2C error resends every page
        if not changed:
            return
        try:
            if changed == (1 << pages) - 1:
                self._send(0, pages - 1, self.buf)
            else:
                for p in range(pages):
                    if changed & (1 << p):
                        self._send(p, p, views[p])
            if _digest is None:
                for p in range(pages):
                    if changed & (1 << p):
                        shadow[p][:] = views[p]
            self._stale = False
        except OSError:
            self.errors += 1
            self._ready = False
        self._data[1] = None

    def contrast(self, level):
        self._level = max(0, min(255, int(level)))
        self._try(_CONTRAST, self._level)

    def power(self, on):
        self.on = bool(on)
        self._try(_DISPLAY_ON if self.on else _DISPLAY_OFF)

    def _try(self, c, arg=-1):
        if not self._ready:
            return  # the next show() powers up with the new settings
        try:
            self._command(c, arg)
        except OSError:
            self.errors += 1
            self._ready = False
