"""The record store tests' rig: ``MAGIC`` (their records' magic, TEST),
``store`` (a RecordStore named "game" over a storage), ``payloads`` (distinct
payloads of varied length), ``good_store`` (a storage holding two good
saves, b"first" then b"second") and ``Huge`` (a storage with a 1 MB file
that a small heap cannot read: MemoryError, as on a device). Used by
test_records and test_records_slots. Portable (CPython and MicroPython).
Not a test module. Imports firmware.store.records and host_tests/memstorage.py.
"""

from firmware.store.records import RecordStore
from memstorage import MemStorage


MAGIC = b"TEST"


def store(st, version=1):
    return RecordStore(st, "game", MAGIC, version)


def payloads(n):
    # distinct payloads of varied length
    return [bytes([i, i * 7 & 255] * (i % 5 + 1)) for i in range(1, n + 1)]


def good_store():
    st = MemStorage()
    s = store(st)
    s.load()
    s.save(b"first")
    s.save(b"second")
    return st


class Huge(MemStorage):
    """A storage holding a 1 MB file that a small heap cannot read: read()
    of it fails as a device would (MemoryError)."""

    def __init__(self, files, name):
        MemStorage.__init__(self, files)
        self.huge = name

    def size(self, name):
        return 1 << 20 if name == self.huge else MemStorage.size(self, name)

    def read(self, name):
        if name == self.huge:
            raise MemoryError("memory allocation failed, allocating 1048576 bytes")
        return MemStorage.read(self, name)
