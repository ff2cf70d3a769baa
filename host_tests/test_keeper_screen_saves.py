# portable
"""The score keeper screen over a power cut and bad storage, driven by raw
button levels into the headless app: a restart (a new app over the same
storage, as a power cut would) at several points and mid-entry resumes the
same game, after the win too (R14); a damaged save is said on the screen
and a new game starts; unreadable storage is said, and fails neither the opening nor the app;
and mashing the buttons never fails and leaves saved what it shows. Runs
under CPython (pytest) and the MicroPython unix port."""

from firmware.app import MessageScreen
from firmware.hal import A, B, DOWN, RIGHT, UP
from firmware.hw import host
from firmware.keeper.control import OVER, SCORE
from keeperrig import Rig, mash, number, saved_keeper, shown


def test_restart_at_several_points_resumes_the_same_game():
    files = {}
    rig = Rig(files)
    rig.open("keeper")
    steps = (
        lambda r: number(r, 6),
        lambda r: r.hold(A),
        lambda r: (r.tap(RIGHT), number(r, 12)),  # the picked side is not saved
        lambda r: r.tap(B),
        lambda r: (r.tap(DOWN), r.tap(UP, 4), r.tap(A), r.tap(UP, 8), r.tap(A)),
        lambda r: r.tap(B),
        lambda r: r.hold(B),
    )
    seen = []
    for step in steps:
        step(rig)
        before = rig.top().ki.keeper.to_bytes()
        seen.append(rig.top().ki.keeper.scores[:])
        rig = Rig(files)  # power cut: a new app over the same storage
        s = rig.open("keeper")
        assert s.ki.keeper.to_bytes() == before
        assert s.ki.message == ""
    # A 6, heels 8; B 12 undone; deal: pone B 4, dealer A 8; undone; redone
    assert seen == [[6, 0], [8, 0], [8, 12], [8, 0], [16, 4], [8, 0], [16, 4]]
    assert rig.top().ki.keeper.dealer == 1


def test_restart_mid_entry_and_after_the_win():
    files = {}
    rig = Rig(files)
    rig.open("keeper")
    number(rig, 20)
    rig.tap(A)
    rig.tap(UP, 9)  # a number being entered is not a change: not saved
    rig = Rig(files)
    s = rig.open("keeper")
    assert s.ki.keeper.scores == [20, 0] and s.ki.mode == SCORE
    for _ in range(3):
        number(rig, 29)  # 107
    number(rig, 14)  # 121
    rig = Rig(files)
    s = rig.open("keeper")
    assert s.ki.mode == OVER and s.ki.keeper.winner == 0
    assert s.line.startswith("A wins 121-0")


def test_damaged_save_is_reported_and_a_new_game_starts():
    files = {}
    rig = Rig(files)
    rig.open("keeper")
    number(rig, 3)
    for name in files:
        if name.startswith("keeper"):
            data = bytearray(files[name])
            data[-1] ^= 0xFF
            files[name] = bytes(data)
    rig = Rig(files)
    rig.open("keeper")
    keeper = rig.app.stack[-2]
    assert keeper.ki.keeper.scores == [0, 0]
    # said in words, whole, over the keeper: more than its two lines hold
    said = shown(rig)
    assert "keeper.rec is damaged" in said, said
    assert said.endswith("(the file is kept as keeper.bad)"), said
    rig.tap(A)  # closed: the keeper, its hint on its lines, not the cut words again
    assert rig.app.top() is keeper and "damaged" not in shown(rig)
    assert rig.app.errors == 0


def test_non_hex_text_in_both_keeper_copies_is_told_whole_and_kept_aside():
    # the web page's store reads a copy that is not hex as its own text
    files = {"keeper.rec": b"zz: some text, not hex", "keeper.old": b"not hex either"}
    rig = Rig(files)
    rig.open("keeper")
    said = shown(rig)
    for words in ("keeper.rec is not a CBKP record", "keeper.old is not a CBKP record",
                  "starting afresh", "kept as keeper.bad"):  # fmt: skip
        assert words in said, said
    lines = rig.app.top().lines
    assert len(lines) <= 6 and all(len(x) <= 21 for x in lines), lines  # on the 128x64 screen
    rig.tap(A)
    rig.tap(UP)  # the first save keeps the refused copy aside
    assert files["keeper.bad"] == b"zz: some text, not hex"
    assert rig.app.top().ki.keeper.scores == [1, 0] and rig.app.errors == 0


class BrokenStorage(host.DictStorage):
    def read(self, name):
        raise OSError(5, "EIO")

    def size(self, name):
        raise OSError(5, "EIO")


def test_unreadable_storage_is_said_and_does_not_fail_the_app():
    rig = Rig()
    rig.hw.storage = BrokenStorage()
    rig.open("keeper")  # the next app cannot read which mode: it says so
    top = rig.app.top()
    assert isinstance(top, MessageScreen) and "EIO" in " ".join(top.lines), top.lines
    assert rig.app.errors == 0
    while isinstance(rig.app.top(), MessageScreen):
        rig.tap(A)  # close the messages (the settings could not be read either)
    assert len(rig.app.stack) == 1
    rig.hw.storage = host.DictStorage()
    s = rig.open("keeper")
    assert type(s).__name__ == "KeeperScreen" and rig.app.errors == 0


def test_mashing_the_keeper_never_fails_and_saves_what_it_shows():
    from firmware.screens import keeper

    files = {}
    root = keeper.make(Rig(files).app)  # its game lives in ``files``
    rig = Rig(files, root=root)
    mash(rig, 12345, 1500)
    k = root.ki.keeper
    assert saved_keeper(rig.files).to_bytes() == k.to_bytes()
    assert k.scores[0] >= 0 and k.scores[1] >= 0
