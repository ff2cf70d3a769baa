"""Hands, views and rigged deals for the computer opponent's tests:
``hands`` (seeded deals, six cards or ``size``), ``view`` (a discard-phase
View of a hand, six-card or five-card), ``by_role`` (a hand's keeps valued
without the crib, as dealer and as pone), ``play_view`` (a play-phase
View, six-card or five-card, from the cards played this deal) and
``hidden_card_runs`` (seat 0's decisions over a first deal whose hidden
cards differ, for the fair-play tests). Used by test_opponent,
test_opponent_discard, test_opponent_five and test_opponent_pegging (which
import some under their old names, _hands, _view, _play_view). Portable
(CPython and MicroPython). Not a test module. Imports engine.baseline,
engine.cards, engine.game, engine.opponent, engine.rng and engine.view.
"""

from engine import opponent
from engine.baseline import GreedyPlayer
from engine.cards import VALUES, parse, parse_many
from engine.game import Game
from engine.rng import Rng
from engine.view import View


def hands(count, seed, size=6):
    rng = Rng(seed)
    deck = bytearray(range(52))
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(list(deck[:size]))
    return out


def view(hand, me=0, dealer=0, scores=(0, 0), target=121, five=False):
    v = View()
    v.me = me
    v.dealer = dealer
    if five:
        v.five = True
    v.target = target
    v.scores = list(scores)
    v.phase = "discard"
    v.hand = list(hand)
    v.deal_number = 1
    return v


def by_role(evaluate, hand, keeps):
    """``evaluate`` (engine.discard's or engine.discard5's) of ``hand``'s
    ``keeps`` keeps, the crib left out, as dealer and as pone: (its count of
    unseen cards, the three lists)."""
    plain = [0] * keeps
    mine = [0] * keeps
    theirs = [0] * keeps
    n = evaluate(hand, hand, 0, plain)
    evaluate(hand, hand, 1, mine)
    evaluate(hand, hand, -1, theirs)
    return n, plain, mine, theirs


def play_view(
    kept,
    played,
    starter,
    me=0,
    dealer=1,
    scores=(0, 0),
    pile=None,
    opp_left=None,
    five=False,
    discards=(),
):
    # ``played`` is a list of (seat, card) this deal; ``pile`` the cards since
    # the last reset (default: all of ``played``); ``five``: a five-card
    # game's (to 61, three cards kept each)
    v = view([], me, dealer, scores, 61 if five else 121, five)
    v.phase = "play"
    mine = [c for s, c in played if s == me]
    v.kept = list(kept)
    v.hand = [c for c in kept if c not in mine]
    v.discards = list(discards)
    v.starter = starter
    v.played = list(played)
    v.pile = [c for s, c in played] if pile is None else list(pile)
    v.count = sum([VALUES[c >> 2] for c in v.pile])
    theirs = len([1 for s, c in played if s != me])
    v.opponent_left = (3 if five else 4) - theirs if opp_left is None else opp_left
    return v


def _rigged_first_deal(seed, dealt0, dealt1, starter, dealer, players, variant):
    # Plays the first deal with fixed hands and starter; returns seat 0's
    # decisions in order.
    game = Game(seed=seed, first_dealer=dealer, variant=variant)
    game.rigged = [(dealt0, dealt1, starter)]
    game.start()
    decisions = []
    while game.phase != "over" and game.deal_number == 1:
        seat = game.waiting()[0]
        v = game.view(seat)
        d = players[seat].discard(v) if v.phase == "discard" else players[seat].play(v)
        if seat == 0:
            decisions.append(d)
        game.act(seat, d)
    return decisions


class _Scripted:
    # The other seat: lays away two given cards, then plays like greedy.
    def __init__(self, out):
        self.out = out
        self.greedy = GreedyPlayer()

    def discard(self, view):
        return self.out

    def play(self, view):
        return self.greedy.play(view)


def hidden_card_runs(mine, theirs_kept, starter, variant="six"):
    """For each level and dealer, (name, dealer, runs): seat 0 is dealt
    ``mine`` and the other seat ``theirs_kept`` plus two cards it lays
    away, the starter ``starter`` (cards as text); ``runs`` are seat 0's
    decisions in the first deal for three of those pairs of cards, each
    with another game seed (the rest of the pack)."""
    mine = parse_many(mine)
    theirs_kept = parse_many(theirs_kept)
    starter = parse(starter)
    out = []
    for name in opponent.LEVELS:
        for dealer in (0, 1):
            runs = []
            for seed, away in ((1, "AS 2S"), (2, "TH TD"), (77, "5H 6C")):
                away = parse_many(away)
                players = [opponent.make(name, 4), _Scripted((away[0], away[1]))]
                dealt1 = theirs_kept + away
                runs.append(
                    _rigged_first_deal(seed, mine, dealt1, starter, dealer, players, variant)
                )
            out.append((name, dealer, runs))
    return out
