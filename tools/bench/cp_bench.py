"""The device half of tools/bench/cp_device.py: runs ON CircuitPython (the
emulated Pico of tools/emu, or a board), with the app's files on the
CIRCUITPY drive. tools/bench/cp_device.py copies it there as ``cp_bench.py``
and runs a two-line script that calls ``run(...)``.

It boots the app the way ``code.py`` does (``firmware.main``: board.txt, the
``cp`` backend with the real displayio/I2C display, ``keypad``, storage), then
replaces two parts of the hardware: the buttons by a scripted bitmask (the
emulator has no buttons) and the LED strip by a stub that counts frames
(``neopixel_write`` is about 1000 times too slow in the emulator). Frames are
driven with ``app.tick(t)`` at simulated 20 ms steps, so the run is
deterministic; times are the RP2040's 1 MHz timer around each tick, and the
backend's ``display.show()`` is timed on its own as well.

Prints one line per figure, ``BENCH name value`` (microseconds, bytes,
counts), and ``BENCH done`` at the end; a failed check prints
``BENCH fail text`` and raises. Parts (``run(parts=...)``):

  ui     menu cursor moves, opening "Play the computer", discard cursor moves,
         idle game frames
  game   a whole game against ``level`` by buttons to its game-over page (peak
         live heap when ``heap``: ``gc.collect()`` and ``gc.mem_alloc()``
         after every frame that redrew or had a key, and every 16th; its two
         frame-time histograms, 2 KB, are weighed as ``bench_lists``, which
         app_live_peak does not count)
  fast   firmware/hw/cp_fb.py and cp_fast.py with their ulab paths against
         the plain drawing code on random scenes (same bytes)
  readonly  the drive left to the PC (B held at reset): the app says saves
         are off, a game runs with its saves in RAM, and neither the drive
         nor ``microcontroller.nvm`` is written

CircuitPython only. Imports ``firmware.main`` and the CircuitPython modules.
"""

import array
import gc
import sys

try:
    import memorymap

    _T = memorymap.AddressRange(start=0x40054028, length=4)  # TIMERAWL, 1 MHz

    def now_us():
        return int.from_bytes(_T[0:4], "little")

except ImportError:  # a board without memorymap
    import time

    def now_us():
        return time.monotonic_ns() // 1000


def out(name, value):
    print("BENCH %s %s" % (name, value))


def fail(text):
    out("fail", text)
    raise AssertionError(text)


class Hist:
    """Frame times in 0.5 ms bins up to 250 ms (one 16-bit array made once,
    1 KB: a list of ints would be 2 KB of the heap the game is weighed on),
    so a whole game's frames are counted without a growing list."""

    def __init__(self):
        self.bins = array.array("H", bytes(1002))
        self.n = 0

    def add(self, us):
        i = us // 500
        i = i if i < 500 else 500
        if self.bins[i] < 65535:
            self.bins[i] += 1
            self.n += 1

    def median(self):
        if not self.n:
            return -1
        k = self.n // 2
        for i in range(501):
            k -= self.bins[i]
            if k < 0:
                return i * 500 + 250
        return 250000


def median(xs):
    if not xs:
        return -1
    s = sorted(xs)
    return s[len(s) // 2]


LEVEL = "hard"  # the computer's level (tools/bench/cp_device.py sets it)
_SIM = [0]  # the simulated time of the frames, ms


def sim_ms():
    return _SIM[0]


class Keys:
    """Stands in for ``hw.buttons``: ``mask`` is what is held."""

    def __init__(self):
        self.mask = 0

    def read(self):
        return self.mask


class NoLeds:
    def __init__(self, n):
        self.n = n
        self.frames = 0

    def write(self, buf):
        self.frames += 1


class Rig:
    """The booted app with a frame clock, a timed show and heap tracking."""

    def __init__(self, app, real_show, heap=False):
        self.app = app
        self.hw = app.hw
        self.t = _SIM[0]
        self.heap = heap
        self.live_peak = 0
        self.frames = 0
        self.last_us = 0  # the last tick
        self.restart_us = 0  # the next app built after it, when it ended naming a mode
        self.last_show = 0  # the last show in it (0: none)
        self.drew = False
        self.writes = 0
        st = self.hw.storage
        write = st.write
        rig0 = self

        def counted(name, data):
            rig0.writes += 1
            write(name, data)

        st.write = counted
        disp = self.hw.display
        real = real_show
        rig = self

        def show():
            t0 = now_us()
            real()
            rig.last_show = now_us() - t0

        disp.show = show
        self.last_draw = 0  # the last redraw in it (clear, draw, show; 0: none)
        draw = app._draw

        def timed_draw():
            t0 = now_us()
            r = draw()
            rig.last_draw = now_us() - t0
            return r

        app._draw = timed_draw

    def frame(self, mask=0):
        self.hw.buttons.mask = mask
        if self.heap and (self.drew or self.hw.buttons.mask or not self.frames & 15):
            # the live heap after a frame that did something (redrew or had
            # a key), and every 16th: a collection every frame would make a
            # whole game take an hour of host time
            gc.collect()
            a = gc.mem_alloc()
            if a > self.live_peak:
                self.live_peak = a
        self.last_show = self.last_draw = 0
        t0 = now_us()
        self.drew = self.app.tick(self.t)
        self.last_us = now_us() - t0
        self.restart_us = 0
        if self.app.next is not None:
            # it ended naming a mode: the next app, here; on the device a
            # supervisor.reload and the boot into the mode, not a frame
            from firmware import main

            t0 = now_us()
            self.app = main.again(self.app, False)
            self.restart_us = now_us() - t0
        self.t += 20
        _SIM[0] = self.t
        self.frames += 1
        return self.last_us

    def press(self, bit):
        """Hold ``bit`` for two frames (the debounce), release for two;
        returns (us, show us) of the frame that redrew, or of the press."""
        best = None
        for m in (bit, bit, 0, 0):
            self.frame(m)
            if self.drew and best is None:
                best = (self.last_us, self.last_show)
        return best or (self.last_us, 0)


_HW = []  # (hw, board): the hardware is made once, as firmware.main does


def boot(storage=None, heap=False):
    """The app as code.py builds it, with scripted keys and no LED strip;
    a second call builds a new app on the same hardware (a restart)."""
    from firmware import boot
    from firmware.hw import cp

    if not _HW:
        board = boot.load_board(boot.board_name())
        hw = cp.make(board, watchdog_s=0)
        hw.buttons = Keys()
        hw.leds = NoLeds(hw.leds.n)
        hw.clock.ticks_ms = sim_ms  # the seeds the app takes from the clock
        _HW.append((hw, board, hw.display.show))
    hw, board, real_show = _HW[0]
    if storage is not None:
        hw.storage = storage
    hw.leds.frames = 0
    app = boot.build(hw=hw, board=board)
    boot = None
    from firmware.app import _drop

    _drop("firmware.boot")  # as firmware.main does: the app runs without it
    st = app.settings
    st.set("difficulty", LEVEL)
    st.set("target", 121)
    st.set("match", 1)
    return Rig(app, real_show, heap)


def table(screen):
    """What the play screen shows (its table model; the screen itself before
    the split of issue 13)."""
    return getattr(screen, "table", screen)


def loading(app):
    """True while the app opens a mode (as tools/bench/app_driver.loading): a
    game's first frames (``starting``)."""
    return getattr(app.top(), "starting", 0) > 0


def changed_pixels(a, b):
    n = 0
    for i in range(len(a)):
        d = a[i] ^ b[i]
        while d:
            n += d & 1
            d >>= 1
    return n


def presses(rig, name, bits):
    # a press of each bit in turn: the median and worst press, the median show
    moves = []
    shows = []
    for bit in bits:
        us, sh = rig.press(bit)
        moves.append(us)
        shows.append(sh)
    out(name + "_us", median(moves))
    out(name + "_show_us", median(shows))
    out(name + "_max_us", max(moves))


def ui_part(rig):
    from firmware.hal import A, DOWN, RIGHT, LEFT, UP

    app = rig.app
    rig.frame()
    rig.frame()
    presses(rig, "menu_move", (DOWN, DOWN, DOWN, UP, UP, UP))
    area = getattr(rig.hw.display, "pixels_written", None)
    if area is not None:  # displayio: the pixels refreshed by the last move
        out("menu_move_refreshed_px", area)
        out("menu_move_refreshes", rig.hw.display.refreshes)
    if app.top().cursor != 0:
        fail("menu cursor at %d, not 0" % app.top().cursor)
    gc.collect()
    out("menu_heap", gc.mem_alloc())
    # opening "Play the computer": the frame of the press, then (a device
    # loads a mode's code a module a frame) every frame until the game shows
    rig.frame(A)
    boot_us = rig.restart_us
    t_open = rig.frame(A)
    boot_us += rig.restart_us
    open_show = rig.last_show
    if not rig.drew:
        fail("A on the menu did not redraw")
    total = worst = t_open
    frames = 1
    while rig.app is app or loading(rig.app):  # the next app, then its game's start
        us = rig.frame(0)
        boot_us += rig.restart_us
        total += us
        worst = max(worst, us)
        frames += 1
        if frames > 400:
            fail("opening Play: still loading after 400 frames")
    total += boot_us
    app = rig.app
    from firmware.play import table as play

    screen = app.stack[1]  # the play screen (its cut's page may be over it)
    if type(screen).__name__ != "PlayScreen":
        fail("A on the menu opened %s" % type(screen).__name__)
    out("open_play_us", t_open)
    out("open_play_show_us", open_show)
    out("open_play_max_us", worst)
    out("open_play_boot_us", boot_us)
    out("open_play_total_us", total)
    out("open_play_frames", frames)
    rig.frame(0)
    rig.frame(0)
    # to the discard prompt: A skips messages and pages
    tb = table(screen)
    n = 0
    while not (app.top() is screen and tb.mode == play.DISCARD and tb.page == play.NO_PAGE):
        if app.top() is not screen or screen.wait > 0:  # a page, a message: A
            rig.press(A)
        else:
            rig.frame(0)
        n += 1
        if n > 400:
            fail("no discard prompt after 400 steps")
    rig.frame(0)
    presses(rig, "discard_move", (RIGHT, RIGHT, RIGHT, LEFT, LEFT, LEFT))
    # idle frames at the prompt: nothing pressed, nothing to redraw
    idle = []
    for _ in range(20):
        idle.append(rig.frame(0))
    out("idle_frame_us", median(idle))
    # a redraw that changes (almost) nothing: the cost of a repaint as such
    buf = rig.hw.display.buf
    before = bytes(buf)
    redraw = []
    shows = []
    for _ in range(5):
        app.invalidate()
        redraw.append(rig.frame(0))
        shows.append(rig.last_show)
    out("same_redraw_us", median(redraw))
    out("same_redraw_show_us", median(shows))
    out("same_redraw_pixels", changed_pixels(before, buf))
    # a small change: the cursor mark under the hand (few pixels) in buf
    return screen


def game_part(rig, screen, limit=20000):
    """Play the game on ``screen`` to its game-over page by buttons."""
    from firmware.hal import A, LEFT, RIGHT
    from firmware.play import table as play

    app = rig.app
    tb = table(screen)
    gc.collect()
    a = gc.mem_alloc()
    times = Hist()
    idle_redraw = Hist()
    gc.collect()
    # the benchmark's own lists, live through the game (cp_device.py
    # takes them off the peak with bench_heap: app_live_peak)
    out("bench_lists", gc.mem_alloc() - a)
    worst = 0
    worst_show = 0
    idle_show = []  # (a list: a Hist is 2 KB of the heap measured)
    idle_draw = []
    idle_small = []  # the redraw of a repaint that refreshed <= 64 pixels (the cursor mark)
    disp = rig.hw.display
    start = rig.frames
    writes = rig.writes
    t0 = now_us()
    while rig.frames - start < limit:
        g = screen.game
        top = app.top()
        if getattr(top, "table", None) is tb:  # a page over the play screen: its own
            top = screen
        if top is screen and g.phase == "over" and tb.page == play.OVER_PAGE:
            break
        bit = 0
        if top is not screen:
            bit = A
        elif tb.page != play.NO_PAGE:
            bit = A
        elif tb.mode == play.DISCARD:
            want = 0 if not tb.marked else 1
            bit = A if tb.cursor == want else (RIGHT if tb.cursor < want else LEFT)
        elif tb.mode in (play.CONFIRM, play.PLAY, play.COUNT):
            bit = A
        elif screen.wait > 0:
            bit = 0  # let the computer's messages run their time: idle frames
        seq = (bit, bit, 0, 0) if bit else (0,)
        for m in seq:
            us = rig.frame(m)
            times.add(us)
            if us > worst:
                worst = us
                worst_show = rig.last_show
            if not m and rig.drew and not bit:
                idle_redraw.add(us)
                if not rig.heap:  # (lists that grow: not in the heap measured)
                    idle_show.append(rig.last_show)
                    idle_draw.append(rig.last_draw)
                    if getattr(disp, "pixels_written", 65) <= 64:
                        idle_small.append(rig.last_draw)
    g = screen.game
    if g.phase != "over":
        fail("game not over after %d frames" % (rig.frames - start))
    if app.errors:
        fail("app errors: %s" % app.last_error)
    out("game_frames", rig.frames - start)
    out("game_us", now_us() - t0)
    out("game_deals", g.deal_number)
    out("game_scores", "%d-%d" % (g.scores[0], g.scores[1]))
    out("game_frame_median_us", times.median())
    out("game_frame_max_us", worst)
    out("game_frame_max_show_us", worst_show)
    out("game_idle_redraw_median_us", idle_redraw.median())
    out("game_idle_redraws", idle_redraw.n)
    out("game_idle_redraw_show_median_us", median(idle_show))
    out("game_idle_redraw_draw_median_us", median(idle_draw))
    out("game_idle_small_median_us", median(idle_small))
    out("game_idle_smalls", len(idle_small))
    out("led_frames", rig.hw.leds.frames)
    out("game_file_writes", rig.writes - writes)
    if rig.heap:
        out("game_live_peak", rig.live_peak)
    saved = rig.hw.storage.read("game.rec")
    out("drive_save_bytes", len(saved) if saved else 0)


def fast_part(rounds=150):
    """The CircuitPython drawing code with its ulab paths (firmware/hw/cp_fb.py,
    firmware/hw/cp_fast.py) against the plain code (firmware.ui.fakefb, the
    canvas's own loops) on the same random scenes, here on the device."""
    import random

    from firmware.ui import canvas, fakefb, font
    from firmware.hw import cp_fast, cp_fb

    random.seed(7)

    def r(a, b):
        return random.randrange(a, b)

    a = bytearray(1024)
    b = bytearray(1024)
    fa = fakefb.FrameBuffer(a, 128, 64, fakefb.MONO_VLSB)
    fb = cp_fb.FrameBuffer(b, 128, 64, cp_fb.MONO_VLSB)
    plain = canvas.Canvas(fa, a)
    if hasattr(plain, "fast"):
        plain.fast = None
    checks = 0
    for i in range(rounds):
        k = r(0, 8)
        x, y, w, h, c = r(-20, 140), r(-10, 70), r(-2, 140), r(-2, 40), r(0, 2)
        if k == 0:
            fa.fill_rect(x, y, w, h, c)
            fb.fill_rect(x, y, w, h, c)
        elif k == 1:
            fa.hline(x, y, w, c)
            fb.hline(x, y, w, c)
        elif k == 2:
            fa.rect(x, y, w, h, c)
            fb.rect(x, y, w, h, c)
        elif k == 3:
            plain.dotted_hline(x, y, w, c)
            p = (x + y) & 1
            cp_fast.dots(b, 128, 64, x + p, y, (w - p + 1) >> 1, 2, 0, c)
        elif k == 4:
            plain.invert(x, y, w, h)
            x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, 128), min(y + h, 64)
            if x0 < x1:
                cp_fast.xor_rect(b, 128, x0, y0, x1, y1)
        else:
            s = "".join([chr(r(30, 140)) for _ in range(r(0, 22))])
            dim = k == 7
            e1 = plain.text(s, x, y, c, dim)
            e2 = cp_fast.text(b, 128, 8, font.DATA, s, len(s), True, x, y, c, dim)
            if e1 != e2:
                fail("cp_fast.text returned %d, the canvas %d" % (e2, e1))
        if a != b:
            fail("CircuitPython drawing differs at step %d (kind %d, %r)" % (i, k, (x, y, w, h, c)))
        checks += 1
    cards = canvas.Canvas(fb, b)
    cards.fast = cp_fast
    for i in range(40):
        x, y, code, inv = r(-14, 130), r(-20, 66), r(-1, 52), r(0, 2)
        if code < 0:
            plain.card_back(x, y)
            cards.card_back(x, y)
        else:
            plain.card(x, y, code, inv)
            cards.card(x, y, code, inv)
        if a != b:
            fail("cp_fast.card differs at %r" % ((x, y, code, inv),))
        checks += 1
    out("fast_checks", checks)


def readonly_part():
    """The drive is the PC's (B held at reset): saves stay in RAM, the app
    says so, a game still runs, and neither the drive nor nvm is written."""
    import microcontroller
    import os

    from firmware.hal import A
    from firmware.hw import cp_make
    from firmware.play import table as play

    gc.collect()
    nvm0 = bytes(microcontroller.nvm[0:64])
    files0 = sorted(os.listdir("/data"))
    rig = boot(cp_make.MemoryStorage())  # loaded again for this (cp.make forgot it)
    top = rig.app.top()
    if getattr(top, "title", "") != "Saves off":
        fail("read-only drive: no 'Saves off' message (%s)" % type(top).__name__)
    rig.frame()
    rig.press(A)  # close the message
    rig.press(A)  # "Play the computer"
    n = 0
    while loading(rig.app) and n < 400:
        rig.frame(0)
        n += 1
    screen = rig.app.stack[1]  # the play screen (its cut's page may be over it)
    if type(screen).__name__ != "PlayScreen":
        fail("read-only drive: A opened %s" % type(screen).__name__)
    tb = table(screen)
    n = 0
    while not (tb.mode == play.DISCARD and tb.page == play.NO_PAGE):
        rig.press(A) if (tb.page or screen.wait > 0) else rig.frame(0)
        n += 1
        if n > 400:
            fail("read-only drive: no discard prompt")
    store = rig.hw.storage
    out("ram_files", ",".join(sorted(store.files)))
    if "game.rec" not in store.files:
        fail("read-only drive: the game was not saved in RAM")
    if sorted(os.listdir("/data")) != files0:
        fail("read-only drive: /data changed")
    if bytes(microcontroller.nvm[0:64]) != nvm0:
        fail("read-only drive: nvm written")
    out("readonly_ok", 1)


def run(parts=("ui", "game", "readonly"), heap=False):
    gc.collect()
    out("bench_heap", gc.mem_alloc())  # the harness and this module: not the app's
    free0 = gc.mem_free()
    t0 = now_us()
    from firmware import main as device  # noqa: F401
    from firmware.hw import cp  # noqa: F401

    gc.collect()
    out("import_us", now_us() - t0)
    out("import_heap", free0 - gc.mem_free())
    t0 = now_us()
    rig = boot(heap=heap)
    out("boot_us", now_us() - t0)
    gc.collect()
    out("boot_heap", free0 - gc.mem_free())
    out("storage", type(rig.hw.storage).__name__)
    out("display", type(rig.hw.display).__name__)
    screen = None
    if "ui" in parts or "game" in parts:
        screen = ui_part(rig)
    if "game" in parts:
        game_part(rig, screen)
    if "readonly" in parts:
        rig = screen = None
        readonly_part()
    if "fast" in parts:
        gc.collect()  # the read-only part's app is garbage now: room for the scenes
        fast_part()
        import cp_display_check  # its own module: this one's code stays on the heap

        cp_display_check.run(_HW[0][0].display, fail, out)
    gc.collect()
    out("end_free", gc.mem_free())
    out("done", 1)
    sys.stdout.flush() if hasattr(sys.stdout, "flush") else None
