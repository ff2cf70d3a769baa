"""The screen base (``Screen``), a message (``MessageScreen``) and the title
bar (``title_bar``), which every part of the app uses; a titled list with a
cursor is ``firmware.ui.list_screen``'s ``ListScreen`` (the menus'). Imports
``firmware.ui.buttons``, ``firmware.keys`` and ``firmware.ui.wrap``.

Writing a screen
----------------
Subclass ``Screen`` (or ``MessageScreen`` below, or ``ListScreen``) and put it in
``firmware/screens/<name>.py`` with a function ``make(app)`` returning it; the
start menu opens it with ``app.open("<name>")`` (a missing module shows a
"coming soon" message instead). The app calls, on the top screen only:

  enter()                 it became the top screen (pushed, or the screen
                          above it was popped); the app redraws after it
  update(dt_ms, events) -> bool
                          once a frame: ``dt_ms`` since the last frame,
                          ``events`` a list of ``(kind, bit)`` button events
                          (kinds "press", "repeat", "long", "release", "tap"
                          and "chord"; bits in firmware.keys; act on "tap" and
                          "long" where a long press differs; helpers
                          ``went``/``happened`` in firmware.ui.buttons). Return
                          True when the picture must
                          change. Do the work of the screen here, and keep
                          animations going by returning True while they run.
  draw(cv)                paint the whole screen on the cleared canvas ``cv``
                          (firmware.ui.canvas.Canvas); no game logic here
  band() -> (y0, y1)      optional, before a redraw the screen asked for
                          (update returned True): the rows y0..y1-1 that
                          differ from its last drawing ((0, 0): none), or
                          None for the whole screen. The app then clears
                          only those rows and calls draw, which draws only
                          the parts of itself that meet them
                          (``cv.within(y, h)``). The band must hold every
                          part that changed; a part reaching out of it is
                          drawn whole, so it must be unchanged and drawn
                          with ink alone (nothing cleared or inverted). The
                          app draws the whole screen after ``enter``,
                          ``invalidate()``, waking and a new battery
                          reading (the gauge), and for an ``orbit`` screen.
                          The result is the same
                          picture as a whole redraw, for less drawing and
                          less sent to the panel (host_tests/test_band.py)
  leave()                 it is being popped or replaced
  view() -> int           only where ``views = True``: what the keys act on
                          now, for a screen whose pages or modes change by
                          themselves (a timer, the computer's turn) without
                          a push or pop; after each frame the app compares
                          it with the last, and at a change it mutes the
                          buttons as at a push (``firmware.ui.buttons.mute``)
  quiet(view) -> ms       how long after that view shows (or the screen is
                          entered) a press that begins is ignored too (a
                          page that ends a game takes A only after a
                          moment; a message that came by itself); 0 by default

A press belongs to the screen (or view) on which it began: at every push,
pop, replace and change of ``view()`` the keys held act on nothing until
released, so a screen never gets the repeat, long press, release or tap of
a press made for the one before.

From a screen, ``self.app`` gives: ``push(screen)``, ``pop()``,
``replace(screen)``, ``home()``, ``open(name)``, ``invalidate()`` (redraw
the whole screen next frame), ``settings`` (firmware.store.settings.Settings), ``pegboard``
(firmware.pegboard.Pegboard or None), ``hw``, ``board`` (or None).

Power (firmware.power, through the app): a screen with ``orbit = True`` (the
score keeper) is moved by a pixel now and then against burn-in; one with
``gauge = True`` (lists, messages, the keeper) gets the battery gauge at the
right end of its title bar (``firmware.power.GAUGE_W`` pixels; the screen
keeps them free). A screen with timers that run without redrawing defines
``busy()`` (True while they run); otherwise the main loop sleeps when
nothing changed.

Heavy state (a game) belongs to the screen; formatting strings belongs in
update when the state changes, not in draw. An exception raised by a screen
is caught: the app shows an error screen (B or A closes it and the screen that
failed) and carries on; ``errors`` counts them and ``last_error`` holds the
text.
"""

from firmware.ui import buttons
from firmware.keys import DOWN, UP, A, B
from firmware.ui.wrap import wrap

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


ROW = const(9)  # row pitch of a list or a message
TOP = const(11)  # first row under the title bar


class Screen:
    app = None
    views = False  # True: ``view()`` says what the keys act on (see above)

    def view(self):
        return 0

    def quiet(self, view):
        return 0

    def enter(self):
        pass

    def leave(self):
        pass

    def update(self, dt_ms, events):
        return False

    def draw(self, cv):
        pass


def title_bar(cv, title):
    """A lit bar across the top with the title in dark ink."""
    cv.box(0, 0, cv.width, 9, 1, True)
    cv.center(title, 1, 0)


class MessageScreen(Screen):
    """A title and wrapped text (or a list of lines already wrapped: a long
    text wrapped over several frames); A or B closes it (calls ``done()``,
    which pops). UP/DOWN scroll long text. ``quiet_ms``: for a message that
    comes by itself (a low battery, a problem found at a game's end), a
    press begun that soon after it shows is ignored, so a key meant for the
    screen under it does not close it unread."""

    gauge = True

    def __init__(self, title, text, quiet_ms=0):
        self.title = title
        self.lines = text if isinstance(text, list) else wrap(text)
        self.top = 0
        if quiet_ms:
            self.views = True  # the app asks ``quiet`` when it shows
            self.quiet_ms = quiet_ms

    def quiet(self, view):
        return getattr(self, "quiet_ms", 0)

    def done(self):
        self.app.pop()

    def update(self, dt_ms, events):
        if buttons.happened(events, "press", A) or buttons.happened(events, "press", B):
            self.done()
            return True
        if buttons.went(events, DOWN) and self.top + 6 < len(self.lines):
            self.top += 1
            return True
        if buttons.went(events, UP) and self.top > 0:
            self.top -= 1
            return True
        return False

    def draw(self, cv):
        title_bar(cv, self.title)
        for i in range(self.top, min(len(self.lines), self.top + 6)):
            cv.text(self.lines[i], 1, TOP + (i - self.top) * ROW)
