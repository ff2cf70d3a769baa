"""A seat's own count of its hand or crib with muggins (docs/rules.md V4):
``claim``, which ``engine.game.Game.claim`` hands on to: the claim is
recorded, an overclaim corrected to the real value, and points left out go
to the other seat; then the show goes on. Imported by a game with muggins
when its first count is claimed. Imports engine.deal, engine.score.
"""

from engine.deal import CLAIM
from engine.score import show_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# Why a claim is refused: a reason code of engine.refusals.
_NO_COUNT = const(14)
_NOT_YOURS = const(15)
_POINTS = const(16)


def claim(g, seat, points):
    """``seat`` of game ``g`` counts its own hand or crib as ``points``."""
    g._check_seat(seat)
    if g.phase != "count":
        raise g._no(_NO_COUNT)
    who, what, cards = g._counted()
    if seat != who:
        raise g._no(_NOT_YOURS)
    if not isinstance(points, int) or not 0 <= points <= 29:
        raise g._no(_POINTS)
    g.moves.append(seat)
    g.moves.append(CLAIM + points)
    g.events.append(("claim", seat, what, points))
    actual = show_score(cards, g.starter, what == "crib")
    g.events.append(("show", seat, what, actual))
    got = points if points < actual else actual
    if got and g._award(seat, got, what):
        return
    if actual > got and g._award(1 - seat, actual - got, "muggins"):
        return
    g._show_step += 1
    g._show()
