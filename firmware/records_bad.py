"""The rare path of firmware/records.py: what is done when a record's file is
refused (damaged, cut short, foreign, too large, from newer firmware, or
refused by the caller's check). It says why in plain words, joins the two
copies' problems into the sentence ``RecordStore.load`` gives, and tells what
a cut write left (not said) from a real problem. Loaded by records.py's
``_bad`` for one step and forgotten after, so that the record store that
every save uses, resident all game, holds only what runs while all is well.
Imports ``firmware.records``.
"""

from firmware.records import LIMIT, _crc, _newer

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_HEAD = const(11)  # records.py's layout: magic 4, version 1, seq 4, length 2
_TAIL = const(2)  # crc


def why(data, magic, max_version, label):
    """Why ``data`` is not a good record (``records.unpack`` refused it)."""
    if len(data) < _HEAD + _TAIL:
        if len(data) == 0:
            return "%s is empty" % label
        return "%s is cut short (%d bytes)" % (label, len(data))
    if data[0:4] != magic:
        return "%s is not a %s record" % (label, magic.decode())
    n = (data[9] << 8) | data[10]
    if len(data) < _HEAD + n + _TAIL:
        return "%s is cut short (%d of %d bytes)" % (label, len(data), _HEAD + n + _TAIL)
    if len(data) > _HEAD + n + _TAIL:
        return "%s has %d stray bytes at the end" % (label, len(data) - _HEAD - n - _TAIL)
    c = (data[_HEAD + n] << 8) | data[_HEAD + n + 1]
    if _crc(memoryview(data)[: _HEAD + n]) != c:
        return "%s is damaged (checksum does not match)" % label
    version = data[4]
    if version > max_version:
        return "%s was saved by newer firmware (format %d; this one reads up to %d)" % (
            label,
            version,
            max_version,
        )
    return "%s has no format version" % label


def large(name, n):
    return "%s is too large for a record (%d bytes)" % (name, n)


def refused(name, why):
    return "%s is refused: %s" % (name, why)


def plain(store, payload, version, problem, problem_old):
    """The end of ``load`` (one record, .rec then .old) when a file was
    refused: ``(payload, version, problem)``."""
    if payload is not None:
        if problem is not None:
            problem += "; using the save before it (the file is kept as %s)" % store.bad
        return payload, version, problem
    if problem is None:
        problem = problem_old
    elif problem_old is not None:
        problem += "; " + problem_old
    problem += "; starting afresh"
    if store._quarantine:
        problem += " (the file is kept as %s)" % store.bad
    return None, 0, problem


def slots(store, names, got, best):
    """The end of ``load`` (two slots) when a slot was refused:
    ``(payload, version, problem)``; a refused file that is not what a cut
    write left is set aside when it is next written."""
    problems = []
    for i in (0, 1):
        problem = got[i][3]
        if problem is None or left_by_a_cut(store, names[i], best >= 0):
            continue
        if not store._quarantine:
            store._quarantine = names[i]  # set aside when it is next written
        problems.append(problem)
    if best >= 0:
        payload, version = got[best][0], got[best][1]
        if problems:
            return (
                payload,
                version,
                problems[0] + ("; using the save before it (the file is kept as %s)" % store.bad),
            )
        return payload, version, None
    if not problems:
        return None, 0, None
    return (
        None,
        0,
        "; ".join(problems) + "; starting afresh (the file is kept as %s)" % (store.bad),
    )


def left_by_a_cut(store, name, have_good):
    """True when the refused file ``name`` is what a cut write leaves (the
    beginning of the record after the newest, cut short) or, beside a good
    record, an older copy: overwritten by the next save, not said."""
    st = store.storage
    size = getattr(st, "size", None)
    if size is not None and (size(name) or 0) > LIMIT:
        return False  # never read (records.py's _read)
    data = st.read(name)
    if data is None or len(data) > LIMIT:
        return False
    n = len(data)
    k = 4 if n > 4 else n
    if data[0:k] != store.magic[0:k]:
        return False
    if n < 9:
        return n < 5 or data[4] == store.version
    seq = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
    if have_good and _newer(store.seq, seq):
        return True  # an older copy
    if data[4] != store.version or seq != (store.seq + 1) & 0xFFFFFFFF:
        return False
    return n < _HEAD + _TAIL or n < _HEAD + ((data[9] << 8) | data[10]) + _TAIL
