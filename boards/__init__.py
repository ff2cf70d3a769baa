"""Board descriptions: one data module per board (pins, LED layout, power
budget, wiring notes), no hardware imports and no work at import time.

    import boards
    board = boards.load("pico")      # the module; boards.NAMES lists them all

Every board module holds:
  NAME      human name
  I2C       {"id": bus, "sda": gpio, "scl": gpio, "freq": 400000}
  OLED      {"address": 0x3C, "width": 128, "height": 64}
  BUTTONS   {"up", "down", "left", "right", "a", "b": gpio}; pull-ups, active low
  LED_PIN   gpio of the WS2812 strip's data line
  LAYOUT    how holes map to LEDs (see firmware/pegboard.py):
            holes    holes per track (121, or 61 for a short board)
            tracks   2 with order "chain" (track of player A, then of B),
                     1 with order "shared" (both players on one track, two colours)
            start    1: a start LED per track for score 0; 0: score 0 shows nothing
            rows     LEDs per row when the strip snakes under a grid (0 = straight)
            serpentine  True when every other row runs backwards
            offset   LEDs on the strip before the first hole
  N_LEDS    LEDs on the strip (what LAYOUT needs)
  LAYOUT_61, N_LEDS_61  optional: a 61-hole short board for the same pins
  POWER     {"limit_ma": supply budget, "reserve_ma": for the board and OLED,
             "ma_per_channel": mA of one colour channel at 255, "idle_ma": per LED}
  BATTERY   None ("no gauge": the board cannot read its supply), or
            {"adc": gpio of the ADC pin (read against the 3.3 V reference),
             "divider": its resistor divider ratio (an int),
             "full_mv", "empty_mv": the gauge's 100 % and 0 %, "warn_mv": the
             "Battery low" warning, "critical_mv": save and stop
             (firmware/battery.py); the comment above it says for which cells
  STATUS_LED  onboard LED: ("pin", gpio), ("ws2812", gpio) or None
and, in its docstring after "Wiring:", plain-text wiring notes
(``wiring(board)``): mpy-cross drops docstrings, so the notes, over 1 KB
a board, are not on the device's heap, where nothing reads them.
Imports nothing at import time.
"""

NAMES = ("pico", "pico_w", "pico2", "feather_rp2040", "rp2040_zero")
DEFAULT = "pico"


def load(name=DEFAULT):
    """The board module called ``name``; ValueError naming the choices when
    there is no such board."""
    if name not in NAMES:
        raise ValueError("unknown board %r; choose one of: %s" % (name, ", ".join(NAMES)))
    import sys

    __import__("boards." + name)
    # from sys.modules, not as the package's attribute: after the boot has
    # forgotten this package (firmware.main), a new import of it would not
    # have the board, still loaded, as an attribute
    return sys.modules["boards." + name]


def wiring(board):
    """The plain-text wiring notes of the board module ``board`` (on a PC:
    the device has no docstrings)."""
    return (board.__doc__ or "").split("Wiring:\n", 1)[1]
