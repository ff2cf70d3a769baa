# portable
"""Modes, the last mode, restarts and repeated failures (issues 7, 29)
through firmware/app.py and firmware/main.py with the host backend: opening
a mode from the menu ends the app naming it (its name on the screen at
once), the record holds it and the next app opens it; back at the menu the
same, the menu's cursor on the mode left; firmware.main.run does it in its
one loop; a restart reopens the keeper where it was or stays at the menu; a
reopened mode that fails at once is not reopened for ever, and one that
settled resets its tries; a damaged mode record is said and the menu used.
Runs on CPython and MicroPython."""

from firmware import main
from firmware.app import App, MessageScreen
from firmware.hal import A, B, DOWN, UP
from firmware.hw import host
from firmware.screens.menu import ENTRIES, MenuScreen
from driver import Driver
from apprig import drawn_text, new_app
from screentext import drawn_text as text_of

OPENED = 255  # firmware.modes._OPENED: chosen in the menu, not yet started
BACK = 254  # firmware.modes._BACK: back at the menu from the mode named


def goto(d, module):
    names = [e[1] for e in ENTRIES]
    cursor = d.app.stack[0].cursor
    for _ in range((names.index(module) - cursor) % len(names)):
        d.tap(DOWN)
    d.tap(A)


def restart(storage):
    return Driver(App(host.make(storage=storage), resume=True))


def record(storage):
    from firmware.modes import LastMode

    return LastMode(storage).load()


def press_a_until_it_ends(d):
    # A held, a frame at a time on the app itself (not the driver, which
    # would follow it with the next app): the text of the frame that ended it
    app = d.app
    d.hw.buttons.set(A)
    for _ in range(10):
        said = text_of(app, lambda: app.tick(d.t))
        d.t += 20
        if app.next is not None:
            d.hw.buttons.set(0)
            return said
    raise AssertionError("A on the menu did not end the app")


def test_opening_a_mode_ends_the_app_naming_it_and_the_next_app_opens_it():
    storage = host.DictStorage()
    d = new_app(storage)
    names = [e[1] for e in ENTRIES]
    d.tap(DOWN, names.index("keeper"))
    app = d.app
    said = press_a_until_it_ends(d)
    assert app.next == "keeper" and "Opening" in said and "Score keeper" in said, said
    assert app.tick(d.t) is False  # an app that ended runs no more frames
    assert record(storage) == ("", 0, None)  # the app itself writes nothing
    main.restart(app)  # firmware.main's one place: the record, then hw.restart()
    assert record(storage) == ("keeper", OPENED, None) and app.hw.restarts == 1
    d2 = Driver(App(host.make(storage=storage), resume=True))
    assert type(d2.app.top()).__name__ == "KeeperScreen" and d2.app.mode == "keeper"
    assert record(storage) == ("keeper", 0, None)  # started: a crash now reopens it
    assert d2.app._stable_left == 0 and d2.app.errors == 0  # opened as the menu opened it


def test_a_modes_app_holds_no_menu_beneath_the_mode():
    # the menu's screen is made only when the root shows: under a mode it is
    # a bare screen, and B back to it ends the app (the menu is the next app's)
    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    app = d.follow()
    assert type(app.top()).__name__ == "KeeperScreen" and len(app.stack) == 2
    assert not isinstance(app.stack[0], MenuScreen)
    app.home()
    assert app.next == "" and not isinstance(app.stack[0], MenuScreen)
    d.follow()
    assert isinstance(d.app.top(), MenuScreen) and len(d.app.stack) == 1
    assert ENTRIES[d.app.top().cursor][1] == "keeper"


def test_a_mode_not_built_says_so_over_the_menu():
    # a record naming a mode whose module is missing: the message, then the menu
    from firmware.modes import LastMode

    storage = host.DictStorage()
    LastMode(storage).save("nosuchmode", OPENED)
    d = restart(storage)
    top = d.app.top()
    assert isinstance(top, MessageScreen) and top.title == "Coming soon"
    d.tap(B)
    assert isinstance(d.follow().top(), MenuScreen) and d.app.errors == 0


def test_back_at_the_menu_ends_the_app_and_the_next_one_shows_the_menu_at_the_mode():
    storage = host.DictStorage()
    d = new_app(storage)
    goto(d, "keeper")
    assert d.apps == 2 and d.app.mode == "keeper"
    app = d.app
    app.home()
    assert app.next == "" and len(app.stack) == 1
    d.tick(1)  # the driver follows it with the next app, as firmware.main does
    assert d.apps == 3 and d.app is not app
    assert record(storage) == ("keeper", BACK, None)
    menu = d.app.top()
    assert isinstance(menu, MenuScreen) and d.app.mode is None and len(d.app.stack) == 1
    assert ENTRIES[menu.cursor][1] == "keeper"
    d3 = restart(storage)  # a power cut at the menu: the menu again
    assert isinstance(d3.app.top(), MenuScreen) and d3.app.mode is None


def test_the_main_loop_restarts_into_the_mode_and_back_in_one_place():
    # firmware.main.run on the host backend: the app ends, run writes the
    # record and restarts (hw.restart() returns here), the next app built in
    # the same loop opens the mode
    storage = host.DictStorage()
    hw = host.make(storage=storage)
    names = [e[1] for e in ENTRIES]
    seen = []

    class Stop(Exception):
        pass

    def read():
        t = hw.clock.now
        if main.app is not None and (not seen or seen[-1][0] is not main.app):
            seen.append((main.app, main.app.mode, type(main.app.top()).__name__))
        if hw.restarts >= 2 and main.app is not None:
            raise KeyboardInterrupt  # the test is over, the third app built
        if t < 2000:
            steps = names.index("stats")
            k = t // 200
            return DOWN if 1 <= k <= steps and t % 200 < 100 else 0
        if 2000 <= t < 2100:
            return A  # open it
        if 3000 <= t < 3100:
            return B  # stats: B goes back to the menu
        if t > 20000:
            raise Stop("the loop did not restart twice")
        return 0

    hw.buttons.read = read
    try:
        main.run(hw)
    except KeyboardInterrupt:
        pass
    assert hw.restarts == 2
    assert [m for _, m, _ in seen] == [None, "stats", None], seen
    assert [k for _, _, k in seen] == ["MenuScreen", "StatsScreen", "MenuScreen"]
    assert ENTRIES[seen[2][0].stack[0].cursor][1] == "stats"  # where it was left
    assert record(storage) == ("stats", BACK, None)


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
    new_app(storage)
    d2 = restart(storage)
    assert len(d2.app.stack) == 1 and isinstance(d2.app.top(), MenuScreen)


class Explodes(Exception):
    pass


def test_a_reopened_mode_that_fails_at_once_is_not_reopened_for_ever():
    RESUME_TRIES = 2  # firmware.modes._RESUME_TRIES (a const: no global on a device)
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
    STABLE_MS = 10000  # firmware.modes._STABLE_MS
    from firmware.modes import LastMode

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


def test_a_refused_settings_file_is_said_once_not_at_every_mode():
    # said as the device starts; the apps that follow a switch do not say it again
    storage = host.DictStorage({"settings.rec": b"\x00" * 30})
    d = restart(storage)
    assert isinstance(d.app.top(), MessageScreen) and d.app.top().title == "Settings"
    d.tap(A)
    assert isinstance(d.app.top(), MenuScreen)
    goto(d, "keeper")
    assert type(d.app.top()).__name__ == "KeeperScreen" and d.apps == 2
    d.app.home()
    assert isinstance(d.top(), MenuScreen) and len(d.app.stack) == 1 and d.apps == 3
