"""The hint for the decision you face (the pause menu's "Hint",
firmware.play.pause): the discards or the cards to play ranked as the
computer weighs them, in words (``hint_text``); at the expert level, for a
play the expert rolls out, its own evaluation (firmware.play.expert_hint).
On a device any other hint comes a frame after the code it needs is loaded,
under the same bar (``hint_frames``). Loaded when the hint is asked for and
forgotten with ``firmware.working`` when the game is back on top
(``firmware.play.screen``'s ``enter``). Apart from the pause menu, whose
code then goes while the hint works (96 KB budget: a hint holding the
menu's code was 99.2 KB own; emulated Pico, MicroPython v1.28.0). Imports
``firmware.play.table``; ``engine.opponent`` (``firmware.play.expert_hint``
for the expert level's discard); on a device ``firmware.working`` and
``firmware.play.heap``, which loads the coach's code.

``play`` is the ``firmware.play.screen.PlayScreen`` paused: its ``game`` and
its ``table`` (``mode``: which decision is yours).
"""

import sys

from firmware.play.table import CONFIRM, COUNT, DISCARD, PLAY, card_text


def hint_text(play):
    """Advice for the decision you face now, in words."""
    g = play.game
    mode = play.table.mode
    if mode == COUNT:
        return "Muggins is on: count it yourself. What you leave out, the computer takes."
    if mode not in (DISCARD, CONFIRM, PLAY) or 0 not in g.waiting():
        return "No hint now: wait for your turn."
    try:
        from engine import opponent
    except ImportError:
        return "Hints need the computer player, which is not installed."
    view = g.view(0)
    if g.phase == "discard" and getattr(play, "level", "") == "expert":
        from firmware.play.expert_hint import discard_text  # the table decides near the end

        text = discard_text(view)
        if text is not None:
            return text
    if g.phase == "discard":
        # the figure shown is the one the list is in: near the end it counts a
        # game out as 20 points, times its chance (said beside it)
        # what the figure counts: the kept hand with each starter it may get,
        # and the crib's two (plus when it is yours, minus when the computer's),
        # on average; not the four cards alone (a keep worth 6 may show 4.1)
        best = opponent.hint_discard(view, True)[:3]
        near = best[0][4] is not None
        out = [
            "Lay away (hand with starter %s crib, on average%s):"
            % ("+ your" if g.dealer == 0 else "- CPU's", "; going out counts 20" if near else "")
        ]
        for c1, c2, figure, pts, chance in best:
            line = "%s %s  %.1f" % (card_text(c1), card_text(c2), figure)
            if chance:
                line = "%s %s %.1f %d%% out" % (
                    card_text(c1), card_text(c2), figure, int(chance * 100 + 0.5)
                )  # fmt: skip
            out.append(line)
        return "\n".join(out)
    rated = opponent.hint_play(view)
    if not rated:
        return "Nothing fits: go."
    out = ["Play (points, net):"]
    for card, value in rated[:3]:
        out.append("%s  %+.1f" % (card_text(card), value))
    return "\n".join(out)


def hint_frames(play):
    # on a device, ``hint_text`` a frame after the code it needs is loaded
    # (engine.coach for a discard: an import and its collections, then the
    # weighing, in one frame came over 100 ms on a Pico)
    from firmware.working import Working

    return Working("Hint", "Weighing your cards", _hint_steps(play), 6)


def _hint_steps(play):
    n = 0
    if play.table.mode in (DISCARD, CONFIRM) and play.game.phase == "discard":
        from firmware.play.heap import _module

        # the game's discard code and engine.coach, the last of the computer's
        # modules, a module a frame (forgotten again by the play: heap.cpu_code)
        opponent = sys.modules.get("engine.opponent")
        if opponent is not None:
            mods = opponent.MODULES
            need = opponent.needs("discard", getattr(play.game, "five", False))
            need |= 1 << len(mods) - 1
            for i in range(1, len(mods)):
                if need >> i & 1 and mods[i] not in sys.modules:
                    _module(mods[i])
                    n += 1
                    yield n
    yield n + 1
    return hint_text(play)
