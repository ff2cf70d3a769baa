"""A game's end on the play screen (``firmware.screens.play``), loaded when
its game-over page opens and forgotten when the end's work is done, so none
of it is held while a game is played: ``steps(screen, match_won)``, the
end's work a step a frame (what the coach has not weighed yet, then the
computer player forgotten, ``firmware.stats`` and ``firmware.play_end``
loaded a frame each, the statistics and last.log, and the save deleted when
the match is over), and ``review(screen)``, DOWN on the game-over page: your
discards and plays against the computer's best (``_review``: a decision a
frame under a bar, ``engine.review`` and what it weighs by loaded for it and
forgotten after). Imports ``firmware.play_input``, ``firmware.play_load``
and ``firmware.wrap``; ``firmware.stats``,
``firmware.play_end``, ``firmware.working``, ``firmware.loading`` (the list
of what the review loads) and ``engine.review`` when used.
"""

from firmware import play_input
from firmware.play_load import _forget, _forget_stats, _module
from firmware.wrap import wrap

MODULES = ("firmware.play_over",)
_WRAP = 4  # review lines wrapped a frame


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
        yield  # the save's deletion and this module forgotten in a frame of their own
        if failed:
            table.say(failed)
        if problem:
            screen.notice = ("Statistics", problem)
    if screen.table.match_over:
        screen._drop_save()


def review(screen):
    """DOWN on the game-over page: your decisions of this game against the
    computer's best, made in frames under a bar (``firmware.working``), then
    their page."""
    from firmware.working import Working

    g = screen.game
    screen.app.push(Working("Review", "Weighing your moves", _review(g), len(g.moves)))


def _review(game):
    """The review's work a frame at a time (on a Pico the whole of it takes
    over a second): its modules imported one a frame (``firmware.loads``
    "review"), one of your decisions weighed a frame
    (``engine.review.review_steps``), its lines made and wrapped a few a
    frame, what it loaded forgotten (also when B stops it), each in frames
    of their own; it yields how far it is in the game's decisions and
    returns the page's lines."""
    import sys

    before = tuple(sys.modules)  # what the review loads goes after it
    end = len(game.moves)
    try:
        from firmware.loading import modules_of

        todo = modules_of("review")
        yield 0
        for name in todo:
            if name not in sys.modules:
                __import__(name)
                yield 0
        from engine.review import lines_of, review_steps

        text = lines_of((yield from review_steps(game, 0)))
        yield end
        lines = []
        while text:  # wrapped a few lines a frame: a long review takes 100s of ms
            for ln in text[:_WRAP]:
                lines.extend(wrap(ln))
            del text[:_WRAP]
            yield end
    except MemoryError:
        lines = ["Not enough memory for the review now."]
    except ImportError as e:  # a device without the computer's code
        lines = wrap("No review on this device: %s" % e)
    finally:
        _forget([m for m in sys.modules if m not in before])
    yield end  # the collection of the forgetting: a frame of its own
    return lines
