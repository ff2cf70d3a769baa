"""The battery's warning and its clean stop (``firmware.battery``'s
``warning`` and ``stop``, which it describes), apart from the gauge so the
heap holds them only when one is due. Imports ``firmware.ui.screen`` and
``firmware.ui.wrap`` (for the warning and the stop screen) when they are shown,
and ``firmware.crash_writer`` (loaded at boot) to print an error.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_QUIET = const(800)  # ms the low-battery message ignores a press begun after it shows


def warning(app):
    from firmware.ui.screen import MessageScreen

    cell = app.power.cell
    mv = cell.mv
    app.push(
        MessageScreen(
            "Battery low",
            "%d%% left (%d.%02d V). Your game is saved after every move; change the "
            "cells or plug in USB soon." % (cell.percent, mv // 1000, mv % 1000 // 10),
            _QUIET,  # it comes by itself: a press made for the game does not close it
        )
    )


def stop(app):
    """The critical level: close every screen, LEDs off, say the game is
    saved; from now on ``app.tick`` only watches the supply."""
    from firmware.crash_writer import print_exception as _log
    from firmware.ui.screen import title_bar
    from firmware.ui.wrap import wrap

    app.power.stopped = True
    stack = app.stack
    while stack:
        screen = stack.pop()
        try:
            screen.leave()
        except Exception as e:
            _log(e)
    buf = app.led_buf
    if buf is not None:
        for i in range(len(buf)):
            buf[i] = 0
        try:
            app.hw.leds.write(buf)
        except Exception as e:
            _log(e)
    app.pegboard = None
    d = app.hw.display
    d.power(True)
    d.contrast(8)  # as dimmed (firmware/power.py): the message costs little
    cv = app.canvas
    cv.clear()
    title_bar(cv, "Battery empty")
    y = 11  # as a MessageScreen: under the title bar, 9 px a line
    for ln in wrap("Your game is saved. Switch off, or plug in USB to go on."):
        cv.text(ln, 1, y)
        y += 9
    app.frames += 1
    d.show()
