"""The device half of tools/bench_device_cp.py: runs ON CircuitPython (the
emulated Pico of ../shared/emu-cp, or a board), with the app's files on the
CIRCUITPY drive. tools/bench_device_cp.py copies it there as ``cp_bench.py``
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
         live heap when ``heap``: ``gc.collect()`` before every frame)
  nvm    the saves in ``microcontroller.nvm`` (the drive left to the PC):
         a game started, saved there, and resumed by a new app

CircuitPython only. Imports ``firmware.main`` and the CircuitPython modules.
"""

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


def median(xs):
    if not xs:
        return -1
    s = sorted(xs)
    return s[len(s) // 2]


LEVEL = "hard"  # the computer's level (tools/bench_device_cp.py sets it)
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
        self.last_show = 0  # the last show in it (0: none)
        self.drew = False
        disp = self.hw.display
        real = real_show
        rig = self

        def show():
            t0 = now_us()
            real()
            rig.last_show = now_us() - t0

        disp.show = show

    def frame(self, mask=0):
        self.hw.buttons.mask = mask
        if self.heap:
            gc.collect()
            a = gc.mem_alloc()
            if a > self.live_peak:
                self.live_peak = a
        self.last_show = 0
        t0 = now_us()
        self.drew = self.app.tick(self.t)
        self.last_us = now_us() - t0
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
    from firmware import main as device
    from firmware.hw import cp

    if not _HW:
        board = device.load_board(device.board_name())
        hw = cp.make(board, watchdog_s=0)
        hw.buttons = Keys()
        hw.leds = NoLeds(hw.leds.n)
        hw.clock.ticks_ms = sim_ms  # the seeds the app takes from the clock
        _HW.append((hw, board, hw.display.show))
    hw, board, real_show = _HW[0]
    if storage is not None:
        hw.storage = storage
    hw.leds.frames = 0
    app = device.build(hw=hw, board=board)
    st = app.settings
    st.set("difficulty", LEVEL)
    st.set("target", 121)
    st.set("match", 1)
    return Rig(app, real_show, heap)


def changed_pixels(a, b):
    n = 0
    for i in range(len(a)):
        d = a[i] ^ b[i]
        while d:
            n += d & 1
            d >>= 1
    return n


def ui_part(rig):
    from firmware.hal import A, DOWN, RIGHT, LEFT, UP

    app = rig.app
    rig.frame()
    rig.frame()
    moves = []
    shows = []
    for bit in (DOWN, DOWN, DOWN, UP, UP, UP):
        us, sh = rig.press(bit)
        moves.append(us)
        shows.append(sh)
    out("menu_move_us", median(moves))
    out("menu_move_show_us", median(shows))
    out("menu_move_max_us", max(moves))
    if app.top().cursor != 0:
        fail("menu cursor at %d, not 0" % app.top().cursor)
    gc.collect()
    out("menu_heap", gc.mem_alloc())
    # opening "Play the computer": the frame of the press, then to the deal
    rig.frame(A)
    t_open = rig.frame(A)
    open_show = rig.last_show
    if not rig.drew:
        fail("A on the menu did not redraw")
    from firmware.screens import play

    screen = app.top()
    if not isinstance(screen, play.PlayScreen):
        fail("A on the menu opened %s" % type(screen).__name__)
    out("open_play_us", t_open)
    out("open_play_show_us", open_show)
    rig.frame(0)
    rig.frame(0)
    # to the discard prompt: A skips messages and pages
    n = 0
    while not (app.top() is screen and screen.mode == play.DISCARD and screen.page == play.NO_PAGE):
        if app.top() is not screen or screen.page != play.NO_PAGE or screen.wait > 0:
            rig.press(A)
        else:
            rig.frame(0)
        n += 1
        if n > 400:
            fail("no discard prompt after 400 steps")
    rig.frame(0)
    moves = []
    shows = []
    for bit in (RIGHT, RIGHT, RIGHT, LEFT, LEFT, LEFT):
        us, sh = rig.press(bit)
        moves.append(us)
        shows.append(sh)
    out("discard_move_us", median(moves))
    out("discard_move_show_us", median(shows))
    out("discard_move_max_us", max(moves))
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
    from firmware.screens import play

    app = rig.app
    times = []
    worst = 0
    worst_show = 0
    idle_redraw = []
    start = rig.frames
    t0 = now_us()
    while rig.frames - start < limit:
        g = screen.game
        top = app.top()
        if top is screen and g.phase == "over" and screen.page == play.OVER_PAGE:
            break
        bit = 0
        if top is not screen:
            bit = A
        elif screen.page != play.NO_PAGE:
            bit = A
        elif screen.mode == play.DISCARD:
            want = 0 if not screen.marked else 1
            bit = A if screen.cursor == want else (RIGHT if screen.cursor < want else LEFT)
        elif screen.mode in (play.CONFIRM, play.PLAY, play.COUNT):
            bit = A
        elif screen.wait > 0:
            bit = 0  # let the computer's messages run their time: idle frames
        seq = (bit, bit, 0, 0) if bit else (0,)
        for m in seq:
            us = rig.frame(m)
            times.append(us)
            if us > worst:
                worst = us
                worst_show = rig.last_show
            if not m and rig.drew and not bit:
                idle_redraw.append(us)
    g = screen.game
    if g.phase != "over":
        fail("game not over after %d frames" % (rig.frames - start))
    if app.errors:
        fail("app errors: %s" % app.last_error)
    out("game_frames", rig.frames - start)
    out("game_us", now_us() - t0)
    out("game_deals", g.deal_number)
    out("game_scores", "%d-%d" % (g.scores[0], g.scores[1]))
    out("game_frame_median_us", median(times))
    out("game_frame_max_us", worst)
    out("game_frame_max_show_us", worst_show)
    out("game_idle_redraw_median_us", median(idle_redraw))
    out("game_idle_redraws", len(idle_redraw))
    out("led_frames", rig.hw.leds.frames)
    if rig.heap:
        out("game_live_peak", rig.live_peak)
    saved = rig.hw.storage.read("game.rec")
    out("drive_save_bytes", len(saved) if saved else 0)


def nvm_part():
    """Saves in nvm: a game started with NvmStorage, then resumed by a new app."""
    import microcontroller

    from firmware.hal import A
    from firmware.hw import cp
    from firmware.screens import play

    gc.collect()
    store = cp.NvmStorage(microcontroller.nvm)
    for name in list(store.files):
        store.remove(name)
    rig = boot(store)
    rig.frame()
    rig.press(A)  # "Play the computer"
    screen = rig.app.top()
    n = 0
    while not (screen.mode == play.DISCARD and screen.page == play.NO_PAGE):
        rig.press(A) if (screen.page or screen.wait > 0) else rig.frame(0)
        n += 1
        if n > 400:
            fail("nvm: no discard prompt")
    hand = list(screen.hand)
    seed = screen.match.seed if hasattr(screen.match, "seed") else None
    rig.press(A)
    rig.frame(0)
    names = sorted(store.files)
    out("nvm_files", ",".join(names))
    out("nvm_used", store.used() if hasattr(store, "used") else -1)
    # a new app on the same nvm (as after a power cut) resumes the game
    rig = screen = None
    gc.collect()
    store2 = cp.NvmStorage(microcontroller.nvm)
    if store2.problem:
        fail("nvm: " + store2.problem)
    rig2 = boot(store2)
    rig2.frame()
    rig2.press(A)
    s2 = rig2.app.top()
    if not isinstance(s2, play.PlayScreen) or list(s2.hand) != hand:
        fail("nvm: the game did not resume (%r, %r)" % (getattr(s2, "hand", None), hand))
    if seed is not None and s2.match.seed != seed:
        fail("nvm: another match resumed")
    out("nvm_resumed", 1)


def run(parts=("ui", "game", "nvm"), heap=False):
    gc.collect()
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
    if "nvm" in parts:
        rig = screen = None
        nvm_part()
    gc.collect()
    out("end_free", gc.mem_free())
    out("done", 1)
    sys.stdout.flush() if hasattr(sys.stdout, "flush") else None
