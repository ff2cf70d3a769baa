"""MicroPython backend of the hardware contract (``firmware/hal.py``) for
RP2040/RP2350 boards: ``make(board)`` returns a ``Hardware``.

  display   our SSD1306 driver (``firmware.hw.ssd1306``) on ``machine.I2C``
            with the board's bus, pins, frequency and OLED address
  buttons   ``machine.Pin`` inputs with pull-ups (pressed = low), read into
            the ``firmware.keys`` bitmask; a loop over pairs made once
  leds      the port's ``neopixel`` module; ``buf`` is the strip's own buffer
            (the app draws into it: no copy of 726 bytes on the heap);
            ``write(buf)`` sends it, copying a caller's other buffer in first
  storage   files in ``/data`` on the littlefs filesystem through ``os``;
            littlefs renames atomically, as the record layer expects
  clock     ``time.ticks_ms`` / ``ticks_diff`` / ``sleep_ms``
  feed()    a ``machine.WDT`` started at the first feed (the app loop), so a
            board sitting at the REPL is never reset; it cannot be stopped
            again (tools/deploy.py removes main.py and resets before copying)
  reset()   ``machine.reset()``
  battery_mv()  the board's ``BATTERY`` ADC pin (``machine.ADC``, 8 readings
            averaged) times its divider and the 3.3 V reference; None without one
  nap(ms)   ``time.sleep_ms`` a frame at a time (the rp2 port waits in WFE,
            the core stopped between interrupts), checking the buttons
            between sleeps with one read of the SIO GPIO_IN register
            (``machine.mem32``; the pins one by one where there is none).
            Not ``machine.lightsleep``: on the RP2040 it stops the clocks
            USB needs, and the watchdog has to be fed every few seconds
            anyway; measured on the emulated Pico (tools/bench/idle_cpu.py)

Without a board, the Raspberry Pi Pico pins of ``boards/pico.py`` are used.
Nothing here allocates per frame: ``buttons.read``, ``leds.write`` and
``display.show`` (checked with ``gc.mem_alloc`` on the unix port).

Verified: only on CPython and the MicroPython unix port against the recording
fakes of host_tests/fakes/mp (host_tests/test_hw_mp.py). Not verified: a real
board, the real ``machine``/``neopixel`` modules, WDT timing, littlefs on flash.

``make`` is ``firmware.hw.mp_make``'s, loaded for it and forgotten after by
the package's ``once`` (it runs once, at boot): this module keeps what runs
while the app does. Imports ``firmware.keys`` when its buttons are made, and ``firmware.hw``
(``once``) when ``make`` runs.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


WATCHDOG_MS = 8000  # the RP2040 allows at most 8388 ms
_MAKE = const("mp_make")  # a const(), not a name: interned only when it loads
_GPIO_IN = const(0xD0000004)  # SIO GPIO_IN, the same on the RP2040 and RP2350
_NAP_STEP = const(20)  # one frame: a press is seen this soon
_VREF_MV = const(3300)  # the ADC's reference on the RP2040 / RP2350 boards here


class Buttons:
    def __init__(self, machine, gpios):
        from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B  # once: no names kept here

        pairs = []
        bits = {"up": UP, "down": DOWN, "left": LEFT, "right": RIGHT, "a": A, "b": B}
        for name in gpios:
            bit = bits.get(name)
            if bit is None:
                raise ValueError("unknown button %r (choose from %s)" % (name, ", ".join(bits)))
            pin = machine.Pin(gpios[name], machine.Pin.IN, machine.Pin.PULL_UP)
            pairs.append((pin, bit))
        self._pairs = tuple(pairs)

        gpio_mask = 0
        for name in gpios:
            gpio_mask |= 1 << gpios[name]
        self._gpio_mask = gpio_mask
        self._mem32 = getattr(machine, "mem32", None)

    def read(self):
        mask = 0
        for pin, bit in self._pairs:
            if not pin.value():
                mask |= bit
        return mask

    def any(self):
        """True when any button is down: one register read on the RP2040 /
        RP2350 (SIO GPIO_IN), else the pins one by one."""
        m = self._mem32
        if m is not None:
            return m[_GPIO_IN] & self._gpio_mask != self._gpio_mask
        return self.read() != 0


class Battery:
    """The battery's voltage through an ADC pin and a resistor divider."""

    def __init__(self, machine, spec):
        divider = spec["divider"]
        if not isinstance(divider, int) or divider < 1:
            raise ValueError("divider must be a whole number, got %r" % (divider,))
        self._adc = machine.ADC(machine.Pin(spec["adc"]))
        self._scale = _VREF_MV * divider

    def read_mv(self):
        s = 0
        for _ in range(8):
            s += self._adc.read_u16()
        return s * self._scale // (8 * 65535)


class Leds:
    def __init__(self, machine, neopixel, gpio, n):
        self.n = n
        self._strip = neopixel.NeoPixel(machine.Pin(gpio, machine.Pin.OUT), n)
        self.buf = self._strip.buf

    def write(self, buf):
        own = self.buf
        if buf is not own:
            if len(buf) != len(own):
                raise ValueError("LED buffer must be %d bytes, got %d" % (len(own), len(buf)))
            own[:] = buf
        self._strip.write()


class Clock:
    def __init__(self, time):
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.sleep_ms = time.sleep_ms


class Hardware:
    staged = True  # a device: long work goes a step a frame (firmware/hal.py)

    def __init__(self, machine, display, buttons, leds, storage, clock, watchdog_ms, battery=None):
        self._machine = machine
        self._battery = battery
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.storage = storage
        self.clock = clock
        self.watchdog_ms = watchdog_ms
        self._wdt = None

    def feed(self):
        wdt = self._wdt
        if wdt is None:
            if not self.watchdog_ms:
                return
            wdt = self._wdt = self._machine.WDT(timeout=self.watchdog_ms)
        wdt.feed()

    def reset(self):
        self._machine.reset()

    def restart(self):
        """A soft reset: the interpreter starts again (``main.py``); the
        panel keeps its picture, the pins and the watchdog run on."""
        self._machine.soft_reset()

    def battery_mv(self):
        b = self._battery
        return b.read_mv() if b is not None else None

    def nap(self, ms):
        down = self.buttons.any
        sleep = self.clock.sleep_ms
        while ms > 0:
            if down():
                return
            step = _NAP_STEP if ms > _NAP_STEP else ms
            sleep(step)
            ms -= step


def make(board=None, watchdog_ms=WATCHDOG_MS, storage_root="/data", time_module=None):
    """The board's hardware (``firmware.hw.mp_make.make``, loaded for it and
    forgotten after: it runs once, at boot); ``watchdog_ms=0`` runs without a
    watchdog."""
    from firmware.hw import once

    return once(_MAKE, board, watchdog_ms, storage_root, time_module)
