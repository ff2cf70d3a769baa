"""The web page's runner: the device app in a browser page, booted, stepped
a frame at a time and restarted after a crash, over the page's hardware
(firmware.hw.web, the web backend). The page's JS timer (``web/app.js``)
calls ``step`` once a frame; ``App.run()``'s blocking loop never runs there
(``time.sleep_ms`` busy-waits on the WebAssembly port). Runs on CPython and
the unix port too (the tests).

``Runner(hw, board)`` is ``firmware.main.run`` done per frame: ``step(buttons,
now)`` builds the app (reopening the mode the save says is open), runs one ``tick``,
and on an error that escapes the app logs it (``firmware.crashlog``), shows
the error screen for ``main.PAUSE_MS`` (A skips) and builds a new app; after
``main.CRASH_LIMIT`` crashes in ``main.CRASH_WINDOW_MS`` it waits on the safe
screen for A and starts at the menu. ``step`` returns what changed: bit 1 the
screen, bit 2 the LEDs. ``hw.reset()`` (or ``Runner.restart``) builds a new
app at the next step, as a board reset would. ``opening``, when set, is
called with the first app built (the page opened by a friend's table link:
firmware.web_friend opens that table).

``start(kv=None, board="pico", deal=False)``: what the page calls once
(``kv`` None uses ``js.localStorage``; ``deal``: a first visit, opened on a
new match's first hand, its cut for deal said in a line, not on its
page); ``runner`` is the runner it made. For the page, beside the screen
(``frame_hex()``, the 1024 bytes of the display as hex for the canvas;
``leds_hex()``; ``contrast()``): ``screen_lines()`` (the screen's text),
``spoken_text()`` (that and what the screen shows as pictures, for its
live region), ``tap_card(x, y)`` (a click on a card of the hand).
Imports ``binascii``, ``firmware.main``, ``firmware.boot`` (which loads
the board) and ``firmware.hw.web``; ``js`` only in ``start``,
``firmware.crashlog`` when a frame fails, and ``firmware.web_screen`` for
the screen's text and a click on a card, ``firmware.play.cut`` on a first
visit.
"""

import binascii
import gc

from firmware import boot
from firmware import main as device
from firmware.hw import web

SCREEN = 1  # step() result bits
LEDS = 2
_A = 16  # firmware.hal.A


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
        self.opening = None  # called with the first app (firmware.web_friend)
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

    # ---- the screen's text and its cards, for the page (firmware.web_screen) ----
    def screen_lines(self):
        from firmware import web_screen

        return web_screen.screen_lines(self)

    def spoken(self):
        from firmware import web_screen

        return web_screen.spoken(self)

    def spoken_text(self):
        """``spoken()`` as one string, a line each (what the page reads)."""
        return "\n".join(self.spoken())

    def tap_card(self, x, y):
        from firmware import web_screen

        return web_screen.tap_card(self, x, y)

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
    hw = web.make(b, web.KeyStorage(kv))
    runner = Runner(hw, b)
    runner.deal = bool(deal)
    return runner
