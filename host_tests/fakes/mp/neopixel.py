"""Recording fake of the rp2 port's ``neopixel`` module (tests only): the
same ``buf`` (G R B bytes) and ``write()`` as the real class; every write is
recorded as bytes in ``NeoPixel.written``."""


class NeoPixel:
    ORDER = (1, 0, 2, 3)
    strips = []

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.written = []
        NeoPixel.strips.append(self)

    def __len__(self):
        return self.n

    def write(self):
        self.written.append(bytes(self.buf))
