"""Frame benchmark of the device app on the MicroPython unix port (and
CPython for comparison).

    python3 tools/bench_device.py --only ui-frames [--repeat 51]

Runs this same file under ``micropython -X heapsize=256k`` with the device
code compiled to .mpy and the host backend (real ``framebuf``), then under
CPython (tools/bench/benchkit.py), and reports medians of:
  - heap taken by importing the app platform (in a clean child), and by the
    app once built
  - a menu frame: clear, draw the start menu, show
  - a hand scene: title, scores, starter, six cards with cursor, raised,
    chosen and dimmed cards
  - a cursor move in the menu (four ticks: press seen, debounced with a
    redraw, release seen, debounced) and an idle tick
and the heap allocated per frame of each. The unix port has 8-byte words and
runs 75-180x faster than a 125 MHz RP2040 (device figures: tools/bench_device.py --emu).
"""

import sys


def measure(repeat):
    import gc

    from benchkit import alloc, median, now_us, since

    from firmware import app as app_mod
    from firmware import boot
    from firmware.app import Screen, title_bar
    from firmware.hal import DOWN
    from firmware.hw import host

    board = boot.load_board("pico")
    gc.collect()
    before = alloc()
    app = boot.build(backend="host", board=board)
    gc.collect()
    app_heap = alloc() - before

    class HandScene(Screen):
        def __init__(self):
            self.hand = [0, 17, 22, 30, 41, 50]
            self.starter = 9

        def draw(self, cv):
            title_bar(cv, "Your crib")
            cv.text("You", 0, 11)
            cv.number(87, 24, 11)
            cv.text("CPU", 70, 11)
            cv.number(104, 94, 11)
            cv.card(2, 21, self.starter)
            cv.text("count", 20, 21)
            cv.number(23, 56, 21)
            cv.hand(self.hand, 44, 3, 1 << 3, 1 << 5, 1 << 1)

    def frames(draw_once, n):
        times = [0] * n
        gc.collect()
        gc.disable()
        a = alloc()
        for i in range(n):
            t = now_us()
            draw_once()
            times[i] = since(t)
        used = alloc() - a
        gc.enable()
        return median(times), used / n

    # menu frame: what App does on a redraw
    app.home()
    menu_us, menu_alloc = frames(app._draw, repeat)
    app.push(HandScene())
    hand_us, hand_alloc = frames(app._draw, repeat)
    app.pop()

    clock = app.hw.clock
    hw = app.hw

    presses = (DOWN, DOWN, 0, 0)  # built once: a tuple in the loop would allocate

    def cursor_move():
        # four 20 ms ticks: DOWN seen, DOWN debounced (the cursor moves and
        # the menu is redrawn), release seen, release debounced
        for raw in presses:
            hw.buttons.set(raw)
            clock.advance(20)
            app.tick(clock.ticks_ms())

    for _ in range(3):
        cursor_move()
    cursor = app.top().cursor
    move_us, move_alloc = frames(cursor_move, repeat)
    assert app.top().cursor != cursor or repeat % 6 == 0

    def idle_tick():
        clock.advance(20)
        app.tick(clock.ticks_ms())

    hw.buttons.set(0)
    for _ in range(5):
        idle_tick()
    idle_us, idle_alloc = frames(idle_tick, repeat)
    assert isinstance(app.hw, host.Hardware) and app_mod.App
    return {
        "interpreter": sys.implementation.name,
        "import_heap_bytes": 0,  # set by main() from a clean child
        "app_heap_bytes": app_heap,
        "menu_frame_us": menu_us,
        "menu_alloc_per_frame": menu_alloc,
        "hand_frame_us": hand_us,
        "hand_alloc_per_frame": hand_alloc,
        "cursor_tick_us": move_us,
        "cursor_tick_alloc": move_alloc,
        "idle_tick_us": idle_us,
        "idle_tick_alloc": idle_alloc,
    }


def _report(r):
    mp = r["interpreter"] == "micropython"
    print("interpreter: %s" % r["interpreter"])
    if mp:
        print("  import the app platform from .mpy: %d bytes of heap" % r["import_heap_bytes"])
        print("  app built (host hw, pegboard, settings): %d bytes" % r["app_heap_bytes"])
    for label, key in (
        ("menu frame (clear, draw, show)", "menu"),
        ("six-card hand scene frame", "hand"),
        ("cursor move (4 ticks, one redraw)", "cursor"),
        ("idle tick (no redraw)", "idle"),
    ):
        us = r[key + "_frame_us"] if key in ("menu", "hand") else r[key + "_tick_us"]
        line = "  %s: %.3f ms median" % (label, us / 1000)
        if mp:
            a = r[key + "_alloc_per_frame"] if key in ("menu", "hand") else r[key + "_tick_alloc"]
            line += ", %.1f bytes allocated each" % a
        print(line)


BEFORE = []  # imported first: what the measured modules build on
MODULES = ["firmware.app", "firmware.main", "firmware.hal", "firmware.hw.host"]


def main(argv):
    import benchkit

    return benchkit.main(
        "unix_frames.py", measure, _report, argv, (("--repeat", 51),), BEFORE, MODULES
    )


if __name__ == "__main__":  # the unix-port half, run by benchkit.main
    import benchkit

    benchkit.child(measure)
