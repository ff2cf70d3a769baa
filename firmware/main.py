"""The device entry point and its crash loop: builds the app and runs it,
for good. The board's root ``main.py`` only needs ``import firmware.main``
then ``firmware.main.main()``. Imports ``gc`` and ``sys``;
``firmware.boot`` (the backend, the board, the app built, the error
screens), ``firmware.app`` (its ``_drop``, to forget ``firmware.boot``),
``firmware.crashfast`` and ``firmware.crashlog``, each when used.

Memory: what is needed only before the app runs and after a crash is in
``firmware.boot`` (and ``firmware.crashlog``, which prepares the crash log),
loaded then and forgotten while the app runs, so that this module, held all
the time, is only the loop below.

Crashes: ``run`` builds the app (reopening the mode that was open, which
resumes from its save) and runs it; anything that escapes the app's own
error handling (``firmware.crash.Failing`` when errors keep coming, an error
outside the screens, MemoryError) is caught: ``gc.collect()``, one entry in
the crash log (``firmware.crashfast``, prepared by ``firmware.crashlog``
before each app is built so that it needs no memory; ``firmware.crashlog``
otherwise), an error screen for ``PAUSE_MS`` (A skips it), then a new app.
After ``CRASH_LIMIT`` crashes within ``CRASH_WINDOW_MS`` it stops on a safe
screen that waits for A and then starts at the menu, so a crash loop never
spins. Every wait feeds the watchdog; a hung loop stops feeding it and the
board resets (``mp`` backend), which lands in ``main`` again and resumes the
same way.
KeyboardInterrupt and SystemExit pass through (the REPL, tools/deploy.py).
"""

import gc
import sys

CRASH_LIMIT = 3
CRASH_WINDOW_MS = 60000
PAUSE_MS = 4000

app = None  # the app ``run`` is running (None between restarts): for the REPL and tests
crashes = 0  # crashes caught by ``run`` since the board started


def _boot():
    from firmware import boot

    return boot


def _forget_boot():
    # the app runs without them (MicroPython and CircuitPython; CPython's
    # tools and tests keep them)
    if sys.implementation.name != "cpython":
        from firmware.app import _drop  # loaded with the app just built

        _drop("firmware.boot")
        _drop("firmware.crashlog")
        _drop("boards")  # the boards' list and loader; the board's own data stays held


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
            from firmware import crashlog

            crashlog.prepare(hw.storage)
        except Exception as e:
            print("crash log not prepared:", _describe(e))
        crashlog = None  # forgotten with firmware.boot once the app is built
        try:
            hw.feed()
            app = _boot().build(board=board, hw=hw, resume=resume)
            _forget_boot()
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
            n = len(recent)
            stop = n >= limit
            if stop:
                recent = []
                resume = False  # start at the menu, not in the failing mode
            try:
                _boot().crashed(hw, what, n if stop else 0, pause_ms)
            except Exception as e2:  # not even the error screen: wait, then go on
                print("error screen failed:", _describe(e2))
                clock.sleep_ms(pause_ms)


def main():
    run(*_boot().device())


if __name__ == "__main__":
    main()
