# portable
"""engine.pegging's fast decision (issue 12: rank tables instead of scoring
every reply and counter-reply) against a straightforward reference written
here from the rules of its docstring: every position is scored by
engine.score.peg_score on the real cards, the counter-reply and the play
alone are tried card by card. Over many random views (six- and five-card,
open hands, fixed deals, near the end of the game, after a go) every playable
card must get exactly the reference's value at each level, and choose() the
reference's card. Runs under CPython (pytest) and MicroPython."""

from engine import pegging
from engine.cards import VALUES
from engine.game import Game
from engine.players import RandomPlayer
from engine.rng import Rng
from engine.score import peg_score
from engine.view import View

_WIN = 60
ONE = 4096


def _ref_unseen(view):
    # The opponent's possible cards: counts by rank and how many in all.
    if view.opponent_hand is not None:
        hidden = list(view.opponent_hand)
    else:
        known = set(view.kept if view.kept else view.hand)
        known.update(view.discards)
        if view.starter is not None:
            known.add(view.starter)
        for seat, c in view.played:
            if seat != view.me or not view.kept:
                known.add(c)
        hidden = [c for c in range(52) if c not in known]
    w = [0] * 13
    for c in hidden:
        w[c >> 2] += 1
    return w, len(hidden)


def _ref_avoid(x, total, k):
    # chance * ONE that k cards drawn from total all miss the total - x others,
    # rounded down after each draw
    p = ONE
    for j in range(k):
        p = p * max(x - j, 0) // (total - j)
    return p


def _fits(pile, card):
    return sum(VALUES[c >> 2] for c in pile) + VALUES[card >> 2] <= 31


def _ref_best(hand, pile):
    # my most points laying one of ``hand`` on ``pile``; -1 when none fits
    best = -1
    for c in hand:
        if _fits(pile, c):
            best = max(best, peg_score(pile + [c]))
    return best


def _ref_alone(hand, pile):
    # the most I peg laying all I can of ``hand`` in turn, then the go or 31
    best = -1
    for c in hand:
        if _fits(pile, c):
            rest = [d for d in hand if d != c]
            best = max(best, peg_score(pile + [c]) + _ref_alone(rest, pile + [c]))
    if best < 0:
        return 0 if sum(VALUES[c >> 2] for c in pile) == 31 else 1
    return best


def ref_value(view, card, mode):
    """What ``card`` is worth to ``mode`` (0 easy, 1 medium, 2 hard), points
    times 65536, computed the long way."""
    pile = list(view.pile) + [card]
    count = view.count + VALUES[card >> 2]
    now = peg_score(pile)
    rest = [c for c in view.hand if c != card]
    r = card >> 2
    tb = 0
    if not view.pile and VALUES[r] < 5:
        tb += 3  # lead below 5
    if count in (5, 21):
        tb -= 2
    if any(abs((c >> 2) - r) <= 1 for c in rest):
        tb += 1  # keep a card that answers
    if view.target:
        my_need = view.target - view.scores[view.me]
        opp_need = view.target - view.scores[1 - view.me]
    else:
        my_need = opp_need = 999
    if mode == 2 and now >= my_need:
        return _WIN * 65536
    if mode == 0:
        return (now * 16 + tb) * ONE
    w, total = _ref_unseen(view)
    k = min(view.opponent_left, total)
    if view.opponent_go or k == 0 or count == 31:
        more = _ref_alone(rest, pile) if mode == 2 and count < 31 else 0
        return ((now + more) * 16 + tb) * ONE
    # the opponent's reply with each rank it may hold (a stand-in card of that
    # rank: suits do not peg), best for it first
    replies = []
    for q in range(13):
        if w[q] and count + VALUES[q] <= 31:
            stand_in = q * 4
            s = peg_score(pile + [stand_in])
            if mode == 2:
                if s >= opp_need:
                    s = _WIN
                elif count + VALUES[q] < 31:
                    s -= max(0, _ref_best(rest, pile + [stand_in]))
            replies.append((s, q))
    replies.sort(key=lambda x: -x[0])
    base = 0
    if mode == 2:
        if view.five:
            base = -_ref_alone(rest, pile)
        else:
            base = -(1 + max(0, _ref_best(rest, pile)))
    expect = 0
    seen = 0
    prev = ONE
    for s, q in replies:
        seen += w[q]
        left = _ref_avoid(total - seen, total, k)
        expect += s * (prev - left)
        prev = left
    expect += base * prev
    return (now * ONE - expect) * 16 + tb * ONE


def ref_choose(view, mode):
    best = None
    best_v = 0
    for c in view.hand:
        if VALUES[c >> 2] <= 31 - view.count:
            v = ref_value(view, c, mode)
            if best is None or v > best_v:
                best = c
                best_v = v
    return best


def _random_view(rng, deck):
    # A consistent view with piles rich in pairs and runs: low ranks often.
    rng.shuffle(deck)
    if rng.below(2):
        low = 4 + rng.below(6)
        order = [c for c in deck if c >> 2 < low] + [c for c in deck if c >> 2 >= low]
    else:
        order = list(deck)
    v = View()
    v.me = rng.below(2)
    v.dealer = rng.below(2)
    v.five = rng.below(4) == 0
    size = 3 if v.five else 4
    v.target = (121, 61, 0)[rng.below(3)]
    if v.target:
        v.scores = [v.target - 1 - rng.below(40), v.target - 1 - rng.below(40)]
    else:
        v.scores = [rng.below(80), rng.below(80)]
    kept = order[:size]
    pos = size
    held = 1 + rng.below(size)
    mine_played = kept[held:]
    v.hand = kept[:held]
    v.kept = list(kept)
    v.discards = order[pos : pos + 2]
    pos += 2
    v.starter = order[pos]
    pos += 1
    theirs = order[pos : pos + size]
    pos += size
    their_played = theirs[: rng.below(size + 1)]
    played = []
    for c in mine_played:
        played.append((v.me, c))
    for c in their_played:
        played.append((1 - v.me, c))
    # the pile: the last of the played cards that fit under 31, shuffled
    pile = [c for _, c in played]
    rng.shuffle(pile)
    count = 0
    keep = []
    for c in pile:
        if count + VALUES[c >> 2] <= 31:
            keep.append(c)
            count += VALUES[c >> 2]
    order_played = [(s, c) for s, c in played if c not in keep]
    for c in keep:
        order_played.append((v.me if c in mine_played else 1 - v.me, c))
    v.played = order_played
    v.pile = keep
    v.count = count
    v.opponent_left = size - len(their_played)
    v.opponent_go = rng.below(6) == 0
    if rng.below(5) == 0:
        v.opponent_hand = theirs[len(their_played) :]
    return v


def _game_views(count):
    # Views met in games between random players (hands dealt by the game).
    views = []
    g = 0
    while len(views) < count:
        variant = "five" if g % 3 == 2 else "six"
        game = Game(seed=700 + g, open_hands=g % 4 == 1, variant=variant)
        game.start()
        players = [RandomPlayer(g), RandomPlayer(g + 7)]
        while game.phase in ("discard", "play"):
            seat = game.to_act()
            v = game.view(seat)
            if game.phase == "discard":
                game.act(seat, players[seat].discard(v))
                continue
            if v.playable():
                views.append(v)
            game.act(seat, players[seat].play(v))
        g += 1
    return views


def _check(views):
    pr = pegging._buffers()[1]
    checked = 0
    for v in views:
        total = pegging._unseen(v, pr)
        for mode in (0, 1, pegging.FULL):  # easy, medium, hard
            for c in v.hand:
                if VALUES[c >> 2] <= 31 - v.count:
                    got = pegging.card_value(v, c, mode, pr, total)
                    want = ref_value(v, c, mode)
                    assert got == want, (mode, c, got, want, v.__dict__)
                    checked += 1
            assert pegging.choose(v, mode) == ref_choose(v, mode), (mode, v.__dict__)
    return checked


def test_fast_values_equal_the_reference_in_random_views():
    rng = Rng(12)
    deck = bytearray(range(52))
    views = [_random_view(rng, deck) for _ in range(400)]
    assert _check(views) > 2000


def test_fast_values_equal_the_reference_in_game_views():
    assert _check(_game_views(300)) > 1000


def test_replies_to_a_lead_with_four_cards_equal_the_reference():
    # The slowest decision (every rank may answer, three counter-replies each),
    # with low cards so that runs through the lead are everywhere.
    rng = Rng(5)
    deck = bytearray(range(52))
    views = []
    for i in range(60):
        rng.shuffle(deck)
        low = [c for c in deck if c >> 2 < 3 + i % 6]
        rest = [c for c in deck if c not in low[:5]]
        v = View()
        v.me = 0
        v.dealer = 1
        v.scores = [rng.below(118), rng.below(118)]
        v.hand = low[:4]
        v.kept = list(v.hand)
        v.discards = rest[:2]
        v.starter = rest[2]
        v.pile = [low[4]]
        v.count = VALUES[low[4] >> 2]
        v.played = [(1, low[4])]
        v.opponent_left = 3
        views.append(v)
    assert _check(views) > 500


def test_rate_lists_the_reference_values():
    rng = Rng(3)
    deck = bytearray(range(52))
    for _ in range(40):
        v = _random_view(rng, deck)
        got = pegging.rate(v, pegging.FULL, [])
        want = [(c, ref_value(v, c, 2) / 65536) for c in v.playable()]
        assert sorted(got) == sorted(want)
