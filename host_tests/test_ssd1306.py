# portable
"""Our SSD1306 driver (firmware/hw/ssd1306.py), made by the MicroPython
backend, against the recording fake I2C of host_tests/fakes/mp: the power-up
sequence, the I2C bytes of a frame decoded by an independent panel model
(host_tests/ssd1306_model.py) back into the picture that was drawn, only what
changed sent (the changed pages, found by viper's digests or, without, a
shadow copy), the digests' changes told apart, I2C failures
never raising and the whole frame sent again after one, contrast, power and
a module turned half way. Runs on CPython and the MicroPython unix port."""

from mp_rig import STORE as _STORE  # noqa: I001  first: puts the fakes on the path
from mp_rig import fresh as _fresh
from mp_rig import mismatches as _mismatches
from mp_rig import panel_of as _panel

import machine  # the fake, from host_tests/fakes/mp
import mptime
import neopixel

import boards
from firmware.hw import mp
from ssd1306_model import Panel


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


def test_after_an_i2c_error_the_whole_frame_goes_again():
    hw, board, i2c = _fresh()
    hw.display.show()
    hw.display.fb.fill_rect(0, 16, 4, 4, 1)
    hw.display.show()  # page 2 alone
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


def test_a_cursor_move_sends_only_its_page():
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
    assert step.commands == [(0x21, 0, 127), (0x22, 2, 2)]
    assert len(sent[1][1]) == 1 + 128 and sent[1][1][0] == 0x40
    truth = lambda x, y: 1 if y < 8 or (28 <= x < 36 and 16 <= y < 24) else 0
    assert _mismatches(_panel(i2c), truth) == []


def test_two_changed_pages_cost_two_page_writes_and_a_full_change_one_frame():
    hw, board, i2c = _fresh()
    hw.display.show()
    start = len(i2c.writes)
    hw.display.fb.pixel(0, 0, 1)
    hw.display.fb.pixel(5, 63, 1)
    hw.display.show()
    sent = i2c.writes[start:]
    assert [len(d) for a, d in sent] == [7, 129, 7, 129]
    start = len(i2c.writes)
    hw.display.fb.fill(1)
    hw.display.show()
    sent = i2c.writes[start:]
    assert [len(d) for a, d in sent] == [7, 1025]
    assert _mismatches(_panel(i2c), lambda x, y: 1) == []


def test_without_viper_a_shadow_copy_finds_the_same_pages():
    # CircuitPython's direct path has no firmware.fast: the driver keeps a
    # copy of each page as sent instead of its digest, and sends the same
    from firmware.hw import ssd1306

    kept = ssd1306._digest  # None already on a port without viper (this unix port)
    ssd1306._digest = None
    try:
        test_a_cursor_move_sends_only_its_page()
        test_two_changed_pages_cost_two_page_writes_and_a_full_change_one_frame()
        hw, board, i2c = _fresh()
        assert len(hw.display._shadow) == 8 and len(hw.display._shadow[0]) == 128
    finally:
        ssd1306._digest = kept


def test_a_page_digest_tells_changes_next_to_each_other_apart():
    # two neighbouring columns of a page changed (a glyph's edge moving) must
    # never hash as the page did: every pair of byte changes at one place
    try:
        from firmware.fast import digest
    except SyntaxError:  # a MicroPython port without viper: the driver keeps its copy
        return

    page = bytearray(128)
    for i in range(128):
        page[i] = (i * 37) & 255
    seen = {digest(page, 128)}
    for a in range(256):
        for b in range(0, 256, 3):
            page[60] ^= a
            page[61] ^= b
            if a or b:
                h = digest(page, 128)
                assert h not in seen or (a == 0 and b == 0)
                assert 0 <= h < 1 << 30
            page[60] ^= a
            page[61] ^= b
    assert digest(page, 128) in seen


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


def test_a_soft_reset_keeps_the_picture_until_the_next_app_draws():
    # firmware.main restarts into a mode by a soft reset (machine.soft_reset):
    # the panel keeps its RAM, and the backend made again at boot must not
    # switch it off or clear it, so the mode's name stays on until it draws
    hw, board, i2c = _fresh()
    fb = hw.display.fb
    fb.fill(0)
    fb.text("Opening", 36, 28, 1)
    hw.display.show()
    picture = bytes(hw.display.buf)
    hw2 = mp.make(board, time_module=mptime, storage_root=_STORE)  # the boot after it
    i2c2 = machine.I2C.buses[-1]
    assert i2c2 is not i2c and hw2.display is not hw.display
    panel = Panel()
    panel.feed_all(i2c.writes)
    panel.feed_all(i2c2.writes)  # the same glass: what the second boot sent
    assert panel.on and panel.ram == bytearray(picture)
    commands = [d for a, d in i2c2.writes if d[:1] == b"\x00"]
    assert commands and not any(0xAE in d[1:] for d in commands)  # never off
