"""Reading a record of firmware/store/records.py: ``load(store, check)``, what
``RecordStore.load`` does (the newest good copy, .rec then .old or the
newer of two slots), ``unpack`` (a record's bytes checked), and the words
for a refused file (damaged, cut short, foreign, too large, from newer
firmware, or refused by the caller's check), joined into the sentence
``load`` gives, with what a cut write left (not said) told from a real
problem. ``RecordStore.load`` loads this module for one load and forgets
it after: a store is read once, when its mode opens, and saved often, so
what every save runs (firmware/store/records.py) is all that stays on the heap
through a game. Imports nothing: the store it is given has the CRC and
the largest size of a record (``RecordStore.crc``, ``LIMIT``).
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_HEAD = const(11)  # firmware.store.records's
_TAIL = const(2)  # firmware.store.records's
# words with a name in them; const()s, not functions: a function's name would
# be a name interned for good
_LARGE = const("%s is too large for a record (%d bytes)")
_REFUSED = const("%s is refused: %s")
_KEPT = const(" (the file is kept as %s)")


def load(self, check):
    """``RecordStore.load(check)`` for the store ``self``."""
    self._quarantine = False
    self._loaded = True
    if self.slots:
        return _load_slots(self, check)
    payload, version, seq, problem = _read(self, self.main, check)
    if payload is not None:
        self.seq = seq
        return payload, version, None
    self._quarantine = problem is not None
    payload, version, seq, problem_old = _read(self, self.old, check)
    if payload is not None:
        self.seq = seq
    if problem is None and (payload is not None or problem_old is None):
        return payload, version, None
    # a file was refused: say so
    if payload is not None:
        if problem is not None:
            problem += "; using the save before it" + _KEPT % self.bad
        return payload, version, problem
    if problem is None:
        problem = problem_old
    elif problem_old is not None:
        problem += "; " + problem_old
    problem += "; starting afresh"
    if self._quarantine:
        problem += _KEPT % self.bad
    return None, 0, problem


def unpack(data, magic, max_version, label, crc):
    """``(payload, version, seq, None)`` for a good record, else
    ``(None, 0, 0, problem)`` with the problem in plain words; ``crc`` is
    ``RecordStore.crc``."""
    n = len(data)
    if n < _HEAD + _TAIL:
        return None, 0, 0, ("%s is cut short (%d bytes)" % (label, n) if n else label + " is empty")
    if data[0:4] != magic:
        return None, 0, 0, "%s is not a %s record" % (label, magic.decode())
    k = _HEAD + ((data[9] << 8) | data[10])  # the CRC's place
    if n < k + _TAIL:
        return None, 0, 0, "%s is cut short (%d of %d bytes)" % (label, n, k + _TAIL)
    if n > k + _TAIL:
        return None, 0, 0, "%s has %d stray bytes at the end" % (label, n - k - _TAIL)
    if crc(memoryview(data)[:k]) != (data[k] << 8) | data[k + 1]:
        return None, 0, 0, label + " is damaged (checksum does not match)"
    version = data[4]
    if version > max_version:
        return (
            None,
            0,
            0,
            (
                "%s was saved by newer firmware (format %d; this one reads up to %d)"
                % (label, version, max_version)
            ),
        )
    if not version:
        return None, 0, 0, label + " has no format version"
    seq = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
    return bytes(data[_HEAD:k]), version, seq, None


def _read(self, name, check):
    st = self.storage
    size = getattr(st, "size", None)  # optional in the storage contract
    if size is not None:
        n = size(name)
        if n is None:
            return None, 0, 0, None
        if n > self.LIMIT:  # never read more than a record can be
            return None, 0, 0, _LARGE % (name, n)
    data = st.read(name)
    if data is None:
        return None, 0, 0, None
    if len(data) > self.LIMIT:
        return None, 0, 0, _LARGE % (name, len(data))
    payload, version, seq, problem = unpack(data, self.magic, self.version, name, self.crc)
    if payload is not None and check is not None:
        why = check(payload, version)
        if why:
            return None, 0, 0, _REFUSED % (name, why)
    return payload, version, seq, problem


def _load_slots(self, check):
    names = (self.main, self.old)
    got = [_read(self, n, None) for n in names]
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
        got[best] = (None, 0, 0, _REFUSED % (names[best], why))
    self._cur = names[best] if best >= 0 else None
    self.seq = got[best][2] if best >= 0 else 0
    if got[0][3] is None and got[1][3] is None:
        return (got[best][0], got[best][1], None) if best >= 0 else (None, 0, None)
    # a slot was refused: said, and set aside when it is next written, unless
    # it is what a cut write leaves (the beginning of the record after the
    # newest, cut short) or, beside a good record, an older copy: overwritten
    # by the next save, not said
    st = self.storage
    size = getattr(st, "size", None)
    problems = []
    for i in (0, 1):
        problem = got[i][3]
        if problem is None:
            continue
        name = names[i]
        cut = False
        data = None
        if size is None or (size(name) or 0) <= self.LIMIT:  # else never read (``_read``)
            data = st.read(name)
        if data is not None and len(data) <= self.LIMIT:
            n = len(data)
            k = 4 if n > 4 else n
            if data[0:k] == self.magic[0:k]:
                if n < 9:
                    cut = n < 5 or data[4] == self.version
                else:
                    seq = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
                    if best >= 0 and _newer(self.seq, seq):
                        cut = True  # an older copy
                    elif data[4] == self.version and seq == (self.seq + 1) & 0xFFFFFFFF:
                        cut = n < _HEAD + _TAIL or n < _HEAD + ((data[9] << 8) | data[10]) + _TAIL
        if cut:
            continue
        if not self._quarantine:
            self._quarantine = name  # set aside when it is next written
        problems.append(problem)
    if best >= 0:
        payload, version = got[best][0], got[best][1]
        if problems:
            return payload, version, problems[0] + "; using the save before it" + _KEPT % self.bad
        return payload, version, None
    if not problems:
        return None, 0, None
    return None, 0, "; ".join(problems) + "; starting afresh" + _KEPT % self.bad


def _newer(a, b):
    """Sequence number ``a`` is after ``b`` (they wrap at 2**32)."""
    return a != b and (a - b) & 0xFFFFFFFF < 0x80000000
