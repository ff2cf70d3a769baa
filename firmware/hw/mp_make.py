"""Building the MicroPython backend's ``Hardware`` (``firmware.hw.mp``):
the I2C bus and the OLED, the buttons, the strip, the battery gauge, the
files and the clock, from the board's description (boards/<name>.py; the
Raspberry Pi Pico's pins without one). It runs once, at boot:
``firmware.hw.mp.make`` loads this module for it and forgets it after, so
its code and messages are not on the heap through a game. Imports
``firmware.hw.mp``, ``firmware.hw.files``; ``machine``, ``neopixel``, ``os``,
``time`` and ``firmware.hw.ssd1306`` when ``make`` runs.
"""

from firmware.hw.files import FileStorage
from firmware.hw.mp import Battery, Buttons, Clock, Hardware, Leds

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# boards/pico.py's pins, for when no board description could be loaded
_LED_PIN = const(22)
_N_LEDS = const(242)


def _get(board, name, default):
    return getattr(board, name, default) if board is not None else default


def make(board, watchdog_ms, storage_root, time_module):
    """``firmware.hw.mp.make``."""
    import machine
    import neopixel
    import os

    from firmware.hw.ssd1306 import SSD1306

    if time_module is None:
        import time as time_module

    bus = _get(board, "I2C", {"id": 0, "sda": 4, "scl": 5, "freq": 400000})
    oled = _get(board, "OLED", {})  # the defaults below: 0x3C, 128 x 64
    i2c = machine.I2C(
        bus["id"],
        sda=machine.Pin(bus["sda"]),
        scl=machine.Pin(bus["scl"]),
        freq=bus.get("freq", 400000),
    )
    display = SSD1306(
        i2c,
        oled.get("address", 0x3C),
        oled.get("width", 128),
        oled.get("height", 64),
        rotate=oled.get("rotate", 0),
    )
    battery = None
    spec = _get(board, "BATTERY", None)
    if spec:
        try:
            battery = Battery(machine, spec)
        except (KeyError, TypeError, ValueError) as e:  # board data: run without a gauge
            print("no battery gauge: BATTERY %r unusable (%r)" % (spec, e))
    if display.errors:
        print("OLED not answering at 0x%02x on I2C%d; retrying each frame" % (
            display.address, bus["id"]))  # fmt: skip
    return Hardware(
        machine,
        display,
        Buttons(
            machine,
            _get(
                board, "BUTTONS", {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15}
            ),
        ),
        Leds(machine, neopixel, _get(board, "LED_PIN", _LED_PIN), _get(board, "N_LEDS", _N_LEDS)),
        FileStorage(os, storage_root),
        Clock(time_module),
        watchdog_ms,
        battery,
    )
