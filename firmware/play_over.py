"""A game's end on the play screen (``firmware.screens.play``), loaded when
its game-over page opens and forgotten when the end's work is done, so none
of it is held while a game is played: ``steps(screen, match_won)``, the
end's work a step a frame (what the coach has not weighed yet, then the
computer player forgotten, ``firmware.stats`` and ``firmware.play_end``
loaded a frame each, the statistics and last.log, and the save deleted when
the match is over), and ``review(screen)``, DOWN on the game-over page: your
discards and plays against the computer's best (``Reviewing``: a decision a
frame under a bar, ``engine.review`` and what it weighs by loaded for it and
forgotten after). Imports ``firmware.app``, ``firmware.buttons``,
``firmware.hal``, ``firmware.play_input``, ``firmware.play_load`` and
``firmware.wrap``;
``firmware.stats``, ``firmware.play_end``, ``firmware.loading`` (the list of
what the review loads) and ``engine.review`` when used.
"""

from firmware import buttons as _buttons
from firmware import play_input
from firmware.app import MessageScreen, Screen, title_bar
from firmware.hal import B
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
    computer's best (``Reviewing``, then their page)."""
    screen.app.push(Reviewing(screen.game))


class Reviewing(Screen):
    """The review made in frames under a bar (on a Pico the whole of it takes
    over a second): its modules imported one a frame (``firmware.loads``
    "review"), then one of your decisions weighed a frame
    (``engine.review.review_steps``), its lines made and wrapped, what it
    loaded forgotten, and its page in this screen's place, each in frames
    of their own. B stops it."""

    def __init__(self, game):
        import sys

        self.game = game
        self.todo = None  # the modules to import, a frame each
        self.done = 0
        self.steps = None
        self.at = 0  # how far in the game's decisions
        self.text = None  # the review's lines, then those still to wrap
        self.lines = None  # its page's lines
        self.before = tuple(sys.modules)  # what the review loads goes after it

    def busy(self):
        return True  # a step a frame: the main loop must not nap

    def update(self, dt_ms, events):
        import sys

        if _buttons.happened(events, "press", B):
            self.steps = None
            self._forget()
            self.app.pop()
            return True
        try:
            if self.todo is None:
                from firmware.loading import modules_of

                self.todo = modules_of("review")
                return True
            todo = self.todo
            while self.done < len(todo) and todo[self.done] in sys.modules:
                self.done += 1
            if self.done < len(todo):
                self.done += 1
                __import__(todo[self.done - 1])
                return True
            if self.text is None:
                if self.steps is None:
                    from engine.review import review_steps

                    self.steps = review_steps(self.game, 0)
                try:
                    self.at = next(self.steps)
                    return True
                except StopIteration as e:
                    from engine.review import lines_of

                    self.steps = None
                    self.text = lines_of(e.value)
                    self.lines = []
                    return True
            if self.text:  # wrapped a few lines a frame: a long review takes 100s of ms
                for ln in self.text[:_WRAP]:
                    self.lines.extend(wrap(ln))
                del self.text[:_WRAP]
                return True
        except MemoryError:
            self.steps = None
            self.lines = ["Not enough memory for the review now."]
        except ImportError as e:  # a device without the computer's code
            self.steps = None
            self.lines = wrap("No review on this device: %s" % e)
        if self.before is not None:  # a collection: a frame of its own
            self._forget()
            return True
        self.app.replace(MessageScreen("Review", self.lines))
        return True

    def _forget(self):
        import sys

        before = self.before
        self.before = None
        if before is not None:
            _forget([m for m in sys.modules if m not in before])

    def draw(self, cv):
        title_bar(cv, "Review")
        cv.center("Weighing your moves", 20)
        cv.bar(8, 36, cv.width - 16, 7, self.at, len(self.game.moves))
