"""Crash-safe record store over the storage of ``firmware.hal`` (read, write,
rename, remove, exists). The tests' storage that cuts the power at any step
or byte is ``host_tests/memstorage.py``.

A record is ``magic(4) version(1) seq(4) length(2) payload crc(2)``, big-endian,
with CRC-16/CCITT-FALSE (``engine.crc``) over everything before it.

Files: ``<name>.rec`` the newest record, ``<name>.old`` the one before it,
``<name>.tmp`` a save in progress, ``<name>.bad`` a refused file kept aside.
A save writes the temp file in full, moves .rec to .old, then renames the
temp file to .rec. Every rename goes to a name that does not exist, so it is
safe even where rename is remove-then-move (FAT). A power cut at any point
leaves either the new .rec, or the previous record as .rec or .old: a save
counts once its last rename is done. Loading takes .rec when it is good,
else .old. A refused .rec (damaged, cut short, foreign, from newer firmware)
is reported in plain words, and moved to .bad at the next save instead of
being thrown away; so is a .rec whose CRC is good but whose content the
caller refuses (``load(check)``).

Two slots instead (``RecordStore(..., slots=True)``, the score keeper's,
which saves on every button): .rec and .old are two copies and the newer
sequence number is the record, whichever name holds it. A save writes the
other copy (the older, or a refused one, set aside first as above) in place:
one file system operation, where a rename costs littlefs 7-10 ms on a Pico.
A power cut leaves that copy cut short (or, on littlefs, as it was) and the
newer one whole. A slot that is the beginning of the record after the newest
good one (its magic, version and next sequence number, cut short) is what a
cut leaves, not a problem (so the newest copy cut short by anything else
reads the same: the one before it is used, unsaid), and an older copy that is
refused is just overwritten, as a refused .old is above; anything else
refused is reported and set aside as above. This reads a .rec/.old pair of the other layout as it
is (.rec has the newer number).

A file larger than any record (``LIMIT`` bytes) is refused without being
read, when the storage can tell a file's size (``size(name)``): a 1 MB
junk file must not run a device out of memory and cost the good copy.

Reading is done once, when a mode opens; saving, often. So the reading
(``unpack``, the choice of the copy, and the words for a refused file) is
``firmware.store.record_read``, loaded for each ``load`` and forgotten after:
this module, resident all game, holds what a save runs. Kept apart for the
app's peak heap budget (96 KB, over it at the game-over page: docs/measured.md;
the reading's size: docs/firmware-figures.md).

Imports ``engine.crc``, and ``firmware.fast`` (its viper CRC) where that loads;
``firmware.store.record_read`` for each ``load`` (and ``firmware``'s ``drop``
to forget it after).
"""

from engine.crc import crc16

try:
    from firmware.fast import crc16 as _fast_crc
except (ImportError, SyntaxError):  # no viper (CircuitPython): engine.crc's
    _fast_crc = None


def _crc(view):
    if _fast_crc is not None:
        return _fast_crc(view, len(view), 0xFFFF)
    return crc16(view)


try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_HEAD = const(11)  # magic 4, version 1, seq 4, length 2
_TAIL = const(2)  # crc
_MAX_PAYLOAD = const(4096)
# the files' endings as const()s: as literals (under 11 characters) they would
# be names interned for good on a device
_REC = const(".rec")
_OLD = const(".old")
_TMP = const(".tmp")
_BAD = const(".bad")


def pack(magic, version, seq, payload):
    """The bytes of one record."""
    n = len(payload)
    if n > _MAX_PAYLOAD:
        raise ValueError("record too large: %d bytes (at most %d)" % (n, _MAX_PAYLOAD))
    out = bytearray(_HEAD + n + _TAIL)
    out[0:4] = magic
    out[4] = version
    out[5] = (seq >> 24) & 255
    out[6] = (seq >> 16) & 255
    out[7] = (seq >> 8) & 255
    out[8] = seq & 255
    out[9] = n >> 8
    out[10] = n & 255
    out[_HEAD : _HEAD + n] = payload
    c = _crc(memoryview(out)[: _HEAD + n])
    out[_HEAD + n] = c >> 8
    out[_HEAD + n + 1] = c & 255
    return bytes(out)


class RecordStore:
    """One named record: ``load()`` then ``save(payload)`` as often as needed.

    ``magic`` is 4 bytes naming what the record holds; ``version`` (1..255) is
    the payload format this firmware writes and the newest it reads."""

    # for firmware.store.record_read, which reads them off the store it reads
    LIMIT = 4109  # the largest record: _HEAD + _MAX_PAYLOAD + _TAIL
    crc = staticmethod(_crc)

    def __init__(self, storage, name, magic, version, slots=False):
        if len(magic) != 4 or not 1 <= version <= 255:
            raise ValueError("magic must be 4 bytes and version 1..255")
        self.slots = slots  # two copies written in turn (see the top)
        self._cur = None  # slots: the name holding the newest good record
        self._loaded = False
        self.storage = storage
        self.main = name + _REC
        self.old = name + _OLD
        self.temp = name + _TMP
        self.bad = name + _BAD
        self.magic = magic
        self.version = version
        self.seq = 0
        self._quarantine = False
        self._saved = False  # True after a save of ours: .rec is there

    def load(self, check=None):
        """``(payload, version, problem)``: the newest good record (None when
        there is none) and a sentence about a refused file (None when all is
        well). What an interrupted save leaves behind is not a problem.

        ``check(payload, version)``, when given, says why a record whose CRC
        is good holds what the caller cannot use (a sentence), or returns
        None to accept it: a refused .rec is named, kept aside as .bad at the
        next save and the .old copy is tried, as for a damaged file. The
        reading is firmware/store/record_read.py, loaded for it and forgotten after."""
        from firmware.store import record_read

        try:
            return record_read.load(self, check)
        finally:
            from firmware import drop as _drop

            _drop("firmware.store.record_read")

    def save(self, payload):
        """Store ``payload`` for good, or raise (OSError from the storage);
        the previous good record stays loadable either way."""
        st = self.storage
        seq = (self.seq + 1) & 0xFFFFFFFF
        if self.slots:
            self._save_slot(seq, payload)
            return
        st.write(self.temp, pack(self.magic, self.version, seq, payload))
        if self._quarantine and st.exists(self.main):
            if st.exists(self.bad):
                st.remove(self.bad)
            st.rename(self.main, self.bad)
        elif self._saved or st.exists(self.main):
            # rename replaces the .old (the storage contract; on FAT the
            # storage removes it first): a file system operation fewer
            try:
                st.rename(self.main, self.old)
            except OSError:
                if st.exists(self.main):
                    raise
        st.rename(self.temp, self.main)
        self.seq = seq
        self._quarantine = False
        self._saved = True

    def clear(self):
        """Forget the record (every file of it but .bad). The older copy goes
        first, so a power cut part way leaves the newest record or none,
        never the one before it."""
        names = (self.temp, self.old, self.main)
        if self.slots:
            if not self._loaded:
                self.load()
            if self._cur == self.old:
                names = (self.temp, self.main, self.old)
        for name in names:
            if self.storage.exists(name):
                self.storage.remove(name)
        self._saved = False
        self._cur = None
        self.seq = 0
        self._quarantine = False

    # ---- two slots (slots=True) ----
    def _save_slot(self, seq, payload):
        st = self.storage
        if not self._loaded:
            self.load()
            seq = (self.seq + 1) & 0xFFFFFFFF
        data = pack(self.magic, self.version, seq, payload)
        name = self._quarantine or (self.old if self._cur == self.main else self.main)
        if self._quarantine and st.exists(name):  # the refused file is kept aside
            if st.exists(self.bad):
                st.remove(self.bad)
            st.rename(name, self.bad)
        st.write(name, data)
        self._cur = name
        self.seq = seq
        self._quarantine = False
        self._saved = True
