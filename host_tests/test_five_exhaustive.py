"""Every five-card game's hand (V5.4): all 22,100 three-card hands with each of
their 49 starters, 1,082,900 in all, scored by ``engine.score.hand3_score``.
The distribution is published here and in docs/rules.md; its total and mean
are checked against an independent count written below from the rules alone
(rank patterns weighed by how many cards make them, flush and nobs counted by
formula). CPython only (a few seconds).

Points:   0       1       2      3       4      5      6      7      8     9
      260220   18180  403032  63288  144716  69300  72928  16832  18668  5964
Points:  10      11      12     13      14     15     16-19  20
        4044     824    4372    164     268     96      0     4
Total 2,807,256 points; mean 2.5924 a hand (2,807,256 / 1,082,900).
"""

from engine.score5 import hand3_score

PUBLISHED = [
    260220, 18180, 403032, 63288, 144716, 69300, 72928, 16832, 18668, 5964,
    4044, 824, 4372, 164, 268, 96, 0, 0, 0, 0, 4,
]  # fmt: skip
HANDS = 22100 * 49  # C(52, 3) hands, 49 starters each


def distribution():
    dist = [0] * 30
    hand = [0, 0, 0]
    for a in range(52):
        hand[0] = a
        for b in range(a + 1, 52):
            hand[1] = b
            for c in range(b + 1, 52):
                hand[2] = c
                for e in range(52):
                    if e != a and e != b and e != c:
                        dist[hand3_score(hand, e)] += 1
    return dist


# -- the independent count ---------------------------------------------------------


def _choose(n, k):
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def _rank_points(ranks):
    # fifteens, pairs and runs of four ranks (0 = ace), straight from R12
    values = [min(r + 1, 10) for r in ranks]
    pts = 0
    for mask in range(1, 16):
        if sum([values[i] for i in range(4) if mask >> i & 1]) == 15:
            pts += 2
    for i in range(4):
        for j in range(i + 1, 4):
            if ranks[i] == ranks[j]:
                pts += 2
    for length in (4, 3):  # the longest run only, once per way of making it
        ways = 0
        for mask in range(16):
            idx = [i for i in range(4) if mask >> i & 1]
            if len(idx) != length:
                continue
            rs = sorted([ranks[i] for i in idx])
            if all([rs[k + 1] == rs[k] + 1 for k in range(length - 1)]):
                ways += 1
        if ways:
            pts += length * ways
            break
    return pts


def independent_total():
    total = 0
    for r1 in range(13):
        for r2 in range(r1, 13):
            for r3 in range(r2, 13):
                held = [0] * 13
                for r in (r1, r2, r3):
                    held[r] += 1
                hands = 1
                for r in range(13):
                    hands *= _choose(4, held[r])
                for rs in range(13):
                    starters = 4 - held[rs]
                    if hands and starters > 0:
                        total += hands * starters * _rank_points([r1, r2, r3, rs])
    # flush: 4 suits x C(13,3) one-suit hands; 10 starters of the suit give 4, 39 give 3
    total += 4 * _choose(13, 3) * (10 * 4 + 39 * 3)
    # nobs: each jack with two of the other 51 cards (C(51,2) = 1275 hands); a
    # starter of its suit is one of the other 12, less those in the hand (the
    # 1275 pairs hold 2 * 1275 * 12 / 51 = 600 of them in all)
    total += 4 * (1275 * 12 - 600)
    return total


def test_every_three_card_hand_with_every_starter_v5_4():
    dist = distribution()
    assert sum(dist) == HANDS == 1082900
    assert dist[: len(PUBLISHED)] == PUBLISHED and not any(dist[len(PUBLISHED) :])
    total = sum([i * dist[i] for i in range(30)])
    assert total == independent_total() == 2807256
    assert round(total / HANDS, 4) == 2.5924
    assert max([i for i in range(30) if dist[i]]) == 20  # 5 5 5 + 5
