"""The player of tools/bench/app_game.py and host_tests/test_app_device_heap.py:
one whole game against the computer on the device app (host backend, pico
board with its LED pegboard), booted as firmware.main boots it and opened
from its menu, played through button presses only, with the heap or the
frame time measured; the battery gauge on (the host backend's battery reads
``BATTERY_MV``), as a Pico's VSYS read has it. Kept apart from app_game.py
so that what runs under MicroPython loads little besides the app. Imports only ``sys``
at the top (the app when ``drive`` runs).
"""

import sys

IS_MP = sys.implementation.name == "micropython"
BATTERY_MV = 4500  # the host backend's battery (3 fresh AA cells): the gauge on
_APP = ("engine", "firmware", "boards")  # the app's packages: a soft reset forgets them


def _clock():
    import time

    if IS_MP:
        return time.ticks_us, time.ticks_diff
    return (lambda: time.perf_counter_ns() // 1000), (lambda a, b: a - b)


class _Meter:
    """Frames of an app at a simulated 20 ms each, measured as ``mode``
    asks ("heap": the live heap before each frame after a collection, the
    most at a frame's end, the most one frame allocates; "time": each
    tick's time, and those that redrew)."""

    def __init__(self, app, mode):
        import gc

        self.app = app
        self.heap = mode == "heap" and IS_MP
        self.timing = mode == "time"
        self.now_us, self.diff_us = _clock()
        self.times = []
        self.drawn = []
        self.live_peak = self.frame_peak = self.worst_alloc = 0
        self.t = 0
        self.frames = 0
        self.gc = gc

    def frame(self, raw):
        """One frame with the buttons ``raw`` down; the app's ``next`` when
        it ended (its mode record written, as before a device's reset)."""
        app = self.app
        app.hw.buttons.set(raw)
        gc = self.gc
        if self.heap:
            gc.collect()
            a0 = gc.mem_alloc()
            app.tick(self.t)
            a1 = gc.mem_alloc()
            self.live_peak = max(self.live_peak, a0)
            self.frame_peak = max(self.frame_peak, a1)
            self.worst_alloc = max(self.worst_alloc, a1 - a0)
        elif self.timing:
            t0 = self.now_us()
            redrew = app.tick(self.t)
            us = self.diff_us(self.now_us(), t0)
            self.times.append(us)
            if redrew:
                self.drawn.append(us)
        else:
            app.tick(self.t)
        self.t += 20
        self.frames += 1
        return app.next

    def figures(self, out, base):
        """``out`` with the measured figures (``base``: the heap before the app)."""
        gc = self.gc
        gc.collect()
        out["frames"] = self.frames
        out["errors"] = self.app.errors
        out["last_error"] = self.app.last_error
        out["redraws"] = self.app.frames
        if IS_MP:
            out["heap_end"] = gc.mem_alloc()
            out["app_heap"] = gc.mem_alloc() - base
        if self.heap:
            out["live_peak"] = self.live_peak
            out["frame_peak"] = self.frame_peak
            out["most_one_frame_allocates"] = self.worst_alloc
        if self.timing:
            out["tick_us_median"] = _median(self.times)
            out["tick_us_worst"] = max(self.times) if self.times else 0
            out["drawn_us_median"] = _median(self.drawn)
            out["drawn_us_worst"] = max(self.drawn) if self.drawn else 0
            out["drawn_frames"] = len(self.drawn)
        return out


def _boot(folder):
    # the app booted as firmware.main boots the device (resume: the mode
    # the record names) over ``folder``'s files, the battery gauge on
    from firmware import boot
    from firmware.hw import host

    app = boot.build(
        backend="host",
        board=boot.load_board("pico"),
        storage=host.DirStorage(folder),
        resume=True,
    )
    app.hw.staged = True  # as on the device: long work a step a frame
    app.hw.battery = BATTERY_MV  # the gauge on, as a Pico's VSYS read has it
    return app


def drive(
    seed, level, target, folder, muggins=False, mode="", limit=400000, variant="six", deals=0
):
    """Play one game as the player would, through button presses only, from
    the menu until the game's end ends the play mode's app into the
    game-over mode's (its record written: ``finish`` runs that mode, as the
    device does after its reset); ``mode`` "heap" or "time" measures;
    ``variant`` "five" (five-card, V5) and ``deals`` N (fixed deals, V6)
    choose the game in the settings as the player would. Returns a dict."""
    import gc

    from firmware.hal import A, DOWN, UP

    gc.collect()
    base = gc.mem_alloc() if IS_MP else 0
    app = _boot(folder)
    s = app.settings
    s.set("difficulty", level)
    s.set("target", target)
    if variant != "six" or deals:
        choose_game(s, variant, deals)
    s.set("match", 1)
    s.set("muggins", muggins)
    s.save()  # the app that opens the mode reads them (firmware.main.again)
    s = None
    m = _Meter(app, mode)
    ended = [None]

    def frame(raw):
        nxt = m.frame(raw)
        if nxt is None:
            return
        from firmware import main

        if nxt == "play":  # the menu's choice: the next app in this interpreter
            m.app = main.again(m.app)
            m.app.hw.staged = True
        else:  # the game over: the mode record written, the device's reset next
            main.restart(m.app)
            ended[0] = nxt

    frame(0)
    # from the menu, as the player does: the cursor to "Play the computer", A.
    # The new match is seeded from the clock (firmware.play.match_start), which the
    # host backend's SimClock holds still: set it so ``seed`` picks the game.
    from firmware.screens.menu import ENTRIES

    want = [e[1] for e in ENTRIES].index("play")
    while m.app.top().cursor != want:
        frame(UP if m.app.top().cursor > want else DOWN)
        frame(0)
    m.app.hw.clock.now = seed
    frame(A)
    frame(A)
    frame(0)
    frame(0)
    while loading(m.app):  # a game's first frames (a device's: a step a frame)
        frame(0)
    screen = m.app.stack[1]
    g = screen.game
    while m.frames < limit and ended[0] is None:
        g = screen.game
        bit = play_bit(screen) if on_play(m.app.top(), screen) else A
        for b in (bit, bit, 0, 0) if bit else (0,):
            frame(b)
            if ended[0] is not None:
                break
    out = {
        "finished": g.phase == "over",
        "ended_into": ended[0],
        "winner": g.winner,
        "scores": list(g.scores),
        "moves": len(g.moves),
        "deals": g.deal_number,
    }
    return m.figures(out, base)


def finish(folder, mode="", limit=100000):
    """The device after the game's end: booted over ``folder`` (the record
    names the game-over mode), its frames run until its work (the saved game
    read, the statistics, last.log) is done; measured as ``drive``. Returns
    a dict (``finished``: the page's game is over)."""
    import gc

    gc.collect()
    base = gc.mem_alloc() if IS_MP else 0
    m = _Meter(_boot(folder), mode)
    while m.frames < limit and not over_done(m.app):
        if m.frame(0) is not None:
            break
    f = over_mode(m.app)
    g = f.game if f is not None else None
    out = {
        "finished": g is not None and g.phase == "over" and f.work is None,
        "mode": m.app.mode,
        "winner": g.winner if g is not None else None,
        "scores": list(g.scores) if g is not None else None,
        "moves": len(g.moves) if g is not None else 0,
    }
    f = g = None
    return m.figures(out, base)


def choose_game(settings, variant="six", deals=0):
    """Set the app's ``settings`` to five-card (V5) or ``deals`` fixed deals
    (V6), as the player would choose it on the settings screen (its choices
    by their index in the settings: firmware.screens.settings' CHOICES[1],
    not imported, as the app would not hold it through a game)."""
    names = ("6-card 121", "6-card 61", "5-card 61", "6 deals", "8 deals", "12 deals")
    name = "5-card 61" if variant == "five" else "%d deals" % deals
    want = names.index(name) if name in names else -1
    for _ in range(8):
        if settings.index[1] == want:
            return
        settings.step(1, 1)
    raise ValueError("no game %r in the settings" % name)


def loading(app):
    """True while the app is opening a mode on a device: a game's first
    frames (``starting``)."""
    return getattr(app.top(), "starting", 0) > 0


def on_play(top, screen):
    """True when ``top`` is the play screen ``screen`` or a page over it
    (the cut, a show, game over: a ``firmware.play.page.Page``, which
    shows its table); a message or menu over the game is neither."""
    return top is screen or getattr(top, "table", None) is screen.table


def play_bit(screen):
    """The button the player presses now on the play screen ``screen`` when
    it is the top screen (0: none, let the frames run): A skips pages and
    messages, lays away the first two cards, plays the card the cursor
    offers and claims a count (``on_play``: it or a page over it is the top
    screen). A message over the game (statistics, saved match) takes A
    too. Also used by tools/bench/devbench.py."""
    from firmware.play import table as play
    from firmware.hal import A, LEFT, RIGHT

    tb = screen.table
    if tb.page != play.NO_PAGE:
        return A
    if tb.mode == play.DISCARD:
        # lay away the first two cards: A on 0, RIGHT, A on 1
        want = 0 if not tb.marked else 1
        return A if tb.cursor == want else (RIGHT if tb.cursor < want else LEFT)
    if tb.mode in (play.CONFIRM, play.PLAY, play.COUNT):
        return A  # lay away; play the card the cursor offers; claim
    if screen.wait > 0:
        return A  # skip the message
    return 0


def over_mode(app):
    """The game-over mode's screen (firmware.play.finished) when ``app`` is
    that mode's app (your game ended into it), else None."""
    for s in app.stack:
        if type(s).__name__ == "FinishedGame":
            return s
    return None


def over_done(app):
    """True when ``app`` is the game-over mode's and its work (the saved
    game read, its statistics and last.log, a step a frame) is done."""
    f = over_mode(app)
    return f is not None and f.work is None


def _median(xs):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[len(xs) // 2]
