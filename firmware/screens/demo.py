"""Demo: the computer plays itself, hands open, one event at a time (the
play screen's table with both seats played by ``engine.opponent``, "Red"
hard against "Blue" at the settings' difficulty, in the settings' game). Any button but B steps on
at once, otherwise it advances by itself; a finished game stays a few
seconds and a new one starts. B goes back to the menu. Nothing is saved.
Imports ``engine.match``, ``firmware.keys`` and ``firmware.play.screen``.
"""

from engine.match import Match
from firmware.keys import A, DOWN, LEFT, RIGHT, UP
from firmware.play.screen import PlayScreen


class DemoScreen(PlayScreen):
    human = False
    names = ("Red", "Blue")  # the pegboard's colours

    def enter(self):
        if self.ready:
            return
        self.ready = True
        self.levels = ("hard", self._settings_level())
        self._set_off(False)

    def _open_match(self):
        self._start()

    def _start(self):
        seed = self.seed
        if seed is None:
            seed = (self.app.hw.clock.ticks_ms() * 40503 + self.app.frames) & 0x3FFFFFFF
        self.seed = seed + 1
        s = self.app.settings
        self._begin(Match(1, seed, s.target or None, None, True, False, s.variant, s.deals))
        self.queue = self.game.take_events()

    def _stepped(self, events):
        for kind, bit in events:
            if kind == "press" and bit & (A | UP | DOWN | LEFT | RIGHT):
                return True
        return False

    def _pause(self):
        self.app.home()  # B leaves the demo (from a page over it too)


def make(app):
    return DemoScreen()
