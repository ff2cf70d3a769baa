"""A simulated board for tests of firmware/main.py's restarts: the host
backend with a scripted clock (button presses and faults at set times) and a
fake watchdog that resets the 'board' when it is not fed for its timeout, as
the RP2040's does. Portable (CPython and MicroPython). Not a test module.

    rig = Rig(storage)            # one boot of the board over ``storage``
    rig.tap(DOWN); rig.tap(A)     # scheduled, 140 ms apart
    rig.call(fn)                  # fn() at that point of the script
    how = rig.boot()              # runs firmware.main.run until the script
                                  # ends ("stop") or the watchdog fires ("reset")
    rig.app()                     # the app running now

A reset or the end of the script is raised as a SystemExit subclass, the one
kind of exception firmware.main.run lets through, as nothing on the board
runs on after a reset.
"""

from firmware import main
from firmware.hw import host

WATCHDOG_MS = 8000  # firmware/hw/mp.py's


class Reset(SystemExit):
    """The watchdog reset the board."""


class Stop(SystemExit):
    """The script has run out."""


class Watchdog:
    """Starts at the first feed (like the mp backend's lazy machine.WDT)."""

    def __init__(self, clock, timeout=WATCHDOG_MS):
        self.clock = clock
        self.timeout = timeout
        self.last = None
        self.feeds = 0
        self.longest = 0  # the longest time between two feeds

    def feed(self):
        now = self.clock.now
        if self.last is not None and now - self.last > self.longest:
            self.longest = now - self.last
        self.last = now
        self.feeds += 1

    def check(self):
        if self.last is not None and self.clock.now - self.last > self.timeout:
            raise Reset("watchdog: not fed for %d ms" % (self.clock.now - self.last))


class ScriptClock(host.SimClock):
    def __init__(self):
        host.SimClock.__init__(self)
        self.script = []  # (time, fn), in time order
        self.watchdog = None
        self.sleeps = 0

    def sleep_ms(self, n):
        self.now += n
        self.sleeps += 1
        if self.watchdog is not None:
            self.watchdog.check()
        while self.script and self.script[0][0] <= self.now:
            self.script.pop(0)[1]()
        if not self.script:
            raise Stop("script done")


class FbRecorder:
    """Wraps a framebuffer and remembers the strings written with text()."""

    def __init__(self, fb):
        self._fb = fb
        self.texts = []

    def text(self, s, x, y, c=1):
        self.texts.append(s)
        self._fb.text(s, x, y, c)

    def __getattr__(self, name):
        return getattr(self._fb, name)


class Rig:
    def __init__(self, storage=None, watchdog=True, pause_ms=2000):
        self.storage = storage if storage is not None else host.DictStorage()
        self.clock = ScriptClock()
        self.hw = host.make(storage=self.storage, clock=self.clock)
        self.wd = None
        if watchdog:
            self.wd = self.clock.watchdog = Watchdog(self.clock)
            self.hw.feed = self.wd.feed
        self.pause_ms = pause_ms
        self.t = 100  # the script's cursor
        self.fb = None

    def record_screen_text(self):
        """Remember what main's own error screens write (they draw with the
        framebuf's font, not the app's canvas)."""
        self.fb = FbRecorder(self.hw.display.fb)
        self.hw.display.fb = self.fb

    def call(self, fn, after=0):
        self.t += after
        self.clock.script.append((self.t, fn))

    def raw(self, mask, ms):
        self.call(lambda: self.hw.buttons.set(mask))
        self.t += ms

    def tap(self, bit, n=1):
        for _ in range(n):
            self.raw(bit, 60)
            self.raw(0, 80)

    def wait(self, ms):
        self.t += ms

    def boot(self):
        """Run the board until the script ends or the watchdog resets it."""
        self.call(lambda: None)  # the end of the script, after its last step
        try:
            main.run(self.hw, pause_ms=self.pause_ms)
        except Reset:
            return "reset"
        except Stop:
            return "stop"
        finally:
            self.clock.script = []
        raise AssertionError("main.run returned")

    def app(self):
        return main.app
