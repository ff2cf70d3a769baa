"""Saves as files on the board's own filesystem (littlefs on MicroPython, the
CIRCUITPY drive on CircuitPython): the ``storage`` of firmware/hal.py for both
device backends. ``os`` is passed in, so tests give it a fake. Verified
against the unix port's filesystem and fakes only, not on a board.
Imports nothing.
"""


class FileStorage:
    """One file per name in directory ``root`` (made when missing). On
    CircuitPython the drive must be writable for the code (boot.py), which
    ``writable()`` tells."""

    def __init__(self, os, root="/data"):
        self._os = os
        self.root = root
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there (or read-only: writable() says)

    def writable(self):
        probe = self.root + "/probe.tmp"
        try:
            with open(probe, "wb") as f:
                f.write(b"1")
            self._os.remove(probe)
            return True
        except OSError:
            return False

    def _path(self, name):
        if not name or "/" in name or "\\" in name or name[0] == ".":
            raise ValueError("bad storage name: %r" % (name,))
        return self.root + "/" + name

    def read(self, name):
        try:
            with open(self._path(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def write(self, name, data):
        with open(self._path(name), "wb") as f:
            f.write(data)

    def rename(self, old, new):
        """Replaces ``new`` (littlefs does so atomically; FAT will not rename
        over a file, so there it is removed first)."""
        src = self._path(old)
        dst = self._path(new)
        try:
            self._os.rename(src, dst)
        except OSError:
            try:
                self._os.remove(dst)
            except OSError:
                pass
            self._os.rename(src, dst)

    def remove(self, name):
        self._os.remove(self._path(name))

    def exists(self, name):
        try:
            self._os.stat(self._path(name))
            return True
        except OSError:
            return False

    def open_append(self, name):
        """The file opened to add to its end (binary), made when missing."""
        return open(self._path(name), "ab")

    def size(self, name):
        try:
            return self._os.stat(self._path(name))[6]
        except OSError:
            return None
