# portable
"""The last mode, restarts and repeated failures (issue 7) through
firmware/app.py with the host backend: the open mode is recorded (a frame
later, by firmware.app_rare, loaded for it and forgotten: issue 12) and
cleared at the menu; a restart reopens the keeper where it was or stays at
the menu; a reopened mode that fails at once is not reopened for ever, and
one that settled resets its tries; a damaged mode record is said and the
menu used. Runs on CPython and MicroPython."""

from firmware.app import App, MessageScreen
from firmware.hal import A, DOWN, UP
from firmware.hw import host
from firmware.screens.menu import ENTRIES, MenuScreen
from driver import Driver
from apprig import drawn_text, new_app


def goto(d, module):
    names = [e[1] for e in ENTRIES]
    cursor = d.app.stack[0].cursor
    for _ in range((names.index(module) - cursor) % len(names)):
        d.tap(DOWN)
    d.tap(A)


def restart(storage):
    return Driver(App(host.make(storage=storage), resume=True))


def test_the_open_mode_is_recorded_and_cleared_at_the_menu():
    from firmware.app_rare import LastMode

    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    assert d.app.mode == "keeper"
    assert LastMode(storage).load() == ("keeper", 0, None)
    d.app.home()
    assert d.app.mode is None
    assert LastMode(storage).load() == ("", 0, None)


def test_the_rare_steps_are_not_kept_loaded_and_the_record_follows_a_frame_later():
    # issue 12: opening a mode, the mode record and the app's start are
    # firmware.app_rare, loaded for each and forgotten (not resident all game)
    import sys

    from firmware.app_rare import LastMode

    storage = host.DictStorage()
    d = new_app(storage)
    assert "firmware.app_rare" not in sys.modules
    d.app.open("keeper")
    assert d.app.mode == "keeper" and "firmware.app_rare" not in sys.modules
    assert LastMode(storage).load() == ("", 0, None)  # not in the frame that opened it
    d.tick(1)
    assert LastMode(storage).load() == ("keeper", 0, None)
    assert "firmware.app_rare" not in sys.modules


def test_restart_reopens_the_keeper_where_it_was():
    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    for _ in range(4):
        d.tap(UP)  # A +1 each
    assert d.app.top().ki.keeper.scores == [4, 0]
    d2 = restart(storage)  # e.g. after a crash: nothing left of the first app
    top = d2.app.top()
    assert type(top).__name__ == "KeeperScreen" and d2.app.mode == "keeper"
    assert top.ki.keeper.scores == [4, 0]
    d2.tap(UP)
    assert top.ki.keeper.scores == [5, 0] and d2.app.errors == 0
    assert "5" in drawn_text(d2) or top.ki.message == "A +1 = 5"


def test_restart_at_the_menu_stays_at_the_menu():
    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    d.app.home()
    d2 = restart(storage)
    assert len(d2.app.stack) == 1 and isinstance(d2.app.top(), MenuScreen)


class Explodes(Exception):
    pass


def test_a_reopened_mode_that_fails_at_once_is_not_reopened_for_ever():
    RESUME_TRIES = 2  # firmware.app_rare._RESUME_TRIES (a const: no global on a device)
    from firmware.crash import Failing
    from firmware.keeper.screen import KeeperScreen

    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    d.tap(UP)
    plain = KeeperScreen.update

    def broken(self, dt_ms, events):
        raise Explodes("keeper broke")

    KeeperScreen.update = broken
    try:
        starts = 0
        for _ in range(RESUME_TRIES + 2):
            app = App(host.make(storage=storage), resume=True)
            if app.mode != "keeper":
                break
            starts += 1
            try:
                Driver(app)  # its first frames
                raise AssertionError("a reopened mode that fails must restart the app")
            except Failing as e:
                assert "keeper broke" in str(e)
        assert starts == RESUME_TRIES
        d2 = Driver(app)
        assert isinstance(d2.app.top(), MessageScreen)  # said why, over the menu
        text = drawn_text(d2)
        assert "failed" in text and "keeper" in text, text
        assert d2.app.stack[0] is not d2.app.top() and len(d2.app.stack) == 2
    finally:
        KeeperScreen.update = plain
    # the save is untouched: once fixed, the keeper opens where it was
    d3 = new_app(storage)
    goto(d3, "keeper")
    assert d3.app.top().ki.keeper.scores == [1, 0]


def test_a_mode_that_settled_resets_its_tries():
    STABLE_MS = 10000  # firmware.app_rare._STABLE_MS
    from firmware.app_rare import LastMode

    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    d2 = restart(storage)
    assert LastMode(storage).load()[:2] == ("keeper", 1)
    d2.tick(STABLE_MS // 20 + 2)
    assert LastMode(storage).load()[:2] == ("keeper", 0)


def test_damaged_mode_record_is_said_and_the_menu_used():
    for data in (b"\x00" * 40, b"XXXX\x01\x00\x00\x00\x01\x00\x01\x00zz"):
        storage = host.DictStorage({"mode.rec": data})
        d = restart(storage)
        assert isinstance(d.app.top(), MessageScreen), data
        assert "mode.rec" in drawn_text(d)
        d.tap(A)
        assert isinstance(d.app.top(), MenuScreen) and d.app.errors == 0
    # a copy cut short is what a cut write leaves in its two copies (records.py's
    # slots): the menu, nothing said
    for data in (b"", b"MODE\x01"):
        d = restart(host.DictStorage({"mode.rec": data}))
        assert isinstance(d.app.top(), MenuScreen) and d.app.errors == 0, data
