"""What a keep of a six-card hand is worth: the exact expected points of four
kept cards over every starter a seat cannot rule out, and the crib's share
from the crib table.

Sums are kept as integers ("points summed over the unseen starters") so a
decision allocates no floats on MicroPython; divide by the number of unseen
cards for the expected value. Per kept hand the four-card part is computed once
(subset sums below 16, pairs, rank counts), then each starter RANK adds its
fifteens, pairs and runs (13 cases, weighted by how many of that rank are
unseen); suits matter only for the flush and nobs.

The computer's discard lives here too, not in engine.opponent, so the play
holds none of it: ``discard_values`` (every discard weighed) and ``choose``
(the discard of a level) of a six-card hand; its hints and the coach's figure
are engine.coach's. A five-card game's (V5) are engine.discard5's, and what
both are built on is engine.keep's, so a five-card game holds none of this
module. Imports engine.cards, engine.crib_table and engine.keep.
"""

from engine.cards import VALUES, JACK
from engine.crib_table import SCALE, crib_value
from engine.keep import GAME, buffers, choose_by, hold, unseen

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_PEG_PONE = const(2)  # what each seat pegs in a deal, on average (strong players)
_PEG_DEALER = const(3)


def rank_points(a, b, c, d, ranks, out):
    """Fill ``out[r]`` with the points of hand a b c d when the starter has rank r
    (fifteens, pairs, runs; no flush or nobs), for each rank with ranks[r] > 0;
    return the sum over the unseen starters, ``sum(ranks[r] * out[r])``."""
    bufs = buffers()
    cnt = bufs[0]
    mult = bufs[1]
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    rd = d >> 2
    hold(cnt, mult, ra, 1)
    hold(cnt, mult, rb, 0)
    hold(cnt, mult, rc, 0)
    hold(cnt, mult, rd, 0)
    pairs = (ra == rb) + (ra == rc) + (ra == rd) + (rb == rc) + (rb == rd) + (rc == rd)
    base = 2 * (cnt[15] + pairs)
    m4 = (1 << ra) | (1 << rb) | (1 << rc) | (1 << rd)
    total = 0
    for r in range(13):
        w = ranks[r]
        if not w:
            out[r] = 0
            continue
        pts = base + 2 * (cnt[15 - VALUES[r]] + mult[r])
        m = m4 | (1 << r)
        x = m & (m >> 1) & (m >> 2)
        if x:
            length = 3
            y = x & (m >> 3)
            if y:
                length = 4
                x = y
                y = x & (m >> 4)
                if y:
                    length = 5
                    x = y
            lo = 0
            while not (x >> lo) & 1:
                lo += 1
            mult[r] += 1
            ways = 1
            for k in range(lo, lo + length):
                ways *= mult[k]
            mult[r] -= 1
            pts += length * ways
        out[r] = pts
        total += w * pts
    return total


def suit_points(a, b, c, d, suits, n):
    """The flush and nobs points of hand a b c d summed over the ``n`` unseen
    starters (``suits`` says how many of each suit are unseen)."""
    s = a & 3
    total = 0
    if s == b & 3 == c & 3 == d & 3:
        total = 4 * n + suits[s]
    if a >> 2 == JACK:
        total += suits[a & 3]
    if b >> 2 == JACK:
        total += suits[b & 3]
    if c >> 2 == JACK:
        total += suits[c & 3]
    if d >> 2 == JACK:
        total += suits[d & 3]
    return total


def keep_total(a, b, c, d, ranks, suits, n):
    """Points of hand a b c d summed over the n unseen starters (exact)."""
    return rank_points(a, b, c, d, ranks, buffers()[2]) + suit_points(a, b, c, d, suits, n)


def chance_at_least(a, b, c, d, need, known, ranks):
    """How many unseen starters give hand a b c d at least ``need`` points; call
    right after ``rank_points`` for the same hand and ``ranks`` (it reads its
    per-rank points). A rank is settled by its points alone unless the flush's
    suit or nobs (a point each) decide it; only then are its suits looked at."""
    per_rank = buffers()[2]
    s = a & 3
    flush = 4 if s == b & 3 == c & 3 == d & 3 else 0
    j = JACK * 4
    extra = (flush > 0) + (a >> 2 == JACK or b >> 2 == JACK or c >> 2 == JACK or d >> 2 == JACK)
    hits = 0
    for r in range(13):
        w = ranks[r]
        if not w:
            continue
        pts = per_rank[r] + flush
        if pts >= need:
            hits += w
        elif pts + extra >= need:
            for cs in range(4):
                card = r * 4 + cs
                if card in known:
                    continue
                p = pts + (flush and cs == s)
                p += (a == j + cs) + (b == j + cs) + (c == j + cs) + (d == j + cs)
                if p >= need:
                    hits += 1
    return hits


# The 15 ways to pick two of six positions, as position pairs.
_PAIRS = const(
    b"\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x01\x02\x01\x03\x01\x04"
    b"\x01\x05\x02\x03\x02\x04\x02\x05\x03\x04\x03\x05\x04\x05"
)


def pair_at(i):
    """The i-th (0..14) way to pick two of six positions, as (j, k)."""
    return _PAIRS[2 * i], _PAIRS[2 * i + 1]


def evaluate(hand, known, crib_sign, values, goal=0, dealer=False, bonus=0):
    """Score each of the 15 discards of the six-card ``hand``: ``values[i]`` is
    the kept hand's points summed over the unseen starters times SCALE, plus
    (crib_sign 1, dealer) or minus (-1, pone) the crib table's points for the two
    discards times the number of unseen cards; crib_sign 0 ignores the crib.
    ``known`` is every card the seat has seen. With ``bonus`` (the end game),
    each also gains ``bonus`` times the number of unseen starters with which the
    kept hand reaches ``goal`` points, less (``dealer``) the crib table's whole
    points for the two (every starter when that is 0 or less).
    Returns the number of unseen cards n: the expected value of entry i is
    values[i] / (n * SCALE) without the bonus."""
    bufs = buffers()
    ranks = bufs[3]
    suits = bufs[4]
    n = unseen(known, ranks, suits)
    per_rank = bufs[2]
    for i in range(15):
        j, k = pair_at(i)
        kept0 = kept1 = kept2 = kept3 = -1
        for x in range(6):
            if x == j or x == k:
                continue
            if kept0 < 0:
                kept0 = hand[x]
            elif kept1 < 0:
                kept1 = hand[x]
            elif kept2 < 0:
                kept2 = hand[x]
            else:
                kept3 = hand[x]
        t = rank_points(kept0, kept1, kept2, kept3, ranks, per_rank)
        t += suit_points(kept0, kept1, kept2, kept3, suits, n)
        v = t * SCALE
        if crib_sign:
            cv = crib_value(crib_sign > 0, hand[j] >> 2, hand[k] >> 2)
            v += crib_sign * cv * n
        if bonus:  # the end game: per_rank is this keep's (rank_points)
            thr = goal
            if dealer:
                thr -= crib_value(True, hand[j] >> 2, hand[k] >> 2) // SCALE
            if thr > 0:
                v += bonus * chance_at_least(kept0, kept1, kept2, kept3, thr, known, ranks)
            else:
                v += bonus * n
        values[i] = v
    return n


def discard_values(view, crib, end_game):
    """(values, n, known): ``values[i]`` scores the i-th of the 15 discards
    of a six-card hand (see ``evaluate``; the expected points are values[i] /
    (n * SCALE)); engine.discard5's ``discard_values5`` for the 10 of
    five-card cribbage. ``crib`` weighs the crib table; ``end_game`` adds,
    when this deal may count the seat out, the chance that it does (hand,
    its crib, pegging)."""
    known = list(view.hand)  # every card the seat has seen
    if view.opponent_hand is not None:
        known.extend(view.opponent_hand)
    hand = view.hand
    if len(hand) != 6:
        raise ValueError("a discard needs six cards in hand, not %d" % len(hand))
    dealer = view.me == view.dealer
    sign = (1 if dealer else -1) if crib else 0
    values = [0] * 15
    # the end game, when this deal may count the seat out: its chance, counted
    # in the same pass as the points (``evaluate``)
    need = view.target - view.scores[view.me]
    near = end_game and need <= 31 and view.target
    goal = need - (_PEG_DEALER if dealer else _PEG_PONE)
    n = evaluate(hand, known, sign, values, goal, dealer, GAME * SCALE if near else 0)
    return values, n, known


def choose(view, level, rng):
    """The two cards engine.opponent's ``Computer`` of ``level`` (0 easy, 1
    medium, 2 hard) lays away from a six-card hand; ``rng`` (its own) picks
    its slips."""
    return choose_by(view, level, rng, discard_values, pair_at)
