"""The device entry point and its crash loop: builds the app and runs it,
for good. The board's root ``main.py`` only needs ``import firmware.main``
then ``firmware.main.main()``. Imports ``gc`` and ``sys``;
``firmware.boot`` (the backend, the board, the app built, the error
screens, the pegboard of an app built ``again``), ``firmware.app`` (its
``_drop``, to forget ``firmware.boot``; ``App``, for ``again``),
``firmware.crash_writer`` and ``firmware.crashlog``, each when used.

Memory: what is needed only before the app runs and after a crash is in
``firmware.boot`` (and ``firmware.crashlog``, which prepares the crash log),
loaded then and forgotten while the app runs, so that this module, held all
the time, is only the loop below.

Modes: each runs in an app of its own. An app ends naming the next mode
(``firmware.app.App.switch``: a mode chosen in the start menu, or the menu
again); ``restart`` writes that in the mode record and restarts: the
backend's ``restart()`` (``machine.soft_reset()`` on MicroPython,
``supervisor.reload()`` on CircuitPython: the interpreter starts again and
this module's ``main`` builds the app from the record), or, where it returns
(the host and the web page's backends, and the tools' rigs), a fresh app
built here (``again``), so that every mode starts on a heap that does not
depend on what ran before.

Crashes: ``run`` builds the app (reopening the mode that was open, which
resumes from its save) and runs it; anything that escapes the app's own
error handling (``firmware.crash.Failing`` when errors keep coming, an error
outside the screens, MemoryError) is caught: ``gc.collect()``, one entry in
the crash log (``firmware.crash_writer``, prepared by ``firmware.crashlog``
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


def restart(app, reboot=True):
    """``app`` ended (its ``next``): write the mode to open next in the
    record and restart the interpreter into it (``hw.restart()``, which
    returns on the host and the web backends: then the caller builds the
    next app; not with ``reboot`` False); True. False when the record could
    not be written: ``app`` then opened the mode itself and goes on."""
    if not app._mode_step("ending"):
        return False
    go = getattr(app.hw, "restart", None)
    if go is not None and reboot:
        go()
    return True


def again(app, reboot=True):
    """``restart``, and the app that follows ``app`` in the same interpreter
    (the host and the web backends, tests and tools): built from the record
    as a restarted device builds it, the board's and the pegboard's kept
    (``app`` itself when it goes on: ``restart``). ``reboot`` False: the
    backend is not restarted (a benchmark's rig over a device's backend)."""
    if not restart(app, reboot):
        return app
    from firmware.app import App

    peg = app.pegboard
    if peg is not None and app.board is not None:
        from firmware.boot import make_pegboard

        peg = make_pegboard(app.board) or peg
    return App(app.hw, board=app.board, pegboard=peg, resume=True)


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
    kept = None  # an app that goes on after it ended (``restart``: no record)
    while True:
        app = None
        mode = None
        ended = None
        if kept is None:
            try:  # room for a crash entry set aside now: a crash may come with no heap left
                from firmware import crashlog

                crashlog.prepare(hw.storage)
            except Exception as e:
                print("crash log not prepared:", _describe(e))
            crashlog = None  # forgotten with firmware.boot once the app is built
        try:
            hw.feed()
            if kept is None:
                app = _boot().build(board=board, hw=hw, resume=resume)
                _forget_boot()
                if not resume:
                    app.forget_mode()
            else:
                app, kept = kept, None
            resume = True
            app.run()
            ended = app
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
                from firmware import crash_writer

                if not crash_writer.write(hw.storage, e, crashes, now, mode or ""):
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
        if ended is not None:  # outside the try: a restart is no crash
            app = None
            if not restart(ended):  # on a device, it does not return
                kept = ended
            ended = None
            gc.collect()


def main():
    run(*_boot().device())


if __name__ == "__main__":
    main()
