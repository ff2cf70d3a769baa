"""The web page's storage (firmware.hw.web's hal storage): ``KeyStorage(kv)``
keeps one key per storage name in a key-value store with
``getItem/setItem/removeItem`` (the page's ``localStorage``, or ``MemoryKV``
in tests), the bytes as hex under ``PREFIX``; ``setItem`` raising or
returning an error's text (the page's store when localStorage is full) is a
failed write (OSError). The app's crash-safe record layer
(``firmware.store.records``) runs over it unchanged: rename copies the value
to the new key, then removes the old one, so a copy that fails leaves the
old name as it is. Imports ``binascii``.
"""

import binascii

PREFIX = "cribbage/"  # localStorage keys: PREFIX + storage name


class MemoryKV:
    """A ``localStorage`` stand-in (tests, Node): getItem/setItem/removeItem."""

    def __init__(self, items=None):
        self.items = {} if items is None else items

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


def _check(name):
    if not name or "/" in name or name[0] == ".":
        raise ValueError("bad storage name: %r" % (name,))
    return PREFIX + name


class KeyStorage:
    """The hal storage over a key-value store; bytes are stored as hex.
    A value that is not hex reads as empty bytes, which the record layer
    refuses in plain words (a damaged save), never a crash."""

    def __init__(self, kv, prefix=PREFIX):
        self.kv = kv
        self.prefix = prefix

    def _key(self, name):
        _check(name)
        return self.prefix + name

    def read(self, name):
        v = self.kv.getItem(self._key(name))
        if v is None:
            return None
        try:
            return binascii.unhexlify(v)
        except (ValueError, TypeError):
            # not hex: the text's own bytes, which the record layer refuses
            # in plain words (not a record of its kind) and keeps aside as
            # .bad; never read as empty, which is what a write cut short leaves
            return str(v).encode()

    def _set(self, name, key, text):
        # a full store fails the save as a full flash does (OSError, which
        # the record layer passes on): setItem raises (QuotaExceededError),
        # or, the page's store (web/app.js), returns the error's text, as in
        # the WebAssembly port a JS exception never reaches a Python except
        try:
            failed = self.kv.setItem(key, text)
        except Exception as e:
            failed = str(e) or type(e).__name__
        if failed:
            raise OSError("cannot store %s: %s" % (name, failed))

    def write(self, name, data):
        self._set(name, self._key(name), binascii.hexlify(data).decode())

    def rename(self, old, new):
        v = self.kv.getItem(self._key(old))
        if v is None:
            raise OSError("no such file: %s" % old)
        self._set(new, self._key(new), v)  # the old name stays when this fails
        self.kv.removeItem(self._key(old))

    def remove(self, name):
        key = self._key(name)
        if self.kv.getItem(key) is None:
            raise OSError("no such file: %s" % name)
        self.kv.removeItem(key)

    def exists(self, name):
        return self.kv.getItem(self._key(name)) is not None

    def size(self, name):
        """Bytes in the file (None when absent), without decoding it."""
        v = self.kv.getItem(self._key(name))
        return None if v is None else len(v) // 2
