# portable: runs under MicroPython too
"""The game state machine: deal, discard, the play with go, 31 and last card,
who leads after a reset, the show in order, the immediate win, illegal moves
and hidden cards (docs/rules.md R2-R15, V1, V3)."""

from enginetools import cards, lines, plays, rigged_game
from engine.game import Game, IllegalMove, run, skunk_of, visible
from engine.players import RandomPlayer
from engine.save import save_game


def discard_both(g, a_cards, b_cards):
    a = cards(a_cards)
    b = cards(b_cards)
    g.discard(0, a[0], a[1])
    g.discard(1, b[0], b[1])


def test_deal_six_each_pone_leads_r3_r4_r6():
    g = Game(seed=11, first_dealer=0)
    g.start()
    ev = g.take_events()
    assert ev[0] == ("deal", 0)
    assert len(ev[1][2]) == 6 and len(ev[2][2]) == 6
    assert not set(ev[1][2]) & set(ev[2][2])
    assert g.waiting() == (0, 1) and g.phase == "discard"
    h0 = g.hands[0]
    g.discard(0, h0[0], h0[1])
    assert g.waiting() == (1,)
    h1 = g.hands[1]
    g.discard(1, h1[4], h1[5])
    assert len(g.crib) == 4 and len(g.kept[0]) == 4 and len(g.kept[1]) == 4
    assert g.starter is not None and g.starter not in g.dealt[0] + g.dealt[1]
    assert g.phase == "play" and g.waiting() == (1,)  # the pone leads


def test_cut_for_deal_lower_card_deals_r2():
    for seed in range(40):
        g = Game(seed=seed)
        g.start()
        cuts = [e for e in g.take_events() if e[0] == "cut"]
        assert cuts
        for kind, a, b in cuts[:-1]:
            assert a >> 2 == b >> 2  # only a tie cuts again
        kind, a, b = cuts[-1]
        assert a >> 2 != b >> 2
        assert g.dealer == (0 if a >> 2 < b >> 2 else 1)


def test_go_then_go_point_and_leader_after_reset_r8_r9():
    # A deals; B leads.
    g = rigged_game(0, "9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H")
    discard_both(g, "2C 3D", "4H 5S")
    lines(g)
    plays(g, "B:TC A:9C B:JD")
    assert lines(g) == ["play B TC 10", "play A 9C 19", "play B JD 29", "score B 3 3 peg"]
    assert g.count == 29 and g.waiting() == (0,)
    try:
        g.play(0, cards("8D")[0])
    except IllegalMove as e:
        assert "31" in str(e)
    else:
        assert False, "a card past 31 was accepted"
    plays(g, "A:go")
    assert g.waiting() == (1,)  # B must say go too: QH and KS do not fit
    plays(g, "B:go")
    assert lines(g) == ["go A", "go B", "score B 1 4 go", "reset"]
    assert g.count == 0 and g.waiting() == (0,)  # A did not play last: A leads
    plays(g, "A:8D B:QH A:7H B:go A:6S")
    assert lines(g) == [
        "play A 8D 8",
        "play B QH 18",
        "play A 7H 25",
        "go B",
        "play A 6S 31",
        "score A 2 2 peg",  # 31 scores 2, never 2 and 1 more
        "reset",
    ]
    assert g.waiting() == (1,)  # B did not play last: B leads
    plays(g, "B:KS")
    assert lines(g)[:8] == [
        "play B KS 10",
        "score B 1 5 go",  # the last card of the play (R9)
        "show B hand 4",  # pone first (R11): run T J Q K
        "score B 4 9 hand",
        "show A hand 10",  # 6789: run of four, 9+6, 8+7, 6+7+2
        "score A 10 12 hand",
        "show A crib 10",  # 2 3 4 5 + 2: two runs of four, a pair
        "score A 10 22 crib",
    ]


def test_last_player_goes_on_when_the_other_has_no_cards_r8():
    g = rigged_game(0, "KC QD JH TS 2C 3C", "TC JD QH AS 4D 6D", "8H")
    discard_both(g, "2C 3C", "4D 6D")
    lines(g)
    plays(g, "B:TC A:KC B:JD A:go B:AS")
    assert lines(g)[-4:] == ["go A", "play B AS 31", "score B 2 2 peg", "reset"]
    assert g.waiting() == (0,)  # A did not play last
    plays(g, "A:QD B:QH A:JH")
    assert g.hands[1] == [] and g.count == 30 and g.waiting() == (0,)
    plays(g, "A:go")  # A holds TS which does not fit; B has no cards
    assert lines(g) == [
        "play A QD 10",
        "play B QH 20",
        "score B 2 4 peg",
        "play A JH 30",
        "go A",
        "score A 1 1 go",
        "reset",
    ]
    assert g.count == 0 and g.waiting() == (0,)  # A goes on: B has nothing
    plays(g, "A:TS")
    assert lines(g)[:3] == ["play A TS 10", "score A 1 2 go", "show B hand 3"]


def test_last_card_making_31_scores_only_2_r9():
    g = rigged_game(0, "2C 4D 6H 3S KC KD", "AC 3D 5H 7S QC QD", "9H")
    discard_both(g, "KC KD", "QC QD")
    lines(g)
    plays(g, "B:AC A:2C B:3D A:4D B:5H A:6H B:7S A:3S")
    got = lines(g)
    i = got.index("play A 3S 31")
    assert got[i + 1].startswith("score A ") and got[i + 1].endswith(" peg")
    assert got[i + 2].startswith("show B hand")  # no go point, no reset


def test_heels_scores_two_for_the_dealer_and_can_win_r5_r14():
    g = rigged_game(1, "AC 2C 3C 4C 5C 6C", "7D 8D 9D TD QD KD", "JS", scores=(10, 119))
    discard_both(g, "AC 2C", "7D 8D")
    assert lines(g)[-3:] == ["starter JS", "score B 2 121 heels", "end B 10 121 double-skunk"]
    assert g.phase == "over" and g.winner == 1 and g.waiting() == ()


def test_immediate_win_during_the_play_r14():
    g = rigged_game(0, "9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H", scores=(119, 50))
    discard_both(g, "2C 3D", "4H 5S")
    plays(g, "B:TC A:9C B:JD A:go B:go A:8D B:QH A:7H B:go A:6S")
    assert lines(g)[-3:] == ["play A 6S 31", "score A 2 121 peg", "end A 121 54 double-skunk"]
    assert g.phase == "over" and g.waiting() == () and g.winner == 0


def test_immediate_win_in_the_show_pone_counts_first_r11_r14():
    g = rigged_game(0, "9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H", scores=(110, 112))
    discard_both(g, "2C 3D", "4H 5S")
    plays(g, "B:TC A:9C B:JD A:go B:go A:8D B:QH A:7H B:go A:6S B:KS")
    got = lines(g)
    assert got[-3:] == ["show B hand 4", "score B 4 121 hand", "end B 112 121"]
    assert "show A" not in " ".join(got)  # the dealer never counts
    assert g.winner == 1 and g.skunk == ""


def test_win_mid_pegging_stops_everything_r14():
    g = rigged_game(0, "5C 5D 9H 6S 2C 3D", "TC 5H QH KS 4H 5S", "2H", scores=(119, 0))
    discard_both(g, "2C 3D", "4H 5S")
    plays(g, "B:TC A:5C")  # fifteen for 2: A reaches 121
    got = lines(g)
    assert got[-2:] == ["score A 2 121 peg", "end A 121 0 double-skunk"]
    for bad in (lambda: g.play(1, cards("QH")[0]), lambda: g.go(1)):
        try:
            bad()
        except IllegalMove as e:
            assert "over" in str(e)
        else:
            assert False


def test_next_deal_alternates_the_dealer_r3():
    g = rigged_game(
        0,
        "9C 8D 7H 6S 2C 3D",
        "TC JD QH KS 4H 5S",
        "2H",
        more=[("AC AD AH AS 2S 3S", "KC KD KH 7D 7C 7S", "9S")],
    )
    discard_both(g, "2C 3D", "4H 5S")
    plays(g, "B:TC A:9C B:JD A:go B:go A:8D B:QH A:7H B:go A:6S B:KS")
    got = lines(g)
    assert got[-3:] == ["deal B", "hand A AC AD AH AS 2S 3S", "hand B KC KD KH 7D 7C 7S"]
    assert g.dealer == 1 and g.deal_number == 2
    assert g.waiting() == (0, 1)


def test_illegal_moves_are_refused_and_change_nothing():
    g = rigged_game(0, "9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H")
    before = save_game(g)
    attempts = [
        lambda: g.discard(0, cards("TC")[0], cards("2C")[0]),  # not held
        lambda: g.discard(0, cards("2C")[0], cards("2C")[0]),  # same card twice
        lambda: g.act(0, (cards("2C")[0],)),  # one card
        lambda: g.act(0, (1, 2, 3)),
        lambda: g.discard(2, 0, 1),  # no such seat
        lambda: g.discard(0, 99, -1),
        lambda: g.play(1, cards("TC")[0]),  # not time to play
        lambda: g.go(1),
    ]
    for attempt in attempts:
        try:
            attempt()
        except IllegalMove as e:
            assert str(e)
        else:
            assert False, "an illegal move was accepted"
        assert save_game(g) == before
    discard_both(g, "2C 3D", "4H 5S")
    try:
        g.discard(0, cards("9C")[0], cards("8D")[0])
    except IllegalMove as e:
        assert "not time" in str(e)
    else:
        assert False
    before = save_game(g)
    hands = [list(g.hands[0]), list(g.hands[1])]
    for attempt in [
        lambda: g.play(0, cards("9C")[0]),  # not A's turn: B leads
        lambda: g.play(1, cards("9C")[0]),  # not B's card
        lambda: g.go(1),  # B holds cards that fit
        lambda: g.play(1, "TC"),
        lambda: g.act(1, cards("2C")[0]),  # the crib card is gone
    ]:
        try:
            attempt()
        except IllegalMove:
            pass
        else:
            assert False, "an illegal move was accepted"
        assert save_game(g) == before and [g.hands[0], g.hands[1]] == hands
    try:
        g.go(1)
    except IllegalMove as e:
        assert "fits" in str(e)


def _refused(attempt):
    try:
        attempt()
    except IllegalMove as e:
        return str(e)
    assert False, "an illegal move was accepted"


def test_each_refusal_says_why_in_its_own_words():
    # The words live in engine.refusals, by reason codes in engine.game and
    # engine.play: each code must bring its own sentence.
    g = rigged_game(0, "9C 8D 7H 6S 2C 3D", "TC JD QH KS 4H 5S", "2H")
    c = cards
    assert _refused(lambda: g.start()) == "the game has already started"
    assert _refused(lambda: g.discard(2, 0, 1)) == "no such player: 2"
    assert _refused(lambda: g.discard(0, c("TC")[0], c("2C")[0])) == (
        "you can only discard cards you hold"
    )
    assert _refused(lambda: g.discard(0, 99, -1)) == "lay two different cards in the crib"
    assert _refused(lambda: g.act(0, (1, 2, 3))) == "lay exactly two cards in the crib"
    assert _refused(lambda: g.play(1, c("TC")[0])) == "it is not time to play a card"
    g.discard(0, c("2C")[0], c("3D")[0])
    assert _refused(lambda: g.discard(0, c("9C")[0], c("8D")[0])) == (
        "you have already laid your two cards away"
    )
    g.discard(1, c("4H")[0], c("5S")[0])
    assert _refused(lambda: g.discard(1, c("TC")[0], c("JD")[0])) == "it is not time to discard"
    assert _refused(lambda: g.play(0, c("9C")[0])) == "it is not your turn"
    assert _refused(lambda: g.play(1, c("9C")[0])) == "you can only play a card you hold"
    assert _refused(lambda: g.go(1)) == "you cannot say go: TC fits under 31"
    plays(g, "B:TC A:9C B:JD")
    assert _refused(lambda: g.play(0, c("8D")[0])) == "8D would take the count past 31 (it is 29)"
    try:
        Game(first_dealer=5)
    except ValueError as e:
        assert str(e) == "first_dealer must be 0, 1 or None"
    else:
        assert False, "a first dealer 5 was accepted"


def test_a_won_game_refuses_every_decision():
    g = rigged_game(0, "5C 5D 9H 6S 2C 3D", "TC 5H QH KS 4H 5S", "2H", scores=(119, 0))
    discard_both(g, "2C 3D", "4H 5S")
    plays(g, "B:TC A:5C")  # A reaches 121
    assert g.phase == "over"
    assert _refused(lambda: g.play(1, cards("QH")[0])) == "the game is over"
    assert _refused(lambda: g.go(1)) == "the game is over"
    assert _refused(lambda: g.discard(1, cards("QH")[0], cards("KS")[0])) == "the game is over"


def _forget(name):
    import sys

    import engine

    sys.modules.pop("engine." + name, None)
    if hasattr(engine, name):
        delattr(engine, name)


def test_a_game_played_by_its_decisions_loads_only_what_its_settings_need():
    # The words of a refusal (engine.refusals) and the feeding of players
    # (engine.replay) stay off a device's heap in a game that needs neither;
    # the claim (engine.muggins) is loaded only with muggins, the other
    # settings (engine.variants) only for a game of them.
    import sys

    from engine.score import show_score

    for settings in ({}, {"variant": "five"}, {"deals": 4}, {"muggins": True}):
        for name in ("refusals", "replay", "muggins", "variants"):
            _forget(name)
        g = Game(seed=21, **settings)
        g.start()
        players = [RandomPlayer(3), RandomPlayer(4)]
        while g.phase != "over":
            seat = g.to_act()
            v = g.view(seat)
            if v.phase == "discard":
                g.act(seat, players[seat].discard(v))
            elif v.phase == "count":
                g.act(seat, show_score(v.count_cards, v.starter, v.counting == "crib"))
            else:
                g.act(seat, players[seat].play(v))
            g.take_events()
        assert "engine.refusals" not in sys.modules, settings
        assert "engine.replay" not in sys.modules, settings
        assert ("engine.muggins" in sys.modules) == ("muggins" in settings), settings
        other = "variant" in settings or "deals" in settings
        assert ("engine.variants" in sys.modules) == other, settings
        assert g.winner is not None


def test_a_view_never_shows_the_other_hand():
    for open_hands in (False, True):
        g = Game(seed=3, first_dealer=1, open_hands=open_hands)
        g.start()
        players = [RandomPlayer(1), RandomPlayer(2)]
        seen = 0
        while g.waiting():
            seat = g.waiting()[0]
            v = g.view(seat)
            hidden = set(g.hands[1 - seat]) | set(g.crib) - set(g.discards[seat])
            shown = set(v.hand) | set(v.kept) | set(v.discards) | set(v.pile)
            shown |= set([c for s, c in v.played])
            if open_hands:
                assert v.opponent_hand == list(g.hands[1 - seat])
            else:
                assert v.opponent_hand is None
                assert not hidden & shown
            seen += 1
            g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
        assert seen > 20


def test_private_events_are_visible_only_to_their_seat():
    assert visible(("hand", 0, (1, 2, 3, 4, 5, 6)), 0)
    assert not visible(("hand", 0, (1, 2, 3, 4, 5, 6)), 1)
    assert not visible(("crib", 1, 3, 4), 0)
    assert visible(("crib", 1, 3, 4), 0, open_hands=True)
    assert visible(("play", 1, 3, 3), 0)


def test_skunk_lines_r15():
    assert skunk_of(121, 90) == "skunk"
    assert skunk_of(121, 91) == ""
    assert skunk_of(121, 60) == "double-skunk"
    assert skunk_of(121, 61) == "skunk"
    assert skunk_of(61, 30) == "skunk"
    assert skunk_of(61, 31) == ""


def test_whole_games_add_up_v1():
    # Every point in a game's score events adds up to the final score, and the
    # winner is the first to reach the target (121, or 61 for V1).
    for seed in range(12):
        target = 61 if seed % 2 else 121
        g = Game(seed=seed, target=target)
        events = []
        run(g, [RandomPlayer(seed), RandomPlayer(seed + 50)], events.append)
        totals = [0, 0]
        for e in events:
            if e[0] == "score":
                totals[e[1]] += e[2]
                assert totals[e[1]] == e[3]
        assert totals == g.scores
        assert g.scores[g.winner] >= target > g.scores[1 - g.winner]
        assert events[-1][0] == "end" and events[-2][0] == "score"
        assert skunk_of(target, g.scores[1 - g.winner]) == g.skunk


def test_same_seed_same_game():
    logs = []
    for _ in range(2):
        g = Game(seed=99)
        events = []
        run(g, [RandomPlayer(5), RandomPlayer(6)], events.append)
        logs.append(events)
    assert logs[0] == logs[1]
