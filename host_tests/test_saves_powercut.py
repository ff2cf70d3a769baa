# portable
"""Every kind of save through the whole app cut by a power failure (issue
7): settings, the score keeper, the game in progress, the statistics and
the last-mode record. For each, one uncut run lists the storage operations
of the save; then the power is cut before every step and after every byte
of every record written (and at the ends and middle of the plain last.log
export), the board starts again over what the cut left (firmware.main.build
with resume), and the app must load the last completed state, with no error
and no complaint (an interrupted save is not a problem), and carry on; a
finished game is counted once, and a match whose end is counted never
resumes to be played again (issue 11.4). Both atomic and remove-then-rename
(FAT) renames (host_tests/savecuts.py). Damaged and foreign files:
test_saves_refused.py. Runs on CPython and MicroPython."""

from driver import Driver
from engine.rng import Rng
from firmware.app import MessageScreen
from firmware.hal import A, B, DOWN, RIGHT, UP
from memstorage import PowerCut
from playdriver import decide, play_game, screen, wait_for_you
from savecuts import CutStorage, cut_points, each_cut, end_of_game_cuts, finish_game, open_play


def test_power_cut_anywhere_in_a_settings_save():
    def make_base(st):
        b = Driver.device(st)
        b.open("settings")
        b.press(RIGHT)  # difficulty medium -> hard
        b.press(B)  # leaving saves
        assert b.app.settings.difficulty == "hard"
        return st

    def act(st, arm):
        b = Driver.device(st)
        b.open("settings")
        b.press(DOWN)
        b.press(RIGHT)  # game to 121 -> 61
        arm()
        b.press(B)  # the settings save, then the mode record: back at the menu

    def check(after, st, where):
        b = Driver.device(after)
        s = b.app.settings
        assert s.difficulty == "hard", where
        assert s.target == (61 if st.done("settings") else 121), where
        assert s.problem is None and b.app.errors == 0, where
        # the mode record: still in settings until its save completed
        assert b.app.mode == (None if st.done("mode") else "settings"), where
        b.press(B)
        b.open("keeper")
        assert b.app.errors == 0, where

    assert each_cut(make_base, act, check) > 2 * 30


def test_power_cut_anywhere_in_a_keeper_save():
    def make_base(st):
        b = Driver.device(st)
        b.open("keeper")
        b.press(UP, 3)
        return st

    def act(st, arm):
        b = Driver.device(st)  # resumes the keeper at A 3
        assert b.app.top().ki.keeper.scores == [3, 0]
        b.press(A)  # enter a number
        b.press(UP, 5)
        arm()
        b.press(A)  # A +5: saved before shown

    def check(after, st, where):
        b = Driver.device(after)
        top = b.app.top()
        assert type(top).__name__ == "KeeperScreen", where
        want = 8 if st.done("keeper") else 3
        assert top.ki.keeper.scores == [want, 0], where
        assert not top.ki.message and b.app.errors == 0, where
        b.press(UP)
        assert top.ki.keeper.scores == [want + 1, 0] and b.app.errors == 0, where

    assert each_cut(make_base, act, check) > 2 * 40


def test_power_cut_anywhere_in_opening_a_mode():
    def act(st, arm):
        b = Driver.device(st)
        arm()
        b.open("keeper")  # writes the last-mode record

    def check(after, st, where):
        b = Driver.device(after)
        top = type(b.app.top()).__name__
        assert top == ("KeeperScreen" if st.done("mode") else "MenuScreen"), where
        assert b.app.errors == 0, where

    assert each_cut(lambda st: st, act, check) > 2 * 20


def test_power_cut_anywhere_in_a_game_save():
    saved = {}

    def make_base(st):
        d = open_play(Driver.device(st))
        play_game(d, 3, decisions=3)
        wait_for_you(d)
        saved["moves"] = bytes(screen(d).game.moves)
        return st

    def act(st, arm):
        d = Driver.device(st)  # resumes the game
        s = screen(d)
        assert bytes(s.game.moves) == saved["moves"]
        wait_for_you(d)
        arm()
        try:
            decide(d, Rng(5))
        except PowerCut:
            pass  # the power went half way through the press
        saved["after"] = bytes(s.game.moves)

    def check(after, st, where):
        d = Driver.device(after, ticks=0)  # what it loaded, before the computer moves on
        s = screen(d)
        got = bytes(s.game.moves)
        assert got == (saved["after"] if st.done("game") else saved["moves"]), where
        assert d.app.errors == 0, where
        assert not isinstance(d.app.top(), MessageScreen), where  # no complaint
        wait_for_you(d)  # and it plays on

    assert each_cut(make_base, act, check) > 2 * 50


def test_power_cut_at_the_end_of_a_game_counts_it_once():
    # every storage step and every 8th byte of each record (the first and last
    # two always); every byte: test_saves_powercut_full.py (slow, CPython)
    assert end_of_game_cuts(8) > 2 * 30


def test_a_cut_while_a_finished_match_is_cleared_never_resumes_it():
    # issue 11.4: the cut between removing game.rec and game.old resumed the
    # match two decisions before an end the statistics had already counted,
    # so it could be played to another end. Once the end is counted, what
    # resumes (if anything) must go to that end without asking the player.
    from firmware.store.stats import Stats

    for atomic in (True, False):
        base = CutStorage(atomic_rename=atomic)
        d = open_play(Driver.device(base))
        last = None
        while wait_for_you(d) != "over":
            last = base.reboot()  # the storage before this decision
            decide(d, Rng(len(screen(d).game.moves)))
        tried = 0
        for how, n in cut_points(last, finish_game):
            if how != "step":
                continue
            st = last.reboot()

            def arm():
                st.ops = []
                st.arm(step=n)

            try:
                finish_game(st, arm)
            except PowerCut:
                pass  # the power went: nothing runs after it
            after = st.reboot()
            s = Stats(after)
            s.load()
            if s.games != 1 or not (after.exists("game.rec") or after.exists("game.old")):
                continue  # not counted yet (a resume plays it to its end), or nothing resumes
            tried += 1
            d = Driver.device(after)
            assert wait_for_you(d) == "over", (atomic, n)  # no decision left to make
            assert Stats(after).load() is None
        assert tried >= 3, tried
