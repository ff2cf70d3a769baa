"""Demo: deal six cards and a starter, pick two for the crib, see what the
four kept cards score (counted by ``engine.score``) and the pegboard walk to
it. Shows the card drawing and the LED board working. Imports
``firmware.app``, ``engine.rng`` and ``engine.score``.

Keys: LEFT/RIGHT move, A picks or drops a card (two at most), UP deals again,
B goes back.
"""

from engine.rng import Rng
from engine.score import hand_score
from firmware.app import Screen, title_bar
from firmware.buttons import went
from firmware.hal import A, B, LEFT, RIGHT, UP


class DemoScreen(Screen):
    def __init__(self, seed=1):
        self.rng = Rng(seed)
        self.deck = bytearray(range(52))
        self.hand = [0] * 6
        self.deal()

    def deal(self):
        self.rng.shuffle(self.deck)
        for i in range(6):
            self.hand[i] = self.deck[i]
        self.starter = self.deck[6]
        self.cursor = 0
        self.chosen = 0
        self.points = None
        self.note = "Pick 2 for the crib"

    def _count(self):
        kept = [self.hand[i] for i in range(6) if not self.chosen & (1 << i)]
        self.points = hand_score(kept, self.starter)
        self.note = "Your hand: %d" % self.points
        peg = self.app.pegboard if self.app else None
        if peg is not None:
            peg.set_pegs(0, self.points, 0, True)

    def update(self, dt_ms, events):
        changed = False
        if went(events, LEFT):
            self.cursor = (self.cursor - 1) % 6
            changed = True
        if went(events, RIGHT):
            self.cursor = (self.cursor + 1) % 6
            changed = True
        for kind, bit in events:
            if kind != "press":
                continue
            if bit == A:
                mask = 1 << self.cursor
                if self.chosen & mask:
                    self.chosen &= ~mask
                    self.points = None
                    self.note = "Pick 2 for the crib"
                elif bin(self.chosen).count("1") < 2:
                    self.chosen |= mask
                    if bin(self.chosen).count("1") == 2:
                        self._count()
                changed = True
            elif bit == UP:
                self.deal()
                changed = True
            elif bit == B:
                self.app.pop()
                return True
        return changed

    def draw(self, cv):
        title_bar(cv, "Demo")
        cv.card(2, 12, self.starter)
        cv.text("starter", 18, 12)
        cv.text(self.note, 18, 22)
        cv.hand(self.hand, 38, self.cursor, self.chosen, 0, self.chosen)


def make(app):
    return DemoScreen(app.hw.clock.ticks_ms() & 0xFFFF or 1)
