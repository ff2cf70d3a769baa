"""The device half of tools/bench_device.py on the MicroPython unix port, the
app as .mpy as a Pico gets it (tools/bench/mp_device.py's build, for the
unix port's CPU): the device smoke test's run (devbench "smoke", the same as
on the emulated Pico: host_tests/smokecheck.py); the frames and opponent
sections through their PC half, each to its end with its figures; and
tools/bench/mode_boots.py's device half, the modes section's, booted into
the menu, into a mode with keys, into a whole game with the hint asked, and
through an order's boots with the app's /data carried from each to the
next. Nothing is timed and no heap figure is asserted: those are the
benchmark's, on the emulated Pico. CPython only; imports
tools/bench/mp_device.py, tools/bench/mode_boots.py, check_mpy (the unix
port's CPU), smokecheck, unixport, and the app's storage (firmware.modes's
LastMode, firmware.hw.files) to read what the boots left.
"""

import json
import os
import subprocess
import sys

import pytest
import smokecheck
from unixport import micropython, missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))

import check_mpy  # noqa: E402
import mode_boots  # noqa: E402  tools/bench/mode_boots.py
import mp_device  # noqa: E402  tools/bench/mp_device.py
from firmware.modes import LastMode  # noqa: E402
from firmware.hw.files import FileStorage  # noqa: E402


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    micropython()
    try:
        return mp_device.build(str(tmp_path_factory.mktemp("mpy")), check_mpy.unix_port_arch())
    except mp_device.Fail as e:
        if e.status == 2:
            missing(str(e))
        raise


def test_the_smoke_runs_on_the_unix_port():
    micropython()
    run = mp_device.smoke()
    smokecheck.check(run)
    assert run.get("platform") != "rp2"


def test_the_frames_and_opponent_sections_run_to_their_end(capsys, monkeypatch):
    micropython()
    part = mp_device.run_part  # a section that hangs fails in minutes, not the hour allowed
    monkeypatch.setattr(mp_device, "run_part", lambda t, d, call: part(t, d, call, 300))
    assert mp_device.main(["--only", "frames,opponent", "--opp-games", "1"]) == 0
    out = capsys.readouterr().out
    results = json.loads(out.strip().splitlines()[-1])["results"]
    frames = results["frames"]
    assert frames["play_errors"] == 0 and frames["done"] == 1
    # a redraw of every mode's screen, each in an app of its own, and the
    # play screen's decisions, pages and game over
    for name in ("menu", "settings", "keeper", "counter", "stats", "discard", "pegging"):
        assert name + "_frame_us" in frames, name
    for key in ("show_frame_us", "over_frame_us", "leds_frame_us", "keeper_add_us"):
        assert key in frames, key
    assert "cursor_move_i2c_us" in frames and frames["cursor_move_bytes"] > 0
    opponent = results["opponent"]
    for level in ("easy", "medium", "hard"):
        assert opponent[level + "_decisions"] > 0, level
    assert "menu frame (clear, draw, show)" in out and "hard discard, worst" in out


def _boot(build, step, carried=None):
    """One boot of mode_boots' device half into ``step`` (mode, game, hints,
    keys) with the mode record written over ``carried`` (the /data files a
    boot before left); its figures and the files it left."""
    mode_boots._record(build, step[0], carried)
    code = "import sys\nsys.path[:] = ['.']\n" + mp_device.QSTR_START
    code += "import mode_boots\nmode_boots.device(%r, %d, %d, %r)\n" % step
    p = subprocess.run(
        [micropython(), "-X", "heapsize=1m", "-c", code],
        cwd=build,
        capture_output=True,
        text=True,
        timeout=300,
    )
    r = mp_device.parse(p.stdout)
    assert p.returncode == 0 and r.get("done") == 1, p.stdout[-3000:] + p.stderr
    assert not r.get("errors_seen") and r["crashes"] == 0, p.stdout[-3000:]
    assert r.get("errors", 0) == 0, p.stdout[-3000:]
    mode_boots._own(r)
    return r, _files(build)


def _files(build):
    out = {}
    for root, _dirs, names in os.walk(os.path.join(build, "data")):
        for n in names:
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                out[os.path.relpath(path, build).replace(os.sep, "/")] = f.read()
    return out


def _record(build):
    # the mode record a boot left: (the mode, its state: OPENED when chosen
    # in the menu and not yet started)
    return LastMode(FileStorage(os, os.path.join(build, "data"))).load()[:2]


def test_a_boot_into_the_menu_ends_at_the_players_choice(build):
    r, _ = _boot(build, ("", 0, 0, ""))
    assert r["mode"] == "" and r["frames"] > mode_boots._OPEN_FRAMES
    assert "ended_us" in r and "record_us" in r  # A on the menu ended the app
    assert _record(build) == ("play", mode_boots.OPENED)  # the menu's first entry, chosen
    assert r["open_peak"] > 0 and r["live_peak_own"] > 0


def test_a_boot_into_a_mode_takes_its_keys(build):
    r, _ = _boot(build, ("keeper", 0, 0, "UP B"))
    assert r["mode"] == "keeper" and r["live_peak_where"].startswith("Keeper")
    assert r["frames"] > 3 * mode_boots._OPEN_FRAMES  # its first frames, then each key's
    assert "ended_us" not in r  # the keeper is still open


def test_a_boot_into_play_plays_a_whole_game_with_the_hint_and_goes_back(build):
    r, carried = _boot(build, ("play", 1, 1, ""))
    assert r["mode"] == "play" and r["hints"] == 2
    winner, _, scores = r["game"].partition(" ")
    assert winner in ("0", "1") and max(int(s) for s in scores.split("-")) >= 121
    assert [p for p in carried if p.startswith("data/game.")]  # the game saved whole at its end
    assert _record(build)[0] == "game_over"  # and the app ended into the game-over mode
    r, carried = _boot(build, mode_boots._OVER, carried)
    assert r["mode"] == "game_over" and r["live_peak_where"] == "FinishedGame"
    assert "ended_us" in r  # B on the game-over page ended the app
    assert "data/stats.rec" in carried and "data/last.log" in carried
    assert not [p for p in carried if p.startswith("data/game.")]  # the match is over: no save
    name, state = _record(build)  # the next boot is the menu's: game over left, not chosen
    assert name == "game_over" and state != mode_boots.OPENED


def test_an_orders_boots_carry_the_data_from_one_to_the_next(build):
    setup, steps = mode_boots.ORDERS["stats"]
    carried = None
    for i, step in enumerate(steps):
        if i == 0:
            mode_boots._record(build, step[0])
            mode_boots._settings(build, **setup)
            carried = _files(build)
        r, carried = _boot(build, step, carried)
        assert r["mode"] == step[0], (i, r)
        if i == 1:
            assert "data/stats.rec" in carried  # the game-over mode recorded the game
    assert "data/keeper.rec" in carried and "data/stats.rec" in carried
