"""Web backend of the hardware contract (``firmware/hal.py``): the page's
hardware for the device app in a browser page on MicroPython's WebAssembly
port (``sys.platform == "webassembly"``), which the page's runner
(``firmware.web_runner``) drives one frame at a time from the page's JS
timer (``web/app.js``), never by ``App.run()``'s blocking loop
(``time.sleep_ms`` busy-waits there). Also runs on CPython and the unix
port (the tests).

  display   128x64 MONO_VLSB over ``framebuf``; ``show()`` marks it changed
            (the runner hands the buffer to the page's canvas)
  buttons   ``held``: the raw bitmask the page last passed to the runner's
            ``step`` (keys, pointer and touch; long presses and chords are
            the page holding bits down, debouncing stays
            ``firmware.ui.buttons``')
  leds      the last buffer written (G R B per LED), marked changed
  storage   ``KeyStorage(kv)`` (firmware.hw.web_store): one key per name
            in the page's ``localStorage`` (``MemoryKV`` in tests), bytes
            as hex under ``PREFIX``
  clock     ``StepClock``: ``ticks_ms()`` is the time the page passed to the
            latest ``step``; ``sleep_ms`` never blocks (it moves that time on)

``make(board, storage, clock)`` builds it (the board's LED count; an
in-memory store and a clock at 0 when not given). ``reset()`` counts a reset
(the runner builds a new app at its next step, as a board reset would);
``restart()`` returns, and the runner builds the next app. The table link
the "Play a friend" screen asks for (``hw.table_link``) is the page's
WebSocket (firmware.hw.web_table), given by ``firmware.web_friend``.
Imports ``framebuf`` (``firmware.ui.fakefb`` on CPython) and
``firmware.hw.web_store``.
"""

try:
    import framebuf
except ImportError:
    from firmware.ui import fakefb as framebuf

from firmware.hw.web_store import PREFIX, KeyStorage, MemoryKV  # noqa: F401  the page's names


class Display:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buf = bytearray(width * ((height + 7) // 8))
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.MONO_VLSB)
        self.frames = 0
        self.level = 255
        self.on = True
        self.changed = True

    def show(self):
        self.frames += 1
        self.changed = True

    def contrast(self, level):
        if level != self.level:
            self.level = level
            self.changed = True  # the page fades the canvas

    def power(self, on):
        self.on = bool(on)
        self.changed = True

    def pixel(self, x, y):
        return (self.buf[(y >> 3) * self.width + x] >> (y & 7)) & 1


class Buttons:
    def __init__(self):
        self.held = 0

    def read(self):
        return self.held


class Leds:
    def __init__(self, n):
        self.n = n
        self.last = bytearray(n * 3)
        self.writes = 0
        self.changed = False

    def write(self, buf):
        if len(buf) != self.n * 3:
            raise ValueError("LED buffer must be %d bytes, got %d" % (self.n * 3, len(buf)))
        self.last[:] = buf
        self.writes += 1
        self.changed = True


class StepClock:
    """The time the page passed to the latest ``step`` (ms)."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.now += n  # never blocks: a waiting loop would hang the page


class Hardware:
    def __init__(self, display, buttons, leds, storage, clock):
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.storage = storage
        self.clock = clock
        self.feeds = 0
        self.resets = 0
        self.restarts = 0

    def feed(self):
        self.feeds += 1

    def reset(self):
        self.resets += 1

    def restart(self):
        self.restarts += 1  # returns: the runner builds the next app (firmware.main.again)


def make(board=None, storage=None, clock=None):
    n = getattr(board, "N_LEDS", 242) if board is not None else 242
    return Hardware(
        Display(),
        Buttons(),
        Leds(n),
        storage if storage is not None else KeyStorage(MemoryKV()),
        clock if clock is not None else StepClock(),
    )
