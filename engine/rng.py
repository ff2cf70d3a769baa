"""The engine's own seeded PRNG, so one seed deals the same game on CPython,
MicroPython and CircuitPython (their ``random`` modules differ).

xorshift32 (Marsaglia 2003) on a 32-bit state. On a 32-bit MicroPython port the
state does not fit a small int, so each step allocates a few bytes; it runs a
few hundred times per deal, never per frame. Imports nothing.
"""

_MASK = 0xFFFFFFFF


class Rng:
    """``Rng(seed)``: ``seed`` is any int; 0 is allowed (it is remapped)."""

    def __init__(self, seed=1):
        self.state = 0
        self.seed(seed)

    def seed(self, seed):
        # Fold any int into 32 bits and avoid the all-zero fixed point.
        s = (seed ^ (seed >> 32)) & _MASK
        self.state = s or 0x9E3779B9
        self.next32()

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n):
        """A uniform int in ``0 .. n-1`` for 1 <= n <= 2**16 (rejection sampling)."""
        limit = (0x100000000 // n) * n
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def shuffle(self, items):
        """Fisher-Yates in place over a list or bytearray."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
