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
            as they are. displayio's refresh costs by the pixels of the
            area it sends, the direct driver by the pages it sends
            (docs/firmware-figures.md). Without the
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

No saves in ``microcontroller.nvm``: on the RP2040 it is one flash sector,
which CircuitPython erases and reprograms whole whenever a byte that is not
blank changes, so two copies with sequence numbers would share every erase
(a power cut in it would lose both) and the sector would wear out within a
few hundred games (docs/firmware-figures.md).

Verified: on CPython over a recording fake I2C bus decoded back into the
picture (both displays; the displayio one with Adafruit Blinka's displayio and
the real adafruit_displayio_ssd1306), and the fakes of host_tests/fakes/cp
for keypad, neopixel_write, microcontroller and storage
(host_tests/test_hw_cp.py); on CircuitPython 10.2.1 on the emulated Pico with
its emulated SSD1306 (tools/bench/cp_device.py, host_tests/test_emu_cp.py).
Not verified: a real panel, keypad timing, nvm on real flash, the watchdog.

Building it (``make``: the pins, the display choice, the storage) is done by
``firmware.hw.cp_make``, loaded for the call and forgotten after it on
CircuitPython, so its code is not on the heap for the session; this module
keeps what runs every frame (buttons, LEDs, clock, watchdog, nap).

``make`` is ``firmware.hw.cp_make``'s (which imports the rest), loaded by the
package's ``once`` for it and forgotten after. Imports nothing at import;
``make`` imports ``firmware.hw`` (``once``).
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

WATCHDOG_S = 8
_TICKS_PERIOD = const(1 << 29)


def make(board=None, watchdog_s=WATCHDOG_S, storage_root="/data", display=None):
    """The board's hardware (``firmware.hw.cp_make.make``); ``watchdog_s=0``
    runs without a watchdog; ``display`` "displayio" (adafruit_displayio_ssd1306,
    the default) or "direct" (our driver on busio.I2C); None: the board's
    choice (``cp_make.display_choice``)."""
    from firmware.hw import once

    return once("cp_make", board, watchdog_s, storage_root, display)


class Buttons:
    """``keypad.Keys`` events as the held bitmask; ``bits[key_number]`` is
    a key's ``firmware.keys`` bit (built by ``cp_make.buttons``)."""

    def __init__(self, keys, bits, event):
        self._keys = keys
        self._bits = bits
        self._event = event
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
    def __init__(self, pin, send, n):
        self.n = n
        self._pin = pin  # a digitalio output (built by ``cp_make.make``)
        self._send = send

    def write(self, buf):
        if len(buf) != self.n * 3:
            raise ValueError("LED buffer must be %d bytes, got %d" % (self.n * 3, len(buf)))
        self._send(self._pin, buf)


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
    staged = True  # a device: long work goes a step a frame (firmware/hal.py)

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

    def restart(self):
        """``supervisor.reload()``: code.py runs again on a fresh heap. The
        display and its I2C bus are let go first: a display kept over a
        reload keeps the bus claimed, so the next run could not open it, and
        keeps its objects outside the next run's heap. The panel goes on
        showing its last picture until the next run draws."""
        import supervisor

        try:
            import displayio

            displayio.release_displays()
        except ImportError:
            pass
        i2c = getattr(self.display, "i2c_bus", None)
        if i2c is not None:
            i2c.deinit()
        supervisor.reload()

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
