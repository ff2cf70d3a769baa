"""The expert level: hard's evaluation, with discards near the end of a game
chosen by the chance to win (engine.winprob's table) instead of points.

Near the end (either seat within ``_NEAR`` points of the target) each discard
is weighed by what its kept hand scores with each unseen starter (exact, as
engine.discard counts it), the crib and the pegging taken at their means
(engine.opponent's), and the other seat's deal at its mean: the chance is the
table's at the position after the deal, or 1 when the seat counts out first
(the pone counts first; the dealer's hand before the crib). Where two
discards' chances are within ``_EVEN`` of each other the one with more points
(hard's order) is taken, so away from the end expert is hard. A card that
pegs out is always played; the first ``_ROLL`` cards a seat lays in a
six-card deal are chosen by rollouts of the play (engine.rollout: each card
played out against the same hands drawn for the other seat, both seats then
as hard, as many hands as ``rollout.WORK`` pays for, at most
``rollout.SAMPLES``; hard's card unless another nets clearly more), the
rest as hard. ``play_steps`` makes the same play
in at most ``rollout.STEPS`` steps, for a screen that gives each step a
frame. A game of fixed deals (V6) or a missing table: the discards are
hard's throughout.

``Expert(seed)`` is a player (engine.players); ``hint_discard(view)`` gives
the discards with their chances, best first, for the hints. Imports
engine.cards, engine.rng, engine.keep, engine.discard, engine.discard5,
engine.crib_table, engine.crib_table5, engine.score, engine.winprob,
engine.pegging and engine.rollout (when it plays).
"""

from engine.cards import VALUES
from engine.crib_table import SCALE, crib_value
from engine.discard import choose, discard_values, pair_at, rank_points
from engine.keep import buffers, unseen
from engine.rng import Rng
from engine.score import peg_score
from engine import winprob

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_NEAR = const(45)  # points from the target where the table starts to decide
_ROLL = const(2)  # the first cards of a deal a seat lays by rollouts (engine.rollout)
_EVEN = const(2)  # chances (of 255) this close count as equal: points decide
# mean points a deal of the hard level (self-play, README "Win chances"):
# (peg as pone, peg as dealer, hand) six-card and five-card
_SIX = const((2, 3, 8))
_FIVE = const((1, 2, 5))


class _Table:
    # The table file, open for one decision; a figure read once is kept.
    def __init__(self, view):
        self.target = view.target
        self.five = view.five
        self.seen = {}
        self.f = winprob.open_table()  # None when missing or bad

    def chance(self, own, other, own_deals):
        key = (own << 9 | other) << 1 | own_deals
        c = self.seen.get(key)
        if c is None:
            c = winprob.chance(self.f, own, other, own_deals, self.target, self.five)
            self.seen[key] = c
        return c

    def close(self):
        if self.f is not None:
            self.f.close()


def near(view):
    """True when the table decides this deal's discard (the end is near)."""
    t = view.target
    if not t:
        return False
    return t - view.scores[view.me] <= _NEAR or t - view.scores[1 - view.me] <= _NEAR


def chances(view, known=None):
    """(chance 0..255 summed over the unseen starters, n) for each discard of
    view.hand, in engine.opponent's order; None without a table."""
    hand = view.hand
    five = view.five
    if known is None:
        known = list(hand)
        if view.opponent_hand is not None:
            known.extend(view.opponent_hand)
    tab = _Table(view)
    if tab.f is None:
        return None
    try:
        return _chances(view, hand, five, known, tab)
    finally:
        tab.close()


def _chances(view, hand, five, known, tab):
    bufs = buffers()
    ranks = bufs[3]
    suits = bufs[4]
    per_rank = bufs[2]
    unseen(known, ranks, suits)
    me = view.me
    dealer = me == view.dealer
    t = view.target
    mine0 = view.scores[me]
    theirs0 = view.scores[1 - me]
    peg_pone, peg_dealer, hand_mean = _FIVE if five else _SIX
    if five:
        from engine.crib_table5 import crib_value as crib5
        from engine.discard5 import pair_at5, rank_points3
    out = []
    hist = [0] * 30
    count = 10 if five else 15
    for i in range(count):
        j, k = pair_at5(i) if five else pair_at(i)
        kept = [hand[x] for x in range(len(hand)) if x != j and x != k]
        ra = hand[j] >> 2
        rb = hand[k] >> 2
        if five:
            rank_points3(kept[0], kept[1], kept[2], ranks, per_rank)
            crib = crib5(dealer, ra, rb)
        else:
            rank_points(kept[0], kept[1], kept[2], kept[3], ranks, per_rank)
            crib = crib_value(dealer, ra, rb)
        crib = (crib + SCALE // 2) // SCALE
        _histogram(kept, known, per_rank, hist)
        if dealer:
            mine = mine0 + peg_dealer
            theirs = theirs0 + peg_pone + hand_mean
        else:
            mine = mine0 + peg_pone
            theirs = theirs0 + peg_dealer + hand_mean + crib
        total = 0
        n = 0
        for h in range(30):
            w = hist[h]
            if not w:
                continue
            n += w
            m = mine + h
            if m >= t:
                c = 255
            elif dealer:
                c = 255 if m + crib >= t else tab.chance(m + crib, theirs, False)
            else:
                c = tab.chance(m, theirs, True)
            if c is None:
                return None
            total += w * c
        out.append(total)
    return out, n


def _histogram(kept, known, per_rank, hist):
    # how many unseen starters give the kept cards each number of points
    for h in range(30):
        hist[h] = 0
    s = kept[0] & 3
    flush = True
    for c in kept:
        if c & 3 != s:
            flush = False
    size = len(kept)
    for card in range(52):
        if card in known:
            continue
        cs = card & 3
        pts = per_rank[card >> 2]
        if flush:
            pts += size + (1 if cs == s else 0)
        nob = 36 + cs  # the jack of the starter's suit (rank 10, JACK << 2)
        for c in kept:
            if c == nob:
                pts += 1
        hist[pts if pts < 30 else 29] += 1


class Expert:
    """The expert level: hard, with the table's chances near the end; where
    the table does not decide, hard's own choices (engine.discard's
    ``choose``, engine.discard5's ``choose5`` in five-card, and
    engine.pegging's at level 2, as engine.opponent's ``Computer`` makes
    them)."""

    def __init__(self, seed=1):
        self.level = 2  # hard's, where the table does not decide
        self.rng = Rng(seed)

    def discard(self, view):
        hard, weigh, pair = _code(view)
        if not near(view):
            return hard(view, 2, self.rng)
        values = weigh(view, True, True)[0]
        got = chances(view)
        if got is None:
            return hard(view, 2, self.rng)
        j, k = pair(pick(values, got[0], got[1]))
        return view.hand[j], view.hand[k]

    def play(self, view):
        c = _peg_out(view)  # a card that pegs out wins now
        if c is not None:
            return c
        if _rolls(view):
            from engine import rollout

            c = rollout.best(view, rollout.SAMPLES, True, rollout.WORK)
            if c is not None:
                return c
        from engine import pegging  # hard's play

        return pegging.choose(view, 2)

    def slow(self, view):
        """True when this play is rolled out (``play_steps`` takes steps)."""
        if not _rolls(view) or _peg_out(view) is not None:
            return False
        from engine import rollout

        return len(rollout.candidates(view)) > 1

    def play_steps(self, view, out):
        """The same play as a generator of at most ``rollout.STEPS`` steps
        (a screen runs one a frame): out[0] is the card (None: go) when it
        ends."""
        if not _rolls(view) or _peg_out(view) is not None:
            out[0] = self.play(view)
            return
        from engine import rollout

        got = [None, None]
        for _ in rollout.steps(view, rollout.SAMPLES, got, True, rollout.WORK):
            yield
        if got[0] is None:  # hard's play
            from engine import pegging

            got[0] = pegging.choose(view, 2)
        out[0] = got[0]


def _rolls(view):
    # the first _ROLL cards a seat lays in a six-card deal are rolled out
    if view.five:
        return False
    me = view.me
    n = 0
    for seat, _ in view.played:
        n += seat == me
    return n < _ROLL


def _peg_out(view):
    # a card that takes the seat to the target now, or None
    t = view.target
    if t and t - view.scores[view.me] <= 31:
        room = 31 - view.count
        pile = list(view.pile)
        for c in view.hand:
            if VALUES[c >> 2] <= room:
                pile.append(c)
                pts = peg_score(pile)
                pile.pop()
                if view.scores[view.me] + pts >= t:
                    return c
    return None


def _code(view):
    # hard's choice, the discards' values and the positions of their pairs for
    # the view's game: engine.discard5's in five-card (V5)
    if view.five:
        from engine.discard5 import choose5, discard_values5, pair_at5

        return choose5, discard_values5, pair_at5
    return choose, discard_values, pair_at


def _pair(view, i):
    # the positions of the view's i-th discard (engine.review reads them too)
    return _code(view)[2](i)


def pick(values, sums, n):
    """The discard with the best chance; among those within _EVEN of it, the
    one hard's ``values`` rate highest."""
    top = 0
    for x in sums:
        if x > top:
            top = x
    floor = top - _EVEN * n
    best = -1
    for i in range(len(sums)):
        if sums[i] >= floor and (best < 0 or values[i] > values[best]):
            best = i
    return best


def hint_discard(view):
    """(card, card, chance in percent) for each discard, best first as expert
    picks; None when the table does not decide (hard's hints stand)."""
    if not near(view):
        return None
    _, weigh, pair = _code(view)
    values = weigh(view, True, True)[0]
    got = chances(view)
    if got is None:
        return None
    sums, n = got
    first = pick(values, sums, n)
    order = list(range(len(sums)))
    order.sort(key=lambda i: (i != first, -sums[i], -values[i]))
    out = []
    for i in order:
        j, k = pair(i)
        out.append((view.hand[j], view.hand[k], (sums[i] * 100 + 127 * n) // (255 * n)))
    return out
