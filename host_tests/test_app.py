# portable
"""firmware/app.py with the host backend: menu navigation reaches every entry
and comes back, a missing mode says "Coming soon" but a mode whose own
import fails is an error (issue 13.5), a screen that raises shows the error
screen and the app goes on, errors that keep coming raise Failing and are
logged, drawing happens only on change; text wrapping; the demo's buttons.
Settings: test_app_settings.py; the last mode and restarts:
test_app_resume.py. Runs on CPython and MicroPython."""

from firmware.app import MessageScreen, Screen
from firmware.crash import ErrorScreen
from firmware.ui.wrap import wrap
from firmware.hal import A, B, DOWN, UP
from firmware.hw import host
from firmware.screens.menu import ENTRIES, MenuScreen
from firmware.screens.demo import DemoScreen
from firmware.screens.settings import SettingsScreen
from apprig import new_app


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
        # the mode's screen (a game's cut for deal may be a page over it)
        assert 2 <= len(d.app.stack) <= 3, ENTRIES[i][0]
        assert not isinstance(d.app.top(), ErrorScreen), d.app.last_error
        top = d.app.stack[1]
        ours = isinstance(top, (SettingsScreen, DemoScreen)) or (
            isinstance(top, MessageScreen) and top.title == "Coming soon"
        )
        if ours:
            d.tap(B)  # these close on B
        else:
            d.app.home()  # a game mode has its own way out (tested with it)
        # the mode's app ended: the next app is at the menu, alone on its stack
        assert len(d.follow().stack) == 1 and isinstance(d.app.top(), MenuScreen)
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
    # firmware/screens/stats.py needs firmware.store.stats: that one missing must
    # not read as "Coming soon" for the statistics screen (issue 13.5)
    from firmware import modes as appmod

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


def test_wrap_breaks_at_spaces_and_long_words():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]
    assert wrap("abcdefghijkl", 5) == ["abcde", "fghij", "kl"]
    assert wrap("a\nb", 5) == ["a", "b"]


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


def test_a_damaged_win_chance_table_is_said_once_at_the_start():
    # engine.winprob: a bad table reads as none; the app names it when it starts
    from engine import winprob

    name = "winprob_app_test.bin"
    f = open(winprob.path(), "rb")
    good = f.read()
    f.close()
    f = open(name, "wb")
    f.write(b"\xff" * len(good))
    f.close()
    keep = winprob.path
    winprob.forget()
    try:
        winprob.path = lambda: name
        d = new_app()
        top = d.app.top()
        assert isinstance(top, MessageScreen) and top.title == "Win chances", top
        assert "damaged" in " ".join(top.lines)
        d.press(A)
        assert isinstance(d.app.top(), MenuScreen)
        again = new_app()  # the same boot: said once
        assert isinstance(again.app.top(), MenuScreen)
        assert winprob.lookup(10, 10, True) is None
    finally:
        winprob.path = keep
        winprob.forget()
        import os

        os.remove(name)
    assert isinstance(new_app().app.top(), MenuScreen)  # a good table: nothing to say
