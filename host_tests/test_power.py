# portable
"""Power care (firmware/power.py through firmware/app.py) on the headless app
with the host backend and a simulated clock, driven by raw button levels
like a player: the OLED dims after the "Dim after" time and turns off after
"Screen off" with the LED board down to its pegs; the press that wakes it
does nothing else; the score keeper's picture moves by a pixel now and then
and no text is cut; the battery gauge follows fake readings, "Battery low"
comes once, the critical level stops the app with everything saved and a
new app resumes it; the main loop naps when nothing animates and still
answers a press within a frame. Runs under CPython (pytest) and the
MicroPython unix port."""

import boards
from firmware.app import App, MessageScreen
from firmware.hal import A, B, UP
from firmware.hw import host
from firmware.keeper_input import NUMBER, SCORE
from firmware.boot import make_pegboard
from firmware.screens import menu
from firmware.screens.keeper import KeeperScreen

FRAME = 20
PICO = boards.load("pico")
# firmware/power.py's values (module-private there, to keep them off the heap)
DIM_MS = 60000
OFF_MS = 300000
FULL_CONTRAST = 0xCF
DIM_CONTRAST = 8
PEGS_LEVEL = 8
ORBIT_MS = 60000
BATTERY_MS = 10000


class Rig:
    """One app on the Pico's board data over ``files`` (kept across restarts)."""

    def __init__(self, files=None, board=PICO, battery=None, resume=False):
        self.files = {} if files is None else files
        self.hw = host.make(board, storage=host.DictStorage(self.files))
        self.hw.battery = battery
        self.app = App(self.hw, board=board, pegboard=make_pegboard(board), resume=resume)
        self.t = 0
        self.app.tick(self.t)

    def run(self, ms, step=FRAME):
        for _ in range(ms // step):
            self.t += step
            self.app.tick(self.t)

    def tap(self, bit, times=1):
        for _ in range(times):
            self.hw.buttons.press(bit)
            self.run(60)
            self.hw.buttons.release(bit)
            self.run(60)

    def open(self, module):
        names = [e[1] for e in menu.ENTRIES]
        cursor = self.app.top().cursor
        from firmware.hal import DOWN

        self.tap(DOWN, (names.index(module) - cursor) % len(names))
        self.tap(A)
        return self.app.top()

    def keeper(self):
        k = self.open("keeper")
        assert isinstance(k, KeeperScreen), k
        return k

    def lit_leds(self):
        leds = self.hw.leds
        return [i for i in range(leds.n) if any(leds.rgb(i))]


# ---------------------------------------------------------------- idle
def test_dim_then_off_then_a_press_wakes_it_and_does_nothing_else():
    rig = Rig()
    k = rig.keeper()
    rig.tap(UP)  # A gets 1
    d = rig.hw.display
    assert k.ki.keeper.scores == [1, 0]
    assert d.on and d.level != DIM_CONTRAST
    rig.run(DIM_MS - 1000, 100)
    assert d.level != DIM_CONTRAST  # not yet
    rig.run(2000, 100)
    assert d.level == DIM_CONTRAST and d.on
    rig.run(OFF_MS - DIM_MS, 100)
    assert not d.on
    peg = rig.app.pegboard
    assert not peg.markers and peg.brightness <= PEGS_LEVEL
    rig.run(200)
    assert rig.lit_leds() == [peg.led(0, 1)]  # A's front peg only (0 has no LED)
    frames = d.frames
    # the waking press, held past a repeat: wakes, adds nothing
    rig.hw.buttons.press(UP)
    rig.run(1500)
    rig.hw.buttons.release(UP)
    rig.run(100)
    assert d.on and d.level == FULL_CONTRAST
    assert peg.markers and peg.brightness == rig.app.settings.led_level()
    assert d.frames > frames  # the screen was drawn again
    assert k.ki.keeper.scores == [1, 0]
    assert len(rig.lit_leds()) > 1  # markers and lines back
    rig.tap(UP)  # the next press counts
    assert k.ki.keeper.scores == [2, 0]


def test_a_press_on_the_dimmed_screen_only_wakes_it():
    rig = Rig()
    k = rig.keeper()
    rig.run(DIM_MS + 100, 100)
    assert rig.hw.display.level == DIM_CONTRAST
    rig.tap(A)  # would start a number entry
    assert k.ki.mode == SCORE and rig.app.top() is k
    assert rig.hw.display.level == FULL_CONTRAST
    rig.tap(A)
    assert k.ki.mode == NUMBER


def test_presses_keep_it_awake_and_the_times_are_settings():
    rig = Rig()
    rig.keeper()
    for _ in range(5):
        rig.run(DIM_MS - 5000, 100)
        rig.tap(UP)
    assert rig.hw.display.level != DIM_CONTRAST
    s = rig.app.settings
    s.set("dim", 30)
    rig.app.apply_settings()
    rig.run(29000, 100)
    assert rig.hw.display.level != DIM_CONTRAST
    rig.run(2000, 100)
    assert rig.hw.display.level == DIM_CONTRAST and rig.hw.display.on
    rig.run(5 * 30000 - 31000 - 1000, 100)
    assert rig.hw.display.on
    rig.run(2000, 100)
    assert not rig.hw.display.on  # five times the dim time
    rig.tap(A)
    s.set("dim", 0)  # never
    rig.app.apply_settings()
    rig.run(OFF_MS * 2, 1000)
    assert rig.hw.display.on and rig.hw.display.level == FULL_CONTRAST


def test_the_dim_and_off_settings_are_stored_and_old_records_still_load():
    files = {}
    rig = Rig(files)
    rig.app.settings.set("dim", 120)
    assert rig.app.settings.save()
    again = Rig(files)
    assert again.app.power.dim_ms == 120000 and again.app.power.off_ms == 600000
    # a record from before these settings (six fields) gives their defaults
    _VERSION = 1  # firmware.settings' record version (a const there)
    from firmware.records import RecordStore

    RecordStore(host.DictStorage(files), "settings", b"SETT", _VERSION).save(bytes(6))
    old = Rig(files)
    assert old.app.power.dim_ms == DIM_MS and old.app.power.off_ms == OFF_MS
    assert old.app.settings.problem is None


# ---------------------------------------------------------------- burn-in
def _picture(d):
    return bytes(d.buf)


def _px(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1


def test_the_keeper_picture_moves_a_pixel_now_and_then_as_one_block():
    rig = Rig()
    rig.keeper()
    rig.tap(UP, 3)
    d = rig.hw.display
    start = _picture(d)
    seen = [start]
    for _ in range(4):
        rig.run(ORBIT_MS, 100)
        seen.append(_picture(d))
    offsets = [(0, 0), (-1, 0), (-1, -1), (0, -1), (0, 0)]
    for pic, (dx, dy) in zip(seen, offsets):
        for y in range(64):
            for x in range(128):
                sx, sy = x - dx, y - dy
                want = _px(start, sx, sy) if sx < 128 and sy < 64 else 0
                assert _px(pic, x, y) == want, (dx, dy, x, y)
    assert len(set(seen)) == 4 and seen[4] == start  # round the square and back


def test_no_keeper_text_sits_where_the_shift_cuts():
    # the shift drops column 0 and row 0: text must never be drawn there,
    # in any of the keeper's modes
    rig = Rig()
    k = rig.keeper()
    places = []
    cv = rig.app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        if len(s):
            places.append((s, x, y))
        return plain(s, x, y, c, dim)

    cv.text = record
    try:
        for script in ((), (UP,), (A,), (A, UP, UP)):
            for bit in script:
                rig.tap(bit)
            rig.app.invalidate()
            rig.run(FRAME)
        rig.tap(B)
    finally:
        cv.text = plain
    assert places
    for s, x, y in places:
        assert x >= 1 and y >= 1 and y + 8 <= 64, (s, x, y)
    assert k.orbit


def test_other_screens_do_not_move():
    rig = Rig()
    d = rig.hw.display
    start = _picture(d)
    rig.run(2 * ORBIT_MS, 200)
    assert _picture(d) == start  # the menu stays put


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


# ---------------------------------------------------------------- the main loop
class Done(SystemExit):
    pass


class EventClock(host.SimClock):
    """Time moves by sleep_ms; ``at`` runs a function once that time is
    reached; the run ends (Done) at ``end``."""

    def __init__(self, end):
        host.SimClock.__init__(self)
        self.end = end
        self.events = []

    def at(self, t, fn):
        self.events.append((t, fn))
        self.events.sort(key=lambda e: e[0])

    def sleep_ms(self, n):
        self.now += n
        while self.events and self.events[0][0] <= self.now:
            self.events.pop(0)[1]()
        if self.now >= self.end:
            raise Done()


def _run_loop(rig, clock):
    ticks = []
    tick = rig.app.tick

    def counted(now=None):
        ticks.append(clock.now)
        return tick(now)

    rig.app.tick = counted
    try:
        rig.app.run()
    except Done:
        pass
    return ticks


def test_idle_loop_naps_and_a_press_is_seen_within_a_frame():
    clock = EventClock(30000)
    files = {}
    hw = host.make(PICO, storage=host.DictStorage(files), clock=clock)
    app = App(hw, board=PICO, pegboard=make_pegboard(PICO))
    app.open("keeper")
    rig = type("R", (), {})()
    rig.app = app
    pressed = []

    def press():
        pressed.append(clock.now)
        hw.buttons.press(UP)

    clock.at(20013, press)
    clock.at(20213, lambda: hw.buttons.release(UP))
    ticks = _run_loop(rig, clock)
    idle = [t for t in ticks if 2000 <= t < 20000]
    assert len(idle) <= 20, len(idle)  # a frame a second at most, not 900
    assert hw.naps > 10
    after = [t for t in ticks if t >= pressed[0]]
    assert after[0] - pressed[0] <= FRAME, (pressed, after[:3])
    assert app.top().ki.keeper.scores == [1, 0]  # and the press counted


def test_no_naps_while_something_animates():
    clock = EventClock(6000)
    hw = host.make(PICO, clock=clock)
    app = App(hw, board=PICO, pegboard=make_pegboard(PICO))
    app.open("demo")  # plays itself: always busy
    rig = type("R", (), {})()
    rig.app = app
    ticks = _run_loop(rig, clock)
    assert hw.naps == 0 and len(ticks) >= 6000 // FRAME - 5
