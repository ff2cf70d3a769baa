"""Counting a deal's hands: the show page (a hand or the crib counted line
by line: the table's page opened by ``("show", ...)`` events, ``open_show``,
and its screen over the play screen, ``ShowPage``) and, in a muggins game
(V4), where you count your own (``open_count``, ``count``, ``draw_count``:
the play screen's COUNT mode). Imports ``firmware.keys`` (the button bits), ``engine.breakdown``
(``hand_breakdown``), ``firmware.ui.screen`` (``title_bar``), ``firmware.ui.buttons``,
``firmware.ui.cardtext``, ``firmware.play.page`` and
``firmware.play.table``.
"""

from engine.breakdown import hand_breakdown
from firmware.keys import UP, DOWN, LEFT, RIGHT, A
from firmware.ui import buttons
from firmware.ui.screen import title_bar
from firmware.ui.cardtext import COLS, item_text
from firmware.play.page import Page
from firmware.play.table import ACTED, CHANGED, COUNT, NOTHING, NO_PAGE, SHOW_PAGE

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_SHOW_ROWS = const(4)  # lines of a hand's count on screen at once
_T_LINE = const(450)  # one line of a hand's count, ms
_MOST = const(29)  # the most a hand can be worth
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_NOTHING_TEXT = const("nothing: 0")
_SAID = const("%s said %d")
_TOTAL = const("total %d")
_UP_MARK = const("\x87")
_DOWN_MARK = const("\x88")


def open_show(t, seat, what, points, queue):
    """The show page of ``seat``'s ``what`` ("hand" or "crib"), worth
    ``points``, on the table ``t``; ``queue``: the events still to show (it
    looks ahead for the muggins it leads to)."""
    if what == "crib":
        cards = t.crib
    else:  # the cards played, then any still held (five-card, V5.3)
        cards = t.played[seat] + [c for c in t.kept[seat] if c not in t.played[seat]]
    names = t.names
    you = seat == 0 and t.human
    if you:
        t.title = "Your %s: %d" % (what, points)
    else:
        t.title = "%s's %s: %d" % (names[seat], what, points)
    t.page_cards = list(cards)
    t.page_starter = t.starter
    lines = []
    for item in hand_breakdown(cards, t.starter, what == "crib"):
        lines.append(item_text(item, COLS - 1))  # the last column: the scroll mark
    lines.append(_TOTAL % points if lines else _NOTHING_TEXT)
    claimed = t.claimed
    if claimed is not None and claimed[0] == seat:
        if you:
            lines.insert(0, "You said %d" % claimed[1])
        else:
            lines.insert(0, _SAID % (names[seat], claimed[1]))
        taken = _muggins_ahead(queue)
        if taken is not None:
            lines.append("%s takes %d: muggins" % (names[taken[1]], taken[2]))
    t.lines = lines
    t.shown = 1
    t.top_line = 0
    t.page_ms = _T_LINE
    t.page = SHOW_PAGE


def _muggins_ahead(queue):
    # the ("score", seat, points, total, "muggins") a show leads to
    for e in queue:
        if e[0] == "score":
            if e[4] == "muggins":
                return e
        elif e[0] != "end":
            return None
    return None


class ShowPage(Page):
    """The show page over the play screen: its lines appear one by one, A
    (or ``stepped``: the demo's any key) shows them all, then closes it;
    UP / DOWN scroll."""

    def keys(self, dt, events, stepped):
        t = self.table
        n = len(t.lines)
        changed = False
        if buttons.went(events, DOWN) and t.top_line + _SHOW_ROWS < t.shown:
            t.top_line += 1
            changed = True
        if buttons.went(events, UP) and t.top_line > 0:
            t.top_line -= 1
            changed = True
        t.page_ms -= dt
        if buttons.happened(events, "press", A) or stepped:
            if t.shown < n:
                t.shown = n
                t.top_line = max(0, n - _SHOW_ROWS)
            else:
                t.page = NO_PAGE
            return True
        if t.page_ms <= 0:
            if t.shown < n:
                t.shown += 1
                t.top_line = max(0, t.shown - _SHOW_ROWS)
                t.page_ms = _T_LINE
                return True
            if not t.human and t.page_ms <= -2000:
                t.page = NO_PAGE
                return True
        return changed

    def draw(self, cv):
        """The cards counted, then as many lines as have been told, with
        marks where more lines went."""
        t = self.table
        _cards(cv, t)
        end = min(t.shown, t.top_line + _SHOW_ROWS)
        y = 31
        for i in range(t.top_line, end):
            cv.text(t.lines[i], 1, y)
            y += 8
        # more lines than rows: a mark where they went (UP/DOWN scroll); item
        # lines keep the last column free for it
        if t.top_line > 0:
            cv.text(_UP_MARK, 122, 31)
        if end < t.shown:
            cv.text(_DOWN_MARK, 122, 31 + (_SHOW_ROWS - 1) * 8)
        if t.shown >= len(t.lines):
            cv.glyph(0x85, 122, 16)  # all told: A goes on


# ---- muggins (V4): you count your hand or crib ----
def open_count(t, game):
    """The page where you count your hand or crib."""
    v = game.view(0)
    t.page_cards = list(v.count_cards)
    t.page_starter = v.starter
    t.title = "Count your %s" % v.counting
    t.claim = 0
    t.s_claim = "0"


def count(t, game, events):
    """Enter your count (UP / DOWN by 1, RIGHT / LEFT by 2, A claims it);
    the engine says what it was worth. ``firmware.play.your_turn``'s
    ``NOTHING``, ``CHANGED`` or ``ACTED``."""
    if t.mode != COUNT:
        open_count(t, game)
        t.set_mode(COUNT, game)
        return CHANGED
    step = 0
    if buttons.went(events, UP):
        step += 1
    if buttons.went(events, DOWN):
        step -= 1
    if buttons.went(events, RIGHT):
        step += 2
    if buttons.went(events, LEFT):
        step -= 2
    if step:
        n = t.claim + step
        t.claim = 0 if n < 0 else _MOST if n > _MOST else n
        t.s_claim = "%d" % t.claim
        return CHANGED
    if buttons.happened(events, "press", A):
        game.claim(0, t.claim)
        return ACTED
    return NOTHING


def draw_count(cv, t):
    _cards(cv, t)
    cv.text("Your count:", 1, 34)
    x = cv.text(t.s_claim, 74, 34)
    cv.invert(72, 33, x - 71, 9)
    cv.text("\x87\x88 1  \x86\x85 2  A: claim", 1, 55)


def _cards(cv, t):
    title_bar(cv, t.title)
    cards = t.page_cards
    cv.cards(cards, len(cards), 1, 10, 15)
    if t.page_starter is not None:
        cv.text("+", 64, 16)
        cv.card(71, 10, t.page_starter)
