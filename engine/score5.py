"""The five-card game's hand (docs/rules.md V5.4): three cards plus the
starter. Apart from engine.score so that a six-card game never loads it;
``engine.score.show_score`` and the five-card opponent load it when they
need it. Allocates nothing. Imports engine.cards.
"""

from engine.cards import VALUES, JACK


def hand3_score(hand, starter):
    """Points of a five-card game's hand, three cards plus the starter (V5.4):
    fifteens, pairs, runs and nobs as R12; three hand cards of one suit are a
    flush of 3, 4 with the starter. ``hand`` is any sequence of exactly three
    cards. Allocates nothing."""
    a, b, c = hand
    e = starter
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    re = e >> 2
    va = VALUES[ra]
    vb = VALUES[rb]
    vc = VALUES[rc]
    ve = VALUES[re]

    # Fifteens: the four cards, every triple (the complement of one card), every pair.
    t = va + vb + vc + ve
    n = (t == 15) + (t - va == 15) + (t - vb == 15) + (t - vc == 15) + (t - ve == 15)
    n += (va + vb == 15) + (va + vc == 15) + (va + ve == 15)
    n += (vb + vc == 15) + (vb + ve == 15) + (vc + ve == 15)
    pts = n * 2

    p = (ra == rb) + (ra == rc) + (ra == re) + (rb == rc) + (rb == re) + (rc == re)
    pts += p * 2

    # Runs: four distinct consecutive ranks, or three with one of them doubled.
    m = (1 << ra) | (1 << rb) | (1 << rc) | (1 << re)
    x = m & (m >> 1) & (m >> 2)
    if x:
        if x & (m >> 3):
            pts += 4
        elif p:
            pts += 6  # one pair inside a run of three: two runs (a pair royal has no run)
        else:
            pts += 3

    sa = a & 3
    if sa == b & 3 == c & 3:
        pts += 4 if sa == e & 3 else 3
    j = JACK * 4 + (e & 3)
    if a == j or b == j or c == j:
        pts += 1
    return pts
