"""Recording fake of CircuitPython's ``microcontroller`` module (tests only):
``pin.GPIO0`` .. ``pin.GPIO29``, a 4096-byte ``nvm`` (a bytearray a test may
inspect or damage), ``watchdog`` and ``reset()`` (raises SystemExit)."""

log = []


class Pin:
    def __init__(self, n):
        self.n = n

    def __repr__(self):
        return "GPIO%d" % self.n


class _Pins:
    pass


pin = _Pins()
for _n in range(30):
    setattr(pin, "GPIO%d" % _n, Pin(_n))

nvm = bytearray(4096)


class _WatchDog:
    def __init__(self):
        self.timeout = None
        self.mode = None
        self.feeds = 0

    def feed(self):
        if self.mode is None:
            raise ValueError("watchdog fed before a mode was set")
        self.feeds += 1


watchdog = _WatchDog()


def reset():
    log.append("reset")
    raise SystemExit("microcontroller.reset")


def clear():
    """A test's fresh start."""
    nvm[:] = bytes(len(nvm))
    del log[:]
    watchdog.__init__()
