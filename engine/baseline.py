"""The greedy baseline player: what a beginner who only counts what is in
front of them does.

Discard: keep the four cards that score the most on their own, before the cut
(fifteens, pairs, runs and a four-card flush of the four cards; no starter, so
no nobs); ties go to the first of the 15 discards in hand order (in
five-card cribbage, V5, the three cards of the 10 discards that score the
most: fifteens, pairs, a run of three, a three-card flush). Play: the card
that pegs the most now (engine.score.peg_score); ties go to the first card in
hand order. Imports engine.cards, engine.score, engine.discard;
engine.discard5 in a five-card game.
"""

from engine.cards import VALUES
from engine.discard import pair_at
from engine.score import peg_score


def four_card_points(a, b, c, d):
    """Points of four cards alone (R12 without a starter): fifteens, pairs,
    runs, and 4 for a flush."""
    vals = (VALUES[a >> 2], VALUES[b >> 2], VALUES[c >> 2], VALUES[d >> 2])
    pts = 0
    for mask in range(3, 16):
        s = 0
        for i in range(4):
            if mask >> i & 1:
                s += vals[i]
        if s == 15:
            pts += 2
    ranks = sorted([a >> 2, b >> 2, c >> 2, d >> 2])
    for i in range(4):
        for j in range(i + 1, 4):
            if ranks[i] == ranks[j]:
                pts += 2
    distinct = sorted(set(ranks))
    if len(distinct) == 4 and distinct[3] - distinct[0] == 3:
        pts += 4
    else:
        # A run of three, once for each way of making it (one duplicate rank).
        for lo in distinct:
            if lo + 1 in distinct and lo + 2 in distinct:
                ways = 1
                for r in (lo, lo + 1, lo + 2):
                    ways *= ranks.count(r)
                pts += 3 * ways
    if a & 3 == b & 3 == c & 3 == d & 3:
        pts += 4
    return pts


class GreedyPlayer:
    """Most points now, in the hand and in the play."""

    def discard(self, view):
        hand = view.hand
        if len(hand) == 5:
            from engine.discard5 import greedy_discard5

            return greedy_discard5(hand)
        best = -1
        best_i = 0
        for i in range(15):
            j, k = pair_at(i)
            kept = [hand[x] for x in range(6) if x != j and x != k]
            p = four_card_points(kept[0], kept[1], kept[2], kept[3])
            if p > best:
                best = p
                best_i = i
        j, k = pair_at(best_i)
        return hand[j], hand[k]

    def play(self, view):
        room = 31 - view.count
        pile = list(view.pile)
        best = None
        best_p = -1
        for c in view.hand:
            if VALUES[c >> 2] > room:
                continue
            pile.append(c)
            p = peg_score(pile)
            pile.pop()
            if p > best_p:
                best = c
                best_p = p
        return best
