"""The device half of tools/bench_device.py: runs ON the target MicroPython
(the unix port, the emulated Pico, a real board) beside the app's .mpy files
and prints each figure as a line ``@@ name value``. Kept small and apart from
the PC side because on a Pico its own bytecode sits in the heap it measures.
Imports gc, sys, time at the top; the app, ``machine`` and ``neopixel``
when a section runs; app_driver (the player of the play screen) for the
smoke; devparts for the frames and opponent sections. Its ``Rig``
and button helpers drive the app for tools/bench/mode_boots.py (a boot into
each mode) and tools/table_bench_dev.py too.

    import devbench; devbench.main("frames")      # or "opponent", "smoke"

The frames and opponent sections live in tools/bench/devparts.py (loaded only for
them), so a mode's heap (mode_boots) is weighed with the least of this harness loaded.

The hardware is the device's own where it matters (the SSD1306 driver and
its page diffing over a bus, the strip through ``neopixel`` on a Pico, saves
as files on the target's filesystem through ``firmware.hw.files``, the
battery gauge's VSYS read through the mp backend's ``Battery`` on a Pico:
the emulator is given a voltage on that pin, elsewhere it reads
``VSYS_MV``) with three stand-ins: the buttons are a script, the OLED's I2C
bus counts bytes instead of sending them, and the clock is simulated (every
frame 20 ms after the last), so a game is the same moves on every target.
Frame times are real (``time.ticks_us``).

Sections:
  smoke      the device smoke test (host_tests/test_emu_mp.py on the emulated
             Pico, host_tests/test_device_half.py on the unix port): the boot
             path, ``firmware.main.run`` on this hardware from the import of
             ``firmware.main`` (board.txt, the app, the menu shown), then by
             buttons the menu, settings to hard, a deal against hard to the
             discard prompt, save and quit, the keeper's +1 and its undo, back
             to the menu; the text on the screen at each step and the files
             saved (each mode the menu opens is a new app, built in this
             interpreter as ``firmware.main.run`` builds it where the
             backend's restart returns)
  frames     one redraw (clear, draw, show) of every screen: menu, settings,
             keeper, counter, statistics, play (discard, pegging, show page,
             game over); a menu cursor move (4 frames, one redraw) and the
             bytes it sends; 21 characters of text; six cards; the LED board
             (still frame, win chase); keeper +1 and its undo with their saves;
             690 hand scores
  opponent   every decision of easy, medium and hard in ``games`` games each
             against itself: discard and pegging median and worst; then 40
             built replies to a lead with four cards in hand (medium, hard)
"""

import gc
import sys
import time

IS_MP = sys.implementation.name == "micropython"
ON_PICO = sys.platform == "rp2"


def out(name, value):
    print("@@", name, value)


if IS_MP:
    now_us = time.ticks_us

    def since(t):
        return time.ticks_diff(time.ticks_us(), t)

else:

    def now_us():
        return time.perf_counter_ns() // 1000

    def since(t):
        return now_us() - t


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if xs else 0


class NullBus:
    """The OLED's I2C with nothing on it: counts the bytes a frame sends."""

    def __init__(self):
        self.bytes = 0

    def writeto(self, addr, buf):
        self.bytes += len(buf)

    def writevto(self, addr, bufs):
        for b in bufs:
            self.bytes += len(b)


class Rig:
    """A ``Hardware`` (firmware/hal.py): the device's display driver, strip
    and file storage; scripted buttons (``bits``, or ``player``, a generator
    of bitmasks, one a frame; its end stops ``firmware.main.run`` with
    SystemExit); a simulated clock; ``feed()`` times each frame from the
    buttons' read (the slowest, those over 100 ms), or with ``heap`` also
    collects and weighs the heap (the most live and where)."""

    staged = True  # a device: modes load a module a frame (firmware/loading.py)

    def __init__(self, board, root):
        import os

        from firmware.hw.files import FileStorage
        from firmware.hw.ssd1306 import SSD1306

        oled = getattr(board, "OLED", {})
        self.bus = NullBus()
        self.display = SSD1306(
            self.bus, oled.get("address", 0x3C), oled.get("width", 128), oled.get("height", 64)
        )
        n = getattr(board, "N_LEDS", 242)
        if ON_PICO:
            import machine
            import neopixel

            from firmware.hw import mp

            self.leds = mp.Leds(machine, neopixel, board.LED_PIN, n)
        else:
            self.leds = _HostLeds(n)
        # the battery gauge, as a board with BATTERY data has it: on a Pico its
        # VSYS read (the mp backend's Battery on the board's ADC pin; the
        # emulator is given a voltage there), elsewhere a fixed reading
        self._battery = None
        spec = getattr(board, "BATTERY", None)
        if spec and ON_PICO:
            import machine

            from firmware.hw import mp

            self._battery = mp.Battery(machine, spec)
        elif spec:
            self._battery = _FixedCell()
        self.hints = 0  # hints asked (tools/bench/devorders.py)
        self.storage = FileStorage(os, root)
        self.clock = self
        self.buttons = self
        self.bits = 0
        self.player = None
        self.ms = 0
        self.heap = False
        self.t = None  # ticks_us at this frame's button read
        self.frames = 0
        self.device = None  # firmware.main, when it runs the app
        self.slow = []  # (us, screen class name, page) of the slowest frames
        self.over100 = 0
        self.boot_us = -1
        self.t_start = 0
        self.live_peak = 0
        self.live_where = ("", 0)  # the screen class name and page of the peak

    # clock
    def ticks_ms(self):
        return self.ms

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, n):
        self.ms += n

    # buttons
    def read(self):
        self.t = now_us()
        if self.player is None:
            return self.bits
        try:
            return next(self.player)
        except StopIteration:
            raise SystemExit

    # the watchdog: the end of a frame
    def feed(self):
        t = self.t
        if t is None:
            return
        us = since(t)
        self.t = None
        app = self.device.app if self.device is not None else None
        if self.boot_us < 0:
            self.boot_us = since(self.t_start)
        self.frames += 1
        if us > 100000:
            self.over100 += 1
        slow = self.slow
        if len(slow) < 6 or us > slow[-1][0]:
            name, page = where(app)
            slow.append((us, name, page))
            slow.sort(key=lambda e: -e[0])
            if len(slow) > 6:
                slow.pop()
        if self.heap:
            gc.collect()
            a = gc.mem_alloc()
            if a > self.live_peak:
                self.live_peak = a
                self.live_where = where(app)
                qstr_info("peak")  # the names held then

    def reset(self):
        raise SystemExit

    def battery_mv(self):
        b = self._battery
        return b.read_mv() if b is not None else None


class _FixedCell:
    # off a Pico: the gauge reads what 3 fresh AA cells give (4.5 V)
    def read_mv(self):
        return VSYS_MV


VSYS_MV = 4500  # the supply the emulated Pico's VSYS pin is given (tools/bench/mp_device.py)


class _HostLeds:
    def __init__(self, n):
        self.n = n
        self.last = bytearray(n * 3)

    def write(self, buf):
        self.last[:] = buf


def where(app):
    """Which screen a frame ended on: its class name and table page (0: none),
    without making a string."""
    if app is None:
        return "(no app)", 0
    top = app.stack[-1]
    return type(top).__name__, getattr(getattr(top, "table", None), "page", None) or 0


def label(app):
    """Which screen a frame ended on, for the slowest frames."""
    if app is None:
        return "(no app)"
    top = app.stack[-1]
    name = type(top).__name__
    page = getattr(getattr(top, "table", None), "page", None)
    if page:
        name += ".page%d" % page
    return name


def board_and_root():
    from firmware import boot

    board = boot.load_board(boot.board_name())
    root = "/data" if ON_PICO else "data"
    return board, root


# ---- buttons -------------------------------------------------------------


def press(bit, frames=2):
    for _ in range(frames):
        yield bit
    yield 0
    yield 0


def open_entry(device, name):
    """From the menu, move the cursor to the entry of module ``name``, press
    A, and give the frames the mode's code takes to load (a module a frame)."""
    from firmware.hal import A, DOWN
    from firmware.screens.menu import ENTRIES

    import app_driver

    want = [e[1] for e in ENTRIES].index(name)
    while device.app.stack[-1].cursor != want:
        yield from press(DOWN)
    yield from press(A)
    while app_driver.loading(device.app):
        yield 0


def at_menu(device, what):
    app = device.app
    if app is None or len(app.stack) != 1 or device.crashes or app.errors:
        print(
            "@@ error", what, "did not end at the menu:", app and label(app), app and app.last_error
        )
        raise SystemExit


def snap(device, name):
    """One full redraw with every string drawn recorded: printed as ``@@
    text_<name> ...`` (the strings joined by " | ")."""
    app = device.app
    seen = []
    cv = app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        seen.append(s if isinstance(s, str) else "".join([chr(b) for b in s]))
        return plain(s, x, y, c, dim)

    cv.text = record
    app.invalidate()
    yield 0
    del cv.text
    out("text_" + name, " | ".join(seen))


def smoke_script(device, rig):
    """The device smoke test's run: the menu, a deal against hard (to the
    discard prompt), save and quit, the keeper's +1 and its undo, back to
    the menu; the screen's text at each step."""
    import os

    from firmware.hal import A, B, DOWN, RIGHT, UP
    from firmware.play import table as play

    yield 0
    yield 0
    at_menu(device, "boot")
    yield from snap(device, "menu")
    yield from open_entry(device, "settings")
    s = device.app.settings
    while s.difficulty != "hard":
        yield from press(RIGHT)
    yield from press(B)
    at_menu(device, "settings")
    yield from open_entry(device, "play")
    screen = device.app.stack[1]  # the play screen (its cut's page may be over it)
    for _ in range(3000):
        top = device.app.stack[-1]
        if top is screen and screen.table.mode == play.DISCARD:
            break
        if top is screen and screen.table.page == 1:  # the cut for deal waits for A
            yield from press(A)
        elif top is screen:
            yield 0
        else:
            yield from press(A)
    yield from snap(device, "deal")
    out("level", screen.level)
    yield from press(B)  # the pause menu
    while device.app.stack[-1].cursor != 2:  # Save and quit
        yield from press(DOWN)
    yield from press(A)
    at_menu(device, "play")
    yield from open_entry(device, "keeper")
    yield from snap(device, "keeper")
    yield from press(UP)
    yield from snap(device, "keeper_add")
    yield from press(B)
    yield from snap(device, "keeper_undo")
    yield from press(A | B)
    menu = device.app.stack[-1]
    while menu.cursor != len(menu.items) - 1:
        yield from press(UP)
    yield from press(A)
    at_menu(device, "keeper")
    out("saves", " ".join(sorted(os.listdir(rig.storage.root))))


# ---- sections ----------------------------------------------------------------


def section_smoke():
    """The smoke test's run (smoke_script) over the device's boot path, from
    the import of ``firmware.main``; then whether the app ran clean."""
    import app_driver  # noqa: F401  the harness's player, loaded before the app

    from firmware import main as device

    board, root = board_and_root()
    rig = Rig(board, root)
    rig.t_start = now_us()
    rig.device = device
    rig.player = smoke_script(device, rig)
    try:
        device.run(rig, board)
    except SystemExit:
        pass
    app = device.app
    out("frames", rig.frames)
    out("crashes", device.crashes)
    out("errors", app.errors if app else -1)
    if app is not None and app.last_error:
        out("last_error", app.last_error)


def qstr_info(tag):
    """MicroPython's line on its table of interned names (qstr pools), which
    only grows, after a line ``@@ qstr_at <tag>`` (tools/bench/mp_device.py's
    ``parse`` reads them: "start" before the harness loads, "harness" after,
    "peak" at the most live heap, "end"; tools/bench/mode_boots.py's "open"
    after a mode's first frames)."""
    if IS_MP:
        import micropython

        out("qstr_at", tag)
        micropython.qstr_info()


def main(section, *args):
    args = [int(a) for a in args]
    out("platform", sys.platform)
    if section in ("frames", "opponent"):  # their code apart: not on the heap of a mode
        import devparts

        getattr(devparts, "section_" + section)(*args)
    elif section == "smoke":
        section_smoke(*args)
    else:
        raise ValueError("unknown section %r" % section)
    out("done", 1)
