"""docs/wiring.md and the boards agree (issue 10.12): every pin named with a
header number ("GP4 (pin 6)", "GND (pin 38)") has one number wherever a
board's wiring notes or its docs section name it, the GPIO numbers match the
Pico's header; and the LED order tables, read back, put every hole of every
layout (the 61-hole short board too) on the LED the firmware lights for it.
CPython only."""

import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "gen"))

import boards  # noqa: E402
import wiring as draw_wiring  # noqa: E402  tools/gen/wiring.py
from firmware.pegboard import Pegboard  # noqa: E402

PIN = re.compile(r"(GP\d+|GND|VBUS|VSYS|3V3(?:\(OUT\))?) \(pin (\d+)\)")
PICO_GND = {3, 8, 13, 18, 23, 28, 33, 38}


def doc():
    with open(os.path.join(ROOT, "docs", "wiring.md")) as f:
        return f.read()


def board_section(text, name):
    return text.split("(`--board %s`)" % name)[1].split("### ")[0]


@pytest.mark.parametrize("name", boards.NAMES)
def test_one_number_for_each_pin(name):
    b = boards.load(name)
    assert "GP" in boards.wiring(b)  # the board's docstring holds its notes
    found = {}
    for where, text in (("WIRING", boards.wiring(b)), ("docs", board_section(doc(), name))):
        for label, number in PIN.findall(text):
            label = label.replace("(OUT)", "")
            found.setdefault(label, set()).add((int(number), where))
    for label, seen in found.items():
        numbers = {n for n, _ in seen}
        assert len(numbers) == 1, (name, label, sorted(seen))
        if label.startswith("GP"):
            assert numbers == {draw_wiring._PICO_PINS[int(label[2:])]}, (name, label)
        if label == "GND":
            assert numbers <= PICO_GND, (name, numbers)


def led_tables(text):
    """{(board name, layout key): {hole key: LED}} read back from the docs."""
    out = {}
    for part in text.split("\n### ")[1:]:
        m = re.match(r"(.+?), (\d+) holes a track \(`(\w+)`, (\d+) LEDs\)", part)
        if not m:
            continue
        table = {}
        for leds, what in re.findall(r"^\| (\d[\d-]*) \| (.+?) \|$", part, re.M):
            first, _, last = leds.partition("-")
            span = list(range(int(first), int(last or first) + 1))
            if what.startswith("no hole"):
                continue
            who, holes = what.split(": ")
            if holes.startswith("start hole"):
                numbers = [0]
            else:
                h0, _, h1 = holes.split(" ", 1)[1].partition("-")
                h0, h1 = int(h0), int(h1 or h0)
                step = 1 if h1 >= h0 else -1
                numbers = list(range(h0, h1 + step, step))
            assert len(numbers) == len(span), part
            for h, led in zip(numbers, span):
                table[(who, h)] = led
        out[(m.group(1), m.group(3))] = table
    return out


def test_the_led_order_tables_put_every_hole_where_the_firmware_does():
    tables = led_tables(doc())
    checked = 0
    for name in boards.NAMES:
        b = boards.load(name)
        layouts = [("LAYOUT", b.LAYOUT, b.N_LEDS)]
        if getattr(b, "LAYOUT_61", None):
            layouts.append(("LAYOUT_61", b.LAYOUT_61, b.N_LEDS_61))
        for key, layout, n in layouts:
            table = tables[(b.NAME, key)]
            pb = Pegboard(layout, b.POWER, n)
            for t in range(1 if pb.shared else 2):
                who = "A and B" if pb.shared else "AB"[t]
                for h in range(0 if pb.start else 1, pb.holes + 1):
                    assert table[(who, h)] == pb.led_of_hole(t, h), (name, key, who, h)
                    checked += 1
    assert checked > 5 * 121  # every board, both tracks, and the 61-hole board
    assert ("Raspberry Pi Pico", "LAYOUT_61") in tables
