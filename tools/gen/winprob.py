"""Generates engine/winprob.bin: the chance that the player about to deal wins,
for every (own score, other score) below the target, for six-card cribbage to
121 and to 61 and five-card cribbage to 61 (V5), read by engine.winprob.

    python tools/gen/winprob.py [--games N] [--seed S] [--check N] [--out PATH]
    python tools/gen/winprob.py --kind K --out PART     (one table, K = 0, 1, 2)
    python tools/gen/winprob.py --join PART0 PART1 PART2  (the file from the three)

Each table has its own seed (``seed + 100000 K``), so three ``--kind`` runs at
once (the machine's cores) joined give the same bytes as one run.

How (all with this project's own engine, seeded, so a rerun writes the same
bytes):

1. Per-deal score distributions: ``--games`` games of the hard level against
   itself for each kind of game (engine.game.run, seeds ``seed + i``, first
   deal alternating). Every deal played to its end is kept as the ordered list
   of its awards, each as (dealer or pone, points): pegging as it came, then
   the pone's hand, the dealer's hand, the crib. A deal cut short by the end
   of the game is not kept; five-card's three for last (V5.2) is part of the
   start position, not of a deal.
2. Dynamic programming over board positions: V(a, b), the chance that the
   dealer at a against the pone at b wins, is, over the kept deals, the share
   in which the dealer reaches the target first in the deal's own order (so
   the pone's hand counts before the dealer's, and pegging can end the game
   mid-play), plus for deals that end nobody's game 1 - V(b + pone's points,
   a + dealer's points) (the pone deals next). Every deal scores at least the
   last card's point, so positions are solved from the highest total down.
3. Checks: direct self-play of hard against hard from sample positions
   (``--check`` games each) against the table, with 95% intervals.

The file: engine.winprob's 12-byte header (``header``: ``CWP2``, the
tables' size, their check, engine.winprob_check's ``sums``), then one byte a
position (round(255 * V)), row = the dealer's score, column = the pone's:
121 x 121 (six-card to 121), 61 x 61 (six-card to 61), 61 x 61 (five-card,
V5). The reader refuses a file whose header, size or check is wrong. CPython
only.
"""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.game import Game, run  # noqa: E402
from engine.opponent import make  # noqa: E402
from engine.winprob import MAGIC, SIZE  # noqa: E402
from engine.winprob_check import BLOCK, sums  # noqa: E402

# (target, five-card) of each table, in file order (engine.winprob reads them there)
KINDS = ((121, False), (61, False), (61, True))

# sample positions (dealer's score, pone's score) checked by direct self-play
CHECKS = {
    (121, False): ((0, 0), (60, 60), (100, 90), (90, 100), (110, 110), (116, 105)),
    (61, False): ((0, 0), (30, 30), (45, 50), (50, 45), (55, 55)),
    (61, True): ((0, 3), (30, 30), (45, 50), (50, 45), (55, 55)),
}


def deals_of(games, seed, target, five):
    """Ordered awards of every deal played to its end in ``games`` games."""
    variant = "five" if five else "six"
    players = [make("hard", seed * 2 + 1), make("hard", seed * 2 + 2)]
    out = []
    cur = [None]

    def on_event(e):
        kind = e[0]
        if kind == "deal":
            if cur[0] is not None:
                out.append(tuple(cur[0][1]))
            cur[0] = (e[1], [])
        elif kind == "score" and cur[0] is not None and e[4] != "start":
            cur[0][1].append((0 if e[1] == cur[0][0] else 1, e[2]))
        elif kind == "end":
            cur[0] = None

    for i in range(games):
        game = Game(seed + i, target, i % 2, variant=variant)
        cur[0] = None
        run(game, players, on_event)
    return out


def solve(deals, target):
    """V[a][b] for the dealer at a, the pone at b (0..target-1)."""
    n = len(deals)
    t = target
    hist = {}
    # win[nd][np]: share of deals in which the dealer gains nd before the pone gains np
    win = [[0.0] * (t + 2) for _ in range(t + 1)]
    for awards in deals:
        d = p = 0
        for role, pts in awards:
            if role == 0:
                for k in range(d + 1, min(d + pts, t) + 1):
                    if p + 1 <= t:
                        win[k][p + 1] += 1  # the dealer wins for every np > p
                d += pts
            else:
                p += pts
        hist[(d, p)] = hist.get((d, p), 0) + 1
    for nd in range(1, t + 1):
        row = win[nd]
        acc = 0.0
        for np_ in range(t + 1):
            acc += row[np_]
            row[np_] = acc / n
    pairs = sorted((d, p, c / n) for (d, p), c in hist.items())
    v = [[0.0] * t for _ in range(t)]
    for s in range(2 * t - 2, -1, -1):
        for a in range(max(0, s - t + 1), min(s, t - 1) + 1):
            b = s - a
            nd = t - a
            np_ = t - b
            x = win[nd][np_]
            for d, p, w in pairs:
                if d >= nd:
                    break
                if p < np_:
                    x += w * (1.0 - v[b + p][a + d])
            v[a][b] = x
    return v, len(hist)


def play_from(a, b, games, seed, target, five):
    """Wins of the dealer at a against the pone at b in ``games`` games of hard
    against hard; first dealer seat alternating."""
    variant = "five" if five else "six"
    players = [make("hard", seed * 2 + 1), make("hard", seed * 2 + 2)]
    wins = 0
    for i in range(games):
        dealer = i % 2
        game = Game(seed + i, target, dealer, variant=variant)
        if a or b:
            game.scores[dealer] = a
            game.scores[1 - dealer] = b
            if five:
                game.deal_number = 1  # not the game's first deal: no three for last
        run(game, players)
        wins += game.winner == dealer
    return wins


def interval(wins, n):
    p = wins / n
    h = 1.96 * (p * (1 - p) / n) ** 0.5
    return p, p - h, p + h


def header(tables):
    """The 12 bytes before ``tables`` (bytes of the three tables, ``SIZE``):
    engine.winprob's ``MAGIC``, their size, their ``sums``."""
    s1, s2 = sums([tables[i : i + BLOCK] for i in range(0, len(tables), BLOCK)])
    n = len(tables)
    return MAGIC + bytes(
        (n >> 24, n >> 16 & 255, n >> 8 & 255, n & 255, s1 >> 8, s1 & 255, s2 >> 8, s2 & 255)
    )


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=6000, help="games per kind (default 6000)")
    ap.add_argument("--seed", type=int, default=1616)
    ap.add_argument("--check", type=int, default=1500, help="games per checked position (0: none)")
    ap.add_argument("--out", default=os.path.join("engine", "winprob.bin"))
    ap.add_argument(
        "--kind",
        type=int,
        default=-1,
        help="only table K (0: 121, 1: 61, 2: five-card), its bytes alone: three runs at once,"
        " then --join the parts in order (the header is written then)",
    )
    ap.add_argument("--join", nargs=3, metavar="PART", help="write --out from the three parts")
    args = ap.parse_args(argv)
    if args.join:
        blob = bytearray()
        for part in args.join:
            with open(part, "rb") as f:
                blob.extend(f.read())
        if len(blob) != SIZE:
            ap.error("the parts are not the three tables (%d bytes in all)" % len(blob))
        blob = header(blob) + blob
        with open(args.out, "wb") as f:
            f.write(blob)
        print("wrote %s: %d bytes" % (args.out, len(blob)))
        return
    blob = bytearray()
    for k, (target, five) in enumerate(KINDS):
        if args.kind >= 0 and k != args.kind:
            continue
        t0 = time.time()
        deals = deals_of(args.games, args.seed + 100000 * k, target, five)
        v, shapes = solve(deals, target)
        print(
            "%s to %d: %d deals (%d distinct totals), %.0f s; start %.4f"
            % (
                "five-card" if five else "six-card",
                target,
                len(deals),
                shapes,
                time.time() - t0,
                v[0][3] if five else v[0][0],
            ),
            flush=True,
        )
        for a in range(target):
            blob.extend(int(round(255 * x)) for x in v[a])
        if args.check:
            for i, (a, b) in enumerate(CHECKS[(target, five)]):
                wins = play_from(a, b, args.check, args.seed + 500000 + 10000 * i, target, five)
                p, lo, hi = interval(wins, args.check)
                ok = lo <= v[a][b] <= hi
                print(
                    "  check dealer %d pone %d: table %.3f, self-play %.3f (%.3f-%.3f, %d games) %s"
                    % (a, b, v[a][b], p, lo, hi, args.check, "ok" if ok else "OUTSIDE"),
                    flush=True,
                )
    if args.kind < 0:
        blob = header(blob) + blob
    with open(args.out, "wb") as f:
        f.write(blob)
    print("wrote %s: %d bytes" % (args.out, len(blob)))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    bootstrap.ensure()
    main()
