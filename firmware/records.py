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

A refused file is the rare path: its wording, and what a cut write left, are
``firmware.records_bad``, loaded when one is found and forgotten after.

Imports ``engine.crc``, and ``firmware.fast`` (its viper CRC) where that loads;
``firmware.records_bad`` when a file is refused (and ``firmware.app``'s
``_drop`` to forget it after).
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
LIMIT = const(4109)  # the largest record: _HEAD + _MAX_PAYLOAD + _TAIL
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


def unpack(data, magic, max_version, label):
    """``(payload, version, seq, None)`` for a good record, else
    ``(None, 0, 0, problem)`` with the problem in plain words."""
    if len(data) >= _HEAD + _TAIL and data[0:4] == magic:
        n = (data[9] << 8) | data[10]
        if (
            len(data) == _HEAD + n + _TAIL
            and 0 < data[4] <= max_version
            and _crc(memoryview(data)[: _HEAD + n]) == (data[_HEAD + n] << 8) | data[_HEAD + n + 1]
        ):
            seq = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
            return bytes(data[_HEAD : _HEAD + n]), data[4], seq, None
    return None, 0, 0, _bad("why", data, magic, max_version, label)


def _bad(step, *args):
    # a step of firmware.records_bad (a refused file: its wording, what a cut
    # write left), loaded for it and forgotten after: never needed while all
    # is well
    from firmware import records_bad

    try:
        return getattr(records_bad, step)(*args)
    finally:
        from firmware.app import _drop

        _drop("firmware.records_bad")


class RecordStore:
    """One named record: ``load()`` then ``save(payload)`` as often as needed.

    ``magic`` is 4 bytes naming what the record holds; ``version`` (1..255) is
    the payload format this firmware writes and the newest it reads."""

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

    def _read(self, name, check):
        st = self.storage
        size = getattr(st, "size", None)  # optional in the storage contract
        if size is not None:
            n = size(name)
            if n is None:
                return None, 0, 0, None
            if n > LIMIT:  # never read more than a record can be (issue 11.2)
                return None, 0, 0, _bad("large", name, n)
        data = st.read(name)
        if data is None:
            return None, 0, 0, None
        if len(data) > LIMIT:
            return None, 0, 0, _bad("large", name, len(data))
        payload, version, seq, problem = unpack(data, self.magic, self.version, name)
        if payload is not None and check is not None:
            why = check(payload, version)
            if why:
                return None, 0, 0, _bad("refused", name, why)
        return payload, version, seq, problem

    def load(self, check=None):
        """``(payload, version, problem)``: the newest good record (None when
        there is none) and a sentence about a refused file (None when all is
        well). What an interrupted save leaves behind is not a problem.

        ``check(payload, version)``, when given, says why a record whose CRC
        is good holds what the caller cannot use (a sentence), or returns
        None to accept it: a refused .rec is named, kept aside as .bad at the
        next save and the .old copy is tried, as for a damaged file."""
        self._quarantine = False
        self._loaded = True
        if self.slots:
            return self._load_slots(check)
        payload, version, seq, problem = self._read(self.main, check)
        if payload is not None:
            self.seq = seq
            return payload, version, None
        self._quarantine = problem is not None
        payload, version, seq, problem_old = self._read(self.old, check)
        if payload is not None:
            self.seq = seq
        if problem is None and (payload is not None or problem_old is None):
            return payload, version, None
        return _bad("plain", self, payload, version, problem, problem_old)

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
    def _load_slots(self, check):
        names = (self.main, self.old)
        got = [self._read(n, None) for n in names]
        best = -1
        while True:  # the newest good record the caller's check takes (its last call)
            best = -1
            for i in (0, 1):
                if got[i][0] is not None and (best < 0 or _newer(got[i][2], got[best][2])):
                    best = i
            if best < 0 or check is None:
                break
            why = check(got[best][0], got[best][1])
            if not why:
                break
            got[best] = (None, 0, 0, _bad("refused", names[best], why))
        self._cur = names[best] if best >= 0 else None
        self.seq = got[best][2] if best >= 0 else 0
        if got[0][3] is None and got[1][3] is None:
            return (got[best][0], got[best][1], None) if best >= 0 else (None, 0, None)
        return _bad("slots", self, names, got, best)  # a slot was refused

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


def _newer(a, b):
    """Sequence number ``a`` is after ``b`` (they wrap at 2**32)."""
    return a != b and (a - b) & 0xFFFFFFFF < 0x80000000
