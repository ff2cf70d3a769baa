# portable
"""The MicroPython backend (firmware/hw/mp.py) and our SSD1306 driver run
against the recording fakes of host_tests/fakes/mp: the I2C bytes of a frame
are decoded by an independent panel model (host_tests/ssd1306_model.py) back
into the picture that was drawn; only changed pages are sent; I2C failures
never raise; a button held on a fake pin is the right bit; the LED buffer
reaches the strip; saves write, rename and remove files; the watchdog starts
at the first feed; nothing allocates per frame on MicroPython. Runs on CPython
and the MicroPython unix port."""

import gc
import os
import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "host_tests"
_FAKES = _HERE + "/fakes/mp"
if _FAKES not in sys.path:
    sys.path.insert(0, _FAKES)

import machine  # noqa: E402  the fake, from host_tests/fakes/mp
import mptime  # noqa: E402
import neopixel  # noqa: E402

import boards  # noqa: E402
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402
from firmware.hw import mp  # noqa: E402
from ssd1306_model import Panel  # noqa: E402

_STORE = "build/test_hw_mp_store"


def _fresh(board_name="pico", **kw):
    machine.clear()
    del neopixel.NeoPixel.strips[:]
    board = boards.load(board_name) if board_name else None
    kw.setdefault("storage_root", _STORE)
    hw = mp.make(board, time_module=mptime, **kw)
    return hw, board, machine.I2C.buses[-1]


def _panel(i2c, address=0x3C):
    panel = Panel()
    panel.feed_all(i2c.writes, address)
    return panel


def _mismatches(panel, truth):
    """Pixels where what the panel shows differs from truth(x, y)."""
    bad = []
    for y in range(64):
        for x in range(128):
            if panel.seen(x, y) != truth(x, y):
                bad.append((x, y))
    return bad


def test_power_up_sequence_sets_the_panel_up_for_a_128x64_module():
    hw, board, i2c = _fresh()
    assert i2c.id == board.I2C["id"] and i2c.freq == board.I2C["freq"]
    assert i2c.sda.id == board.I2C["sda"] and i2c.scl.id == board.I2C["scl"]
    hw.display.show()
    panel = _panel(i2c, board.OLED["address"])
    assert panel.on and panel.charge_pump
    assert panel.mux == 63 and panel.com_pins == 0x12
    assert panel.seg_remap and panel.com_remap  # upright on the usual module
    assert panel.offset == 0 and panel.start_line == 0
    assert not panel.inverted and not panel.all_on and not panel.scrolling
    assert panel.mode == 0  # horizontal addressing
    # the first show sends the whole (blank) frame: panel RAM was unknown
    assert panel.data_bytes == 1024 and panel.ram == bytearray(1024)


def test_a_drawn_frame_decodes_back_into_the_same_picture():
    hw, board, i2c = _fresh()
    fb = hw.display.fb
    fb.fill(0)
    fb.fill_rect(10, 20, 30, 5, 1)  # x 10..39, y 20..24
    fb.hline(0, 63, 128, 1)  # bottom row
    fb.pixel(127, 0, 1)
    fb.vline(64, 0, 7, 1)  # x 64, y 0..6
    hw.display.show()

    def truth(x, y):
        if 10 <= x < 40 and 20 <= y < 25:
            return 1
        if y == 63 or (x == 127 and y == 0) or (x == 64 and y < 7):
            return 1
        return 0

    assert _mismatches(_panel(i2c), truth) == []


def _parts():
    # True where the driver sends a page's changed quarters (viper's digest),
    # False where it sends changed pages whole (a shadow copy: no viper)
    from firmware.hw import ssd1306

    return ssd1306._digest is not None


def test_a_cursor_move_sends_only_what_changed_of_its_page():
    hw, board, i2c = _fresh()
    fb = hw.display.fb
    fb.fill_rect(0, 0, 128, 8, 1)  # page 0 lit
    fb.fill_rect(20, 16, 8, 8, 1)  # cursor in page 2
    hw.display.show()
    before = len(i2c.writes)
    hw.display.show()  # nothing changed
    assert len(i2c.writes) == before
    fb.fill_rect(20, 16, 8, 8, 0)  # cursor moves right, same page
    fb.fill_rect(28, 16, 8, 8, 1)
    hw.display.show()
    sent = i2c.writes[before:]
    assert len(sent) == 2  # one window command, one data write
    step = Panel()
    step.feed(sent[0][1])
    if _parts():  # columns 20..35 changed: the quarters 0..31 and 32..63
        assert step.commands == [(0x21, 0, 63), (0x22, 2, 2)]
        assert len(sent[1][1]) == 1 + 64 and sent[1][1][0] == 0x40
    else:
        assert step.commands == [(0x21, 0, 127), (0x22, 2, 2)]
        assert len(sent[1][1]) == 1 + 128 and sent[1][1][0] == 0x40
    truth = lambda x, y: 1 if y < 8 or (28 <= x < 36 and 16 <= y < 24) else 0
    assert _mismatches(_panel(i2c), truth) == []


def test_a_list_pointers_move_sends_a_quarter_of_each_page_it_touches():
    # the pointer of firmware/screen.py's lists (columns 0..4, rows 10..27):
    # 3 pages of 32 bytes instead of 3 of 128 (the I2C time at 400 kHz)
    hw, board, i2c = _fresh()
    fb = hw.display.fb
    fb.fill_rect(7, 11, 100, 7, 1)  # some text on the rows
    fb.fill_rect(0, 10, 5, 9, 1)
    hw.display.show()
    before = len(i2c.writes)
    fb.fill_rect(0, 10, 5, 9, 0)
    fb.fill_rect(0, 19, 5, 9, 1)
    hw.display.show()
    sent = i2c.writes[before:]
    data = sum(len(d) - 1 for a, d in sent if d[0] == 0x40)
    assert data == (3 * 32 if _parts() else 3 * 128)
    truth = lambda x, y: 1 if (7 <= x < 107 and 11 <= y < 18) or (x < 5 and 19 <= y < 28) else 0
    assert _mismatches(_panel(i2c), truth) == []


def test_two_changed_pages_cost_two_writes_each_and_a_full_change_one_frame():
    hw, board, i2c = _fresh()
    hw.display.show()
    start = len(i2c.writes)
    hw.display.fb.pixel(0, 0, 1)
    hw.display.fb.pixel(5, 63, 1)
    hw.display.show()
    sent = i2c.writes[start:]
    page = 32 if _parts() else 128
    assert [len(d) for a, d in sent] == [7, 1 + page, 7, 1 + page]
    start = len(i2c.writes)
    hw.display.fb.fill(1)
    hw.display.show()
    sent = i2c.writes[start:]
    assert [len(d) for a, d in sent] == [7, 1025]
    assert _mismatches(_panel(i2c), lambda x, y: 1) == []
    # many small changes over every page: the whole frame, where it costs less
    hw.display.show()
    start = len(i2c.writes)
    for x in range(0, 128, 16):
        hw.display.fb.vline(x, 0, 64, 0)
    hw.display.show()
    sent = i2c.writes[start:]
    assert [len(d) for a, d in sent] == [7, 1025]


def test_after_an_i2c_error_the_whole_frame_goes_again():
    hw, board, i2c = _fresh()
    hw.display.show()
    hw.display.fb.fill_rect(0, 16, 4, 4, 1)
    hw.display.show()  # a quarter of page 2 (in a window of columns 0..31 with quarters)
    machine.I2C.absent = (0x3C,)  # a loose wire: the next show fails
    try:
        hw.display.fb.pixel(100, 40, 1)
        hw.display.show()
        assert hw.display.errors == 1
    finally:
        machine.I2C.absent = ()
    start = len(i2c.writes)
    hw.display.show()  # powered up again, then everything
    sent = [d for a, d in i2c.writes[start:]]
    assert len(sent[-1]) == 1025  # the whole frame, in the full window
    step = Panel()
    step.feed(sent[-2])
    assert step.commands == [(0x21, 0, 127), (0x22, 0, 7)]
    truth = lambda x, y: 1 if (x < 4 and 16 <= y < 20) or (x, y) == (100, 40) else 0
    assert _mismatches(_panel(i2c), truth) == []


def test_without_viper_a_shadow_copy_finds_the_same_pages():
    # CircuitPython's direct path has no firmware.fast: the driver keeps a
    # copy of each page as sent instead of its digests, and sends changed
    # pages whole
    from firmware.hw import ssd1306

    kept = ssd1306._digest  # None already on a port without viper (this unix port)
    ssd1306._digest = None
    try:
        test_a_cursor_move_sends_only_what_changed_of_its_page()
        test_a_list_pointers_move_sends_a_quarter_of_each_page_it_touches()
        test_two_changed_pages_cost_two_writes_each_and_a_full_change_one_frame()
        hw, board, i2c = _fresh()
        assert len(hw.display._shadow) == 8 and len(hw.display._shadow[0]) == 128
    finally:
        ssd1306._digest = kept


def test_a_page_digest_tells_changes_next_to_each_other_apart():
    # two neighbouring columns of a page changed (a glyph's edge moving) must
    # never hash as the quarter did: every pair of byte changes at one place
    try:
        from array import array

        from firmware.fast import digest
    except SyntaxError:  # a MicroPython port without viper: the driver keeps its copy
        return

    page = bytearray(128)
    for i in range(128):
        page[i] = (i * 37) & 255
    sums = array("I", bytes(16))
    assert digest(page, 0, 128, sums, 0) == 4  # every quarter new: 0..3
    assert digest(page, 0, 128, sums, 0) == 0
    for a in range(256):
        for b in range(0, 256, 3):
            page[60] ^= a
            page[61] ^= b
            if a or b:
                assert digest(page, 0, 128, sums, 0) == (1 << 4) | 2  # quarter 1 (32..63)
                assert 0 <= sums[1] < 1 << 30
            page[60] ^= a
            page[61] ^= b
            if a or b:
                assert digest(page, 0, 128, sums, 0) == (1 << 4) | 2  # back as it was
    page[0] ^= 1
    page[127] ^= 1
    assert digest(page, 0, 128, sums, 0) == 4  # quarters 0 and 3: the stretch 0..3


def test_missing_oled_never_raises_and_is_set_up_when_it_answers():
    machine.clear()
    machine.I2C.absent = (0x3C,)
    del neopixel.NeoPixel.strips[:]
    hw = mp.make(boards.load("pico"), time_module=mptime, storage_root=_STORE)
    i2c = machine.I2C.buses[-1]
    assert hw.display.errors >= 1
    hw.display.fb.fill_rect(0, 0, 4, 4, 1)
    hw.display.show()  # still absent: no exception
    hw.display.contrast(50)
    hw.display.power(True)
    assert i2c.writes == []
    machine.I2C.absent = ()
    hw.display.show()
    panel = _panel(i2c)
    assert panel.on and panel.contrast == 50
    assert _mismatches(panel, lambda x, y: 1 if x < 4 and y < 4 else 0) == []


def test_an_i2c_error_mid_game_resends_everything_after_power_up():
    hw, board, i2c = _fresh()
    hw.display.fb.fill_rect(0, 40, 128, 8, 1)
    hw.display.show()
    machine.I2C.absent = (0x3C,)
    hw.display.fb.pixel(3, 3, 1)
    hw.display.show()
    machine.I2C.absent = ()
    start = len(i2c.writes)
    hw.display.show()
    again = Panel()
    again.feed_all(i2c.writes[start:])
    assert again.count(0xAF) == 1 and again.charge_pump  # power-up ran again
    assert again.data_bytes == 1024  # the panel may have lost its RAM
    truth = lambda x, y: 1 if 40 <= y < 48 or (x, y) == (3, 3) else 0
    assert _mismatches(_panel(i2c), truth) == []


def test_contrast_and_power_reach_the_panel():
    hw, board, i2c = _fresh()
    hw.display.contrast(17)
    hw.display.power(False)
    panel = _panel(i2c)
    assert panel.contrast == 17 and not panel.on
    hw.display.contrast(999)  # clamped, not an error
    hw.display.power(True)
    panel = _panel(i2c)
    assert panel.contrast == 255 and panel.on


def test_rotated_module_shows_the_picture_turned_half_way():
    machine.clear()
    from firmware.hw.ssd1306 import SSD1306

    i2c = machine.I2C(0)
    display = SSD1306(i2c, rotate=180)
    display.fb.fill_rect(0, 0, 10, 3, 1)
    display.show()
    panel = _panel(i2c)
    assert not panel.seg_remap and not panel.com_remap
    # a module mounted upside down: the glass shows screen (x, y) at (127-x, 63-y)
    truth = lambda x, y: 1 if x >= 118 and y >= 61 else 0
    assert _mismatches(panel, truth) == []


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


def test_a_panel_turned_off_stays_off_through_an_i2c_error():
    hw, board, i2c = _fresh()
    hw.display.contrast(8)
    hw.display.power(False)
    machine.I2C.absent = (0x3C,)
    hw.display.fb.fill(1)
    hw.display.show()  # fails: the driver will power up again
    machine.I2C.absent = ()
    hw.display.show()
    panel = _panel(i2c)
    assert not panel.on and panel.contrast == 8
