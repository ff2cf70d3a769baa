"""The simulator: the device app, unchanged, on CPython with the host backend.
The 128x64 OLED is drawn in the terminal and the LED pegboard below it in
colour from the LED buffer the app writes, in the largest view that fits the
terminal, chosen again when it is resized (or --view): pixel for pixel in
half blocks with the LEDs spaced out (128x42 for the pico), the same with a
track of LEDs a row (128x38), or 2x4 pixels a braille cell with 61 LEDs a
row, which fits 80x24 (64x24). CPython only, standard library only (keys by
termios, or msvcrt on Windows); Pillow for screenshots.

    python3 tools/sim.py                      # interactive (needs a terminal)
    python3 tools/sim.py --script "down*3 a right b" --screenshot out.png

Keys: arrows = d-pad, z/a/space/enter = A, x/b/backspace = B, Z and X hold
A and B long, q quits.

A script is a list of tokens separated by spaces or commas, played on a
simulated clock (20 ms frames), then the last screen is printed:
  up down left right a b      press and release (held 100 ms, 100 ms apart)
  NAME*N                      N times          NAME:MS   held MS ms (a:900 = long A)
  wait:MS (wait = 500 ms)     let time pass    shot:FILE  screenshot now
  battery:MV                  the battery now reads MV millivolts (the gauge
                              follows at the next reading, within 10 s)
Settings are kept in ~/.cribbage-sim (interactive) or in memory (scripts);
--storage DIR chooses.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware import boot  # noqa: E402
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP  # noqa: E402
from firmware.hw import host  # noqa: E402

FRAME_MS = 20
TAP_MS = 100
KEY_HOLD_MS = 150  # a terminal key counts as held this long (key repeat extends it)
LONG_HOLD_MS = 900
SCALE = 4
LED_CELL = 12  # screenshot pixels per LED
LED_COLS = 41  # LEDs per row in the drawing (121 = 41 + 41 + 39)
OLED_ON = (190, 225, 255)
OLED_OFF = (0, 0, 0)

NAMES = {
    "up": UP,
    "u": UP,
    "down": DOWN,
    "d": DOWN,
    "left": LEFT,
    "l": LEFT,
    "right": RIGHT,
    "r": RIGHT,
    "a": A,
    "z": A,
    "b": B,
    "x": B,
}


class ScriptError(ValueError):
    pass


def parse_script(text):
    """Tokens -> list of steps: ("press", bit, hold_ms, times), ("wait", ms),
    ("shot", path), ("battery", mv), ("quit",). ScriptError names a bad token."""
    steps = []
    for i in range(len(text)):  # one grammar: ASCII, as on the device's tools
        if text[i] > "~":
            raise ScriptError("the script is not plain ASCII text (character %d)" % (i + 1))
    for raw in text.replace(",", " ").split():
        tok = raw.strip()
        low = tok.lower()
        if low in ("quit", "q"):
            steps.append(("quit",))
            continue
        if low.startswith("shot:"):
            if not low.endswith(".png") or len(tok) < 10:
                raise ScriptError(
                    "shot needs a .png file name: shot:screen.png, not %s" % _clip(raw)
                )
            steps.append(("shot", tok[5:]))
            continue
        if low == "wait" or low.startswith("wait:"):
            ms = _number(low[5:], raw) if ":" in low else 500
            steps.append(("wait", ms))
            continue
        if low.startswith("battery:"):
            steps.append(("battery", _number(low[8:], raw)))
            continue
        times = 1
        if "*" in low:
            low, n = low.split("*", 1)
            times = _number(n, raw)
        hold = TAP_MS
        if ":" in low:
            low, ms = low.split(":", 1)
            hold = _number(ms, raw)
        if low not in NAMES:
            raise ScriptError(
                "unknown script token %s (use up/down/left/right/a/b, NAME*N, NAME:MS, "
                "wait:MS, shot:FILE, battery:MV, quit)" % _clip(raw)
            )
        steps.append(("press", NAMES[low], hold, times))
    return steps


def _clip(text):
    """``text`` quoted for a message, at most 60 characters of it."""
    return repr(text[:60]) + "..." if len(text) > 60 else repr(text)


def _number(text, token):
    if not text or len(text) > 9 or not all(c in "0123456789" for c in text):
        raise ScriptError("bad number in script token %s" % _clip(token))
    return int(text)


# ---------------------------------------------------------------- drawing
# Terminal views, largest first: (name, OLED drawing, LEDs per row, gap
# between LEDs). "full" is the OLED pixel for pixel in half blocks (1x2
# pixels a cell, 128x32 cells) with the LEDs spaced out (128x42 for the
# pico); "compact" the same OLED with a track of LEDs a row (128x38);
# "braille" 2x4 pixels a cell (64x16 cells) and 61 LEDs a row, which fits an
# 80x24 terminal (64x24).
VIEWS = (("full", "half", LED_COLS, 1), ("compact", "half", 121, 0), ("braille", "braille", 61, 0))
VIEW_NAMES = tuple(v[0] for v in VIEWS)
# braille dot bits for (x, y) inside a 2x4 cell
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def oled_lines(display):
    """The display as 32 strings of 128 half-block characters."""
    lines = []
    px = display.pixel
    for y in range(0, display.height, 2):
        lines.append("".join(" ▀▄█"[px(x, y) | (px(x, y + 1) << 1)] for x in range(display.width)))
    return lines


def oled_braille(display):
    """The display as 16 strings of 64 braille characters (2x4 pixels each)."""
    lines = []
    px = display.pixel
    for y0 in range(0, display.height, 4):
        row = []
        for x0 in range(0, display.width, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if px(x0 + dx, y0 + dy):
                        bits |= _DOTS[dy][dx]
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


def led_tracks(n, board):
    """The LED indices to draw, as a list of tracks (lists), from the board's
    LAYOUT when it has one, else the strip in one run."""
    layout = getattr(board, "LAYOUT", None) if board is not None else None
    if not layout:
        return [list(range(n))]
    per = layout.get("holes", 121) + layout.get("start", 0)
    off = layout.get("offset", 0)
    tracks = layout.get("tracks", 1)
    out = []
    for t in range(tracks):
        first = off + t * per
        out.append([i for i in range(first, first + per) if i < n])
    return out


def led_rows(n, board, per_row=LED_COLS):
    """The LED indices row by row as drawn (``per_row`` a row), None for the
    gap between tracks."""
    rows = []
    for track in led_tracks(n, board):
        for k in range(0, len(track), per_row):
            rows.append(track[k : k + per_row])
        rows.append(None)  # gap between tracks
    return rows[:-1]


def shown_rgb(rgb):
    """LED levels are low (a dim room); brighten for a screen, keep hue."""
    return tuple(int(255 * (v / 255) ** 0.4) for v in rgb)


def led_text(leds, board, per_row=LED_COLS, gap=1):
    """The LED board as coloured text: ``per_row`` LEDs a line, ``gap``
    spaces between them."""
    lines = []
    for row in led_rows(leds.n, board, per_row):
        if row is None:
            lines.append("")
            continue
        parts = []
        for i in row:
            rgb = leds.rgb(i)
            if any(rgb):
                r, g, b = shown_rgb(rgb)
                parts.append("\x1b[38;2;%d;%d;%dm●" % (r, g, b))
            else:
                parts.append("\x1b[38;2;60;60;60m·")
        lines.append((" " * gap).join(parts) + "\x1b[0m")
    return lines


def view_size(view, display, n_leds, board):
    """(columns, rows) the terminal needs for ``view``: the OLED, a blank
    line, the LED rows, a blank line and the key help."""
    _, oled, per_row, gap = VIEWS[VIEW_NAMES.index(view)]
    cols, rows = (
        (display.width, display.height // 2)
        if oled == "half"
        else (display.width // 2, display.height // 4)
    )
    led = led_rows(n_leds, board, per_row)
    widest = max([len(r) * (1 + gap) - gap for r in led if r] or [0])
    return max(cols, widest, len(HELP)), rows + 1 + len(led) + 2


def choose_view(cols, rows, display, n_leds, board):
    """The largest view that fits a ``cols`` x ``rows`` terminal, or None."""
    for view in VIEW_NAMES:
        w, h = view_size(view, display, n_leds, board)
        if w <= cols and h <= rows:
            return view
    return None


def oled_color(display):
    """The colour of a lit pixel as the panel shows it now: dimmer at a low
    contrast (the idle dimming), black when the panel is off."""
    if not getattr(display, "on", True):
        return OLED_OFF
    level = min(getattr(display, "level", 255), 0xCF)  # 0xCF: the SSD1306's power-up level
    f = 0.25 + 0.75 * level / 0xCF
    return tuple(int(c * f) for c in OLED_ON)


def panel_state(display):
    """'' when the panel is on at full contrast, else what it is doing."""
    if not getattr(display, "on", True):
        return "(screen off)"
    if getattr(display, "level", 255) < 0xCF:
        return "(dimmed)"
    return ""


def frame_lines(display, leds, board, view):
    """The whole terminal picture for ``view`` as lines (with colour codes)."""
    _, oled, per_row, gap = VIEWS[VIEW_NAMES.index(view)]
    on = "\x1b[38;2;%d;%d;%dm\x1b[48;2;0;0;0m" % oled_color(display)
    pic = oled_lines(display) if oled == "half" else oled_braille(display)
    lines = [on + line + "\x1b[0m" for line in pic]
    lines.append("")
    lines.extend(led_text(leds, board, per_row, gap))
    lines.append("")
    lines.append(HELP)
    return lines


def too_small(cols, rows, display, n_leds, board):
    """What to show when not even the smallest view fits."""
    w, h = view_size(VIEW_NAMES[-1], display, n_leds, board)
    text = "terminal %dx%d: make it at least %dx%d (q quits)" % (cols, rows, w, h)
    return [text[: max(1, cols - 1)]]


def visible_len(line):
    """Columns a line takes on screen (colour codes take none)."""
    n = 0
    i = 0
    while i < len(line):
        if line[i] == "\x1b":
            i = line.index("m", i) + 1
            continue
        n += 1
        i += 1
    return n


def screenshot(path, display, leds, board):
    """Save the screen (scaled SCALE times) with the LED board under it."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise SystemExit("screenshots need Pillow: pip install -r requirements.txt")
    rows = led_rows(leds.n, board)
    w = display.width * SCALE
    h = display.height * SCALE + LED_CELL // 2 + len(rows) * LED_CELL
    img = Image.new("RGB", (w, h), (20, 20, 20))
    oled = Image.new("RGB", (display.width, display.height))
    lit = oled_color(display)
    oled.putdata(
        [
            lit if display.pixel(i % display.width, i // display.width) else OLED_OFF
            for i in range(display.width * display.height)
        ]
    )
    img.paste(oled.resize((w, display.height * SCALE), Image.NEAREST), (0, 0))
    draw = ImageDraw.Draw(img)
    top = display.height * SCALE + LED_CELL // 2
    for r, row in enumerate(rows):
        if row is None:
            continue
        for c, i in enumerate(row):
            rgb = leds.rgb(i)
            color = shown_rgb(rgb) if any(rgb) else (50, 50, 50)
            x = c * LED_CELL + 2
            y = top + r * LED_CELL + 2
            draw.ellipse((x, y, x + LED_CELL - 4, y + LED_CELL - 4), fill=color)
    img.save(path)
    return img.size


# ---------------------------------------------------------------- running
class Sim:
    def __init__(self, board_name="pico", storage=None, clock=None):
        self.board = boot.load_board(board_name) if board_name else None
        self.app = boot.build(
            backend="host",
            board=self.board,
            storage=storage if storage is not None else host.DictStorage(),
            clock=clock if clock is not None else host.SimClock(),
            resume=True,  # like the device: reopen the mode that was open
        )
        self.hw = self.app.hw

    def frame(self, raw):
        self.hw.buttons.set(raw)
        clock = self.hw.clock
        self.app.tick(clock.ticks_ms())
        clock.sleep_ms(FRAME_MS)

    def hold(self, raw, ms):
        for _ in range(max(1, ms // FRAME_MS)):
            self.frame(raw)

    def run_script(self, steps, on_shot=None):
        """Play parsed steps on the simulated clock; returns False at quit."""
        self.frame(0)
        for step in steps:
            kind = step[0]
            if kind == "quit":
                return False
            if kind == "wait":
                self.hold(0, step[1])
            elif kind == "shot":
                screenshot(step[1], self.hw.display, self.hw.leds, self.board)
            elif kind == "battery":
                self.hw.battery = step[1]
            else:
                _, bit, ms, times = step
                for _ in range(times):
                    self.hold(bit, ms)
                    self.hold(0, TAP_MS)
        self.hold(0, TAP_MS)
        return True


KEYS = {
    "\x1b[A": (UP, KEY_HOLD_MS),
    "\x1b[B": (DOWN, KEY_HOLD_MS),
    "\x1b[C": (RIGHT, KEY_HOLD_MS),
    "\x1b[D": (LEFT, KEY_HOLD_MS),
    "\x1bOA": (UP, KEY_HOLD_MS),
    "\x1bOB": (DOWN, KEY_HOLD_MS),
    "\x1bOC": (RIGHT, KEY_HOLD_MS),
    "\x1bOD": (LEFT, KEY_HOLD_MS),
    "z": (A, KEY_HOLD_MS),
    "a": (A, KEY_HOLD_MS),
    " ": (A, KEY_HOLD_MS),
    "\r": (A, KEY_HOLD_MS),
    "\n": (A, KEY_HOLD_MS),
    "x": (B, KEY_HOLD_MS),
    "b": (B, KEY_HOLD_MS),
    "\x7f": (B, KEY_HOLD_MS),
    "\x08": (B, KEY_HOLD_MS),
    "Z": (A, LONG_HOLD_MS),
    "A": (A, LONG_HOLD_MS),
    "X": (B, LONG_HOLD_MS),
    "B": (B, LONG_HOLD_MS),
}
HELP = "arrows: d-pad   z/a: A   x/b: B   Z/X: long A/B   q: quit"


def split_keys(data):
    """Terminal input -> list of key strings (escape sequences kept whole)."""
    keys = []
    i = 0
    while i < len(data):
        if data[i] == "\x1b" and i + 2 < len(data) and data[i + 1] in "[O":
            keys.append(data[i : i + 3])
            i += 3
        else:
            keys.append(data[i])
            i += 1
    return keys


# Windows console: an arrow key is a prefix then a letter
WIN_ARROWS = {"H": "\x1b[A", "P": "\x1b[B", "M": "\x1b[C", "K": "\x1b[D"}


def windows_keys(chars):
    """msvcrt.getwch() characters -> key strings as split_keys gives them."""
    keys = []
    i = 0
    while i < len(chars):
        if chars[i] in "\x00\xe0" and i + 1 < len(chars):
            if chars[i + 1] in WIN_ARROWS:
                keys.append(WIN_ARROWS[chars[i + 1]])
            i += 2
        else:
            keys.append(chars[i])
            i += 1
    return keys


class PosixInput:
    """Keys from a POSIX terminal in cbreak mode."""

    def __enter__(self):
        import termios
        import tty

        self.fd = sys.stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(self, *exc):
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def keys(self):
        import select

        if not select.select([self.fd], [], [], 0)[0]:
            return []
        return split_keys(os.read(self.fd, 64).decode("latin-1"))


class WindowsInput:
    """Keys from the Windows console (msvcrt); turns on its colour codes."""

    def __enter__(self):
        os.system("")  # lets the console obey escape sequences (Windows 10 and later)
        return self

    def __exit__(self, *exc):
        pass

    def keys(self):
        import msvcrt

        chars = []
        while msvcrt.kbhit():
            chars.append(msvcrt.getwch())
        return windows_keys("".join(chars))


def interactive(sim, view=None):
    """Play in the terminal; ``view`` forces one of VIEW_NAMES, else the
    largest that fits is chosen again whenever the terminal is resized."""
    import time

    out = sys.stdout
    changed = [True]
    sim.hw.display.on_show = lambda d: changed.__setitem__(0, True)
    sim.hw.leds.on_write = lambda leds: changed.__setitem__(0, True)
    until = {}  # bit -> time (ms) the key stops counting as held
    size = None
    t0 = time.monotonic()
    source = WindowsInput() if os.name == "nt" else PosixInput()
    try:
        with source:
            out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
            while True:
                now = int((time.monotonic() - t0) * 1000)
                for key in source.keys():
                    if key in ("q", "Q", "\x03"):
                        return 0
                    if key in KEYS:
                        bit, ms = KEYS[key]
                        until[bit] = max(until.get(bit, 0), now + ms)
                raw = 0
                for bit, t in until.items():
                    if t > now:
                        raw |= bit
                sim.hw.buttons.set(raw)
                sim.app.tick(now)
                now_size = tuple(os.get_terminal_size(out.fileno()))
                if now_size != size:
                    size = now_size
                    changed[0] = True
                    out.write("\x1b[2J")
                if changed[0]:
                    changed[0] = False
                    draw_terminal(out, sim, size[0], size[1], view)
                spent = int((time.monotonic() - t0) * 1000) - now
                time.sleep(max(0, FRAME_MS - spent) / 1000)
    except KeyboardInterrupt:
        return 0
    finally:
        out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        out.flush()


class _Panel:
    width, height = 128, 64


def pico_size(view):
    """(columns, rows) ``view`` needs with the pico board's 242 LEDs."""
    import boards

    b = boards.load("pico")
    return view_size(view, _Panel, b.N_LEDS, b)


def terminal_lines(sim, cols, rows, view=None):
    """What the terminal shows at ``cols`` x ``rows``: the forced ``view`` or
    the largest that fits, else a line asking for a bigger terminal."""
    d, leds = sim.hw.display, sim.hw.leds
    view = view or choose_view(cols, rows, d, leds.n, sim.board)
    if view is None:
        return too_small(cols, rows, d, leds.n, sim.board)
    return frame_lines(d, leds, sim.board, view)


def draw_terminal(out, sim, cols, rows, view=None):
    lines = terminal_lines(sim, cols, rows, view)
    out.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K")
    out.flush()


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="sim.py",
        description="Run the cribbage handheld's app in the terminal.",
        epilog="Script tokens: up down left right a b, NAME*N, NAME:MS, wait:MS, shot:FILE, "
        "battery:MV, quit.",
    )
    p.add_argument("--script", help="play these keys headless, e.g. 'down*3 a right b'")
    p.add_argument("--script-file", help="read the script from a file")
    p.add_argument("--screenshot", metavar="PNG", help="save the last screen and LEDs as PNG")
    p.add_argument("--board", default="pico", help="board description from boards/")
    p.add_argument("--storage", metavar="DIR", help="keep settings and saves in DIR")
    p.add_argument("--quiet", action="store_true", help="headless: do not print the screen")
    p.add_argument(
        "--battery",
        type=int,
        metavar="MV",
        help="the simulated battery's voltage in mV (the gauge shows on boards that have one)",
    )
    p.add_argument(
        "--view",
        choices=VIEW_NAMES,
        help="terminal drawing (default: the largest that fits; full needs %dx%d, "
        "compact %dx%d, braille %dx%d); headless: how the screen is printed"
        % tuple(n for v in VIEW_NAMES for n in pico_size(v)),
    )
    args = p.parse_args(argv)

    script = args.script
    if args.script_file:
        try:
            with open(args.script_file, "rb") as f:
                data = f.read(1 << 20)
        except OSError as e:
            print("sim.py: cannot read script file: %s" % e, file=sys.stderr)
            return 2
        bad = [b for b in data if b > 126 or (b < 32 and b not in (9, 10, 13))]
        if bad:
            print(
                "sim.py: the script file is not plain ASCII text (byte 0x%02x)" % bad[0],
                file=sys.stderr,
            )
            return 2
        script = (script or "") + " " + data.decode()
    if args.screenshot and not args.screenshot.lower().endswith(".png"):
        print("sim.py: --screenshot needs a .png file name", file=sys.stderr)
        return 2
    steps = []
    if script is not None:
        try:
            steps = parse_script(script)
        except ScriptError as e:
            print("sim.py: %s" % e, file=sys.stderr)
            return 2
    elif not sys.stdin.isatty() or not sys.stdout.isatty():
        print(
            "sim.py: the interactive simulator needs a terminal (stdin and stdout are not one).\n"
            "Run it in a terminal, or headless with --script, e.g.:\n"
            '  python3 tools/sim.py --script "down*3 a" --screenshot screen.png',
            file=sys.stderr,
        )
        return 2
    if args.board not in ("", "none"):
        import boards

        if args.board not in boards.NAMES:
            print(
                "sim.py: unknown board %r; choose one of: %s"
                % (args.board, ", ".join(boards.NAMES)),
                file=sys.stderr,
            )
            return 2

    if args.storage:
        storage = host.DirStorage(args.storage)
    elif script is None:
        storage = host.DirStorage(os.path.expanduser("~/.cribbage-sim"))
    else:
        storage = host.DictStorage()

    if script is None:
        sim = Sim(args.board, storage, host.RealClock())
        sim.hw.battery = args.battery
        code = interactive(sim, args.view)
    else:
        sim = Sim(args.board, storage)
        sim.hw.battery = args.battery
        try:
            sim.run_script(steps)
        except (OSError, ValueError) as e:  # a screenshot that cannot be written
            print("sim.py: %s" % e, file=sys.stderr)
            return 2
        if not args.quiet:
            braille = args.view == "braille"
            print("\n".join((oled_braille if braille else oled_lines)(sim.hw.display)))
            if panel_state(sim.hw.display):
                print(panel_state(sim.hw.display))
            if sim.app.last_error:
                print("last error: %s" % sim.app.last_error)
        code = 0
    if args.screenshot:
        try:
            size = screenshot(args.screenshot, sim.hw.display, sim.hw.leds, sim.board)
        except (OSError, ValueError) as e:
            print("sim.py: cannot save the screenshot: %s" % e, file=sys.stderr)
            return 2
        if not args.quiet:
            print("saved %s (%dx%d)" % (args.screenshot, size[0], size[1]))
    return code


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
