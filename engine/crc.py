"""CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor),
the checksum of save records. Check value: ``crc16(b"123456789") == 0x29B1``;
on CPython it equals ``binascii.crc_hqx(data, 0xFFFF)``. Bitwise and
table-free: records are a few hundred bytes. Imports nothing.
"""


def crc16(data, crc=0xFFFF):
    """CRC of ``data`` (bytes-like); pass a previous result as ``crc`` to go on
    over a second piece."""
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc
