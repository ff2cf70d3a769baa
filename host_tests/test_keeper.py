# portable
"""Table score keeper (firmware/keeper.py), its button controller
(firmware/keeper_input.py) and the hand counter (firmware/hand_counter.py).
Sessions are driven by button events as firmware.buttons sends them; scores
are checked against totals kept here; a power cut at every save, step and
byte reloads to the last completed action. Runs under CPython and
MicroPython."""

from engine.cards import parse_many
from engine.rng import Rng
from firmware import hal
from firmware.hand_counter import HandCounter
from firmware.keeper import Keeper, skunk_of
from firmware.keeper_input import DEAL, NUMBER, OVER, SCORE, KeeperInput, open_store
from memstorage import MemStorage, PowerCut

MAX_ACTIONS = 400  # firmware.keeper._MAX_ACTIONS (a const: no global on a device)
STARTER = 4  # firmware.hand_counter._STARTER: the starter's slot


def tap(ctrl, bit):
    # what firmware.buttons gives for a short press (A and B act on the tap)
    ctrl.handle(("press", bit))
    ctrl.handle(("release", bit))
    if bit == hal.A or bit == hal.B:
        ctrl.handle(("tap", bit))


def hold(ctrl, bit):
    ctrl.handle(("press", bit))
    ctrl.handle(("long", bit))
    ctrl.handle(("release", bit))


def fresh():
    return KeeperInput(open_store(MemStorage()))


# ---- the model


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


def test_bytes_round_trip_and_refusals():
    k = Keeper(target=61, best_of=5, colors=(3, 4), first_dealer=1)
    k.add(0, 5)
    k.heels()
    k.deal_entry(9, 12)
    k.undo()
    data = k.to_bytes()
    k2 = Keeper.from_bytes(data)
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
    for blob, words in bad:
        try:
            Keeper.from_bytes(blob)
            assert False, words
        except ValueError as e:
            assert words in str(e), (words, str(e))


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
    assert Keeper.from_bytes(k.to_bytes()).scores == [108, 107]
    for _ in range(MAX_ACTIONS):
        k.undo()
    assert k.scores == [8, 7] and not k.can_undo()  # the 30 oldest actions are folded in


# ---- the controller


def test_button_session_scores():
    c = fresh()
    want = [0, 0]
    assert c.mode == SCORE
    for _ in range(3):
        tap(c, hal.UP)  # +1 to A each
    want[0] += 3
    c.handle(("press", hal.UP))
    for _ in range(4):
        c.handle(("repeat", hal.UP))  # holding UP runs
    c.handle(("release", hal.UP))
    want[0] += 5
    tap(c, hal.RIGHT)
    tap(c, hal.A)
    assert c.mode == NUMBER
    for _ in range(12):
        tap(c, hal.UP)
    tap(c, hal.DOWN)
    tap(c, hal.A)
    want[1] += 11
    hold(c, hal.A)  # heels: A deals first
    want[0] += 2
    assert c.keeper.scores == want, (c.keeper.scores, want)
    # deal entry: pone B 13 (RIGHT +10, UP x3), dealer A 8
    tap(c, hal.DOWN)
    assert c.mode == DEAL
    tap(c, hal.RIGHT)
    for _ in range(3):
        tap(c, hal.UP)
    tap(c, hal.A)
    for _ in range(8):
        tap(c, hal.UP)
    tap(c, hal.B)  # back to the pone's number, then forward again
    assert c.pending == 13
    tap(c, hal.A)
    for _ in range(8):
        tap(c, hal.UP)
    tap(c, hal.A)
    want[1] += 13
    want[0] += 8
    assert c.mode == SCORE and c.keeper.scores == want and c.keeper.dealer == 1
    tap(c, hal.B)  # undo the deal entry
    assert c.keeper.scores == [want[0] - 8, want[1] - 13]
    assert c.message == "undone: B 13, A 8", c.message
    hold(c, hal.B)  # redo
    assert c.keeper.scores == want and c.message == "redo: B 13, A 8", c.message
    hold(c, hal.A)  # heels for the new dealer, B
    assert c.message == "heels: B +2" and c.keeper.describe(c.keeper.last_action()) == "heels: B +2"
    tap(c, hal.B)
    want = c.keeper.scores[:]
    # a number of 0 adds nothing; B cancels
    tap(c, hal.A)
    tap(c, hal.A)
    assert c.message == "0: nothing added" and c.keeper.scores == want
    tap(c, hal.A)
    tap(c, hal.UP)
    tap(c, hal.B)
    assert c.mode == SCORE and c.keeper.scores == want


def test_long_press_never_does_the_short_action():
    c = fresh()
    tap(c, hal.UP)
    hold(c, hal.B)  # redo: nothing to redo, and no undo happened first
    assert c.keeper.scores == [1, 0] and c.message == "nothing to redo"
    # a release whose press was never seen (muted) does nothing
    c.handle(("release", hal.B))
    assert c.keeper.scores == [1, 0]


def test_game_over_then_next_game():
    c = fresh()
    for _ in range(5):
        tap(c, hal.A)
        for _ in range(29):
            c.handle(("press", hal.UP))
        tap(c, hal.A)
    assert c.mode == OVER and "A wins 145-0 double-skunk" == c.message, c.message
    tap(c, hal.UP)  # ignored when over
    assert c.keeper.scores == [145, 0]
    tap(c, hal.B)  # undo the winning award
    assert c.mode == SCORE and c.keeper.scores == [116, 0]
    hold(c, hal.B)
    assert c.mode == OVER
    tap(c, hal.A)
    # game 2: the first dealer alternates (V2)
    assert c.mode == SCORE and c.keeper.scores == [0, 0] and c.keeper.dealer == 1


def test_resume_after_restart():
    st = MemStorage()
    c = KeeperInput(open_store(st))
    tap(c, hal.UP)
    tap(c, hal.RIGHT)
    hold(c, hal.A)
    again = KeeperInput(open_store(st.reboot()))
    assert again.keeper.to_bytes() == c.keeper.to_bytes()
    assert again.keeper.scores == [3, 0] and again.message == ""


def test_corrupt_record_gives_message_and_new_game():
    st = MemStorage()
    c = KeeperInput(open_store(st))
    tap(c, hal.UP)
    data = bytearray(st.files["keeper.rec"])
    data[-3] ^= 0x20
    st.files["keeper.rec"] = bytes(data)
    c2 = KeeperInput(open_store(st.reboot()))
    assert "damaged" in c2.message and c2.keeper.scores == [0, 0]


def test_keeper_saves_write_its_two_copies_in_turn():
    # one file operation a save (records.py's slots): the older copy is
    # overwritten, so the copy before the newest is always there
    st = MemStorage()
    c = KeeperInput(open_store(st))
    for want in (1, 2, 3):
        st.arm()
        tap(c, hal.UP)
        assert st.steps == 1 and c.keeper.scores == [want, 0]
    assert sorted(st.files) == ["keeper.old", "keeper.rec"]
    assert KeeperInput(open_store(st.reboot())).keeper.scores == [3, 0]
    # the newest copy cut short is what a cut write leaves: the one before it
    # is used and nothing is said (a cut is not a problem)
    newest = "keeper.rec" if st.files["keeper.rec"][8] == 3 else "keeper.old"
    st.files[newest] = st.files[newest][:-3]
    c2 = KeeperInput(open_store(st.reboot()))
    assert c2.keeper.scores == [2, 0] and c2.message == ""


def test_storage_error_rolls_back():
    class Broken(MemStorage):
        fail = False

        def write(self, name, data):
            if self.fail:
                raise OSError("flash full")
            MemStorage.write(self, name, data)

    st = Broken()
    c = KeeperInput(open_store(st))
    tap(c, hal.UP)
    st.fail = True
    tap(c, hal.UP)
    assert c.keeper.scores == [1, 0] and "not saved" in c.message
    st.fail = False
    tap(c, hal.UP)
    assert c.keeper.scores == [2, 0]


SESSION = (
    [("tap", hal.UP)] * 2
    + [("tap", hal.RIGHT), ("tap", hal.A)]
    + [("tap", hal.UP)] * 6
    + [("tap", hal.A), ("hold", hal.A), ("tap", hal.DOWN), ("tap", hal.RIGHT), ("tap", hal.A)]
    + [("tap", hal.UP)] * 4
    + [("tap", hal.A), ("tap", hal.B), ("tap", hal.B), ("hold", hal.B), ("tap", hal.UP)]
)


def run(ctrl, step):
    how, bit = step
    (tap if how == "tap" else hold)(ctrl, bit)


def test_power_cut_at_every_save_and_byte_reloads_last_completed_action():
    for atomic in (True, False):
        st = MemStorage(atomic_rename=atomic)
        c = KeeperInput(open_store(st))
        snapshots = [dict(st.files)]
        states = [c.keeper.to_bytes()]
        for step in SESSION:
            run(c, step)
            snapshots.append(dict(st.files))
            states.append(c.keeper.to_bytes())
        assert c.keeper.scores == [4, 7], c.keeper.scores
        trials = 0
        for i, step in enumerate(SESSION):
            if states[i + 1] == states[i]:
                continue  # this step saves nothing
            size = max(len(d) for d in st.files.values()) + 6
            cuts = [(k, None) for k in range(5)] + [(None, n) for n in range(size)]
            for cut_step, cut_bytes in cuts:
                # the same presses again (the UI mode is not saved), then the cut
                disk = MemStorage(atomic_rename=atomic)
                c = KeeperInput(open_store(disk))
                for earlier in SESSION[:i]:
                    run(c, earlier)
                assert disk.files == snapshots[i]
                disk.arm(step=cut_step, nbytes=cut_bytes)
                try:
                    run(c, step)
                    done = True
                except PowerCut:
                    done = False
                trials += 1
                back = KeeperInput(open_store(disk.reboot()))
                want = states[i + 1] if done else states[i]
                assert back.keeper.to_bytes() == want, (atomic, i, cut_step, cut_bytes)
                assert back.message == "", back.message
        assert trials > 200


def test_mashed_buttons_never_crash():
    rng = Rng(7)
    kinds = ("press", "release", "long", "repeat", "tap", "chord", "bogus")
    bits = (hal.UP, hal.DOWN, hal.LEFT, hal.RIGHT, hal.A, hal.B, 64)
    st = MemStorage()
    c = KeeperInput(open_store(st))
    for _ in range(3000):
        c.handle((kinds[rng.below(len(kinds))], bits[rng.below(len(bits))]))
        assert c.mode in (SCORE, NUMBER, DEAL, OVER)
    saved = KeeperInput(open_store(st.reboot()))
    assert saved.keeper.to_bytes() == c.keeper.to_bytes()


# ---- the hand counter


def counter(words):
    h = HandCounter()
    for i, card in enumerate(parse_many(words)):
        h.set(i, card)
    return h


def test_hand_counter_totals_and_lines():
    h = counter("5C 5D 5H JS 5S")
    assert h.total() == 29 and h.verdict() == "29 points"
    lines = h.lines()
    # 8 fifteens, the four 5s as one double pair royal (R12), nobs
    assert len(lines) == 8 + 1 + 1 and lines[-1] == "nobs 1: JS"
    assert lines[8] == "double pair royal 12: 5C 5D 5H 5S"
    assert counter("3C 4D 4H 5S 9C").total() == 8


def test_zero_hand_is_nineteen():
    h = counter("2C 4D 6H 8S TC")  # nothing: no 15, pair, run, flush or nobs
    assert h.total() == 0 and h.verdict() == "19 (nothing)" and h.lines() == []


def test_crib_flush_rule():
    h = counter("2H 4H 6H 8H KS")
    assert h.total() == 4
    h.crib = True
    assert h.total() == 0  # a crib needs all five for a flush (R12)


def test_hand_counter_keeps_cards_distinct():
    h = HandCounter()
    assert h.verdict() == "enter 5 more cards"
    for slot in range(5):
        h.set(slot, slot)  # the four aces and the two of clubs
    assert h.ready() and sorted(h.cards) == [0, 1, 2, 3, 4]
    try:
        h.set(0, 4)
        assert False
    except ValueError as e:
        assert "already" in str(e)
    h.set(0, 0)  # a card may go back where it is
    h.clear(STARTER)
    assert not h.ready() and h.verdict() == "enter 1 more card"
    h.clear()
    assert h.cards == [-1] * 5


# ---- five-card (V5) and fixed deals (V6)


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
    back = Keeper.from_bytes(k.to_bytes())
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
    back = Keeper.from_bytes(k.to_bytes())
    assert back.winner == 2 and back.scores == [205, 205] and back.deal_number == 6
    k.undo()
    k.deal_entry(6, 5)
    assert k.winner == k.dealer ^ 1 or k.winner == k.dealer
    assert k.tally()[k.winner] == 1
    k.undo()
    k.deal_entry(5, 5)
    k.new_game()  # a tie counts for neither: the match goes on
    assert k.game_no == 2 and k.wins == [0, 0] and k.deal_number == 1
    k2 = Keeper.from_bytes(k.to_bytes())
    assert k2.game_no == 2 and k2.deals == 6


def test_old_version_1_records_still_load():
    # a version 1 payload as the keeper wrote it before five-card and fixed deals
    head = bytes((61, 3, 3, 4, 1, 1, 0, 2))  # to 61, best of 3, colours, B first, 1-0, game 2
    base = bytes((10, 7, 5, 3, 0, 3))
    acts = bytes((1, 0, 4, 4, 9, 12))  # A +4, a deal entry
    data = head + base + bytes((0, 2, 0, 2)) + acts
    k = Keeper.from_bytes(data, 1)
    assert k.target == 61 and not k.five and k.deals == 0 and k.game_no == 2
    assert k.scores == [26, 16] and k.deal_number == 4  # A +4; B 9, A (dealer) 12
    assert Keeper.from_bytes(k.to_bytes()).scores == k.scores


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
    for blob, words in bad:
        try:
            Keeper.from_bytes(blob)
            assert False, words
        except ValueError as e:
            assert words in str(e), (words, str(e))
    five = Keeper(target=121)
    five.add(0, 1)
    d = bytearray(five.to_bytes())
    d[23] = 5  # three for last in a six-card game
    try:
        Keeper.from_bytes(bytes(d))
        assert False
    except ValueError as e:
        assert "action" in str(e)


def test_keeper_buttons_five_card_long_a_gives_three_for_last():
    ctrl = KeeperInput(open_store(MemStorage()), defaults=(61, 1, True, 0))
    assert ctrl.keeper.five
    ctrl.handle(("long", hal.A))
    k = ctrl.keeper
    assert k.scores[k.dealer ^ 1] == 3 and "3 for last" in ctrl.message
    ctrl.handle(("long", hal.A))  # now his heels
    assert k.scores[k.dealer] == 2
    again = KeeperInput(ctrl.store)
    assert again.keeper.scores == k.scores and again.keeper.five


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
                back = Keeper.from_bytes(bytes(data))
            except ValueError:
                continue
            assert Keeper.from_bytes(back.to_bytes()).scores == back.scores
