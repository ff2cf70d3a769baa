"""Cutting the power in the middle of the app's saves, for tests:
``CutStorage`` (tests' MemStorage listing the storage operations it completed
and whether it was cut), ``cut_points`` (every cut of an action: each
storage step and every byte of each record written), ``each_cut`` (cut an
action everywhere, both kinds of rename, and check what each cut left),
``open_play`` (the play screen of a game to 61), ``finish_game`` (play a
game on to its end or its cut) and ``end_of_game_cuts``
(the cuts of a game's end: counted once in the statistics, never lost). Used
by test_saves_powercut and test_saves_powercut_full. Portable (CPython and
MicroPython). Not a test module. Imports engine.rng, firmware.store.stats,
host_tests/memstorage.py, host_tests/playdriver.py and tools/driver.py.
"""

from driver import Driver
from engine.rng import Rng
from memstorage import MemStorage, PowerCut
from playdriver import decide, screen, wait_for_you


class CutStorage(MemStorage):
    """MemStorage that lists what it completed and says whether it cut."""

    def __init__(self, files=None, atomic_rename=True):
        MemStorage.__init__(self, files, atomic_rename)
        self.ops = []  # ("write", name, bytes before, length) / ("rename", old, new) / ...
        self.cut = False

    def reboot(self):
        return CutStorage(dict(self.files), self.atomic_rename)

    def write(self, name, data):
        at = self.written
        try:
            MemStorage.write(self, name, data)
        except PowerCut:
            self.cut = True
            raise
        self.ops.append(("write", name, at, len(data)))

    def rename(self, old, new):
        try:
            MemStorage.rename(self, old, new)
        except PowerCut:
            self.cut = True
            raise
        self.ops.append(("rename", old, new))

    def remove(self, name):
        try:
            MemStorage.remove(self, name)
        except PowerCut:
            self.cut = True
            raise
        self.ops.append(("remove", name))

    def done(self, name):
        """True when the save of record ``name`` completed: its temp file
        was renamed into place, or (a store of two slots: records.py) one of
        its two copies was written in full."""
        if ("rename", name + ".tmp", name + ".rec") in self.ops:
            return True
        return any(op[0] == "write" and op[1] in (name + ".rec", name + ".old") for op in self.ops)


def cut_points(base, act, stride=1):
    """Every power cut of ``act`` (run once uncut on a copy of ``base``),
    counted from where it calls ``arm()``: ("step", k) for each storage step,
    ("bytes", n) for every byte of each record written and a few of any
    other file. With ``stride`` > 1 only every stride-th byte inside a
    record is cut (its first two and last two bytes always)."""
    st = base.reboot()

    def arm():
        st.arm()  # counts steps and bytes from here
        st.ops = []

    act(st, arm)
    assert not st.cut
    points = [("step", k) for k in range(st.steps + 1)]
    seen = {}
    for op in st.ops:
        if op[0] != "write":
            continue
        name, at, n = op[1], op[2], op[3]
        if name.endswith((".tmp", ".rec", ".old")):  # a record (slots write theirs in place)
            offsets = [i for i in range(n + 1) if i % stride == 0 or i < 2 or i > n - 2]
        else:  # a plain export: its ends and middle
            offsets = (0, 1, n // 2, n - 1, n)
        for i in offsets:
            if at + i not in seen:
                seen[at + i] = 1
                points.append(("bytes", at + i))
    return points


def each_cut(make_base, act, check, stride=1):
    """For both kinds of rename: cut ``act`` everywhere (``stride``: see
    cut_points), then ``check`` the storage the cut left (a copy); returns
    the number of cuts tried."""
    tried = 0
    for atomic in (True, False):
        base = make_base(CutStorage(atomic_rename=atomic))
        for how, n in cut_points(base, act, stride):
            st = base.reboot()

            def arm():
                st.ops = []
                if how == "step":
                    st.arm(step=n)
                else:
                    st.arm(nbytes=n)

            try:
                act(st, arm)
            except PowerCut:
                pass  # the power went: nothing runs after it
            tried += 1
            check(st.reboot(), st, (atomic, how, n))
    return tried


def open_play(b):
    b.app.settings.set("target", 61)
    b.app.settings.save()  # the next app (a mode opened) reads them
    b.open("play")
    return b


def finish_game(st, arm):
    """Boot on ``st``, arm its cut, and play the game on to its end (or to
    the cut, which ends the run quietly)."""
    d = Driver.device(st)
    arm()
    try:
        while wait_for_you(d) != "over":
            decide(d, Rng(len(screen(d).game.moves)))
    except PowerCut:
        pass  # the power went in the middle


def end_of_game_cuts(stride):
    """Cuts of the end of a game; returns how many were tried."""

    # the last decision's save, the last.log export, the statistics and the
    # game's own save being dropped, cut everywhere
    def make_base(st):
        d = open_play(Driver.device(st))
        last = None
        while True:
            if wait_for_you(d) == "over":
                break
            last = st.reboot()  # the storage before this decision
            decide(d, Rng(len(screen(d).game.moves)))
        return last

    def check(after, st, where):
        from firmware.store.stats import Stats

        resumes = after.exists("game.rec") or after.exists("game.old")
        d = Driver.device(after)
        if resumes:  # the game's save is still there: play it to its end
            while wait_for_you(d) != "over":
                decide(d, Rng(len(screen(d).game.moves)))
        assert d.app.errors == 0, where
        stats = Stats(after)
        assert stats.load() is None, where
        assert stats.games == 1, (where, stats.games)  # never lost, never twice

    return each_cut(make_base, finish_game, check, stride)
