"""Button events -> your discard on the play screen's table: two cards of
your hand marked and laid away for the crib. Draws nothing and saves
nothing, as firmware.play.your_turn (your play's keys, and the coach's
notes this module is given). Apart from them on a device, and forgotten
once you have laid away: the play's peak live heap, with the coach
weighing your discard or at your play, is over its 96 KB budget with both
(a 121 game's 96.1 KB, emulated Pico, MicroPython v1.28.0). Imports
``firmware.keys`` (the button bits), ``firmware.ui.buttons``,
``firmware.play.heap`` and ``firmware.play.table``.

Keys (``firmware.ui.buttons`` events, acted on when pressed): LEFT / RIGHT
move, A marks a card for the crib (or unmarks it); two marked: A lays them
away, B takes the last one back. ``discard`` returns
``firmware.play.table``'s ``NOTHING``, ``CHANGED`` (redraw) or ``ACTED``.
"""

import sys

from firmware.keys import LEFT, RIGHT, A, B
from firmware.ui import buttons
from firmware.play.heap import PLAY_CODE, _forget
from firmware.play.table import ACTED, CHANGED, CONFIRM, DISCARD, NOTHING, card_text


def discard(t, game, events, coach=None, note=None):
    """Pick two cards of ``t.hand`` for the crib (seat 0). With ``coach``,
    the discard made is noted for the coach first by ``note``
    (firmware.play.your_turn's, passed in: this module holds none of it)."""
    hand = t.hand
    n = len(hand)
    if t.mode != DISCARD and t.mode != CONFIRM:
        if PLAY_CODE[2] in sys.modules:  # your turn: the computer's code goes till its next
            _forget(PLAY_CODE[2:])
        t.cursor = 0
        t.marked = []
        t.dimmed = 0
        t.set_mode(DISCARD, game)
        return CHANGED
    if t.mode == CONFIRM:
        if buttons.happened(events, "press", A):
            c1 = hand[t.marked[0]]
            c2 = hand[t.marked[1]]
            if coach is not None and note is not None:
                note(game, c1, c2, coach)
            game.discard(0, c1, c2)
            _forget((__name__,), False)  # done for this deal: gone before the coach weighs it
            return ACTED
        if buttons.happened(events, "press", B):
            t.marked.pop()
            t.msg = ""
            t.set_mode(DISCARD, game)
            return CHANGED
        return NOTHING
    changed = NOTHING
    if buttons.went(events, LEFT) and n:
        t.cursor = (t.cursor - 1) % n
        changed = CHANGED
    if buttons.went(events, RIGHT) and n:
        t.cursor = (t.cursor + 1) % n
        changed = CHANGED
    if buttons.happened(events, "press", A) and n:
        if t.cursor in t.marked:
            t.marked.remove(t.cursor)
        else:
            t.marked.append(t.cursor)
            if len(t.marked) == 2:
                t.set_mode(CONFIRM, game)
                c = t.marked
                t.say("Crib: %s %s?" % (card_text(hand[c[0]]), card_text(hand[c[1]])), 0)
        changed = CHANGED
    return changed
