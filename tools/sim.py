"""The simulator: the device app, unchanged, on CPython with the host backend.
The 128x64 OLED is drawn in the terminal and the LED pegboard below it in
colour from the LED buffer the app writes, in the largest view that fits the
terminal, chosen again when it is resized (or --view): pixel for pixel in
half blocks with the LEDs spaced out (128x42 for the pico), the same with a
track of LEDs a row (128x38), 2x4 pixels a braille cell with 61 LEDs a
row, which fits 80x24 (64x24), or below that the screen's text lines
(41x20: tools/simulator/text.py); v switches the view. CPython only, standard library only (keys by
termios, or msvcrt on Windows); Pillow for screenshots.

    python3 tools/sim.py                      # interactive (needs a terminal)
    python3 tools/sim.py --script "down*3 a right b" --screenshot out.png
    python3 tools/sim.py --script "down*3 a" --text   # the last screen as text
    python3 tools/sim.py --host PORT   /   --join HOST:PORT   # play a friend
    python3 tools/sim.py --server HOST:PORT --room CODE [--open]  # in a table server's room

Keys: arrows = d-pad, z/a/space/enter = A, x/b/backspace = B, Z and X hold
A and B long, c presses A and B together (the score keeper's menu), v
switches the view (the largest that fits, then each in turn), q quits.
Each key the terminal delivers is one press, however quickly they come.

A script is a list of tokens separated by spaces or commas, played on a
simulated clock (20 ms frames), then the last screen is printed:
  up down left right a b      press and release (held 100 ms, 100 ms apart)
  ab                          A and B pressed together (the keeper's menu)
  NAME*N                      N times          NAME:MS   held MS ms (a:900 = long A)
  (N at most 1000, MS at most 600000, an hour of simulated time in all)
  wait:MS (wait = 500 ms)     let time pass    shot:FILE  screenshot now
  battery:MV                  the battery now reads MV millivolts (the gauge
                              follows at the next reading, within 10 s)
Settings are kept in ~/.cribbage-sim (interactive) or in memory (scripts);
--storage DIR chooses.

This file holds ``Sim`` (the app on a
simulated clock), the interactive loop and the command line; the scripts are
tools/simulator/script.py, the drawing and
screenshots are tools/simulator/view.py, the keyboard tools/simulator/keys.py, a
friend's table tools/sim_table.py. Imports
firmware.boot, firmware.hw.host, simulator.keys, .script, .text and .view (sim_table
with --host, --join or --server); boards
to check --board.
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware import boot  # noqa: E402
from firmware.hw import host  # noqa: E402
from simulator.keys import KEYS, VIEW_KEYS, PosixInput, Presses, WindowsInput  # noqa: E402
from simulator.text import ScreenText  # noqa: E402
from simulator.view import (  # noqa: E402
    VIEW_NAMES,
    draw_terminal,
    next_view,
    oled_braille,
    oled_lines,
    panel_state,
    pico_size,
    screenshot,
)

from simulator.script import (  # noqa: E402, F401  given on: the tests read them here
    FRAME_MS,
    TAP_MS,
    ScriptError,
    parse_script,
)


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
        self.text = ScreenText(self.app.canvas)  # the screen's text, as it is drawn

    def tick(self, now):
        self.text.watch_keeper()
        self.app.tick(now)
        if self.app.next is not None:  # it ended naming the next mode: the next app
            from firmware import main

            self.app = main.again(self.app)
            self.text = ScreenText(self.app.canvas)

    def frame(self, raw):
        self.hw.buttons.set(raw)
        clock = self.hw.clock
        self.tick(clock.ticks_ms())
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


def interactive(sim, view=None):
    """Play in the terminal; ``view`` forces one of VIEW_NAMES, else the
    largest that fits is chosen again whenever the terminal is resized."""
    import time

    out = sys.stdout
    changed = [True]
    sim.hw.display.on_show = lambda d: changed.__setitem__(0, True)
    sim.hw.leds.on_write = lambda leds: changed.__setitem__(0, True)
    presses = Presses()  # each key one press, in turn
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
                    if key in VIEW_KEYS and size is not None:  # the next view that fits
                        d = sim.hw.display
                        view = next_view(view, size[0], size[1], d, sim.hw.leds.n, sim.board)
                        size = None
                    elif key in KEYS:
                        presses.add(*KEYS[key])
                sim.hw.buttons.set(presses.raw(now, sim.app.buttons.held))
                sim.tick(now)
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


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="sim.py",
        description="Run the cribbage handheld's app in the terminal.",
        epilog="Script tokens: up down left right a b ab, NAME*N, NAME:MS, wait:MS, shot:FILE, "
        "battery:MV, quit.",
    )
    p.add_argument("--script", help="play these keys headless, e.g. 'down*3 a right b'")
    p.add_argument("--script-file", help="read the script from a file")
    p.add_argument("--screenshot", metavar="PNG", help="save the last screen and LEDs as PNG")
    p.add_argument("--board", default="pico", help="board description from boards/")
    p.add_argument("--storage", metavar="DIR", help="keep settings and saves in DIR")
    p.add_argument("--quiet", action="store_true", help="headless: do not print the screen")
    p.add_argument(
        "--text",
        action="store_true",
        help="headless: print the last screen's text lines (what it says, suits as ♣♦♥♠) "
        "instead of its pixels",
    )
    p.add_argument(
        "--battery",
        type=int,
        metavar="MV",
        help="the simulated battery's voltage in mV (the gauge shows on boards that have one)",
    )
    side = p.add_mutually_exclusive_group()
    side.add_argument("--host", type=int, metavar="PORT", help="open a table for a friend on PORT")
    side.add_argument("--join", metavar="HOST:PORT", help="join a friend's table there")
    side.add_argument(
        "--server", metavar="HOST:PORT", help="play in a room of the table server there"
    )
    p.add_argument("--room", metavar="CODE", help="with --server: the room's four-letter code")
    p.add_argument(
        "--open", action="store_true", help="with --server: open the room (seat A), else join it"
    )
    p.add_argument(
        "--view",
        choices=VIEW_NAMES,
        help="terminal drawing (default: the largest that fits; full needs %dx%d, "
        "compact %dx%d, braille %dx%d, text %dx%d); headless: how the screen is printed"
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
        if not _table(sim, args, False):
            return 2
        code = interactive(sim, args.view)
    else:
        sim = Sim(args.board, storage)
        sim.hw.battery = args.battery
        if not _table(sim, args, True):
            return 2
        try:
            sim.run_script(steps)
        except (OSError, ValueError) as e:  # a screenshot that cannot be written
            print("sim.py: %s" % e, file=sys.stderr)
            return 2
        if (args.text or args.view == "text") and not args.quiet:
            print("\n".join(sim.text.lines()))
        elif not args.quiet:
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


def _table(sim, args, scripted):
    # --host / --join / --server: the friend's table over TCP (tools/sim_table.py)
    given = (args.host, args.join, args.server, args.room)
    if given == (None, None, None, None) and not args.open:
        return True
    import sim_table

    try:
        sim_table.wire(sim, args.host, args.join, scripted, args.server, args.room, args.open)
    except (OSError, ValueError) as e:
        print("sim.py: %s" % e, file=sys.stderr)
        return False
    return True


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
