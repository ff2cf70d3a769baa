"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor),
the checksum of save records. Check value: ``crc16(b"123456789") == 0x29B1``;
on CPython it equals ``binascii.crc_hqx(data, 0xFFFF)``. A byte at a time
through a 512-byte table made on first use (8x fewer steps than bit by
bit). ``use(fast)`` hands it a faster one of the same CRC, ``fast(data, n,
crc)`` (a device's machine code: firmware.fast's viper loop, some 50 times
the speed of this one on a Pico), run by ``crc16`` from then on. Imports
nothing.
"""

_table = []  # the table when made: entry i at bytes 2i, 2i+1 (big-endian)
_fast = []  # the faster CRC given by ``use``, when one was


def use(fast):
    """From now on ``crc16(data, crc)`` is ``fast(data, len(data), crc)``."""
    while _fast:
        _fast.pop()
    _fast.append(fast)


def _make():
    t = bytearray(512)
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) & 0xFFFF if c & 0x8000 else (c << 1) & 0xFFFF
        t[2 * i] = c >> 8
        t[2 * i + 1] = c & 0xFF
    _table.append(t)
    return t


def crc16(data, crc=0xFFFF):
    """CRC of ``data`` (bytes-like); pass a previous result as ``crc`` to go on
    over a second piece."""
    if _fast:
        return _fast[0](data, len(data), crc)
    t = _table[0] if _table else _make()
    for byte in data:
        i = ((crc >> 8) ^ byte) << 1
        crc = (((crc & 0xFF) ^ t[i]) << 8) | t[i + 1]
    return crc
