# portable
"""The computer opponent's pegging (issue 3): the greedy baseline plays the
card that pegs most now, pegging points on ranks agree with the scorer, the
pegging advice hard's lookahead must reproduce (lead below five, never
leave 5 or 21, peg out when it can), and the play hints best first. The
levels' legal, fair play: test_opponent.py; discards:
test_opponent_discard.py. Runs under CPython (pytest) and MicroPython."""

from engine import opponent
from engine.baseline import GreedyPlayer
from engine.cards import VALUES, parse, parse_many
from engine.game import Game
from engine.rng import Rng
from engine.score import peg_points, peg_score
from opponentviews import play_view as _play_view


def test_greedy_plays_the_card_that_pegs_most_now():
    g = GreedyPlayer()
    v = _play_view(
        parse_many("KS 5C AC 9H"),
        [(1, parse("5D")), (0, parse("9H")), (1, parse("5H"))],
        parse("2D"),
        pile=parse_many("5D 5H"),
    )
    v.count = 10
    assert g.play(v) == parse("5C")  # pair royal and fifteen: 8
    for seed in range(10):
        game = Game(seed=seed)
        game.start()
        while game.phase == "discard":
            seat = game.waiting()[0]
            game.act(seat, g.discard(game.view(seat)))
        v = game.view(game.waiting()[0])
        card = g.play(v)
        best = max([peg_score(v.pile + [c]) for c in v.playable()])
        assert peg_score(v.pile + [card]) == best


def test_peg_points_on_ranks_agrees_with_peg_score():
    rng = Rng(4)
    pr = bytearray(16)
    for _ in range(400):
        n = 1 + rng.below(6)
        pile = []
        count = 0
        while len(pile) < n:
            c = rng.below(52)
            if c in pile or count + VALUES[c >> 2] > 31:
                break
            pile.append(c)
            count += VALUES[c >> 2]
        if not pile:
            continue
        for i, c in enumerate(pile):
            pr[i] = c >> 2
        assert peg_points(pr, len(pile), count, 0) == peg_score(pile), pile


def test_hard_leads_below_five_and_never_leads_the_five():
    hard = opponent.make("hard", 1)
    for text in ("5C 2D KS 9H", "5C 3D QS 8H", "4C 5D JS TH"):
        kept = parse_many(text)
        v = _play_view(kept, [], parse("7S"), me=0, dealer=1)
        card = hard.play(v)
        assert VALUES[card >> 2] < 5, text


def test_hard_does_not_leave_the_count_on_five_or_twentyone():
    hard = opponent.make("hard", 1)
    # Count 2 (opponent led a 2): a 3 would leave 5 for every ten card.
    v = _play_view(parse_many("3C 8D 9S KH"), [(1, parse("2H"))], parse("AS"))
    assert hard.play(v) != parse("3C")
    # Count 11: a ten card makes 21.
    v = _play_view(
        parse_many("TC 4D 6S 2H"),
        [(1, parse("6H")), (0, parse("6S")), (1, parse("5H"))],
        parse("AS"),
        pile=parse_many("6H 5H"),
    )
    v.count = 11
    assert hard.play(v) != parse("TC")


def test_hard_pegs_out_when_it_can():
    hard = opponent.make("hard", 1)
    # Count 13: the 2 makes fifteen and the game; the 8 (a safer card) does not.
    v = _play_view(
        parse_many("2C 8D 9S KH"),
        [(1, parse("KD")), (0, parse("KH")), (1, parse("3H"))],
        parse("AS"),
        scores=(119, 100),
        pile=parse_many("KD 3H"),
    )
    v.count = 13
    assert hard.play(v) == parse("2C")


def test_hint_play_lists_the_playable_cards_best_first():
    game = Game(seed=42)
    game.start()
    hard = opponent.make("hard", 1)
    shown = 0
    while game.phase != "over" and game.deal_number < 3:
        seat = game.waiting()[0]
        v = game.view(seat)
        if v.phase == "discard":
            game.act(seat, hard.discard(v))
            continue
        hints = opponent.hint_play(v)
        assert sorted([c for c, val in hints]) == sorted(v.playable())
        vals = [val for c, val in hints]
        for x, y in zip(vals, vals[1:]):
            assert x >= y
        card = hard.play(v)
        if hints:
            assert [val for c, val in hints if c == card][0] == vals[0]
        else:
            assert card is None
        shown += len(hints)
        game.act(seat, card)
    assert shown > 10
