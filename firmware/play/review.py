"""The coach's review of a finished game (DOWN on its game-over page): your
discards and plays against the computer's best, weighed a decision a frame
under a bar (``firmware.working``), then their page; and a resumed game's
coach figures weighed the same way at its end (``weigh_whole``). What it weighs with
(``engine.review`` and the computer's modules, ``LOADS``) is loaded for it
a module a frame and forgotten after (a split for a Pico's budgets: the
whole review takes over a second and the play screen's heap cannot hold
the computer's modules with it). Imports ``firmware.play.heap``;
``firmware.working``, ``firmware.ui.wrap`` and ``engine.review`` when used.
"""

from firmware.play.heap import _forget

# what the review loads, every module after those it imports (as
# tools/device_files.work_loads finds them: host_tests/test_imports checks)
LOADS = (
    "engine.cards",
    "engine.rng",
    "engine.opponent",
    "engine.score",
    "engine.pegging",
    "engine.crib_table",
    "engine.keep",
    "engine.discard",
    "engine.winprob",
    "engine.expert",
    "engine.coach",
    "engine.review",
)

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_WRAP = const(4)  # review lines wrapped a frame


def review(screen):
    """DOWN on the game-over page: your decisions of this game against the
    computer's best, made in frames under a bar (``firmware.working``), then
    their page."""
    from firmware.working import Working

    g = screen.game
    screen.app.push(Working("Review", "Weighing your moves", _review(g), len(g.moves)))


def _review(game):
    """The review's work a frame at a time (on a Pico the whole of it takes
    over a second): its modules imported one a frame (``LOADS``), one of
    your decisions weighed a frame (``engine.review.review_steps``), its
    lines made and wrapped a few a
    frame, what it loaded forgotten (also when B stops it), each in frames
    of their own; it yields how far it is in the game's decisions and
    returns the page's lines."""
    import sys

    before = tuple(sys.modules)  # what the review loads goes after it
    end = len(game.moves)
    try:
        yield 0
        for name in LOADS:
            if name not in sys.modules:
                __import__(name)
                yield 0
        from engine.review import lines_of, review_steps

        text = lines_of((yield from review_steps(game, 0)))
        yield end
        from firmware.ui.wrap import wrap

        lines = []
        while text:  # wrapped a few lines a frame: a long review takes 100s of ms
            for ln in text[:_WRAP]:
                lines.extend(wrap(ln))
            del text[:_WRAP]
            yield end
    except MemoryError:
        lines = ["Not enough memory for the review now."]
    except ImportError as e:  # a device without the computer's code
        from firmware.ui.wrap import wrap

        lines = wrap("No review on this device: %s" % e)
    finally:
        _forget([m for m in sys.modules if m not in before])
    yield end  # the collection of the forgetting: a frame of its own
    return lines


def weigh_whole(game, coach):
    """A resumed game's coach figures: the decisions made before the resume
    were never weighed on this screen, so the whole game is weighed now, as
    the review weighs it (``engine.review.review_steps``, its modules loaded
    a frame each and forgotten after, with the computer already gone), and
    ``coach`` holds its deals, discards' and plays' losses: the figures
    ``python3 -m engine review`` gives for the game's log. Short of memory,
    or without the computer's code, the figures since the resume stay."""
    import sys

    before = tuple(sys.modules)
    try:
        yield
        for name in LOADS:
            if name not in sys.modules:
                __import__(name)
                yield
        from engine.review import review_steps

        r = yield from review_steps(game, 0)
        coach[0] = r.deals
        coach[1] = r.lost
        coach[2] = r.played
    except (MemoryError, ImportError):
        pass
    finally:
        _forget([m for m in sys.modules if m not in before])
    yield  # the collection of the forgetting: a frame of its own
