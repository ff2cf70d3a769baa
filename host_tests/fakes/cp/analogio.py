"""Fake of CircuitPython's ``analogio`` (tests only): ``AnalogIn(pin).value``
reads ``AnalogIn.levels[pin id]`` (0..65535; 0 unset), as a test sets it."""


class AnalogIn:
    levels = {}

    def __init__(self, pin):
        self.pin = pin
        self.reference_voltage = 3.3

    @property
    def value(self):
        return AnalogIn.levels.get(getattr(self.pin, "n", self.pin), 0)

    def deinit(self):
        pass
