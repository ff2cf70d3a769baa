"""The rig of the MicroPython backend's tests (test_hw_mp.py, test_ssd1306.py):
the recording fakes of host_tests/fakes/mp put first on the path, ``fresh``
(the backend made anew on a board, with its fake I2C bus), ``panel_of`` (an
independent SSD1306 model, host_tests/ssd1306_model.py, fed the bus's bytes)
and ``mismatches`` (where the panel differs from a picture). Not a test
module; portable (CPython and the MicroPython unix port). Imports sys, the
fakes ``machine``, ``mptime`` and ``neopixel``, boards, firmware.hw.mp and
ssd1306_model."""

import sys

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "host_tests"
FAKES = _HERE + "/fakes/mp"
if FAKES not in sys.path:
    sys.path.insert(0, FAKES)

import machine  # noqa: E402  the fake, from host_tests/fakes/mp
import mptime  # noqa: E402
import neopixel  # noqa: E402

import boards  # noqa: E402
from firmware.hw import mp  # noqa: E402
from ssd1306_model import Panel  # noqa: E402

STORE = "build/test_hw_mp_store"
_STORE = STORE


def fresh(board_name="pico", **kw):
    machine.clear()
    del neopixel.NeoPixel.strips[:]
    board = boards.load(board_name) if board_name else None
    kw.setdefault("storage_root", _STORE)
    hw = mp.make(board, time_module=mptime, **kw)
    return hw, board, machine.I2C.buses[-1]


def panel_of(i2c, address=0x3C):
    panel = Panel()
    panel.feed_all(i2c.writes, address)
    return panel


def mismatches(panel, truth):
    """Pixels where what the panel shows differs from truth(x, y)."""
    bad = []
    for y in range(64):
        for x in range(128):
            if panel.seen(x, y) != truth(x, y):
                bad.append((x, y))
    return bad
