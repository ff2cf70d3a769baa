"""What a keep is worth in five-card cribbage (docs/rules.md V5): five cards
dealt, two laid away, three kept. engine.discard's exact expected points over
the starters a seat cannot rule out, for three cards (V5.4: the three-card
flush), the 10 discards of five cards, the five-card crib table's share, and
the opponent's five-card discard values (``discard_values5``) and choice
(``choose5``), built on engine.keep as the six-card game's engine.discard
is. Loaded only when a five-card game needs it, by the callers that weigh a
discard (engine.opponent, engine.coach, engine.expert), so a six-card game
never holds it, nor a five-card game engine.discard. Imports engine.cards,
engine.crib_table5, engine.keep.
"""

from engine.cards import VALUES, JACK
from engine.crib_table5 import SCALE
from engine.crib_table5 import crib_value as crib5
from engine.keep import GAME, buffers, choose_by, hold, keep_of, unseen

_PEG5_PONE = 1  # what each seat pegs in the one play sequence: 1.2 and 1.7 in hard self-play
_PEG5_DEALER = 2


# The 10 ways to pick two of five positions, as position pairs.
_PAIRS5 = b"\x00\x01\x00\x02\x00\x03\x00\x04\x01\x02\x01\x03\x01\x04\x02\x03\x02\x04\x03\x04"


def pair_at5(i):
    """The i-th (0..9) way to pick two of five positions, as (j, k)."""
    return _PAIRS5[2 * i], _PAIRS5[2 * i + 1]


def rank_points3(a, b, c, ranks, out):
    """``rank_points`` for a five-card game's hand of three cards (V5.4): fill
    ``out[r]`` with the fifteens, pairs and runs of a b c with a starter of
    rank r; return the sum over the unseen starters."""
    bufs = buffers()
    cnt = bufs[0]
    mult = bufs[1]
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    hold(cnt, mult, ra, 1)
    hold(cnt, mult, rb, 0)
    hold(cnt, mult, rc, 0)
    base = 2 * (cnt[15] + (ra == rb) + (ra == rc) + (rb == rc))
    m3 = (1 << ra) | (1 << rb) | (1 << rc)
    total = 0
    for r in range(13):
        w = ranks[r]
        if not w:
            out[r] = 0
            continue
        pts = base + 2 * (cnt[15 - VALUES[r]] + mult[r])
        m = m3 | (1 << r)
        x = m & (m >> 1) & (m >> 2)
        if x:
            if x & (m >> 3):
                pts += 4
            else:
                lo = 0
                while not (x >> lo) & 1:
                    lo += 1
                # a run of three: twice when one of its ranks is held twice
                k = mult[lo] + mult[lo + 1] + mult[lo + 2] + (lo <= r <= lo + 2)
                pts += 6 if k == 4 else 3
        out[r] = pts
        total += w * pts
    return total


def suit_points3(a, b, c, suits, n):
    """The flush (3, or 4 with the starter's suit, V5.4) and nobs points of
    hand a b c summed over the ``n`` unseen starters."""
    s = a & 3
    total = 0
    if s == b & 3 == c & 3:
        total = 3 * n + suits[s]
    if a >> 2 == JACK:
        total += suits[a & 3]
    if b >> 2 == JACK:
        total += suits[b & 3]
    if c >> 2 == JACK:
        total += suits[c & 3]
    return total


def keep_total3(a, b, c, ranks, suits, n):
    """Points of three-card hand a b c summed over the n unseen starters (exact)."""
    return rank_points3(a, b, c, ranks, buffers()[2]) + suit_points3(a, b, c, suits, n)


def chance_at_least3(a, b, c, need, known):
    """``chance_at_least`` for three kept cards; call right after
    ``rank_points3`` for the same hand."""
    per_rank = buffers()[2]
    s = a & 3
    flush = s == b & 3 == c & 3
    hits = 0
    for card in range(52):
        if card in known:
            continue
        cs = card & 3
        pts = per_rank[card >> 2]
        if flush:
            pts += 4 if cs == s else 3
        pts += (a == JACK * 4 + cs) + (b == JACK * 4 + cs) + (c == JACK * 4 + cs)
        if pts >= need:
            hits += 1
    return hits


def evaluate5(hand, known, crib_sign, values):
    """``evaluate`` for the five-card game: ``values[i]`` (i < 10) for laying
    away the i-th pair of the five-card ``hand``, weighing the four-card crib
    by engine.crib_table5. Returns the number of unseen cards n."""
    bufs = buffers()
    ranks = bufs[3]
    suits = bufs[4]
    n = unseen(known, ranks, suits)
    per_rank = bufs[2]
    for i in range(10):
        j, k = pair_at5(i)
        kept0 = kept1 = kept2 = -1
        for x in range(5):
            if x == j or x == k:
                continue
            if kept0 < 0:
                kept0 = hand[x]
            elif kept1 < 0:
                kept1 = hand[x]
            else:
                kept2 = hand[x]
        t = rank_points3(kept0, kept1, kept2, ranks, per_rank)
        t += suit_points3(kept0, kept1, kept2, suits, n)
        v = t * SCALE
        if crib_sign:
            v += crib_sign * crib5(crib_sign > 0, hand[j] >> 2, hand[k] >> 2) * n
        values[i] = v
    return n


def discard_values5(view, crib, end_game):
    """engine.discard.discard_values for a five-card hand: (values, n, known)
    with ``values[i]`` for the i-th of the 10 discards."""
    known = list(view.hand)  # every card the seat has seen
    if view.opponent_hand is not None:
        known.extend(view.opponent_hand)
    hand = view.hand
    if len(hand) != 5:
        raise ValueError("a five-card discard needs five cards in hand, not %d" % len(hand))
    dealer = view.me == view.dealer
    sign = (1 if dealer else -1) if crib else 0
    values = [0] * 10
    n = evaluate5(hand, known, sign, values)
    need = view.target - view.scores[view.me]
    if end_game and need <= 31 and view.target:
        bufs = buffers()
        ranks = bufs[3]
        per_rank = bufs[2]
        unseen(known, ranks, bufs[4])
        for i in range(10):
            j, k = pair_at5(i)
            a, b, c = keep_of(hand, i)
            thr = need - (_PEG5_DEALER if dealer else _PEG5_PONE)
            if dealer:
                thr -= crib5(True, hand[j] >> 2, hand[k] >> 2) // SCALE
            rank_points3(a, b, c, ranks, per_rank)
            hits = chance_at_least3(a, b, c, thr, known) if thr > 0 else n
            values[i] += hits * GAME * SCALE
    return values, n, known


def choose5(view, level, rng):
    """engine.discard.choose for a five-card hand: the two cards a level lays
    away."""
    return choose_by(view, level, rng, discard_values5, pair_at5)


def three_card_points(a, b, c):
    """Points of three cards alone (V5.4 without a starter): fifteens, pairs,
    a run of three, and 3 for a flush (engine.baseline's five-card keep)."""
    va = VALUES[a >> 2]
    vb = VALUES[b >> 2]
    vc = VALUES[c >> 2]
    pts = 2 * ((va + vb + vc == 15) + (va + vb == 15) + (va + vc == 15) + (vb + vc == 15))
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    pts += 2 * ((ra == rb) + (ra == rc) + (rb == rc))
    lo = min(ra, rb, rc)
    if ra != rb != rc != ra and max(ra, rb, rc) - lo == 2:
        pts += 3
    if a & 3 == b & 3 == c & 3:
        pts += 3
    return pts


def greedy_discard5(hand):
    """engine.baseline's five-card discard: the two cards whose going keeps
    the three that score most on their own (ties: the first in hand order)."""
    best = -1
    best_i = 0
    for i in range(10):
        j, k = pair_at5(i)
        kept = [hand[x] for x in range(5) if x != j and x != k]
        p = three_card_points(kept[0], kept[1], kept[2])
        if p > best:
            best = p
            best_i = i
    j, k = pair_at5(best_i)
    return hand[j], hand[k]
