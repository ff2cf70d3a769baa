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


def _clock():
    import time

    if IS_MP:
        return time.ticks_us, time.ticks_diff
    return (lambda: time.perf_counter_ns() // 1000), (lambda a, b: a - b)


def drive(
    seed, level, target, folder, muggins=False, mode="", limit=400000, variant="six", deals=0
):
    """Play one game as the player would, through button presses only, until
    its game-over page; ``mode`` "heap" or "time" measures; ``variant``
    "five" (five-card, V5) and ``deals`` N (fixed deals, V6) choose the game
    in the settings as the player would. Returns a dict."""
    import gc

    from firmware import boot
    from firmware.hal import A, DOWN, UP
    from firmware.hw import host

    gc.collect()
    base = gc.mem_alloc() if IS_MP else 0
    # booted as firmware.main boots the device (resume: the mode that was open)
    app = boot.build(
        backend="host",
        board=boot.load_board("pico"),
        storage=host.DirStorage(folder),
        resume=True,
    )
    app.hw.staged = True  # as on the device: long work a step a frame
    s = app.settings
    s.set("difficulty", level)
    s.set("target", target)
    if variant != "six" or deals:
        choose_game(s, variant, deals)
    s.set("match", 1)
    s.set("muggins", muggins)
    s.save()  # the app that opens the mode reads them (firmware.main.again)
    hw = app.hw
    hw.battery = BATTERY_MV  # the gauge on, as a Pico's VSYS read has it
    now_us, diff_us = _clock()
    heap = mode == "heap" and IS_MP
    timing = mode == "time"
    times = []
    drawn = []
    live_peak = 0
    frame_peak = 0
    worst_alloc = 0
    t = 0
    frames = 0

    def frame(raw):
        nonlocal t, frames, live_peak, frame_peak, worst_alloc, app
        hw.buttons.set(raw)
        if heap:
            gc.collect()
            a0 = gc.mem_alloc()
            app.tick(t)
            a1 = gc.mem_alloc()
            if a0 > live_peak:
                live_peak = a0
            if a1 > frame_peak:
                frame_peak = a1
            if a1 - a0 > worst_alloc:
                worst_alloc = a1 - a0
        elif timing:
            t0 = now_us()
            redrew = app.tick(t)
            us = diff_us(now_us(), t0)
            times.append(us)
            if redrew:
                drawn.append(us)
        else:
            app.tick(t)
        if app.next is not None:  # it ended naming the next mode: the next app
            from firmware import main

            app = main.again(app)
            app.hw.staged = True
        t += 20
        frames += 1

    frame(0)
    # from the menu, as the player does: the cursor to "Play the computer", A.
    # The new match is seeded from the clock (firmware.play.match_start), which the
    # host backend's SimClock holds still: set it so ``seed`` picks the game.
    from firmware.screens.menu import ENTRIES

    want = [e[1] for e in ENTRIES].index("play")
    while app.top().cursor != want:
        frame(UP if app.top().cursor > want else DOWN)
        frame(0)
    hw.clock.now = seed
    frame(A)
    frame(A)
    frame(0)
    frame(0)
    while loading(app):  # a game's first frames (a device's: a step a frame)
        frame(0)
    screen = app.stack[1]
    g = screen.game
    while frames < limit:
        g = screen.game
        top = app.top()
        if on_play(top, screen) and over_shown(screen):
            break
        bit = play_bit(screen) if on_play(top, screen) else A
        if bit:
            frame(bit)
            frame(bit)
            frame(0)
            frame(0)
        else:
            frame(0)
    gc.collect()
    out = {
        "finished": g.phase == "over",
        "winner": g.winner,
        "scores": list(g.scores),
        "moves": len(g.moves),
        "deals": g.deal_number,
        "frames": frames,
        "errors": app.errors,
        "last_error": app.last_error,
        "redraws": app.frames,
    }
    if IS_MP:
        out["heap_end"] = gc.mem_alloc()
        out["app_heap"] = gc.mem_alloc() - base
    if heap:
        out["live_peak"] = live_peak
        out["frame_peak"] = frame_peak
        out["most_one_frame_allocates"] = worst_alloc
    if timing:
        out["tick_us_median"] = _median(times)
        out["tick_us_worst"] = max(times)
        out["drawn_us_median"] = _median(drawn)
        out["drawn_us_worst"] = max(drawn) if drawn else 0
        out["drawn_frames"] = len(drawn)
    return out


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
    g = screen.game
    if tb.page == play.OVER_PAGE and g is not None and g.phase == "over":
        # the game's end runs a step a frame under this page: wait for it
        # (see over_shown); an A pressed now is taken there as a rematch
        return 0
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


def over_shown(screen):
    """True when ``screen`` (the play screen) shows its game-over page and
    the game's end (statistics, last.log: a step a frame) is done."""
    from firmware.play import table as play

    g = screen.game
    if g is None or g.phase != "over" or screen.table.page != play.OVER_PAGE:
        return False
    return getattr(screen, "ending", None) is None


def menu_bit(screen):
    """The button that takes a finished match's over page back to the menu
    (A there starts a rematch)."""
    from firmware.hal import B

    return B


def _median(xs):
    if not xs:
        return 0
    xs = sorted(xs)
    return xs[len(xs) // 2]
