# portable
"""The crash log (firmware/crashlog.py): an entry names the exception, where
and when, and the innermost lines of its traceback, within its own cap; the
log keeps only its last CAP bytes whatever is appended or was there before
(hostile bytes included); a power cut at every step and byte of an append
leaves the saves untouched and the old or the new log readable; a failing
storage never turns one crash into another. Runs on CPython and
MicroPython."""

from firmware import crashlog
from firmware.crashlog import append, count, entry, read, record
from firmware.hw import host
from firmware.store.records import RecordStore
from memstorage import MemStorage, PowerCut
from device_rig import Rig

# firmware.crashlog's figures and files (its consts: no globals on a device)
CAP = 2048
ENTRY_CAP = 600
OLD = "crash.old"
TEMP = "crash.tmp"


def nested_failure(depth):
    if depth:
        return nested_failure(depth - 1)
    return {}["no such key"]


def caught(fn, *args):
    try:
        fn(*args)
    except Exception as e:
        return e
    raise AssertionError("no exception")


def test_entry_names_the_exception_where_and_when():
    e = caught(nested_failure, 3)
    text = entry(e, 2, 81234, "play")
    lines = text.split("\n")
    assert lines[0] == "--- crash 2 at 81234 ms in play"
    assert lines[1].startswith("KeyError")
    assert "no such key" in lines[1]
    assert "nested_failure" in text  # the traceback's innermost frames
    assert "test_crashlog" in text


def test_entry_is_bounded_even_for_a_huge_message():
    e = ValueError("x" * 5000)
    text = entry(e, 1, 5)
    assert len(text) == ENTRY_CAP
    assert text.startswith("--- crash 1 at 5 ms\nValueError: xxx")
    deep = caught(nested_failure, 40)  # a long traceback
    assert len(entry(deep)) <= ENTRY_CAP
    assert "KeyError" in entry(deep)


def test_log_keeps_the_last_cap_bytes_in_whole_lines():
    st = host.DictStorage()
    sizes = []
    for i in range(1, 60):
        sizes.append(append(st, entry(ValueError("number %d" % i), i, i * 1000)))
    data = read(st)
    assert len(data) <= CAP and max(sizes) <= CAP
    assert len(data) > CAP - ENTRY_CAP  # it fills up to the cap, not far below
    assert data.endswith(b"ValueError: number 59\n")
    assert data.startswith(b"--- crash ") or data.startswith(b"ValueError")
    assert 3 <= count(st) < 59
    assert st.read(TEMP) is None  # the temp file was renamed away


def test_hostile_old_log_is_bounded_and_never_breaks_reading():
    for old in (b"\xff\xfe\x00" * 2000, b"no newline at all " * 300, b"", b"\n" * 5000):
        st = host.DictStorage({crashlog.NAME: old})
        assert read(st) == old
        append(st, entry(RuntimeError("new one")))
        data = read(st)
        assert len(data) <= CAP
        assert data.endswith(b"RuntimeError: new one\n")


class FailingStorage(host.DictStorage):
    def write(self, name, data):
        raise OSError(28, "ENOSPC")


class UnreadableStorage(host.DictStorage):
    def read(self, name):
        raise OSError(5, "EIO")


def test_a_failing_storage_never_raises_from_record():
    e = ValueError("the first crash")
    assert record(FailingStorage(), e) is False
    assert record(UnreadableStorage(), e) is True  # an unreadable log is replaced
    assert read(UnreadableStorage()) == b""
    assert record(host.DictStorage(), MemoryError()) is True


def test_power_cut_at_every_step_and_byte_of_an_append():
    # a save and an older log are there; an append is cut at every point
    cuts = 0
    expected = 0
    for atomic in (True, False):
        base = MemStorage(atomic_rename=atomic)
        rs = RecordStore(base, "game", b"GAME", 1)
        rs.save(b"the match so far")
        append(base, entry(caught(nested_failure, 2), 1, 100, "play"))
        old_log = read(base)
        text = entry(caught(nested_failure, 5), 2, 200, "keeper").encode()
        new_size = len(old_log) + len(text)
        points = [("step", k) for k in range(5)] + [("bytes", n) for n in range(new_size + 1)]
        expected += len(points)
        for how, n in points:
            st = base.reboot()
            if how == "step":
                st.arm(step=n)
            else:
                st.arm(nbytes=n)
            try:
                append(st, text)
                done = True
            except PowerCut:
                done = False
            cuts += 1
            after = st.reboot()
            got = RecordStore(after, "game", b"GAME", 1).load()
            assert got == (b"the match so far", 1, None), (how, n, got)
            log = read(after)
            assert log in (old_log, old_log + text), (atomic, how, n, log)
            if done:
                assert log == old_log + text
            # the next crash is logged whatever the cut left behind
            append(after, entry(ValueError("next")))
            assert read(after).endswith(b"ValueError: next\n")
    assert cuts == expected and expected > 300


# ---- firmware/main.py: crashes outside the screens restart the app


def keeper_scores(rig):
    top = rig.app().top()
    assert type(top).__name__ == "KeeperScreen", type(top).__name__
    return top.ki.keeper.scores


def open_keeper_and_score(rig, points):
    from firmware.hal import A, DOWN, UP

    rig.tap(DOWN)  # menu: "Score keeper" is the second entry
    rig.tap(A)
    rig.tap(UP, points)


class Flaky:
    """Button reads that raise ``exc`` ``times`` times from ``start()`` on
    (a broken pin or bus: outside every screen's catch)."""

    def __init__(self, wd, hw, exc, times):
        self.wd = wd
        self.hw = hw
        self.plain = hw.buttons.read
        self.exc = exc
        self.left = times

    def start(self):
        self.hw.buttons.read = self.read
        wd = self.wd  # measure from the fault on (before it the app may nap 1 s unfed)
        wd.longest = 0
        wd.last = wd.clock.now

    def read(self):
        if self.left != 0:
            self.left -= 1
            raise self.exc
        return self.plain()


def test_a_crash_outside_the_screens_is_logged_and_the_keeper_resumes():
    from firmware.hal import UP

    for exc in (OSError(5, "EIO"), MemoryError("memory allocation failed")):
        from firmware import main

        before = main.crashes
        rig = Rig()
        open_keeper_and_score(rig, 3)
        flaky = Flaky(rig.wd, rig.hw, exc, 1)
        rig.call(flaky.start)
        fed = []  # the longest time unfed while the error screen shows (2 s)
        rig.call(lambda: fed.append(rig.wd.longest), 1900)
        rig.wait(1100)  # the error screen, then a new app
        rig.call(lambda: assert_scores(rig, [3, 0]))
        rig.tap(UP)
        assert rig.boot() == "stop"
        assert main.crashes == before + 1
        assert keeper_scores(rig) == [4, 0]
        log = read(rig.storage)
        assert count(rig.storage) == 1
        assert type(exc).__name__.encode() in log and b"in keeper" in log, log
        assert fed and fed[0] <= 100  # fed while the error was shown


def assert_scores(rig, scores):
    assert keeper_scores(rig) == scores


def test_error_screen_says_what_happened_and_that_the_game_is_saved():
    rig = Rig()
    rig.record_screen_text()
    open_keeper_and_score(rig, 1)
    rig.call(Flaky(rig.wd, rig.hw, OSError(5, "EIO"), 1).start)
    rig.wait(500)
    assert rig.boot() == "stop"
    said = " ".join(rig.fb.texts)
    assert "restarting" in said and "EIO" in said and "saved" in said, said


def test_a_crash_loop_stops_on_a_safe_screen_then_starts_at_the_menu():
    from firmware import main
    from firmware.hal import A
    from firmware.screens.menu import MenuScreen

    before = main.crashes
    rig = Rig()
    rig.record_screen_text()
    open_keeper_and_score(rig, 2)
    flaky = Flaky(rig.wd, rig.hw, OSError(5, "EIO"), -1)  # broken for good
    rig.call(flaky.start)
    rig.wait(120000)  # two minutes on the safe screen: no more crashes
    rig.call(lambda: assert_crashes(before + main.CRASH_LIMIT))

    def mend():
        flaky.left = 0

    rig.call(mend)
    rig.tap(A)  # leaves the safe screen: a new app at the menu
    rig.wait(200)
    assert rig.boot() == "stop"
    assert main.crashes == before + main.CRASH_LIMIT
    assert count(rig.storage) == main.CRASH_LIMIT
    assert "Stopped" in rig.fb.texts
    app = rig.app()
    assert len(app.stack) == 1 and isinstance(app.top(), MenuScreen)
    assert rig.wd.longest <= 100
    # the keeper's save is untouched: it opens where it was
    rig2 = Rig(rig.storage)
    rig2.wait(200)
    assert rig2.boot() == "stop"
    assert isinstance(rig2.app().top(), MenuScreen)  # the safe start forgot the mode
    rig3 = Rig(rig.storage)
    open_keeper_and_score(rig3, 0)
    rig3.wait(200)
    assert rig3.boot() == "stop"
    assert keeper_scores(rig3) == [2, 0]


def assert_crashes(n):
    from firmware import main

    assert main.crashes == n, main.crashes


class Broken(Exception):
    pass


def test_a_screen_that_keeps_failing_is_said_each_time_and_never_loops():
    # each failure closes the keeper (its error read: back at the menu, a
    # fresh app) and A opens it again in an app of its own: said and logged
    # each time, no restart of the loop, and once mended it goes on from its
    # save (the errors that keep coming in one app: test_app's Failing)
    from firmware import main
    from firmware.hal import A, B, UP
    from firmware.keeper.screen import KeeperScreen
    from firmware.screens.menu import MenuScreen

    plain = KeeperScreen.update
    state = {"broken": False, "fails": 0}

    def update(self, dt_ms, events):
        if state["broken"] and events:
            state["fails"] += 1
            raise Broken("keeper update broke")
        return plain(self, dt_ms, events)

    def brk():
        state["broken"] = True

    before = main.crashes
    rig = Rig()
    open_keeper_and_score(rig, 2)
    rig.call(brk)
    for _ in range(3):  # fail, close the error (back at the menu), reopen
        rig.tap(UP)
        rig.tap(B)
        rig.tap(A)
    rig.wait(3000)

    def mend():
        state["broken"] = False

    rig.call(lambda: assert_scores(rig, [2, 0]))
    rig.call(mend)
    rig.tap(UP)
    KeeperScreen.update = update
    try:
        assert rig.boot() == "stop"
    finally:
        KeeperScreen.update = plain
    assert state["fails"] == 3
    assert main.crashes == before
    assert keeper_scores(rig) == [3, 0]
    log = read(rig.storage)
    assert count(rig.storage) == 3  # each caught by its app
    assert log.count(b"\nBroken: keeper update broke") == 3
    assert b"Failing" not in log
    assert not isinstance(rig.app().top(), MenuScreen)


# ---- issue 11.8: every crash reaches the log, even with no heap left


def fresh_dir_storage(path):
    st = host.DirStorage(path)
    for name in (crashlog.NAME, OLD, TEMP):
        if st.exists(name):
            st.remove(name)
    return st


def test_a_crash_with_the_heap_full_still_reaches_the_log():
    import sys

    st = fresh_dir_storage("/tmp/cribbage_test_crash_full")
    assert crashlog.prepare(st)
    full = MemoryError("memory allocation failed, allocating 464 bytes")
    errors = [caught(nested_failure, 3), full]
    written = []
    hog = []
    # leave nothing to allocate; not on the WebAssembly port, whose heap grows
    # to the browser's 2 GB before it says MemoryError (minutes of GC)
    if sys.implementation.name == "micropython" and sys.platform != "webassembly":
        for size in (4096, 256, 16):
            try:
                while True:
                    hog.append(bytearray(size))
            except MemoryError:
                pass
    for i in range(len(errors)):
        written.append(record(st, errors[i], i + 1, 1000 * (i + 1), "play", "PlayScreen"))
    hog = None
    crashlog.close()
    assert written == [True, True]
    log = read(st)
    assert count(st) == 2, log
    assert b"--- crash 1 at 1000 ms in play: PlayScreen\n" in log, log
    assert b"KeyError" in log and b"nested_failure" in log
    assert b"--- crash 2 at 2000 ms in play: PlayScreen\n" in log
    assert b"MemoryError: memory allocation failed, allocating 464 bytes\n" in log, log


def test_a_long_traceback_is_cut_to_its_innermost_lines():
    st = fresh_dir_storage("/tmp/cribbage_test_crash_deep")
    assert crashlog.prepare(st)
    assert record(st, caught(nested_failure, 60), 1, 5, "play")
    crashlog.close()
    log = read(st)
    assert log.startswith(b"--- crash 1 at 5 ms in play\n") and b"KeyError" in log, log
    assert len(log) <= ENTRY_CAP + 40, len(log)
    assert count(st) == 1


def test_a_prepared_log_keeps_its_last_cap_bytes_in_two_files():
    st = fresh_dir_storage("/tmp/cribbage_test_crash_two")
    st.write(crashlog.NAME, b"--- crash 0 at 0 ms\nan old entry\n")
    for i in range(1, 40):  # a restart after each: firmware.main prepares again
        assert crashlog.prepare(st)
        assert record(st, ValueError("x" * 80 + " number %d" % i), i, i)
    crashlog.close()
    assert st.size(crashlog.NAME) <= CAP // 2 + ENTRY_CAP
    assert st.size(OLD) <= CAP // 2 + ENTRY_CAP
    data = read(st)
    assert CAP - 2 * ENTRY_CAP < len(data) <= CAP
    assert data.endswith(b" number 39\n"), data[-60:]
    assert data.startswith(b"--- crash ")
    assert 3 <= count(st) < 39

    # a storage that cannot append is logged the old way
    class NoAppend(host.DictStorage):
        open_append = None

    st = NoAppend()
    assert not crashlog.prepare(st)
    assert record(st, ValueError("slow way"), 1, 1) and count(st) == 1
