"""CPython only: engine/crc.py against the standard library's CRC-CCITT
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
