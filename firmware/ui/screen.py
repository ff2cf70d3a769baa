"""The screen base (``Screen``) and the kinds every part of the app uses: a
titled list with a cursor (``ListScreen``), a message (``MessageScreen``) and
the title bar (``title_bar``). ``firmware.app`` gives them under its own name
too, where the screens import them from. Imports ``firmware.ui.buttons``,
``firmware.keys`` and ``firmware.ui.wrap``.

Writing a screen
----------------
Subclass ``Screen`` (or ``ListScreen`` / ``MessageScreen`` below) and put it in
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
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B
from firmware.ui.wrap import wrap

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_ROW = const(9)  # list row pitch
_TOP = const(11)  # first list row under the title bar


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


class ListScreen(Screen):
    """A titled list with a cursor: UP/DOWN move (with repeat, wrapping), A
    calls ``choose(index)``, LEFT/RIGHT call ``adjust(index, -1/+1)``, B calls
    ``back()`` (pops). ``value(index)`` may return a str drawn right-aligned
    on the row (settings). Six rows show at once; the list scrolls.

    The cursor is a pointer left of the row's text, not the row inverted: a
    move then changes 5 columns instead of three pages across the panel.
    displayio (the CircuitPython build) refreshes by the changed pixels, so
    an inverted bar's move would cost three pages' refresh there before any
    drawing; and an OLED's current and wear go with its lit pixels, about
    1,000 for the bar and 25 for the pointer."""

    rows = 6
    gauge = True

    def __init__(self, title, items):
        self.title = title
        self.items = items
        self.cursor = 0
        self.top = 0
        self._moved = -1  # the cursor before a move that alone changed the list

    def choose(self, index):
        pass

    def adjust(self, index, step):
        return False

    def value(self, index):
        return None

    def back(self):
        self.app.pop()

    def update(self, dt_ms, events):
        moved = False
        changed = False  # anything but the cursor
        cursor = self.cursor
        top = self.top
        n = len(self.items)
        if buttons.went(events, UP) and n:
            self.cursor = (self.cursor - 1) % n
            moved = True
        if buttons.went(events, DOWN) and n:
            self.cursor = (self.cursor + 1) % n
            moved = True
        if buttons.went(events, LEFT) and n:
            changed = self.adjust(self.cursor, -1) or changed
        if buttons.went(events, RIGHT) and n:
            changed = self.adjust(self.cursor, 1) or changed
        if buttons.happened(events, "press", A) and n:
            self.choose(self.cursor)
            changed = True
        elif buttons.happened(events, "press", B):
            self.back()
            changed = True
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + self.rows:
            self.top = self.cursor - self.rows + 1
        # a move alone, the list not scrolled: ``band`` redraws two rows
        self._moved = cursor if moved and not changed and top == self.top else -1
        return moved or changed

    def band(self):
        """A cursor move alone redraws the rows of the old and new cursor
        (``draw`` as this class has it)."""
        a = self._moved
        if a < 0 or type(self).draw is not ListScreen.draw:
            return None
        self._moved = -1
        b = self.cursor
        if a > b:
            a, b = b, a
        return _TOP - 1 + (a - self.top) * _ROW, _TOP - 1 + (b + 1 - self.top) * _ROW

    def draw(self, cv):
        y0 = cv.y0  # a band redraw (``band``): the rows in it alone
        y1 = cv.y1
        if y0 < 9:
            title_bar(cv, self.title)
        n = len(self.items)
        end = min(n, self.top + self.rows)
        for i in range(self.top, end):
            y = _TOP + (i - self.top) * _ROW
            if y0 and (y > y1 or y + _ROW <= y0 + 1):  # rows y - 1 .. y + 7
                continue
            cv.text(self.items[i], 7, y)
            v = self.value(i)
            if v is not None:
                cv.right(v, cv.width - 4, y)
            if i == self.cursor:  # a pointer, x 0..4 (not a bar: see the class)
                for k in range(5):
                    cv.vline(k, y - 1 + k, 9 - k - k)
        if n > self.rows:  # scroll bar on the right edge
            h = max(3, (cv.height - _TOP) * self.rows // n)
            y = _TOP + (cv.height - _TOP - h) * self.top // (n - self.rows)
            cv.vline(cv.width - 1, y, h)


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
            cv.text(self.lines[i], 1, _TOP + (i - self.top) * _ROW)
