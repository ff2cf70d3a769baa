"""Measures engine.rollout's ``_KEEP``: how much likelier hard is to keep four
cards that score p points by themselves (``rollout.points4``) than four
random cards are to score p, as 255ths of the likeliest (p >= 9 together).

    python3 tools/gen/keep_table.py [--deals 20000] [--seed 7]

Deals ``--deals`` fresh six-card deals (seeds ``seed + i``, first dealer
alternating); both seats discard as hard; the same number of random fours
come from an engine.rng ``Rng(seed)``. Prints the counts and the bytes
literal to paste into engine/rollout.py. CPython; seeded, so it repeats.
Imports engine.game, engine.opponent, engine.rng, engine.rollout.
"""

import sys

_TOP = 9  # points4 of 9 or more share one weight


def measure(deals, seed):
    from engine.game import Game
    from engine.opponent import make
    from engine.rng import Rng
    from engine.rollout import points4

    hard = make("hard", 1)
    rng = Rng(seed)
    kept = [0] * (_TOP + 1)
    rand = [0] * (_TOP + 1)
    deck = list(range(52))
    for i in range(deals):
        g = Game(seed + i, 121, i % 2)
        g.start()
        for s in (0, 1):
            v = g.view(s)
            out = hard.discard(v)
            four = [c for c in v.hand if c not in out]
            kept[min(points4(four), _TOP)] += 1
            rng.shuffle(deck)
            rand[min(points4(deck[:4]), _TOP)] += 1
    return kept, rand


def table(kept, rand):
    ratio = [kept[p] / rand[p] if rand[p] else 0.0 for p in range(_TOP + 1)]
    top = max(ratio)
    return bytes([min(255, int(255 * r / top + 0.5)) for r in ratio[:_TOP]])


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(
        prog="tools/gen/keep_table.py",
        description="Measure engine.rollout's _KEEP and print the literal to paste.",
    )
    ap.add_argument("--deals", type=int, default=20000, help="six-card deals (default 20000)")
    ap.add_argument("--seed", type=int, default=7, help="first seed (default 7)")
    args = ap.parse_args(argv)
    if args.deals < 1:
        ap.error("--deals must be at least 1")
    deals, seed = args.deals, args.seed
    kept, rand = measure(deals, seed)
    print("points4 (9: 9 or more) kept by hard:", kept)
    print("points4 of random fours:            ", rand)
    print("_KEEP = " + repr(table(kept, rand)))
    return 0


if __name__ == "__main__":
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    bootstrap.ensure()
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    sys.exit(main(sys.argv[1:]))
