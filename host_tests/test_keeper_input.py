# portable
"""The table score keeper's button controller (firmware/keeper/control.py):
sessions driven by button events as firmware.ui.buttons sends them, scores
checked against totals kept here; a long press never does the short
action, game over then the next game (V2), five-card's three for last on a
long A (V5); its saves resume after a restart, a damaged record gives a
message and a new game, its two copies are written in turn, a storage
error rolls back, and a power cut at every save, step and byte reloads to
the last completed action; mashed buttons never crash it. Runs under
CPython and MicroPython."""

from engine.rng import Rng
from firmware import hal
from firmware.keeper.control import DEAL, NUMBER, OVER, SCORE, KeeperInput, open_store
from memstorage import MemStorage, PowerCut


def tap(ctrl, bit):
    # what firmware.ui.buttons gives for a short press (A and B act on the tap)
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
