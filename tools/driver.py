"""The one way tests and tools drive the app headless: ``Driver``, an app on
a simulated clock, 20 ms a frame, worked by its buttons. Tests import it
(tools/ is on their path: pyproject.toml, host_tests/mp_runner.py); tools
never import tests. Runs on CPython and MicroPython. Imports the app's
modules only when asked to build an app.

    d = Driver(App(host.make()))         # any app (two frames run)
    d = Driver.device(storage)           # the app as the device builds it
    d.tick(n=1, raw=0, dt=20)            # n frames with the buttons at ``raw``
    d.run(ms)                            # frames for ``ms``, buttons as they are
    d.press(bit, n=1, down=2, up=2)      # n presses: down ``down`` frames, up ``up``
    d.tap(bit, n=1)                      # the same, 60 ms down and 60 ms up
    d.hold(bit, ms=900)                  # a long press, then 60 ms up
    d.chord(A | B)                       # A, then B with A held, both up
    d.open("keeper")                     # from the start menu, by its buttons
    d.top()                              # the top screen
    d.follow()                           # the next app, when this one ended

Frames run at ``t`` then ``t`` moves on ``dt``; the buttons ``tap``,
``hold`` and ``chord`` press stay down across the frames that follow.

An app that ends naming the next mode (a mode chosen in the start menu, or
back at the menu from one: ``firmware.app.App.switch``) is followed at once
by the next app, built as ``firmware.main`` builds it (``again``): ``app``
is then that app, and ``apps`` counts the apps so far.
"""

FRAME = 20


class Driver:
    def __init__(self, app, ticks=2):
        self.app = app
        self.hw = app.hw
        self.apps = 1
        self.t = 0
        self.tick(ticks, self.hw.buttons.read())

    @classmethod
    def device(cls, storage=None, ticks=2, **kw):
        """The app ``firmware.boot.build`` makes (the host backend over
        ``storage``; resuming the mode that was open), on the clock here."""
        from firmware import boot
        from firmware.hw import host

        hw = host.make(storage=storage)
        return cls(boot.build(hw=hw, resume=True, **kw), ticks)

    def tick(self, n=1, raw=0, dt=FRAME):
        self.follow()  # before the keys go down: held as an app starts, they are muted
        self.hw.buttons.set(raw)
        for _ in range(n):
            self.frame(self.t)
            self.t += dt

    def run(self, ms):
        for _ in range(ms // FRAME):
            self.frame(self.t)
            self.t += FRAME

    def frame(self, t):
        """One frame of the app at ``t``; when it ended, the next app."""
        self.follow()
        self.app.tick(t)
        self.follow()

    def follow(self):
        """When the app ended (e.g. a test's ``app.home()`` from a mode), the
        next app, built as ``firmware.main`` builds it; the app."""
        app = self.app
        if app.next is not None:
            from firmware import main

            self.app = main.again(app)
            main.app = self.app
            self.apps += 1
            if self.app is not app:
                self.app.tick(self.t)  # its first frame, as a device's follows its boot
        return self.app

    def press(self, bit, n=1, down=2, up=2):
        for _ in range(n):
            self.tick(down, bit)
            self.tick(up, 0)

    def tap(self, bit, n=1):
        self.press(bit, n, 3, 3)

    def hold(self, bit, ms=900):
        self.follow()
        self.hw.buttons.press(bit)
        self.run(ms)
        self.hw.buttons.release(bit)
        self.run(60)

    def chord(self, bits):
        """The lowest button of ``bits`` first, the rest 60 ms later while it
        is held, then all up (the keeper's A+B menu)."""
        first = bits & -bits
        self.follow()
        self.hw.buttons.press(first)
        self.run(60)
        self.hw.buttons.press(bits)
        self.run(60)
        self.hw.buttons.release(bits)
        self.run(60)

    def open(self, module):
        """From the start menu: DOWN to the entry whose screen is
        ``module``, then A; the screen it opened."""
        from firmware.hal import A, DOWN
        from firmware.screens.menu import ENTRIES

        names = [e[1] for e in ENTRIES]
        menu = self.follow().stack[0]
        self.tap(DOWN, (names.index(module) - menu.cursor) % len(names))
        self.tap(A)
        return self.loaded()

    def loaded(self):
        """Frames until the mode opened has started (a game's first frames
        on a device: its ``starting``); the mode's screen (the one over the
        menu: a page of its own may be over it)."""
        for _ in range(200):
            top = self.app.top()
            if not getattr(top, "starting", 0):
                break
            self.tick(1, 0)
        stack = self.app.stack
        return stack[1] if len(stack) > 1 else stack[0]

    def top(self):
        return self.follow().top()
