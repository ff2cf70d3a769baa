"""Web backend of the hardware contract (``firmware/hal.py``): the device app
in a browser page on MicroPython's WebAssembly port (``sys.platform ==
"webassembly"``), driven one frame at a time by the page's JS timer
(``web/app.js``), never by ``App.run()``'s blocking loop (``time.sleep_ms``
busy-waits there). Also runs on CPython and the unix port (the tests).

  display   128x64 MONO_VLSB over ``framebuf``; ``show()`` marks it changed,
            ``frame_hex()`` gives the 1024 bytes as hex for the canvas
  buttons   ``held``: the raw bitmask the page last passed to ``step``
            (keys, pointer and touch; long presses and chords are the
            page holding bits down, debouncing stays ``firmware.ui.buttons``')
  leds      the last buffer written (G R B per LED); ``leds_hex()``
  storage   ``KeyStorage(kv)`` (firmware.hw.web_store): one key per name
            in the page's ``localStorage`` (``MemoryKV`` in tests), bytes
            as hex under ``PREFIX``
  clock     ``StepClock``: ``ticks_ms()`` is the time the page passed to the
            latest ``step``; ``sleep_ms`` never blocks (it moves that time on)

``Runner(hw, board)`` is ``firmware.main.run`` done per frame: ``step(buttons,
now)`` builds the app (reopening the mode the save says is open), runs one ``tick``,
and on an error that escapes the app logs it (``firmware.crashlog``), shows
the error screen for ``main.PAUSE_MS`` (A skips) and builds a new app; after
``main.CRASH_LIMIT`` crashes in ``main.CRASH_WINDOW_MS`` it waits on the safe
screen for A and starts at the menu. ``step`` returns what changed: bit 1 the
screen, bit 2 the LEDs. ``hw.reset()`` (or ``Runner.restart``) builds a new
app at the next step, as a board reset would. ``opening``, when set, is
called with the first app built (the page opened by a friend's table link:
firmware.hw.web_table opens that table).

``start(kv=None, board="pico", deal=False)``: what the page calls once
(``kv`` None uses ``js.localStorage``; ``deal``: a first visit, opened on a
new match's first hand, its cut for deal said in a line, not on its
page). For the page, beside the screen: ``screen_lines()`` (the screen's
text), ``spoken_text()`` (that and what the screen shows as pictures, for
its live region), ``tap_card(x, y)`` (a click on a card of the hand).
Imports ``framebuf`` (``firmware.ui.fakefb`` on CPython), ``binascii``,
``firmware.main``, ``firmware.boot`` (which loads the board) and
``firmware.hw.web_store``; ``js`` only
in ``start``, ``firmware.crashlog`` when a frame fails, and
``firmware.hw.web_page`` for the screen's text and a click on a card,
``firmware.play.cut`` on a first visit.
"""

import binascii
import gc

try:
    import framebuf
except ImportError:
    from firmware.ui import fakefb as framebuf

from firmware import main as device
from firmware import boot
from firmware.hw.web_store import PREFIX, KeyStorage, MemoryKV  # noqa: F401  the page's names

SCREEN = 1  # step() result bits
LEDS = 2
_A = 16  # firmware.hal.A


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


class Runner:
    """``firmware.main.run`` one frame at a time (see the module docstring)."""

    def __init__(
        self,
        hw,
        board=None,
        limit=device.CRASH_LIMIT,
        window_ms=device.CRASH_WINDOW_MS,
        pause_ms=device.PAUSE_MS,
    ):
        self.hw = hw
        self.board = board
        self.limit = limit
        self.window_ms = window_ms
        self.pause_ms = pause_ms
        self.app = None
        self.resume = True
        self.crashes = 0
        self.last_crash = ""
        self._recent = []
        self._wait = 0  # 0 running, 1 paused after a crash, 2 stopped (A only)
        self._since = 0
        self._a = 0  # boot.wait's A state: 0 must be up first, 1 up, 2 pressed
        self._resets = hw.resets
        self.deal = False  # open the play screen on the first app (a first visit)
        self.opening = None  # called with the first app (firmware.hw.web_table)
        self.hand_drawn = None  # (cards, x, y) of the hand at the last screen_lines

    def restart(self, resume=True):
        """Build a new app at the next step (as a board reset would)."""
        self.app = None
        self.resume = resume
        self._wait = 0

    def step(self, buttons, now):
        """One frame: the buttons held now (hal bits) at page time ``now``
        (ms). Returns SCREEN | LEDS for what changed."""
        hw = self.hw
        clock = hw.clock
        if clock.ticks_diff(now, clock.now) > 0 or self.app is None:
            clock.now = now
        hw.buttons.held = buttons
        if self._wait:
            self._waiting()
        else:
            self._run()
        return self.changes()

    def changes(self):
        out = 0
        d = self.hw.display
        if d.changed:
            d.changed = False
            out |= SCREEN
        leds = self.hw.leds
        if leds.changed:
            leds.changed = False
            out |= LEDS
        return out

    def _run(self):
        hw = self.hw
        try:
            hw.feed()
            if self.app is None:
                self.app = boot.build(board=self.board, hw=hw, resume=self.resume)
                device.app = self.app
                if not self.resume:
                    self.app.forget_mode()
                self.resume = True
                if self.deal:  # a first visit: a hand at once, the menu under it
                    self.deal = False
                    if self.app.mode is None:
                        self._deal()
                opening = self.opening
                if opening is not None:
                    self.opening = None
                    opening(self.app)
            self.app.tick(hw.clock.now)
            if self.app.next is not None:  # it ended naming the next mode: a fresh app
                self.app = device.again(self.app)
                device.app = self.app
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # MemoryError and the rest: the page must go on
            self._crash(e)
        if hw.resets != self._resets:
            self._resets = hw.resets
            self.restart()

    def _deal(self):
        # the play screen opened on a new match, its cut said in a line and
        # its hand on the table from the first frame (firmware.play.cut)
        self.app.open("play")
        top = self.app.top()
        if getattr(top, "queue", None):
            from firmware.play.cut import deal_at_once

            deal_at_once(top)

    def _crash(self, e):
        hw = self.hw
        mode = self.app.mode if self.app is not None else None
        self.app = None
        device.app = None
        gc.collect()
        self.crashes += 1
        now = hw.clock.now
        try:
            from firmware import crashlog

            crashlog.record(hw.storage, e, self.crashes, now, mode or "")
        except Exception as e2:
            print("crash not logged:", device._describe(e2))
        what = device._describe(e)
        self.last_crash = what
        print("crash %d: %s" % (self.crashes, what))
        recent = self._recent
        while recent and hw.clock.ticks_diff(now, recent[0]) >= self.window_ms:
            recent.pop(0)
        recent.append(now)
        if len(recent) >= self.limit:
            boot.show_message(
                hw,
                "Stopped",
                "%d errors in a short time: %s\nSaves are kept. A: menu" % (len(recent), what),
            )
            self._recent = []
            self.resume = False
            self._wait = 2
        else:
            boot.show_message(hw, "Oops: restarting", what + "\nYour game is saved.")
            self._wait = 1
        self._since = now
        self._a = 0

    def _waiting(self):
        # boot.wait, one frame at a time: a press and release of A ends it
        hw = self.hw
        hw.feed()
        if hw.buttons.held & _A:
            if self._a:
                self._a = 2
        elif self._a == 2:
            self._wait = 0
        else:
            self._a = 1
        if self._wait == 1 and hw.clock.ticks_diff(hw.clock.now, self._since) >= self.pause_ms:
            self._wait = 0

    # ---- what the page reads ----
    def frame_hex(self):
        """The display buffer (MONO_VLSB, 1024 bytes) as hex; all zero when
        the display is powered off."""
        d = self.hw.display
        if not d.on:
            return "00" * len(d.buf)
        return binascii.hexlify(d.buf).decode()

    def leds_hex(self):
        return binascii.hexlify(self.hw.leds.last).decode()

    def contrast(self):
        return self.hw.display.level

    # ---- the screen's text and its cards, for the page (firmware.hw.web_page) ----
    def screen_lines(self):
        from firmware.hw import web_page

        return web_page.screen_lines(self)

    def spoken(self):
        from firmware.hw import web_page

        return web_page.spoken(self)

    def spoken_text(self):
        """``spoken()`` as one string, a line each (what the page reads)."""
        return "\n".join(self.spoken())

    def tap_card(self, x, y):
        from firmware.hw import web_page

        return web_page.tap_card(self, x, y)

    def mode(self):
        app = self.app
        return (app.mode or "") if app is not None else ""


runner = None  # the page's runner (``start`` makes it)


def start(kv=None, board="pico", deal=False):
    """Make the page's runner: storage in ``kv`` (``js.localStorage`` when
    None), the named board's LED layout; ``deal``: open the play screen at
    once (the page's first visit), the menu one press away. Returns the
    runner."""
    global runner
    if kv is None:
        import js

        kv = js.localStorage
    b = boot.load_board(board)
    hw = make(b, KeyStorage(kv))
    runner = Runner(hw, b)
    runner.deal = bool(deal)
    return runner
