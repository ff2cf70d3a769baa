"""The battery gauge, its warning and the clean stop at the critical level.
Loaded by ``firmware.power`` at the first real battery reading only, so a
board without a gauge never pays for it; held from then on (the gauge is
drawn every frame), so the warning and the stop, which are rare, are
``firmware.battery_low``'s. Imports ``firmware.battery_low`` when one is
due.

``Cell(levels)`` takes the board's ``BATTERY`` data (boards/__init__.py):
``empty_mv`` and ``full_mv`` are the gauge's 0 and 100 % (linear in
between, clamped), below ``warn_mv`` the app says "Battery low" once (again
only after the voltage came back ``HYSTERESIS_MV`` above it), and
``CRITICAL_READS`` readings in a row below ``critical_mv`` (one dip while
the LEDs draw a burst is not enough) call for ``stop``.

``stop(app)`` is the clean stop: every screen is closed with its
``leave()`` (a screen stores there what it still holds; every mode already
saves after each change), the LEDs go dark, the panel shows at low contrast
that the game is saved, and ``app.power.stopped`` is set: the app writes
nothing more and only watches for the supply to come back
(``Cell.recovered``), then resets the board, which resumes the saved mode.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

CRITICAL_READS = const(3)
HYSTERESIS_MV = const(100)


_KEYS = ("empty_mv", "full_mv", "warn_mv", "critical_mv")


class Cell:
    def __init__(self, levels):
        """``levels`` that cannot make a gauge (the board's data: a key
        missing, not whole mV, in the wrong order) are said once on the
        console and give no gauge and no alarm."""
        self.levels = None
        for k in _KEYS:
            v = levels.get(k) if isinstance(levels, dict) else None
            if not isinstance(v, int) or v <= 0:
                print("no battery gauge: BATTERY needs %s in mV, got %r" % (k, v))
                break
        else:
            lv = levels
            if lv["critical_mv"] < lv["warn_mv"] and lv["empty_mv"] < lv["full_mv"]:
                self.levels = levels
            else:
                print("no battery gauge: BATTERY needs critical < warn and empty < full")
        self.mv = None  # the last reading
        self.percent = -1
        self.low = False  # warned; cleared when the voltage comes back
        self.critical = False
        self._under = 0  # readings in a row below critical

    def reading(self, mv):
        """Take one reading (mV, None when there is none): 4 when the low
        warning is due, 8 at the critical level, else 0 (firmware.power's
        flags)."""
        lv = self.levels
        if mv is None or lv is None:
            self.mv = None
            self.percent = -1
            return 0
        self.mv = mv
        empty = lv["empty_mv"]
        span = lv["full_mv"] - empty
        p = (mv - empty) * 100 // span if span > 0 else 100
        self.percent = 0 if p < 0 else 100 if p > 100 else p
        if mv < lv["critical_mv"]:
            self._under += 1
            if self._under >= CRITICAL_READS:
                self.critical = True
                return 8  # firmware.power's 'stop' flag
        else:
            self._under = 0
        if mv < lv["warn_mv"]:
            if not self.low:
                self.low = True
                return 4  # firmware.power's 'say Battery low' flag
        elif mv >= lv["warn_mv"] + HYSTERESIS_MV:
            self.low = False
        return 0

    def recovered(self):
        """After a stop: True when the supply is back (USB plugged in, fresh
        cells) well above the warning level."""
        lv = self.levels
        return lv is not None and self.mv is not None and self.mv >= lv["warn_mv"] + HYSTERESIS_MV


def draw_gauge(cv, percent, x, y, c=0):
    """A battery 11x7 at (x, y) in ink ``c``, filled in 8 steps."""
    cv.box(x, y, 10, 7, c)
    cv.box(x + 10, y + 2, 1, 3, c, True)
    fill = (percent * 8 + 50) // 100
    if fill:
        cv.box(x + 1, y + 1, fill, 5, c, True)


def warning(app):
    """Say "Battery low" (firmware.battery_low, loaded only then)."""
    from firmware.battery_low import warning as _say

    _say(app)


def stop(app):
    """The clean stop at the critical level (firmware.battery_low)."""
    from firmware.battery_low import stop as _stop

    _stop(app)
