"""Button events -> your play on the play screen's table, and the coach's
notes of your decisions (``note``, ``weigh``: your discard's keys are
firmware.play.your_discard's, and note with these). Draws nothing and saves
nothing: ``play`` moves the table's cursor and marks
(``firmware.play.table.Table``) or gives the engine game a decision, and
says which it did; ``firmware.play.screen`` does the rest (the events the
decision made, saving). Imports ``firmware.keys`` (the button bits),
``firmware.ui.buttons``, ``firmware.play.heap``
and ``firmware.play.table``. (``weigh`` reads the computer's module when a
game has loaded it, and forgets what weighing loaded: the discard's code
while only you discard holds none of it.)

Keys (``firmware.ui.buttons`` events, acted on when pressed):
  play     LEFT / RIGHT move, A plays the card (one that would pass 31 is
           dimmed and refused); when nothing fits the go is said for you
``play`` returns ``firmware.play.table``'s ``NOTHING``, ``CHANGED``
(redraw) or ``ACTED`` (the game took a decision). The pages' keys and your
muggins count are the pages' own (``firmware.play.cut``,
``firmware.play.show``, ``firmware.play.game_over``), loaded while they show.
"""

import sys

from firmware.keys import LEFT, RIGHT, A
from firmware.ui import buttons
from firmware.play.heap import PLAY_CODE, _forget, _module
from firmware.play.table import ACTED, CHANGED, NOTHING, PLAY, card_text


_DEVICE = sys.implementation.name != "cpython"  # MicroPython, CircuitPython


def note(game, c1, c2, coach):
    """A decision for the coach's figures (issue 16.4), to be weighed later
    (``weigh``), in a quiet frame: its view as you saw it, the two cards laid
    away (``c2`` None: ``c1`` is a card played) and the deal; a play with no
    decision waiting before it is weighed at once (a few ms with the play's
    code loaded), so no view of it waits through the computer's turn. ``coach`` is
    [deals, hundredths your discards gave up, hundredths your plays gave up,
    the deal last weighed, the decisions noted and not weighed yet (each
    with where it is in ``game.moves``: the save keeps it)]."""
    coach[4].append((game.view(0), c1, c2, game.deal_number, len(game.moves)))
    if c2 is None and len(coach[4]) == 1:
        weigh(coach)  # a play with none before it: at once (a few ms), no view kept


def weigh(coach):
    """Weigh the first decision noted in ``coach`` as the review and the hints
    weigh it (``engine.opponent``, the computer's module, loaded through a
    game), a discard by discard_loss, a play by play_loss, only in a deal
    whose discard was weighed (a resumed game's first deal is not)."""
    opponent = sys.modules.get("engine.opponent")
    if opponent is None:
        del coach[4][:1]
        return
    mods = opponent.MODULES
    first = coach[4][0]
    if first[2] is not None and first[0].five and mods[-1] not in sys.modules and _DEVICE:
        # on a device a five-card discard's weighing code (engine.coach)
        # loads in a frame of its own, the weighing in the next: together,
        # with the collection after, its frame took 110 ms (emulated Pico,
        # MicroPython v1.28.0); a six-card one's fits a frame, and holding
        # the code between two frames would take the play mode's peak to
        # 98.3 KB (96 KB budget)
        _module(mods[-1])
        return
    view, c1, c2, deal, _ = coach[4].pop(0)
    had = [m in sys.modules for m in mods]
    if c2 is not None:
        had[-1] = False  # engine.coach: loaded for this weighing, here or in the frame before
    try:
        if c2 is None:
            if coach[0] and coach[3] == deal:
                coach[2] += opponent.play_loss(view, c1)
            return
        lost = opponent.discard_loss(view, c1, c2)
    except (ValueError, MemoryError):  # advice only: it never stops a game
        return
    finally:  # what weighing loaded goes (engine.coach; your discard's code: cpu_code)
        gone = [mods[i] for i in range(len(mods)) if not had[i] and mods[i] in sys.modules]
        if gone:
            _forget(gone, False)  # collected later: this frame has weighed
    coach[0] += 1
    coach[1] += lost
    coach[3] = deal


def play(t, game, events, coach=None):
    """Pick a card of ``t.hand`` to play (seat 0); a go when none fits (R8).
    With ``coach`` (``note``), the card played is noted for the coach first.
    On a device this module is forgotten once you have played, unless the
    coach has a decision to weigh with it (it is weighed, and this module
    forgotten, before the computer's code loads: ``firmware.play.heap.off_turn``),
    and the computer's code at your turn: the two are held together only
    while this one loads."""
    hand = t.hand
    n = len(hand)
    dimmed = 0
    fits = 0
    for i in range(n):
        if game.can_play(0, hand[i]):
            fits += 1
        else:
            dimmed |= 1 << i
    if not fits:  # R8: nothing fits, so the go is said for you
        t.dimmed = dimmed
        game.go(0)
        if not (coach and coach[4]):  # your keys' code goes till your next turn
            _forget(PLAY_CODE[:1])
        return ACTED
    if t.mode != PLAY:
        if PLAY_CODE[2] in sys.modules:  # your turn: the computer's code goes till its next
            _forget(PLAY_CODE[2:])
        t.dimmed = dimmed
        if not 0 <= t.cursor < n or dimmed & (1 << t.cursor):
            for i in range(n):
                if not dimmed & (1 << i):
                    t.cursor = i
                    break
        t.set_mode(PLAY, game)
        return CHANGED
    changed = NOTHING
    if buttons.went(events, LEFT):
        t.cursor = (t.cursor - 1) % n
        changed = CHANGED
    if buttons.went(events, RIGHT):
        t.cursor = (t.cursor + 1) % n
        changed = CHANGED
    if buttons.happened(events, "press", A):
        card = hand[t.cursor]
        if dimmed & (1 << t.cursor):
            t.say("%s would pass 31" % card_text(card))
            return CHANGED
        if coach is not None:
            note(game, card, None, coach)
        game.play(0, card)
        if not (coach and coach[4]):  # your keys' code goes till your next turn
            _forget(PLAY_CODE[:1])
        return ACTED
    return changed
