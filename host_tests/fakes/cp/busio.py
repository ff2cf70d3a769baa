"""Recording fake of CircuitPython's ``busio`` (tests only). ``I2C`` keeps
every write as (address, bytes) and has the lock semantics displayio relies on
(``try_lock`` fails while locked); ``absent`` addresses raise OSError like a
missing device."""


class I2C:
    buses = []
    absent = ()

    def __init__(self, scl, sda, *, frequency=100000, timeout=255):
        self.scl = scl
        self.sda = sda
        self.frequency = frequency
        self.writes = []
        self.locked = False
        I2C.buses.append(self)

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def writeto(self, address, buffer, *, start=0, end=None):
        if address in I2C.absent:
            raise OSError(19, "No such device")
        self.writes.append((address, bytes(buffer[start:end])))

    def scan(self):
        return [0x3C]

    def deinit(self):
        pass


class SPI:
    def __init__(self, *args, **kwargs):
        pass
