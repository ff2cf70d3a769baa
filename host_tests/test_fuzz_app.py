# portable
"""Button fuzz of the whole app (issue 7): seeded random raw button masks
through firmware.main.build's app (host backend, simulated clock, an LED
pegboard, records in host_tests/memstorage.py), from the start menu into
every mode in turn (play, keeper, counter, settings, statistics, demo) and
every screen reachable from them by chance: simultaneous presses, very fast
repeats, bounce, long holds, idle stretches, mashing, late frames, a steady player
(RIGHT and A, one press at a time: games go on to their end), and now and
then a restart over the same storage (which reopens the open mode).
Nothing may raise out of ``tick`` and the app must catch no error at all
(``app.errors == 0``). tools/fuzz_app.py runs the same fuzz much longer.
Runs on CPython and MicroPython."""

from engine.rng import Rng
from firmware import main
from firmware.hal import A, B, DOWN, RIGHT
from firmware.hw import host
from memstorage import MemStorage
from firmware.screens.menu import ENTRIES
from firmware.screens.play import OVER_PAGE, PlayScreen

ALL = 63  # every button bit


class Fuzz:
    def __init__(self, seed, restarts=True, board="pico"):
        import boards

        self.rng = Rng(seed)
        self.seed = seed
        self.board = boards.load(board) if board else None
        self.storage = MemStorage()
        self.clock = host.SimClock()
        self.restarts_on = restarts
        self.gestures = 0
        self.frames = 0
        self.events = 0  # button events the app's debouncer made
        self.changes = 0  # raw mask changes sent
        self.restarts = 0
        self.forced_home = 0
        self.screens = {}  # screen class name -> frames on top
        self.modes = {}  # mode name -> times opened
        self.raw = 0
        self.games = 0  # games seen to their game-over page (play and demo)
        self._over = False
        self._boot()

    def _boot(self):
        hw = host.make(self.board, storage=self.storage, clock=self.clock)
        self.app = main.build(board=self.board, hw=hw, resume=True)
        self.hw = hw

    def restart(self):
        """The board restarts between two frames (power cut, reset)."""
        self.restarts += 1
        self.storage = self.storage.reboot()
        self._boot()

    # ---- one frame
    def frame(self, raw, dt=20):
        if raw != self.raw:
            self.changes += 1
            self.raw = raw
        self.hw.buttons.set(raw)
        self.clock.advance(dt)
        app = self.app
        try:
            app.tick(self.clock.ticks_ms())
        except BaseException as e:
            raise AssertionError(self.where("tick raised %s: %s" % (type(e).__name__, e)))
        if app.errors:
            raise AssertionError(self.where("the app caught: %s" % app.last_error))
        self.frames += 1
        self.events += len(app.buttons.events)
        top = app.top()
        name = type(top).__name__
        self.screens[name] = self.screens.get(name, 0) + 1
        over = isinstance(top, PlayScreen) and top.table.page == OVER_PAGE
        if over and not self._over:
            self.games += 1
        self._over = over

    def where(self, text):
        return "%s (seed %d, gesture %d, frame %d, screens %s)" % (
            text,
            self.seed,
            self.gestures,
            self.frames,
            [type(s).__name__ for s in self.app.stack],
        )

    # ---- gestures
    def mask(self):
        r = self.rng
        k = r.below(10)
        if k < 7:
            return 1 << r.below(6)  # one button
        if k < 9:
            return (1 << r.below(6)) | (1 << r.below(6))  # two at once (maybe the same)
        return 1 + r.below(ALL)  # any chord

    def tap(self, mask, hold=3, gap=3):
        for _ in range(hold):
            self.frame(mask)
        for _ in range(gap):
            self.frame(0)

    def gesture(self):
        r = self.rng
        self.gestures += 1
        k = r.below(100)
        if k < 40:  # a tap, held 1..5 frames
            self.tap(self.mask(), 1 + r.below(5), 1 + r.below(4))
        elif k < 48:  # very fast repeats of one button: 5..15 ms frames
            m = self.mask()
            for _ in range(4 + r.below(16)):
                self.frame(m, 5 + r.below(11))
                self.frame(0, 5 + r.below(11))
        elif k < 54:  # bounce: the level flips every 1..8 ms, then settles
            m = self.mask()
            for i in range(3 + r.below(10)):
                self.frame(m if i & 1 else 0, 1 + r.below(8))
            self.tap(m, 2, 2)
        elif k < 62:  # a long hold: 0.7 .. 4 s
            m = self.mask()
            for _ in range(35 + r.below(165)):
                self.frame(m)
            self.frame(0)
        elif k < 70:  # nothing pressed for 0.1 .. 3 s (animations, the computer)
            for _ in range(5 + r.below(145)):
                self.frame(0)
        elif k < 78:  # mashing: a new random mask every frame
            for _ in range(10 + r.below(40)):
                self.frame(r.below(ALL + 1), 1 + r.below(40))
        elif k < 82:  # late frames: a slow device
            for _ in range(2 + r.below(6)):
                self.frame(self.raw if r.below(2) else 0, 100 + r.below(900))
        elif k < 98:  # a steady player: RIGHT or A, one press at a time
            for _ in range(10 + r.below(30)):
                self.tap(RIGHT if r.below(3) == 0 else A, 3, 3 + r.below(20))
        elif self.restarts_on:
            self.restart()
        else:
            self.frame(0)

    # ---- sessions: each mode of the start menu in turn
    def open_mode(self, index):
        app = self.app
        if len(app.stack) > 1:
            self.forced_home += 1
            app.home()
        self.tap(0, 1, 2)  # let go of everything first
        menu = app.stack[0]
        for _ in range((index - menu.cursor) % len(ENTRIES)):
            self.tap(DOWN, 2, 2)
        self.tap(A, 2, 3)
        name = ENTRIES[index][1]
        self.modes[name] = self.modes.get(name, 0) + 1

    def run(self, gestures, per_mode=40):
        i = 0
        while self.gestures < gestures:
            self.open_mode(i % len(ENTRIES))
            i += 1
            for _ in range(per_mode):
                self.gesture()
                if self.gestures >= gestures:
                    break
            self.tap(B, 2, 3)  # most screens close on B
        return self

    def report(self):
        names = sorted(self.screens)
        return (
            "%d gestures, %d raw changes, %d button events, %d frames, %d games to the end, "
            "%d restarts, %d returns to the menu by home(); modes opened %s; screens on top: %s"
            % (
                self.gestures,
                self.changes,
                self.events,
                self.frames,
                self.games,
                self.restarts,
                self.forced_home,
                self.modes,
                ", ".join(["%s %d" % (n, self.screens[n]) for n in names]),
            )
        )


def test_fuzz_every_mode_from_the_menu():
    f = Fuzz(2024).run(360, 30)
    for name in ("MenuScreen", "PlayScreen", "KeeperScreen", "CounterScreen", "SettingsScreen"):
        assert f.screens.get(name, 0) > 100, f.report()
    assert f.screens.get("DemoScreen", 0) > 0, f.report()
    assert len(f.modes) == len(ENTRIES), f.report()
    assert f.events > 1000 and f.restarts > 0, f.report()


def test_fuzz_without_restarts_reaches_the_menus_inside_the_modes():
    f = Fuzz(7, restarts=False).run(300, 50)
    seen = f.screens
    # menus and messages inside the modes, found by chance
    inner = [n for n in ("PauseMenu", "KeeperMenu", "ListScreen", "MessageScreen") if n in seen]
    assert len(inner) >= 2, f.report()
