"""A page over the play screen (``Page``): the cut, a hand's count, game
over (``firmware.play.cut``, ``firmware.play.show``,
``firmware.play.game_over``). Loaded and forgotten with them. Imports
``firmware.keys`` (the button bits),
``firmware.ui.screen`` (``Screen``), ``firmware.ui.buttons`` and
``firmware.play.table``.
"""

from firmware.keys import B
from firmware.ui import buttons
from firmware.ui.screen import Screen
from firmware.play.table import CONFIRM, NO_PAGE, OVER_PAGE


class Page(Screen):
    """A page over the play screen ``play`` (the cut, a hand's count, game
    over: pushed by it, popped by itself once its table shows no page): a
    subclass has ``keys(dt, events, stepped)`` (True: redraw; ``stepped``:
    the demo's any key) and ``draw(cv)``. B pauses the match (on a
    finished match's game-over page it goes to the menu)."""

    def __init__(self, play):
        self.play = play
        self.table = play.table

    def update(self, dt, events):
        play = self.play
        done = play.under_page()
        if done is not None:
            return done
        t = self.table
        changed = t.tick(dt)
        if buttons.happened(events, "press", B) and t.mode != CONFIRM:
            if t.page == OVER_PAGE and t.match_over and play.human:
                self.app.home()  # the match is over: B to the menu, A a rematch
            else:
                play._pause()
            return True
        done = self.keys(dt, events, play._stepped(events))
        if t.page == NO_PAGE and self.app.top() is self:
            self.app.pop()
        return done or changed

    def busy(self):
        return self.play.busy()
