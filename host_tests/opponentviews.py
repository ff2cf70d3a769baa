"""Hands, views and rigged deals for the computer opponent's tests:
``hands`` (seeded deals, six cards or ``size``), ``view`` (a discard-phase
View of a hand, six-card or five-card) and ``play_view`` (a play-phase View
from the cards played this deal). Used by test_opponent, test_opponent_discard, test_opponent_five
and test_opponent_pegging (which import them under their old names,
_hands, _view, _play_view). Portable (CPython and MicroPython). Not a test
module. Imports engine.cards, engine.rng and engine.view.
"""

from engine.cards import VALUES
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


def play_view(kept, played, starter, me=0, dealer=1, scores=(0, 0), pile=None, opp_left=None):
    # ``played`` is a list of (seat, card) this deal; ``pile`` the cards since
    # the last reset (default: all of ``played``).
    v = view([], me, dealer, scores)
    v.phase = "play"
    mine = [c for s, c in played if s == me]
    v.kept = list(kept)
    v.hand = [c for c in kept if c not in mine]
    v.discards = []
    v.starter = starter
    v.played = list(played)
    v.pile = [c for s, c in played] if pile is None else list(pile)
    v.count = sum([VALUES[c >> 2] for c in v.pile])
    theirs = len([1 for s, c in played if s != me])
    v.opponent_left = 4 - theirs if opp_left is None else opp_left
    return v
