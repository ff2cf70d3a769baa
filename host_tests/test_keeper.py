# portable
"""The table score keeper's model (firmware/keeper/game.py), without buttons:
deal entries alternate the dealer, the pone counts first and the game stops
at the target (R11, R14), heels go to the dealer, skunk lines (R15), undo
and redo, the rear peg, a match's first dealer alternating (V2), refused
awards, a new game refused mid-game unless abandoned, its record's bytes
(old version 1 records still load, damaged ones refused with ValueError
only, the oldest actions folded in), five-card's three for last and the
game to 61 (V5), fixed deals with totals and ties (V6). Scores are checked
against totals kept here. Its button controller: test_keeper_input.py.
Runs under CPython and MicroPython."""

from engine.rng import Rng
from firmware.keeper.game import Keeper, skunk_of
from firmware.keeper.record import from_bytes

MAX_ACTIONS = 400  # firmware.keeper.game._MAX_ACTIONS (a const: no global on a device)


def test_deal_entries_alternate_dealer_and_win_with_skunk():
    k = Keeper(first_dealer=1)  # B deals first
    assert (k.dealer, k.deal_number) == (1, 1)
    k.deal_entry(10, 14)  # pone A 10, dealer B 14
    assert k.scores == [10, 14] and k.dealer == 0 and k.deal_number == 2
    for _ in range(3):
        k.deal_entry(5, 15)  # A deals: pone B 5, dealer A 15
        k.deal_entry(15, 5)  # B deals: pone A 15, dealer B 5
    assert k.scores == [100, 44] and k.deal_number == 8
    k.deal_entry(5, 15)
    assert k.scores == [115, 49] and not k.over()
    k.deal_entry(15, 5)  # pone A reaches 130 first: B's 5 is not counted (R14)
    assert k.over() and k.winner == 0 and k.scores == [130, 49]
    assert k.skunk() == "double-skunk"  # R15: below 61
    assert k.deal_number == 9 and k.dealer == 1  # the deal did not pass after the win


def test_pone_out_first_dealer_points_not_added():
    # R14 with R11 order: the pone counts first; the game stops there
    k = Keeper()
    k.base[0:2] = [100, 118]
    k._replay()
    assert k.dealer == 0  # A deals, B is pone
    k.deal_entry(5, 20)
    assert k.winner == 1 and k.scores == [100, 123]
    try:
        k.add(0, 3)
        assert False
    except ValueError as e:
        assert "over" in str(e)


def test_heels_goes_to_the_dealer_and_can_win():
    k = Keeper(target=61, first_dealer=1)
    k.heels()
    assert k.scores == [0, 2] and k.rear == [0, 0]
    k.add(1, 29)
    k.add(1, 29)  # 60
    k.heels()
    assert k.winner == 1 and k.scores[1] == 62
    assert k.skunk() == "skunk"  # R15: 61 game, loser below 31


def test_skunk_lines_r15():
    assert skunk_of(121, 90) == "skunk" and skunk_of(121, 91) == ""
    assert skunk_of(121, 60) == "double-skunk" and skunk_of(121, 61) == "skunk"
    assert skunk_of(61, 30) == "skunk" and skunk_of(61, 31) == ""


def test_undo_to_start_and_redo_to_end():
    k = Keeper()
    seen = [k.to_bytes()]
    for side, pts in ((0, 4), (1, 2), (0, 12), (1, 29), (0, 1)):
        k.add(side, pts)
        seen.append(k.to_bytes()[:14])
    k.heels()
    k.next_deal()
    assert k.scores == [19, 31] and k.dealer == 1
    n = 7
    for i in range(n):
        assert k.undo()
    assert not k.undo() and k.scores == [0, 0] and k.dealer == 0
    for i in range(n):
        assert k.redo()
    assert not k.redo() and k.scores == [19, 31] and k.dealer == 1
    k.undo()
    k.undo()
    k.add(1, 3)  # a new award drops the redo tail
    assert not k.can_redo() and k.scores == [17, 34]


def test_rear_peg_is_score_before_last_award():
    k = Keeper()
    k.add(0, 5)
    k.add(1, 7)
    k.add(0, 3)
    assert k.pegs(0) == (8, 5) and k.pegs(1) == (7, 0)
    k.deal_entry(0, 6)  # pone B gets 0: B's pegs do not move
    assert k.pegs(1) == (7, 0) and k.pegs(0) == (14, 8)
    k.undo()
    assert k.pegs(0) == (8, 5)


def test_best_of_three_first_dealer_alternates_v2():
    k = Keeper(best_of=3, first_dealer=0)
    firsts = []
    winners = (0, 1, 0)
    for g in range(3):
        firsts.append(k.dealer)
        k.add(winners[g], 29)
        for _ in range(4):
            k.add(winners[g], 29)
        assert k.winner == winners[g]
        if g < 2:
            assert k.match_winner() == -1
            k.new_game()
    assert firsts == [0, 1, 0]
    assert k.tally() == [2, 1] and k.match_winner() == 0
    k.new_game()  # the match is decided: a new one, dealer keeps alternating
    assert k.tally() == [0, 0] and k.game_no == 1 and k.dealer == 1


def test_new_game_refused_mid_game_unless_abandoned():
    k = Keeper()
    k.add(0, 10)
    try:
        k.new_game()
        assert False
    except ValueError as e:
        assert "not over" in str(e)
    k.new_game(abandon=True)
    assert k.scores == [0, 0] and not k.can_undo()


def test_bad_awards_refused_state_unchanged():
    k = Keeper()
    k.add(0, 3)
    before = k.to_bytes()
    for side, pts in ((0, 0), (0, 30), (2, 5), (-1, 1)):
        try:
            k.add(side, pts)
            assert False
        except ValueError:
            pass
    try:
        k.deal_entry(100, 0)
        assert False
    except ValueError:
        pass
    assert k.to_bytes() == before


def _refused(bad):
    # each record in ``bad`` is refused with ValueError, its words in the message
    for blob, words in bad:
        try:
            from_bytes(blob)
            assert False, words
        except ValueError as e:
            assert words in str(e), (words, str(e))


def test_bytes_round_trip_and_refusals():
    k = Keeper(target=61, best_of=5, colors=(3, 4), first_dealer=1)
    k.add(0, 5)
    k.heels()
    k.deal_entry(9, 12)
    k.undo()
    data = k.to_bytes()
    k2 = from_bytes(data)
    assert k2.to_bytes() == data and k2.scores == k.scores and k2.can_redo()
    assert len(data) < 64
    bad = (
        (data[:10], "short"),
        (data[:-1], "length"),
        (bytes((99,)) + data[1:], "target"),
        (data[:23] + bytes((9,)) + data[24:], "action"),
        (data[:4] + bytes((8,)) + data[5:], "dealer"),
        (data[:5] + bytes((3,)) + data[6:], "tally"),
    )
    _refused(bad)


def test_oldest_actions_fold_into_base():
    k = Keeper()
    for i in range(MAX_ACTIONS + 30):
        if i % 2:
            k.next_deal()
        else:
            k.add(i // 2 % 2, 1)
    assert len(k.actions) == 3 * MAX_ACTIONS
    # 215 awards of 1, alternating A, B; 215 deals
    assert k.scores == [108, 107] and k.deal_number == 1 + (MAX_ACTIONS + 30) // 2
    assert from_bytes(k.to_bytes()).scores == [108, 107]
    for _ in range(MAX_ACTIONS):
        k.undo()
    assert k.scores == [8, 7] and not k.can_undo()  # the 30 oldest actions are folded in


def test_five_card_three_for_last_once_at_the_start_then_to_61():
    k = Keeper(target=61, five=True, first_dealer=0)
    assert k.can_start()
    k.three_for_last()  # the first deal's pone (B: A deals first) pegs 3
    assert k.scores == [0, 3] and not k.can_start()
    try:
        k.three_for_last()
        assert False
    except ValueError:
        pass
    k.deal_entry(20, 30)
    k.deal_entry(40, 0)
    assert k.winner == 0 and k.scores == [70, 23] and k.skunk() == "skunk"  # under 31
    back = from_bytes(k.to_bytes())
    assert back.scores == k.scores and back.winner == 0 and back.five
    try:
        Keeper(target=121, five=True)
        assert False
    except ValueError:
        pass


def test_fixed_deals_end_after_deal_n_with_totals_and_ties():
    k = Keeper(deals=6, best_of=3)
    assert k.target == 0
    for i in range(5):
        k.deal_entry(40, 40)  # nobody wins during a deal, past 121 too
        assert not k.over() and k.deal_number == i + 2
    assert k.scores == [200, 200]
    k.deal_entry(5, 5)
    assert k.over() and k.winner == 2 and k.skunk() == "" and k.tally() == [0, 0]
    back = from_bytes(k.to_bytes())
    assert back.winner == 2 and back.scores == [205, 205] and back.deal_number == 6
    k.undo()
    k.deal_entry(6, 5)
    assert k.winner == k.dealer ^ 1 or k.winner == k.dealer
    assert k.tally()[k.winner] == 1
    k.undo()
    k.deal_entry(5, 5)
    k.new_game()  # a tie counts for neither: the match goes on
    assert k.game_no == 2 and k.wins == [0, 0] and k.deal_number == 1
    k2 = from_bytes(k.to_bytes())
    assert k2.game_no == 2 and k2.deals == 6


def test_old_version_1_records_still_load():
    # a version 1 payload as the keeper wrote it before five-card and fixed deals
    head = bytes((61, 3, 3, 4, 1, 1, 0, 2))  # to 61, best of 3, colours, B first, 1-0, game 2
    base = bytes((10, 7, 5, 3, 0, 3))
    acts = bytes((1, 0, 4, 4, 9, 12))  # A +4, a deal entry
    data = head + base + bytes((0, 2, 0, 2)) + acts
    k = from_bytes(data, 1)
    assert k.target == 61 and not k.five and k.deals == 0 and k.game_no == 2
    assert k.scores == [26, 16] and k.deal_number == 4  # A +4; B 9, A (dealer) 12
    assert from_bytes(k.to_bytes()).scores == k.scores


def test_new_fields_are_checked_on_load():
    k = Keeper(deals=8)
    k.add(0, 3)
    data = k.to_bytes()
    bad = (
        (data[:8] + bytes((7,)) + data[9:], "fixed deals"),  # an odd number of deals
        (bytes((61,)) + data[1:], "target"),  # a target and fixed deals
        (data[:18] + bytes((9,)) + data[19:], "deal"),  # deal 9 of 8
        (data[:8] + bytes((0,)) + data[9:], "target"),  # neither a target nor deals
    )
    _refused(bad)
    five = Keeper(target=121)
    five.add(0, 1)
    d = bytearray(five.to_bytes())
    d[23] = 5  # three for last in a six-card game
    try:
        from_bytes(bytes(d))
        assert False
    except ValueError as e:
        assert "action" in str(e)


def test_damaged_version_2_records_are_refused_with_value_error_only():
    rng = Rng(15)
    for kind in ({"deals": 6, "best_of": 3}, {"target": 61, "five": True}):
        k = Keeper(**kind)
        if k.five:
            k.three_for_last()
        k.add(0, 5)
        k.deal_entry(9, 14)
        k.heels()
        good = k.to_bytes()
        for _ in range(400):
            data = bytearray(good)
            for _ in range(1 + rng.below(3)):
                data[rng.below(len(data))] = rng.below(256)
            try:
                back = from_bytes(bytes(data))
            except ValueError:
                continue
            assert from_bytes(back.to_bytes()).scores == back.scores
