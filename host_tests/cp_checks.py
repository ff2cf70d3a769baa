"""Checks of the CircuitPython backend (firmware/hw/cp.py), run by
host_tests/test_hw_cp.py inside .venv-cp (Adafruit Blinka's displayio and the
real adafruit_displayio_ssd1306), with host_tests/fakes/cp first on sys.path
for the modules Blinka cannot give on a PC: busio (a recording I2C bus),
microcontroller, keypad, neopixel_write, supervisor, watchdog, storage.

The panel's bytes go through the independent model host_tests/ssd1306_model.py
(displayio uses vertical addressing, our MicroPython driver horizontal: the
model does both). Prints one line per failure and ends with
'N passed, N failed'; exit status 1 when anything failed.

    .venv-cp/bin/python host_tests/cp_checks.py
"""

import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(HERE, "fakes", "cp"), ROOT, HERE]

import busio  # noqa: E402  the fakes
import keypad  # noqa: E402
import microcontroller  # noqa: E402
import neopixel_write  # noqa: E402
import supervisor  # noqa: E402

import boards  # noqa: E402
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402
from firmware.hw import cp, cp_make  # noqa: E402
from ssd1306_model import Panel  # noqa: E402

STORE = tempfile.mkdtemp(prefix="cp_checks_")


def fresh(name="pico", **kw):
    microcontroller.clear()
    busio.I2C.buses.clear()
    busio.I2C.absent = ()
    keypad.Keys.made.clear()
    neopixel_write.written.clear()
    board = boards.load(name) if name else None
    kw.setdefault("storage_root", STORE)
    hw = cp.make(board, **kw)
    return hw, board, busio.I2C.buses[-1]


def panel_of(i2c, address=0x3C):
    panel = Panel()
    panel.feed_all(i2c.writes, address)
    return panel


def mismatches(panel, truth):
    return [(x, y) for y in range(64) for x in range(128) if panel.seen(x, y) != truth(x, y)]


def check_bus_and_power_up_follow_the_board():
    hw, board, i2c = fresh()
    assert (i2c.scl.n, i2c.sda.n) == (board.I2C["scl"], board.I2C["sda"])
    assert i2c.frequency == board.I2C["freq"]
    panel = panel_of(i2c, board.OLED["address"])
    assert panel.on and panel.charge_pump and panel.mux == 63
    assert panel.seg_remap and panel.com_remap and panel.com_pins == 0x12


def check_a_drawn_frame_reaches_the_panel():
    for display in ("direct", "displayio"):
        hw, board, i2c = fresh(display=display)
        fb = hw.display.fb
        fb.fill_rect(10, 20, 30, 5, 1)
        fb.hline(0, 63, 128, 1)
        fb.pixel(127, 0, 1)
        hw.display.show()

        def truth(x, y):
            return 1 if (10 <= x < 40 and 20 <= y < 25) or y == 63 or (x, y) == (127, 0) else 0

        if display == "displayio":  # changed columns x 8 per page: 30x2 + 128 + 1 + ...
            assert hw.display.refreshes == 4  # pages 0, 2, 3, 7
        assert mismatches(panel_of(i2c), truth) == [], display


def check_the_default_display_is_displayio_and_direct_is_opt_in():
    from firmware.hw import cp_displayio, cp_fb, ssd1306

    hw, board, i2c = fresh()
    assert isinstance(hw.display, cp_displayio.Display)  # the owner's choice
    assert isinstance(hw.display.fb, cp_fb.FrameBuffer)
    hw, board, i2c = fresh(display="direct")
    assert isinstance(hw.display, ssd1306.SSD1306)  # the MicroPython driver
    assert isinstance(hw.display.fb, cp_fb.FrameBuffer)


def check_board_data_and_board_txt_choose_the_display():
    from firmware.hw import cp_displayio

    board = boards.load("pico")
    assert cp_make.display_choice(board, "/nonexistent/board.txt") == "displayio"
    board.CP_DISPLAY = "direct"
    try:
        assert cp_make.display_choice(board, "/nonexistent/board.txt") == "direct"
    finally:
        del board.CP_DISPLAY
    path = os.path.join(STORE, "board.txt")
    for text, want in (
        ("pico\ndisplay=direct\n", "direct"),
        ("pico\ndisplay=displayio\n", "displayio"),
        ("pico\ndisplay=bogus\n", "displayio"),  # reported, the default used
        ("pico\n", "displayio"),
    ):
        with open(path, "w") as f:
            f.write(text)
        assert cp_make.display_choice(board, path) == want, text
    from firmware import boot

    assert boot.board_name(path) == "pico"  # the first line only
    hw, board, i2c = fresh(display="displayio")
    assert isinstance(hw.display, cp_displayio.Display)


def check_random_frames_reach_the_panel_through_displayio():
    # the panel shows the app's frame, pixel for pixel, after each of a run
    # of random changes (small, wide, across pages, full screen)
    import random

    rnd = random.Random(18)
    hw, board, i2c = fresh(display="displayio")
    disp = hw.display
    fb = disp.fb
    for step in range(12):
        for _ in range(rnd.randrange(1, 6)):
            x, y = rnd.randrange(-5, 128), rnd.randrange(-5, 64)
            fb.fill_rect(x, y, rnd.randrange(1, 60), rnd.randrange(1, 30), rnd.randrange(2))
        if step == 5:
            fb.fill(1)
        disp.show()
        truth = lambda x, y: fb.pixel(x, y)  # noqa: E731
        assert mismatches(panel_of(i2c), truth) == [], step
        before = len(i2c.writes)
        disp.show()  # nothing changed: nothing sent
        assert len(i2c.writes) == before and disp.refreshes == 0


def check_only_changed_pixels_are_written_and_nothing_sent_without_change():
    for display in ("direct", "displayio"):
        hw, board, i2c = fresh(display=display)
        fb = hw.display.fb
        fb.fill_rect(0, 0, 128, 8, 1)
        fb.fill_rect(20, 16, 8, 8, 1)
        hw.display.show()
        before = len(i2c.writes)
        hw.display.show()
        assert len(i2c.writes) == before
        fb.fill_rect(20, 16, 8, 8, 0)  # the cursor moves 4 px right
        fb.fill_rect(24, 16, 8, 8, 1)
        hw.display.show()
        sent = i2c.writes[before:]
        data = sum(len(d) - 1 for a, d in sent if d[0] == 0x40)
        print("  cursor move, %s: %d transactions, %d display bytes" % (display, len(sent), data))
        if display == "displayio":  # columns 20-23 and 28-31 of page 2: 4 unchanged between
            assert hw.display.pixels_written == 8 * 8
            assert hw.display.refreshes == 2
        else:
            assert data == 128 and len(sent) == 2  # page 2 only: its window, its bytes
        truth = lambda x, y: 1 if y < 8 or (24 <= x < 32 and 16 <= y < 24) else 0  # noqa: E731
        assert mismatches(panel_of(i2c), truth) == [], display


def check_displayio_refreshes_runs_split_only_at_wide_gaps():
    # a page's changes are one refresh unless 4 or more unchanged columns lie
    # between them; pages are refreshed on their own
    hw, board, i2c = fresh(display="displayio")
    disp = hw.display
    fb = disp.fb
    for cols, refreshes, area in (
        ((5, 9), 1, 5),  # 3 unchanged between: one run over columns 5-9
        ((30, 35), 2, 2),  # 4 unchanged: two single columns
        ((0, 64, 127), 3, 3),  # far apart: one column each
        ((40, 41, 42, 90), 2, 4),
    ):
        for x in cols:
            fb.pixel(x, 44, 1 - fb.pixel(x, 44))
        disp.show()
        assert (disp.refreshes, disp.pixels_written) == (refreshes, area * 8), cols
        truth = lambda x, y: fb.pixel(x, y)  # noqa: E731
        assert mismatches(panel_of(i2c), truth) == [], cols
    fb.pixel(3, 0, 1)  # two pages: one refresh each
    fb.pixel(3, 63, 1)
    disp.show()
    assert (disp.refreshes, disp.pixels_written) == (2, 16)


def check_contrast_and_power():
    hw, board, i2c = fresh()
    hw.display.contrast(0)
    panel = panel_of(i2c)
    assert panel.contrast == 0
    hw.display.contrast(255)
    hw.display.power(False)
    panel = panel_of(i2c)
    assert panel.contrast == 255 and not panel.on
    hw.display.power(True)
    assert panel_of(i2c).on


def check_missing_oled_runs_without_a_screen():
    microcontroller.clear()
    busio.I2C.absent = (0x3C,)
    busio.I2C.buses.clear()
    hw = cp.make(boards.load("pico"), storage_root=STORE)
    busio.I2C.absent = ()
    assert isinstance(hw.display, cp_make.NoDisplay)
    hw.display.fb.fill(1)
    hw.display.show()
    hw.display.contrast(3)


def check_buttons_follow_keypad_events():
    hw, board, i2c = fresh()
    keys = keypad.Keys.made[-1]
    assert keys.value_when_pressed is False and keys.pull is True
    names = list(board.BUTTONS)
    assert [p.n for p in keys.pins] == [board.BUTTONS[n] for n in names]
    index = {n: i for i, n in enumerate(names)}
    assert hw.buttons.read() == 0
    keys.press(index["a"])
    keys.press(index["left"])
    assert hw.buttons.read() == A | LEFT
    keys.release(index["a"])
    assert hw.buttons.read() == LEFT
    keys.press(index["up"])
    keys.press(index["down"])
    keys.press(index["right"])
    keys.press(index["b"])
    assert hw.buttons.read() == LEFT | UP | DOWN | RIGHT | B


def check_buttons_recover_from_an_event_overflow():
    hw, board, i2c = fresh()
    keys = keypad.Keys.made[-1]
    names = list(board.BUTTONS)
    a = names.index("a")
    b = names.index("b")
    for _ in range(100):  # mashing while the app was busy: the queue overflows
        keys.press(a)
        keys.release(a)
    keys.press(b)
    keys.events.overflowed = True
    assert hw.buttons.read() == B  # held keys are reported again after the reset
    keys.release(b)
    assert hw.buttons.read() == 0


def check_leds_are_sent_as_given():
    hw, board, i2c = fresh()
    buf = bytearray(hw.leds.n * 3)
    buf[0] = 9
    buf[-1] = 200
    hw.leds.write(buf)
    assert neopixel_write.written == [(board.LED_PIN, bytes(buf))]
    try:
        hw.leds.write(bytearray(6))
    except ValueError as e:
        assert "bytes" in str(e)
    else:
        raise AssertionError("short LED buffer accepted")


def check_file_storage_when_the_drive_is_writable():
    hw, board, i2c = fresh()
    st = hw.storage
    assert isinstance(st, cp_make.FileStorage)
    st.write("s.tmp", b"abc")
    st.rename("s.tmp", "s.rec")
    assert st.read("s.rec") == b"abc" and not st.exists("s.tmp")
    st.remove("s.rec")
    assert st.read("s.rec") is None


class ReadOnlyOs:
    """An ``os`` whose drive refuses writes (as when boot.py left it to the PC)."""

    def mkdir(self, path):
        raise OSError(30, "Read-only filesystem")


def check_saves_stay_in_ram_when_the_drive_is_read_only():
    import builtins

    microcontroller.clear()
    real_open = builtins.open

    def refusing_open(path, mode="r", *a, **k):
        if "w" in mode and str(path).startswith("/ro"):
            raise OSError(30, "Read-only filesystem")
        return real_open(path, mode, *a, **k)

    builtins.open = refusing_open
    try:
        st = cp_make.make_storage(ReadOnlyOs(), "/ro")
    finally:
        builtins.open = real_open
    assert isinstance(st, cp_make.MemoryStorage) and "nothing is saved" in st.problem
    st.write("game.tmp", b"\x01\x02" * 100)
    st.rename("game.tmp", "game.rec")
    assert st.read("game.rec") == b"\x01\x02" * 100 and not st.exists("game.tmp")
    assert st.size("game.rec") == 200 and st.size("x") is None
    for bad in (lambda: st.remove("x"), lambda: st.rename("x", "y")):
        try:
            bad()
        except OSError:
            continue
        raise AssertionError("a missing file was accepted")
    assert bytes(microcontroller.nvm) == bytes(len(microcontroller.nvm))  # nvm untouched


def check_the_app_says_saves_are_off_and_still_saves_a_game_in_ram():
    from firmware.boot import build
    from firmware.store.records import RecordStore

    hw, board, i2c = fresh()
    hw.storage = cp_make.MemoryStorage()
    app = build(hw=hw, board=board)
    top = app.top()
    assert top.title == "Saves off" and "B was held" in " ".join(top.lines)
    rec = RecordStore(hw.storage, "game", b"GAME", 1)
    rec.load()
    rec.save(b"first")
    rec.save(b"second")
    payload, version, problem = RecordStore(hw.storage, "game", b"GAME", 1).load()
    assert payload == b"second" and problem is None


def check_watchdog_starts_at_first_feed():
    hw, board, i2c = fresh()
    wd = microcontroller.watchdog
    assert wd.mode is None
    hw.feed()
    hw.feed()
    assert wd.mode == "reset" and wd.timeout == cp.WATCHDOG_S and wd.feeds == 2
    hw, board, i2c = fresh(watchdog_s=0)
    hw.feed()
    assert microcontroller.watchdog.mode is None


def check_reset_and_clock():
    hw, board, i2c = fresh()
    try:
        hw.reset()
    except SystemExit:
        pass
    assert microcontroller.log == ["reset"]
    supervisor.now[0] = (1 << 29) - 5
    t0 = hw.clock.ticks_ms()
    supervisor.now[0] += 12
    assert hw.clock.ticks_diff(hw.clock.ticks_ms(), t0) == 12  # across the 2**29 wrap


def check_battery_reads_the_board_pin_through_its_divider():
    import analogio

    hw, board, i2c = fresh("pico")
    spec = board.BATTERY
    analogio.AnalogIn.levels[spec["adc"]] = 65535 * 4000 // (3300 * spec["divider"])
    assert 3995 <= hw.battery_mv() <= 4000
    for name in boards.NAMES:  # "no gauge" boards give None
        hw, board, i2c = fresh(name)
        assert (hw.battery_mv() is None) == (board.BATTERY is None)
    analogio.AnalogIn.levels.clear()


def check_nap_ends_at_a_press_and_sleeps_a_frame_at_a_time():
    hw, board, i2c = fresh()
    slept = []
    hw.clock.sleep_ms = slept.append
    hw.nap(100)
    assert slept == [20, 20, 20, 20, 20]
    keys = keypad.Keys.made[-1]
    keys.press(0)
    del slept[:]
    hw.nap(1000)
    assert slept == []


def check_unknown_gpio_is_a_clear_error():
    try:
        cp_make.pin_of(microcontroller, 47)
    except ValueError as e:
        assert "GPIO47" in str(e)
    else:
        raise AssertionError("GPIO47 accepted")


def check_the_app_runs_on_this_backend():
    from firmware.boot import build

    hw, board, i2c = fresh()
    app = build(hw=hw, board=board)
    keys = keypad.Keys.made[-1]
    down = list(board.BUTTONS).index("down")
    t = 0
    for i in range(30):
        if i == 10:
            keys.press(down)
        if i == 14:
            keys.release(down)
        app.tick(t)
        t += 20
    buf = hw.display.buf
    assert any(buf)
    truth = lambda x, y: (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1  # noqa: E731
    assert mismatches(panel_of(i2c), truth) == []


def check_boot_py_gives_the_drive_to_the_game_unless_b_is_held():
    import runpy

    import digitalio
    import storage

    boot = os.path.join(ROOT, "firmware", "cp_boot.py")
    b = boards.load(boards.DEFAULT).BUTTONS["b"]
    storage.remounts.clear()
    digitalio.DigitalInOut.levels.clear()
    runpy.run_path(boot)
    assert storage.remounts == [("/", False)]  # writable for the code
    digitalio.DigitalInOut.levels[b] = 0  # B held at reset
    runpy.run_path(boot)
    assert storage.remounts == [("/", False)]  # no second remount: the PC keeps it
    digitalio.DigitalInOut.levels.clear()


def main():
    import displayio

    passed = failed = 0
    for name in sorted(globals()):
        if not name.startswith("check_"):
            continue
        try:
            globals()[name]()
            passed += 1
        except Exception as e:  # report every failure, go on
            failed += 1
            import traceback

            print("FAIL %s: %s %s" % (name, type(e).__name__, e))
            traceback.print_exc()
        displayio.release_displays()
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    code = main()
    sys.stdout.flush()
    os._exit(1 if code else 0)  # Blinka's refresh thread must not keep us alive
