"""The record store tests' rig: ``MAGIC`` (their records' magic, TEST),
``store`` (a RecordStore named "game" over a storage), ``payloads`` (distinct
payloads of varied length), ``good_store`` (a storage holding two good
saves, b"first" then b"second"), ``Huge`` (a storage with a 1 MB file
that a small heap cannot read: MemoryError, as on a device) and
``too_large`` (a store over good_store's files, game.rec such a file, and
its load); the power cuts: ``cut_save`` (a save a cut falls in) and
``cut_clears`` (what loads after a cut at each step of a clear). Used by
test_records and test_records_slots. Portable (CPython and MicroPython).
Not a test module. Imports firmware.store.records and host_tests/memstorage.py.
"""

from firmware.store.records import RecordStore
from memstorage import MemStorage, PowerCut


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


def too_large(make):
    """A store ``make`` builds over good_store's files, game.rec a 1 MB file
    (``Huge``): (the storage, the store, what it loads)."""
    st = Huge(good_store().files, "game.rec")
    s = make(st)
    return st, s, s.load()


def cut_save(make, base, payload, how, n):
    """A save of ``payload`` by the store ``make`` builds over ``base``
    rebooted (loaded first), the power cut at step ``n`` (``how`` "step")
    or after ``n`` bytes ("bytes"): (whether it finished, the storage
    rebooted after it)."""
    st = base.reboot()
    s = make(st)
    s.load()
    if how == "step":
        st.arm(step=n)
    else:
        st.arm(nbytes=n)
    try:
        s.save(payload)
    except PowerCut:
        return False, st.reboot()
    return True, st.reboot()


def cut_clears(make, saves, steps):
    """For each storage kind (its rename atomic or not) and each of the
    first ``steps`` steps of a clear a power cut falls at, the store
    ``make`` builds having saved ``saves``: (atomic, the step, what the
    store loads after the cut)."""
    out = []
    for atomic in (True, False):
        base = MemStorage(atomic_rename=atomic)
        s = make(base)
        s.load()
        for p in saves:
            s.save(p)
        for k in range(steps):
            st = base.reboot()
            s = make(st)
            s.load()
            st.arm(step=k)
            try:
                s.clear()
            except PowerCut:
                pass
            out.append((atomic, k, make(st.reboot()).load()))
    return out
