"""The app loop: a stack of screens over a ``Hardware`` (see firmware/hal.py),
button events in, drawing out only when something changed. Imports
``firmware`` (its ``drop``), ``firmware.crash_writer`` (loaded at boot),
``firmware.power`` and ``firmware.ui.screen``; when first needed
``firmware.crash``, ``firmware.screens.menu`` (a mode's label, as the app
ends),
``firmware.battery`` and ``firmware.idle``; for a rare step (building the
app among them) ``firmware.modes``.

Writing a screen: see firmware/ui/screen.py (``Screen``, ``MessageScreen``,
``title_bar``; this module gives them too) and firmware/ui/list_screen.py
(``ListScreen``).

Input: a press belongs to the screen on which it began. At every push, pop
and replace, and whenever the top screen's ``view()`` changes (a page or
mode that came by itself: firmware/ui/screen.py), the buttons held are muted
until released, and for the view's ``quiet(view)`` ms new presses too
(``firmware.ui.buttons.mute``, ``_shown``).

Errors: a screen's exception is caught (``crash``) and written to the crash
log (``firmware.crash_writer``, prepared at boot so it needs no memory), then
``firmware.crash`` shows it. When errors keep coming (``firmware.crash``'s
``FAIL_LIMIT`` within ``FAIL_WINDOW_MS``), ``tick`` raises its ``Failing``:
the device's main loop (``firmware.main``) then logs it and restarts the app
into the saved game.

Modes and restarts: a mode runs in an app of its own. Opening one from the
start menu (``switch(name)``) or coming back to the menu from one
(``switch("")``, when the stack is down to the root) ends the app: it shows
the mode's name at once ("Opening"), and ``next`` names what to open; ``run``
returns it, and ``firmware.main`` records it and restarts the interpreter
into it (``firmware.main.restart``), so every mode finds a heap that does
not depend on what ran before. Nothing of the menu is beneath a mode: the
root of a mode's app is a bare ``Screen``, made the menu only if it shows
(a mode that could not open). ``App(hw, resume=True)`` opens the mode the
record names (``open``: its code imported then, and kept). The record, the
mode steps and the app's start: firmware/modes.py, loaded for each step
(``_mode_step``) and forgotten after, so that they are not in the heap while a
mode runs.

A save or settings file that was refused (damaged, cut short, foreign, from
newer firmware) is said on screen in a message when the app starts, and so is
a storage that cannot keep saves (its ``problem`` text: the CircuitPython
backend's RAM storage when the PC owns the drive).

Power (``firmware.power``, ``app.power``)
----------------------------------------
The idle timers dim the OLED and then switch it off (the LED board shows the
pegs only); the press that wakes it reaches no screen. What a screen asks of
them (``orbit``, ``gauge``, ``busy()``): firmware/ui/screen.py. "Battery low" is
said once; at the critical level ``firmware.battery.stop`` closes the screens
(each ``leave()``; every mode saves after each change anyway), turns the LEDs
off and shows that the game is saved, then the app waits for the supply to
come back and resets the board.

Driving the loop
----------------
``app.tick(now)`` runs one frame at time ``now`` (ms, the hardware clock's
ticks); a device main loop calls ``app.run()``, which feeds the watchdog
(``hw.feed()``) after every frame; tests call ``tick`` with their own times
(the host backend's SimClock). When nothing animates (``power.nap_ms()``) ``run``
lets the backend wait for a button (``hw.nap(ms)``, see firmware/hal.py)
instead of running frames it would not draw.
"""

import gc

from firmware import drop as _drop  # noqa: F401  given on
from firmware.crash_writer import print_exception as _log
from firmware.power import GAUGE_W
from firmware.ui.screen import MessageScreen, Screen, title_bar  # noqa: F401  given on

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_FRAME_MS = const(20)
_SWALLOW = const(1)  # firmware.power's frame() flags
_REDRAW = const(2)
_EMPTY = const(8)
_OFF = const(2)  # firmware.power's state: the panel is off


class App:
    def __init__(self, hw, root=None, board=None, settings=None, pegboard=None, resume=False):
        # what the app holds: firmware.modes's ``start``, which builds it
        self.hw = hw
        self._mode_step("start", root, board, settings, pegboard, resume)

    # ---- the stack ----
    def _enter(self, screen):
        screen.app = self
        self._whole = True
        if len(self.stack) == 1:
            if self.mode is not None:
                self.switch("")  # back at the root: a fresh app at the menu
                return
            if type(screen) is Screen:  # a mode's app that shows its root: the menu
                self._mode_step("menu")
                screen = self.stack[0]
        self.dirty = True
        self.buttons.mute()
        try:
            screen.enter()
            self._shown(screen)
        except Exception as e:
            self.crash(e, screen)

    def _shown(self, screen):
        # what the keys act on changed (a screen entered, or a screen's
        # ``view()``): the keys held now act on nothing until released, nor
        # does a press begun in the view's ``quiet(view)`` ms (firmware.ui.buttons)
        views = getattr(screen, "views", False)
        view = screen.view() if views else 0
        self._view = view
        self.buttons.mute(screen.quiet(view) if views else 0)

    def push(self, screen):
        self.stack.append(screen)
        self._enter(screen)

    def pop(self):
        """Close the top screen (never the root)."""
        if len(self.stack) <= 1:
            return
        screen = self.stack.pop()
        try:
            screen.leave()
        except Exception as e:
            _log(e)
        self._enter(self.stack[-1])

    def replace(self, screen):
        old = self.stack.pop()
        try:
            old.leave()
        except Exception as e:
            _log(e)
        self.push(screen)

    def home(self):
        while len(self.stack) > 1:
            self.pop()

    def top(self):
        return self.stack[-1]

    def invalidate(self):
        """Redraw the whole screen next frame."""
        self.dirty = True
        self._whole = True

    def open(self, name):
        """Push the screen that ``firmware/screens/<name>.py``'s ``make(app)``
        returns (its code imported as it opens, and kept), or a 'coming soon'
        message when there is no such module; from the root it is the app's
        mode, recorded. The start menu does not call this: it ``switch``es."""
        self._mode_step("open", name)

    def switch(self, name, picture=None):
        """End the app, naming the mode to open next (``name``; '' the start
        menu): ``next`` holds it, ``tick`` runs no more frames and ``run``
        returns it (``firmware.main`` restarts into it). The mode's name is on
        the screen at once, until the next app draws; or what ``picture(cv)``
        draws (the page the next mode opens on)."""
        if self.next is not None:
            return
        self.next = name
        cv = self.canvas
        cv.y0 = 0
        cv.y1 = cv.height
        cv.clear()
        if picture is not None:
            picture(cv)
        else:
            from firmware.screens.menu import label_of  # the menu's: loaded with it

            title_bar(cv, label_of(name))
            cv.center("Opening" if name else "Menu", 28)
        self.hw.display.show()

    def forget_mode(self):
        """Start at the menu after the next restart (a safe start)."""
        self._mode_step("note", "")

    def apply_settings(self):
        """Pass the settings on to the hardware (call after a change)."""
        self._mode_step("apply")

    def _mode_step(self, step, *args):
        # one of firmware.modes' steps, loaded for it and forgotten after
        from firmware import modes

        try:
            return getattr(modes, step)(self, *args)
        finally:
            _drop("firmware.modes")

    # ---- errors ----
    def crash(self, exc, screen=None):
        """Show ``exc`` on an error screen over the failing screen, write it to
        the crash log; when errors keep coming, mark the app ``failing``
        (``firmware.crash``, loaded when the first error comes)."""
        _log(exc)
        gc.collect()
        self.errors += 1
        if screen is None:
            screen = self.stack[-1]
        now = self.last if self.last is not None else 0
        slow = False
        try:  # first, before anything here allocates: the heap may be full
            from firmware import crash_writer  # loaded at boot (firmware.main)

            slow = not crash_writer.write(
                self.hw.storage, exc, self.errors, now, self.mode or "", type(screen).__name__
            )
        except Exception as e:  # e.g. no memory left to import it
            _log(e)
        from firmware import crash as _crash

        _crash.after(self, exc, screen, now, slow)

    # ---- the frame ----
    def tick(self, now=None):
        """One frame at ``now`` (ms); returns True when the display was redrawn.
        An app that ended (``next``) runs no more frames."""
        if self.next is not None:
            return False
        clock = self.hw.clock
        if now is None:
            now = clock.ticks_ms()
        first = self.last is None
        dt = 0 if first else clock.ticks_diff(now, self.last)
        self.last = now
        raw = self.hw.buttons.read()
        if first and self._held:  # an app after a switch: the keys held as it
            self.buttons.reset(raw)  # starts (the press that opened its mode)
            self._shown(self.stack[-1])  # are down already, muted until released
        pw = self.power
        pw.raw = raw
        if pw.stopped:
            pw.frame(raw, dt, False)  # a press shows the message again
            if pw.cell.recovered():
                self.hw.reset()  # the supply is back: start again, resuming
            return False
        said = pw.frame(raw, dt, getattr(self.stack[-1], "orbit", False))
        if said & _SWALLOW:
            raw = 0  # the press that woke the device does nothing else
        if said & _REDRAW:
            self.dirty = True
            self._whole = True
        events = self.buttons.poll(raw, now)
        screen = self.stack[-1]
        try:
            if screen.update(dt, events):
                self.dirty = True
            if (
                getattr(screen, "views", False)
                and screen is self.stack[-1]
                and screen.view() != self._view
            ):
                self._shown(screen)  # a page or mode of its own (firmware/ui/screen.py)
        except Exception as e:
            self.crash(e, screen)
        if self.next is not None:
            return True  # the app ended: its last picture is on the screen
        if said > _REDRAW:
            from firmware import battery as _battery

            if said & _EMPTY:
                _battery.stop(self)  # saved, said, and nothing more is written
                return True
            _battery.warning(self)
        peg = self.pegboard
        if peg is not None:
            try:
                if peg.update(dt) or peg.dirty:
                    peg.render(self.led_buf)
                    self.hw.leds.write(self.led_buf)
            except Exception as e:
                self.pegboard = None  # a broken strip must not stop the game
                self.crash(e)
        if self._stable_left > 0:
            self._stable_left -= dt
            if self._stable_left <= 0:
                self._stable_left = 0
                self._mode_step("note", self.mode or "")  # it started cleanly: tries back to 0
        drew = self.dirty
        if drew:
            self.dirty = False
            if pw.state == _OFF:  # the panel is off; wake() redraws
                drew = False
                self._whole = True
            else:
                drew = self._draw()
        if self.failing is not None:
            raise self.failing
        return drew

    def _draw(self):
        # the whole screen, or the band of rows the screen says changed
        # since it last drew (its ``band()``, firmware/ui/screen.py); False
        # when that band is empty: nothing drawn, nothing shown
        cv = self.canvas
        screen = self.stack[-1]
        band = None
        percent = self.power.percent  # a new one redraws the gauge: the whole screen
        if not self._whole and percent == self._percent and not getattr(screen, "orbit", False):
            band = getattr(screen, "band", None)
        self._whole = False
        self._percent = percent
        y0 = 0
        try:
            band = None if band is None else band()
            if band is None:
                cv.clear()
            else:
                y0, y1 = band
                if y0 >= y1:
                    return False
                cv.band(y0, y1)
            screen.draw(cv)
        except Exception as e:
            self.crash(e, screen)
            y0 = cv.y0 = 0
            cv.y1 = cv.height
            cv.clear()
            try:
                self.stack[-1].draw(cv)
            except Exception as e2:
                _log(e2)
        if band is not None:  # the band is over: what follows draws anywhere
            cv.y0 = 0
            cv.y1 = cv.height
        screen = self.stack[-1]
        if (
            y0 < 9  # the title bar was redrawn
            and getattr(screen, "gauge", False)
            and self.power.percent >= 0
            and len(getattr(screen, "title", "")) <= 17  # a centred title clear of it
        ):
            from firmware.battery import draw_gauge

            x = cv.width - GAUGE_W
            cv.box(x - 1, 0, GAUGE_W + 1, 9, 1, True)
            draw_gauge(cv, self.power.percent, x, 1, 0)
        if getattr(screen, "orbit", False):
            from firmware.idle import shift

            shift(self.power, cv.fb, cv.width, cv.height)
        self.frames += 1
        self.hw.display.show()
        return True

    # ---- power
    def run(self, frame_ms=_FRAME_MS):
        """The device main loop, until the app ends: returns ``next``, the
        mode to open next ('' the menu). When nothing animates the
        backend's ``nap(ms)`` waits for a button (returning within a frame
        of a press) instead of running idle frames."""
        clock = self.hw.clock
        nap = getattr(self.hw, "nap", None)
        while self.next is None:
            start = clock.ticks_ms()
            self.tick(start)
            self.hw.feed()
            spent = clock.ticks_diff(clock.ticks_ms(), start)
            if spent < frame_ms:
                rest = self.power.nap_ms() if nap is not None else 0
                if rest > frame_ms:
                    nap(rest)
                else:
                    clock.sleep_ms(frame_ms - spent)
        return self.next
