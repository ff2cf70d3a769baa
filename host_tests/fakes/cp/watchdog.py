"""Fake of CircuitPython's ``watchdog`` module (tests only)."""


class WatchDogMode:
    RAISE = "raise"
    RESET = "reset"
