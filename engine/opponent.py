"""The computer opponent: three levels of one player, the greedy baseline,
and the hints the same code gives a human.

  hard    discards by the exact expected hand value plus (dealer) or minus
          (pone) the crib table, and near the end by the chance to count out;
          plays by engine.pegging's full lookahead with the end game.
  medium  the same discard values without the end game, and now and then
          (1 in 8) the second-best discard; plays by the reply lookahead.
  easy    keeps the best hand for itself and forgets whose crib it is, picks
          the second-best keep 1 time in 3, takes the points in front of it in
          the play and 1 time in 5 lays a card without thinking.
  greedy  engine.baseline: most points now (the strength yardstick).
  expert  engine.expert: hard, with discards near the end by the chance to
          win (engine.winprob's table); loaded only when asked for.

In five-card cribbage (V5, ``view.five``) the same levels lay two of five
away (10 discards; three-card hands, the five-card crib table) and peg for
the one play sequence. In a game of fixed deals (V6, ``view.target`` 0)
there is no end game to count out.

A player decides from the ``View`` alone (engine.players describes the
interface); its own seeded ``Rng`` only picks its mistakes. Imports
engine.cards and engine.rng; when used, engine.discard (a discard: the code
is there, so the play holds none of it; engine.discard5 in five-card),
engine.coach (its hints and loss, which this module's functions of those
names call), engine.pegging (a play, its hints and loss), engine.baseline
and engine.expert (on demand). So a program short of
heap holds only what the phase needs: the discard's code (``DISCARD``) while
the seats discard, the play's (``PLAY``) during the play, none between
(firmware.play.heap loads and forgets them a module a frame).
"""

from engine.cards import VALUES
from engine.rng import Rng

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

LEVELS = ("easy", "medium", "hard", "greedy", "expert")
# What a computer player loads: this module and those only it imports, each
# after what it imports. A program short of heap may forget them once no
# player is left, all of them together and only together, as each holds
# functions of the others (firmware.play.screen does at a game's end); or,
# between decisions, those a decision does not need (``needs``).
# engine.cards, engine.rng and engine.score are the game's too and stay.
MODULES = (
    "engine.opponent",
    "engine.keep",  # a discard, either game's
    "engine.crib_table",  # a six-card discard
    "engine.discard",
    "engine.pegging",  # a play
    "engine.baseline",  # the greedy level only
    "engine.crib_table5",  # a five-card discard (V5)
    "engine.discard5",
    "engine.winprob",  # the expert level only
    "engine.expert",
    "engine.rollout",
    "engine.coach",  # a discard's hints and loss (never a decision)
)
# ``needs``: bits of MODULES (1 << its index)
_DISCARD = const(14)  # engine.keep, engine.crib_table, engine.discard
_DISCARD5 = const(194)  # engine.keep, engine.crib_table5, engine.discard5
_PLAY = const(16)  # engine.pegging
_EXPERT = const(782)  # the six-card discard's code, engine.winprob, engine.expert
_ROLLOUT = const(1024)  # engine.rollout


def needs(phase, five=False, expert=False):
    """Which of MODULES (bit ``1 << i`` for ``MODULES[i]``) a decision in
    ``phase`` (a ``Game.phase``) needs loaded besides this module: the
    discard's code in "discard" (``five``: the five-card game's instead), the
    play's in "play", none in another; ``expert`` adds what the expert level
    binds (the discard's code, also in the play). A program short of heap may
    forget the others between decisions (the discard's code while the play
    goes on, the play's while the seats discard): a module goes with every
    one that binds it (engine.discard and engine.discard5 bind engine.keep,
    engine.expert and engine.baseline bind engine.discard, engine.rollout
    binds engine.pegging;
    this module's functions import them as they run and hold none), as these
    sets allow; engine.coach is never needed (the coach's figure loads it and
    forgets it)."""
    if phase == "discard":
        need = _DISCARD5 if five else _DISCARD
    elif phase == "play":
        need = _PLAY | _ROLLOUT if expert else _PLAY
    else:
        return 0
    return need | _EXPERT if expert else need


class Computer:
    """A computer player of level 0 (easy), 1 (medium) or 2 (hard)."""

    def __init__(self, level, seed=1):
        self.level = level
        self.rng = Rng(seed)

    def discard(self, view):
        if view.five:
            from engine.discard5 import choose5 as choose
        else:
            from engine.discard import choose
        return choose(view, self.level, self.rng)

    def play(self, view):
        level = self.level
        if level == 0 and self.rng.below(5) == 0:
            room = 31 - view.count
            fits = 0
            for c in view.hand:
                fits += VALUES[c >> 2] <= room
            if not fits:
                return None
            pick = self.rng.below(fits)
            for c in view.hand:
                if VALUES[c >> 2] <= room:
                    if pick == 0:
                        return c
                    pick -= 1
        from engine import pegging

        return pegging.choose(view, level)


def make(name, seed=1):
    """A player of level ``name`` (one of LEVELS); ValueError otherwise."""
    if name == "greedy":
        from engine.baseline import GreedyPlayer

        return GreedyPlayer()
    if name == "expert":  # engine.expert: hard with the win-chance table
        from engine.expert import Expert

        return Expert(seed)
    if name in LEVELS:
        return Computer(LEVELS.index(name), seed)
    raise ValueError("unknown level %r (known: %s)" % (name, ", ".join(LEVELS)))


def hint_discard(view, detail=False):
    """The 15 discards (10 in five-card) of ``view.hand`` as (card, card, figure), best first in
    hard's order, which is the order of ``figure``: the kept hand's expected
    points plus (dealer) or minus (pone) the crib's and, when this deal may
    count the seat out, plus 20 points times the chance that it does.
    With ``detail`` each is (card, card, figure, points, chance): ``points``
    without the game, ``chance`` of counting out (None when the game is too
    far for the deal to end it), so figure = points + 20 * chance."""
    from engine import coach

    return coach.hint_discard(view, detail)


def hint_play(view):
    """The playable cards as (card, value in points), best first, as hard sees
    them: what the card pegs now less what the opponent may peg back. Empty
    when the seat must say go."""
    from engine import pegging

    return pegging.rate(view, pegging.FULL, [])


def discard_loss(view, c1, c2):
    """What laying ``c1`` and ``c2`` of ``view.hand`` away gives up against the
    best keep, in hundredths of a point (rounded half up; 0 for the best):
    by the points ``hint_discard`` gives each keep with ``detail`` (the hand's
    expected points plus or minus the crib's, without the end game). The
    coach's one figure: engine.review sums it for a game's summary and the
    device's statistics (firmware.store.stats) per deal, so they agree. ValueError
    when the two are not a discard of the hand."""
    from engine import coach

    return coach.discard_loss(view, c1, c2)


def play_loss(view, card, rates=None):
    """What playing ``card`` gives up against the best card by hard's pegging
    value (``hint_play``; ``rates`` when its answer is at hand), in hundredths
    of a point (rounded half up; 0 for the best, or the one card that fits):
    the coach's figure of a play, shared as ``discard_loss`` is. The values
    are whole 65536ths of a point, so it is exact on every interpreter.
    ValueError when ``card`` cannot be played."""
    if rates is None:
        rates = hint_play(view)
    mine = None
    for c, value in rates:
        if c == card:
            mine = value
    if mine is None:
        raise ValueError("not a card that can be played")
    from engine.pegging import UNIT as unit

    d = int((rates[0][1] - mine) * unit + 0.5)
    return (d * 100 + unit // 2) // unit
