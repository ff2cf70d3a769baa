"""The device half of tools/bench_device.py: runs ON the target MicroPython
(the unix port, the emulated Pico, a real board) beside the app's .mpy files
and prints each figure as a line ``@@ name value``. Kept small and apart from
the PC side because on a Pico its own bytecode sits in the heap it measures.
Imports gc, sys, time at the top; the app, ``array``, ``machine`` and
``neopixel`` when a section runs; app_driver (the player of the play screen)
and devorders (the orders of use) for the games; devparts for the frames and
opponent sections. What it keeps
across a game has a fixed size (the frame histogram, the slowest frames, the
heap at each menu), so the soak's heap at the menu weighs the app alone.

    import devbench; devbench.main("frames")      # or "opponent", "game"

The frames and opponent sections live in tools/bench/devparts.py (loaded only for
them), so a game's heap is weighed with the least of this harness loaded.

The hardware is the device's own where it matters (the SSD1306 driver and
its page diffing over a bus, the strip through ``neopixel`` on a Pico, saves
as files on the target's filesystem through ``firmware.hw.files``, the
battery gauge's VSYS read through the mp backend's ``Battery`` on a Pico:
the emulator is given a voltage on that pin, elsewhere it reads
``VSYS_MV``) with three stand-ins: the buttons are a script, the OLED's I2C bus counts bytes instead
of sending them (``bus`` "null"; on a real board "real" sends them), and the
clock is simulated (every frame 20 ms after the last), so a game is the same
moves on every target. Frame times are real (``time.ticks_us``).

Sections:
  smoke      the device smoke test (host_tests/test_emu_mp.py): the boot path
             as in ``game``, then the menu, a deal against hard to the discard
             prompt, save and quit, the keeper's +1 and its undo, back to the
             menu; the text on the screen at each step and the files saved
  frames     one redraw (clear, draw, show) of every screen: menu, settings,
             keeper, counter, statistics, play (discard, pegging, show page,
             game over); a menu cursor move (4 frames, one redraw) and the
             bytes it sends; 21 characters of text; six cards; the LED board
             (still frame, win chase); keeper +1 and its undo with their saves;
             690 hand scores
  opponent   every decision of easy, medium and hard in ``games`` games each
             against itself: discard and pegging median and worst; then 40
             built replies to a lead with four cards in hand (medium, hard)
  game       the device's boot path: ``firmware.main.run`` on this hardware
             from the import of ``firmware.main`` (board.txt, the app, the
             menu shown: boot to menu), then by buttons an order of use
             (``order``, tools/bench/devorders.py; 0: every mode from the
             menu, settings set to hard, keeper with an undo, counter,
             statistics, demo, then ``games`` whole games against hard, each
             back to the menu). Frame times (median, slowest with the screen
             they ended on, over 100 ms), or with ``heap`` 1 a collection
             after every frame: the most live heap and where (with the qstr
             table then: ``@@ qstr_at peak``), and the heap at the menu after
             each game. ``cap`` KB: ballast first so only that
             much heap is left for the app (0: all of it); each mode's
             opening from the menu (the press to the first frame off the
             menu, and to the mode open)
  profile    an order of use as in ``game`` with every frame slower than
             ``limit_ms`` said with where its time went (tools/bench/devprofile.py)
  into       a boot into one mode (``devbench.main("into", name)``): its mode
             record written, then the boot path as in ``game``, which reopens
             it: the first frame and the mode open (a restart into a mode)
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
    buttons' read, or collects and weighs the heap (``heap``)."""

    staged = True  # a device: modes load a module a frame (firmware/loading.py)

    def __init__(self, board, root, real_bus=False):
        import os

        from firmware.hw.files import FileStorage
        from firmware.hw.ssd1306 import SSD1306

        oled = getattr(board, "OLED", {})
        if real_bus:
            import machine

            b = board.I2C
            self.bus = machine.I2C(
                b["id"], sda=machine.Pin(b["sda"]), scl=machine.Pin(b["scl"]), freq=b["freq"]
            )
        else:
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
        self.hints = 0  # hints asked (the hint order)
        self.storage = FileStorage(os, root)
        self.clock = self
        self.buttons = self
        self.bits = 0
        self.player = None
        self.ms = 0
        self.heap = False
        self.t = None  # ticks_us at this frame's button read
        self.frames = 0
        self.total_us = 0
        from array import array

        # what is kept from frame to frame has a fixed size, so the heap at
        # the menu after each game (the soak) weighs the app, not this
        self.hist = array("H", bytes(512))  # frames by quarter millisecond
        self.big = {}  # the counts of full bins (past 65,535 frames)
        self.device = None  # firmware.main, when it runs the app
        self.slow = []  # (us, screen class name, page) of the slowest frames
        self.over100 = 0
        self.boot_us = -1
        self.boot_from_reset_us = -1
        self.t_start = 0
        self.live_peak = 0
        self.reviewing = False  # the game-over page's review is open: its heap apart
        self.review_peak = 0
        self.live_where = ("", 0)  # the screen class name and page of the peak
        self.redrawn = 0
        self._drawn = 0

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
            self.boot_from_reset_us = now_us() if ON_PICO else -1
        self.frames += 1
        self.total_us += us
        k = us // 250  # quarter-millisecond bins up to 64 ms
        if k > 255:
            k = 255
        if self.hist[k] < 65535:
            self.hist[k] += 1
        else:
            self._spill(k)
        if us > 100000:
            self.over100 += 1
        if app is not None and app.frames != self._drawn:
            self._drawn = app.frames
            self.redrawn += 1
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
            if self.reviewing:
                if a > self.review_peak:
                    self.review_peak = a
            elif a > self.live_peak:
                self.live_peak = a
                self.live_where = where(app)
                qstr_info("peak")  # the names held then

    def _spill(self, k):
        # a bin full: the counts go on in the big-bin list
        self.big[k] = self.big.get(k, 0) + 1

    def median_us(self):
        half = self.frames // 2
        seen = 0
        for k in range(256):
            seen += self.hist[k] + self.big.get(k, 0)
            if seen > half:
                return k * 250 + 125
        return 0

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
    """From the menu, move the cursor to the entry of module ``name``, press A."""
    from firmware.hal import A, DOWN
    from firmware.screens.menu import ENTRIES

    import app_driver

    want = [e[1] for e in ENTRIES].index(name)
    while device.app.stack[-1].cursor != want:
        yield from press(DOWN)
    menu = device.app.stack[-1]
    t0 = now_us()  # read at the start of the frame that takes the press
    shown = -1
    for bit in press(A):
        yield bit
        if shown < 0 and device.app.stack[-1] is not menu:
            shown = since(t0)  # the frame that left the menu has drawn
    while app_driver.loading(device.app):  # the mode's code a module a frame
        yield 0
        if shown < 0 and device.app.stack[-1] is not menu:
            shown = since(t0)
    took = since(t0)
    menu = None
    if took > OPENS.get(name, (0, 0))[1]:
        OPENS[name] = (shown, took)


OPENS = {}  # mode name: (us to the first frame off the menu, us to the mode open), worst


def at_menu(device, what):
    app = device.app
    if app is None or len(app.stack) != 1 or device.crashes or app.errors:
        print(
            "@@ error", what, "did not end at the menu:", app and label(app), app and app.last_error
        )
        raise SystemExit


def visit_modes(device, rig):
    """Every mode from the menu and back, by buttons; settings end on hard,
    121 points, one game."""
    from firmware.hal import A, B, DOWN, RIGHT, UP

    yield 0
    yield 0
    at_menu(device, "boot")
    yield from open_entry(device, "settings")
    s = device.app.settings
    while s.difficulty != "hard":
        yield from press(RIGHT)  # the cursor is on Difficulty
    yield from press(B)
    at_menu(device, "settings")
    if s.target != 121 or s.match != 1:
        print("@@ error settings not 121 points, one game:", s.target, s.match)
        raise SystemExit
    s = None
    yield from open_entry(device, "keeper")
    yield from press(UP)
    yield from press(UP)
    yield from press(RIGHT)
    yield from press(UP)
    yield from press(B)  # undo
    yield from press(A | B)  # the keeper menu
    last = len(device.app.stack[-1].items) - 1
    while device.app.stack[-1].cursor != last:  # its last entry: back to the menu
        yield from press(UP)
    yield from press(A)
    at_menu(device, "keeper")
    yield from open_entry(device, "counter")
    for bit in (UP, A, RIGHT, UP, A):
        yield from press(bit)
    for _ in range(8):
        if len(device.app.stack) == 1:
            break
        yield from press(B)  # takes a card out; with none, leaves
    at_menu(device, "counter")
    yield from open_entry(device, "stats")
    yield from press(RIGHT)
    yield from press(B)
    at_menu(device, "stats")
    yield from open_entry(device, "demo")
    for _ in range(150):
        yield 0
    yield from press(B)
    at_menu(device, "demo")
    yield from press(DOWN)  # the menu cursor moves (a redraw of the menu)
    yield from press(UP)


def play_games(device, rig, games, on_menu, review=0, hints=None):
    """``games`` whole games against the computer from the menu, by buttons;
    with ``review`` the first one's review (DOWN on its game-over page)
    read too (the game and heap runs; not the soak, whose games must leave
    the heap at the menu as the ones before them did). ``hints``: a list
    of table modes (firmware.play.table's DISCARD, PLAY) at whose first
    the pause menu's hint is asked (devorders.ask_hint), each taken off."""
    from firmware.hal import A, DOWN

    import app_driver

    for k in range(games):
        yield from open_entry(device, "play")
        seen_over = False
        reviewed = not review or k > 0  # the first game's review: DOWN on its over page
        while True:
            app = device.app
            if app is None:
                yield 0
                continue
            if len(app.stack) == 1:
                if seen_over:
                    break
                print("@@ error the game left for the menu before its end")
                raise SystemExit
            screen = app.stack[1]
            top = app.stack[-1]
            if type(top).__name__ == "Working":  # the review (firmware.working)
                bit = 0  # a decision a frame
            elif not app_driver.on_play(top, screen):
                bit = A
            elif hints and _hint_due(top, screen, hints):
                import devorders

                screen = top = app = None
                yield from devorders.ask_hint(device, rig)
                continue
            else:
                rig.reviewing = False
                if app_driver.over_shown(screen) and not reviewed:
                    reviewed = rig.reviewing = True
                    bit = DOWN
                elif app_driver.over_shown(screen):
                    seen_over = True
                    bit = app_driver.menu_bit(screen)
                else:
                    bit = app_driver.play_bit(screen)
            screen = top = app = None  # hold nothing of the mode between frames
            if bit:
                yield from press(bit)
            else:
                yield 0
        at_menu(device, "game %d" % (k + 1))
        on_menu(k)


def _hint_due(top, screen, hints):
    # your decision on the play screen, nothing picked yet, a mode still to hint
    tb = screen.table
    if top is not screen or tb.page or tb.mode not in hints or tb.marked:
        return False
    if 0 not in screen.game.waiting():
        return False
    hints.remove(tb.mode)
    return True


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


def section_game(games=1, heap=0, cap=0, real_bus=0, smoke=0, review=0, order=0):
    t_start = now_us()
    ballast = None
    if cap:
        gc.collect()
        room = gc.mem_free() - cap * 1024
        if room > 0:
            ballast = bytearray(room)  # noqa: F841  held to the end
    import app_driver  # noqa: F401  the harness's player: its code and names are not the app's
    import devorders  # noqa: F401  the orders of use, the same

    gc.collect()
    out("bench_heap", gc.mem_alloc())  # the harness and this benchmark's own code
    qstr_info("harness")  # the names the harness interned (its own qstrs)
    from firmware import main as device

    board, root = board_and_root()
    rig = Rig(board, root, real_bus)
    rig.t_start = t_start
    rig.device = device
    rig.heap = bool(heap)
    menu_heap = [0] * (games + 1)  # made in full now: its growth is not the app's
    done = [0]

    def on_menu(k):
        gc.collect()
        menu_heap[k + 1] = gc.mem_alloc()
        done[0] = k + 2

    out("order", devorders.ORDERS[order])
    if smoke:
        rig.player = smoke_script(device, rig)
    else:
        rig.player = devorders.script(order, device, rig, games, on_menu, review)
    try:
        device.run(rig, board)
    except SystemExit:
        pass
    app = device.app
    out("boot_to_menu_us", rig.boot_us)
    if rig.boot_from_reset_us >= 0:
        out("boot_from_reset_us", rig.boot_from_reset_us)
    out("frames", rig.frames)
    out("redrawn", rig.redrawn)
    out("frame_median_us", rig.median_us())
    out("frame_mean_us", rig.total_us // max(1, rig.frames))
    out("frames_over_100ms", rig.over100)
    for i in range(len(rig.slow)):
        us, name, page = rig.slow[i]
        out("slow%d" % i, "%d %s" % (us, name + (".page%d" % page if page else "")))
    for name in OPENS:
        shown, took = OPENS[name]
        out("open_%s_shown_us" % name, shown)
        out("open_%s_us" % name, took)
    out("crashes", device.crashes)
    out("errors", app.errors if app else -1)
    if app is not None and app.last_error:
        out("last_error", app.last_error)
    if heap:
        out("live_peak", rig.live_peak)
        name, page = rig.live_where
        out("live_peak_where", name + (".page%d" % page if page else ""))
        out("review_peak", rig.review_peak)
    for i in range(done[0]):
        out("menu_heap%d" % i, menu_heap[i])
    gc.collect()
    out("mem_total", gc.mem_alloc() + gc.mem_free())
    out("cap_kb", cap)
    out("hints", rig.hints)
    out("battery_percent", app.power.percent if app else -1)
    qstr_info("end")  # and every name interned by the end (never freed)


def section_into(name):
    """Boot into mode ``name``: its mode record written first, as opening it
    from the menu by a restart of the interpreter would leave it, then
    ``firmware.main.run`` from the import of ``firmware.main``: the time to
    the first frame drawn and to the mode open (its code loaded)."""
    board, root = board_and_root()
    import os

    from firmware.app_rare import LastMode
    from firmware.hw.files import FileStorage

    try:
        os.mkdir(root)
    except OSError:
        pass
    LastMode(FileStorage(os, root)).save(name)
    LastMode = FileStorage = board = None
    for m in [m for m in sys.modules if m.startswith("firmware") or m == "boards"]:
        del sys.modules[m]  # the boot below loads its own, as after a restart
    gc.collect()
    t_start = now_us()
    import app_driver

    from firmware import main as device

    board, root = board_and_root()
    rig = Rig(board, root)
    rig.t_start = t_start
    rig.device = device
    opened = [-1]

    def script():
        while True:
            app = device.app
            if app is not None and app.mode == name and not app_driver.loading(app):
                opened[0] = since(t_start)  # the frame that opened it has drawn
                return
            app = None
            yield 0

    rig.player = script()
    try:
        device.run(rig, board)
    except SystemExit:
        pass
    out("into_%s_shown_us" % name, rig.boot_us)
    out("into_%s_us" % name, opened[0])
    app = device.app
    out("errors", app.errors if app else -1)


def qstr_info(tag):
    """MicroPython's line on its table of interned names (qstr pools), which
    only grows, after a line ``@@ qstr_at <tag>`` (tools/bench/mp_device.py
    reads them: "start" before the harness loads, "harness" after, "peak"
    at the most live heap, "end")."""
    if IS_MP:
        import micropython

        out("qstr_at", tag)
        micropython.qstr_info()


def main(section, *args):
    name = args[0] if section == "into" else None
    args = [int(a) for a in args] if name is None else ()
    out("platform", sys.platform)
    if section in ("frames", "opponent"):  # their code apart: not on the heap of a game
        import devparts

        getattr(devparts, "section_" + section)(*args)
    elif section == "game":
        section_game(*args)
    elif section == "into":
        section_into(name)
    elif section == "profile":  # its code apart, as the frames section's
        import devprofile

        devprofile.section_profile(*args)
    elif section == "smoke":
        section_game(1, 0, 0, 0, 1)
    else:
        raise ValueError("unknown section %r" % section)
    out("done", 1)
