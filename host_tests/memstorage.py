"""The tests' storage: ``MemStorage``, files in a dict (the host backend's
``DictStorage``) that can cut the power at any step or byte, raising
``PowerCut``: every crash-safety test of ``firmware.store.records`` and the saves
built on it uses it. Test-only (the device never needs it); runs on CPython and MicroPython.
Imports
``firmware.hw.host``.
"""

from firmware.hw.host import DictStorage


class PowerCut(BaseException):
    """Raised by ``MemStorage`` where the power went off. Not an Exception
    (so not an OSError either): nothing on the device catches it, not even
    the app's crash handler, as nothing would run; it ends the test's run of
    the app where the power went, and only the test catches it."""


class MemStorage(DictStorage):
    """``firmware.hw.host.DictStorage`` that can cut the power.

    ``arm(step=k)`` cuts the power before the k-th change from now (0 = the
    next write, rename or remove); ``arm(nbytes=n)`` lets writes store n more
    bytes in all, then leaves the file cut short and raises ``PowerCut``.
    ``atomic_rename=False`` renames as remove-then-move (two steps), like FAT.
    ``reboot()`` gives a fresh, unarmed storage over the same files."""

    def __init__(self, files=None, atomic_rename=True):
        DictStorage.__init__(self, files)
        self.atomic_rename = atomic_rename
        self.arm()

    def arm(self, step=None, nbytes=None):
        self.cut_step = step
        self.cut_bytes = nbytes
        self.steps = 0
        self.written = 0

    def reboot(self):
        return MemStorage(dict(self.files), self.atomic_rename)

    def _step(self):
        if self.cut_step is not None and self.steps >= self.cut_step:
            raise PowerCut("power cut before step %d" % self.steps)
        self.steps += 1

    def read(self, name):
        return self.files.get(name)

    def exists(self, name):
        return name in self.files

    def size(self, name):
        data = self.files.get(name)
        return None if data is None else len(data)

    def write(self, name, data):
        self._step()
        data = bytes(data)
        if self.cut_bytes is not None and self.written + len(data) > self.cut_bytes:
            keep = self.cut_bytes - self.written
            self.files[name] = data[:keep]
            self.written = self.cut_bytes
            raise PowerCut("power cut after %d bytes of %s" % (keep, name))
        self.files[name] = data
        self.written += len(data)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError("no such file: %s" % old)
        if not self.atomic_rename and new in self.files:
            self._step()
            del self.files[new]
        self._step()
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        if name not in self.files:
            raise OSError("no such file: %s" % name)
        self._step()
        del self.files[name]
