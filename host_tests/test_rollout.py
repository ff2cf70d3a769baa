# portable: runs under MicroPython too
"""The expert's rollouts of the play (engine.rollout): a rollout is the
game's own play with hard in both seats, the card taken is the best sum
over the drawn hands (hard's among equals), points4 is what four cards score
alone, the other hand is drawn from the cards the seat has not seen, and
the same views give the same decisions on every interpreter."""

from engine import expert, rollout
from engine.cards import VALUES
from engine.game import Game
from engine.opponent import make

_HARD = make("hard", 1)
_ROLL = 2  # engine.expert._ROLL (a const: no attribute on MicroPython)
_EDGE = 2  # engine.rollout._EDGE


def _at(seed, plays, scores):
    # a game of seed at its play, hard in both seats, after ``plays`` decisions
    g = Game(seed, 121, seed % 2)
    g.scores = list(scores)
    g.start()
    while g.phase == "discard":
        s = g.to_act()
        g.act(s, _HARD.discard(g.view(s)))
    while g.phase == "play" and plays:
        s = g.to_act()
        g.act(s, _HARD.play(g.view(s)))
        plays -= 1
    return g


def _game_net(seed, plays, scores, card, other=None):
    # the seat's net pegging from laying card to the end of the play, by the
    # game itself with hard in both seats (the other hand replaced by other);
    # a game won in the play counts 60 as engine.pegging's end game does
    g = _at(seed, plays, scores)
    seat = g.to_act()
    if other is not None:  # as a player sees it: the four it kept, no discards known
        o = 1 - seat
        g.hands[o] = list(other)
        g.kept[o] = [c for s, c in g.view(o).played if s == o] + list(other)
        g.discards[o] = ()
    g.take_events()
    g.act(seat, card)
    while g.phase == "play":
        s = g.to_act()
        g.act(s, _HARD.play(g.view(s)))
    net = 0
    peg = False
    for e in g.take_events():
        if e[0] == "score":
            peg = e[4] in ("peg", "go")
            if peg:
                net += e[2] if e[1] == seat else -e[2]
    if g.phase == "over" and peg:
        net += 60 if g.winner == seat else -60
    return net


def _scores(seed):
    return [(seed * 37) % 118, (seed * 53) % 118] if seed % 3 == 0 else [0, 0]


def _choices(seeds):
    # (seed, view, its cards) at the play of each seed, ``seed % 3`` decisions
    # in, where the seat to act has two cards or more to choose from
    out = []
    for seed in seeds:
        g = _at(seed, seed % 3, _scores(seed))
        if g.phase != "play":
            continue
        v = g.view(g.to_act())
        cards = rollout.candidates(v)
        if len(cards) > 1:
            out.append((seed, v, cards))
    return out


def test_a_rollout_is_the_games_own_play():
    checked = 0
    for seed in range(40):
        g = _at(seed, seed % 5, _scores(seed))
        if g.phase != "play":
            continue
        seat = g.to_act()
        v = g.view(seat)
        other = list(g.hands[1 - seat])
        for c in rollout.candidates(v):
            want = _game_net(seed, seed % 5, _scores(seed), c)
            got = rollout.play_out(v, c, other, g.discards[1 - seat])
            assert got == want, (seed, c, got, want)
            checked += 1
    assert checked > 60


def test_the_decision_is_the_best_sum_over_the_drawn_hands():
    # the reference: each card laid in the game itself against each drawn hand
    differ = 0
    for seed, v, cards in _choices(range(100, 112)):
        sums = [0] * len(cards)
        for other in rollout.hands(v, 6):
            for i in range(len(cards)):
                sums[i] += _game_net(seed, seed % 3, _scores(seed), cards[i], other)
        out = [None, None]
        for _ in rollout.steps(v, 6, out):
            pass
        assert out[1] == sums
        hard = _HARD.play(v)
        top = max(sums)
        hs = [sums[i] for i in range(len(cards)) if cards[i] >> 2 == hard >> 2][0]
        edge = 6 // _EDGE  # another card must net more than hard's by 1/_EDGE a hand
        if out[0] is None:  # hard's card stands: none is ahead of it by more
            assert top <= hs + edge
        else:
            assert sums[cards.index(out[0])] == top > hs + edge
            assert out[0] >> 2 != hard >> 2
            differ += 1
        assert rollout.best(v, 6) == out[0]
    assert differ > 0


def test_another_card_must_beat_hards_by_more_than_the_edge():
    tried = 0
    for _, v, cards in _choices(range(100, 130)):
        h = [i for i in range(len(cards)) if cards[i] >> 2 == _HARD.play(v) >> 2][0]
        o = (h + 1) % len(cards)
        for n in (1, 16, 64):
            edge = n // _EDGE
            sums = [-50] * len(cards)
            sums[h] = -10
            sums[o] = -10 + edge  # ahead by the edge: hard's card stands
            assert rollout.pick(v, cards, sums, n) is None
            sums[o] += 1  # ahead by more: it is taken
            assert rollout.pick(v, cards, sums, n) == cards[o]
            sums[h] = sums[o] + 1  # hard's ahead
            assert rollout.pick(v, cards, sums, n) is None
        tried += 1
    assert tried > 5


def _points4_slow(h):
    pts = 0
    for i in range(4):
        for j in range(i + 1, 4):
            pts += 2 * (h[i] >> 2 == h[j] >> 2)
    for m in range(16):
        t = 0
        for i in range(4):
            if m >> i & 1:
                t += VALUES[h[i] >> 2]
        pts += 2 * (t == 15)
    r = sorted([c >> 2 for c in h])
    if r[1] == r[0] + 1 and r[2] == r[1] + 1 and r[3] == r[2] + 1:
        return pts + 4
    for skip in range(4):
        s = [r[i] for i in range(4) if i != skip]
        pts += 3 * (s[1] == s[0] + 1 and s[2] == s[1] + 1)
    return pts


def test_points4():
    from engine.rng import Rng

    rng = Rng(4)
    deck = list(range(52))
    for _ in range(400):
        rng.shuffle(deck)
        assert rollout.points4(deck[:4]) == _points4_slow(deck[:4]), deck[:4]
    # 5 5 5 J: four 15s and three pairs; 4 5 6 6: a double run and a 15 and a pair
    assert rollout.points4([16, 17, 18, 40]) == 14
    assert rollout.points4([12, 16, 20, 21]) == 12


def test_drawn_hands_are_unseen_cards_that_fit_what_was_shown():
    for seed in range(200, 215):
        g = _at(seed, 1 + seed % 4, [0, 0])
        if g.phase != "play":
            continue
        v = g.view(g.to_act())
        seen = set(v.kept + v.discards + [c for _, c in v.played] + [v.starter])
        for other in rollout.hands(v, 8):
            assert len(other) == v.opponent_left
            assert len(set(other)) == len(other)
            for c in other:
                assert c not in seen
                if v.opponent_go:
                    assert VALUES[c >> 2] > 31 - v.count


def test_expert_lays_its_first_cards_by_rollouts_and_the_steps_agree():
    exp = make("expert", 1)
    got = []
    sums = []
    rolled = 0
    for seed in range(300, 312):
        g = _at(seed, 0, [0, 0])
        v = g.view(g.to_act())
        got.append(rollout.best(v, rollout.SAMPLES))
        c = rollout.best(v, rollout.SAMPLES, True, rollout.WORK)
        card = exp.play(v)
        out = [0]
        n = 0
        for _ in exp.play_steps(v, out):
            n += 1
        assert out[0] == card
        if c is None:
            assert card == _HARD.play(v)
        else:
            assert card == c
            rolled += 1
        k = len(rollout.candidates(v))
        assert 1 <= n <= rollout.STEPS if k > 1 else n == 0
        if seed < 306:
            out = [None, None]
            for _ in rollout.steps(v, rollout.SAMPLES, out):
                pass
            sums.append(out[1])
    assert got == _FIXED_CARDS
    assert sums == _FIXED_SUMS
    # past the first _ROLL cards of a seat, expert plays as hard
    for seed in range(320, 330):
        g = _at(seed, 2 * _ROLL + 1, [0, 0])
        if g.phase == "play":
            v = g.view(g.to_act())
            if not expert._rolls(v):
                assert exp.play(v) == _HARD.play(v)


def _work(v, budget):
    # the hands a budget draws, counted here from the work each reports
    cards = rollout.candidates(v)
    work = [0]
    memo = {}
    n = 0
    for other in rollout.hands(v, rollout.SAMPLES, True, work):
        n += 1
        for c in cards:
            rollout.play_out(v, c, other, (), memo, work)
            work[0] += 1
        if work[0] >= budget:
            break
    return n


def test_a_budget_draws_hands_till_it_is_spent_and_decides_as_that_many():
    budgets = (1, 300, rollout.WORK, 10**6)
    for _, v, _ in _choices(range(400, 410)):
        drawn = []
        for budget in budgets:
            out = [None, None, 0]
            steps = 0
            for _ in rollout.steps(v, rollout.SAMPLES, out, True, budget):
                steps += 1
            assert steps <= rollout.STEPS
            n = out[2]
            assert n == _work(v, budget)
            # the same as an unbudgeted decision over that many hands
            whole = [None, None]
            for _ in rollout.steps(v, n, whole):
                pass
            assert out[:2] == whole
            drawn.append(n)
        assert drawn[0] == 1 and drawn[-1] == rollout.SAMPLES
        assert drawn == sorted(drawn)
        assert 1 < drawn[2] < rollout.SAMPLES  # the expert's budget draws some


# the cards the rollouts lay at the first play of seeds 300-311 (None: hard's
# card) and their sums (seeds 300-305), the same on CPython and MicroPython
# (engine.rng, integer sums); they change with SAMPLES, _KEEP or the policy
_FIXED_CARDS = [None] * 8 + [12] + [None] * 3
_FIXED_SUMS = [
    [-60, -81, -52, -79],
    [-58, -60, -120],
    [-114, -139, -126, -76],
    [-136, -40, 3],
    [-146, -62, -183],
    [-114, -157, -106, -85],
]
