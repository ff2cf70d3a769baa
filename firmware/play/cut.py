"""The cut for deal (a match's first game, or a cut again after a tie of
ranks): the table's page opened by a ``("cut", a, b)`` event (``open_cut``)
and its screen over the play screen (``CutPage``: A goes on). Also
``deal_at_once``: a new match's cut said in a line instead, its first hand
on the table at once (the web page's first visit; the device never asks).
Imports ``firmware.keys`` (the button bits),
``firmware.ui.screen`` (``title_bar``), ``firmware.ui.buttons``,
``firmware.ui.cardtext``, ``firmware.play.page`` and
``firmware.play.table``.
"""

from firmware.keys import A
from firmware.ui import buttons
from firmware.ui.screen import title_bar
from firmware.ui.cardtext import card_text
from firmware.play.page import Page
from firmware.play.table import CUT_PAGE, NO_PAGE

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_T_CUT = const(2500)  # how long the demo's page stays (ms); yours waits for A
_T_SAID = const(4000)  # how long the cut said in a line stays (``deal_at_once``)
_CUT_SAID = const("Cut %s/%s: %s")  # your card/the computer's: who deals (21 columns)


def open_cut(t, a, b):
    """The cut of cards ``a`` (yours) and ``b`` on the table ``t``."""
    t.page = CUT_PAGE
    t.page_ms = _T_CUT
    t.page_cards = [a, b]
    if a >> 2 == b >> 2:
        t.lines = ["Same rank: cut again"]
    else:
        low = 0 if a >> 2 < b >> 2 else 1
        t.lines = ["Lower card deals:", t._deals(low)]


class CutPage(Page):
    """The cut's page over the play screen: A closes it; the demo's
    (``stepped``: any key) also closes when its time runs out. Yours waits
    for A, as the show pages do: a page that left by itself would hand the
    A meant for it to the new hand."""

    def keys(self, dt, events, stepped):
        t = self.table
        t.page_ms -= dt
        if buttons.happened(events, "press", A) or stepped or (not t.human and t.page_ms <= 0):
            t.page = NO_PAGE
            return True
        return False

    def draw(self, cv):
        t = self.table
        names = self.play.names
        title_bar(cv, "Cut for deal")
        c = t.page_cards
        cv.card(30, 12, c[0])
        cv.card(85, 12, c[1])
        cv.center(names[0], 33, 1, 18, 37)
        cv.center(names[1], 33, 1, 73, 37)
        y = 45
        for s in t.lines:
            cv.center(s, y)
            y += 9
        if t.human:
            cv.glyph(0x85, 122, 55)  # A goes on (as on the show page)


def deal_at_once(screen):
    """The new match of the play screen ``screen`` (its events queued, none
    shown yet) on the table at once: the cut for deal (the engine's, as
    always, a cut again after a tie included) said in the message line, your
    card first, not shown on its page, and the first deal's hand dealt
    without its moment. True when it did; False, changing nothing, when the
    queue does not begin with a cut (a resumed match)."""
    q = screen.queue
    if not q or q[0][0] != "cut":
        return False
    cut = None
    while q and q[0][0] in ("cut", "deal", "hand"):
        e = q.pop(0)
        if e[0] == "cut":
            cut = e  # the last: one of a different rank
        else:
            screen._apply(e)
    t = screen.table
    t.prepare(screen.game)
    t.say(_CUT_SAID % (card_text(cut[1]), card_text(cut[2]), t._deals(t.dealer)), _T_SAID)
    return True
