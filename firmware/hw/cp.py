"""CircuitPython backend of the hardware contract (``firmware/hal.py``):
``make(board)`` returns a ``Hardware``. The entry point is ``code.py``
(``firmware/cp_code.py``); ``boot.py`` (``firmware/cp_boot.py``) decides who
may write the flash drive.

  display   by default (the owner's choice) adafruit_displayio_ssd1306 on
            displayio, installed into lib/ by tools/deploy.py --target cp
            (firmware/hw/cp_displayio.py): the app draws into a 1024-byte
            MONO_VLSB buffer (``firmware.hw.cp_fb``, as CircuitPython has no
            framebuf); ``show()`` copies only the changed columns of each
            changed page into the ``displayio.Bitmap``'s buffer with one
            ulab call (the Bitmap is laid out so that this is a plain copy)
            and refreshes by hand, once per changed page, so displayio sends
            only those areas. Opt-in ``display="direct"`` (board data
            ``CP_DISPLAY = "direct"``, or a line ``display=direct`` after the
            board's name in board.txt): our SSD1306 driver
            (firmware/hw/ssd1306.py, the one the MicroPython backend uses)
            straight on ``busio.I2C`` (firmware/hw/cp_direct.py); the buffer is the
            panel's own memory layout, so ``show()`` sends the changed pages
            as they are. displayio's refresh costs about 6.4 us a pixel of
            the area it sends (emulated Pico), the direct driver about
            0.4 ms a page: figures for both in the README. Without the
            library in lib/ the direct driver is used, with a message
  buttons   ``keypad.Keys`` (pull-ups, pressed = low) scanned in the
            background; ``read()`` drains its events into the held bitmask
            with one reused ``keypad.Event``; after an event overflow the
            scanner is reset and reports the keys still held
  leds      ``neopixel_write`` (the built-in under the ``neopixel`` library)
            sends the caller's G R B buffer as it is: no pixel-by-pixel copy
  storage   files in ``/data`` when boot.py made the drive writable for the
            code (see firmware/cp_boot.py); otherwise (B held at reset: the
            PC owns the drive) ``MemoryStorage``, saves in RAM only, and the
            app says so at start
  clock     ``supervisor.ticks_ms`` (wraps at 2**29 ms, small ints only)
  feed()    ``microcontroller.watchdog`` started at the first feed
  reset()   ``microcontroller.reset()``
  battery_mv()  ``analogio.AnalogIn`` on the board's ``BATTERY`` pin times
            its divider and the 3.3 V reference; None without one
  nap(ms)   ``time.sleep`` a frame at a time until a key is held or keypad
            has an event waiting (``buttons.any()``, which leaves it for
            ``read``); CircuitPython sleeps the core between its background
            tasks there

No saves in ``microcontroller.nvm`` (an earlier version kept them there):
on the RP2040 it is one 4 KB flash sector, and CircuitPython erases and
reprograms the whole sector whenever a byte that is not blank changes
(measured on the emulated Pico: a write into blank bytes is one program, an
overwrite one erase and one program). So two copies with sequence numbers
would share every erase, and a power cut in it would lose both; the only
other flash, the drive, is the PC's in that mode. And the record layer's
write-and-rename cost about 3.5 erases a save there, some 150 a game: the
sector's ~100,000 erase cycles would last a few hundred games.

Verified: on CPython over a recording fake I2C bus decoded back into the
picture (both displays; the displayio one with Adafruit Blinka's displayio and
the real adafruit_displayio_ssd1306), and the fakes of host_tests/fakes/cp
for keypad, neopixel_write, microcontroller and storage
(host_tests/test_hw_cp.py); on CircuitPython 10.2.1 on the emulated Pico with
its emulated SSD1306 (tools/bench_device_cp.py, host_tests/test_emu_cp.py).
Not verified: a real panel, keypad timing, nvm on real flash, the watchdog.

Imports ``firmware.hal`` and ``firmware.hw.files``; when ``make`` runs, the
CircuitPython modules, ``firmware.hw.cp_displayio`` (``firmware.hw.cp_direct``
and ``firmware.hw.ssd1306`` for the direct path), ``firmware.hw.cp_fb``,
``firmware.canvas`` and ``firmware.hw.cp_fast``.
"""

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw.files import FileStorage

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
WATCHDOG_S = 8
_TICKS_PERIOD = const(1 << 29)


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


class Buttons:
    def __init__(self, keypad, microcontroller, gpios):
        pins = []
        bits = []
        for name in gpios:
            bit = _BITS.get(name)
            if bit is None:
                raise ValueError("unknown button %r (choose from %s)" % (name, ", ".join(_BITS)))
            pins.append(pin_of(microcontroller, gpios[name]))
            bits.append(bit)
        self._keys = keypad.Keys(tuple(pins), value_when_pressed=False, pull=True)
        self._bits = bytes(bits)
        self._event = keypad.Event()
        self._mask = 0

    def read(self):
        events = self._keys.events
        if events.overflowed:
            events.clear()
            self._keys.reset()  # keys still held report a press again
            self._mask = 0
        event = self._event
        mask = self._mask
        while events.get_into(event):
            bit = self._bits[event.key_number]
            if event.pressed:
                mask |= bit
            else:
                mask &= ~bit
        self._mask = mask
        return mask

    def any(self):
        """A key held or an event waiting (left in the queue for ``read``)."""
        return self._mask != 0 or bool(self._keys.events)


class Leds:
    def __init__(self, digitalio, neopixel_write, pin, n):
        self.n = n
        self._pin = digitalio.DigitalInOut(pin)
        self._pin.direction = digitalio.Direction.OUTPUT
        self._send = neopixel_write.neopixel_write

    def write(self, buf):
        if len(buf) != self.n * 3:
            raise ValueError("LED buffer must be %d bytes, got %d" % (self.n * 3, len(buf)))
        self._send(self._pin, buf)


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


class Clock:
    def __init__(self, supervisor, time):
        self.ticks_ms = supervisor.ticks_ms
        self._time = time

    def ticks_diff(self, a, b):
        d = (a - b) & (_TICKS_PERIOD - 1)
        if d >= _TICKS_PERIOD >> 1:
            d -= _TICKS_PERIOD
        return d

    def sleep_ms(self, n):
        self._time.sleep(n / 1000)


class Hardware:
    def __init__(
        self, microcontroller, display, buttons, leds, storage, clock, watchdog_s, battery=None
    ):
        self._mc = microcontroller
        self._battery = battery  # (AnalogIn, mV at full scale) or None
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.storage = storage
        self.clock = clock
        self.watchdog_s = watchdog_s
        self._wdt = None

    def feed(self):
        wdt = self._wdt
        if wdt is None:
            if not self.watchdog_s:
                return
            from watchdog import WatchDogMode

            wdt = self._mc.watchdog
            wdt.timeout = self.watchdog_s
            wdt.mode = WatchDogMode.RESET
            self._wdt = wdt
        wdt.feed()

    def reset(self):
        self._mc.reset()

    def battery_mv(self):
        b = self._battery
        return b[0].value * b[1] // 65535 if b is not None else None

    def nap(self, ms):
        down = self.buttons.any
        sleep = self.clock.sleep_ms
        while ms > 0 and not down():
            step = 20 if ms > 20 else ms
            sleep(step)
            ms -= step


def pin_of(microcontroller, gpio):
    """The ``microcontroller.pin`` object of GPIO number ``gpio``."""
    pin = getattr(microcontroller.pin, "GPIO%d" % gpio, None)
    if pin is None:
        raise ValueError("this board has no GPIO%d" % gpio)
    return pin


def _get(board, name, default):
    return getattr(board, name, default) if board is not None else default


def use_cp_fast():
    """Give firmware.canvas the CircuitPython drawing loops
    (firmware.hw.cp_fast) where its viper ones (firmware.fast) cannot load;
    canvases made from now on use them."""
    from firmware import canvas

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


def make(board=None, watchdog_s=WATCHDOG_S, storage_root="/data", display=None):
    """The board's hardware; ``watchdog_s=0`` runs without a watchdog;
    ``display`` "displayio" (adafruit_displayio_ssd1306, the default) or
    "direct" (our driver on busio.I2C); None: ``display_choice(board)``."""
    import busio
    import digitalio
    import keypad
    import microcontroller
    import neopixel_write
    import os
    import supervisor
    import time

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
            from firmware.hw import cp_displayio

            disp = cp_displayio.make(displayio, i2c, address, framebuf, width, height)
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
    storage = make_storage(os, storage_root)
    if isinstance(storage, MemoryStorage):
        print("drive read-only for code: " + storage.problem)
    return Hardware(
        microcontroller,
        disp,
        Buttons(keypad, microcontroller, _get(board, "BUTTONS", _BUTTONS)),
        Leds(
            digitalio,
            neopixel_write,
            pin_of(microcontroller, _get(board, "LED_PIN", _LED_PIN)),
            _get(board, "N_LEDS", _N_LEDS),
        ),
        storage,
        Clock(supervisor, time),
        watchdog_s,
        _battery(microcontroller, _get(board, "BATTERY", None)),
    )


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
