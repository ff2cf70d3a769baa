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
there); it is what the rules give (its strength against the six-card
game's end in five-card: docs/opponent.md). A game of fixed deals (V6, ``view.target``
0) has no end game.

Values are integers, points times UNIT (chances in 4096ths, tie-breaks in
16ths of a point), so a decision allocates no floats and stays in small ints
on the device.

Nothing is laid to be scored. A run ends at the card just laid,
so the runs a next card can make hang on the distinct ranks at the end of
the pile, its tail: a tail of j ranks in a row is extended by the rank just
below or above it, a tail with one gap by the rank that fills it, and the
longest such tail counts; a pair or more needs the rank laid last, a 15 or 31
the value that makes it. So ``following`` gives in a few steps what every
rank pegs laid next, and ``counters`` what my best card pegs after each reply
(two calls a card: on the device a call with many locals costs a heap block).
Replies of one net value are weighed together: the chance that the opponent
holds none of them depends only on how many such cards there are.
host_tests/test_pegging_fast.py holds every value to a reference that lays
and scores every card. Imports engine.cards, engine.score.
"""

from engine.cards import VALUES
from engine.score import peg_points

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_NOW = const(0)  # easy: what the card pegs now, tie-breaks
_REPLY = const(1)  # medium: minus the opponent's expected best reply
FULL = const(2)  # hard: counter-replies, the go, the end game
_OFF = const(100)  # nets are stored offset in a bytearray
WIN = const(60)  # a points swing that stands for winning or losing the game
_ONE = const(4096)  # fixed-point 1 for chances
UNIT = const(65536)  # a value of one point: ONE chances times 16ths for tie-breaks

_F = const(b"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\2")  # 15, 31
_ZERO = const(b"\0\0\0\0\0\0\0\0\0\0\0\0\0")  # 13 zeros
_bufs = []  # see _buffers
# buffer 6, the pile's tail by depth j = 1..13 (its last j ranks): lowest at
# j, highest at 14 + j, sum at 28 + j; each rank's depth in it (0: not in it)
# at 42 + rank; at 0, 14, 28 its depth, how many of the last rank end the
# pile, that rank (``following`` keeps it for ``counters``)
_HI = const(14)
_SUM = const(28)
_AT = const(42)


def _buffers():
    # 0 pile ranks, then the ones laid after, 1 unseen cards by rank, 2 reply
    # nets, 3 how many cards the opponent may hold of each net, 4 what each
    # rank laid next pegs, 5 my best counter to each reply, 6 the tail
    if not _bufs:
        for size in (16, 13, 13, 13, 13, 13, 55):
            _bufs.append(bytearray(size))
    return _bufs


def _avoid(x, total, k):
    # The chance, times ONE, that k cards drawn from ``total`` all come from
    # ``x`` given ones; rounded step by step so it stays a small int.
    p = _ONE
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


def _alone(hand, used, pr, n, count, one=None):
    # The most I can peg laying my cards not in ``used`` (bits by their place
    # in ``hand``) after pr[:n] on my own (the opponent cannot play in this
    # count), ending with the go (R8) or last card (R9). ``one``: what each
    # rank pegs laid next (see following), when it is at hand.
    room = 31 - count
    best = -1
    bit = 1
    for c in hand:
        r = c >> 2
        v = VALUES[r]
        if not used & bit and v <= room:
            pr[n] = r
            if one is None:
                p = peg_points(pr, n + 1, count + v, 0)
            else:
                p = one[r]
            p += _alone(hand, used | bit, pr, n + 1, count + v)
            if p > best:
                best = p
        bit <<= 1
    if best < 0:
        return 0 if count == 31 else 1
    return best


def following(out, pr, n, count):
    """out[x]: what rank x pegs laid on the ranks pr[:n] (n >= 1) at
    ``count``; keeps the pile's tail for ``counters``."""
    t = _buffers()[6]
    t[_AT : _AT + 13] = _ZERO
    # the tail: the last j ranks while they are distinct
    low = 13
    high = 0
    s = 0
    j = 0
    i = n - 1
    while i >= 0:
        r = pr[i]
        if t[_AT + r]:
            break
        if r < low:
            low = r
        if r > high:
            high = r
        s += r
        j += 1
        t[j] = low
        t[_HI + j] = high
        t[_SUM + j] = s
        t[_AT + r] = j
        i -= 1
    top = j
    last = pr[n - 1]
    same = 1
    i = n - 2
    while i >= 0 and pr[i] == last:
        same += 1
        i -= 1
    t[0] = top
    t[_HI] = same
    t[_SUM] = last
    out[:] = _ZERO
    j = 2
    while j <= top:
        low = t[j]
        high = t[_HI + j]
        span = high - low
        if span == j - 1:  # j consecutive ranks: x below or above them
            if low > 0:
                out[low - 1] = j + 1
            if high < 12:
                out[high + 1] = j + 1
        elif span == j:  # one gap: x fills it
            out[(low + high) * (j + 1) // 2 - t[_SUM + j]] = j + 1
        j += 1
    out[last] = (same + 1) * same
    v = 15 - count  # the value that makes 15, then the one that makes 31
    if v <= 0:
        v += 16
    if v < 10:
        out[v - 1] += 2
    elif v == 10:
        for x in range(9, 13):
            out[x] += 2


def _up(back, x, p, lim, c2):
    # back[x] raised to p and the 15 or 31 of laying b after x, when x < lim
    if 0 <= x < lim:
        p += _F[c2 + VALUES[x]]
        if p > back[x]:
            back[x] = p


def counters(back, hand, card, count):
    """back[x]: the most one of ``hand`` but ``card`` pegs laid after a reply
    of rank x on the pile of the last ``following`` (at ``count``), 0 when
    none pegs or fits. Every cell a rank b could peg on is raised to at least
    a part of what b pegs there, and the cell b pegs most on to all of it."""
    t = _buffers()[6]
    top = t[0]
    back[:] = _ZERO
    done = 0
    for c in hand:
        b = c >> 2
        if c == card or done & (1 << b):
            continue
        done |= 1 << b
        c2 = count + VALUES[b]
        fit = 31 - c2  # the most a reply may count for b to follow it
        if fit <= 0:
            continue
        lim = fit if fit < 10 else 13  # the ranks that count at most ``fit``
        deep = t[_AT + b]  # b in the tail ends the runs through it
        deep = deep - 1 if deep else top
        j = 1
        while j <= deep:  # runs: j ranks of the tail, x and b
            low = t[j]
            high = t[_HI + j]
            if b < low:
                low = b
            if b > high:
                high = b
            if high - low == j:  # in a row: x below or above
                _up(back, low - 1, j + 2, lim, c2)
                _up(back, high + 1, j + 2, lim, c2)
            elif high - low == j + 1:  # one gap: x fills it
                _up(back, (low + high) * (j + 2) // 2 - t[_SUM + j] - b, j + 2, lim, c2)
            j += 1
        e = t[_HI] + 1 if b == t[_SUM] else 1  # a pair or more: b's at the end after x
        _up(back, b, (e + 1) * e, lim, c2)
        v = 15 - c2  # 15 or 31 after any reply of the value that makes it
        while v <= fit:
            if 0 < v < 10:
                _up(back, v - 1, 0, lim, c2)
            elif v == 10:
                for x in range(9, 13):
                    _up(back, x, 0, lim, c2)
            v += 16


def card_value(view, card, mode, w, total):
    """The value of playing ``card``, in points times UNIT; ``w``/``total`` are
    the opponent's possible cards by rank (see _unseen)."""
    bufs = _buffers()
    pr = bufs[0]
    nets = bufs[2]
    held = bufs[3]
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
    hand = view.hand
    for c in hand:
        if c != card and (c >> 2 == r or c >> 2 == r + 1 or c >> 2 == r - 1):
            tb += 1
            break

    if mode == FULL and now >= my_need:
        return WIN * UNIT
    k = view.opponent_left
    if k > total:
        k = total
    if mode == _NOW:
        return (now * 16 + tb) * _ONE
    if view.opponent_go or k == 0 or count == 31:
        # No reply in this count: I go on alone (or the count resets at 31).
        more = 0
        if mode == FULL:
            used = 1 << hand.index(card)
            more = _alone(hand, used, pr, n + 1, count) if count < 31 else 0
        return ((now + more) * 16 + tb) * _ONE

    # What each rank pegs laid next, and my best counter to each reply.
    one = bufs[4]
    following(one, pr, n + 1, count)
    room = 31 - count
    full = mode == FULL
    back = bufs[5]
    if full:
        counters(back, hand, card, count)

    # The opponent's replies by rank: their points, less my counter (FULL),
    # gathered by net value (best for the opponent first) with how many
    # cards they may hold of each: only the value matters to the chances.
    d = 0
    for q in range(room if room < 10 else 13):  # the ranks that fit
        if not w[q]:
            continue
        s = one[q]
        if full:
            if s >= opp_need:
                s = WIN
            else:
                s -= back[q]
        s += _OFF
        i = 0
        while i < d and nets[i] > s:
            i += 1
        if i < d and nets[i] == s:
            held[i] += w[q]
            continue
        j = d
        while j > i:
            nets[j] = nets[j - 1]
            held[j] = held[j - 1]
            j -= 1
        nets[i] = s
        held[i] = w[q]
        d += 1
    # They hold none of those: they say go and I may go on.
    base = 0
    if full:
        if view.five:  # V5.3: I lay what I can alone, and the play is over
            base = -_alone(hand, 1 << hand.index(card), pr, n + 1, count, one)
        else:
            best = 0
            for c in hand:
                b = c >> 2
                if c != card and VALUES[b] <= room and one[b] > best:
                    best = one[b]
            base = -(1 + best)
    seen = 0
    prev = _ONE
    expect = 0
    for i in range(d):
        seen += held[i]
        left = _avoid(total - seen, total, k)
        expect += (nets[i] - _OFF) * (prev - left)
        prev = left
    expect += base * prev
    return (now * _ONE - expect) * 16 + tb * _ONE


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
