"""The hint at the expert level: for a discard near the end the table's
chances to win (``discard_text``), and for a play the expert rolls out
(engine.rollout: its first two cards of a deal) its own evaluation, a
``firmware.working.Working`` screen that makes the same rollouts from your
seat a step a frame, then lists the cards by what they netted. Apart from
firmware.play.hint so that another level's hint never holds it (96 KB
budget: the hint's peak, at a discard, was 98.1 KB own; emulated Pico,
MicroPython v1.28.0); loaded by the pause menu at the expert level and
forgotten with the hint. Imports ``firmware.play.table``;
``engine.rollout``, ``engine.expert``, ``engine.pegging`` and
``firmware.working`` as it runs.
"""

from firmware.play.table import PLAY, card_text


def discard_text(view):
    """The expert's discard hint for ``view``: the discards by their chance
    to win when the table decides (near the end), else None (hard's
    figures are the hint)."""
    from engine.expert import hint_discard

    best = hint_discard(view)
    if best is None:
        return None
    out = ["Lay away (chance to win):"]
    for c1, c2, pct in best[:3]:
        out.append("%s %s  %d%%" % (card_text(c1), card_text(c2), pct))
    return "\n".join(out)


def expert_hint(play):
    """At the expert level, when the expert would roll your play out
    (engine.rollout: its first two cards of a deal), the hint as its own
    evaluation: a ``firmware.working.Working`` screen that makes the same
    rollouts from your seat a step a frame, then lists the cards. None
    otherwise (the hint is ``hint_text``'s)."""
    g = play.game
    if getattr(play, "level", "") != "expert" or play.table.mode != PLAY:
        return None
    if g.phase != "play" or 0 not in g.waiting():
        return None
    try:
        from engine import rollout
        from engine.expert import Expert
    except ImportError:
        return None
    view = g.view(0)
    if not Expert().slow(view):
        return None
    from firmware.working import Working

    cards = rollout.candidates(view)
    steps = _rollouts(view, cards)
    return Working("Hint", "Playing each card out", steps, rollout.STEPS)


def _rollouts(view, cards):
    # the expert's rollouts a step (yielding how many are made), then the hint's text
    from engine.rollout import SAMPLES, WORK, steps

    out = [None, None, 0]
    n = 0
    for _ in steps(view, SAMPLES, out, True, WORK):
        n += 1
        yield n
    return expert_text(out, cards, view)


def expert_text(out, cards, view):
    """The expert's hint for a card to play from its rollouts: its card first
    (hard's when none beats it), then the others by what they netted."""
    from engine import pegging, rollout

    sums = out[1]
    if not sums:
        return "Nothing to weigh."
    pick = out[0] if out[0] is not None else pegging.choose(view, pegging.FULL)
    order = sorted(range(len(cards)), key=lambda i: (cards[i] >> 2 != pick >> 2, -sums[i]))
    hands = out[2] if len(out) > 2 else rollout.SAMPLES  # the hands drawn
    lines = ["Play (net, %d hands):" % hands]  # 21 columns
    for i in order[:3]:
        lines.append("%s  %+.1f" % (card_text(cards[i]), sums[i] / hands))
    return "\n".join(lines)
