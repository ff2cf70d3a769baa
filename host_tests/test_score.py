# portable: runs under MicroPython too
"""Hand, crib (R12) and pegging (R7, R10) scores and their breakdowns."""

from engine.cards import parse_many
from engine.rng import Rng
from engine.breakdown import hand_breakdown
from engine.score import describe, hand_score, peg_breakdown, peg_score

# the breakdown's item kinds (engine.score keeps them as private consts)
RUN = "run"
FLUSH = "flush"
NOBS = "nobs"


def hs(text, crib=False):
    c = parse_many(text)
    return hand_score(c[:4], c[4], crib)


def ps(text):
    return peg_score(parse_many(text))


def test_rules_worked_examples_r12():
    assert hs("3C 4D 4H 5S 9C") == 8  # two runs of three, a pair
    assert hs("3C 3D 4H 4S 5C") == 20  # four runs of 3, two pairs, two fifteens
    assert hs("5H 5D JS 4C 6S") == 17
    assert hs("5C 5D 5H JS 5S") == 29
    assert hs("5C 5D 5H JD 5S") == 28


def test_fifteens_count_every_distinct_subset_r12():
    assert hs("TC JD QH KS 5C") == 2 * 4 + 4  # four fifteens and a run of four
    assert hs("7C 8D 2H 3S KC") == 2 * 2  # 7+8 and 2+3+K, nothing else
    assert hs("AC 2D 3H 9S 5C") == 2 * 2 + 3  # A+9+5, 2+3+... run A23
    assert hs("6C 6D 9H 9S 3C") == 2 * 5 + 4  # 6+9 four ways, 6+6+3; two pairs
    assert hs("7C 7D 8H 8S AC") == 2 * 5 + 4  # 7+8 four ways, 7+7+A; two pairs


def test_runs_maximal_with_duplicates_r12():
    assert hs("AC 2D 3H 8S KC") == 3 + 2  # A-2-3, ace low; 2+3+K
    assert hs("QC KD AH 7S 8C") == 2  # Q-K-A is no run (R1); 7+8 = 15
    assert hs("4C 5D 6H 7S QC") == 4 + 2 * 2  # run of four, 4+5+6 and 5+Q... fifteens
    assert hs("3C 4D 5H 6S 7C") == 5 + 2 * 2  # run of five; 3+5+7, 4+5+6
    assert hs("9C 9D TH JS QC") == 2 * 4 + 2  # double run of four
    assert hs("9C 9D 9H TS JC") == 3 * 3 + 6  # triple run of three


def test_flush_hand_and_crib_r12():
    assert hs("2H 4H 6H 8H TC") == 4
    assert hs("2H 4H 6H 8H TH") == 5
    assert hs("2H 4H 6H 8H TC", crib=True) == 0  # crib needs all five
    assert hs("2H 4H 6H 8H TH", crib=True) == 5
    assert hs("2H 4H 6H 8C TH") == 0  # starter cannot make a four-card flush


def test_nobs_is_the_jack_of_the_starters_suit_r12():
    assert hs("JH 2C 4D 8S KH") == 1
    assert hs("JH 2C 4D 8S KC") == 0
    assert hs("JC 2H 4D 8S JH") == 2  # the pair only: a jack starter is heels, not nobs


def test_breakdown_adds_up_and_lists_the_cards():
    rng = Rng(2024)
    deck = bytearray(range(52))
    for _ in range(400):
        rng.shuffle(deck)
        hand = list(deck[:4])
        for crib in (False, True):
            items = hand_breakdown(hand, deck[4], crib)
            assert sum([it[1] for it in items]) == hand_score(hand, deck[4], crib)
            for kind, points, cards in items:
                for c in cards:
                    assert c in hand or c == deck[4]
                if kind == RUN:
                    assert points == len(cards) >= 3
    kinds = [it[0] for it in hand_breakdown(parse_many("5H 5D JS 4C"), parse_many("6S")[0])]
    assert kinds.count("fifteen") == 4 and kinds.count("pair") == 1
    assert kinds.count(RUN) == 2 and kinds.count(NOBS) == 1 and FLUSH not in kinds


def test_describe_names_items_as_pegging_does():
    pile = parse_many("4C 4D 4H 4S")
    assert [describe(it) for it in peg_breakdown(pile)] == ["double pair royal 12: 4C 4D 4H 4S"]
    assert [describe(it) for it in peg_breakdown(pile[:3])] == ["pair royal 6: 4C 4D 4H"]
    assert describe(peg_breakdown(parse_many("TC 5D"))[0]) == "15 2: TC 5D"
    items = hand_breakdown(parse_many("9C 9D TH JS"), parse_many("KC")[0])
    assert [describe(it) for it in items if it[0] == RUN][0] == "run 3: 9C TH JS"


def test_breakdown_names_a_pair_royal_once_as_pegging_does_r12():
    items = hand_breakdown(parse_many("9C 9D 9H TS"), parse_many("JC")[0])
    pairs = [it for it in items if it[0] == "pair"]
    assert pairs == [("pair", 6, tuple(parse_many("9C 9D 9H")))]
    assert describe(pairs[0]) == "pair royal 6: 9C 9D 9H"
    items = hand_breakdown(parse_many("5C 5D 5H 5S"), parse_many("JD")[0])
    assert [describe(it) for it in items if it[0] == "pair"] == [
        "double pair royal 12: 5C 5D 5H 5S"
    ]
    items = hand_breakdown(parse_many("3C 3D 4H 4S"), parse_many("5C")[0])
    assert [describe(it) for it in items if it[0] == "pair"] == ["pair 2: 3C 3D", "pair 2: 4H 4S"]


def test_describe_keeps_to_the_columns_it_is_given():
    def ten_label(c):  # as the screens write cards: "10" in two cells
        return ("10" if c >> 2 == 9 else "A23456789TJQK"[c >> 2]) + "CDHS"[c & 3]

    run5 = hand_breakdown(parse_many("9H TD JC QS"), parse_many("KH")[0])[0]
    assert describe(run5, 0, ten_label) == "run 5: 9H 10D JC QS KH"  # 22
    assert describe(run5, 21, ten_label) == "run 5: 9 10 J Q K"
    flush = [it for it in hand_breakdown(parse_many("2H 4H 6H 8H"), parse_many("QH")[0])]
    assert describe(flush[-1], 23, ten_label) == "flush 5: 2H 4H 6H 8H QH"
    assert describe(flush[-1], 21, ten_label) == "flush 5: all H"
    pr = ("pair", 6, tuple(parse_many("TC TD TH")))
    assert describe(pr, 21, ten_label) == "pair royal 6"  # "pair royal 6: 10 10 10" is 22
    assert describe(pr, 0, ten_label) == "pair royal 6: 10C 10D 10H"


def test_pegging_fifteen_and_thirty_one_r7():
    assert ps("7C 8D") == 2
    assert ps("TC JD AH") == 2 - 2  # count 21: nothing
    assert ps("TC JD AH KS") == 2  # 31


def test_pegging_pairs_r7():
    assert ps("7C 7D") == 2
    assert ps("7C 7D 7H") == 6
    assert ps("7C 7D 7H 7S") == 12
    assert ps("7C 3D 7H") == 0  # not in a row
    assert ps("JC QD") == 0  # J and Q are no pair
    assert ps("5C 5D 5H") == 6 + 2  # pair royal making 15


def test_pegging_runs_in_any_order_r7():
    assert ps("5C 3D 4H") == 3
    assert ps("7C 9D 8H") == 3
    assert ps("2C 4D 3H 5S") == 4
    assert ps("AC 2D 3H 5S 4C") == 5 + 2  # run of five, count 15
    assert ps("3C 4D 5H 4S") == 0  # the second 4 breaks the run
    assert ps("4C 3D 5H 4S 6C") == 4  # last four: 3 5 4 6
    assert ps("KC QD JH") == 3
    assert ps("QC KD AH") == 0  # no wrap


def test_pegging_never_scores_flushes_r10():
    assert ps("2H 4H 8H") == 0
    assert ps("2H 4H 8H KH") == 0


def test_peg_breakdown_adds_up():
    rng = Rng(77)
    deck = bytearray(range(52))
    checked = 0
    for _ in range(600):
        rng.shuffle(deck)
        pile = []
        count = 0
        for c in deck:
            v = min((c >> 2) + 1, 10)
            if count + v > 31:
                break
            pile.append(c)
            count += v
            assert sum([it[1] for it in peg_breakdown(pile)]) == peg_score(pile)
            checked += 1
    assert checked > 1000
