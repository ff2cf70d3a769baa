"""Soak test: many games in a row under a device-like heap, to catch leaks.

    python3 tools/bench_engine.py --only soak [--games 2000] [--seed 1] [--heap 160k]
    micropython -X heapsize=160k tools/bench/game_soak.py [--games 2000]   # the same, from .py
    python3 tools/bench_engine.py --only soak --cpython --games 200   # CPython, with tracemalloc

Plays hard against greedy and hard against hard, alternating, with every game
saved and restored at each deal, logged line by line and its events drained,
as the device does. After a warm-up game it records the heap after
``gc.collect()`` once a game; it fails (exit 1) on MemoryError or when the
heap at the end has grown past the start by more than ``--slack`` bytes.
Prints one JSON line: games, deals, heap at start/end/peak, seconds.
"""

import sys
import time

sys.path.insert(0, ".")

from benchkit import int_arg, live_heap, soak  # noqa: E402


def one_game(i, seed, opponent, game_mod, saves, gamelog):
    players = [
        opponent.make("hard", seed + i),
        opponent.make("greedy" if i % 2 else "hard", seed + i + 1),
    ]
    g = game_mod.Game(seed + i, 121 if i % 3 else 61, i % 2)
    g.start()
    chars = 0
    deal = 0
    while True:
        for e in g.take_events():
            chars += len(gamelog.line(e))
        waiting = g.waiting()
        if not waiting:
            break
        if g.deal_number != deal:
            deal = g.deal_number
            g = saves[1].load_game(saves[0].save_game(g))
        seat = waiting[0]
        v = g.view(seat)
        g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
    return g.deal_number, chars


def main(argv):
    try:
        games = int_arg(argv, "--games", 2000)
        seed = int_arg(argv, "--seed", 1)
        slack = int_arg(argv, "--slack", 256)
    except (IndexError, ValueError):
        print(
            "usage: python3 tools/bench_engine.py --only soak [--games N] [--seed S]"
            " [--slack BYTES]"
        )
        return 2
    live_heap()  # on CPython: start tracing before the engine loads
    from engine import game as game_mod
    from engine import gamelog, opponent, restore, save

    saves = (save, restore)

    t = time.time()
    for i in (-3, -2, -1):  # warm-up: both pairings and a game to 61 (engine.variants)
        one_game(i, seed, opponent, game_mod, saves, gamelog)
    deals = [0]

    def play(i):
        deals[0] += one_game(i, seed, opponent, game_mod, saves, gamelog)[0]

    return soak(games, play, lambda: {"deals": deals[0]}, slack, t)


def on_micropython(argv):
    """Run this file under the unix port (tools/mpport.py finds it) with the
    engine as .mpy, in a 160 KB heap unless ``--heap``; its status."""
    import benchkit

    return benchkit.rerun_on_unix_port("game_soak.py", argv)


if __name__ == "__main__":  # under the unix port (on_micropython, or from source)
    sys.exit(main(sys.argv[1:]))
