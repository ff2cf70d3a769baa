# portable: runs under MicroPython too
"""The engine's own PRNG: same seed, same numbers on every interpreter."""

from engine.rng import Rng


def test_known_sequence_on_every_interpreter():
    # xorshift32 (13, 17, 5) from the folded seed: this module runs under
    # CPython and MicroPython, so both must produce these exact values.
    r = Rng(42)
    x = 42
    want = []
    for _ in range(6):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        want.append(x)
    assert want[0] == r.state
    assert [r.next32() for _ in range(5)] == want[1:]


def test_below_is_in_range_and_roughly_uniform():
    r = Rng(7)
    counts = [0] * 13
    for _ in range(13000):
        v = r.below(13)
        counts[v] += 1
    assert min(counts) > 850 and max(counts) < 1150
    for n in (1, 2, 52, 65536):
        for _ in range(200):
            assert 0 <= r.below(n) < n


def test_below_is_the_rejection_sampling_of_the_32_bit_draws():
    # below(n) draws again at 2**32 - (2**32 mod n) and above: the seed
    # 0xE063F306 steps to 0xFFFFFFFF, so its first draw is refused for any n
    # with a remainder (the state is kept in 16-bit halves: they must agree)
    def draws(seed):
        x = seed
        while True:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            yield x

    for seed in (0xE063F306, 7, 123456789):
        for n in (52, 46, 13, 65175, 40000, 65536):
            got = Rng(seed)
            d = draws(seed)
            next(d)  # seeding takes a step
            limit = (0x100000000 // n) * n
            for _ in range(5):
                x = next(d)
                while x >= limit:
                    x = next(d)
                assert got.below(n) == x % n, (seed, n)
    assert Rng(0xE063F306).next32() == 0xFFFFFFFF


def test_shuffle_is_a_permutation_and_seeded():
    a = bytearray(range(52))
    b = bytearray(range(52))
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == list(range(52)) and a != bytearray(range(52))
    c = bytearray(range(52))
    Rng(6).shuffle(c)
    assert c != a


def test_zero_and_huge_seeds():
    assert Rng(0).state != 0
    # A seed above 32 bits folds its high word into the low one.
    assert Rng(2**40 + 3).state == Rng(3 ^ 256).state
    assert Rng(2**40 + 3).state != Rng(3).state
