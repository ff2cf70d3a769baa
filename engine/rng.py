"""The engine's own seeded PRNG, so one seed deals the same game on CPython,
MicroPython and CircuitPython (their ``random`` modules differ).

xorshift32 (Marsaglia 2003) on a 32-bit state, kept as two 16-bit halves: on a
32-bit MicroPython port a 32-bit int does not fit a small int, and each step
would allocate. It runs a few hundred times per deal, never per frame. Imports
nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_MASK = const(0xFFFFFFFF)
_HALF = const(0xFFFF)


class Rng:
    """``Rng(seed)``: ``seed`` is any int; 0 is allowed (it is remapped).
    The state is kept as two 16-bit halves (``hi``, ``lo``), so a step makes
    no big int on a 32-bit MicroPython port."""

    def __init__(self, seed=1):
        self.hi = self.lo = 0
        self.seed(seed)

    @property
    def state(self):
        return self.hi << 16 | self.lo

    def seed(self, seed):
        # Fold any int into 32 bits and avoid the all-zero fixed point.
        s = (seed ^ (seed >> 32)) & _MASK
        s = s or 0x9E3779B9
        self.hi = s >> 16
        self.lo = s & _HALF
        self._step()

    def _step(self):
        # x ^= x << 13; x ^= x >> 17; x ^= x << 5 (32 bits), on the halves
        hi = self.hi
        lo = self.lo
        hi ^= ((hi << 13) | (lo >> 3)) & _HALF
        lo ^= (lo << 13) & _HALF
        lo ^= hi >> 1
        hi ^= ((hi << 5) | (lo >> 11)) & _HALF
        lo ^= (lo << 5) & _HALF
        self.hi = hi
        self.lo = lo

    def next32(self):
        self._step()
        return self.hi << 16 | self.lo

    def below(self, n):
        """A uniform int in ``0 .. n-1`` for 1 <= n <= 2**16 (rejection sampling:
        the draws of 2**32 - (2**32 mod n) and above are drawn again)."""
        m = 65536 % n
        r = m * m % n  # 2**32 mod n
        while True:
            self._step()
            hi = self.hi
            lo = self.lo
            if hi != _HALF or lo < 65536 - r:
                return ((hi % n) * 65536 + lo) % n

    def shuffle(self, items):
        """Fisher-Yates in place over a list or bytearray."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
