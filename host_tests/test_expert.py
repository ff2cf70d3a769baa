# portable: runs under MicroPython too
"""The expert level (engine.expert): hard away from the end, the table's
chance near it (the discard it takes is the one hint_discard puts first and
has the best chance, but for ties within EVEN), a card that pegs out is
played, no table means hard throughout."""

from engine import expert, winprob
from engine.game import Game
from engine.opponent import make


def _views(seed, n, near_end, five=False):
    # discard views of fresh deals; near the end: scores set close to the target
    out = []
    for i in range(n):
        g = Game(seed + i, None if five else 121, i % 2, variant="five" if five else "six")
        if near_end:
            t = g.target
            g.scores = [t - 12 - (i * 7) % 25, t - 5 - (i * 3) % 30]
        g.start()
        out.append(g.view(i % 2 ^ (i // 2) % 2))
    return out


def test_away_from_the_end_expert_is_hard():
    hard = make("hard", 1)
    exp = make("expert", 1)
    for v in _views(50, 25, False):
        assert not expert.near(v)
        assert set(exp.discard(v)) == set(hard.discard(v))


def test_near_the_end_the_best_chance_is_taken():
    exp = make("expert", 1)
    differ = 0
    hard = make("hard", 1)
    for five in (False, True):
        for v in _views(70, 30, True, five):
            assert expert.near(v)
            sums, n = expert.chances(v)
            hints = expert.hint_discard(v)
            c1, c2 = exp.discard(v)
            assert set((hints[0][0], hints[0][1])) == set((c1, c2))
            mine = None
            for i in range(len(sums)):
                j, k = expert._pair(v, i)
                if set((v.hand[j], v.hand[k])) == set((c1, c2)):
                    mine = sums[i]
            assert mine >= max(sums) - expert.EVEN * n
            assert 0 <= hints[0][2] <= 100
            differ += set(hard.discard(v)) != set((c1, c2))
    assert differ > 0  # the table changes some decisions


def test_a_card_that_pegs_out_is_played():
    g = Game(3, 121, 0)
    g.start()
    g.discard(0, g.hands[0][0], g.hands[0][1])
    g.discard(1, g.hands[1][0], g.hands[1][1])
    v = g.view(g.turn)
    v.scores[v.me] = 120
    v.count = 10
    v.pile = [4 * 4]  # a five laid: a ten-card makes 15 for 2
    v.hand = [4 * 0, 4 * 9 + 1]  # an ace and a ten
    assert make("expert", 1).play(v) == 4 * 9 + 1


def test_no_table_no_change():
    keep = winprob.path
    winprob.path = lambda: "no/such/winprob.bin"
    try:
        for v in _views(90, 10, True):
            assert expert.chances(v) is None and expert.hint_discard(v) is None
            assert set(make("expert", 1).discard(v)) == set(make("hard", 1).discard(v))
    finally:
        winprob.path = keep
