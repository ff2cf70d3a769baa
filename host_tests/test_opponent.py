# portable
"""The computer opponent's levels (issue 3): legal decisions at every level
(whole games, random mid-play positions), the levels by name, the greedy
baseline's definition (four-card points, the keep it lays away), and fair
play (a decision depends on the view alone; the players cannot import the
game). Discards' values and hints: test_opponent_discard.py; pegging
advice and play hints: test_opponent_pegging.py. Runs under CPython
(pytest) and MicroPython."""

from engine import opponent
from engine.baseline import GreedyPlayer, four_card_points
from engine.cards import VALUES, parse_many
from engine.keep import keep_of
from engine.game import Game, run
from engine.players import RandomPlayer
from engine.players import make as make_player
from engine.rng import Rng
from opponentviews import hands as _hands
from opponentviews import hidden_card_runs
from opponentviews import play_view as _play_view
from opponentviews import view as _view


def test_every_level_discards_two_of_its_cards():
    for name in opponent.LEVELS:
        p = opponent.make(name, 3)
        for i, hand in enumerate(_hands(12, 21)):
            v = _view(hand, me=i % 2, dealer=0, scores=(i * 9, 120 - i * 10))
            c1, c2 = p.discard(v)
            assert c1 != c2 and c1 in hand and c2 in hand, (name, hand, c1, c2)


class _Checked:
    """Wraps a player and checks each decision against the view (R6-R8)."""

    def __init__(self, inner):
        self.inner = inner
        self.plays = 0

    def discard(self, view):
        c1, c2 = self.inner.discard(view)
        assert c1 != c2 and c1 in view.hand and c2 in view.hand
        return c1, c2

    def play(self, view):
        card = self.inner.play(view)
        fits = [c for c in view.hand if view.count + VALUES[c >> 2] <= 31]
        if card is None:
            assert not fits, "said go holding %r at count %d" % (fits, view.count)
        else:
            assert card in fits, "played %r at count %d" % (card, view.count)
            self.plays += 1
        return card


def test_every_level_plays_whole_games_legally():
    for k, name in enumerate(opponent.LEVELS):
        for g in range(2):
            me = _Checked(opponent.make(name, k * 10 + g))
            other = _Checked(RandomPlayer(g + 7))
            seats = [me, other] if g == 0 else [other, me]
            # the second game is a short open-hand one (V1, V3)
            target = 121 if g == 0 else 61
            game = Game(seed=100 + k * 10 + g, target=target, open_hands=g == 1)
            winner = run(game, seats)
            assert winner in (0, 1)
            assert max(game.scores) >= target
            assert me.plays > 10


def test_pegging_never_illegal_in_random_positions():
    # Random mid-play positions: each seat's view after random legal play.
    rng = Rng(99)
    checked = 0
    for g in range(30):
        game = Game(seed=500 + g, open_hands=g % 3 == 0)
        game.start()
        randoms = [RandomPlayer(g), RandomPlayer(g + 1)]
        stop = 1 + rng.below(7)
        while game.phase == "discard":
            seat = game.waiting()[0]
            game.act(seat, randoms[seat].discard(game.view(seat)))
        while game.phase == "play" and len(game.played) < stop:
            seat = game.waiting()[0]
            game.act(seat, randoms[seat].play(game.view(seat)))
        if game.phase != "play":
            continue
        seat = game.waiting()[0]
        v = game.view(seat)
        for name in opponent.LEVELS:
            card = _Checked(opponent.make(name, g)).play(v)
            if card is not None:
                game_copy_count = v.count + VALUES[card >> 2]
                assert game_copy_count <= 31
        checked += 1
    assert checked > 15


def test_levels_are_reachable_through_players_make():
    for name in ("easy", "medium", "hard", "greedy"):
        assert name in opponent.LEVELS
        p = make_player(name, 5)
        assert hasattr(p, "discard") and hasattr(p, "play")
    try:
        opponent.make("grandmaster", 1)
    except ValueError as e:
        assert "grandmaster" in str(e) and "hard" in str(e)
    else:
        assert False, "an unknown level must raise ValueError"


def test_four_card_points_by_hand_counted_examples():
    examples = [
        ("5C 5D 5H JS", 14),  # three 5-J fifteens, 5-5-5, a pair royal
        ("3C 4D 5H 6S", 6),  # run of four, 4-5-6
        ("3C 3D 4H 5S", 10),  # two runs of three, a pair, 3-3-4-5
        ("2H 4H 6H 8H", 4),  # a flush and nothing else
        ("TC JD QH KS", 4),  # run of four; no nobs without a starter
        ("7C 8D 7H 8S", 12),  # four 7-8 fifteens, two pairs
        ("AC 3D 7H 9S", 0),
    ]
    for text, points in examples:
        a, b, c, d = parse_many(text)
        assert four_card_points(a, b, c, d) == points, text


def test_greedy_keeps_the_most_points_before_the_cut():
    g = GreedyPlayer()
    hand = parse_many("2C 5C 5D 9D 5H JS")
    assert sorted(g.discard(_view(hand))) == sorted(parse_many("2C 9D"))
    # Whatever it keeps scores at least as much alone as any other keep.
    for hand in _hands(20, 3):
        c1, c2 = g.discard(_view(hand))
        kept = [c for c in hand if c != c1 and c != c2]
        best = max([four_card_points(*keep_of(hand, i)) for i in range(15)])
        assert four_card_points(*kept) == best


def test_fair_play_hidden_cards_and_deck_order_never_change_a_decision():
    # Same cards seen by seat 0; the other seat's crib cards, the rest of the
    # pack (game seed) differ. Every decision of seat 0 must be the same.
    runs_by_level = hidden_card_runs("5C 6D 7H JS 2C KD", "4S 8C 9D QH", "3H")
    assert len(runs_by_level) == 2 * len(opponent.LEVELS)
    for name, dealer, runs in runs_by_level:
        assert len(runs[0]) >= 4
        assert runs[0] == runs[1] == runs[2], (name, dealer, runs)


def test_decisions_depend_only_on_the_view():
    # Hand-built views with identical contents give identical decisions, and
    # deciding does not change the view it was given.
    for name in opponent.LEVELS:
        for hand in _hands(5, 8):
            a = opponent.make(name, 9)
            b = opponent.make(name, 9)
            va = _view(hand, dealer=1, scores=(50, 60))
            vb = _view(list(hand), dealer=1, scores=(50, 60))
            da = a.discard(va)
            assert da == b.discard(vb)
            assert va.hand == hand and va.scores == [50, 60]
            kept = [c for c in hand if c not in da]
            pa = _play_view(kept, [(1, 20)], 51)
            pb = _play_view(list(kept), [(1, 20)], 51)
            assert a.play(pa) == b.play(pb)
            assert pa.hand == kept


_ENGINE = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../engine/"


def test_opponent_modules_cannot_reach_the_game():
    # Fair play by construction: the players import no game, deck or save
    # module, so a View is all they can see.
    for name in (
        "opponent",
        "discard",
        "pegging",
        "baseline",
        "crib_table",
        "discard5",
        "crib_table5",
    ):
        with open(_ENGINE + name + ".py") as f:
            source = f.read()
        for forbidden in ("engine.game", "engine.save", "engine.match", "import game"):
            assert forbidden not in source, (name, forbidden)
