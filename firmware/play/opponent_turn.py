"""The computer's turns on the play screen (``firmware.play.screen``):
``turn(screen, seat)``, a frame at a time so no frame holds two of them (the
computer's discard takes up to 96 ms on a Pico, the game's act up to 36 ms):
decide, then act, its events shown from the next frame; the expert's
rollouts a step a frame under a bar. The player is ``engine.opponent``'s at
the screen's level (``engine.players``' random one when it is missing),
seeded from the game and the number of decisions so far, so a resumed game
goes on exactly as it would have. Loaded at the computer's first turn and
forgotten at a game's end with the computer (``firmware.play.game_over``), and
at your turns (``firmware.play.your_turn``; your keys' code goes before
this module loads: ``firmware.play.heap.off_turn``). The
code a decision needs (the discard's or the play's) is loaded before the
turn, a module a frame, on a device (``firmware.play.heap.cpu_code``);
elsewhere the computer's functions import it as they run.
Imports ``engine.score`` and ``firmware.play.heap``; by name,
``engine.opponent`` or ``engine.players``, and ``engine.rollout`` for the
expert's bar.
"""

from engine.score import show_score
from firmware.play.heap import PLAY_CODE, _forget, _module


def turn(screen, seat):
    """One frame of the computer's turn at ``seat`` (the screen shows it
    busy): a step of the expert's rollouts, or the decision, or the act;
    True when the table changed. On a device your keys' code has gone
    before this module loads (``firmware.play.heap.off_turn``, what the coach
    noted weighed first), and this module goes once the computer has acted
    and your turn is next, so the two are held together only while your
    keys' code loads."""
    if screen.steps is not None:  # the expert's rollouts: one a frame, a bar
        t = screen.table
        try:
            next(screen.steps[0])
            t.think += 1
        except StopIteration:
            screen.chosen = (screen.steps[1][0],)
            screen.steps = None
            t.think = -1
        return True
    if screen.chosen is None:  # (the decision,): None is a go
        screen.chosen = _choice(screen, seat)
    else:
        g = screen.game
        g.act(seat, screen.chosen[0])
        screen.chosen = None
        screen.queue.extend(g.take_events())
        if screen.human and g.to_act(1) == 0:  # your turn next: this code goes till ours
            _forget(PLAY_CODE[2:])
    return False


def _choice(screen, seat):
    # (the decision,), or None when it is made a step a frame (screen.steps)
    g = screen.game
    seed = (g.seed * 2654435761 + len(g.moves) * 40503 + seat) & 0x7FFFFFFF
    level = screen.levels[seat] if screen.levels else screen.level
    opponent = _module("engine.opponent")
    if opponent is not None:
        player = opponent.make(level, seed or 1)
    else:
        player = _module("engine.players").make("random", seed or 1)
    view = g.view(seat)
    if g.phase == "discard":
        return (player.discard(view),)
    if g.phase == "count":  # the computer counts exactly (engine.score)
        if hasattr(player, "count"):
            return (player.count(view),)
        return (show_score(view.count_cards, view.starter, view.counting == "crib"),)
    if hasattr(player, "play_steps") and player.slow(view):
        from engine import rollout

        out = [None]
        screen.steps = (player.play_steps(view, out), out)
        t = screen.table
        t.think = 0  # the bar: the rollouts' steps, of at most rollout.STEPS
        t.think_of = rollout.STEPS
        return None
    return (player.play(view),)
