# portable
"""firmware/app.py with the host backend: menu navigation reaches every entry
and comes back, a screen that raises shows the error screen and the app goes
on, drawing happens only on change, settings survive a restart (in memory and
in a directory). Runs on CPython and MicroPython."""

from firmware.app import App, ListScreen, MessageScreen, Screen
from firmware.crash import ErrorScreen
from firmware.wrap import wrap
from firmware.hal import A, B, DOWN, RIGHT, UP
from firmware.hw import host
from firmware.screens.menu import ENTRIES, MenuScreen
from firmware.screens.demo import DemoScreen
import screentext
from driver import Driver
from firmware.screens.settings import CHOICES, SettingsScreen
from firmware.settings import FIELDS, Settings


def new_app(storage=None, root=None):
    return Driver(App(host.make(storage=storage), root=root))


def screen_text_rows(d):
    """Count of lit pixels per text row band: a cheap picture fingerprint."""
    disp = d.hw.display
    return [sum(disp.pixel(x, y) for x in range(128) for y in range(r, r + 8)) for r in (0, 8)]


def test_starts_on_the_menu_and_draws_once():
    d = new_app()
    assert isinstance(d.app.top(), MenuScreen)
    shown = d.hw.display.frames
    assert shown == 1
    d.tick(50)  # idle: nothing changes, nothing is redrawn
    assert d.hw.display.frames == shown


def test_every_menu_entry_opens_and_returns():
    d = new_app()
    for i in range(len(ENTRIES)):
        assert d.app.top().cursor == i
        d.tap(A)
        assert len(d.app.stack) == 2, ENTRIES[i][0]
        assert not isinstance(d.app.top(), ErrorScreen), d.app.last_error
        top = d.app.top()
        ours = isinstance(top, (SettingsScreen, DemoScreen)) or (
            isinstance(top, MessageScreen) and top.title == "Coming soon"
        )
        if ours:
            d.tap(B)  # these close on B
        else:
            d.app.home()  # a game mode has its own way out (tested with it)
        assert len(d.app.stack) == 1 and isinstance(d.app.top(), MenuScreen)
        d.tap(DOWN)
    assert d.app.top().cursor == 0  # wrapped round
    assert d.app.errors == 0


def test_cursor_wraps_upwards_and_repeats_when_held():
    d = new_app()
    d.tap(UP)
    assert d.app.top().cursor == len(ENTRIES) - 1
    d.tap(DOWN)
    d.tick(30, DOWN)  # held 600 ms: press at 20 ms, repeats at 420 and 540
    d.tick(2, 0)
    assert d.app.top().cursor == 3


def test_missing_mode_says_coming_soon():
    d = new_app()
    d.app.open("no_such_mode")
    d.loaded()
    assert isinstance(d.app.top(), MessageScreen)
    assert d.app.top().title == "Coming soon"


def test_a_mode_whose_own_import_fails_is_an_error_not_coming_soon():
    # firmware/screens/stats.py needs firmware.stats: that one missing must
    # not read as "Coming soon" for the statistics screen (issue 13.5)
    from firmware import app_rare as appmod

    try:
        __import__("firmware.stats_gone")
    except ImportError as e:
        inner = e
    assert not appmod.missing(inner, "firmware.screens.stats")
    assert not appmod.missing(inner, "firmware.screens.stats_gone")
    try:
        __import__("firmware.screens.stats_gone")
    except ImportError as e:
        outer = e
    assert appmod.missing(outer, "firmware.screens.stats_gone")


class Boom(Screen):
    def __init__(self, where):
        self.where = where

    def enter(self):
        if self.where == "enter":
            raise RuntimeError("enter broke")

    def update(self, dt_ms, events):
        if self.where == "update" and events:
            raise ValueError("update broke")
        return False

    def draw(self, cv):
        if self.where == "draw":
            raise KeyError("draw broke")
        cv.text("ok", 0, 0)


def test_exceptions_show_error_screen_and_app_carries_on():
    for where in ("enter", "update", "draw"):
        d = new_app()
        d.app.push(Boom(where))
        d.tick(2)
        if where == "update":
            d.tap(DOWN)
        assert isinstance(d.app.top(), ErrorScreen), where
        assert d.app.errors == 1
        assert "broke" in d.app.last_error
        assert sum(screen_text_rows(d)) > 0  # something legible is shown
        d.tap(B)
        # the error and the failed screen are gone; the menu works on
        assert isinstance(d.app.top(), MenuScreen), where
        d.tap(DOWN)
        assert d.app.top().cursor == 1


def test_failing_root_is_kept_after_error():
    d = new_app(root=Boom("update"))
    d.tap(A)
    assert isinstance(d.app.top(), ErrorScreen)
    d.tap(A)
    assert isinstance(d.app.top(), Boom)
    assert len(d.app.stack) == 1


def goto_settings(d):
    for i in range(len(ENTRIES)):
        if ENTRIES[i][1] == "settings":
            break
    for _ in range(i):
        d.tap(DOWN)
    d.tap(A)
    assert isinstance(d.app.top(), ListScreen) and d.app.top().title == "Settings"


def test_settings_change_and_persist_across_restart():
    storage = host.DictStorage()
    d = new_app(storage)
    goto_settings(d)
    d.tap(RIGHT)  # difficulty medium -> hard
    d.tap(DOWN)
    d.tap(RIGHT)  # target 121 -> 61
    d.tap(DOWN)
    d.tap(A)  # match 1 -> 3
    assert d.app.settings.difficulty == "hard"
    d.tap(B)  # leaving saves
    assert storage.exists("settings.rec")
    d2 = new_app(storage)  # a restart over the same storage
    s = d2.app.settings
    assert (s.difficulty, s.target, s.match) == ("hard", 61, 3)
    assert (s.muggins, s.open_hands, s.brightness) == (False, False, 3)


def test_settings_in_a_directory_survive_a_new_backend():
    path = "/tmp/cribbage_test_settings"  # cleared below, so reruns start clean
    st = host.DirStorage(path)
    for name in ("settings.rec", "settings.tmp", "settings.bad", "settings.old"):
        if st.exists(name):
            st.remove(name)
    s = Settings(st)
    s.load()
    s.set("open_hands", True)
    s.set("brightness", 5)
    assert s.save()
    s2 = Settings(host.DirStorage(path))
    s2.load()
    assert s2.open_hands is True and s2.brightness == 5 and s2.led_level() == 255


def test_the_screen_has_a_label_for_every_choice_of_the_record():
    # the record (firmware/settings.py) holds the values, the screen their labels
    assert len(CHOICES) == len(FIELDS)
    for i in range(len(FIELDS)):
        assert len(CHOICES[i]) == len(FIELDS[i][2]), FIELDS[i][0]
    s = Settings(None)
    s.set("target", 61)
    s.step(1, 1)  # the game: 6-card 61 -> 5-card 61
    assert s.label(1) == "5-card 61" and s.variant == "five" and s.target == 61
    assert SettingsScreen(s).value(1) == "5-card 61"


def test_a_settings_record_with_a_choice_no_field_has_is_refused():
    # a record sound in itself whose difficulty is choice 9 (there are 4): the
    # defaults, a problem naming the field, and the reader is not kept loaded
    import sys

    from firmware.records import RecordStore

    _VERSION = 1  # firmware.settings' record version (a const there)

    st = host.DictStorage()
    RecordStore(st, "settings", b"SETT", _VERSION).save(bytes([9, 1]))
    s = Settings(st)
    s.load()
    assert s.problem and "Difficulty has no choice 9" in s.problem, s.problem
    assert s.difficulty == "medium" and s.target == 121
    assert "firmware.settings_io" not in sys.modules
    s.set("target", 61)
    assert s.save() and "firmware.settings_io" not in sys.modules
    s2 = Settings(st)
    s2.load()
    assert s2.problem is None and s2.target == 61


def test_damaged_settings_give_defaults_without_crashing():
    storage = host.DictStorage({"settings.rec": b"\x00garbage\xff" * 3})
    d = new_app(storage)
    s = d.app.settings
    for i in range(len(FIELDS)):
        assert getattr(s, FIELDS[i][0]) == FIELDS[i][2][FIELDS[i][3]]
    assert s.problem
    assert d.app.errors == 0


def test_wrap_breaks_at_spaces_and_long_words():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]
    assert wrap("a\nb", 5) == ["a", "b"]


# ---- the last mode, restarts and repeated failures (issue 7)


def drawn_text(d):
    """Every string the next full redraw puts on the screen, joined by spaces."""
    return screentext.drawn_text(d.app, lambda: d.tick(1))


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
    from firmware.screens.keeper import KeeperScreen

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


def test_settings_problem_is_shown_on_screen():
    storage = host.DictStorage({"settings.rec": b"\x00garbage\xff" * 3})
    d = new_app(storage)
    text = drawn_text(d)
    assert "settings.rec" in text and "not a SETT record" in text, text
    d.tap(B)
    assert isinstance(d.app.top(), MenuScreen)


def test_errors_that_keep_coming_raise_failing_and_are_logged():
    from firmware import crashlog
    from firmware.crash import FAIL_LIMIT, FAIL_WINDOW_MS, Failing

    storage = host.DictStorage()
    d = new_app(storage)
    d.app.push(Boom("update"))
    for i in range(FAIL_LIMIT - 1):
        d.tap(DOWN)  # fails; B closes the error and the failed screen
        assert isinstance(d.app.top(), ErrorScreen)
        d.tap(B)
        d.app.push(Boom("update"))
    assert crashlog.count(storage) == FAIL_LIMIT - 1
    assert b"ValueError: update broke" in crashlog.read(storage)
    failed = False
    try:
        d.tap(DOWN)
    except Failing as e:
        failed = True
        assert "update broke" in str(e)
    assert failed
    # the same number of errors spread wider than the window is only shown
    d = new_app(host.DictStorage())
    for i in range(FAIL_LIMIT + 1):
        d.app.push(Boom("update"))
        d.tap(DOWN)
        d.tap(B)
        d.tick(FAIL_WINDOW_MS // 20 // (FAIL_LIMIT - 1) + 1)
    assert d.app.errors == FAIL_LIMIT + 1 and d.app.failing is None


class ReadOnly(host.DictStorage):
    """Storage that reads but cannot write (full, or mounted read-only)."""

    def write(self, name, data):
        raise OSError(30, "read-only storage")


def test_a_settings_change_that_cannot_be_saved_is_said_on_screen():
    # issue 11.3: SettingsScreen.leave ignored the result of save()
    d = new_app(ReadOnly())
    goto_settings(d)
    d.tap(RIGHT)  # difficulty medium -> hard
    d.tap(B)  # leaving saves, and the save fails
    text = drawn_text(d)
    assert "not saved" in text and "read-only" in text, text
    assert d.app.settings.difficulty == "hard"  # the change holds until switched off
    d.tap(A)
    assert isinstance(d.app.top(), MenuScreen) and d.app.errors == 0


def test_the_demo_steps_on_every_button_but_b():
    import sys

    if sys.implementation.name != "cpython":
        return  # the demo's _STEP is a const(): no global on MicroPython
    from firmware import hal
    from firmware.screens import demo

    assert demo._STEP == hal.A | hal.UP | hal.DOWN | hal.LEFT | hal.RIGHT
    assert not demo._STEP & hal.B  # B goes back to the menu
