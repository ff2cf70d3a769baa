"""Host backend of the hardware contract (``firmware/hal.py``) for the
simulator and the tests: runs on CPython and on the MicroPython unix port.

  display   128x64 MONO_VLSB buffer; the real ``framebuf`` where it exists,
            else ``firmware.ui.fakefb``; ``show()`` counts frames and calls
            ``on_show(display)`` when set (the simulator redraws there)
  buttons   ``held`` is the raw bitmask ``read()`` returns; ``press(bit)`` /
            ``release(bit)`` / ``set(mask)`` change it (keyboard or script)
  leds      keeps a copy of the last buffer written (``last``, one bytearray
            copied into, as the device's strip buffer is) and calls
            ``on_write(leds)`` when set
  storage   ``DictStorage`` (in memory, the default) or ``DirStorage(path)``
            (one file per name in a directory, survives a restart: the
            boards' ``firmware.hw.files.FileStorage`` over this ``os``)
  clock     ``SimClock`` (time moves only by ``advance``/``sleep_ms``, the
            default) or ``RealClock``
  battery_mv()  the fake battery: ``battery`` (mV, settable; None = no gauge)
  nap(ms)   sleeps frame by frame (``clock.sleep_ms(20)``) until
            ``buttons.read()`` shows a button or ``ms`` passed; ``naps``
            counts the calls, ``nap_steps`` the sleeps in them

``make(board=None, storage=None, clock=None)`` returns a ``Hardware``; the
LED count comes from the board's ``N_LEDS`` (242 without a board).
Imports ``firmware.hw.files``, ``framebuf`` or ``firmware.ui.fakefb``;
``os``/``time`` when used.
"""

from firmware.hw.files import FileStorage

try:
    import framebuf
except ImportError:
    from firmware.ui import fakefb as framebuf

DEFAULT_LEDS = 242


class Display:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buf = bytearray(width * ((height + 7) // 8))
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.frames = 0
        self.level = 255
        self.on = True
        self.on_show = None

    def show(self):
        self.frames += 1
        if self.on_show is not None:
            self.on_show(self)

    def contrast(self, level):
        self.level = level

    def power(self, on):
        self.on = bool(on)

    def pixel(self, x, y):
        """0/1 at (x, y) of the shown buffer (tests, screenshots)."""
        return (self.buf[(y >> 3) * self.width + x] >> (y & 7)) & 1


class Buttons:
    def __init__(self):
        self.held = 0

    def read(self):
        return self.held

    def press(self, bit):
        self.held |= bit

    def release(self, bit):
        self.held &= ~bit

    def set(self, mask):
        self.held = mask


class Leds:
    def __init__(self, n):
        self.n = n
        self.last = bytearray(n * 3)  # copied into, not replaced: no allocation per write
        self.writes = 0
        self.on_write = None

    def write(self, buf):
        if len(buf) != self.n * 3:
            raise ValueError("LED buffer must be %d bytes, got %d" % (self.n * 3, len(buf)))
        self.last[:] = buf
        self.writes += 1
        if self.on_write is not None:
            self.on_write(self)

    def rgb(self, i):
        """(r, g, b) of LED i as last written (the buffer is G R B)."""
        j = i * 3
        return self.last[j + 1], self.last[j], self.last[j + 2]


try:
    from io import IOBase as _Stream  # so sys.print_exception can write to it
except ImportError:
    _Stream = object


class Appender(_Stream):
    """A file of a DictStorage open for adding to its end (like open(path,
    "ab")): ``write(data[, start, n])``, ``tell()``, ``flush()``, ``close()``."""

    def __init__(self, files, name):
        self.files = files
        self.name = name
        if name not in files:
            files[name] = b""

    def write(self, data, start=0, n=-1):
        if isinstance(data, str):
            data = data.encode()
        if n < 0:
            n = len(data) - start
        self.files[self.name] = self.files.get(self.name, b"") + bytes(data[start : start + n])
        return n

    def tell(self):
        return len(self.files.get(self.name, b""))

    def flush(self):
        pass

    def close(self):
        pass


class DictStorage:
    """Files in a dict: name -> bytes."""

    def __init__(self, files=None):
        self.files = {} if files is None else files

    def read(self, name):
        return self.files.get(name)

    def write(self, name, data):
        self.files[name] = bytes(data)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError("no such file: %s" % old)
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        if name not in self.files:
            raise OSError("no such file: %s" % name)
        del self.files[name]

    def exists(self, name):
        return name in self.files

    def size(self, name):
        data = self.files.get(name)
        return None if data is None else len(data)

    def open_append(self, name):
        return Appender(self.files, name)


class DirStorage(FileStorage):
    """One file per name in directory ``path`` (created when missing): the
    devices' own ``firmware.hw.files.FileStorage`` over this computer's
    ``os``, so the simulator and the tests run the code a board runs."""

    def __init__(self, path):
        import os

        FileStorage.__init__(self, os, path)
        self.path = path


class SimClock:
    """Time that moves only when told: tests and headless runs are exact."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.now += n

    def advance(self, n):
        self.now += n


class RealClock:
    def __init__(self):
        import time

        self.time = time
        if hasattr(time, "ticks_ms"):
            self.ticks_ms = time.ticks_ms
            self.ticks_diff = time.ticks_diff
        else:
            self._t0 = time.monotonic()

    def ticks_ms(self):
        return int((self.time.monotonic() - self._t0) * 1000)

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.time.sleep(n / 1000)


class Hardware:
    def __init__(self, display, buttons, leds, storage, clock):
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.storage = storage
        self.clock = clock
        self.feeds = 0
        self.battery = None
        self.naps = 0
        self.nap_steps = 0
        self.restarts = 0

    def feed(self):
        self.feeds += 1

    def battery_mv(self):
        return self.battery

    def nap(self, ms):
        self.naps += 1
        clock = self.clock
        while ms > 0 and not self.buttons.read():  # read(), as a device polls its pins
            step = 20 if ms > 20 else ms
            self.nap_steps += 1
            clock.sleep_ms(step)
            ms -= step

    def reset(self):
        raise SystemExit("reset requested")

    def restart(self):
        self.restarts += 1  # returns: firmware.main builds the next app here


def make(board=None, storage=None, clock=None):
    n = getattr(board, "N_LEDS", DEFAULT_LEDS) if board is not None else DEFAULT_LEDS
    return Hardware(
        Display(),
        Buttons(),
        Leds(n),
        storage if storage is not None else DictStorage(),
        clock if clock is not None else SimClock(),
    )
