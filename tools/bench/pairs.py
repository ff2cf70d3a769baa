"""Paired comparison of a player against hard on the same deals, to try changes
to the expert level (issue 16) in a minute instead of a 10,000-game run.

    python3 tools/bench_engine.py --only pairs --a expert [--bed peg|deal|end|all]
        [--n 3000] [--seed 5000]

Each bed plays every deal twice, once with the player in seat X and once with
hard there, against hard in the other seat; everything else (seed, cards, the
other seat) is the same, so only the decisions that differ move the figure:
  peg   the first deal of a game: both seats discard as hard, seat X pegs as the
        player: the gain in net pegging points (seat X's less the other's) a deal
  deal  the first deal: seat X discards and pegs as the player: the gain in net
        points of the whole deal (pegging, hands, crib)
  end   games started at scores drawn from 75..118 each (the engine's Rng): the
        player's games won against hard less hard's against hard, in points of %
The seat and the first dealer alternate. Figures have a 95% interval over the
deals (games); ``differ`` counts those that came out differently. ``--a`` is a
name engine.players.make knows, or ``module:Class`` (any importable class whose
``Class(seed)`` is a player, e.g. a prototype on PYTHONPATH). CPython; seeded,
so a run repeats exactly. Imports engine.game, engine.players, engine.rng.
"""

import time


def _player(name, seed):
    if ":" in name:
        mod, cls = name.split(":")
        m = __import__(mod, None, None, [cls])
        return getattr(m, cls)(seed)
    from engine.players import make

    return make(name, seed)


def _deal(seed, first, seat, x, hard, hard_discards):
    # One first deal; seat is played by x (discards by hard when hard_discards);
    # returns (net pegging, net of the deal) for seat.
    from engine.game import Game

    g = Game(seed, 121, first)
    g.start()
    peg = [0, 0]
    tot = [0, 0]
    while g.deal_number == 1 and g.phase != "over":
        s = g.to_act()
        v = g.view(s)
        p = x if s == seat else hard
        if g.phase == "discard":
            g.act(s, (hard if hard_discards else p).discard(v))
        else:
            g.act(s, p.play(v))
        for e in g.take_events():
            if e[0] == "score":
                tot[e[1]] += e[2]
                if e[4] in ("peg", "go"):
                    peg[e[1]] += e[2]
    return peg[seat] - peg[1 - seat], tot[seat] - tot[1 - seat]


def _end(seed, first, seat, x, hard, scores):
    from engine.game import Game, run

    g = Game(seed, 121, first)
    g.scores = list(scores)
    run(g, [x, hard] if seat == 0 else [hard, x])
    return g.winner == seat


def bed(kind, x, n, seed):
    """(mean gain, half-width of its 95% interval, deals that differ)."""
    from engine.players import make
    from engine.rng import Rng

    hard = make("hard", 1)
    rng = Rng(seed)
    s1 = s2 = differ = 0
    for i in range(n):
        seat = i % 2
        first = (i // 2) % 2
        if kind == "end":
            scores = (75 + rng.below(44), 75 + rng.below(44))
            d = _end(seed + i, first, seat, x, hard, scores) - _end(
                seed + i, first, seat, hard, hard, scores
            )
        else:
            k = 0 if kind == "peg" else 1
            d = (
                _deal(seed + i, first, seat, x, hard, k == 0)[k]
                - _deal(seed + i, first, seat, hard, hard, k == 0)[k]
            )
        s1 += d
        s2 += d * d
        differ += d != 0
    m = s1 / n
    half = 1.96 * (max(0.0, s2 / n - m * m) / n) ** 0.5
    if kind == "end":
        return 100 * m, 100 * half, differ
    return m, half, differ


def main(argv):
    a = None
    kind = "all"
    n = 3000
    seed = 5000
    try:
        i = 0
        while i < len(argv):
            if argv[i] == "--a":
                a = argv[i + 1]
            elif argv[i] == "--bed":
                kind = argv[i + 1]
            elif argv[i] == "--n":
                n = int(argv[i + 1])
            elif argv[i] == "--seed":
                seed = int(argv[i + 1])
            else:
                raise ValueError(argv[i])
            i += 2
        if a is None or kind not in ("peg", "deal", "end", "all") or n < 1:
            raise ValueError(kind)
        x = _player(a, 3)
    except (ValueError, IndexError, ImportError, AttributeError) as e:
        print(
            "usage: python3 tools/bench_engine.py --only pairs --a PLAYER [--bed peg|deal|end|all]"
        )
        print("       [--n 3000] [--seed 5000]   (%s)" % e)
        return 2
    units = {"peg": "pegging points a deal", "deal": "points a deal", "end": "% of games"}
    for k in ("peg", "deal", "end") if kind == "all" else (kind,):
        t = time.time()
        m, half, differ = bed(k, x, n, seed)
        print(
            "%s %s against hard, %d %s from seed %d: gain %+.3f +- %.3f %s (differ %d, %.0f s)"
            % (
                k,
                a,
                n,
                "games" if k == "end" else "deals",
                seed,
                m,
                half,
                units[k],
                differ,
                time.time() - t,
            )
        )
    return 0
