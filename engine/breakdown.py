"""What a hand or crib scores, item by item: ``hand_breakdown`` (docs/rules.md
R12; a five-card game's three-card hand too, V5.4), for the show's count on
the play screen, the hand counter and the command line. Apart from
``engine.score``, which a whole game holds, because only those load it: it
is slower and allocates. Imports ``engine.cards``.
"""

from engine.cards import JACK, VALUES


def hand_breakdown(hand, starter, crib=False):
    """What a hand (four cards, or three in a five-card game) scores, as a
    list of ``(kind, points, cards)`` in counting order: each fifteen, the
    cards of each rank held more than once (a pair 2, pair royal 6 or double
    pair royal 12, as pegging says them), each run (one item per way of making
    it), the flush, nobs. The points add up to ``show_score``."""
    cards = list(hand) + [starter]
    items = []
    n = len(cards)
    for mask in range(1, 1 << n):
        chosen = [cards[i] for i in range(n) if mask >> i & 1]
        if len(chosen) >= 2 and sum([VALUES[x >> 2] for x in chosen]) == 15:
            items.append(("fifteen", 2, tuple(chosen)))
    for i in range(n):  # the cards of one rank as one item: pair, pair royal...
        r = cards[i] >> 2
        if any([cards[j] >> 2 == r for j in range(i)]):
            continue
        same = tuple([x for x in cards if x >> 2 == r])
        if len(same) > 1:
            items.append(("pair", len(same) * (len(same) - 1), same))
    for run in _hand_runs(cards):
        items.append(("run", len(run), run))
    s = hand[0] & 3
    if all([x & 3 == s for x in hand]):  # four (R12) or three (V5.4) hand cards
        if starter & 3 == s:
            items.append(("flush", len(cards), tuple(cards)))
        elif not crib:
            items.append(("flush", len(hand), tuple(hand)))
    for x in hand:
        if x >> 2 == JACK and x & 3 == starter & 3:
            items.append(("nobs", 1, (x,)))
    return items


def _hand_runs(cards):
    # Every way of making the longest run of 3+ ranks: one card per rank.
    ranks = sorted(set([x >> 2 for x in cards]))
    best = []
    start = 0
    for i in range(1, len(ranks) + 1):
        if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
            if i - start >= 3 and i - start > len(best):
                best = ranks[start:i]
            start = i
    runs = [()]
    for r in best:
        runs = [run + (x,) for run in runs for x in cards if x >> 2 == r]
    return runs if best else []
