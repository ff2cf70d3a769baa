"""Recording fake of CircuitPython's ``neopixel_write`` (tests only): every
call is kept as (pin number, bytes) in ``written``."""

written = []


def neopixel_write(digitalinout, buf):
    written.append((digitalinout.pin.n, bytes(buf)))
