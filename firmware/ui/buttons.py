"""Button input: turns the raw bitmask from ``hw.buttons.read()`` into events
(debounce, long press, auto-repeat). Pure logic over (bitmask, time) pairs,
so tests drive it with synthetic sequences. Imports
``firmware.keys`` (the button bits) when a ``Buttons`` is made.

Events are tuples ``(kind, bit)`` with kind "press", "repeat", "long",
"release", "tap" or "chord" and bit one of the firmware.keys bits (UP, DOWN, LEFT,
RIGHT, A, B; a chord's bit is its buttons together, A | B). The tuples are
made once in the constructor and ``poll`` refills one list, so the poll path
allocates nothing.

For buttons that act on release (a long press does something else), two
events say what the hold was, as Peter Hinch's ``Pushbutton(suppress=True)``
does: "tap" comes right after the "release" of a button in ``long_mask``
that gave no "long" (act on it, and on "long", never on "press"); "chord"
comes right after the "press" that makes every button of ``chord_mask``
held at once, and then those buttons give no "long" and no "tap" until each
is released.

Per button, a small state machine (times in ms, measured with ``diff`` so the
device's wrapping ticks work):

    UP (released) --raw down, held _DEBOUNCE--> DOWN: emit press
    DOWN --raw up, held _DEBOUNCE--> UP: emit release
    A raw level that flips back before _DEBOUNCE is a bounce: it is forgotten
    and the debounce timer starts again at the next flip.
    While DOWN (checked at each poll, after the press poll):
      button in long_mask:   held _LONG once            -> emit long (once a press)
      button in repeat_mask: held _REPEAT_DELAY, then
                             every _REPEAT_EVERY        -> emit repeat
      a late poll emits one repeat, not a burst.

``mute(quiet_ms)`` silences the buttons held at that moment (or on their way
down, still bouncing) until they are released, and for ``quiet_ms`` after it
every press that begins too: such a press gives no event at all (no press,
repeat, long, release, tap or chord) till it is released. The app mutes at
every change of what the keys act on (firmware.app), so a press belongs to
the screen on which it began.
Buttons are independent: simultaneous presses give one event each, in bit
order (UP first). With the defaults the d-pad repeats and A/B give long presses.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_DEBOUNCE = const(20)
_LONG = const(700)
_REPEAT_DELAY = const(400)
_REPEAT_EVERY = const(120)
_COUNT = const(6)  # buttons: bits 0..5

_PRESS = const("press")
_REPEAT = const("repeat")
_LONG_PRESS = const("long")
_RELEASE = const("release")
_TAP = const("tap")
_CHORD = const("chord")


def _sub(a, b):
    return a - b


class Buttons:
    def __init__(
        self,
        diff=None,
        debounce=_DEBOUNCE,
        long_ms=_LONG,
        repeat_delay=_REPEAT_DELAY,
        repeat_every=_REPEAT_EVERY,
        repeat_mask=None,
        long_mask=None,
        chord_mask=None,
    ):
        # the masks' defaults (the d-pad repeats, A and B give long presses and
        # chord): imported here, so that this resident module holds no names
        from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B

        if repeat_mask is None:
            repeat_mask = UP | DOWN | LEFT | RIGHT
        if long_mask is None:
            long_mask = A | B
        if chord_mask is None:
            chord_mask = A | B
        self.diff = diff or _sub
        self.debounce = debounce
        self.long_ms = long_ms
        self.repeat_delay = repeat_delay
        self.repeat_every = repeat_every
        self.repeat_mask = repeat_mask
        self.long_mask = long_mask
        self.chord_mask = chord_mask
        self.held = 0  # debounced state: bit set while down
        self._pending = 0  # bits whose raw level differs from ``held``
        self._flip_at = [0] * _COUNT  # when that difference was first seen
        self._down_at = [0] * _COUNT  # when the press was accepted
        self._rep_at = [0] * _COUNT  # last press or repeat time
        self._repeating = 0  # bits past their first repeat
        self._long_done = 0
        self._muted = 0
        self._chorded = 0  # chord buttons not released since their chord
        self._now = 0  # the last poll's time
        self._polled = False  # a poll has set ``_now``
        self._quiet = 0  # presses beginning this long after ``_quiet_at`` are muted
        self._quiet_at = 0
        self._ev = []
        for kind in (_PRESS, _REPEAT, _LONG_PRESS, _RELEASE, _TAP):
            self._ev.append(tuple((kind, 1 << i) for i in range(_COUNT)))
        self._chord = (_CHORD, chord_mask)
        self.events = []

    def mute(self, quiet_ms=0):
        """Ignore the buttons held now (or bouncing down) until they are
        released (no repeat, long, release, tap or chord for them), and
        likewise any press that begins in the ``quiet_ms`` after the last
        poll: the app calls it when what the keys act on changes, so the
        press that opened a screen, or one made for the screen before it,
        does not act on it too."""
        self._muted = self.held | self._pending
        self._quiet = quiet_ms
        self._quiet_at = self._now  # before the first poll: set by it (an app's first screen)

    def quiet(self):
        """True while presses are muted as they begin (``mute``'s ``quiet_ms``)."""
        return self._quiet > 0 and self.diff(self._now, self._quiet_at) < self._quiet

    def reset(self, raw=0):
        """Forget everything; buttons held now count as already down (no
        press event), e.g. after a screen change that a press caused."""
        self.held = raw
        self._pending = 0
        self._repeating = 0
        self._long_done = raw & self.long_mask
        self._muted = 0
        self._chorded = 0
        self._quiet = 0
        self.events.clear()

    def poll(self, raw, now):
        """Feed the raw bitmask read at time ``now``; returns the list of
        events (the same list each call, refilled)."""
        events = self.events
        events.clear()
        diff = self.diff
        self._now = now
        if not self._polled:
            self._polled = True
            self._quiet_at = now
        if self._quiet and diff(now, self._quiet_at) >= self._quiet:
            self._quiet = 0
        changed = raw ^ self.held
        for i in range(_COUNT):
            bit = 1 << i
            if changed & bit:
                if not self._pending & bit:
                    self._pending |= bit
                    self._flip_at[i] = now
                    if self.debounce > 0:
                        continue
                if diff(now, self._flip_at[i]) < self.debounce:
                    continue
                self._pending &= ~bit
                self.held ^= bit
                if raw & bit:
                    self._down_at[i] = now
                    self._rep_at[i] = now
                    self._repeating &= ~bit
                    self._long_done &= ~bit
                    if self._quiet:
                        self._muted |= bit  # begun in the quiet after a change
                    if self._muted & bit:
                        continue  # silent till released
                    events.append(self._ev[0][i])
                    chord = self.chord_mask
                    if (
                        bit & chord
                        and self.held & chord == chord
                        and not (self._chorded | self._muted) & chord
                    ):
                        self._chorded = chord
                        events.append(self._chord)
                elif self._muted & bit:
                    self._muted &= ~bit
                    self._chorded &= ~bit
                else:
                    events.append(self._ev[3][i])
                    if self._chorded & bit:
                        self._chorded &= ~bit
                    elif bit & self.long_mask and not self._long_done & bit:
                        events.append(self._ev[4][i])
                continue
            self._pending &= ~bit
            if not self.held & bit:
                self._muted &= ~bit  # a bounce muted on its way down: gone
                continue
            if self._muted & bit:
                continue
            if bit & self.long_mask and not (self._long_done | self._chorded) & bit:
                if diff(now, self._down_at[i]) >= self.long_ms:
                    self._long_done |= bit
                    events.append(self._ev[2][i])
            if bit & self.repeat_mask:
                wait = self.repeat_every if self._repeating & bit else self.repeat_delay
                if diff(now, self._rep_at[i]) >= wait:
                    self._repeating |= bit
                    self._rep_at[i] = now
                    events.append(self._ev[1][i])
        return events


def went(events, bit):
    """True when ``bit`` was pressed or auto-repeated in these events: the
    usual test for 'move the cursor'."""
    for ev in events:
        if ev[1] == bit and (ev[0] == _PRESS or ev[0] == _REPEAT):
            return True
    return False


def happened(events, kind, bit):
    for ev in events:
        if ev[1] == bit and ev[0] == kind:
            return True
    return False
