"""Drawing the play screen's table (``firmware.play.table.Table``) on a
canvas: the table (scores, the pile or the computer's cards, the message
line, your hand with its cursor, marks and dimmed cards) and your muggins
count (``firmware.play.show.draw_count``); the pages over it (the cut, a
hand's count, game over) are screens that draw themselves.
The line under the scores is your chance to win (``Table.odds``): solid for
your share, dotted for the computer's.
No formatting here: every string was made when the table changed; a row of
cards is one ``Canvas.cards`` call.

The table is five parts, one over the other (``_PILE_Y`` and the rows after it: the scores and the
line under them, the pile or the computer's cards, the message line, your
hand, the cursor's mark under it); ``band`` says which of them changed since they were
last drawn (the screen's ``band()``, firmware/ui/screen.py), and ``draw``
draws only the parts that meet the band being redrawn: a message that
times out redraws 9 rows, a cursor move 6 rows (host_tests/test_band.py).
Imports ``firmware.ui.canvas`` (``BACKS``) and ``firmware.play.table``;
``firmware.play.show`` for your muggins count.
"""

from firmware.ui.canvas import BACKS
from firmware.play.table import COUNT, DISCARD, NO_PAGE, PLAY

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# the first rows of the table's parts: scores (0), pile, message line, hand,
# cursor mark (to 64)
_PILE_Y = const(10)
_MSG_Y = const(30)
_HAND_Y = const(39)
_MARK_Y = const(58)


def _keys(t):
    # what each part shows, as draw draws it; None: a page or the count
    if t.page != NO_PAGE or t.mode == COUNT:
        return None
    mode = t.mode
    chosen = 0
    for i in t.marked:
        chosen |= 1 << i
    opp = t.opp
    return (
        (t.s_top, t.odds),
        (t.starter, bytes(t.pile), t.s_count, opp and bytes(opp), t.opp_left),
        t.line,
        (bytes(t.hand), chosen, t.dimmed if mode == PLAY else 0),
        (len(t.hand), t.cursor if mode == DISCARD or mode == PLAY else -1, t.think),
    )


def band(t, drawn):
    """The rows (y0, y1) of the parts of the table ``t`` that differ from
    ``drawn[0]`` (what they showed at the last ``band``; (0, 0): none), or
    None for the whole screen; ``drawn[0]`` is then what ``draw`` draws
    next (``drawn[1]`` True till then)."""
    keys = _keys(t)
    old = drawn[0]
    drawn[0] = keys
    drawn[1] = True
    if keys is None or old is None:
        return None
    y0 = y1 = 0
    parts = (0, _PILE_Y, _MSG_Y, _HAND_Y, _MARK_Y, 64)  # a constant: nothing made
    for i in range(5):
        if keys[i] != old[i]:
            if y1 == 0:
                y0 = parts[i]
            y1 = parts[i + 1]
    return y0, y1


def draw(cv, t, names, drawn=None):
    """The table ``t`` (firmware.play.table.Table) on ``cv``; ``names`` of
    the two seats. Only the parts that meet the band ``cv`` redraws
    (``Canvas.within``). ``drawn`` is ``band``'s: a whole drawing not
    announced by ``band`` (the app's: after enter, waking) forgets what
    was drawn, so the next redraw is whole too (nothing made here)."""
    if drawn is not None:
        if not drawn[1] and cv.y0 <= 0 and cv.y1 >= cv.height:
            drawn[0] = None
        drawn[1] = False
    if t.mode == COUNT:  # muggins: your count
        from firmware.play.show import draw_count

        draw_count(cv, t)
        return
    # the parts drawn here, not in functions of their own: a card drawn
    # for the first time on CircuitPython (firmware.hw.cp_fast.card) is
    # deep enough in calls to exhaust its Python stack with one more
    y0 = cv.y0
    y1 = cv.y1
    if y0 < _PILE_Y:  # the scores and the line under them
        top = t.s_top
        cv.text(top[0], 0, 0)
        cv.right(top[1], cv.width, 0)
        cv.center(top[2], 0)
        odds = t.odds
        if odds is None:
            cv.dotted_hline(0, 8, cv.width)
        else:  # your chance to win: the solid part of the line under the scores
            w = (odds * cv.width + 127) // 255
            cv.hline(0, 8, w)
            cv.dotted_hline(w, 8, cv.width - w)
    if y0 < _MSG_Y and y1 > _PILE_Y:  # the pile, or the computer's cards
        pile = t.pile
        y = 10
        if t.starter is None:
            cv.card_back(115, y)
            opp = t.opp
            if opp:  # open hands: the computer's six cards
                cv.cards(opp, len(opp), 0, y, 17)
            else:
                cv.cards(BACKS, min(t.opp_left, len(BACKS)), 0, y, 6)
        else:
            cv.card(115, y, t.starter)
            n = len(pile)
            cv.cards(pile, n, 0, y, 14 if n < 6 else 65 // (n - 1))  # eight fit left of the count
            cv.text("count", 80, y + 1)
            cv.text(t.s_count, 86, y + 10)
    if y0 < _HAND_Y and y1 > _MSG_Y:  # the message line
        cv.text(t.line, 0, 30)
    if y1 > _HAND_Y:  # your hand, its cursor's mark under it
        mode = t.mode
        cursor = t.cursor if y1 > _MARK_Y and (mode == DISCARD or mode == PLAY) else -1
        if y0 >= _MARK_Y:
            cv.hand_mark(len(t.hand), _HAND_Y, cursor)
        else:
            chosen = 0
            for i in t.marked:
                chosen |= 1 << i
            dim = t.dimmed if mode == PLAY else 0
            cv.hand(t.hand, _HAND_Y, cursor, 0, dim, chosen)
        if t.think >= 0:  # the computer thinking (the expert's rollouts): how far
            cv.box(0, 61, cv.width * t.think // t.think_of, 2, 1, True)
