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
    sim.screenshot(path, s.hw.display, s.hw.leds, s.board)
    img = Image.open(path)
    img.load()
    rows = 2 * 3 + 1  # pico: two tracks of 121 LEDs, 41 a row, a gap between
    assert img.size == (512, 256 + 6 + rows * 12)
    rgb = img.convert("RGB")
    d = s.hw.display
    for y in range(64):
        for x in range(128):
            on = rgb.getpixel((x * 4 + 1, y * 4 + 2)) == sim.OLED_ON
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
