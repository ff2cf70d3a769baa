"""Every one of the 12,994,800 hand-and-starter combinations, scored as a hand
and as a crib, against the published distribution (R12). CPython only: slow."""

import pytest

from engine.score import hand_score

# Steven S. Lumetta, "Amusing Cribbage Facts": hands with each score 0..29.
PUBLISHED_HAND = [
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
]  # fmt: skip
PUBLISHED_CRIB_ZERO = 1022208  # zero-point cribs (only five-card flushes count)


def distributions():
    hand = [0] * 30
    crib = [0] * 30
    four = [0, 0, 0, 0]
    for a in range(52):
        four[0] = a
        for b in range(a + 1, 52):
            four[1] = b
            for c in range(b + 1, 52):
                four[2] = c
                for d in range(c + 1, 52):
                    four[3] = d
                    for e in range(52):
                        if e == a or e == b or e == c or e == d:
                            continue
                        hand[hand_score(four, e)] += 1
                        crib[hand_score(four, e, True)] += 1
    return hand, crib


@pytest.mark.slow
def test_hand_and_crib_distributions_match_published_counts():
    hand, crib = distributions()
    assert sum(hand) == 12994800 and sum(crib) == 12994800
    assert hand == PUBLISHED_HAND
    assert crib[0] == PUBLISHED_CRIB_ZERO
    for impossible in (19, 25, 26, 27):
        assert crib[impossible] == 0
    # The crib differs only by four-card flushes that the starter does not
    # match: C(13,4) * 4 suits * 39 starters hands lose exactly 4 points.
    moved = 715 * 4 * 39
    assert sum([abs(hand[i] - crib[i]) for i in range(30)]) <= 2 * moved
    assert (
        sum([i * hand[i] for i in range(30)]) - sum([i * crib[i] for i in range(30)]) == 4 * moved
    )
    assert crib[28] == hand[28] and crib[29] == hand[29]
