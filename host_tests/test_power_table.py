"""The power table (tools/gen/power_table.py) in docs/build.md and docs/wiring.md
is what the board data and the firmware give now, its figures add up and
follow the board data, and every figure that is not the firmware's own says
it is an estimate. CPython only (the tool runs the app on the host backend)."""

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "gen"))

import power_table  # noqa: E402

import boards  # noqa: E402


def test_build_guide_and_wiring_doc_carry_the_current_table():
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "gen", "power_table.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout
    with open(os.path.join(ROOT, "docs", "build.md")) as f:
        build = f.read()
    assert power_table.table(boards.DEFAULT) in build
    with open(os.path.join(ROOT, "docs", "wiring.md")) as f:
        wiring = f.read()
    assert power_table.wiring_section() in wiring
    for name in boards.NAMES:
        assert "| %s |" % boards.load(name).NAME in wiring


def test_totals_and_hours_add_up():
    for name in boards.NAMES:
        cols, pixels, level = power_table.figures(name)
        assert 500 < pixels[0] < 4000 and 500 < pixels[1] < 4000  # play and keeper screens
        for col in cols.values():
            parts = col["board"] + col["oled"] + col["leds"] + col["quiet"]
            assert abs(col["total"] - parts) < 1e-9
        # dimming and turning off only ever save
        assert cols["awake"]["total"] > cols["dimmed"]["total"] > cols["off"]["total"]
        assert cols["play"]["board"] > cols["awake"]["board"]
        assert cols["off"]["oled"] < 0.1 and cols["off"]["leds"] < cols["dimmed"]["leds"]
    text = power_table.table("pico")
    cols, _, _ = power_table.figures("pico")
    hours = power_table.AA_MAH / cols["off"]["total"]
    assert ("%.1f h" % hours) in text


def test_the_figures_follow_the_board_data():
    board = boards.load("rp2040_zero")
    before, _, _ = power_table.figures("rp2040_zero")
    power = board.POWER
    try:
        board.POWER = dict(power, idle_ma=0.5)
        after, _, _ = power_table.figures("rp2040_zero")
    finally:
        board.POWER = power
    assert after["off"]["quiet"] == board.N_LEDS * 0.5
    assert before["off"]["quiet"] == board.N_LEDS * power["idle_ma"]
    assert after["off"]["total"] < before["off"]["total"]


def test_estimates_are_marked():
    text = power_table.table("pico")
    rows = [ln for ln in text.splitlines() if ln.startswith("| ") and "---" not in ln][1:]
    for row in rows:
        if row.startswith("| **total**"):
            continue
        source = row.rstrip(" |").split("|")[-1]
        assert "estimate" in source or "boards/" in source, row
    assert "estimate" in power_table.NOTE
