# portable
"""Power care (firmware/power.py through firmware/app.py) on the headless app
with the host backend and a simulated clock, driven by raw button levels
like a player: the OLED dims after the "Dim after" time and turns off after
"Screen off" with the LED board down to its pegs; the press that wakes it
does nothing else; the score keeper's picture moves by a pixel now and then
and no text is cut; the main loop naps when nothing animates and still
answers a press within a frame. The battery (gauge, "Battery low", the
critical stop): test_power_battery.py. Runs under CPython (pytest) and the
MicroPython unix port."""

from firmware.app import App
from firmware.hal import A, B, UP
from firmware.hw import host
from firmware.keeper.control import NUMBER, SCORE
from firmware.boot import make_pegboard
from powerrig import (
    DIM_CONTRAST,
    DIM_MS,
    FRAME,
    FULL_CONTRAST,
    OFF_MS,
    ORBIT_MS,
    PEGS_LEVEL,
    PICO,
    Rig,
)
from powerrig import px as _px


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
    _VERSION = 1  # firmware.store.settings' record version (a const there)
    from firmware.store.records import RecordStore

    RecordStore(host.DictStorage(files), "settings", b"SETT", _VERSION).save(bytes(6))
    old = Rig(files)
    assert old.app.power.dim_ms == DIM_MS and old.app.power.off_ms == OFF_MS
    assert old.app.settings.problem is None


# ---------------------------------------------------------------- burn-in
def _picture(d):
    return bytes(d.buf)


def test_the_keeper_picture_moves_a_pixel_now_and_then_as_one_block():
    rig = Rig()
    rig.keeper()
    rig.tap(UP, 3)
    rig.run(4200, 100)  # the award's message gives way to the hint first
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
