"""Long button fuzz of the whole app (issue 7):

    python3 tools/fuzz_app.py [--gestures 20000] [--seeds 5] [--seed 1] [--per-mode 60]
    micropython tools/fuzz_app.py --gestures 5000

The fuzzer is here (``Fuzz``); host_tests/test_fuzz_app.py runs it short
(tools never import tests). This runs it (every mode of the start menu in
turn, random raw button masks: chords, fast repeats, bounce, long holds,
mashing, late frames, restarts over the same storage) for ``--seeds`` seeds
of ``--gestures`` gestures each, and prints what it tried and the screens it
reached. Any exception out of the app, or any error the app caught, stops it
with the seed and where (exit 1).
"""

import sys
import time

sys.path.insert(0, ".")

from engine.rng import Rng  # noqa: E402
from firmware import boot  # noqa: E402
from firmware.hal import A, B, DOWN, RIGHT  # noqa: E402
from firmware.hw import host  # noqa: E402
from firmware.screens.menu import ENTRIES  # noqa: E402
from firmware.play.table import OVER_PAGE  # noqa: E402

ALL = 63  # every button bit


class Fuzz:
    def __init__(self, seed, restarts=True, board="pico"):
        import boards

        self.rng = Rng(seed)
        self.seed = seed
        self.board = boards.load(board) if board else None
        self.storage = host.DictStorage()
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
        self.app = boot.build(board=self.board, hw=hw, resume=True)
        self.hw = hw

    def restart(self):
        """The board restarts between two frames (power cut, reset)."""
        self.restarts += 1
        self.storage = host.DictStorage(dict(self.storage.files))  # a restart
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
            if app.next is not None:  # it ended naming the next mode: the next app
                from firmware import main

                app = self.app = main.again(app)
        except BaseException as e:
            raise AssertionError(self.where("tick raised %s: %s" % (type(e).__name__, e)))
        if app.errors:
            raise AssertionError(self.where("the app caught: %s" % app.last_error))
        self.frames += 1
        self.events += len(app.buttons.events)
        top = app.top()
        name = type(top).__name__
        self.screens[name] = self.screens.get(name, 0) + 1
        over = name == "FinishedGame" or (name == "GameOverPage" and top.table.page == OVER_PAGE)
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
        self.tap(0, 1, 2)  # let go of everything first (an app that ended: the next)
        menu = self.app.stack[0]
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


def _arg(argv, name, default):
    if name in argv:
        return int(argv[argv.index(name) + 1])
    return default


def main(argv):
    try:
        gestures = _arg(argv, "--gestures", 20000)
        seeds = _arg(argv, "--seeds", 5)
        seed = _arg(argv, "--seed", 1)
        per_mode = _arg(argv, "--per-mode", 60)
    except (IndexError, ValueError):
        print("usage: fuzz_app.py [--gestures N] [--seeds N] [--seed S] [--per-mode N]")
        return 2
    t = time.time()
    total = {"gestures": 0, "events": 0, "frames": 0, "restarts": 0, "games": 0}
    screens = {}
    for s in range(seed, seed + seeds):
        try:
            f = Fuzz(s).run(gestures, per_mode)
        except AssertionError as e:
            print("FAILED: %s" % e)
            return 1
        print("seed %d: %s" % (s, f.report()))
        total["gestures"] += f.gestures
        total["events"] += f.events
        total["frames"] += f.frames
        total["restarts"] += f.restarts
        total["games"] += f.games
        for name in f.screens:
            screens[name] = screens.get(name, 0) + f.screens[name]
    print(
        "all seeds: %d gestures, %d button events, %d frames (%d s of device time), "
        "%d games to the end, %d restarts, %d screens reached, no error, in %.0f s"
        % (
            total["gestures"],
            total["events"],
            total["frames"],
            total["frames"] * 20 // 1000,
            total["games"],
            total["restarts"],
            len(screens),
            time.time() - t,
        )
    )
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    status = bootstrap.arguments(
        sys.argv[1:], __doc__, valued=("--gestures", "--seeds", "--seed", "--per-mode")
    )
    if status is not None:
        sys.exit(status)
    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
