"""The player interface, and the registry of built-in players by name.

A player is any object with two methods; the game hands it a ``View`` (see
``engine.view``) and nothing else:

    discard(view) -> (card, card)   two cards of view.hand (six cards) for the crib
    play(view) -> card or None      a card of view.hand with value <= 31 - view.count,
                                    or None to say go (only when no card fits)
    count(view) -> int              optional, muggins (V4) only: the points claimed for
                                    view.count_cards with view.starter; without it
                                    ``engine.game.run`` counts exactly

A player may keep its own state between calls (a seeded ``Rng``, notes on what
was played) but must decide only from what the views showed it. An outside bot
plugs in through a small adapter class with these two methods.

``make(name, seed)`` builds a built-in player: "random" here; the computer
opponent's levels live in ``engine.opponent``. Imports engine.rng, engine.cards;
engine.opponent for its levels, when asked for one.
"""

from engine.cards import VALUES
from engine.rng import Rng


class RandomPlayer:
    """Uniformly random legal moves: the simplest baseline."""

    def __init__(self, seed=1):
        self.rng = Rng(seed)

    def discard(self, view):
        hand = view.hand
        i = self.rng.below(len(hand))
        j = self.rng.below(len(hand) - 1)
        if j >= i:
            j += 1
        return hand[i], hand[j]

    def play(self, view):
        room = 31 - view.count
        fits = [c for c in view.hand if VALUES[c >> 2] <= room]
        if not fits:
            return None
        return fits[self.rng.below(len(fits))]


NAMES = ("random",)


def make(name, seed=1):
    """A new player by name; ValueError names the known ones."""
    if name == "random":
        return RandomPlayer(seed)
    try:
        from engine import opponent
    except ImportError:
        opponent = None
    if opponent is not None and name in opponent.LEVELS:
        return opponent.make(name, seed)
    known = NAMES + (tuple(opponent.LEVELS) if opponent is not None else ())
    shown = repr(name[:20]) + "..." if isinstance(name, str) and len(name) > 20 else repr(name)
    raise ValueError("unknown player %s (known: %s)" % (shown, ", ".join(known)))
