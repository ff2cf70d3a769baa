# portable: runs under MicroPython too
"""Five-card cribbage (docs/rules.md V5) and games of fixed deals (V6) in the
engine: the three-card hand's scorer with every worked example of V5, the
deal, three for last, the single play sequence, the show; fixed deals with no
win mid-deal, the higher total winning and ties; matches, saves, game logs
and the command line in each kind."""

import io
import json

from enginetools import cards, lines, plays
from engine.__main__ import main
from engine import gamelog, logcheck
from engine.game import TIE, Game, IllegalMove, run
from engine.match import Match
from engine.players import RandomPlayer
from engine.restore import load_game, load_match
from engine.save import save_game, save_match
from engine.breakdown import hand_breakdown
from engine.score import hand_score, show_score
from engine.score5 import hand3_score


def rigged(first_dealer, dealt0, dealt1, starter, more=(), variant="five", deals=0):
    g = Game(1, None, first_dealer, variant=variant, deals=deals)
    g.rigged = [(cards(dealt0), cards(dealt1), cards(starter)[0])]
    for d0, d1, st in more:
        g.rigged.append((cards(d0), cards(d1), cards(st)[0]))
    g.start()
    return g


def discard(g, seat, two):
    a, b = cards(two)
    g.discard(seat, a, b)


# -- V5.4: three-card hands --------------------------------------------------

V5_EXAMPLES = (  # docs/rules.md V5.4, every row of its table: hand, starter, points
    ("3H 4H 5H", "6H", 10),  # run of four 4, fifteen 2, flush 4
    ("3H 4H 5H", "6S", 9),  # run 4, fifteen 2, flush 3
    ("7D 8D 9D", "9C", 13),  # two runs 6, pair 2, fifteen 2, flush 3
    ("JD QD KD", "5D", 14),  # three fifteens 6, run 3, flush 4, nobs 1
    ("5H 5D JC", "5C", 15),  # four fifteens 8, pair royal 6, nobs 1
)


def test_v5_4_worked_examples_three_card_hands():
    for hand, starter, points in V5_EXAMPLES:
        h = cards(hand)
        s = cards(starter)[0]
        assert hand3_score(h, s) == points, (hand, starter, hand3_score(h, s))
        assert show_score(h, s) == points
        items = hand_breakdown(h, s)
        assert sum([i[1] for i in items]) == points, (hand, items)


def test_v5_4_worked_example_parts():
    items = hand_breakdown(cards("7D 8D 9D"), cards("9C")[0])
    kinds = [(i[0], i[1]) for i in items]
    assert kinds.count(("run", 3)) == 2 and ("pair", 2) in kinds
    assert ("fifteen", 2) in kinds and ("flush", 3) in kinds
    items = hand_breakdown(cards("JD QD KD"), cards("5D")[0])
    assert ("flush", 4) in [(i[0], i[1]) for i in items]
    assert ("nobs", 1) in [(i[0], i[1]) for i in items]


def test_v5_4_crib_worked_example_no_four_card_flush():
    # crib 2H 4H 6H 8H + 9C: two fifteens, 4; the crib flushes only with all five
    crib = cards("2H 4H 6H 8H")
    assert hand_score(crib, cards("9C")[0], True) == 4
    assert show_score(crib, cards("9C")[0], True) == 4
    assert show_score(crib, cards("9H")[0], True) == 4 + 5
    assert show_score(crib, cards("9C")[0]) == 8  # a hand would flush


def test_three_card_flush_needs_all_three_v5_4():
    assert hand3_score(cards("2H 4H 8S"), cards("KH")[0]) == 0
    assert hand3_score(cards("2H 4H 8H"), cards("KS")[0]) == 3


# -- V5.1-V5.3: the five-card game --------------------------------------------


def test_v5_1_five_each_crib_of_four_three_kept():
    g = Game(seed=5, first_dealer=0, variant="five")
    assert g.target == 61
    g.start()
    ev = g.take_events()
    hands = [e for e in ev if e[0] == "hand"]
    assert len(hands[0][2]) == 5 and len(hands[1][2]) == 5
    assert not set(hands[0][2]) & set(hands[1][2])
    g.discard(0, g.hands[0][0], g.hands[0][1])
    g.discard(1, g.hands[1][3], g.hands[1][4])
    assert len(g.crib) == 4 and len(g.kept[0]) == 3 and len(g.kept[1]) == 3
    assert g.starter not in g.dealt[0] + g.dealt[1]
    assert g.phase == "play" and g.to_act() == 1  # the pone leads (R6)
    v = g.view(1)
    assert v.five and v.target == 61 and len(v.hand) == 3


def test_v5_2_three_for_last_to_the_first_pone_only():
    g = rigged(0, "AC 2C 3C 4C 5C", "6D 7D 8D 9D TD", "KS")
    out = lines(g)
    assert out[:3] == ["deal A", "score B 3 3 start", "hand A AC 2C 3C 4C 5C"]
    assert g.scores == [0, 3]
    for seed in range(6):  # after a cut for deal too, and in no later deal
        g = Game(seed, variant="five")
        events = []
        run(g, [RandomPlayer(seed), RandomPlayer(seed + 1)], events.append)
        starts = [i for i in range(len(events)) if events[i][-1] == "start"]
        deal = [i for i in range(len(events)) if events[i][0] == "deal"][0]
        assert starts == [deal + 1], starts
        assert events[deal + 1] == ("score", 1 - g.dealt_first, 3, 3, "start")


def test_v5_3_one_sequence_ends_at_the_go_cards_still_held_count():
    # A deals; B (pone) holds 9D TD KD, A holds 5C 6C 7C.
    g = rigged(0, "5C 6C 7C AS 2S", "9D TD KD 3H 4H", "QS")
    lines(g)
    discard(g, 0, "AS 2S")
    discard(g, 1, "3H 4H")
    plays(g, "B:KD A:5C")  # 10, 15 for 2
    assert g.scores == [2, 3]
    plays(g, "B:TD A:6C")  # 25, 31 for 2... TD+6C: 15+10=25, then 6 -> 31
    out = lines(g)
    assert "play A 6C 31" in out and "score A 2 4 peg" in out
    assert "reset" not in out  # V5.3: the play is over at 31, no reset
    assert g.phase != "play"
    # 9D and 7C were never played; they count in the show
    show = [ln for ln in out if ln.startswith("show ")]
    assert show[0] == "show B hand %d" % hand3_score(cards("9D TD KD"), cards("QS")[0])
    assert show[1] == "show A hand %d" % hand3_score(cards("5C 6C 7C"), cards("QS")[0])


def test_v5_3_go_ends_the_play_with_one_for_the_last_card():
    g = rigged(0, "KC QC 9C AS 2S", "KD QD 8D 3H 4H", "5S")
    lines(g)
    discard(g, 0, "AS 2S")
    discard(g, 1, "3H 4H")
    plays(g, "B:KD A:KC B:8D")  # 10, 20 (pair 2), 28
    g.go(0)  # A's QC and 9C do not fit
    assert g.phase == "play" and g.to_act() == 1  # nor does B's QD: B says go too
    g.go(1)
    out = lines(g)
    assert out[:7] == [
        "crib A AS 2S",
        "crib B 3H 4H",
        "starter 5S",
        "play B KD 10",
        "play A KC 20",
        "score A 2 2 peg",
        "play B 8D 28",
    ]
    assert out[7:10] == ["go A", "go B", "score B 1 4 go"]  # then the play is over
    assert out[10] == "show B hand %d" % hand3_score(cards("KD QD 8D"), cards("5S")[0])
    assert "reset" not in out


def test_v5_target_61_wins_at_once_and_skunk_line_31():
    g = rigged(0, "5C 5D TC AS 2S", "5H 5S KD 3H 4H", "JH")
    lines(g)
    g.scores = [59, 20]
    discard(g, 0, "AS 2S")
    discard(g, 1, "3H 4H")
    out = lines(g)
    assert out[-2:] == ["score A 2 61 heels", "end A 61 20 skunk"]
    assert g.phase == "over" and g.winner == 0


def test_five_card_settings_refused():
    for kwargs in (
        {"variant": "five", "target": 121},
        {"variant": "seven"},
        {"deals": 7},
        {"deals": 6, "target": 121},
        {"deals": 100},
        {"deals": "6"},
        {"deals": 6.0},
        {"target": "61"},
        {"variant": None},
    ):
        try:
            Game(1, **kwargs)
        except ValueError:
            continue
        assert False, kwargs


def test_five_card_random_games_end_legal():
    for seed in range(12):
        g = Game(seed, None, seed % 2, variant="five")
        events = []
        run(g, [RandomPlayer(seed), RandomPlayer(seed + 1)], events.append)
        assert g.phase == "over" and max(g.scores) >= 61
        assert ("reset",) not in events
        for e in events:
            if e[0] == "play":
                assert e[3] <= 31


# -- V6: fixed deals -----------------------------------------------------------


def test_v6_no_win_mid_deal_and_the_higher_total_wins():
    g = Game(7, None, 0, deals=6)
    assert g.target == 0
    g.start()
    g.scores = [150, 140]  # far past any target: nobody wins during a deal
    events = []
    run(g, [RandomPlayer(1), RandomPlayer(2)], events.append)
    assert g.deal_number == 6 and g.phase == "over"
    assert [e[0] for e in events].count("deal") == 6
    end = events[-1]
    assert end[0] == "end" and end[4] == "" and g.skunk == ""
    want = 0 if g.scores[0] > g.scores[1] else 1 if g.scores[1] > g.scores[0] else TIE
    assert end[1] == want == g.winner
    assert events[-2][0] in ("show", "score")  # after the show of deal N


def test_v6_equal_totals_tie():
    two = ("AC 2C 3C 4C 5C 6C", "AD 2D 3D 4D 5D 6D", "KS")
    g = Game(1, None, 0, deals=2)
    g.rigged = [tuple([cards(x) for x in two[:2]]) + (cards(two[2])[0],)] * 2
    g.start()
    log = [gamelog.header(g).replace(" rng=crib1", "")] + lines(g)  # rigged: no seed check
    # the second deal mirrors the first: what A scored as dealer B scores back
    for seat, two_ in ((0, "5C 6C"), (1, "5D 6D")):
        discard(g, seat, two_)
    plays(g, "B:AD A:AC B:2D A:2C B:3D A:3C B:4D A:4C")
    for seat, two_ in ((0, "5C 6C"), (1, "5D 6D")):
        discard(g, seat, two_)
    plays(g, "A:AC B:AD A:2C B:2D A:3C B:3D A:4C B:4D")
    log += lines(g)
    assert g.phase == "over" and g.winner == TIE and g.scores[0] == g.scores[1]
    assert log[-1] == "end tie %d %d" % (g.scores[0], g.scores[1])
    assert logcheck.replay("\n".join(log) + "\n").winner == TIE


def test_v6_a_tie_counts_for_neither_in_a_match():
    m = Match(1, 3, None, 0, False, False, "six", 2)
    m.game.winner = TIE
    m.game.scores = [20, 20]
    assert m.next_game() and m.wins == [0, 0] and m.played == 1
    assert not m.over and m.game.deals == 2
    assert m.game.dealt_first == 1  # the first dealer still alternates (V2)


# -- saves ----------------------------------------------------------------------


def _mid_game(variant, deals, stop):
    g = Game(21, None, None, False, False, (0,), variant, deals)
    players = [RandomPlayer(3), RandomPlayer(4)]
    g.start()
    for _ in range(stop):
        seat = g.to_act()
        if seat < 0:
            break
        view = g.view(seat)
        g.act(
            seat, players[seat].discard(view) if g.phase == "discard" else players[seat].play(view)
        )
    return g


def test_saves_carry_the_variant_and_the_deals():
    for variant, deals in (("five", 0), ("six", 8), ("five", 12), ("six", 0)):
        for stop in (0, 7, 40):
            g = _mid_game(variant, deals, stop)
            r = load_game(save_game(g))
            assert (r.variant, r.deals, r.target) == (variant, deals, g.target)
            assert r.scores == g.scores and r.hands == g.hands and r.phase == g.phase


def test_match_saves_with_ties_and_variants():
    m = Match(3, 9, None, None, False, False, "five", 6)
    m.game.winner = TIE
    m.next_game()
    r = load_match(save_match(m))
    assert (r.variant, r.deals, r.played, r.wins) == ("five", 6, 1, [0, 0])
    assert r.game.five and r.game.deals == 6
    m = Match(3, 9, 61, None, False, False, "five")
    r = load_match(save_match(m))
    assert r.game.five and r.target == 61 and r.deals == 0


def test_six_card_records_unchanged_by_the_variants():
    # a six-card game to a target saves as before: flags bit 6 clear, target byte 121
    g = _mid_game("six", 0, 10)
    rec = save_game(g)
    assert rec[5] == 121 and rec[6] & 64 == 0


# -- logs and the command line ---------------------------------------------------


def call(*argv):
    out = io.StringIO()
    err = io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_logs_of_each_kind_replay():
    for variant, deals, muggins in (("five", 0, False), ("five", 0, True), ("six", 6, False),
                                    ("five", 8, True)):  # fmt: skip
        for seed in range(4):
            g = Game(seed, None, None, False, muggins, (0,), variant, deals)
            out = [gamelog.header(g)]
            run(
                g,
                [RandomPlayer(seed), RandomPlayer(seed + 9)],
                lambda e: out.append(gamelog.line(e)),
            )
            words = out[0].split()
            assert ("five" in words) == (variant == "five")
            assert (
                ("deals=%d" % deals in words)
                if deals
                else ("target=61" in words or "target=121" in words)
            )
            r = logcheck.replay("\n".join(out) + "\n")
            assert r.scores == g.scores and r.winner == g.winner
            assert r.variant == variant and r.deals == deals


def test_cli_scores_a_three_card_hand():
    status, out, err = call("score", "7D", "8D", "9D", "9C")
    assert status == 0 and out.strip().split("\n")[-1] == "total 13"
    assert "flush 3: 7D 8D 9D" in out
    status, out, err = call("score", "7D", "8D", "9D", "9C", "--crib")
    assert status == 2 and "crib has four cards" in err
    assert call("score", "7D", "8D", "9C")[0] == 2


def test_cli_selfplay_five_and_deals_summaries():
    status, out, err = call(
        "selfplay", "--games", "4", "--seed", "2", "--variant", "five", "--json"
    )
    assert status == 0
    s = json.loads(out.strip())
    assert s["target"] == 61 and s["variant"] == "five" and s["games"] == 4
    assert (
        s["points_per_deal"]["pone"]["start"] > 0 and s["points_per_deal"]["dealer"]["start"] == 0
    )
    status, out, err = call("selfplay", "--games", "6", "--seed", "2", "--deals", "2", "--json")
    s = json.loads(out.strip())
    assert status == 0 and s["fixed_deals"] == 2 and s["deals"] == 12
    assert sum(s["wins"]) + s["ties"] == 6
    for bad in (("--variant", "five", "--target", "121"), ("--deals", "5"),
                ("--deals", "6", "--target", "61"), ("--variant", "seven")):  # fmt: skip
        assert call("selfplay", "--games", "1", *bad)[0] == 2, bad


def test_cli_replays_a_tie():
    path = "/tmp/_crib_variant_tie.log"
    # find a tied two-deal game and write its log
    for seed in range(300):
        g = Game(seed, None, seed % 2, variant="five", deals=2)
        out = [gamelog.header(g)]
        run(g, [RandomPlayer(seed), RandomPlayer(seed + 1)], lambda e: out.append(gamelog.line(e)))
        if g.winner == TIE:
            break
    assert g.winner == TIE
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    status, text, err = call("replay", path)
    assert status == 0 and "a tie" in text, (text, err)


def test_illegal_moves_still_refused_in_five_card():
    g = rigged(0, "5C 6C 7C AS 2S", "9D TD KD 3H 4H", "QS")
    try:
        g.discard(0, cards("5C")[0], cards("9D")[0])
    except IllegalMove:
        pass
    else:
        assert False


def test_three_card_scorer_allocates_nothing():
    # the five-card opponent and the show call it in loops (memory-lean engine)
    try:
        import gc

        gc.mem_alloc
    except (ImportError, AttributeError):
        return  # CPython has no heap counter; checked under MicroPython
    hands = [cards(h) for h, s, p in V5_EXAMPLES]
    starters = [cards(s)[0] for h, s, p in V5_EXAMPLES]
    total = 0
    gc.collect()
    gc.disable()
    try:
        before = gc.mem_alloc()
        for k in range(200):
            total += hand3_score(hands[k % 5], starters[k % 5])
        used = gc.mem_alloc() - before
    finally:
        gc.enable()
    assert total == 40 * sum([p for h, s, p in V5_EXAMPLES])
    assert used < 64, used  # the loop itself; nothing per call
