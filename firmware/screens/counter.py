"""The hand counter screen: the player picks four hand cards and the starter
with the buttons and reads what they score, item by item, and the total.
The cards and the points live in ``firmware.hand_counter.HandCounter``
(which asks ``engine.score``); this screen only picks and shows. Imports
``firmware.ui.canvas``, ``firmware.ui.cardtext``, ``firmware.ui.font``,
``firmware.hand_counter``, ``firmware.keys`` and ``firmware.ui.screen``.

Picking (fewer than five cards in):
  UP / DOWN     rank of the card in hand (hold to run)
  LEFT / RIGHT  its suit
  A             put it in the next empty place (the fifth is the starter)
  long A        count as a hand / as the crib (the crib's flush needs five)
  B             take the last card back out (it becomes the card in hand);
                with no card in, back to the main menu
  long B        take every card out
Counted (all five in): the breakdown lines and the total, scrolled with
UP / DOWN; A counts a new hand, B takes the starter back out, long A
switches hand / crib, long B empties all.
"""

from firmware.ui import font
from firmware.ui.screen import Screen, title_bar
from firmware.ui.canvas import CARD_H, CARD_W
from firmware.ui.cardtext import card_text, item_text
from firmware.hand_counter import HandCounter
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_COLS = const(21)
_ROWS = const(6)
_TOP = const(11)
_ROW = const(9)
_SLOT_Y = const(11)
_PITCH = const(16)
_MARK_Y = const(29)  # the UP mark under the next place: ink rows 31..33
_SAY_Y = const(35)  # the line under it (the mark's ink must not reach it)
_SLOTS = const(5)  # firmware.hand_counter's: 4 hand cards + starter
_STARTER = const(4)  # firmware.hand_counter's
_PICK_Y = const(43)
_TOTAL = const("total %d")  # a const(): a short literal would be a name


def slot_x(i):
    """x of place ``i``: four hand cards, a gap, the starter."""
    return 6 + i * _PITCH + (14 if i == _STARTER else 0)


class CounterScreen(Screen):
    def __init__(self):
        self.hc = HandCounter()
        self.rank = 4  # the card in hand: a five of clubs to start
        self.suit = 0
        self.message = ""
        self.lines = []  # counted: the breakdown and the total, 21 columns each
        self.title = ""
        self.top = 0

    def enter(self):
        self._recount()

    # ---- input
    def update(self, dt_ms, events):
        changed = False
        for ev in events:
            kind, bit = ev
            if kind == "tap" or kind == "long":  # A and B (firmware.ui.buttons)
                self._button(bit, kind == "long")
                changed = True
                if self.app.top() is not self:
                    return True  # we were closed
            elif kind == "press" or kind == "repeat":
                if bit != A and bit != B:
                    self._pad(bit)
                    changed = True
        return changed

    def _count(self):
        n = 0
        for c in self.hc.cards:
            if c >= 0:
                n += 1
        return n

    def _pad(self, bit):
        self.message = ""
        if self.hc.ready():
            n = len(self.lines)
            if bit == DOWN and self.top + _ROWS < n:
                self.top += 1
            elif bit == UP and self.top > 0:
                self.top -= 1
            return
        if bit == UP:
            self.rank = (self.rank + 1) % 13
        elif bit == DOWN:
            self.rank = (self.rank - 1) % 13
        elif bit == RIGHT:
            self.suit = (self.suit + 1) & 3
        elif bit == LEFT:
            self.suit = (self.suit - 1) & 3

    def _button(self, bit, long):
        hc = self.hc
        self.message = ""
        if long:
            if bit == A:
                hc.crib = not hc.crib
                self.message = "counting the crib" if hc.crib else "counting a hand"
            else:
                hc.clear()
                self.message = "all cards out"
        elif bit == A:
            if hc.ready():
                hc.clear()
            else:
                self._put()
        else:  # B: take the last card out, or leave when there is none
            n = self._count()
            if n == 0:
                self.app.pop()
                return
            slot = n - 1
            c = hc.cards[slot]
            hc.clear(slot)
            self.rank = c >> 2
            self.suit = c & 3
        self._recount()

    def _put(self):
        hc = self.hc
        slot = self._count()
        card = self.rank * 4 + self.suit
        try:
            hc.set(slot, card)
        except ValueError:  # the model refuses a card already in
            self.message = card_text(card) + " is in already"
            return
        hc.slot = slot

    def _recount(self):
        """Format what the counted view shows (only when the cards change)."""
        hc = self.hc
        self.top = 0
        if not hc.ready():
            self.lines = []
            self.title = "Crib counter" if hc.crib else "Hand counter"
            return
        title = ""
        for i in range(_SLOTS):
            if i == _STARTER:
                title += " "
            title += card_text(hc.cards[i]) + " "
        lines = []
        if hc.crib:  # said in the title when it fits beside the cards (tens take 3 cells)
            if len(title) + 4 <= _COLS:
                title += "crib"
            else:
                lines.append("counted as the crib")
        self.title = title
        for item in hc.items():
            lines.append(item_text(item, _COLS))
        t = hc.total()
        total = _TOTAL % t
        if t == 0:
            total += ": " + hc.verdict()
        lines.append(total)
        self.lines = lines

    def total_line(self):
        """The last line of the counted view ('total 29'), or None."""
        return self.lines[-1] if self.lines else None

    # ---- drawing
    def draw(self, cv):
        title_bar(cv, self.title)
        if self.hc.ready():
            self._draw_counted(cv)
        else:
            self._draw_picking(cv)

    def _draw_counted(self, cv):
        lines = self.lines
        n = len(lines)
        for i in range(self.top, min(n, self.top + _ROWS)):
            y = _TOP + (i - self.top) * _ROW
            cv.text(lines[i], 1, y)
            if i == n - 1:  # lit to the last column of ink, clear of the scroll bar
                cv.invert(0, y - 1, cv.width - 2, _ROW)
        if n > _ROWS:
            h = max(3, (cv.height - _TOP) * _ROWS // n)
            y = _TOP + (cv.height - _TOP - h) * self.top // (n - _ROWS)
            cv.vline(cv.width - 1, y, h)

    def _draw_picking(self, cv):
        hc = self.hc
        nxt = self._count()
        for i in range(_SLOTS):
            x = slot_x(i)
            c = hc.cards[i]
            if c >= 0:
                cv.card(x, _SLOT_Y, c)
            else:
                cv.dotted_box(x, _SLOT_Y, CARD_W, CARD_H)
            if i == nxt:
                cv.glyph(font.UP, x + 4, _MARK_Y)
        cv.text("cut", slot_x(_STARTER) + CARD_W + 3, _SLOT_Y + 6)
        if self.message:
            cv.text(self.message[:_COLS], 1, _SAY_Y)
        else:
            cv.text("starter next" if nxt == _STARTER else "card %d of 4" % (nxt + 1), 26, _SAY_Y)
        cv.card(4, _PICK_Y, self.rank * 4 + self.suit, True)
        cv.text("\x87\x88 rank \x86\x85 suit", 22, _PICK_Y + 1)
        cv.text("A:put B:back" if nxt == 0 else "A:put B:take out", 22, _PICK_Y + 11)


def make(app):
    return CounterScreen()
