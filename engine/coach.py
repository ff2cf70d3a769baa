"""The coach's side of the computer's discard: the discards ranked for a
hint (``hint_discard``) and what a discard gives up against the best
(``discard_loss``, the coach's figure), as engine.opponent's functions of
those names give them. Apart from the discard's own code (engine.discard),
so the computer's discard holds none of it; on a device it is loaded for a
hint or the coach's figure and forgotten after (firmware.play.your_turn.weigh,
firmware.play.heap.cpu_code). Imports engine.keep; as it weighs, the
game's discard code: engine.discard in a six-card game, engine.discard5 in a
five-card game (V5).
"""

from engine.keep import GAME


def _code(view):
    # the discard's values, the positions of its pairs and the scale of its
    # crib table for the view's game: engine.discard5's in five-card (V5)
    if view.five:
        from engine.discard5 import SCALE, discard_values5, pair_at5

        return discard_values5, pair_at5, SCALE
    from engine.discard import SCALE, discard_values, pair_at

    return discard_values, pair_at, SCALE


def hint_discard(view, detail=False):
    """engine.opponent.hint_discard: the discards as (card, card, figure),
    best first in hard's order; with ``detail`` (card, card, figure, points,
    chance)."""
    weigh, pair, unit = _code(view)
    ends, n, _ = weigh(view, True, True)
    near = view.target - view.scores[view.me] <= 31 and view.target
    # without the end game (a deal that cannot count the seat out) the two
    # weighings are the same: the second only when the chance is in the first
    values = weigh(view, True, False)[0] if near and detail else ends
    out = []
    scale = n * unit
    order = list(range(len(ends)))
    order.sort(key=lambda i: (-ends[i], i))  # ties: first in order, as the players pick
    for i in order:
        j, k = pair(i)
        figure = ends[i] / scale
        if detail:
            chance = (ends[i] - values[i]) / (scale * GAME) if near else None
            out.append((view.hand[j], view.hand[k], figure, values[i] / scale, chance))
        else:
            out.append((view.hand[j], view.hand[k], figure))
    return out


def discard_loss(view, c1, c2):
    """engine.opponent.discard_loss: what laying ``c1`` and ``c2`` away gives
    up against the best keep, in hundredths of a point."""
    weigh, pair, unit = _code(view)
    values, n, _ = weigh(view, True, False)
    hand = view.hand
    best = values[0]
    mine = None
    for i in range(len(values)):
        v = values[i]
        if v > best:
            best = v
        j, k = pair(i)
        if (hand[j] == c1 and hand[k] == c2) or (hand[j] == c2 and hand[k] == c1):
            mine = v
    if mine is None:
        raise ValueError("not a discard of the hand")
    scale = n * unit
    return ((best - mine) * 200 + scale) // (2 * scale)
