"""Power care for a handheld on batteries, owned by the app
(``firmware.app.App.power``) and called once a frame: the idle timers, the
press that wakes the device, the burn-in shift of a static screen, the
battery gauge with its warning and the stop at the critical level, and how
long the main loop may sleep. No screens and no storage here. Imports
nothing at import time: ``firmware.idle`` (dim, off, wake, the shift) when
first needed, ``firmware.battery`` at the first battery reading; what runs
every frame stays here and small, as it is always in the device's heap.

``frame(raw, dt, orbiting)`` runs once a frame with the raw buttons and
returns flags for the app: 1 ignore the buttons (the waking press), 2 redraw,
4 say "Battery low", 8 stop (firmware.battery.stop). Few, large functions
and private constants (no module globals): every function and global costs
heap on the device, and this module is always loaded.

Idle: the time without a button counts up; after ``dim_ms`` (the "Dim
after" setting, 60 s by default) the OLED's contrast goes down to 8 (from
the SSD1306's 0xCF); after ``off_ms`` (five times as long, 5 min by default)
the panel is switched off and the LED board shows the pegs only (no
markers, lines or chase) at an LED level of at most 8 (of 255). 0 means
never. Any button wakes it: contrast, panel and LED settings come back, and
the buttons are ignored until all are up, so the waking press does nothing
else. Nothing else stops: a game or keeper session is already saved after
every change.

Burn-in (``firmware.idle.shift``, by the app after a screen that has
``orbit = True`` drew): every minute while such a screen is shown, the
whole picture moves one step round a one-pixel square ((0,0), (-1,0),
(-1,-1), (0,-1)); it moves as one block, only left or up and by one pixel,
and the keeper's layout has no text in the first column or row (the top row
is the lit status bar, text starts at x >= 1), so nothing the player reads is
cut or moved against anything else; the column and row it uncovers stay dark.

Battery: ``hw.battery_mv()`` (a backend may lack it; None where the board
cannot read one) every 10 s when the board has ``BATTERY`` data; a reading
under 1.5 V counts as none (no RP2040 board runs on that: the pin is not
wired, or an emulator reads 0); ``firmware.battery`` turns the readings
into the gauge (``percent``), the "Battery low" warning and the critical
level, and stops the app cleanly there (``firmware.battery.stop``).

Sleeping (``nap_ms()``): 0 while anything animates (a picture is due, a
button is down, the pegboard walks, chases or blinks, the screen is
``busy()``); else the main loop may wait up to 1 s for a button (the
watchdog is fed between naps; dimming, the shift and battery readings come
at most that much late).
``GAUGE_W``: the gauge's width with its gap, for the screens that leave room.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# Module-private constants (const with a leading underscore): no globals on
# the device. The app and tests use the values through the names in the
# docstring above; these are the truth.
_AWAKE = const(0)
_DIM = const(1)
_OFF = const(2)
_SWALLOW = const(1)
_REDRAW = const(2)
# WARN = 4 and EMPTY = 8 come from firmware.battery
_DIM_MS = const(60000)  # the settings' defaults; the app sets both from them
_OFF_MS = const(300000)
_ORBIT_MS = const(60000)
_BATTERY_MS = const(10000)
_MAX_NAP_MS = const(1000)
_NO_SUPPLY_MV = const(1500)  # RP2040 boards need 1.8 V at VSYS: lower is no reading
GAUGE_W = const(12)


class Power:
    def __init__(self, app, battery=None):
        self.app = app
        self.dim_ms = _DIM_MS  # 0: never (the app sets both from the settings)
        self.off_ms = _OFF_MS
        self.state = _AWAKE
        self.quiet = 0  # ms since a button was last down
        self.raw = 0  # the buttons as the app last read them
        self.stopped = False  # stopped for an empty battery (firmware.battery.stop)
        self.swallow = False  # a press woke the device: ignore buttons until all are up
        self.orbit = 0  # step of the burn-in orbit
        self._orbit_ms = 0
        self.levels = battery  # the board's BATTERY dict, or None
        self._read = getattr(app.hw, "battery_mv", None) if battery else None
        self.cell = None  # firmware.battery.Cell after the first reading
        self.percent = -1  # the gauge, -1: none
        self._batt_ms = _BATTERY_MS  # read at the first frame

    def frame(self, raw, dt, orbiting):
        """One frame: idle timers and waking, the orbit, the battery."""
        out = 0
        if raw:
            self.quiet = 0
            if self.state != _AWAKE:
                from firmware.idle import wake

                wake(self)
                self.swallow = True
            if self.swallow:
                out = _SWALLOW
        else:
            self.swallow = False
            q = self.quiet = self.quiet + dt
            st = self.state
            if (st == _AWAKE and self.dim_ms and q >= self.dim_ms) or (
                st != _OFF and self.off_ms and q >= self.off_ms
            ):
                from firmware.idle import rest

                rest(self)
        if orbiting:
            self._orbit_ms += dt
            if self._orbit_ms >= _ORBIT_MS:
                self._orbit_ms -= _ORBIT_MS
                self.orbit = (self.orbit + 1) & 3
                out |= _REDRAW
        read = self._read
        if read is not None:
            self._batt_ms += dt
            if self._batt_ms >= _BATTERY_MS:
                self._batt_ms = 0
                mv = read()
                if mv is not None and mv < _NO_SUPPLY_MV:
                    mv = None  # no board runs on that: the pin reads nothing wired
                if self.cell is None:
                    if mv is None:
                        return out  # no reading (yet): no gauge

                    from firmware.battery import Cell

                    self.cell = Cell(self.levels)
                out |= self.cell.reading(mv)
                self.percent = self.cell.percent
        return out

    def nap_ms(self):
        """How long the main loop may wait for a button instead of running
        frames (see the module's docstring)."""
        if not self.stopped:
            app = self.app
            if app.dirty or self.raw or app.buttons.held or self.swallow:
                return 0
            peg = app.pegboard
            if peg is not None and (peg.dirty or not peg.still()):
                return 0
            busy = getattr(app.stack[-1], "busy", None)
            if busy is not None and busy():
                return 0
        return _MAX_NAP_MS
