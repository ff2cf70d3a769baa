"""Engine benchmark on the MicroPython unix port (and CPython for comparison).

    python3 tools/bench_engine.py --only scoring [--repeat 31]

Runs this same file under ``micropython -X heapsize=256k`` with the device
code compiled to .mpy (tools/bench/benchkit.py), then under CPython, and reports:
  - heap taken by importing the engine (cards, score, game, save, gamelog, match,
    players) from .mpy, measured in a clean child (tools/bench/benchkit.py)
  - heap of a game in progress beyond the imported code (mid-deal, mid-game)
  - time for 690 hand scores (15 discards x 46 starters), median of runs
  - time per peg score and per whole game between random players
Figures are medians; the unix port has 8-byte words (device heap figures are
about 1.5-2x smaller) and runs 75-180x faster than a 125 MHz RP2040 (device
figures: tools/bench_device.py --emu).
"""

import sys


def measure(repeat):
    import gc

    from benchkit import alloc, median, now_us, since

    from engine import game, gamelog, save, score  # noqa: F401
    from engine.players import RandomPlayer

    # A game in progress: mid-play of the fifth deal.
    gc.collect()
    before_game = alloc()
    g = game.Game(seed=2024)
    players = [RandomPlayer(1), RandomPlayer(2)]
    g.start()
    while g.waiting() and not (g.deal_number == 5 and g.phase == "play" and len(g.pile) == 3):
        seat = g.waiting()[0]
        v = g.view(seat)
        g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
        g.events = []
        v = None
    gc.collect()
    game_heap = alloc() - before_game  # the game, its two players and their RNGs
    record = save.save_game(g)

    # 690 hand scores: every discard of a six-card hand x the 46 other starters.
    six = [3, 17, 22, 30, 41, 50]
    keeps = []
    for i in range(6):
        for j in range(i + 1, 6):
            keeps.append([six[k] for k in range(6) if k != i and k != j])
    starters = [c for c in range(52) if c not in six]
    hs = score.hand_score
    times = []
    for _ in range(repeat):
        t = now_us()
        for keep in keeps:
            for s in starters:
                hs(keep, s)
        times.append(since(t))
    per690 = median(times)

    pile = [9, 13, 17, 22]
    ps = score.peg_score
    times = []
    for _ in range(repeat):
        t = now_us()
        for _ in range(1000):
            ps(pile)
        times.append(since(t))
    peg_us = median(times) / 1000

    gc.collect()
    a = alloc()
    for _ in range(100):
        hs(keeps[0], starters[0])
    scoring_alloc = alloc() - a

    times = []
    for k in range(max(5, repeat // 3)):
        t = now_us()
        game.run(game.Game(seed=k), [RandomPlayer(k), RandomPlayer(k + 1)])
        times.append(since(t))
    game_us = median(times)
    return {
        "interpreter": sys.implementation.name,
        "import_heap_bytes": 0,  # set by main() from a clean child
        "game_in_progress_heap_bytes": game_heap,
        "save_record_bytes": len(record),
        "hand_score_690_us": per690,
        "hand_score_us": round(per690 / 690, 2),
        "peg_score_us": round(peg_us, 2),
        "hand_score_alloc_per_100_calls": scoring_alloc,
        "random_game_us": game_us,
    }


def _report(r):
    print("interpreter: %s" % r["interpreter"])
    if r["interpreter"] == "micropython":
        print(
            "  import engine (cards, score, game, save, gamelog, match, players) from .mpy: "
            "%d bytes of heap" % r["import_heap_bytes"]
        )
        print(
            "  a game in progress (deal 5, mid-play): %d bytes of heap"
            % r["game_in_progress_heap_bytes"]
        )
        print(
            "  hand_score allocations per 100 calls: %d bytes" % r["hand_score_alloc_per_100_calls"]
        )
    print("  save record of that game: %d bytes" % r["save_record_bytes"])
    print(
        "  690 hand scores: %.2f ms median (%.2f us each)"
        % (r["hand_score_690_us"] / 1000, r["hand_score_us"])
    )
    print("  peg_score: %.2f us median" % r["peg_score_us"])
    print("  whole game, random players: %.1f ms median" % (r["random_game_us"] / 1000))


BEFORE = []  # imported first: what the measured modules build on
MODULES = [
    "engine.cards",
    "engine.score",
    "engine.game",
    "engine.save",
    "engine.gamelog",
    "engine.match",
    "engine.players",
]


def main(argv):
    import benchkit

    return benchkit.main("scoring.py", measure, _report, argv, (("--repeat", 31),), BEFORE, MODULES)


if __name__ == "__main__":  # the unix-port half, run by benchkit.main
    import benchkit

    benchkit.child(measure)
