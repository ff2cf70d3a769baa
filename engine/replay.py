"""A game fed its decisions from outside: ``replay_moves`` from saved ones
(``Game.moves``, to resume a game or review it; ``replay_steps`` the same a
few decisions a step) and ``run`` from two player
objects (self-play, the tools and the tests). ``engine.game`` offers both
under the same names and imports this module for them; it asks nothing of
the game but its methods, so it does not import engine.game.
Imports engine.deal, engine.score.
"""

from engine.deal import CLAIM, GO
from engine.score import show_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_HALF_DISCARD = const(17)  # a reason code of engine.refusals


def replay_moves(game, moves, on_event=None):
    """Start the new ``game`` and feed it the decisions in ``moves`` (coded as
    in ``Game.moves``, two bytes each). ``on_event`` sees every event as it
    comes; without it they are dropped as they come, so a whole game's events
    are never held. The IllegalMove of a refused decision names it by its number."""
    return finish(replay_steps(game, moves, on_event))


def finish(steps):
    """What the generator ``steps`` returns, run to its end at once."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def replay_steps(game, moves, on_event=None, step=0, before=None):
    """``replay_moves`` as a generator that yields after every ``step``
    decisions (0: never), so a device spreads a long game over frames; it
    returns the game. ``before(game, i)``, when given, is called before the
    decision at ``moves[i]`` is made."""
    game.start()
    events = game.events
    i = 0
    n = len(moves)
    done = 0
    while True:
        if on_event is not None:
            for e in events:
                on_event(e)
        del events[:]
        if i >= n:
            return game
        if step and done == step:
            done = 0
            yield
        if before is not None:
            before(game, i)
        seat = moves[i]
        code = moves[i + 1]
        try:
            if game.phase == "count":
                game.claim(seat, code - CLAIM)
            elif game.phase == "discard":
                if i + 3 >= n or moves[i + 2] != seat:
                    raise game._no(_HALF_DISCARD)
                game.discard(seat, code, moves[i + 3])
                i += 2
            elif code == GO:
                game.go(seat)
            else:
                game.play(seat, code)
        except ValueError as e:  # the game's IllegalMove, named by its decision
            raise type(e)("decision %d: %s" % (i // 2 + 1, e))
        i += 2
        done += 1


def run(game, players, on_event=None):
    """Play ``game`` to the end with two player objects (seat 0, seat 1); each
    decision comes from ``players[seat]`` given only ``game.view(seat)``.
    ``on_event(event)`` sees every event (all of them, hidden ones included).
    A player without a ``count()`` method counts every hand exactly (V4)."""
    if game.phase == "new":
        game.start()
    while True:
        if on_event is not None:
            for event in game.take_events():
                on_event(event)
        else:
            game.events = []
        seat = game.to_act()
        if seat < 0:
            return game.winner
        view = game.view(seat)
        player = players[seat]
        if game.phase == "discard":
            game.act(seat, player.discard(view))
        elif game.phase != "count":
            game.act(seat, player.play(view))
        elif hasattr(player, "count"):
            game.act(seat, player.count(view))
        else:
            game.act(seat, show_score(view.count_cards, view.starter, view.counting == "crib"))
