"""Scoring of hands, cribs (docs/rules.md R12) and pegged cards (R7, R10).

``hand_score`` and ``peg_score`` are the fast paths the game and the computer
opponent call thousands of times per decision: they allocate nothing and take
cards as small ints (see ``engine.cards``). ``peg_breakdown`` says what the last
card pegged, with the cards that made it (a hand's is ``engine.breakdown``,
loaded only by the show and the hand counter); it is slower and allocates.
Imports ``engine.cards``; engine.score5 (the five-card game's three-card hand)
when ``show_score`` is given one.
"""

from engine.cards import VALUES, JACK, text

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# Breakdown item kinds (an item's first field), in the order a player counts
# them out loud: "fifteen", "pair", "run", "flush", "nobs", "thirty-one".
# Private consts: no name or global on a device, the strings themselves are
# the kinds callers compare with.
_FIFTEEN = const("fifteen")
_PAIR = const("pair")
_RUN = const("run")
_FLUSH = const("flush")
_NOBS = const("nobs")
_THIRTY_ONE = const("thirty-one")
_PAIRS_NAME = const(("pair", "pair royal", "double pair royal"))


def hand_score(hand, starter, crib=False):
    """Points of four cards plus the starter (R12); ``crib`` applies the crib's
    five-card flush rule. ``hand`` is any sequence of exactly four cards."""
    a, b, c, d = hand
    e = starter
    ra = a >> 2
    rb = b >> 2
    rc = c >> 2
    rd = d >> 2
    re = e >> 2
    va = VALUES[ra]
    vb = VALUES[rb]
    vc = VALUES[rc]
    vd = VALUES[rd]
    ve = VALUES[re]

    # Fifteens. A subset sums to 15 exactly when its complement sums to t, so
    # pair sums cover pairs and triples, single values cover quads.
    t = va + vb + vc + vd + ve - 15
    n = t == 0
    if 1 <= t <= 10:
        n += (va == t) + (vb == t) + (vc == t) + (vd == t) + (ve == t)
    # Unrolled: a loop over a tuple of sums would allocate on every call.
    s = va + vb
    n += (s == 15) + (s == t)
    s = va + vc
    n += (s == 15) + (s == t)
    s = va + vd
    n += (s == 15) + (s == t)
    s = va + ve
    n += (s == 15) + (s == t)
    s = vb + vc
    n += (s == 15) + (s == t)
    s = vb + vd
    n += (s == 15) + (s == t)
    s = vb + ve
    n += (s == 15) + (s == t)
    s = vc + vd
    n += (s == 15) + (s == t)
    s = vc + ve
    n += (s == 15) + (s == t)
    s = vd + ve
    n += (s == 15) + (s == t)
    pts = n * 2

    # Pairs: every two cards of one rank.
    p = (
        (ra == rb)
        + (ra == rc)
        + (ra == rd)
        + (ra == re)
        + (rb == rc)
        + (rb == rd)
        + (rb == re)
        + (rc == rd)
        + (rc == re)
        + (rd == re)
    )
    pts += p * 2

    # Runs: the rank mask tells the longest run; the cards inside it tell how
    # many ways it is made (one duplicate: 2; a triple: 3; two pairs: 4).
    ba = 1 << ra
    bb = 1 << rb
    bc = 1 << rc
    bd = 1 << rd
    be = 1 << re
    m = ba | bb | bc | bd | be
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
        lo = x & -x
        hi = lo << length
        k = (lo <= ba < hi) + (lo <= bb < hi) + (lo <= bc < hi) + (lo <= bd < hi) + (lo <= be < hi)
        k -= length
        if k == 0:
            pts += length
        elif k == 1:
            pts += length * 2
        elif p == 3:
            pts += 9
        else:
            pts += 12

    # Flush, then nobs.
    sa = a & 3
    if sa == b & 3 == c & 3 == d & 3:
        if sa == e & 3:
            pts += 5
        elif not crib:
            pts += 4
    se = e & 3
    j = JACK * 4 + se
    if a == j or b == j or c == j or d == j:
        pts += 1
    return pts


def show_score(cards, starter, crib=False):
    """Points of a hand or crib in the show: three cards (a five-card game's
    hand, V5.4, by engine.score5, loaded then) or four (R12) plus the starter."""
    if len(cards) == 3:
        from engine.score5 import hand3_score

        return hand3_score(cards, starter)
    return hand_score(cards, starter, crib)


def peg_score(pile):
    """Points for the last card of ``pile``, the cards played since the last
    reset (R7): 15 and 31, pairs, runs. Flushes never score in the play (R10);
    the go and last-card points are the game's business (R8, R9)."""
    n = len(pile)
    if n == 0:
        return 0
    count = 0
    for i in range(n):
        count += VALUES[pile[i] >> 2]
    return peg_points(pile, n, count, 2)


def peg_points(seq, n, count, shift):
    """Points for the last of the first ``n`` items of ``seq`` (R7), the
    running count being ``count``; item ``i`` has rank ``seq[i] >> shift``, so
    ``shift`` is 2 for cards and 0 for bare ranks (the opponent's lookahead
    tries ranks it has not seen). Allocates nothing."""
    pts = 2 if count == 15 or count == 31 else 0
    last = seq[n - 1] >> shift
    same = 1
    i = n - 2
    while i >= 0 and seq[i] >> shift == last:
        same += 1
        i -= 1
    if same > 1:
        return pts + same * (same - 1)  # 2, 6, 12; a pair ends any run
    if n >= 3:
        pts += _peg_run(seq, n, shift)
    return pts


def _peg_run(seq, n, shift):
    # Longest k >= 3 such that the last k items are k distinct consecutive ranks.
    mask = 0
    lo = 13
    hi = -1
    best = 0
    k = 0
    i = n - 1
    while i >= 0:
        r = seq[i] >> shift
        bit = 1 << r
        if mask & bit:
            break
        mask |= bit
        if r < lo:
            lo = r
        if r > hi:
            hi = r
        k += 1
        if k >= 3 and hi - lo == k - 1:
            best = k
        i -= 1
    return best


def pile_count(pile):
    """The running count of the cards played since the last reset."""
    total = 0
    for card in pile:
        total += VALUES[card >> 2]
    return total


def peg_breakdown(pile):
    """What the last card of ``pile`` scores, as ``(kind, points, cards)``
    items; the points add up to ``peg_score(pile)``."""
    n = len(pile)
    items = []
    if n == 0:
        return items
    count = pile_count(pile)
    if count == 15:
        items.append((_FIFTEEN, 2, tuple(pile)))
    elif count == 31:
        items.append((_THIRTY_ONE, 2, tuple(pile)))
    same = 1
    while same < n and pile[n - 1 - same] >> 2 == pile[n - 1] >> 2:
        same += 1
    if same > 1:
        items.append((_PAIR, same * (same - 1), tuple(pile[n - same :])))
    elif n >= 3:
        k = _peg_run(pile, n, 2)
        if k:
            items.append((_RUN, k, tuple(pile[n - k :])))
    return items


def item_name(item):
    """What players call a breakdown item: '15', '31', 'pair', 'pair royal',
    'double pair royal', 'run', 'flush', 'nobs' (the one wording of the
    command line, the hand counter and the play screen)."""
    kind = item[0]
    if kind == _FIFTEEN:
        return "15"
    if kind == _THIRTY_ONE:
        return "31"
    if kind == _PAIR:
        return _PAIRS_NAME[len(item[2]) - 2]
    return kind


def describe(item, cols=0, label=text):
    """One line a player can read: '15 2: 5H TD', 'run 3: 3C 4D 5H',
    'pair royal 6: 5H 5D 5C'. ``label(card)`` writes a card, its last
    character the suit. With ``cols`` the line is kept to that many
    characters: first the cards without their suits ('run 5: 9 10 J Q K'; a
    flush says its suit: 'flush 5: all H'), then the name and points alone."""
    kind, points, cards = item
    head = "%s %d" % (item_name(item), points)
    words = [label(c) for c in cards]
    line = "%s: %s" % (head, " ".join(words))
    if not cols or len(line) <= cols:
        return line
    if kind == _FLUSH:
        line = "%s: all %s" % (head, words[0][-1])
    else:
        line = "%s: %s" % (head, " ".join([w[:-1] for w in words]))
    return line if len(line) <= cols else head
