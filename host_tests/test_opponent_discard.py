# portable
"""The computer opponent's discards (issue 3): exact keep values against
brute force, the crib table and its part by role, the hints' list of all
fifteen lay-aways best first (and the figure it is ordered by near the
end), and the count-out values hard weighs near the end. The levels' legal,
fair play: test_opponent.py; pegging: test_opponent_pegging.py. Runs under
CPython (pytest) and MicroPython."""

from engine import discard, opponent
from engine.cards import parse_many
from engine.crib_table import SCALE, crib_value
from engine.discard import evaluate, keep_total, pair_at
from engine.keep import keep_of, unseen
from engine.rng import Rng
from engine.score import hand_score
from opponentviews import by_role
from opponentviews import hands as _hands
from opponentviews import view as _view


def _brute_total(keep, known):
    total = 0
    for s in range(52):
        if s not in known:
            total += hand_score(keep, s)
    return total


# Hands with flushes, jacks (nobs), pairs, triples and runs.
_SPECIAL = [
    "JH 5H 6H 4H JS 2C",
    "5C 5D 5H JS 5S KD",
    "3C 3D 4H 4S 5C 9D",
    "2H 4H 6H 8H TH QH",
    "7C 8C 7D 8D JC JD",
    "AC 2C 3C 4C 5C 6C",
    "TS JS QS KS 9S 5H",
]


def test_fast_keep_value_equals_brute_force():
    ranks = bytearray(13)
    suits = bytearray(4)
    hands = [parse_many(h) for h in _SPECIAL] + _hands(6, 11)
    for hand in hands:
        n = unseen(hand, ranks, suits)
        assert n == 46
        for i in range(15):
            keep = keep_of(hand, i)
            fast = keep_total(keep[0], keep[1], keep[2], keep[3], ranks, suits, n)
            assert fast == _brute_total(keep, hand), (hand, keep)


def test_fast_keep_value_with_more_cards_known():
    # An open-hand game (V3) also rules out the opponent's six cards.
    ranks = bytearray(13)
    suits = bytearray(4)
    for hand in _hands(4, 5):
        rng = Rng(hand[0] + 1)
        others = [c for c in range(52) if c not in hand]
        rng.shuffle(others)
        known = hand + others[:6]
        n = unseen(known, ranks, suits)
        assert n == 40
        keep = hand[:4]
        fast = keep_total(keep[0], keep[1], keep[2], keep[3], ranks, suits, n)
        assert fast == _brute_total(keep, known)


def test_evaluate_adds_the_crib_by_role():
    hand = parse_many("5C 5D JH QS 2C 8D")
    n, base, mine, theirs = by_role(evaluate, hand, 15)
    for i in range(15):
        j, k = pair_at(i)
        keep = keep_of(hand, i)
        assert base[i] == _brute_total(keep, hand) * SCALE
        assert mine[i] - base[i] == crib_value(True, hand[j] >> 2, hand[k] >> 2) * n
        assert base[i] - theirs[i] == crib_value(False, hand[j] >> 2, hand[k] >> 2) * n


def test_crib_table_is_symmetric_and_ranks_fives_high():
    for a in range(13):
        for b in range(13):
            for dealer in (True, False):
                assert crib_value(dealer, a, b) == crib_value(dealer, b, a)
    five, ten, king, ace = 4, 9, 12, 0
    # Two fives are the best pair to lay away, a ten and a king among the worst,
    # and the dealer feeds the pone's crib: its cards are worth more.
    for dealer in (True, False):
        assert crib_value(dealer, five, five) == max([crib_value(dealer, a, a) for a in range(13)])
        assert crib_value(dealer, ten, king) < crib_value(dealer, ace, five)
    assert crib_value(False, five, five) > crib_value(True, five, five)
    assert 4.0 < crib_value(True, 1, 3) / SCALE < 5.0


def test_hint_discard_lists_all_fifteen_best_first():
    for i, hand in enumerate(_hands(6, 31)):
        v = _view(hand, me=0, dealer=i % 2)
        hints = opponent.hint_discard(v)
        assert len(hints) == 15
        pairs = [tuple(sorted((c1, c2))) for c1, c2, ev in hints]
        assert len(set(pairs)) == 15
        evs = [ev for c1, c2, ev in hints]
        for x, y in zip(evs, evs[1:]):
            assert x >= y - 1e-9
        # The suggestion is what hard lays away; its value is the hand's exact
        # expected points plus (dealer) or minus (pone) the crib table's.
        c1, c2, ev = hints[0]
        assert sorted(opponent.make("hard", 1).discard(v)) == sorted((c1, c2))
        keep = [c for c in hand if c != c1 and c != c2]
        crib = crib_value(i % 2 == 0, c1 >> 2, c2 >> 2) / SCALE
        expect = _brute_total(keep, hand) / 46 + (crib if i % 2 == 0 else -crib)
        assert abs(ev - expect) < 1e-6


def test_hint_discard_near_the_end_shows_the_figure_it_is_ordered_by():
    # 61 game, 43-34, the computer's crib: 18 to go out. Hard weighs the chance
    # of counting out this deal; the figure shown is the one the list is in.
    crossed = 0
    for hand in _hands(24, 7):
        v = _view(hand, me=0, dealer=1, scores=(43, 34), target=61)
        hints = opponent.hint_discard(v)
        figures = [f for c1, c2, f in hints]
        for x, y in zip(figures, figures[1:]):
            assert x >= y - 1e-9
        assert sorted(opponent.make("hard", 1).discard(v)) == sorted(hints[0][:2])
        detail = opponent.hint_discard(v, True)
        points = [p for c1, c2, f, p, chance in detail]
        crossed += points != sorted(points, reverse=True)
        for (c1, c2, f), (d1, d2, g, p, chance) in zip(hints, detail):
            assert (c1, c2) == (d1, d2) and abs(f - g) < 1e-9
            assert 0 <= chance <= 1 and abs(g - (p + 20 * chance)) < 1e-6
    assert crossed  # hands where the chance of going out reorders the points
    far = opponent.hint_discard(_view(_hands(1, 7)[0], me=0, dealer=1), True)
    assert all([chance is None and f == p for c1, c2, f, p, chance in far])


def test_hard_discard_plays_for_the_count_out_near_the_end():
    # Pone at 111 of 121 counts first: with about 2 pegged it needs 8 from the
    # hand. Keeping 2 4 6 7 gives up EV but reaches 8 with some starters, the
    # best-EV keep (throwing T 4) never does. Early in the game EV decides.
    hand = parse_many("2D 7C 6S TD TH 4C")
    hard = opponent.make("hard", 1)

    def reach(out, need):
        keep = [c for c in hand if c not in out]
        return len([s for s in range(52) if s not in hand and hand_score(keep, s) >= need])

    late = hard.discard(_view(hand, me=0, dealer=1, scores=(111, 90)))
    early = hard.discard(_view(hand, me=0, dealer=1, scores=(11, 9)))
    best_ev = opponent.hint_discard(_view(hand, me=0, dealer=1))[0]
    assert sorted(early) == sorted(best_ev[:2])
    assert reach(late, 8) > reach(early, 8)


def test_end_game_values_count_the_starters_that_reach_the_goal():
    # Hard's discard near the end (engine.discard.evaluate with a bonus) equals
    # its definition: the points' values plus 20 points times the unseen
    # starters with which the kept hand reaches what is left to go out, less
    # the pegging and (dealer) the crib, by hand_score; open hands (V3) too.
    # Flushes, jacks and pairs in the hands; every goal from 1 to 31 to go.
    hands = [parse_many(h) for h in _SPECIAL] + _hands(10, 23)
    peg = (2, 3)  # engine.opponent's _PEG_PONE, _PEG_DEALER (consts)
    seen = 0
    for t, hand in enumerate(hands):
        for need in range(1 + t % 3, 32, 3):
            v = _view(hand, me=0, dealer=t % 2, scores=(121 - need, 100))
            known = list(hand)
            if t % 3 == 0:
                v.opponent_hand = [c for c in range(52) if c not in hand][t : t + 6]
                known += v.opponent_hand
            plain, n, _ = discard.discard_values(v, True, False)
            ends = discard.discard_values(v, True, True)[0]
            for i in range(15):
                j, k = pair_at(i)
                goal = need - peg[v.dealer == 0]
                if v.dealer == 0:
                    goal -= crib_value(True, hand[j] >> 2, hand[k] >> 2) // SCALE
                keep = keep_of(hand, i)
                hits = n
                if goal > 0:
                    starters = [s for s in range(52) if s not in known]
                    hits = len([s for s in starters if hand_score(keep, s) >= goal])
                    seen += 0 < hits < n
                assert ends[i] - plain[i] == hits * 20 * SCALE, (hand, need, i)
    assert seen > 100  # goals that some starters reach and others do not
