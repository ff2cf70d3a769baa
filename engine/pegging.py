"""Choosing a card in the play (docs/rules.md R6-R9) from what a seat can see.

Each legal card is valued by what it pegs now minus what it lets the opponent
peg in reply: every rank the opponent may still hold is weighed by the chance
that they hold it (hypergeometric over the cards this seat has not seen, for
the number of cards they still hold), assuming they answer with their best
reply. At the hard level a reply is also offset by our best counter-reply
(the card that takes back a pair or a run), the go is valued, and the end
game counts: a card that pegs out wins, a reply that would peg the opponent
out is a loss. Small tie-breaks follow the known advice: lead below 5, do not
leave 5 or 21, keep the card that answers.

Five-card cribbage (V5.3, ``view.five``) has one play sequence: when the
opponent cannot answer, hard values the rest of it as every card it can still
lay alone and the last card's point (the sequence, and the pegging, end
there); measured against hard pegging as in the six-card game over 4,000
five-card games it wins 49.8% (95% CI 48.2-51.3%): no measurable edge, kept
because it is what the rules give. A game of fixed deals (V6, ``view.target``
0) has no end game.

Values are integers, points times UNIT (chances in 4096ths, tie-breaks in
16ths of a point), so a decision allocates no floats and stays in small ints
on the device.
Imports engine.cards, engine.score.
"""

from engine.cards import VALUES
from engine.score import peg_points

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

NOW = const(0)  # easy: what the card pegs now, tie-breaks
REPLY = const(1)  # medium: minus the opponent's expected best reply
FULL = const(2)  # hard: counter-replies, the go, the end game
_OFF = const(100)  # nets are stored offset in a bytearray
_WIN = const(60)  # a points swing that stands for winning or losing the game
ONE = const(4096)  # fixed-point 1 for chances
UNIT = const(65536)  # a value of one point: ONE chances times 16ths for tie-breaks

_bufs = []


def _buffers():
    # pile ranks (+3 hypothetical), unseen ranks, reply nets, reply order
    if not _bufs:
        for size in (16, 13, 13, 13):
            _bufs.append(bytearray(size))
    return _bufs


def _avoid(x, total, k):
    # The chance, times ONE, that k cards drawn from ``total`` all come from
    # ``x`` given ones; rounded step by step so it stays a small int.
    p = ONE
    for j in range(k):
        if x <= j:
            return 0
        p = p * (x - j) // (total - j)
    return p


def _unseen(view, w):
    # Cards the opponent may hold, by rank; returns how many.
    if view.opponent_hand is not None:
        for r in range(13):
            w[r] = 0
        for c in view.opponent_hand:
            w[c >> 2] += 1
        return len(view.opponent_hand)
    for r in range(13):
        w[r] = 4
    n = 52
    for c in view.kept if view.kept else view.hand:
        w[c >> 2] -= 1
        n -= 1
    for c in view.discards:
        w[c >> 2] -= 1
        n -= 1
    if view.starter is not None:
        w[view.starter >> 2] -= 1
        n -= 1
    me = view.me
    for seat, c in view.played:
        if seat != me or not view.kept:
            w[c >> 2] -= 1
            n -= 1
    return n


def _my_best(view, skip, pr, n, count):
    # My best single card after pr[:n] at ``count``: -1 when none fits.
    best = -1
    room = 31 - count
    for c in view.hand:
        if c == skip:
            continue
        v = VALUES[c >> 2]
        if v <= room:
            pr[n] = c >> 2
            p = peg_points(pr, n + 1, count + v, 0)
            if p > best:
                best = p
    return best


def _alone(view, used, pr, n, count):
    # The most I can peg laying my remaining cards on my own (the opponent
    # cannot play in this count), ending with the go (R8) or last card (R9).
    room = 31 - count
    best = -1
    for c in view.hand:
        bit = 1 << view.hand.index(c)
        if used & bit or VALUES[c >> 2] > room:
            continue
        v = VALUES[c >> 2]
        pr[n] = c >> 2
        p = peg_points(pr, n + 1, count + v, 0) + _alone(view, used | bit, pr, n + 1, count + v)
        if p > best:
            best = p
    if best < 0:
        return 0 if count == 31 else 1
    return best


def card_value(view, card, mode, w, total):
    """The value of playing ``card``, in points times UNIT; ``w``/``total`` are
    the opponent's possible cards by rank (see _unseen)."""
    bufs = _buffers()
    pr = bufs[0]
    nets = bufs[2]
    order = bufs[3]
    n = 0
    for c in view.pile:
        pr[n] = c >> 2
        n += 1
    r = card >> 2
    pr[n] = r
    count = view.count + VALUES[r]
    now = peg_points(pr, n + 1, count, 0)
    me = view.me
    if view.target:
        my_need = view.target - view.scores[me]
        opp_need = view.target - view.scores[1 - me]
    else:  # V6: nobody pegs out
        my_need = opp_need = 999

    # Tie-breaks, in sixteenths of a point.
    tb = 0
    if n == 0 and VALUES[r] < 5:
        tb += 3
    if count == 5 or count == 21:
        tb -= 2
    for c in view.hand:
        if c != card and (c >> 2 == r or c >> 2 == r + 1 or c >> 2 == r - 1):
            tb += 1
            break

    if mode == FULL and now >= my_need:
        return _WIN * UNIT
    k = view.opponent_left
    if k > total:
        k = total
    if mode == NOW:
        return (now * 16 + tb) * ONE
    if view.opponent_go or k == 0 or count == 31:
        # No reply in this count: I go on alone (or the count resets at 31).
        more = 0
        if mode == FULL:
            used = 1 << view.hand.index(card)
            more = _alone(view, used, pr, n + 1, count) if count < 31 else 0
        return ((now + more) * 16 + tb) * ONE

    # The opponent's replies by rank: their points, less my counter (FULL).
    room = 31 - count
    m = 0
    for q in range(13):
        if not w[q] or VALUES[q] > room:
            continue
        pr[n + 1] = q
        c2 = count + VALUES[q]
        s = peg_points(pr, n + 2, c2, 0)
        if mode == FULL:
            if s >= opp_need:
                s = _WIN
            elif c2 < 31:
                back = _my_best(view, card, pr, n + 2, c2)
                if back > 0:
                    s -= back
        nets[q] = s + _OFF
        # insertion by net, best for the opponent first
        i = m
        while i > 0 and nets[order[i - 1]] < nets[q]:
            order[i] = order[i - 1]
            i -= 1
        order[i] = q
        m += 1
    # They hold none of those: they say go and I may go on.
    base = 0
    if mode == FULL:
        if view.five:  # V5.3: I lay what I can alone, and the play is over
            base = -_alone(view, 1 << view.hand.index(card), pr, n + 1, count)
        else:
            mine = _my_best(view, card, pr, n + 1, count)
            base = -(1 + (mine if mine > 0 else 0))
    seen = 0
    prev = ONE
    expect = 0
    for i in range(m):
        q = order[i]
        seen += w[q]
        left = _avoid(total - seen, total, k)
        expect += (nets[q] - _OFF) * (prev - left)
        prev = left
    expect += base * prev
    return (now * ONE - expect) * 16 + tb * ONE


def rate(view, mode, out):
    """Append (card, value in points) for each playable card of ``view.hand``
    to ``out``, best first; for hints and tests (allocates)."""
    w = _buffers()[1]
    total = _unseen(view, w)
    room = 31 - view.count
    for c in view.hand:
        if VALUES[c >> 2] <= room:
            out.append((c, card_value(view, c, mode, w, total) / UNIT))
    out.sort(key=lambda x: (-x[1], view.hand.index(x[0])))  # ties: hand order, as choose()
    return out


def choose(view, mode):
    """The best playable card of ``view.hand`` (None: go). Cards of one rank
    are worth the same; the first of them is played."""
    w = _buffers()[1]
    total = -1
    room = 31 - view.count
    best = None
    best_v = 0
    for c in view.hand:
        if VALUES[c >> 2] > room:
            continue
        if best is not None and best >> 2 == c >> 2:
            continue
        if total < 0:
            total = _unseen(view, w)
        v = card_value(view, c, mode, w, total)
        if best is None or v > best_v:
            best = c
            best_v = v
    return best
