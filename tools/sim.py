"""The simulator: the device app, unchanged, on CPython with the host backend.
The 128x64 OLED is drawn in the terminal pixel for pixel (Unicode half blocks,
128 columns x 32 rows) and the LED pegboard below it in colour from the LED
buffer the app writes. CPython only; Pillow for screenshots.

    python3 tools/sim.py                      # interactive (needs a terminal)
    python3 tools/sim.py --script "down*3 a right b" --screenshot out.png

Keys: arrows = d-pad, z/a/space/enter = A, x/b/backspace = B, Z and X hold
A and B long, q quits.

A script is a list of tokens separated by spaces or commas, played on a
simulated clock (20 ms frames), then the last screen is printed:
  up down left right a b      press and release (held 100 ms, 100 ms apart)
  NAME*N                      N times          NAME:MS   held MS ms (a:900 = long A)
  wait:MS (wait = 500 ms)     let time pass    shot:FILE  screenshot now
Settings are kept in ~/.cribbage-sim (interactive) or in memory (scripts);
--storage DIR chooses.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware import main as device  # noqa: E402
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
    ("shot", path), ("quit",). ScriptError names a bad token."""
    steps = []
    for raw in text.replace(",", " ").split():
        tok = raw.strip()
        low = tok.lower()
        if low in ("quit", "q"):
            steps.append(("quit",))
            continue
        if low.startswith("shot:"):
            if not tok[5:]:
                raise ScriptError("shot needs a file name: shot:screen.png")
            steps.append(("shot", tok[5:]))
            continue
        if low == "wait" or low.startswith("wait:"):
            ms = _number(low[5:], raw) if ":" in low else 500
            steps.append(("wait", ms))
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
                "unknown script token %r (use up/down/left/right/a/b, NAME*N, NAME:MS, "
                "wait:MS, shot:FILE, quit)" % raw
            )
        steps.append(("press", NAMES[low], hold, times))
    return steps


def _number(text, token):
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise ScriptError("bad number in script token %r" % token)
    return n


# ---------------------------------------------------------------- drawing
def oled_lines(display):
    """The display as 32 strings of 128 half-block characters."""
    lines = []
    px = display.pixel
    for y in range(0, display.height, 2):
        lines.append("".join(" ▀▄█"[px(x, y) | (px(x, y + 1) << 1)] for x in range(display.width)))
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


def led_rows(n, board):
    rows = []
    for track in led_tracks(n, board):
        for k in range(0, len(track), LED_COLS):
            rows.append(track[k : k + LED_COLS])
        rows.append(None)  # gap between tracks
    return rows[:-1]


def shown_rgb(rgb):
    """LED levels are low (a dim room); brighten for a screen, keep hue."""
    return tuple(int(255 * (v / 255) ** 0.4) for v in rgb)


def led_text(leds, board):
    lines = []
    for row in led_rows(leds.n, board):
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
        lines.append(" ".join(parts) + "\x1b[0m")
    return lines


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
    oled.putdata(
        [
            OLED_ON if display.pixel(i % display.width, i // display.width) else OLED_OFF
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
        self.board = device.load_board(board_name) if board_name else None
        self.app = device.build(
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


def interactive(sim):
    import select
    import termios
    import time
    import tty

    out = sys.stdout
    fd = sys.stdin.fileno()
    cols, rows = os.get_terminal_size(out.fileno())
    need_rows = 34 + len(led_rows(sim.hw.leds.n, sim.board)) + 2
    if cols < 130 or rows < need_rows:
        print(
            "note: the simulator wants a terminal of at least 130x%d (this one is %dx%d)"
            % (need_rows, cols, rows)
        )
        time.sleep(1.5)
    saved = termios.tcgetattr(fd)
    changed = [True]
    sim.hw.display.on_show = lambda d: changed.__setitem__(0, True)
    sim.hw.leds.on_write = lambda leds: changed.__setitem__(0, True)
    until = {}  # bit -> time (ms) the key stops counting as held
    t0 = time.monotonic()
    try:
        tty.setcbreak(fd)
        out.write("\x1b[?1049h\x1b[?25l\x1b[2J")
        while True:
            now = int((time.monotonic() - t0) * 1000)
            ready, _, _ = select.select([fd], [], [], 0)
            if ready:
                data = os.read(fd, 64).decode("latin-1")
                for key in split_keys(data):
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
            if changed[0]:
                changed[0] = False
                draw_terminal(out, sim)
            spent = int((time.monotonic() - t0) * 1000) - now
            time.sleep(max(0, FRAME_MS - spent) / 1000)
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        out.write("\x1b[0m\x1b[?25h\x1b[?1049l")
        out.flush()


def draw_terminal(out, sim):
    parts = ["\x1b[H\x1b[38;2;%d;%d;%dm\x1b[48;2;0;0;0m" % OLED_ON]
    for line in oled_lines(sim.hw.display):
        parts.append(line + "\x1b[K\r\n")
    parts.append("\x1b[0m\r\n")
    for line in led_text(sim.hw.leds, sim.board):
        parts.append(line + "\x1b[K\r\n")
    parts.append("\r\n" + HELP + "\x1b[K")
    out.write("".join(parts))
    out.flush()


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="sim.py",
        description="Run the cribbage handheld's app in the terminal.",
        epilog="Script tokens: up down left right a b, NAME*N, NAME:MS, wait:MS, shot:FILE, quit.",
    )
    p.add_argument("--script", help="play these keys headless, e.g. 'down*3 a right b'")
    p.add_argument("--script-file", help="read the script from a file")
    p.add_argument("--screenshot", metavar="PNG", help="save the last screen and LEDs as PNG")
    p.add_argument("--board", default="pico", help="board description from boards/")
    p.add_argument("--storage", metavar="DIR", help="keep settings and saves in DIR")
    p.add_argument("--quiet", action="store_true", help="headless: do not print the screen")
    args = p.parse_args(argv)

    script = args.script
    if args.script_file:
        try:
            with open(args.script_file) as f:
                script = (script or "") + " " + f.read()
        except OSError as e:
            print("cannot read script file: %s" % e, file=sys.stderr)
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
        code = interactive(sim)
    else:
        sim = Sim(args.board, storage)
        try:
            sim.run_script(steps)
        except OSError as e:
            print("sim.py: %s" % e, file=sys.stderr)
            return 2
        if not args.quiet:
            print("\n".join(oled_lines(sim.hw.display)))
            if sim.app.last_error:
                print("last error: %s" % sim.app.last_error)
        code = 0
    if args.screenshot:
        size = screenshot(args.screenshot, sim.hw.display, sim.hw.leds, sim.board)
        if not args.quiet:
            print("saved %s (%dx%d)" % (args.screenshot, size[0], size[1]))
    return code


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
