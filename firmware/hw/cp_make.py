"""CircuitPython only: builds the CircuitPython backend's ``Hardware``
(``firmware.hw.cp``) at start: the pins from the board data, the display
path (``display_choice``), the storage (``make_storage``), the battery
gauge. ``firmware.hw.cp.make`` loads it for that call and forgets it after
on CircuitPython, so none of this code stays on the heap; what it makes
does (and ``NoDisplay`` / ``MemoryStorage`` with the object that needs
them: no OLED answering, or the drive left to the PC).

Imports ``firmware.hw.files``, ``firmware.hw.cp`` and ``firmware.keys``;
when ``make`` runs, the CircuitPython modules, ``firmware.hw.cp_displayio``
(``firmware.hw.cp_direct`` and ``firmware.hw.ssd1306`` for the direct path),
``firmware.hw.cp_fb``, ``firmware.ui.canvas`` and ``firmware.hw.cp_fast``.
"""

from firmware.hw import cp
from firmware.hw.files import FileStorage
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_BITS = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT, "a": A, "b": B}
# boards/pico.py's pins, for when no board description could be loaded
_I2C = {"id": 0, "sda": 4, "scl": 5, "freq": 400000}
_OLED = {"address": 0x3C, "width": 128, "height": 64}
_BUTTONS = {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15}
_LED_PIN = 22
_N_LEDS = 242


class NoDisplay:
    """Stands in when the OLED did not answer at start: the app still runs
    (buttons, LEDs, saves) and draws into a buffer nobody sees."""

    def __init__(self, framebuf, width=128, height=64):
        self.width = width
        self.height = height
        self.buf = bytearray(width * (height >> 3))
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.on = True

    def show(self):
        pass

    def contrast(self, level):
        pass

    def power(self, on):
        self.on = bool(on)


class MemoryStorage:
    """Saves kept in RAM only, for a start where the drive belongs to the PC
    (B held at reset): the game runs, nothing survives a reset, and
    ``problem`` says so (the app shows it when it starts)."""

    problem = (
        "The drive belongs to the PC (B was held at reset), so nothing is saved. "
        "Reset without B to save again."
    )

    def __init__(self):
        self.files = {}

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(2, "no such file: %s" % old)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        if name not in self.files:
            raise OSError(2, "no such file: %s" % name)
        del self.files[name]

    def exists(self, name):
        return name in self.files

    def size(self, name):
        data = self.files.get(name)
        return None if data is None else len(data)


def buttons(keypad, microcontroller, gpios):
    """``cp.Buttons`` on ``keypad.Keys`` (pull-ups, pressed = low) for the
    board's ``BUTTONS`` (name -> GPIO number)."""
    pins = []
    bits = []
    for name in gpios:
        bit = _BITS.get(name)
        if bit is None:
            raise ValueError("unknown button %r (choose from %s)" % (name, ", ".join(_BITS)))
        pins.append(pin_of(microcontroller, gpios[name]))
        bits.append(bit)
    keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
    return cp.Buttons(keys, bytes(bits), keypad.Event())


def leds(digitalio, neopixel_write, pin, n):
    """``cp.Leds``: the strip's pin as an output and ``neopixel_write``."""
    out = digitalio.DigitalInOut(pin)
    out.direction = digitalio.Direction.OUTPUT
    return cp.Leds(out, neopixel_write.neopixel_write, n)


def pin_of(microcontroller, gpio):
    """The ``microcontroller.pin`` object of GPIO number ``gpio``."""
    pin = getattr(microcontroller.pin, "GPIO%d" % gpio, None)
    if pin is None:
        raise ValueError("this board has no GPIO%d" % gpio)
    return pin


def _get(board, name, default):
    return getattr(board, name, default) if board is not None else default


def use_cp_fast():
    """Give firmware.ui.canvas the CircuitPython drawing loops
    (firmware.hw.cp_fast) where its viper ones (firmware.fast) cannot load;
    canvases made from now on use them."""
    from firmware.ui import canvas

    if getattr(canvas, "_fast", 0) is None:
        from firmware.hw import cp_fast

        canvas._fast = cp_fast


def make_storage(os, root="/data"):
    files = FileStorage(os, root)
    if files.writable():
        return files
    return MemoryStorage()


DISPLAYS = ("displayio", "direct")


def display_choice(board, path="board.txt"):
    """The display path: a line ``display=NAME`` in board.txt (after the
    board's name), else the board data's ``CP_DISPLAY``, else "displayio".
    An unknown name is reported and the default used."""
    name = None
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("display="):
                    name = line[8:].strip()
    except OSError:
        pass
    if name is None:
        name = _get(board, "CP_DISPLAY", "displayio")
    if name not in DISPLAYS:
        print("display %r unknown (choose from %s); using displayio" % (name, ", ".join(DISPLAYS)))
        name = "displayio"
    return name


def make(board=None, watchdog_s=cp.WATCHDOG_S, storage_root="/data", display=None):
    """The board's hardware (``firmware.hw.cp.make``, which calls this)."""
    import os
    import time

    import busio
    import digitalio
    import keypad
    import microcontroller
    import neopixel_write
    import supervisor

    try:
        import framebuf
    except ImportError:  # CircuitPython: ours, also for the driver's own import
        import sys

        from firmware.hw import cp_fb as framebuf

        sys.modules["framebuf"] = framebuf
    try:
        import displayio

        displayio.release_displays()  # a display left from the previous run holds the pins
    except ImportError:
        displayio = None

    bus = _get(board, "I2C", _I2C)
    oled = _get(board, "OLED", _OLED)
    i2c = busio.I2C(
        pin_of(microcontroller, bus["scl"]),
        pin_of(microcontroller, bus["sda"]),
        frequency=bus.get("freq", 400000),
    )
    width = oled.get("width", 128)
    height = oled.get("height", 64)
    address = oled.get("address", 0x3C)
    use_cp_fast()
    if display is None:
        display = display_choice(board)
    disp = None
    if display == "displayio" and displayio is not None:
        try:
            disp = displayio_display(displayio, i2c, address, framebuf, width, height)
        except ImportError as e:  # the library is not in lib/
            print("adafruit_displayio_ssd1306 not found (%s); using the direct driver" % e)
            display = "direct"
    else:
        display = "direct"
    if display == "direct":
        from firmware.hw import cp_direct, ssd1306

        disp = cp_direct.display(ssd1306, i2c, address, width, height, framebuf)
    if disp is None:
        print("OLED not answering at 0x%02x; running without a screen" % address)
        disp = NoDisplay(framebuf, width, height)
    _share_view(disp)
    disp.i2c_bus = i2c  # let go before a reload (``cp.Hardware.restart``)
    storage = make_storage(os, storage_root)
    if isinstance(storage, MemoryStorage):
        print("drive read-only for code: " + storage.problem)
    return cp.Hardware(
        microcontroller,
        disp,
        buttons(keypad, microcontroller, _get(board, "BUTTONS", _BUTTONS)),
        leds(
            digitalio,
            neopixel_write,
            pin_of(microcontroller, _get(board, "LED_PIN", _LED_PIN)),
            _get(board, "N_LEDS", _N_LEDS),
        ),
        storage,
        cp.Clock(supervisor, time),
        watchdog_s,
        _battery(microcontroller, _get(board, "BATTERY", None)),
    )


def _share_view(disp):
    # the ulab view cp_fb made of the frame serves cp_fast too: one, not two
    view = getattr(disp.fb, "_bv", None)
    if view is not None:
        from firmware.hw import cp_fast

        cp_fast._views[id(disp.buf)] = (disp.buf, view)


def _battery(microcontroller, spec):
    if not spec:
        return None
    import analogio

    try:
        divider = spec["divider"]
        if not isinstance(divider, int) or divider < 1:
            raise ValueError("divider must be a whole number, got %r" % (divider,))
        return analogio.AnalogIn(pin_of(microcontroller, spec["adc"])), 3300 * divider
    except (KeyError, TypeError, ValueError) as e:  # board data: run without a gauge
        print("no battery gauge: BATTERY %r unusable (%r)" % (spec, e))
        return None


def displayio_display(displayio, i2c, address, framebuf, width, height):
    """``cp_displayio.Display`` (adafruit_displayio_ssd1306 on ``i2c``), or
    None when the panel does not answer."""
    import adafruit_displayio_ssd1306

    from firmware.hw.cp_displayio import Display

    try:
        from i2cdisplaybus import I2CDisplayBus  # CircuitPython 9 and later
    except ImportError:
        I2CDisplayBus = displayio.I2CDisplay
    try:
        bus = I2CDisplayBus(i2c, device_address=address)
        d = Display()
        d.width = width
        d.height = height
        d.pages = height >> 3
        d.buf = bytearray(width * d.pages)
        d.fb = framebuf.FrameBuffer(d.buf, width, height, framebuf.MONO_VLSB)
        d._shadow = bytearray(width * d.pages)  # the frame the Bitmap holds
        frame = memoryview(d.buf)
        shown = memoryview(d._shadow)
        pages = []  # one flat tuple: 8 pairs' tuples fewer
        for o in range(0, len(d.buf), width):
            pages.append(frame[o : o + width])
            pages.append(shown[o : o + width])
        d._pages = tuple(pages)
        d.bitmap = displayio.Bitmap(height, width, 2)  # turned: a row is a column
        palette = displayio.Palette(2)
        palette[0] = 0x000000
        palette[1] = 0xFFFFFF
        grid = displayio.TileGrid(d.bitmap, pixel_shader=palette)
        grid.transpose_xy = True
        grid.flip_x = True
        group = displayio.Group()
        group.append(grid)
        d._fast = None
        try:
            from ulab import numpy as np
        except ImportError:
            np = None
        if np is not None and height == 64:
            try:
                mv = memoryview(d.bitmap)
                if len(mv) == width * d.pages:
                    frame = getattr(d.fb, "_bv", None)  # cp_fb's view of the frame: shared
                    d._fast = (
                        np.frombuffer(d.buf, dtype=np.uint8) if frame is None else frame,
                        np.frombuffer(d._shadow, dtype=np.uint8),
                        np.frombuffer(mv, dtype=np.uint8),
                    )
            except (TypeError, ValueError, NotImplementedError):
                d._fast = None
        d.panel = adafruit_displayio_ssd1306.SSD1306(
            bus, width=width, height=height, auto_refresh=False
        )
        try:
            d.panel.root_group = group
        except AttributeError:
            d.panel.show(group)  # CircuitPython before 8.1
        d.pixels_written = 0  # refreshed area of the last show (tests, benchmarks)
        d.refreshes = 0  # refreshes of the last show
        d.errors = 0
        d._retry = False
        d.on = True
        return d
    except (OSError, RuntimeError) as e:
        print("displayio: %s" % e)
        displayio.release_displays()
        return None
