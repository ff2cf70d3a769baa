"""docs/wiring.md follows the board data (tools/gen/wiring.py --check) and
each board's section names the GPIOs the firmware drives; the picture exists.
CPython only."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

import boards  # noqa: E402


def test_wiring_doc_is_current():
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "gen", "wiring.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_each_board_section_names_its_pins_and_the_strip_advice():
    text = open(os.path.join(ROOT, "docs", "wiring.md")).read()
    for name in boards.NAMES:
        b = boards.load(name)
        section = text.split("(`--board %s`)" % name)[1].split("### ")[0]
        rows = {
            line.split("|")[1].strip(): line.split("|")[2]
            for line in section.splitlines()
            if line.startswith("| ") and not line.startswith("| what")
        }
        assert "GP%d" % b.I2C["sda"] in rows["OLED SDA"]
        assert "GP%d" % b.I2C["scl"] in rows["OLED SCL"]
        assert "GP%d" % b.LED_PIN in rows["strip DIN"]
        for button, gpio in b.BUTTONS.items():
            label = "button " + (button.upper() if len(button) == 1 else button)
            assert "GP%d " % gpio in rows[label] + " ", (name, button)
    for words in ("470 ohm", "1000 uF", "74AHCT125", "Common ground"):
        assert words in text
    for png in ("wiring.png", "led_path_pico.png", "led_path_rp2040_zero.png"):
        assert os.path.getsize(os.path.join(ROOT, "docs", "img", png)) > 5000, png
