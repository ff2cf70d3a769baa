"""Soak test of the score keeper: a long session by buttons under a
device-like heap, to catch leaks.

    python3 tools/bench_device.py --only keeper-soak [--games 300] [--seed 1]
    python3 tools/bench_device.py --only keeper-soak --cpython --games 50   # CPython (tracemalloc)

On the unix port (unless ``--cpython``) it compiles engine/, boards/ and
firmware/ to .mpy with mpy-cross into build/mpy_soak (the device loads .mpy; compiling the app's
source at import would not fit) and runs this file there under
``micropython -X heapsize=160k`` (``--heap`` to change it).

The whole app as firmware.main builds it (host backend, simulated clock, the
Pico's LED pegboard, records in memory) opens the score keeper and plays
table games through raw button masks: +1 taps, number entries, whole-deal
entries, his heels (long A), undo (B) and redo (long B), the keeper's menu
(A+B) and back, then A for the next game once one is won; every
``--restart-every`` games the app is rebuilt over the same storage (it
reopens the keeper). After two warm-up games it records the heap after
``gc.collect()`` at the start of each game (the keeper then holds no
actions); it fails (exit 1) on MemoryError, on any error the app caught, or
when the heap at the end has grown past the start by more than ``--slack``
bytes. Prints one JSON line: games, button events, actions, heap
start/end/peak, seconds.
"""

import gc
import sys
import time

sys.path.insert(0, ".")

from benchkit import int_arg, live_heap, soak  # noqa: E402

UP, DOWN, A, B = 1, 2, 16, 32  # firmware.hal's bits


class Session:
    def __init__(self, seed):
        import boards
        from engine.rng import Rng
        from firmware.hw import host

        self.rng = Rng(seed)
        self.board = boards.load("pico")
        self.storage = host.DictStorage()
        self.clock = host.SimClock()
        self.host = host
        self.events = 0
        self.taps = 0
        self.app = None
        self.boot()
        self.open_keeper()

    def boot(self):
        from firmware import boot

        self.app = None
        gc.collect()
        hw = self.host.make(self.board, storage=self.storage, clock=self.clock)
        self.hw = hw
        self.app = boot.build(board=self.board, hw=hw, resume=True)

    def frames(self, n, raw=0):
        hw = self.hw
        app = self.app
        hw.buttons.set(raw)
        for _ in range(n):
            self.clock.advance(20)
            app.tick(self.clock.now)
            if app.next is not None:  # it ended naming the next mode: the next app
                from firmware import main

                app = self.app = main.again(app)
            self.events += len(app.buttons.events)
        if app.errors:
            raise RuntimeError("the app caught: %s" % app.last_error)

    def tap(self, mask, n=1):
        for _ in range(n):
            self.taps += 1
            self.frames(3, mask)
            self.frames(3, 0)

    def hold(self, mask):
        self.taps += 1
        self.frames(40, mask)  # past the 700 ms long press
        self.frames(3, 0)

    def open_keeper(self):
        if self.keeper() is None:
            self.app.home()
            self.tap(DOWN)  # "Score keeper" is the menu's second entry
            self.tap(A)
        assert self.keeper() is not None, "the keeper did not open"

    def keeper(self):
        top = self.app.top()
        return top if type(top).__name__ == "KeeperScreen" else None

    def step(self):
        """One thing a player does at the table."""
        r = self.rng
        k = r.below(100)
        if k < 30:
            self.tap(UP, 1 + r.below(4))  # pegging points one by one
        elif k < 50:
            self.tap(A)  # a number: A, UP n times, A
            self.tap(UP, 1 + r.below(12))
            self.tap(A)
        elif k < 72:
            self.tap(DOWN)  # a whole deal: the pone's points, then the dealer's
            self.tap(UP, r.below(15))
            self.tap(A)
            self.tap(UP, r.below(20))
            self.tap(A)
        elif k < 76:
            self.hold(A)  # his heels
        elif k < 86:
            self.tap(B)  # undo
        elif k < 92:
            self.hold(B)  # redo
        elif k < 95:
            self.tap(1 << (2 + r.below(2)))  # pick side A or B
        else:
            self.frames(3, A | B)  # the keeper's menu, and back to the game
            self.frames(3, 0)
            self.tap(A)

    def game(self):
        """Play until a side wins, then A for the next game; the actions."""
        ki = self.keeper().ki
        while not ki.keeper.over():
            self.step()
            ki = self.keeper().ki
        n = ki.keeper.pos
        self.tap(A)
        return n


def main(argv):
    try:
        games = int_arg(argv, "--games", 300)
        seed = int_arg(argv, "--seed", 1)
        slack = int_arg(argv, "--slack", 512)
        restart_every = int_arg(argv, "--restart-every", 25)
    except (IndexError, ValueError):
        print(
            "usage: python3 tools/bench_device.py --only keeper-soak [--games N] [--seed S]"
            " [--slack BYTES] [--restart-every N]"
        )
        return 2
    live_heap()  # on CPython: start tracing before the app loads
    t = time.time()
    s = Session(seed)
    for _ in range(2):  # warm-up: every screen and string made once
        s.game()
    tally = {"actions": 0, "restarts": 0}

    def play(i):
        tally["actions"] += s.game()
        if restart_every and i % restart_every == 0:
            s.boot()  # the keeper reopens where it was
            tally["restarts"] += 1
            assert s.keeper() is not None, "the keeper was not reopened"

    def counts():
        return {
            "taps": s.taps,
            "button_events": s.events,
            "actions": tally["actions"],
            "restarts": tally["restarts"],
        }

    return soak(games, play, counts, slack, t)


def on_micropython(argv):
    """Run this file under the unix port with the app as .mpy; its status."""
    import benchkit

    return benchkit.rerun_on_unix_port("keeper_soak.py", argv)


if __name__ == "__main__":  # under the unix port (on_micropython, or from source)
    sys.exit(main(sys.argv[1:]))
