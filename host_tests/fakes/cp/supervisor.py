"""Fake of CircuitPython's ``supervisor`` module (tests only): ``ticks_ms``
moves only when a test sets ``now[0]``; it wraps at 2**29 like the real one."""

now = [0]


def ticks_ms():
    return now[0] & ((1 << 29) - 1)
