"""Fake of CircuitPython's ``digitalio`` (tests only)."""


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DriveMode:
    PUSH_PULL = "push_pull"
    OPEN_DRAIN = "open_drain"


class DigitalInOut:
    levels = {}  # pin number -> level a test set; inputs with a pull-up read True

    def __init__(self, pin):
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.direction = Direction.OUTPUT
        self._value = value

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._value
        return DigitalInOut.levels.get(self.pin.n, self.pull == Pull.UP)

    @value.setter
    def value(self, v):
        self._value = bool(v)

    def deinit(self):
        pass
