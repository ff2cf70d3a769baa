"""What every discard's values are built on, the six-card game's
(engine.discard) and the five-card game's (engine.discard5, docs/rules.md V5):
the cards a seat cannot rule out (``unseen``), the scratch the weighing
fills, a kept hand's subset sums a card at a time (``hold``), the cards kept
when a pair goes (``keep_of``) and a level's choice among the weighed
discards (``choose_by``). Imports engine.cards.
"""

from engine.cards import VALUES

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

GAME = const(20)  # points a deal's chance to count out is worth to hard's discard

# Scratch, made on first use: subset-sum counts (16), kept rank counts (13),
# points per starter rank (13), unseen cards per rank (13) and per suit (4).
_bufs = []


def buffers():
    if not _bufs:
        for size in (16, 13, 13, 13, 4):
            _bufs.append(bytearray(size))
    return _bufs


def unseen(known, ranks, suits):
    """Fill ``ranks`` (13) and ``suits`` (4) with how many cards of each rank and
    suit are not in ``known``; return how many cards that is."""
    for r in range(13):
        ranks[r] = 4
    for s in range(4):
        suits[s] = 13
    for c in known:
        ranks[c >> 2] -= 1
        suits[c & 3] -= 1
    return 52 - len(known)


def hold(cnt, mult, r, first):
    """One more card of a hand, of rank r (its ``first``: the counts start
    afresh): ``cnt`` the subset sums below 16, where every sum s gains the
    subsets of s - v (v the card's value), ``mult`` the cards per rank."""
    v = VALUES[r]
    if first:
        for s in range(16):
            cnt[s] = 0
        for i in range(13):
            mult[i] = 0
        cnt[0] = 1
        cnt[v] = 1
        mult[r] = 1
        return
    for s in range(15, v - 1, -1):
        cnt[s] += cnt[s - v]
    mult[r] += 1


def keep_of(hand, i):
    """The cards kept when the i-th pair of ``hand`` goes out: four of six, or
    three of five (V5). The pairs go in order, 0 1, 0 2, ... (engine.discard's
    ``pair_at``, engine.discard5's ``pair_at5``)."""
    n = len(hand)
    for j in range(n - 1):
        if i < n - 1 - j:  # the pairs j k with k above j: n - 1 - j of them
            k = j + 1 + i
            out = []
            for x in range(n):
                if x != j and x != k:
                    out.append(hand[x])
            return out
        i -= n - 1 - j
    raise IndexError("no such discard")


def choose_by(view, level, rng, weigh, pair):
    """The two cards engine.opponent's ``Computer`` of ``level`` (0 easy, 1
    medium, 2 hard) lays away; ``rng`` (its own) picks its slips. ``weigh``
    and ``pair`` are the game's ``discard_values`` and ``pair_at``: a
    six-card hand's (engine.discard's ``choose``) or a five-card hand's
    (engine.discard5's ``choose5``)."""
    values = weigh(view, level > 0, level == 2)[0]
    count = len(values)
    best = 0
    for i in range(1, count):
        if values[i] > values[best]:
            best = i
    slip = 3 if level == 0 else 8 if level == 1 else 0
    if slip and rng.below(slip) == 0:
        second = 1 if best == 0 else 0
        for i in range(count):
            if i != best and values[i] > values[second]:
                second = i
        best = second
    j, k = pair(best)
    return view.hand[j], view.hand[k]
