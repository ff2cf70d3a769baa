"""A screen for work done a step a frame, so that no frame holds the whole
of it: ``Working(title, line, steps, total)`` shows ``title``, ``line`` and
a bar at once, then runs one step of the generator ``steps`` a frame (each
yields how far it is, of ``total``), and when the generator returns, shows
what it returned (a text, or its lines already wrapped) in a
``MessageScreen`` titled ``title`` in its place. B stops it: the generator
is closed, so its ``finally`` runs. Used by the game-over page's review
(``firmware.play.game_over``) and the expert's play hint
(``firmware.play.hint``), and loaded only by them. Imports
``firmware.ui.buttons``, ``firmware.keys`` and ``firmware.ui.screen``.
"""

from firmware.ui import buttons
from firmware.ui.screen import MessageScreen, Screen, title_bar
from firmware.keys import B

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


class Working(Screen):
    def __init__(self, title, line, steps, total):
        self.title = title
        self.line = line
        self.steps = steps
        self.total = total
        self.at = 0  # how far, of total

    def busy(self):
        return True  # a step a frame: the main loop must not nap

    def update(self, dt_ms, events):
        if buttons.happened(events, "press", B):
            self.steps.close()
            self.app.pop()
            return True
        try:
            self.at = next(self.steps)
            return True
        except StopIteration as e:
            self.app.replace(MessageScreen(self.title, e.value))
        return True

    def draw(self, cv):
        title_bar(cv, self.title)
        cv.center(self.line, 20)
        cv.bar(8, 36, cv.width - 16, 7, self.at, self.total)
