"""The arithmetic of the fair deal: commutative encryption of card codes by
exponentiation modulo a shared safe prime (SRA / Pohlig-Hellman), the keys
and shuffles each side derives from its secret, and SHA-256 commitments.

A card ``i`` is the code ``(i + 2) ** 2``, a quadratic residue, so every
code and every encryption of one lies in the subgroup of order ``q`` of
``p = 2q + 1`` and the Legendre symbol tells nothing about a card. A key
is ``(e, d)`` with ``e * d = 1 mod p - 1``: ``x ** e`` encrypts, ``y ** d``
decrypts, and two sides' layers come off in any order. ``PRIMES`` names
the primes a table may agree on: "p256" for play, "t31" only for tests
(fast, and no protection at all). Runs on CPython and MicroPython
(``pow`` with three arguments on big ints, ``hashlib.sha256``). Imports
nothing of the project.
"""

import hashlib

# Safe primes (p = 2q + 1, q prime) found upward from SHA-256 of
# b"cribbage table prime N" with the top bit set: nothing up the sleeve.
P256 = 0x97E2072615EF30720BFDA27C6749BD6F2AFDFB90EA60A3BCF916F669BD74EDBB
P31 = 0x42F4E6A7
PRIMES = {"p256": P256, "t31": P31}
CARDS = 52


def digest(tag, *parts):
    """SHA-256 of ``tag`` and the byte strings ``parts``, each length-prefixed."""
    h = hashlib.sha256(tag)
    for part in parts:
        h.update(bytes((len(part) >> 8, len(part) & 255)))
        h.update(part)
    return h.digest()


def number(data):
    return int.from_bytes(data, "big")


def width(p):
    """Bytes of one number below ``p`` on the wire."""
    n = 1
    while p >> (8 * n):  # MicroPython's int has no bit_length()
        n += 1
    return n


def code(card):
    return (card + 2) * (card + 2)


def card_of(m):
    """The card whose code is ``m``, or -1 when ``m`` is no card's code."""
    if m < 4 or m > 53 * 53:
        return -1
    r = 2
    while r * r < m:
        r += 1
    return r - 2 if r * r == m else -1


def inverse(a, m):
    """``a ** -1 mod m`` (extended Euclid; MicroPython's pow has no -1)."""
    r0, r1 = m, a % m
    s0, s1 = 0, 1
    while r1:
        k = r0 // r1
        r0, r1 = r1, r0 - k * r1
        s0, s1 = s1, s0 - k * s1
    if r0 != 1:
        raise ValueError("no inverse")
    return s0 % m


def residue(x, p):
    """True when ``x`` (0 < x < p) is a quadratic residue mod the odd prime
    ``p``: the Jacobi symbol by reciprocity, no exponentiation."""
    a = x % p
    n = p
    s = 1
    while a:
        while not a & 1:
            a >>= 1
            if n & 7 == 3 or n & 7 == 5:
                s = -s
        a, n = n, a
        if a & 3 == 3 and n & 3 == 3:
            s = -s
        a %= n
    return n == 1 and s == 1


def key(material, p):
    """The key ``(e, d)`` a side derives from its deal ``material`` (bytes):
    ``e`` odd, not ``q``, so it is prime to ``p - 1 = 2q``."""
    q = (p - 1) >> 1
    i = 0
    while True:
        e = number(digest(b"key", material, bytes((i,)))) % (p - 3) + 2
        e |= 1
        if e != q and e < p - 1:
            return e, inverse(e, p - 1)
        i += 1


class Stream:
    """Uniform draws from SHA-256 of ``material`` in counter mode: the
    shuffle of a side is unpredictable to the other without its secret."""

    def __init__(self, material):
        self.material = material
        self.block = b""
        self.at = 0
        self.n = 0

    def byte2(self):
        if self.at + 2 > len(self.block):
            self.block = digest(b"shuffle", self.material, bytes((self.n >> 8, self.n & 255)))
            self.n += 1
            self.at = 0
        b = self.block
        self.at += 2
        return b[self.at - 2] << 8 | b[self.at - 1]

    def below(self, n):
        limit = 65536 - 65536 % n
        while True:
            r = self.byte2()
            if r < limit:
                return r % n


def shuffle(items, material):
    """Fisher-Yates in place, drawn from ``material``."""
    s = Stream(material)
    i = len(items) - 1
    while i > 0:
        j = s.below(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1


def pack(values, p):
    w = width(p)
    out = bytearray()
    for v in values:
        out += v.to_bytes(w, "big")
    return bytes(out)
