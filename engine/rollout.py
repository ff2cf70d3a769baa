"""Rollouts of the play for the expert level: each card a seat may lay is
played out to the end of the play against samples of the other hand, both
seats then playing as hard (engine.pegging's FULL lookahead), and the card
whose rollouts net the most pegging points is laid, hard's card unless
another nets more than half a point a hand (``_EDGE``) more than it.

The samples are drawn from the cards the seat has not seen (not its own
four, its discards, the starter, nor what the other seat has laid), as many
as the other seat holds, by an engine.rng ``Rng`` seeded from the view, so
the same view gives the same decision on every interpreter; every card is
rolled out over the same samples, so only its own effect differs. Pegging
out (the target reached in the play) counts as ``pegging.WIN`` points.
Six-card games only (the five-card play is one sequence: hard decides).

A decision may keep to a budget of work (``WORK`` for the expert): hands
are drawn, each played out with every card, while the work done is under
it, at most ``samples`` of them. The work is counted, not timed (the
choices weighed in the rollouts, the cards played out, the draws of the
other hand, each at what it costs), so a decision stays the same on every
interpreter and its time on a Pico stays within what the budget allows
(docs/measured.md): a long play (four cards each) draws fewer hands than a short one.

``best(view, samples)`` gives the card, or None when hard's card stands
(one rank fits, or no card beats hard's by the rollouts). ``steps(view,
samples, out)`` is the same work as a generator for a screen that must not
hold a frame (out[0] is the card when it ends): a rollout a step, or with a
budget a share of it a step, at most ``STEPS`` steps.
Imports engine.cards, engine.pegging, engine.rng, engine.score, engine.view.
"""

from engine.cards import VALUES
from engine import pegging
from engine.pegging import WIN
from engine.rng import Rng
from engine.score import peg_points
from engine.view import View

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

SAMPLES = const(64)  # other hands drawn a decision
POLICY = 2  # engine.pegging mode both seats play by in a rollout (FULL: hard)
_TRIES = const(60)  # draws of the other hand before one is taken as it comes
_MEMO = const(80)  # my own choices remembered over one view's rollouts
# Work, for the budget a decision keeps to, in what each costs (a fit to
# decisions timed on the MicroPython unix port): a choice weighed in a
# rollout (engine.pegging.choose) 8, a card played out 1 (the rest of its
# rollout), a draw of the other hand 1 (a unit's time on the Pico:
# docs/measured.md)
_CHOICE = const(8)
_PLAY = const(1)
_DRAW = const(1)
WORK = const(1500)  # the expert's budget a play (its time on the Pico: docs/measured.md)
STEPS = const(16)  # the most steps a budgeted decision takes (a screen's frames)
_EDGE = const(2)  # a card beats hard's by more than 1/_EDGE point a hand (see pick)


def _seed(view):
    # A number from what the view shows, so a decision depends on it alone.
    s = view.count * 31 + view.scores[0] * 977 + view.scores[1] * 7919 + view.me
    for c in view.hand:
        s = (s * 53 + c + 1) & 0xFFFFFF
    for c in view.pile:
        s = (s * 59 + c + 7) & 0xFFFFFF
    for _, c in view.played:
        s = (s * 61 + c + 3) & 0xFFFFFF
    if view.starter is not None:
        s = (s * 67 + view.starter) & 0xFFFFFF
    return s


# The chance, in 255ths of the most likely, that hard keeps four cards
# scoring p points by themselves (``points4``: pairs, 15s, runs): how often
# hard kept such a four over how often four random cards score p, measured
# by tools/gen/keep_table.py (20,000 deals, seed 7); 9 points or more: 255.
_KEEP = b"\x04\x00\x0a\x1d\x2b\x3a\x55\x82\xcc"


def points4(h):
    """What four cards score by themselves: pairs, fifteens, runs."""
    a = h[0] >> 2
    b = h[1] >> 2
    c = h[2] >> 2
    d = h[3] >> 2
    va = VALUES[a]
    vb = VALUES[b]
    vc = VALUES[c]
    vd = VALUES[d]
    s = va + vb + vc + vd
    # fifteens: all four, three (all but one), two; then the pairs
    n = (s == 15) + (s - va == 15) + (s - vb == 15) + (s - vc == 15) + (s - vd == 15)
    n += (va + vb == 15) + (va + vc == 15) + (va + vd == 15)
    n += (vb + vc == 15) + (vb + vd == 15) + (vc + vd == 15)
    n += (a == b) + (a == c) + (a == d) + (b == c) + (b == d) + (c == d)
    pts = 2 * n
    # the ranks in order (a <= b <= c <= d) for the runs
    if a > b:
        a, b = b, a
    if c > d:
        c, d = d, c
    if a > c:
        a, c = c, a
    if b > d:
        b, d = d, b
    if b > c:
        b, c = c, b
    if d - a == 3 and a < b < c < d:
        return pts + 4
    runs = 0  # runs of three: each of the four threes in order
    if b == a + 1:
        runs += (c == b + 1) + (d == b + 1)
    if c == a + 1 and d == c + 1:
        runs += 1
    if c == b + 1 and d == c + 1:
        runs += 1
    return pts + 3 * runs


def pool(view):
    """The cards the other seat may hold (a new list, card order)."""
    out = []
    for c in range(52):
        if c in view.kept or c in view.hand or c in view.discards or c == view.starter:
            continue
        laid = False
        for _, p in view.played:
            if p == c:
                laid = True
        if not laid:
            out.append(c)
    return out


def _view(src, me, hand, kept, discards):
    v = View()
    v.me = me
    v.dealer = src.dealer
    v.target = src.target
    v.phase = "play"
    v.hand = hand
    v.kept = kept
    v.discards = discards
    v.starter = src.starter
    v.deal_number = src.deal_number
    return v


def play_out(view, card, other, their_discards=(), memo=None, work=None):
    """My net pegging points (mine less the other seat's) from laying
    ``card`` now to the end of the play, the other seat holding ``other``
    (and having laid ``their_discards`` away, unknown to a player: none),
    both then playing as hard. ``memo``: a dict kept over the rollouts of
    one view, of my own choices by what was laid since (by seat and rank:
    with the go and the pile it fixes the count, the resets and the points,
    all a choice hangs on), so each is weighed once; one int a key.
    ``work``: a list whose first item counts the choices weighed."""
    me = view.me
    hands = [list(view.hand), list(other)]
    kept = list(view.kept) if view.kept else list(view.hand)
    theirs = list(other)
    for seat, c in view.played:
        if seat != me:
            theirs.append(c)
    pile = list(view.pile)
    played = list(view.played)
    scores = list(view.scores)
    vs = (
        _view(view, me, hands[0], kept, view.discards),
        _view(view, 1 - me, hands[1], theirs, list(their_discards)),
    )
    for v in vs:
        v.pile = pile
        v.played = played
        v.scores = scores
    gone = [False, view.opponent_go]
    target = view.target
    count = view.count
    net = 0
    r = 0  # 0: me, 1: the other seat
    c = card
    last = 0
    turn = 0
    seq = 0  # what was laid since the view, by seat and rank (the memo's key)
    while True:
        if c is not None:
            # lay c
            seq = seq * 27 + 1 + (c >> 2) + 13 * r
            hands[r].remove(c)
            pile.append(c)
            count += VALUES[c >> 2]
            played.append((me if r == 0 else 1 - me, c))
            pts = peg_points(pile, len(pile), count, 2)
            last = r
            if pts:
                seat = me if r == 0 else 1 - me
                scores[seat] += pts
                net += pts if r == 0 else -pts
                if target and scores[seat] >= target:
                    return net + (WIN if r == 0 else -WIN)
            o = 1 - r
            if count == 31:
                if not hands[0] and not hands[1]:
                    return net
                del pile[:]
                count = 0
                gone[0] = gone[1] = False
                turn = o if hands[o] else r
            elif hands[o] and not gone[o]:
                turn = o
        # settle: who is to act, go and last-card points, resets
        while True:
            if not hands[0] and not hands[1]:
                if count != 31:
                    net += 1 if last == 0 else -1
                    seat = me if last == 0 else 1 - me
                    scores[seat] += 1
                    if target and scores[seat] >= target:
                        return net + (WIN if last == 0 else -WIN)
                return net
            if hands[turn] and not gone[turn]:
                break
            o = 1 - turn
            if hands[o] and not gone[o]:
                turn = o
                continue
            net += 1 if last == 0 else -1
            seat = me if last == 0 else 1 - me
            scores[seat] += 1
            if target and scores[seat] >= target:
                return net + (WIN if last == 0 else -WIN)
            del pile[:]
            count = 0
            gone[0] = gone[1] = False
            turn = 1 - last if hands[1 - last] else last
        r = turn
        v = vs[r]
        v.count = count
        v.opponent_left = len(hands[1 - r])
        v.opponent_go = gone[1 - r]
        # one rank fits (or none): that card, as hard would; else hard's choice
        c = None
        room = 31 - count
        for x in hands[r]:
            if VALUES[x >> 2] <= room:
                if c is None:
                    c = x
                elif x >> 2 != c >> 2:
                    if r or memo is None:
                        if work is not None:
                            work[0] += _CHOICE
                        c = pegging.choose(v, POLICY)
                        break
                    key = ((seq * 2 + gone[1]) * 32 + len(pile)) * 256 + net + 128
                    c = memo.get(key, -1)
                    if c < 0:
                        if work is not None:
                            work[0] += _CHOICE
                        c = pegging.choose(v, POLICY)
                        if len(memo) < _MEMO:
                            memo[key] = c
                    break
        if c is None:
            gone[r] = True


def candidates(view):
    """The playable cards, one of each rank (the first in hand order)."""
    room = 31 - view.count
    out = []
    for c in view.hand:
        if VALUES[c >> 2] > room:
            continue
        dup = False
        for d in out:
            if d >> 2 == c >> 2:
                dup = True
        if not dup:
            out.append(c)
    return out


def hands(view, samples, weigh=True, work=None):
    """Generator: ``samples`` hands the other seat may hold now (one list,
    refilled each time), drawn from ``pool`` by an Rng seeded from the view;
    with ``weigh`` a four it keeps (with the cards it has laid) is taken with
    the chance ``_KEEP`` gives its points; a hand that says go cannot fit.
    ``work``: a list whose first item counts the draws, in the units of
    ``WORK``."""
    k = view.opponent_left
    cand = pool(view)
    if k > len(cand):
        k = len(cand)
    rng = Rng(_seed(view))
    other = [0] * k
    four = [c for s, c in view.played if s != view.me]
    shown = len(four)
    four.extend(other)
    room = 31 - view.count
    n = len(cand)
    for _ in range(samples):
        tries = 0
        while True:
            for i in range(k):  # a partial Fisher-Yates draw of k cards
                j = i + rng.below(n - i)
                cand[i], cand[j] = cand[j], cand[i]
                other[i] = cand[i]
                four[shown + i] = cand[i]
            tries += 1
            if tries > _TRIES:
                break
            if view.opponent_go:  # it said go: nothing it holds fits now
                fits = False
                for c in other:
                    if VALUES[c >> 2] <= room:
                        fits = True
                if fits:
                    continue
            if weigh and len(four) == 4:
                p = points4(four)
                if p < len(_KEEP) and rng.below(255) >= _KEEP[p]:
                    continue
            break
        if work is not None:
            work[0] += tries * _DRAW
        yield other


def steps(view, samples, out, weigh=True, budget=0):
    """Generator: one card rolled out against one drawn hand a step; at the
    end out[0] is the best card (None: hard's card stands) and
    out[1] the nets summed over the samples, by card of ``candidates``.
    With a ``budget`` (in the units of ``WORK``) hands are drawn, each
    played out with every card, while the work done is under it (at most
    ``samples``), and a step is the work of budget / STEPS or more (at
    most STEPS steps and the last); out[2], when out has it, is the number
    of hands drawn."""
    out[0] = None
    cards = candidates(view)
    if len(cards) < 2 or view.five:
        return
    sums = [0] * len(cards)
    memo = {}
    work = [0]
    mark = budget // STEPS
    drawn = 0
    for other in hands(view, samples, weigh, work):
        drawn += 1
        for i in range(len(cards)):
            sums[i] += play_out(view, cards[i], other, (), memo, work)
            work[0] += _PLAY
            if not budget:
                yield
        if budget:
            if work[0] >= budget:
                break
            if work[0] >= mark:
                mark = work[0] + budget // STEPS
                yield
    out[1] = sums
    if len(out) > 2:
        out[2] = drawn
    out[0] = pick(view, cards, sums, drawn)


def pick(view, cards, sums, n=0):
    """The card of ``cards`` with the most over the ``n`` hands drawn, hard's
    card unless another nets more than a ``1/_EDGE`` point a hand more than
    it (over few hands a small lead is mostly the draw's); None when that
    is hard's card."""
    hard = pegging.choose(view, pegging.FULL)
    h = -1
    for i in range(len(cards)):
        if cards[i] >> 2 == hard >> 2:
            h = i
    best = h
    floor = sums[h] + n // _EDGE
    for i in range(len(cards)):
        if sums[i] > sums[best] and sums[i] > floor:
            best = i
    if best != h:
        return cards[best]
    return None


def best(view, samples=SAMPLES, weigh=True, budget=0):
    """The card the rollouts pick, or None when hard's card stands."""
    out = [None, None]
    for _ in steps(view, samples, out, weigh, budget):
        pass
    return out[0]
