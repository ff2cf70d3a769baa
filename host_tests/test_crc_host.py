"""CPython only: engine/crc.py (and the faster CRC it may be handed, firmware.fast's)
against the standard library's CRC-CCITT
(binascii.crc_hqx with init 0xFFFF is CRC-16/CCITT-FALSE)."""

import binascii
import random

from engine.crc import crc16


def test_matches_binascii_on_random_data():
    rnd = random.Random(4)
    for n in list(range(0, 40)) + [255, 256, 1000]:
        data = bytes(rnd.randrange(256) for _ in range(n))
        assert crc16(data) == binascii.crc_hqx(data, 0xFFFF), n


def test_check_value_matches_binascii():
    assert binascii.crc_hqx(b"123456789", 0xFFFF) == crc16(b"123456789") == 0x29B1


def test_a_faster_crc_handed_over_gives_the_same_checksums():
    from engine import crc
    from firmware.fast import crc16 as fast

    calls = []

    def counted(data, n, start):
        calls.append(n)
        return fast(data, n, start)

    crc.use(counted)
    try:
        rnd = random.Random(5)
        for n in (0, 1, 9, 300):
            data = bytearray(rnd.randrange(256) for _ in range(n))
            assert crc16(data) == binascii.crc_hqx(data, 0xFFFF), n
            assert crc16(data, 0x1234) == binascii.crc_hqx(data, 0x1234), n
    finally:
        crc._fast.clear()
    assert calls == [0, 0, 1, 1, 9, 9, 300, 300]
