"""Fake of MicroPython's ``rp2`` module (tests only): the names the backend
may touch, nothing that does anything."""


def bootsel_button():
    return 0


class Flash:
    pass
