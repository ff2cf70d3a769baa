# portable
"""The battery (firmware/power.py through firmware/app.py) on the headless
app with the host backend, a simulated clock and fake readings, driven by
raw button levels like a player: the gauge follows the readings and fits
the status bar beside its text; no gauge without battery data, a usable
reading or room in the title; "Battery low" comes once, and again after a
recharge; the critical level stops the app with everything saved (a
settings change too), says so, and a new app resumes it. Dimming, burn-in
and the main loop: test_power.py. Runs under CPython (pytest) and the
MicroPython unix port."""

import boards
from firmware.app import MessageScreen
from firmware.hal import A, B, UP
from firmware.keeper.screen import KeeperScreen
from powerrig import BATTERY_MS, FRAME, PICO, Rig
from powerrig import px as _px


# ---------------------------------------------------------------- battery
def test_gauge_follows_the_readings_and_fits_the_keeper_status_bar():
    rig = Rig(battery=4500)
    assert rig.app.power.percent == 100
    k = rig.keeper()
    d = rig.hw.display
    # the gauge's outline at the right end of the lit status bar: dark ink
    x0 = 128 - 12
    assert _px(d.buf, x0, 1) == 0 and _px(d.buf, x0 + 9, 7) == 0
    full = sum(1 - _px(d.buf, x, 4) for x in range(x0 + 1, x0 + 9))
    rig.hw.battery = 3300 + 1200 * 30 // 100  # 30 %
    rig.run(BATTERY_MS + 100, 100)
    assert rig.app.power.percent == 30
    rig.app.invalidate()
    rig.run(FRAME)
    part = sum(1 - _px(d.buf, x, 4) for x in range(x0 + 1, x0 + 9))
    assert full == 8 and part == 2, (full, part)
    assert k.gauge


def test_the_keeper_status_text_stays_clear_of_the_gauge():
    rig = Rig(battery=4200)
    k = rig.keeper()
    k.ki.keeper.best_of = 3  # a match: the tally shows at the right of the status bar
    k.refresh()
    places = []
    cv = rig.app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        places.append((s, x, y))
        return plain(s, x, y, c, dim)

    cv.text = record
    try:
        rig.app.invalidate()
        rig.run(FRAME)
    finally:
        cv.text = plain
    bar = [(s, x) for s, x, y in places if y == 1 and len(s)]
    assert any("-" in s for s, x in bar), bar  # the tally was drawn
    for s, x in bar:
        assert x + 6 * len(s) - 1 <= 128 - 12 - 1, (s, x)


def test_a_long_title_keeps_its_last_letters_and_goes_without_the_gauge():
    rig = Rig(battery=4200)
    d = rig.hw.display
    for title, shown in (("Abandon the match?", False), ("Reset statistics?", True)):
        rig.app.push(MessageScreen(title, "text"))
        rig.run(FRAME * 2)
        x0 = 128 - 12
        assert (d.pixel(x0, 1) == 0) == shown, title  # the gauge's outline, dark on the bar
        rig.tap(B)


def test_no_gauge_without_battery_data_or_a_reading():
    for board, battery in ((boards.load("pico_w"), 4000), (PICO, None)):
        rig = Rig(board=board, battery=battery)
        rig.run(BATTERY_MS * 2, 500)
        assert rig.app.power.percent == -1
        assert rig.app.top().gauge
        d = rig.hw.display
        # the menu's title bar stays one lit bar where the gauge would be
        assert all(_px(d.buf, x, 4) for x in range(128 - 12, 128))


def test_a_pin_that_reads_next_to_nothing_is_no_gauge_and_no_alarm():
    # an unwired divider or an emulator reads 0 V: no board runs on that
    for mv in (0, 700, 1400):
        rig = Rig(battery=mv)
        rig.keeper()
        rig.run(5 * BATTERY_MS, 500)
        assert rig.app.power.percent == -1 and not rig.app.power.stopped
        assert isinstance(rig.app.top(), KeeperScreen)


def test_unusable_battery_data_means_no_gauge_and_no_crash():
    class Board:
        pass

    for bad in ({"adc": 29}, {"adc": 29, "divider": 3, "full_mv": "4.5 V", "empty_mv": 3300,
                 "warn_mv": 3600, "critical_mv": 3400},
                {"adc": 29, "divider": 3, "full_mv": 4500, "empty_mv": 3300, "warn_mv": 3400,
                 "critical_mv": 3600}, [1, 2]):  # fmt: skip
        board = Board()
        for name in dir(PICO):
            if name.isupper():
                setattr(board, name, getattr(PICO, name))
        board.BATTERY = bad
        rig = Rig(board=board, battery=3000)
        rig.keeper()
        rig.run(4 * BATTERY_MS, 500)
        assert rig.app.power.percent == -1 and not rig.app.power.stopped, bad
        assert rig.app.errors == 0 and isinstance(rig.app.top(), KeeperScreen)


def test_battery_low_is_said_once_and_again_after_a_recharge():
    rig = Rig(battery=4200)
    rig.keeper()
    rig.hw.battery = 3550
    rig.run(BATTERY_MS + 100, 100)
    top = rig.app.top()
    assert isinstance(top, MessageScreen) and top.title == "Battery low"
    assert "20%" in " ".join(top.lines), top.lines
    rig.tap(A)  # a press made for the keeper as it came: it stays, to be read
    assert rig.app.top() is top
    rig.run(800, 100)
    rig.tap(A)
    assert isinstance(rig.app.top(), KeeperScreen)
    rig.run(3 * BATTERY_MS, 500)
    assert isinstance(rig.app.top(), KeeperScreen)  # not again
    rig.hw.battery = 4000
    rig.run(BATTERY_MS, 500)
    rig.hw.battery = 3500
    rig.run(BATTERY_MS, 500)
    assert rig.app.top().title == "Battery low"


def test_critical_level_saves_stops_says_so_and_resumes_later():
    files = {}
    rig = Rig(files, battery=4000)
    k = rig.keeper()
    rig.tap(UP, 7)
    assert k.ki.keeper.scores == [7, 0]
    rig.app.settings.set("brightness", 5)  # a change still open in a screen...
    rig.hw.battery = 3350
    rig.run(BATTERY_MS * 2 + 100, 100)
    assert not rig.app.power.stopped  # one dip is not enough: three readings in a row
    rig.run(BATTERY_MS, 100)
    assert rig.app.power.stopped
    d = rig.hw.display
    assert d.on
    assert not rig.lit_leds()
    saved = dict(files)
    # nothing is written any more, whatever is pressed
    for bit in (UP, A, B):
        rig.tap(bit)
    rig.run(5 * BATTERY_MS, 500)
    assert files == saved
    # the supply comes back: the board restarts and resumes the keeper
    rig.hw.battery = 4700
    try:
        rig.run(BATTERY_MS + 100, 100)
    except SystemExit:
        pass
    else:
        assert False, "expected a reset"
    again = Rig(files, battery=4700, resume=True)
    top = again.app.top()
    assert isinstance(top, KeeperScreen) and top.ki.keeper.scores == [7, 0]


def test_the_stop_screen_says_the_game_is_saved():
    rig = Rig(battery=3000)
    seen = []
    cv = rig.app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        seen.append(s)
        return plain(s, x, y, c, dim)

    cv.text = record
    try:
        rig.run(3 * BATTERY_MS + 100, 100)
    finally:
        cv.text = plain
    text = " ".join(seen)
    assert rig.app.power.stopped
    assert "Battery empty" in text and "saved" in text, text


def test_a_settings_change_is_saved_by_the_critical_stop():
    files = {}
    rig = Rig(files, battery=4000)
    rig.open("settings")
    rig.tap(UP)  # to the last row (Dim after)...
    rig.tap(A)  # ...and step it: 1 min -> 2 min, not saved until the screen closes
    assert rig.app.settings.dim == 120
    rig.hw.battery = 3000
    rig.run(3 * BATTERY_MS + 100, 100)
    assert rig.app.power.stopped
    again = Rig(files)
    assert again.app.settings.dim == 120
