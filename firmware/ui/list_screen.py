"""A titled list with a cursor (``ListScreen``): the menus' screen (the
start menu, settings, statistics, the keeper's and the pause menu), apart
from firmware.ui.screen so that a mode without a menu open never holds it
(96 KB budget: it was 1.1 KB of the play mode's code, whose five-card game
peaked at 96.6 KB own; emulated Pico, MicroPython v1.28.0). Imports
``firmware.ui.buttons``, ``firmware.keys`` and ``firmware.ui.screen``.
"""

from firmware.ui import buttons
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B
from firmware.ui.screen import ROW, TOP, Screen, title_bar


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
        return TOP - 1 + (a - self.top) * ROW, TOP - 1 + (b + 1 - self.top) * ROW

    def draw(self, cv):
        y0 = cv.y0  # a band redraw (``band``): the rows in it alone
        y1 = cv.y1
        if y0 < 9:
            title_bar(cv, self.title)
        n = len(self.items)
        end = min(n, self.top + self.rows)
        for i in range(self.top, end):
            y = TOP + (i - self.top) * ROW
            if y0 and (y > y1 or y + ROW <= y0 + 1):  # rows y - 1 .. y + 7
                continue
            cv.text(self.items[i], 7, y)
            v = self.value(i)
            if v is not None:
                cv.right(v, cv.width - 4, y)
            if i == self.cursor:  # a pointer, x 0..4 (not a bar: see the class)
                for k in range(5):
                    cv.vline(k, y - 1 + k, 9 - k - k)
        if n > self.rows:  # scroll bar on the right edge
            h = max(3, (cv.height - TOP) * self.rows // n)
            y = TOP + (cv.height - TOP - h) * self.top // (n - self.rows)
            cv.vline(cv.width - 1, y, h)
