"""tools/sim.py on CPython: a headless script drives the real app, the
screenshot PNG decodes to the screen scaled 4x with the LED board under it,
and bad input gives a message and exit status 2."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import sim  # noqa: E402
from simulator import view as sim_view  # noqa: E402

from firmware.hw import host  # noqa: E402
from firmware.screens.settings import SettingsScreen  # noqa: E402


def test_script_parses_counts_holds_and_waits():
    steps = sim.parse_script("down*3, a:900 wait wait:40 shot:x.png quit")
    assert steps == [
        ("press", 2, 100, 3),
        ("press", 16, 900, 1),
        ("wait", 500),
        ("wait", 40),
        ("shot", "x.png"),
        ("quit",),
    ]
    for bad in ("jump", "a*x", "wait:-5", "shot:"):
        with pytest.raises(sim.ScriptError):
            sim.parse_script(bad)


def test_headless_script_reaches_settings_and_changes_them():
    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script("down*3 a right down right"))
    top = s.app.top()
    assert isinstance(top, SettingsScreen)
    assert s.app.settings.difficulty == "hard" and s.app.settings.target == 61
    assert s.app.errors == 0


def test_screenshot_png_is_the_screen_scaled_with_leds(tmp_path):
    from PIL import Image

    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script("down a"))
    path = str(tmp_path / "shot.png")
    sim_view.screenshot(path, s.hw.display, s.hw.leds, s.board)
    img = Image.open(path)
    img.load()
    rows = 2 * 3 + 1  # pico: two tracks of 121 LEDs, 41 a row, a gap between
    assert img.size == (512, 256 + 6 + rows * 12)
    rgb = img.convert("RGB")
    d = s.hw.display
    for y in range(64):
        for x in range(128):
            on = rgb.getpixel((x * 4 + 1, y * 4 + 2)) == sim_view.OLED_ON
            assert on == bool(d.pixel(x, y)), (x, y)


def run_cli(*args, stdin=subprocess.DEVNULL):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "sim.py")] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        stdin=stdin,
        timeout=120,
    )


def test_cli_headless_prints_screen_and_saves_png(tmp_path):
    out = tmp_path / "s.png"
    p = run_cli("--script", "down*2 a", "--screenshot", str(out))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines[0]) == 128 and len([ln for ln in lines if len(ln) == 128]) == 32
    assert "saved" in p.stdout and out.exists()


def test_cli_without_terminal_or_script_explains():
    p = run_cli()
    assert p.returncode == 2
    assert "--script" in p.stderr and "terminal" in p.stderr


def test_cli_bad_arguments_exit_2():
    assert run_cli("--script", "fly").returncode == 2
    p = run_cli("--script", "a", "--board", "toaster")
    assert p.returncode == 2 and "unknown board" in p.stderr
    assert run_cli("--script-file", "/nonexistent/x").returncode == 2


def test_cli_bad_screenshot_names_and_binary_scripts_are_messages(tmp_path):
    # issue 11.7: shot:x.foo and a binary --script-file gave tracebacks
    for args in (
        ("--script", "a shot:%s" % (tmp_path / "x.foo")),
        ("--script", "a", "--screenshot", str(tmp_path / "x.foo")),
        ("--script", "a shot:%s" % (tmp_path / "no" / "dir.png")),
    ):
        p = run_cli(*args)
        assert p.returncode == 2 and "Traceback" not in p.stderr, (args, p.stderr)
        assert "sim.py:" in p.stderr, (args, p.stderr)
    binary = tmp_path / "script.bin"
    binary.write_bytes(bytes(range(256)))
    p = run_cli("--script-file", str(binary))
    assert p.returncode == 2 and "Traceback" not in p.stderr and "ASCII" in p.stderr, p.stderr
    for odd in ("a*\u0663", "\u00a0a", "x" * 500):
        p = run_cli("--script", odd)
        assert p.returncode == 2 and len(p.stderr.split("\n")[0]) < 200, (odd, p.stderr)


def _lit_pixel(img, display):
    """The colour of the first lit pixel of the screen in a screenshot."""
    for y in range(display.height):
        for x in range(display.width):
            if display.pixel(x, y):
                return img.getpixel((x * sim_view.SCALE, y * sim_view.SCALE))
    return None


def test_the_dimmed_and_off_screens_and_the_gauge_show(tmp_path):
    from PIL import Image

    s = sim.Sim("pico", host.DictStorage())
    s.hw.battery = 3900  # 50 % on the Pico's 3 AA scale
    shots = [str(tmp_path / n) for n in ("awake.png", "dim.png", "off.png")]
    s.run_script(
        sim.parse_script("down a up shot:%s wait:61000 shot:%s wait:250000 shot:%s" % tuple(shots))
    )
    d = s.hw.display
    colours = [_lit_pixel(Image.open(p), d) for p in shots]
    assert colours[0] == sim_view.OLED_ON
    assert sum(colours[1]) < sum(sim_view.OLED_ON) // 2  # dimmed
    assert colours[2] is None or colours[2] == sim_view.OLED_OFF  # off: nothing lit shows
    off = Image.open(shots[2]).crop((0, 0, 512, 256))
    assert off.getextrema() == ((0, 0), (0, 0), (0, 0))
    assert sim_view.panel_state(d) == "(screen off)"
    # the gauge: its outline at the right of the keeper's status bar (dark on lit)
    s.hw.buttons.set(0)
    s.run_script(sim.parse_script("b"))  # wakes, does nothing else
    assert sim_view.panel_state(d) == ""
    x0 = d.width - 12
    assert d.pixel(x0, 1) == 0 and d.pixel(x0 - 2, 1) == 1
    inside = [1 - d.pixel(x, 4) for x in range(x0 + 1, x0 + 9)]
    assert sum(inside) == 4  # half full


def test_battery_token_and_option(tmp_path):
    assert sim.parse_script("battery:3500 wait:10000") == [("battery", 3500), ("wait", 10000)]
    with pytest.raises(sim.ScriptError):
        sim.parse_script("battery:lots")
    out = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--battery", "4000",
         "--script", "battery:3550 wait:11000"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    s = sim.Sim("pico", host.DictStorage())
    s.hw.battery = 4000
    s.run_script(sim.parse_script("battery:3550 wait:11000"))
    assert s.app.top().title == "Battery low"


def test_script_repeats_and_times_are_capped_with_a_message():
    for bad, said in (
        ("down*99999999", "repeat count"),
        ("down*1001", "repeat count"),
        ("wait:99999999", "at most 600000"),
        ("a:600001", "at most 600000"),
        (" ".join(["wait:600000"] * 7), "60 minutes"),
        (" ".join(["down*1000"] * 20), "60 minutes"),
    ):
        with pytest.raises(sim.ScriptError) as e:
            sim.parse_script(bad)
        assert said in str(e.value)
    assert sim.parse_script("down*1000 wait:600000 ab")[-1] == ("press", 48, 100, 1)
    p = run_cli("--script", "down*99999999")
    assert p.returncode == 2 and "repeat count" in p.stderr and "Traceback" not in p.stderr
