"""What the app does after a screen failed (``App.crash``, once the error is
in the fast crash log): the slow crash log when the fast one was not
prepared, the error screen over the failing screen, and the count of errors
that marks the app ``failing`` (``Failing``, which ``App.tick`` raises:
the main loop restarts it), ``FAIL_LIMIT`` of them within
``FAIL_WINDOW_MS``. Loaded when the first error comes, then held: a
device that never fails never pays for it. Imports ``firmware.crash_writer``
and ``firmware.ui.screen``;
when the fast log was not prepared ``firmware.crashlog``."""

from firmware.crash_writer import print_exception as _log
from firmware.ui.screen import MessageScreen

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

FAIL_LIMIT = const(3)  # caught errors within FAIL_WINDOW_MS that restart the app
FAIL_WINDOW_MS = const(30000)


class Failing(Exception):
    """Raised by ``App.tick`` when errors keep coming: restart the app."""


class ErrorScreen(MessageScreen):
    def __init__(self, text, failed):
        MessageScreen.__init__(self, "Oops: an error", text + "\nA/B: carry on")
        self.failed = failed

    def done(self):
        # close the screen that failed too, unless it is the root, and only
        # then enter what is left (entering the failed one may fail again)
        app = self.app
        app.stack.pop()
        if len(app.stack) > 1 and app.stack[-1] is self.failed:
            app.stack.pop()
            try:
                self.failed.leave()
            except Exception as e:
                _log(e)
        app._enter(app.stack[-1])


def describe(exc):
    name = type(exc).__name__
    msg = str(exc)
    return name + ": " + msg if msg else name


def after(app, exc, screen, now, slow):
    """The rest of ``app.crash(exc)`` for ``screen`` at ``now``; ``slow``:
    the fast crash log was not prepared, write the slow one."""
    if slow:
        try:
            from firmware import crashlog  # not prepared: the slow way

            mode = app.mode or ""
            crashlog.record(app.hw.storage, exc, app.errors, now, mode, type(screen).__name__)
        except Exception as e:  # e.g. no memory left to import it
            _log(e)
    app.last_error = describe(exc)
    _count_failure(app, exc, now)
    if isinstance(screen, ErrorScreen):
        return  # the error screen itself failed: do not stack another
    app.stack.append(ErrorScreen(app.last_error, screen))
    app.stack[-1].app = app
    app.dirty = True


def _count_failure(app, exc, now):
    times = app._fail_times
    diff = app.hw.clock.ticks_diff
    while times and diff(now, times[0]) >= FAIL_WINDOW_MS:
        times.pop(0)
    times.append(now)
    if len(times) >= FAIL_LIMIT or app._stable_left > 0:
        # errors keep coming, or a reopened mode failed before it settled
        app.failing = Failing(
            "%d errors in %d s; the last: %s" % (len(times), FAIL_WINDOW_MS // 1000, describe(exc))
        )
