"""Learn to play: the worked lesson of ``engine.lesson`` (two staged deals
between Red and Blue) stepped through. RIGHT (or A) goes to the next step,
LEFT back to the one before, UP / DOWN scroll a step's text, B goes back to
the menu (A on the last step too). Each step shows "Step k of N", the
cards it is about, both scores, what happened in the play screen's and the
show's wording (``firmware.ui.cardtext``, ``engine.breakdown``) and the rule
behind it with its docs/rules.md ids; the LED board's pegs move with the
scores. Only the step on screen is built (``engine.lesson.step``), when it
is shown. Nothing is saved; leaving puts the pegs back at 0. Imports ``engine.breakdown``,
``engine.lesson``, ``firmware.ui.buttons``, ``firmware.ui.cardtext``,
``firmware.keys``, ``firmware.ui.screen`` and ``firmware.ui.wrap``.
"""

from engine.breakdown import hand_breakdown
from engine.lesson import NAMES, N, step
from firmware.ui import buttons
from firmware.ui.screen import Screen, title_bar
from firmware.ui.cardtext import card_text, cards_text, item_text, peg_text
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B
from firmware.ui.wrap import wrap

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_COLS = const(20)  # a line's cells: the last column is kept for the scroll marks
_ROWS = const(4)  # text lines on screen at once
_TEXT_Y = const(32)
_CARDS_Y = const(10)
_TARGET = const(121)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_UP_MARK = const("\x87")
_DOWN_MARK = const("\x88")
_PREV = const("\x86")
_NEXT = const("\x85")
_SCORE = const("%s %d")


def said(st):
    """What happened in step ``st`` (``engine.lesson.Step``), in words: the
    play screen's for the deal and the play, the show page's for a count."""
    names = NAMES
    out = []
    plays = 0
    for e in st.events:
        if e[0] == "play":
            plays += 1
    n = len(st.cards) - plays  # the count's cards before the step's first play
    if st.k == 0:
        out.append("\x85 next, \x86 back, \x87\x88 scroll, B menu.\n")
    prev = ""
    count = 0
    for e in st.events:
        kind = e[0]
        who = names[e[1]] if kind != "starter" and kind != "reset" else ""
        if prev == "play" and kind != "play":
            out.append(": count %d." % count)
        if kind == "deal":
            if st.k == N - 1:
                out.append("%s deals the next hand." % who)
            else:
                out.append("%s deals. %s holds these." % (who, names[0]))
        elif kind == "crib":
            if prev == "crib":
                out.append(", %s %s." % (who, cards_text(e[2:4])))
            else:
                out.append("%s lays away %s" % (who, cards_text(e[2:4])))
        elif kind == "starter":
            out.append("The starter: %s." % card_text(e[1]))
        elif kind == "play":
            n += 1
            out.append("%s%s %s" % (", " if prev == "play" else "", who, card_text(e[2])))
            count = e[3]
        elif kind == "go":
            out.append(" %s: go." % who)
        elif kind == "reset":
            out.append(" Count back to 0.")
        elif kind == "show":
            out.append("%s's %s: %d" % (who, e[2], e[3]))
            for item in hand_breakdown(st.cards, st.starter, e[2] == "crib"):
                out.append("\n" + item_text(item, _COLS))
        elif kind == "score":
            why = e[4]
            if why == "peg":
                out.append(" %s: %s." % (who, peg_text(st.cards[:n], e[2], _COLS)))
            elif why == "heels":
                out.append(" %s: heels for %d." % (who, e[2]))
            elif why == "go":
                out.append(" %s: go for %d." % (who, e[2]))
            elif why == "last":
                out.append(" %s: last card for %d." % (who, e[2]))
        prev = kind
    if prev == "play":
        out.append(": count %d." % count)
    return "".join(out)


def text_lines(st):
    """The lines of step ``st`` as the screen shows them (``_COLS`` cells
    each): what happened, then the rule and its ids."""
    rule = "%s (%s)" % (st.note, ", ".join(st.rules))
    return wrap(said(st), _COLS) + wrap(rule, _COLS)


class LearnScreen(Screen):
    def __init__(self):
        self.k = -1
        self.st = None
        self.lines = []
        self.top = 0
        self.title = ""
        self.s_scores = ("", "")

    def enter(self):
        if self.st is None:
            peg = self.app.pegboard
            if peg is not None:
                peg.celebrate(-1)
                peg.set_target(_TARGET)
                peg.set_deals(0)
            self.show(0)

    def leave(self):
        peg = self.app.pegboard if self.app else None
        if peg is not None:  # the lesson's scores are nobody's: the pegs go home
            for seat in (0, 1):
                peg.set_pegs(seat, 0, 0)

    def show(self, k):
        """Step ``k`` (0-based) on screen and on the LED board."""
        forward = k > self.k
        st = step(k)
        self.k = k
        self.st = st
        self.lines = text_lines(st)
        self.top = 0
        self.title = "Step %d of %d" % (k + 1, N)
        self.s_scores = (_SCORE % (NAMES[0], st.scores[0]), _SCORE % (NAMES[1], st.scores[1]))
        peg = self.app.pegboard
        if peg is not None:
            for seat in (0, 1):
                moved = forward and st.scores[seat] > peg.front[seat]
                peg.set_pegs(seat, st.scores[seat], st.rear[seat], moved)

    def update(self, dt, events):
        if buttons.happened(events, "press", B):
            self.app.pop()
            return True
        k = self.k
        if buttons.went(events, RIGHT) or buttons.happened(events, "press", A):
            if k + 1 < N:
                self.show(k + 1)
                return True
            if buttons.happened(events, "press", A):
                self.app.pop()  # A on the last step: done
                return True
            return False
        if buttons.went(events, LEFT) and k > 0:
            self.show(k - 1)
            return True
        if buttons.went(events, DOWN) and self.top + _ROWS < len(self.lines):
            self.top += 1
            return True
        if buttons.went(events, UP) and self.top > 0:
            self.top -= 1
            return True
        return False

    def draw(self, cv):
        title_bar(cv, self.title)
        if self.k > 0:
            cv.text(_PREV, 1, 1, 0)
        if self.k + 1 < N:
            cv.text(_NEXT, cv.width - 6, 1, 0)
        st = self.st
        cards = st.cards
        n = len(cards)
        if st.starter is not None and n:  # a hand counted: four (or the crib's) + the starter
            cv.cards(cards, n, 1, _CARDS_Y, 15)
            cv.text("+", 62, _CARDS_Y + 6)
            cv.card(69, _CARDS_Y, st.starter)
        elif st.starter is not None:  # the cut: the starter alone
            cv.card(1, _CARDS_Y, st.starter)
        elif n:
            cv.cards(cards, n, 0, _CARDS_Y, 14 if n < 7 else 70 // (n - 1))
        cv.right(self.s_scores[0], cv.width, _CARDS_Y + 1)
        cv.right(self.s_scores[1], cv.width, _CARDS_Y + 11)
        lines = self.lines
        end = min(len(lines), self.top + _ROWS)
        y = _TEXT_Y
        for i in range(self.top, end):
            cv.text(lines[i], 0, y)
            y += 8
        if self.top > 0:
            cv.text(_UP_MARK, 122, _TEXT_Y)
        if end < len(lines):
            cv.text(_DOWN_MARK, 122, _TEXT_Y + (_ROWS - 1) * 8)


def make(app):
    return LearnScreen()
