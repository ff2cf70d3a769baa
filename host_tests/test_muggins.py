# portable: runs under MicroPython too
"""Muggins (docs/rules.md V4): a seat counts its own hand and crib; points it
leaves out go to the other player; an overclaim is corrected."""

from enginetools import cards, lines, plays
from engine import gamelog, logcheck
from engine.game import Game, IllegalMove, run
from engine.players import RandomPlayer
from engine.restore import load_game
from engine.save import save_game

DEAL = ("9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H")
PLAY = "B:TC A:9C B:JD A:go B:go A:8D B:QH A:7H B:go A:6S B:KS"


def muggins_game(scores=None):
    # A (seat 0) deals and counts for itself; B's counts are automatic.
    g = Game(1, 121, 0, False, True, (0,))
    g.rigged = [(cards(DEAL[0]), cards(DEAL[1]), cards(DEAL[2])[0])]
    g.start()
    if scores is not None:
        g.scores = list(scores)
    a = cards("2C 3D")
    b = cards("4H 5S")
    g.discard(0, a[0], a[1])
    g.discard(1, b[0], b[1])
    plays(g, PLAY)
    return g


def test_the_counting_seat_is_asked_and_points_left_out_go_to_the_other_v4():
    g = muggins_game()
    got = lines(g)
    assert got[-2:] == ["show B hand 4", "score B 4 9 hand"]  # B is counted for
    assert g.phase == "count" and g.waiting() == (0,)
    v = g.view(0)
    assert v.phase == "count" and v.counting == "hand"
    assert sorted(v.count_cards) == sorted(cards("9C 8D 7H 6S")) and v.starter == cards("2H")[0]
    g.claim(0, 8)  # the hand is worth 10: run of four, three fifteens
    assert lines(g) == [
        "claim A hand 8",
        "show A hand 10",
        "score A 8 10 hand",
        "score B 2 11 muggins",
    ]
    assert g.waiting() == (0,) and g.view(0).counting == "crib"
    g.claim(0, 12)  # the crib is worth 10: an overclaim is corrected
    got = lines(g)
    assert got[:3] == ["claim A crib 12", "show A crib 10", "score A 10 20 crib"]
    assert got[3] == "deal B"


def test_claims_are_checked():
    g = muggins_game()
    lines(g)
    for bad in (lambda: g.claim(1, 4), lambda: g.claim(0, 30), lambda: g.claim(0, -1)):
        before = save_game(g)
        try:
            bad()
        except IllegalMove as e:
            assert str(e)
        else:
            assert False, "a bad claim was accepted"
        assert save_game(g) == before
    try:
        g.play(0, cards("9C")[0])
    except IllegalMove:
        pass
    else:
        assert False
    g2 = Game(seed=2)
    g2.start()
    try:
        g2.claim(0, 3)
    except IllegalMove as e:
        assert "not time" in str(e)
    else:
        assert False


def test_muggins_points_can_win_at_once_r14():
    g = muggins_game(scores=(50, 112))  # B pegs 5 and counts 4: 121 before A counts
    assert lines(g)[-3:] == ["show B hand 4", "score B 4 121 hand", "end B 52 121 double-skunk"]
    g = muggins_game(scores=(50, 110))  # B: 110 + 5 + 4 = 119
    lines(g)
    g.claim(0, 6)  # 4 points left out: B takes them and wins
    assert lines(g)[-2:] == ["score B 4 123 muggins", "end B 58 123 double-skunk"]
    assert g.phase == "over" and g.waiting() == ()


def test_saves_and_logs_replay_claims():
    players = [RandomPlayer(3), RandomPlayer(4)]
    g = Game(seed=39, muggins=True, counters=(0,))
    g.start()
    while g.phase != "count":
        seat = g.waiting()[0]
        v = g.view(seat)
        g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
    back = load_game(save_game(g))
    assert back.phase == "count" and back.scores == g.scores and back.waiting() == (0,)
    g.claim(0, 1)
    back.claim(0, 1)
    assert back.scores == g.scores and load_game(save_game(g)).scores == g.scores
    g = Game(seed=40, target=61, muggins=True, counters=(0, 1))
    events = []
    run(g, players, events.append)
    assert [e for e in events if e[0] == "claim"]
    text = gamelog.header(g) + "\n" + "\n".join([gamelog.line(e) for e in events])
    assert "muggins" in text.split("\n")[0]
    assert logcheck.replay(text).scores == g.scores
    try:
        logcheck.replay(text.replace(" muggins", "", 1))
    except logcheck.LogError as e:
        assert "muggins" in str(e)
    else:
        assert False


class Undercounter:
    """Counts every hand two short (never below 0)."""

    def __init__(self, seed):
        self.inner = RandomPlayer(seed)

    def discard(self, view):
        return self.inner.discard(view)

    def play(self, view):
        return self.inner.play(view)

    def count(self, view):
        from engine.score import hand_score

        return max(0, hand_score(view.count_cards, view.starter, view.counting == "crib") - 2)


def test_a_player_that_undercounts_feeds_the_other_v4():
    g = Game(seed=41, target=121, muggins=True, counters=(0,))
    events = []
    run(g, [Undercounter(1), RandomPlayer(2)], events.append)
    taken = sum([e[2] for e in events if e[0] == "score" and e[4] == "muggins" and e[1] == 1])
    claims = [e for e in events if e[0] == "claim"]
    assert claims and all([e[1] == 0 for e in claims])
    assert taken > 0
