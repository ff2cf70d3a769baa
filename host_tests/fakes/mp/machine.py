"""Recording fake of MicroPython's ``machine`` module (tests only): I2C keeps
every write per address, Pin has levels a test can set, ADC readings a test
sets per GPIO, WDT counts feeds,
reset() raises SystemExit. Works on CPython and the MicroPython unix port."""

log = []  # ("reset",), ("wdt", timeout) ... in order


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    levels = {}  # gpio -> level a test set; unset inputs with a pull-up read 1

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        if value is not None:
            Pin.levels[id] = value

    def value(self, v=None):
        if v is None:
            return Pin.levels.get(self.id, 1 if self.pull == Pin.PULL_UP else 0)
        Pin.levels[self.id] = 1 if v else 0

    def __call__(self, v=None):
        return self.value(v)


class I2C:
    buses = []  # every I2C made, newest last
    absent = ()  # addresses that do not answer (OSError, like a missing OLED)

    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id
        self.sda = sda
        self.scl = scl
        self.freq = freq
        self.writes = []  # (address, bytes) per transaction, in order
        I2C.buses.append(self)

    def writeto(self, addr, buf, stop=True):
        if addr in I2C.absent:
            raise OSError(110)  # ETIMEDOUT, as the rp2 port reports a missing device
        self.writes.append((addr, bytes(buf)))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        if addr in I2C.absent:
            raise OSError(110)
        data = b""
        for part in vector:
            data += bytes(part)
        self.writes.append((addr, data))
        return len(data)

    def scan(self):
        return [0x3C]


class ADC:
    """``read_u16()`` gives ``ADC.levels[gpio]`` (a test sets it; 0 unset)."""

    levels = {}

    def __init__(self, pin):
        self.id = pin.id if isinstance(pin, Pin) else pin

    def read_u16(self):
        return ADC.levels.get(self.id, 0)


class WDT:
    made = []

    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout
        self.feeds = 0
        WDT.made.append(self)
        log.append(("wdt", timeout))

    def feed(self):
        self.feeds += 1


def reset():
    log.append(("reset",))
    raise SystemExit("machine.reset")


def bitstream(pin, encoding, timing, buf):
    log.append(("bitstream", pin.id, bytes(buf)))


def clear():
    """Forget everything recorded (a test's fresh start)."""
    del log[:]
    del I2C.buses[:]
    del WDT.made[:]
    Pin.levels.clear()
    ADC.levels.clear()
    I2C.absent = ()
