"""Reading a firmware file for the emulated Pico: a UF2 file (the format of
MicroPython's and CircuitPython's downloads, blocks of 512 bytes each with
its flash address and, here, the chip family) or a raw flash image (.bin,
flash offset 0), into the bytes of the Pico's 2 MB flash. Also the check the
RP2040 boot ROM makes before it runs anything: the second-stage boot loader
(the first 256 bytes of flash) ends in a CRC-32 of the 252 before it.

Raises ``FirmwareError`` with a sentence saying what is wrong. CPython only;
standard library (struct).
"""

import struct

MAGIC_START0 = 0x0A324655  # "UF2\n"
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
BLOCK = 512
PAYLOAD_MAX = 476

RP2040 = 0xE48BFF56
FAMILIES = {  # the chip families a Pico-sized UF2 may name, for the error message
    RP2040: "RP2040",
    0xE48BFF57: "RP2XXX absolute (no chip)",
    0xE48BFF58: "RP2XXX data",
    0xE48BFF59: "RP2350 Arm secure",
    0xE48BFF5A: "RP2350 RISC-V",
    0xE48BFF5B: "RP2350 Arm non-secure",
    0x68ED2B88: "SAMD21",
    0x55114460: "SAMD51",
    0x1C5F21B0: "ESP32",
    0xADA52840: "nRF52840",
}
FLASH_BASE = 0x10000000
FLASH_SIZE = 2 * 1024 * 1024  # the Pico's W25Q16JV
BOOT2_SIZE = 256


class FirmwareError(Exception):
    """The file is not a firmware the emulated Pico can run."""


def family_name(family):
    return FAMILIES.get(family, "unknown family 0x%08x" % family)


def blocks(data):
    """The UF2 blocks of ``data`` as (flags, address, payload, family) tuples;
    FirmwareError when ``data`` is not a UF2 file."""
    if len(data) < BLOCK or len(data) % BLOCK:
        raise FirmwareError(
            "not a UF2 file: %d bytes is not a whole number of 512-byte blocks" % len(data)
        )
    out = []
    for start in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, _no, _count, family = struct.unpack_from("<8I", data, start)
        (end,) = struct.unpack_from("<I", data, start + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise FirmwareError("not a UF2 file: block %d has no UF2 magic" % (start // BLOCK))
        if size > PAYLOAD_MAX:
            raise FirmwareError(
                "a broken UF2 file: block %d says %d bytes" % (start // BLOCK, size)
            )
        payload = data[start + 32 : start + 32 + size]
        out.append((flags, addr, payload, family if flags & FLAG_FAMILY_ID else None))
    return out


def flash_from_uf2(data, family=RP2040):
    """The 2 MB flash image a UF2 file for ``family`` writes (0xFF where it
    writes nothing)."""
    flash = bytearray(b"\xff" * FLASH_SIZE)
    written = 0
    for flags, addr, payload, fam in blocks(data):
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if fam is not None and fam != family:
            raise FirmwareError(
                "a UF2 for %s (family id 0x%08x), not for the %s of a Pico (0x%08x)"
                % (family_name(fam), fam, family_name(family), family)
            )
        offset = addr - FLASH_BASE
        if offset < 0 or offset + len(payload) > FLASH_SIZE:
            raise FirmwareError("a UF2 block writes 0x%08x, outside the Pico's 2 MB flash" % addr)
        flash[offset : offset + len(payload)] = payload
        written += len(payload)
    if not written:
        raise FirmwareError("the UF2 file writes nothing to the flash")
    return flash


def flash_from_bin(data):
    """The flash image of a raw .bin (flash offset 0)."""
    if len(data) > FLASH_SIZE:
        raise FirmwareError("%d bytes is more than the Pico's 2 MB flash" % len(data))
    return bytearray(data) + b"\xff" * (FLASH_SIZE - len(data))


def crc32_mpeg2(data):
    """CRC-32 as the boot ROM checks the boot loader: polynomial 0x04C11DB7,
    not reflected, start 0xFFFFFFFF, no final inversion."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def check_boot2(flash):
    """FirmwareError unless the first 256 bytes are a boot loader the RP2040
    boot ROM accepts (its CRC at bytes 252-255)."""
    (want,) = struct.unpack_from("<I", flash, BOOT2_SIZE - 4)
    if crc32_mpeg2(flash[: BOOT2_SIZE - 4]) != want:
        raise FirmwareError(
            "no RP2040 boot loader at the start of the flash (its CRC does not match):"
            " not a firmware for an RP2040"
        )


def load(path):
    """The flash image of the firmware file at ``path`` (.uf2, or .bin for a
    raw image), checked as the boot ROM checks it."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise FirmwareError("cannot read %s: %s" % (path, e.strerror or e)) from None
    if path.lower().endswith(".bin"):
        flash = flash_from_bin(data)
    else:
        flash = flash_from_uf2(data)
    check_boot2(flash)
    return flash


def to_uf2(flash_bytes, address=FLASH_BASE, family=RP2040):
    """A UF2 file writing ``flash_bytes`` at ``address`` (256-byte payloads,
    as picotool writes them): for the tests' small firmware stand-ins."""
    chunks = [flash_bytes[i : i + 256] for i in range(0, len(flash_bytes), 256)]
    out = bytearray()
    for n, chunk in enumerate(chunks):
        head = struct.pack(
            "<8I",
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID,
            address + 256 * n,
            len(chunk),
            n,
            len(chunks),
            family,
        )
        body = bytes(chunk) + b"\x00" * (PAYLOAD_MAX - len(chunk))
        out += head + body + struct.pack("<I", MAGIC_END)
    return bytes(out)
