"""The device entry point: picks the hardware backend for this interpreter,
loads the board description, builds the app and runs its loop. The board's
root ``main.py`` only needs ``import firmware.main`` then
``firmware.main.main()``. Imports ``firmware.wrap``; ``firmware.app``,
``boards``, ``firmware.pegboard``, one ``firmware.hw`` backend,
``firmware.crashfast`` and ``firmware.crashlog``, each when used.

Backends: ``mp`` on MicroPython boards, ``cp`` on CircuitPython, ``web`` on
the WebAssembly port (a page steps ``firmware.hw.web.Runner``), ``host``
anywhere else (CPython, the MicroPython unix port). The board name comes from
a one-line file ``board.txt`` when there is one, else ``boards.DEFAULT``; a
missing or unknown board leaves ``board`` None and the defaults of the backend.

Crashes: ``run`` builds the app (reopening the mode that was open, which
resumes from its save) and runs it; anything that escapes the app's own
error handling (``firmware.app.Failing`` when errors keep coming, an error
outside the screens, MemoryError) is caught: ``gc.collect()``, one entry in
the crash log (``firmware.crashfast``, prepared before each app is built so
that it needs no memory; ``firmware.crashlog`` otherwise), an error screen for ``PAUSE_MS`` (A
skips it), then a new app. After ``CRASH_LIMIT`` crashes within
``CRASH_WINDOW_MS`` it stops on a safe screen that waits for A and then
starts at the menu, so a crash loop never spins. Every wait feeds the
watchdog; a hung loop stops feeding it and the board resets (``mp``
backend), which lands in ``main`` again and resumes the same way.
KeyboardInterrupt and SystemExit pass through (the REPL, tools/deploy.py).
"""

import gc
import sys

from firmware.wrap import wrap

CRASH_LIMIT = 3
CRASH_WINDOW_MS = 60000
PAUSE_MS = 4000
_A = 16  # firmware.hal.A, without importing more than the error screen needs

app = None  # the app ``run`` is running (None between restarts): for the REPL and tests
crashes = 0  # crashes caught by ``run`` since the board started


def backend_name():
    impl = sys.implementation.name
    if impl == "circuitpython":
        return "cp"
    if sys.platform == "webassembly":
        return "web"  # the browser page drives firmware.hw.web's Runner
    if impl == "micropython" and sys.platform not in ("linux", "darwin", "win32", "windows"):
        return "mp"
    return "host"


def board_name(path="board.txt"):
    try:
        with open(path) as f:
            name = f.readline().strip()  # further lines: backend options (cp: display=)
        if name:
            return name
    except OSError:
        pass
    try:
        import boards

        return boards.DEFAULT
    except ImportError:
        return None


def load_board(name):
    """The board module, or None (with a message) when it cannot be had."""
    if name is None:
        return None
    try:
        import boards

        return boards.load(name)
    except (ImportError, ValueError) as e:
        print("board %r not loaded (%s); using defaults" % (name, e))
        return None


def make_pegboard(board):
    if board is None or not hasattr(board, "LAYOUT"):
        return None
    try:
        from firmware.pegboard import Pegboard

        return Pegboard(board.LAYOUT, getattr(board, "POWER", None), getattr(board, "N_LEDS", None))
    except ImportError:
        return None


def make_hw(backend=None, board=None, **hw_args):
    name = backend or backend_name()
    __import__("firmware.hw." + name)
    return sys.modules["firmware.hw." + name].make(board, **hw_args)


def build(backend=None, board=None, hw=None, resume=False, **hw_args):
    """The app ready to run: ``hw`` if given, else ``firmware.hw.<backend>``'s
    ``make(board, **hw_args)``; ``resume`` reopens the mode that was open."""
    from firmware.app import App

    if hw is None:
        hw = make_hw(backend, board, **hw_args)
    return App(hw, board=board, pegboard=make_pegboard(board), resume=resume)


def show_message(hw, title, text):
    """Draw ``title`` (inverted) and ``text`` with the framebuf's own font:
    works when the app's modules cannot be loaded. Never raises."""
    try:
        d = hw.display
        fb = d.fb
        fb.fill(0)
        fb.fill_rect(0, 0, d.width, 9, 1)
        fb.text(title[:16], 0, 1, 0)
        y = 12
        for ln in wrap(text, 16):  # the 8x8 framebuf font: 16 columns
            if y > d.height - 8:
                break
            fb.text(ln, 0, y, 1)
            y += 9
        d.show()
    except Exception as e:
        print("error screen failed:", e)


def wait(hw, ms, for_a=False):
    """Wait ``ms`` (forever when 0) feeding the watchdog; a press and release
    of A ends it early (``for_a``: only that ends it), so the new app does
    not take the press as its own. True when A ended it."""
    clock = hw.clock
    start = clock.ticks_ms()
    state = 0  # 0: A must be up first, 1: up, 2: pressed while waiting
    while True:
        hw.feed()
        try:
            a = hw.buttons.read() & _A
        except Exception:
            a = 0
        if a:
            if state:
                state = 2
        elif state == 2:
            return True
        else:
            state = 1
        if ms and not for_a and clock.ticks_diff(clock.ticks_ms(), start) >= ms:
            return False
        clock.sleep_ms(20)


def _describe(exc):
    try:
        msg = str(exc)
    except Exception:
        msg = ""
    name = type(exc).__name__
    return name + ": " + msg if msg else name


def run(hw, board=None, limit=CRASH_LIMIT, window_ms=CRASH_WINDOW_MS, pause_ms=PAUSE_MS):
    """Run the app on ``hw`` for good: restart it after a crash, stop on a
    safe screen after ``limit`` crashes within ``window_ms``. Returns only
    by KeyboardInterrupt or SystemExit."""
    global app, crashes
    clock = hw.clock
    recent = []  # clock times of the crashes in the window
    resume = True
    while True:
        app = None
        mode = None
        try:  # room for a crash entry set aside now: a crash may come with no heap left
            from firmware import crashfast

            crashfast.prepare(hw.storage)
        except Exception as e:
            print("crash log not prepared:", _describe(e))
        try:
            hw.feed()
            app = build(board=board, hw=hw, resume=resume)
            if not resume:
                app.forget_mode()
            resume = True
            app.run()
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # MemoryError and the rest: the device must go on
            if app is not None:
                mode = app.mode
            app = None  # free the app before anything else
            gc.collect()
            crashes += 1
            now = clock.ticks_ms()
            try:
                from firmware import crashfast

                if not crashfast.write(hw.storage, e, crashes, now, mode or ""):
                    from firmware import crashlog

                    crashlog.record(hw.storage, e, crashes, now, mode or "")
            except Exception as e2:  # no memory even for that
                print("crash not logged:", _describe(e2))
            what = _describe(e)
            print("crash %d: %s" % (crashes, what))
            while recent and clock.ticks_diff(now, recent[0]) >= window_ms:
                recent.pop(0)
            recent.append(now)
            if len(recent) >= limit:
                show_message(
                    hw,
                    "Stopped",
                    "%d errors in a short time: %s\nSaves are kept. A: menu" % (len(recent), what),
                )
                wait(hw, 0, True)
                recent = []
                resume = False  # start at the menu, not in the failing mode
            else:
                show_message(hw, "Oops: restarting", what + "\nYour game is saved.")
                wait(hw, pause_ms)


def main():
    board = load_board(board_name())
    run(make_hw(board=board), board)


if __name__ == "__main__":
    main()
