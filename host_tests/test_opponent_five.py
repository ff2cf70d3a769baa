# portable
"""The computer opponent in five-card cribbage (docs/rules.md V5) and in games
of fixed deals (V6): exact three-card keep values against brute force, the
five-card crib table, legal decisions at every level, the greedy baseline,
fair play (a decision depends on the view alone), hints, and the single play
sequence's pegging. Runs under CPython (pytest) and MicroPython."""

from engine import opponent
from engine.baseline import GreedyPlayer
from engine.cards import parse, parse_many
from engine.crib_table import SCALE
from engine.crib_table5 import crib_value as crib5
from engine.keep import keep_of, unseen
from engine.discard5 import evaluate5, keep_total3, pair_at5, three_card_points
from engine.game import Game, run
from engine.players import RandomPlayer
from engine.score5 import hand3_score
from opponentviews import by_role, hands, hidden_card_runs, play_view, view


def _hands(count, seed):
    return hands(count, seed, 5)


def _view(hand, me=0, dealer=0, scores=(0, 0), target=61):
    return view(hand, me, dealer, scores, target, five=True)


def test_three_card_keep_value_equals_brute_force_v5_4():
    ranks = bytearray(13)
    suits = bytearray(4)
    for hand in _hands(60, 3):
        n = unseen(hand, ranks, suits)
        assert n == 47
        for i in range(10):
            a, b, c = keep_of(hand, i)
            want = 0
            for s in range(52):
                if s not in hand:
                    want += hand3_score((a, b, c), s)
            assert keep_total3(a, b, c, ranks, suits, n) == want, (hand, i)


def test_evaluate5_adds_the_five_card_crib_by_role():
    hand = parse_many("5C 5D JS 2C KD")
    n, plain, mine, theirs = by_role(evaluate5, hand, 10)
    for i in range(10):
        j, k = pair_at5(i)
        cv = crib5(True, hand[j] >> 2, hand[k] >> 2) * n
        assert mine[i] == plain[i] + cv
        assert theirs[i] == plain[i] - crib5(False, hand[j] >> 2, hand[k] >> 2) * n
    assert plain[0] % SCALE == 0


def test_five_card_crib_table_is_symmetric_and_ranks_fives_high():
    for dealer in (True, False):
        for a in range(13):
            for b in range(13):
                assert crib5(dealer, a, b) == crib5(dealer, b, a)
        assert crib5(dealer, 4, 4) == max(
            [crib5(dealer, a, b) for a in range(13) for b in range(13)]
        )
    # a pone's discards go to the dealer, who feeds his own: the pone's crib is worth more
    assert crib5(False, 4, 4) > crib5(True, 4, 4)


def test_every_level_discards_two_of_five_and_plays_five_card_games_legally():
    for name in opponent.LEVELS:
        for hand in _hands(8, 11):
            for dealer in (0, 1):
                a, b = opponent.make(name, 3).discard(_view(hand, dealer=dealer))
                assert a != b and a in hand and b in hand, (name, hand)
        for seed in range(3):
            g = Game(seed, None, seed % 2, variant="five")
            run(g, [opponent.make(name, seed), RandomPlayer(seed)])
            assert g.phase == "over" and max(g.scores) >= 61
    for deals in (2, 6):  # and in games of fixed deals, five- and six-card (V6)
        for variant in ("five", "six"):
            g = Game(4, None, 0, variant=variant, deals=deals)
            run(g, [opponent.make("hard", 1), opponent.make("medium", 2)])
            assert g.phase == "over" and g.deal_number == deals


def test_greedy_keeps_the_three_that_score_most_before_the_cut():
    assert three_card_points(*parse_many("5C TD 5H")) == 2 + 2 + 2  # two 15s, a pair
    assert three_card_points(*parse_many("7H 8H 9H")) == 2 + 3 + 3  # 7+8, run, flush
    assert three_card_points(*parse_many("AC 2D 4S")) == 0
    hand = parse_many("7H 8H 9H KC 2D")
    a, b = GreedyPlayer().discard(_view(hand))
    assert sorted([a, b]) == sorted(parse_many("KC 2D"))


def test_hard_keeps_the_best_expected_hand_as_pone():
    # pone, keeping three of 5 5 5 J K: three fives and nothing for the dealer's crib
    hand = parse_many("5C 5D 5H JS KD")
    a, b = opponent.make("hard").discard(_view(hand, me=1, dealer=0))
    kept = [c for c in hand if c != a and c != b]
    assert [c >> 2 for c in kept].count(4) >= 2


def test_fair_play_in_five_card_hidden_cards_never_change_a_decision():
    runs_by_level = hidden_card_runs("5C 6D 7H 2C KD", "4S 8C 9D", "3H", "five")
    assert len(runs_by_level) == 2 * len(opponent.LEVELS)
    for name, dealer, runs in runs_by_level:
        assert len(runs[0]) >= 2
        assert runs[0] == runs[1] == runs[2], (name, dealer, runs)


def test_hint_discard_lists_all_ten_best_first():
    hand = parse_many("5C 6D 7H 2C KD")
    hints = opponent.hint_discard(_view(hand, dealer=0))
    assert len(hints) == 10
    assert len(set([(a, b) for a, b, _ in hints])) == 10
    figures = [f for _, _, f in hints]
    assert figures == sorted(figures, reverse=True)
    a, b = opponent.make("hard").discard(_view(hand, dealer=0))
    assert (hints[0][0], hints[0][1]) == (a, b)
    near = opponent.hint_discard(_view(hand, dealer=0, scores=(50, 0)), True)
    assert near[0][4] is not None and 0 <= near[0][4] <= 1


def test_hint_play_in_the_single_sequence():
    played = [(0, parse("TS"))]
    kept = parse_many("5C 6D 7H")
    v = play_view(kept, played, parse("3H"), 1, 0, five=True, discards=parse_many("2C KD"))
    hints = opponent.hint_play(v)
    assert [c for c, _ in hints][0] == parse("5C")  # 15 for 2
    assert len(hints) == 3


def test_hard_goes_on_alone_when_the_opponent_cannot_answer_v5_3():
    # count 24, the opponent has said go: 4 then 3 make 31 (2) from hard's hand
    played = [(1, parse("TS")), (0, parse("AC")), (1, parse("9S")), (0, parse("4S"))]
    kept = parse_many("4C 3D KH")
    v = play_view(kept, played, parse("9H"), 0, 1, five=True, discards=parse_many("2C QD"))
    assert v.count == 24 and v.opponent_left == 1
    v.opponent_go = True
    card = opponent.make("hard").play(v)
    assert card in parse_many("4C 3D")


def test_no_end_game_in_fixed_deals_v6():
    # far past 121 in a game of fixed deals: hard still plays for points, not "out"
    hand = parse_many("5C 5D JS 2C KD")
    v = _view(hand, dealer=0, scores=(200, 190), target=0)
    v.deals = 8
    hints = opponent.hint_discard(v, True)
    assert all([h[4] is None for h in hints])
    plain = opponent.hint_discard(_view(hand, dealer=0), True)
    assert [(h[0], h[1]) for h in hints] == [(h[0], h[1]) for h in plain]
