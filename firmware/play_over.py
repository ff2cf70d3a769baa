"""A game's end on the play screen (``firmware.screens.play``), loaded when
its game-over page opens and forgotten when the end's work is done, so none
of it is held while a game is played: ``steps(screen, match_won)``, the
end's work a step a frame (what the coach has not weighed yet, then the
computer player forgotten, ``firmware.stats`` and ``firmware.play_end``
loaded a frame each, the statistics and last.log, and the save deleted when
the match is over), and ``review(screen)``, DOWN on the game-over page: your
discards and plays against the computer's best (``engine.review``, loaded
for it). Imports ``firmware.app``, ``firmware.play_input`` and
``firmware.play_load``; ``firmware.stats``, ``firmware.play_end`` and
``engine.review`` when used.
"""

from firmware import play_input
from firmware.app import MessageScreen
from firmware.play_load import _forget, _forget_stats, _module

MODULES = ("firmware.play_over",)


def steps(screen, match_won):
    """The game is over: a generator the screen runs one step a frame
    (``PlayScreen._end_step``), so no frame holds the whole of it."""
    if screen.human:
        import sys

        coach = screen.coach
        while coach[4]:  # what the coach has not weighed yet, one a frame
            play_input.weigh(coach)
            yield
        opponent = sys.modules.get("engine.opponent")
        if opponent is not None:
            names = opponent.MODULES
            opponent = None
            _forget(names)
        yield
        held = "firmware.stats" in sys.modules  # loaded by another: left as it is
        try:
            _module("firmware.stats")  # only for the end: not held through the game
        except MemoryError:
            pass  # play_end says so
        yield  # each import between two collections: a frame each on a Pico
        end = _module("firmware.play_end")
        yield
        table = screen.table
        problem, failed = yield from end.game_done_steps(
            screen.app.hw.storage,
            screen.match,
            table.match_over,
            match_won,
            screen.log_room,
            None if held else _forget_stats,
            coach,
        )
        names = end.MODULES
        end = None
        _forget(names)
        if failed:
            table.say(failed)
        if problem:
            screen.notice = ("Statistics", problem)
    if screen.table.match_over:
        screen._drop_save()


def review(screen):
    """Your decisions of this game against the computer's best, on a page."""
    try:
        from engine.review import lines_of, review_moves

        text = "\n".join(lines_of(review_moves(screen.game, 0)))
    except MemoryError:
        text = "Not enough memory for the review now."
    screen.app.push(MessageScreen("Review", text))
