"""Computer opponent benchmark on the MicroPython unix port (CPython for comparison).

    python3 tools/bench_engine.py --only opponent [--repeat 41] [--games 20]

Runs this same file under ``micropython -X heapsize=256k`` with the device
code compiled to .mpy, then under CPython (tools/bench/benchkit.py), and reports:
  - heap taken by importing the opponent (opponent, discard, pegging,
    crib_table, baseline) from .mpy, beyond the engine modules it builds on,
    measured in a clean child
  - a hard discard and a hard pegging decision: median and worst time over
    every decision in ``games`` hard-vs-hard games (at least ``repeat``
    discards), timed as they are made
  - the most heap any single decision allocates (gc disabled while measured)
Figures are medians; the unix port has 8-byte words (device heap figures are
about 1.5-2x smaller) and runs 75-180x faster than a 125 MHz RP2040 (device
figures: tools/bench_device.py --emu).
Goals (issue 3): discard < 4 ms, play < 0.5 ms, import < 24 KB, decision < 4 KB.
"""

import sys


def measure(repeat, games):
    import gc

    from benchkit import alloc, median, now_us, since

    from engine import cards, game, rng, score, view  # noqa: F401  what the opponent builds on

    from engine import baseline, crib_table, discard, opponent, pegging  # noqa: F401

    # Every decision of two hard players over ``games`` games, timed as it is
    # made (gc collected before and disabled during each one).
    discard_times = []
    play_times = []
    most = [0]

    def timed(fn, v, times):
        gc.collect()
        gc.disable()
        a = alloc()
        t = now_us()
        decision = fn(v)
        dt = since(t)
        used = alloc() - a
        gc.enable()
        times.append(dt)
        most[0] = max(most[0], used)
        return decision

    class Timed:
        def __init__(self, seed):
            self.inner = opponent.make("hard", seed)

        def discard(self, v):
            return timed(self.inner.discard, v, discard_times)

        def play(self, v):
            if not v.playable():
                return None
            return timed(self.inner.play, v, play_times)

    k = 0
    while k < games or len(discard_times) < repeat:
        game.run(game.Game(seed=1000 + k), [Timed(k), Timed(k + 1)])
        k += 1
    discard_us = median(discard_times)
    discard_worst = max(discard_times)
    play_us = median(play_times)
    play_worst = max(play_times)
    return {
        "interpreter": sys.implementation.name,
        "import_heap_bytes": 0,  # set by main() from a clean child
        "discard_us": discard_us,
        "discard_worst_us": discard_worst,
        "discards_timed": len(discard_times),
        "play_us": play_us,
        "play_worst_us": play_worst,
        "plays_timed": len(play_times),
        "decision_alloc_max_bytes": most[0],
    }


def _goal(value, limit, label):
    return "(goal < %s: %s)" % (label, "ok" if value < limit else "OVER")


def _report(r):
    mp = r["interpreter"] == "micropython"
    print("interpreter: %s" % r["interpreter"])
    if mp:
        print(
            "  import opponent from .mpy: %d bytes of heap %s"
            % (r["import_heap_bytes"], _goal(r["import_heap_bytes"], 24 * 1024, "24 KB"))
        )
        print(
            "  most heap one decision allocates: %d bytes %s"
            % (r["decision_alloc_max_bytes"], _goal(r["decision_alloc_max_bytes"], 4096, "4 KB"))
        )
    print(
        "  hard discard: %.2f ms median, %.2f ms worst (%d decisions) %s"
        % (
            r["discard_us"] / 1000,
            r["discard_worst_us"] / 1000,
            r["discards_timed"],
            _goal(r["discard_us"], 4000, "4 ms") if mp else "",
        )
    )
    print(
        "  hard play: %.3f ms median, %.3f ms worst (%d decisions) %s"
        % (
            r["play_us"] / 1000,
            r["play_worst_us"] / 1000,
            r["plays_timed"],
            _goal(r["play_us"], 500, "0.5 ms") if mp else "",
        )
    )


BEFORE = [
    "engine.cards",
    "engine.game",
    "engine.rng",
    "engine.score",
    "engine.view",
]  # imported first: what the measured modules build on
MODULES = [
    "engine.baseline",
    "engine.crib_table",
    "engine.discard",
    "engine.opponent",
    "engine.pegging",
]


def main(argv):
    import benchkit

    return benchkit.main(
        "decisions.py",
        measure,
        _report,
        argv,
        (("--repeat", 41), ("--games", 20)),
        BEFORE,
        MODULES,
    )


if __name__ == "__main__":  # the unix-port half, run by benchkit.main
    import benchkit

    benchkit.child(measure)
