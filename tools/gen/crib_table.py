"""Generates engine/crib_table.py: the expected crib points for each pair of
discarded ranks, for the dealer's own discards and for the pone's, measured by
simulation with our own engine (engine.score, engine.discard, engine.rng).

    python tools/gen/crib_table.py [--samples N] [--seed S] [--out PATH]
    python tools/gen/crib_table.py --five      (engine/crib_table5.py, V5)

How: deal the other player six cards; they lay away two by the exact expected
value of the four they keep. For each of the 91 rank pairs we then lay away one
card of each rank (first ones found in the shuffled rest of the pack) and turn
the next card as starter, and score the crib (R12, five-card crib flush).
Round 1 has the other player keep by hand value alone and gives one table T0;
round 2 repeats with the other player also weighing the crib by T0 (a pone
keeps it out of the dealer's crib, a dealer feeds it), which gives the dealer
table and the pone table. Takes about 40 s per 10,000 samples on CPython.

``--five`` does the same for five-card cribbage (docs/rules.md V5): the other
player is dealt five cards and keeps three (engine.discard5.keep_total3), and
the crib is our two and their two with the starter, written to
engine/crib_table5.py for engine.discard5.evaluate5.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.discard import keep_total, pair_at  # noqa: E402
from engine.keep import unseen  # noqa: E402
from engine.discard5 import keep_total3, pair_at5  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.score import hand_score  # noqa: E402


def other_discard(hand, table, sign, ranks, suits):
    """The two cards a hand-value player lays away (weighing the crib by ``table``
    with ``sign`` +1 as dealer, -1 as pone, 0 not at all)."""
    n = unseen(hand, ranks, suits)
    best = None
    best_i = 0
    size = len(hand)
    at = pair_at5 if size == 5 else pair_at
    for i in range(10 if size == 5 else 15):
        j, k = at(i)
        kept = [hand[x] for x in range(size) if x != j and x != k]
        if size == 5:
            v = keep_total3(kept[0], kept[1], kept[2], ranks, suits, n) / n
        else:
            v = keep_total(kept[0], kept[1], kept[2], kept[3], ranks, suits, n) / n
        if sign:
            v += sign * table[(hand[j] >> 2) * 13 + (hand[k] >> 2)]
        if best is None or v > best:
            best = v
            best_i = i
    j, k = at(best_i)
    return hand[j], hand[k]


def simulate(rng, samples, table, sign, size=6):
    """Average crib for each (rank a, rank b) of our discards, when the other
    player (dealt ``size`` cards) discards with ``table``/``sign``; also the
    fewest deals behind an entry."""
    sums = [0] * 169
    counts = [0] * 169
    ranks = bytearray(13)
    suits = bytearray(4)
    deck = bytearray(range(52))
    for _ in range(samples):
        rng.shuffle(deck)
        o1, o2 = other_discard(list(deck[:size]), table, sign, ranks, suits)
        rest = deck[size:]
        first = [-1] * 13
        second = [-1] * 13
        for c in rest:
            r = c >> 2
            if first[r] < 0:
                first[r] = c
            elif second[r] < 0:
                second[r] = c
        for a in range(13):
            x = first[a]
            if x < 0:
                continue
            for b in range(a, 13):
                y = second[a] if b == a else first[b]
                if y < 0:
                    continue
                i = 0
                while rest[i] == x or rest[i] == y:
                    i += 1
                pts = hand_score((x, y, o1, o2), rest[i], True)
                sums[a * 13 + b] += pts
                counts[a * 13 + b] += 1
    means = [0.0] * 169
    for a in range(13):
        for b in range(a, 13):
            m = sums[a * 13 + b] / max(1, counts[a * 13 + b])
            means[a * 13 + b] = means[b * 13 + a] = m
    return means, min(counts[a * 13 + b] for a in range(13) for b in range(a, 13))


def real_cribs(rng, samples, dealer_table, pone_table, size=6):
    """Mean crib when both players discard with the final tables."""
    ranks = bytearray(13)
    suits = bytearray(4)
    deck = bytearray(range(52))
    total = 0
    for _ in range(samples):
        rng.shuffle(deck)
        d1, d2 = other_discard(list(deck[:size]), dealer_table, 1, ranks, suits)
        p1, p2 = other_discard(list(deck[size : 2 * size]), pone_table, -1, ranks, suits)
        total += hand_score((d1, d2, p1, p2), deck[2 * size], True)
    return total / samples


def literal(table, scale):
    data = bytes([int(round(v * scale)) for v in table])
    lines = []
    for i in range(0, 169, 13):
        lines.append('    b"' + "".join("\\x%02x" % b for b in data[i : i + 13]) + '"')
    return "(\n" + "\n".join(lines) + "\n)"


def write(path, dealer, pone, args, min_count, mean_crib, seconds):
    scale = 25 if max(dealer + pone) * 25 < 255 else 20
    if args.five:
        assert scale == 25, "engine.discard5.evaluate5 weighs the table with crib_table.SCALE"
    ranks = "A23456789TJQK"

    def show(t, a, b):
        return "%s-%s %.2f" % (ranks[a], ranks[b], t[a * 13 + b])

    text = '''"""Expected crib points for the two cards a seat lays away, by their ranks.%s

GENERATED by tools/gen/crib_table.py%s (do not edit; rerun it): %d samples per
round, seed %d, at least %d deals behind every entry, %.0f s on CPython.
The other player keeps the %s cards with the best hand value, weighing the
crib by a first-round table (a pone keeps good cards out of the dealer's crib,
a dealer feeds it). Mean crib with both players using these tables: %.2f.
Dealer's own discards: %s, %s, %s, %s, %s.
Pone's discards (the dealer's crib): %s, %s, %s, %s, %s.
Suits are ignored: their one effect on two discards, the five-card crib flush,
needs three more cards of that suit.

``crib_value(dealer, ra, rb)`` is the expected crib times SCALE for ranks ra, rb
(0..12), where ``dealer`` is True when the crib is the discarding seat's own.
Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

SCALE = const(%d)

# 13 x 13 bytes each, row = first rank, column = second rank (symmetric).
_DEALER = %s
_PONE = %s


def crib_value(dealer, ra, rb):
    return (_DEALER if dealer else _PONE)[ra * 13 + rb]
''' % (
        "\nFive-card cribbage (docs/rules.md V5): two from each player, a four-card crib."
        if args.five
        else "",
        " --five" if args.five else "",
        args.samples,
        args.seed,
        min_count,
        seconds,
        "three" if args.five else "four",
        mean_crib,
        show(dealer, 4, 4),
        show(dealer, 4, 10),
        show(dealer, 1, 3),
        show(dealer, 0, 12),
        show(dealer, 9, 12),
        show(pone, 4, 4),
        show(pone, 4, 10),
        show(pone, 1, 3),
        show(pone, 0, 12),
        show(pone, 9, 12),
        scale,
        literal(dealer, scale),
        literal(pone, scale),
    )
    with open(path, "w") as f:
        f.write(text)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--samples", type=int, default=60000, help="deals per round (default 60000)")
    p.add_argument("--seed", type=int, default=2024)
    p.add_argument("--out", default=None, help="default engine/crib_table.py (5: crib_table5.py)")
    p.add_argument("--five", action="store_true", help="five-card cribbage (V5)")
    args = p.parse_args(argv)
    if args.out is None:
        args.out = os.path.join("engine", "crib_table5.py" if args.five else "crib_table.py")
    size = 5 if args.five else 6
    if args.samples < 100:
        p.error("--samples must be at least 100")
    t0 = time.time()
    rng = Rng(args.seed)
    zero = [0.0] * 169
    first, _ = simulate(rng, args.samples, zero, 0, size)
    print("round 1 done, %.0f s" % (time.time() - t0))
    dealer, n1 = simulate(rng, args.samples, first, -1, size)  # our crib; the other is pone
    pone, n2 = simulate(rng, args.samples, first, 1, size)  # their crib; the other deals
    print("round 2 done, %.0f s" % (time.time() - t0))
    mean_crib = real_cribs(rng, args.samples, dealer, pone, size)
    seconds = time.time() - t0
    write(args.out, dealer, pone, args, min(n1, n2), mean_crib, seconds)
    print("wrote %s: mean crib %.2f, %.0f s" % (args.out, mean_crib, seconds))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    bootstrap.ensure()
    main()
