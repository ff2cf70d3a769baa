# portable
"""The MicroPython backend (firmware/hw/mp.py) against the recording fakes of
host_tests/fakes/mp (its OLED driver: test_ssd1306.py): a button held on a
fake pin is the right bit; the LED buffer reaches the strip; saves write,
rename and remove files; the watchdog starts at the first feed; the app runs
on it and the panel shows its frames; the battery gauge; naps; nothing
allocates per frame on MicroPython. Runs on CPython and the MicroPython unix
port."""

import gc
import os

from mp_rig import STORE as _STORE  # noqa: I001  first: puts the fakes on the path
from mp_rig import fresh as _fresh
from mp_rig import mismatches as _mismatches
from mp_rig import panel_of as _panel

import machine  # the fake, from host_tests/fakes/mp
import mptime
import neopixel

import boards
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw import mp


def test_held_buttons_read_as_the_hal_bitmask():
    hw, board, i2c = _fresh()
    pins = board.BUTTONS
    assert hw.buttons.read() == 0  # pull-ups: nothing pressed
    machine.Pin.levels[pins["a"]] = 0
    machine.Pin.levels[pins["left"]] = 0
    assert hw.buttons.read() == A | LEFT
    machine.Pin.levels[pins["a"]] = 1
    machine.Pin.levels[pins["up"]] = 0
    machine.Pin.levels[pins["down"]] = 0
    machine.Pin.levels[pins["right"]] = 0
    machine.Pin.levels[pins["b"]] = 0
    assert hw.buttons.read() == LEFT | UP | DOWN | RIGHT | B


def test_buttons_are_inputs_with_pull_ups_on_every_board():
    for name in boards.NAMES:
        machine.clear()
        board = boards.load(name)
        buttons = mp.Buttons(machine, board.BUTTONS)
        for pin, bit in buttons._pairs:
            assert pin.mode == machine.Pin.IN and pin.pull == machine.Pin.PULL_UP
            assert board.BUTTONS[_name_of(bit)] == pin.id
        assert len(buttons._pairs) == 6


def _name_of(bit):
    return {UP: "up", DOWN: "down", LEFT: "left", RIGHT: "right", A: "a", B: "b"}[bit]


def test_unknown_button_name_is_a_clear_error():
    machine.clear()
    try:
        mp.Buttons(machine, {"start": 3})
    except ValueError as e:
        assert "start" in str(e)
    else:
        assert False, "expected ValueError"


def test_led_buffer_reaches_the_strip_on_the_board_pin():
    hw, board, i2c = _fresh()
    strip = neopixel.NeoPixel.strips[-1]
    assert strip.pin.id == board.LED_PIN and strip.n == board.N_LEDS == hw.leds.n
    buf = bytearray(hw.leds.n * 3)
    buf[0] = 10  # LED 0 green
    buf[4] = 20  # LED 1 red
    buf[-1] = 30  # last LED blue
    hw.leds.write(buf)
    assert strip.written == [bytes(buf)]
    try:
        hw.leds.write(bytearray(3))
    except ValueError as e:
        assert "bytes" in str(e)
    else:
        assert False, "expected ValueError"
    assert len(strip.written) == 1


def test_app_draws_the_pegboard_into_the_strips_own_buffer():
    # one copy of the 726-byte frame less on the Pico's heap: the app renders
    # into the buffer the strip sends, and write copies nothing
    from firmware import boot

    hw, board, i2c = _fresh()
    strip = neopixel.NeoPixel.strips[-1]
    app = boot.build(board=board, hw=hw)
    assert app.led_buf is strip.buf
    peg = app.pegboard
    peg.set_pegs(0, 9, 5)
    app.tick(20)
    sent = strip.written[-1]
    for hole in (9, 5):  # player A's front and rear pegs reached the strip
        i = peg.led_of_hole(0, hole) * 3
        assert sent[i] or sent[i + 1] or sent[i + 2]
    other = bytearray(len(strip.buf))  # a caller's own buffer is still copied in
    other[0] = 7
    hw.leds.write(other)
    assert strip.written[-1] == bytes(other) and strip.buf is not other


def _clean_store():
    try:
        for name in os.listdir(_STORE):
            os.remove(_STORE + "/" + name)
    except OSError:
        pass


def test_storage_writes_renames_and_removes_files():
    try:
        os.mkdir("build")
    except OSError:
        pass
    _clean_store()
    hw, board, i2c = _fresh()
    st = hw.storage
    assert st.read("game.rec") is None and not st.exists("game.rec")
    st.write("game.rec", b"old")
    st.write("game.tmp", b"new save")
    st.rename("game.tmp", "game.rec")  # replaces the old one
    assert st.read("game.rec") == b"new save"
    assert not st.exists("game.tmp")
    with open(_STORE + "/game.rec", "rb") as f:
        assert f.read() == b"new save"  # a real file in the storage folder
    st.remove("game.rec")
    assert not st.exists("game.rec") and st.read("game.rec") is None
    try:
        st.remove("game.rec")
    except OSError:
        pass
    else:
        assert False, "removing a missing file should raise OSError"
    for bad in ("", "../x", "a/b", ".hidden"):
        try:
            st.write(bad, b"x")
        except ValueError:
            pass
        else:
            assert False, "bad name accepted: %r" % bad
    _clean_store()


def test_watchdog_starts_at_the_first_feed_and_can_be_left_off():
    hw, board, i2c = _fresh()
    assert machine.WDT.made == []  # sitting at the REPL: no watchdog yet
    hw.feed()
    hw.feed()
    assert len(machine.WDT.made) == 1
    wdt = machine.WDT.made[0]
    assert wdt.timeout == mp.WATCHDOG_MS <= 8388 and wdt.feeds == 2
    hw, board, i2c = _fresh(watchdog_ms=0)
    hw.feed()
    assert machine.WDT.made == []


def test_reset_restarts_the_board():
    hw, board, i2c = _fresh()
    try:
        hw.reset()
    except SystemExit:
        pass
    assert machine.log[-1] == ("reset",)


def test_clock_is_the_time_module_and_wraps():
    hw, board, i2c = _fresh()
    t0 = hw.clock.ticks_ms()
    hw.clock.sleep_ms(25)
    assert hw.clock.ticks_diff(hw.clock.ticks_ms(), t0) == 25
    assert hw.clock.ticks_diff(2, (1 << 30) - 3) == 5  # across the wrap


def test_no_board_uses_the_pico_pins():
    hw, board, i2c = _fresh(board_name=None)
    pico = boards.load("pico")
    assert i2c.sda.id == pico.I2C["sda"] and hw.leds.n == pico.N_LEDS
    assert neopixel.NeoPixel.strips[-1].pin.id == pico.LED_PIN


def test_every_board_gets_its_own_bus_and_strip():
    for name in boards.NAMES:
        hw, board, i2c = _fresh(name)
        assert (i2c.id, i2c.sda.id, i2c.scl.id) == (
            board.I2C["id"],
            board.I2C["sda"],
            board.I2C["scl"],
        )
        assert hw.leds.n == board.N_LEDS
        assert neopixel.NeoPixel.strips[-1].pin.id == board.LED_PIN


def test_the_app_runs_on_this_backend_and_the_panel_shows_its_frames():
    from firmware.boot import build

    hw, board, i2c = _fresh()
    app = build(hw=hw, board=board)
    t = 0
    for i in range(30):
        machine.Pin.levels[board.BUTTONS["down"]] = 0 if 10 <= i < 14 else 1
        app.tick(t)
        t += 20
    buf = hw.display.buf
    assert any(buf)  # the app drew something
    truth = lambda x, y: (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
    assert _mismatches(_panel(i2c), truth) == []


def test_the_app_gauge_and_dimming_reach_the_panel_on_this_backend():
    from firmware.boot import build

    hw, board, i2c = _fresh()
    spec = board.BATTERY
    machine.ADC.levels[spec["adc"]] = 65535 * 3900 // (3300 * spec["divider"])
    app = build(hw=hw, board=board)
    app.tick(0)
    assert 49 <= app.power.percent <= 50  # 3.9 V of 3.3-4.5 V
    t = 0
    while t <= 61000:  # a minute untouched: the panel is dimmed
        t += 500
        app.tick(t)
    panel = _panel(i2c)
    assert panel.contrast == 8 and panel.on
    x0 = 128 - 12  # the gauge in the menu's title bar, as the panel shows it
    assert not panel.seen(x0, 1) and panel.seen(x0 - 1, 1)
    machine.ADC.levels.clear()


def test_frames_buttons_and_leds_allocate_nothing_on_micropython():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: there is no heap to measure
    hw, board, i2c = _fresh()
    hw.display.i2c = _NullI2C()  # the recording fake allocates; the driver must not
    buf = bytearray(hw.leds.n * 3)
    strip = neopixel.NeoPixel.strips[-1]
    strip.write = lambda: None
    fb = hw.display.fb
    hw.display.show()
    hw.display.i2c.n = 0
    gc.collect()
    before = gc.mem_alloc()
    for i in range(40):
        fb.pixel(i, 20, 1)  # one page changes each frame
        hw.display.show()
        hw.buttons.read()
        buf[0] = i
        hw.leds.write(buf)
    used = gc.mem_alloc() - before
    assert used == 0, "per-frame allocation: %d bytes" % used
    assert hw.display.i2c.n == 80  # a window and a page each frame


class _NullI2C:
    """A bus that counts writes and keeps nothing (so it allocates nothing)."""

    def __init__(self):
        self.n = 0

    def writeto(self, addr, buf):
        self.n += 1

    def writevto(self, addr, vector):
        self.n += 1


def test_battery_reads_the_board_adc_through_its_divider():
    hw, board, i2c = _fresh("pico")
    spec = board.BATTERY
    machine.ADC.levels[spec["adc"]] = 65535 * 4000 // (3300 * spec["divider"])
    mv = hw.battery_mv()
    assert 3995 <= mv <= 4000, mv  # VSYS 4.0 V through the Pico's 3:1 divider
    machine.ADC.levels[spec["adc"]] = 65535
    assert hw.battery_mv() == 3300 * spec["divider"]
    for name in boards.NAMES:  # "no gauge" boards give None, never an error
        hw, board, i2c = _fresh(name)
        if board.BATTERY is None:
            assert hw.battery_mv() is None
        else:
            assert isinstance(hw.battery_mv(), int)


def test_unusable_battery_data_starts_the_board_without_a_gauge():
    machine.clear()
    board = boards.load("pico")
    spec = board.BATTERY
    try:
        for bad in ({"adc": 29}, {"divider": 3}, {"adc": 29, "divider": "three"}):
            board.BATTERY = bad
            hw = mp.make(board, time_module=mptime, storage_root=_STORE)
            assert hw.battery_mv() is None, bad
    finally:
        board.BATTERY = spec


def test_nap_waits_frame_by_frame_and_ends_at_a_press():
    hw, board, i2c = _fresh("pico")
    t0 = mptime.ticks_ms()
    hw.nap(1000)
    assert mptime.ticks_diff(mptime.ticks_ms(), t0) == 1000
    machine.Pin.levels[board.BUTTONS["b"]] = 0
    t0 = mptime.ticks_ms()
    hw.nap(1000)
    assert mptime.ticks_ms() == t0  # a button already down: back at once


def test_nap_reads_the_gpio_register_where_there_is_one():
    # one SIO GPIO_IN read (all button pins high = nothing pressed)
    hw, board, i2c = _fresh("pico")
    mask = 0
    for g in board.BUTTONS.values():
        mask |= 1 << g

    class Mem32:
        value = 0xFFFFFFFF
        reads = []

        def __getitem__(self, addr):
            Mem32.reads.append(addr)
            return Mem32.value

    hw.buttons._mem32 = Mem32()
    assert not hw.buttons.any() and Mem32.reads == [0xD0000004]
    Mem32.value = 0xFFFFFFFF & ~(1 << board.BUTTONS["a"])
    assert hw.buttons.any()
    t0 = mptime.ticks_ms()
    hw.nap(500)
    assert mptime.ticks_ms() == t0
