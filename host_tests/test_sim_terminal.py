"""The interactive simulator fits the terminal it is given (issue 10.8):
at 80x24 the braille view (2x4 pixels a cell) with the LEDs packed; the
pixel-for-pixel half-block view whenever it fits; a plain request for a
bigger terminal below the smallest; the braille cells decode back to the
display's pixels. Also the real program in a pseudo-terminal of 80x24 and
of 140x45, and the Windows console's arrow keys. CPython only."""

import os
import re
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import sim  # noqa: E402
from simulator import keys as sim_keys  # noqa: E402
from simulator import view as sim_view  # noqa: E402

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402
from firmware.hw import host  # noqa: E402


def menu_sim():
    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script("down a b"))  # the menu, a cursor moved
    return s


def fits(lines, cols, rows):
    return len(lines) <= rows and all(sim_view.visible_len(ln) <= cols for ln in lines)


@pytest.mark.parametrize(
    "cols,rows,view",
    [
        (80, 24, "braille"),
        (64, 24, "braille"),
        (127, 60, "braille"),
        (128, 38, "compact"),
        (200, 41, "compact"),
        (128, 42, "full"),
        (130, 43, "full"),
        (250, 80, "full"),
    ],
)
def test_the_largest_view_that_fits_is_chosen(cols, rows, view):
    s = menu_sim()
    d, n = s.hw.display, s.hw.leds.n
    assert sim_view.choose_view(cols, rows, d, n, s.board) == view
    lines = sim_view.terminal_lines(s, cols, rows)
    assert fits(lines, cols, rows), (cols, rows, [sim_view.visible_len(ln) for ln in lines])
    assert lines[-1] == sim_keys.HELP


def test_the_sizes_are_the_ones_the_readme_gives():
    assert sim_view.pico_size("full") == (128, 42)
    assert sim_view.pico_size("braille") == (64, 24)
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    assert "80x24" in text and "128x42" in text


@pytest.mark.parametrize("cols,rows", [(40, 24), (80, 19), (20, 5), (1, 1)])
def test_too_small_says_what_size_is_needed(cols, rows):
    s = menu_sim()
    assert sim_view.choose_view(cols, rows, s.hw.display, s.hw.leds.n, s.board) is None
    lines = sim_view.terminal_lines(s, cols, rows)
    assert len(lines) == 1 and len(lines[0]) < max(cols, 2)
    if cols >= 50:
        assert "at least 41x20" in lines[0]


@pytest.mark.parametrize("cols,rows", [(63, 24), (80, 23), (41, 20), (60, 22)])
def test_below_the_braille_view_the_text_view_reads_the_screen(cols, rows):
    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script("down"))
    assert sim_view.choose_view(cols, rows, s.hw.display, s.hw.leds.n, s.board) == "text"
    lines = sim_view.terminal_lines(s, cols, rows)
    assert fits(lines, cols, rows)
    plain = [ANSI.sub("", ln).rstrip() for ln in lines]
    assert plain[:3] == ["       Cribbage", " Play the computer", "▶ Score keeper"]
    assert plain[-1] == sim_keys.SHORT_HELP and "c:A+B" in plain[-1]
    assert sim_view.pico_size("text") == (41, 20)


def test_v_steps_through_the_views_that_fit():
    s = menu_sim()
    d, n = s.hw.display, s.hw.leds.n
    assert sim_view.next_view(None, 80, 24, d, n, s.board) == "text"
    assert sim_view.next_view("text", 80, 24, d, n, s.board) == "braille"
    seen = [None]
    for _ in range(4):
        seen.append(sim_view.next_view(seen[-1], 140, 45, d, n, s.board))
    assert seen[1:] == ["compact", "braille", "text", "full"]
    assert "v:view" in sim_keys.HELP and sim_keys.VIEW_KEYS == ("v", "V")


def test_braille_cells_decode_to_the_pixels():
    s = menu_sim()
    d = s.hw.display
    cells = sim_view.oled_braille(d)
    assert len(cells) == 16 and all(len(row) == 64 for row in cells)
    for y in range(64):
        for x in range(128):
            bits = ord(cells[y // 4][x // 2]) - 0x2800
            on = bool(bits & sim_view._DOTS[y % 4][x % 2])
            assert on == bool(d.pixel(x, y)), (x, y)


def test_a_view_can_be_forced():
    s = menu_sim()
    lines = sim_view.terminal_lines(s, 80, 24, "full")
    assert len(lines) == 42 and max(sim_view.visible_len(ln) for ln in lines) == 128


def test_windows_arrow_keys_map_like_a_terminal():
    got = sim_keys.windows_keys("\xe0H\xe0P\x00M\xe0Kz\xe0Sq")
    assert got == ["\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D", "z", "q"]
    assert [sim_keys.KEYS[k][0] for k in got[:5]] == [UP, DOWN, RIGHT, LEFT, A]


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def run_in_pty(cols, rows, keys, tmp_path):
    """Run the interactive simulator in a pseudo-terminal of ``cols`` x
    ``rows``, type ``keys`` then q; the last frame it drew, as plain lines."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator on the pty
        os.chdir(ROOT)
        os.execv(
            sys.executable,
            [sys.executable, "tools/sim.py", "--storage", str(tmp_path / "st")],
        )
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    out = b""

    def read(seconds, until=None):
        nonlocal out
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if until is not None and until in out:
                return
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out += os.read(fd, 65536)
                except OSError:  # the child has gone
                    return

    read(30, sim_keys.HELP.encode())  # the first frame
    for k in keys:
        os.write(fd, k.encode())
        read(0.3)
    os.write(fd, b"q")
    read(30, b"\x1b[?1049l")  # it left the alternate screen
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    text = out.decode("utf-8", "replace")
    last = text.rsplit("\x1b[H", 1)[-1].split("\x1b[?25h")[0]
    lines = [ANSI.sub("", ln).strip("\r") for ln in last.replace("\x1b[K", "").split("\n")]
    return os.waitstatus_to_exitcode(status), lines


@pytest.mark.skipif(os.name == "nt", reason="POSIX pseudo-terminal")
@pytest.mark.parametrize("cols,rows,width", [(80, 24, 64), (140, 45, 128)])
def test_the_real_program_fits_its_terminal(tmp_path, cols, rows, width):
    code, lines = run_in_pty(cols, rows, ["\x1b[B"], tmp_path)
    assert code == 0
    assert len(lines) <= rows and max(len(ln) for ln in lines) <= cols, lines
    assert len(lines[0]) == width, lines[0]
    assert lines[-1] == sim_keys.HELP
    braille = sum(1 for ch in lines[3] if 0x2800 <= ord(ch) <= 0x28FF)
    assert (braille == width) == (width == 64)


def play_keys(s, keys, ms=1500):
    """The interactive loop's input over ``ms`` of 20 ms frames: ``keys``
    (time, key string) typed at those times, each made a press in turn."""
    presses = sim_keys.Presses()
    keys = sorted(keys)
    for now in range(0, ms, sim.FRAME_MS):
        while keys and keys[0][0] <= now:
            presses.add(*sim_keys.KEYS[keys.pop(0)[1]])
        s.hw.buttons.set(presses.raw(now, s.app.buttons.held))
        s.tick(now)  # the simulator's frame: an app that ended is followed by the next
    return presses


@pytest.mark.parametrize("apart", [100, 40, 0])
def test_each_key_the_terminal_gives_is_one_press(apart):
    s = sim.Sim("pico", host.DictStorage())
    menu = s.app.top()
    play_keys(s, [(100 + i * apart, "\x1b[B") for i in range(3)])
    assert menu.cursor == 3  # three DOWNs, three moves: Settings, not Score keeper
    play_keys(s, [(0, "\x1b[A"), (1, "\x1b[A")])
    assert menu.cursor == 1


def test_a_long_key_is_a_long_press_and_c_presses_a_and_b_together():
    from firmware.keeper.screen import KeeperScreen

    s = sim.Sim("pico", host.DictStorage())
    play_keys(s, [(0, "\x1b[B"), (1, "z")])
    keeper = s.app.top()
    assert isinstance(keeper, KeeperScreen)
    play_keys(s, [(0, "c")])
    assert s.app.top() is not keeper  # the keeper's menu, over it
    assert "c:A+B" in sim_keys.HELP and sim_keys.KEYS["c"][0] == A | B


def redrawn(s):
    """The text lines after a whole redraw of the screen as it is."""
    s.app.invalidate()
    s.tick(s.hw.clock.ticks_ms())
    return s.text.lines()


@pytest.mark.parametrize(
    "script",
    [
        "down down up",  # a list's cursor moved by band redraws
        "down*3 a right down right",  # settings changed
        "down a up*3 right up a up*4 a",  # the keeper's awards and big digits
        "down*2 a up up right a",  # the hand counter
        "a wait:5000 a wait:2000 right a right",  # your hand: a card picked, the cursor
        "down*4 a right right",  # statistics pages
    ],
)
def test_the_text_view_is_what_a_whole_redraw_draws(script):
    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script(script))
    kept = s.text.lines()
    assert kept and kept == redrawn(s)


def test_the_text_view_names_the_suits_and_cards():
    from simulator.text import card_word, plain

    assert [card_word(c) for c in (0, 3, 4 * 9 + 1, 4 * 12 + 2, 255)] == [
        "[A♣]", "[A♠]", "[10♦]", "[K♥]", "[##]"
    ]  # fmt: skip
    assert plain("\x80\x81\x82\x83 \x85\x86\x87\x88") == "♣♦♥♠ ▶◀▲▼"
    s = sim.Sim("pico", host.DictStorage())
    s.run_script(sim.parse_script("a wait:500 a wait:3000"))
    hand = [ln for ln in s.text.lines() if ln.count("[") >= 6 and "#" not in ln][0]
    cards = screen_cards(s)
    assert hand.split() == [card_word(c) for c in cards]


def screen_cards(s):
    return s.app.top().table.hand


@pytest.mark.parametrize("view", ["full", "braille"])
def test_clubs_and_spades_stay_apart_in_the_pixel_views(view):
    # drawn at every offset within a terminal cell, the two suits never
    # make the same characters
    s = sim.Sim("pico", host.DictStorage())
    cv = s.app.canvas
    draw = sim_view.oled_lines if view == "full" else sim_view.oled_braille
    for dx in range(2):
        for dy in range(4):
            pics = []
            for code in (0x80, 0x83):  # the font's club and spade
                cv.clear()
                cv.glyph(code, 10 + dx, 10 + dy)
                pics.append(draw(s.hw.display))
            assert pics[0] != pics[1], (dx, dy)


def test_cli_text_prints_the_last_screens_lines():
    import subprocess

    p = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--script", "down*3 a", "--text"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        encoding="utf-8",
    )
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].strip() == "Settings  B:back" and lines[1].startswith("▶ Difficulty")


@pytest.mark.skipif(os.name == "nt", reason="POSIX pseudo-terminal")
def test_the_real_program_takes_three_quick_downs_as_three_and_v_shows_the_text(tmp_path):
    # three DOWNs in one read of the terminal: three presses, Settings;
    # v at 80x24: from the braille view to the text view
    code, lines = run_in_pty(80, 24, ["\x1b[B\x1b[B\x1b[B", "v"], tmp_path)
    assert code == 0
    assert "▶ Settings" in [ln.rstrip() for ln in lines], lines
    assert lines[-1] == sim_keys.SHORT_HELP
