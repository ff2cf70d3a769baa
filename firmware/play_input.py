"""Button events -> the player's decisions on the play screen's table. Draws
nothing and saves nothing: each function moves the table's cursor and marks
(``firmware.play_table.Table``) or gives the engine game a decision, and
says which it did; ``firmware.screens.play`` does the rest (the events the
decision made, saving). Imports ``firmware.buttons``, ``firmware.hal`` and
``firmware.play_table``. (``weigh`` reads the computer's module when a game
has loaded it.)

Keys (``firmware.buttons`` events, acted on when pressed):
  discard  LEFT / RIGHT move, A marks a card for the crib (or unmarks it);
           two marked: A lays them away, B takes the last one back
  play     LEFT / RIGHT move, A plays the card (one that would pass 31 is
           dimmed and refused); when nothing fits the go is said for you
  count    (muggins, V4) UP / DOWN change your count by 1, RIGHT / LEFT by
           2, A claims it
  pages    A (or the demo's step) skips on; UP / DOWN scroll a hand's count
Each function returns ``NOTHING``, ``CHANGED`` (redraw) or ``ACTED`` (the
game took a decision, or the game-over page was left).
"""

from firmware import buttons as _b
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.play_table import (
    card_text,
    CONFIRM,
    COUNT,
    CUT_PAGE,
    DISCARD,
    NO_PAGE,
    OVER_PAGE,
    PLAY,
    SHOW_PAGE,
    T_LINE,
)

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

NOTHING = const(0)
CHANGED = const(1)
ACTED = const(2)
SHOW_ROWS = const(4)  # lines of a hand's count on screen at once
_MOST = const(29)  # the most a hand can be worth


def discard(t, game, events, coach=None):
    """Pick two cards of ``t.hand`` for the crib (seat 0). With ``coach``
    (``note``), the discard made is noted for the coach first."""
    hand = t.hand
    n = len(hand)
    if t.mode != DISCARD and t.mode != CONFIRM:
        t.cursor = 0
        t.marked = []
        t.dimmed = 0
        t.set_mode(DISCARD, game)
        return CHANGED
    if t.mode == CONFIRM:
        if _b.happened(events, "press", A):
            c1 = hand[t.marked[0]]
            c2 = hand[t.marked[1]]
            if coach is not None:
                note(game, c1, c2, coach)
            game.discard(0, c1, c2)
            return ACTED
        if _b.happened(events, "press", B):
            t.marked.pop()
            t.msg = ""
            t.set_mode(DISCARD, game)
            return CHANGED
        return NOTHING
    changed = NOTHING
    if _b.went(events, LEFT) and n:
        t.cursor = (t.cursor - 1) % n
        changed = CHANGED
    if _b.went(events, RIGHT) and n:
        t.cursor = (t.cursor + 1) % n
        changed = CHANGED
    if _b.happened(events, "press", A) and n:
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


def note(game, c1, c2, coach):
    """A decision for the coach's figures (issue 16.4), to be weighed later
    (``weigh``), in a quiet frame: its view as you saw it, the two cards laid
    away (``c2`` None: ``c1`` is a card played) and the deal. ``coach`` is
    [deals, hundredths your discards gave up, hundredths your plays gave up,
    the deal last weighed, the decisions noted and not weighed yet]."""
    coach[4].append((game.view(0), c1, c2, game.deal_number))


def weigh(coach):
    """Weigh the first decision noted in ``coach`` as the review and the hints
    weigh it (``engine.opponent``, the computer's module, loaded through a
    game), a discard by discard_loss, a play by play_loss, only in a deal
    whose discard was weighed (a resumed game's first deal is not)."""
    import sys

    view, c1, c2, deal = coach[4].pop(0)
    opponent = sys.modules.get("engine.opponent")
    if opponent is None:
        return
    try:
        if c2 is None:
            if coach[0] and coach[3] == deal:
                coach[2] += opponent.play_loss(view, c1)
            return
        lost = opponent.discard_loss(view, c1, c2)
    except (ValueError, MemoryError):  # advice only: it never stops a game
        return
    coach[0] += 1
    coach[1] += lost
    coach[3] = deal


def count(t, game, events):
    """Muggins (V4): enter your count; the engine says what it was worth."""
    if t.mode != COUNT:
        t.open_count(game)
        t.set_mode(COUNT, game)
        return CHANGED
    step = 0
    if _b.went(events, UP):
        step += 1
    if _b.went(events, DOWN):
        step -= 1
    if _b.went(events, RIGHT):
        step += 2
    if _b.went(events, LEFT):
        step -= 2
    if step:
        n = t.claim + step
        t.claim = 0 if n < 0 else _MOST if n > _MOST else n
        t.s_claim = "%d" % t.claim
        return CHANGED
    if _b.happened(events, "press", A):
        game.claim(0, t.claim)
        return ACTED
    return NOTHING


def play(t, game, events, coach=None):
    """Pick a card of ``t.hand`` to play (seat 0); a go when none fits (R8).
    With ``coach`` (``note``), the card played is noted for the coach first."""
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
        return ACTED
    if t.mode != PLAY:
        t.dimmed = dimmed
        if not 0 <= t.cursor < n or dimmed & (1 << t.cursor):
            for i in range(n):
                if not dimmed & (1 << i):
                    t.cursor = i
                    break
        t.set_mode(PLAY, game)
        return CHANGED
    changed = NOTHING
    if _b.went(events, LEFT):
        t.cursor = (t.cursor - 1) % n
        changed = CHANGED
    if _b.went(events, RIGHT):
        t.cursor = (t.cursor + 1) % n
        changed = CHANGED
    if _b.happened(events, "press", A):
        card = hand[t.cursor]
        if dimmed & (1 << t.cursor):
            t.say("%s would pass 31" % card_text(card))
            return CHANGED
        if coach is not None:
            note(game, card, None, coach)
        game.play(0, card)
        return ACTED
    return changed


def page(t, dt, events, stepped):
    """A page over the table: its time runs, A (or ``stepped``: the demo's
    any key) skips on; ``ACTED`` when the game-over page is left."""
    a = _b.happened(events, "press", A)
    kind = t.page
    if kind == CUT_PAGE:
        t.page_ms -= dt
        if a or t.page_ms <= 0 or stepped:
            t.page = NO_PAGE
            return CHANGED
        return NOTHING
    if kind == SHOW_PAGE:
        n = len(t.lines)
        changed = NOTHING
        if _b.went(events, DOWN) and t.top_line + SHOW_ROWS < t.shown:
            t.top_line += 1
            changed = CHANGED
        if _b.went(events, UP) and t.top_line > 0:
            t.top_line -= 1
            changed = CHANGED
        t.page_ms -= dt
        if a or stepped:
            if t.shown < n:
                t.shown = n
                t.top_line = max(0, n - SHOW_ROWS)
            else:
                t.page = NO_PAGE
            return CHANGED
        if t.page_ms <= 0:
            if t.shown < n:
                t.shown += 1
                t.top_line = max(0, t.shown - SHOW_ROWS)
                t.page_ms = T_LINE
                return CHANGED
            if not t.human and t.page_ms <= -2000:
                t.page = NO_PAGE
                return CHANGED
        return changed
    if kind == OVER_PAGE:
        t.page_ms -= dt
        if a or (not t.human and (t.page_ms <= 0 or stepped)):
            return ACTED
    return NOTHING
