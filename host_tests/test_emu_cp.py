"""Smoke test of the CircuitPython build on the emulated Raspberry Pi Pico
(the project's tools/emu: your CircuitPython firmware, $CP_FIRMWARE, with its
console on UART0, and its mpy-cross, $CP_MPY_CROSS, in rp2040js) with its
emulated SSD1306, about a minute and a half in all (marked slow: CI runs it, the quick
``-m "not slow"`` run does not):

  - the README's route end to end: ``tools/deploy.py --target cp`` into a
    CIRCUITPY folder, which the emulator boots; the deployed ``code.py`` runs
    unchanged behind the prelude tools/bench/cp_boot_check.py (scripted keys, the
    LED strip counted instead of sent): the menu, "Play the computer" opened
    by A, the deal shown, no error; the emulated panel shows exactly the
    app's frame buffer (through the default adafruit_displayio_ssd1306, and
    through the opt-in direct driver); the game's save is on the drive
    afterwards
  - tools/bench/cp_device.py's ``ui``, ``readonly`` and ``fast`` parts run to
    their end (menu and discard cursor moves, the game opened, the drive left
    to the PC: saves in RAM, the app says so, nothing written to the drive or
    nvm; the CircuitPython drawing code with its ulab paths gives the same
    bytes as the plain code on random scenes; the displayio Bitmap is the
    frame, pixel for pixel, after each show of random changes).
    No time is asserted: the figures are the benchmark's to report.

Without a firmware the tests are skipped, under CI=true too, and the run
lists them at the end (host_tests/device_checks.py); without the emulator's
tools (node, npm, mkfs.fat, mcopy) they skip with the reason and fail under
CI=true (.ci/run installs the tools). CPython only; imports cp_device
from tools/ and device_checks.
"""

import os
import sys

import pytest
from device_checks import cp_firmware

pytestmark = pytest.mark.slow  # about a minute and a half: the quick run leaves it to CI

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))

import cp_device as bench_device_cp  # noqa: E402  tools/bench/cp_device.py


@pytest.fixture(scope="module")
def emu():
    return cp_firmware()


def test_deployed_game_boots_on_the_emulated_circuitpython_pico(emu):
    got = bench_device_cp.boot_check(fw=emu)
    out = got["stdout"]
    assert got["rc"] == 0, out[-3000:]
    assert "Traceback" not in out and got.get("crashes") == "0", out[-3000:]
    assert got.get("errors") == "0" and got.get("storage") == "FileStorage", out[-3000:]
    text = " ".join(got["text"])
    assert "You 0" in text and "CPU 0" in text, text  # the game's score line
    assert got["buf"] == got["panel"], "the emulated OLED does not show the frame buffer"
    assert "game.rec" in got["files"] and "mode.rec" in got["files"], got["files"]
    assert got.get("display") == "Display", out[-3000:]  # the default: adafruit_displayio_ssd1306


def test_the_opt_in_direct_display_shows_the_frame_too(emu):
    got = bench_device_cp.boot_check(fw=emu, display="direct")
    out = got["stdout"]
    assert got["rc"] == 0 and "Traceback" not in out, out[-3000:]
    assert got.get("display") == "SSD1306", out[-3000:]
    assert got["buf"] == got["panel"], "the emulated OLED does not show the frame buffer"


def test_benchmark_ui_read_only_drive_and_drawing_parts_run(emu):
    figures = bench_device_cp.measure(parts=("ui", "readonly", "fast"), fw=emu)
    assert "error" not in figures, figures.get("error")
    assert figures["display"] == "Display" and figures["storage"] == "FileStorage"  # displayio
    for key in ("menu_move_us", "discard_move_us", "idle_frame_us", "open_play_max_us"):
        assert figures[key] > 0, key
    assert figures["open_play_frames"] > 2  # a device: the game's code loaded a module a frame
    assert figures["readonly_ok"] == 1
    assert "game.rec" in figures["ram_files"].split(",")
    assert figures["fast_checks"] == 190  # the ulab drawing paths gave the plain bytes
    assert figures["display_checks"] == 12  # the displayio Bitmap was the frame after each show
