"""The crash log's writer at a crash (firmware/crashlog.py is the rest):
``prepare(storage)`` at boot opens the log for appending and sets aside what
one entry needs; ``write`` then adds an entry with no fresh allocation on
MicroPython, where a crash is often a MemoryError with the heap full. Kept
small on purpose: it stays loaded from boot on, and the rest of the crash log
(reading it, the slow way of writing it) is loaded only when used.

When the log passes ``CAP`` // 2 bytes it becomes ``crash.old`` and a new one
starts (``crashlog.read`` gives the last ``CAP`` bytes of the two). A storage
without ``open_append`` (optional in firmware/hal.py's contract) cannot be
prepared: ``write`` returns False and ``crashlog.record`` writes the slow way.
Imports ``sys`` (``io`` in ``prepare``; on CPython ``firmware.crashlog``).
"""

import sys

NAME = "crash.log"
OLD = "crash.old"
CAP = 2048  # bytes kept
ENTRY_CAP = 600  # bytes of one entry (its head and the end of its traceback)
_MP = sys.implementation.name != "cpython"

# set by prepare(): the storage, its open log, the entry's room, the log's size
_st = None
_f = None
_io = None
_buf = None
_num = None
_size = 0


def prepare(storage):
    """Set aside, now, what ``record`` needs to log a crash on ``storage``
    without a fresh allocation; False when the storage cannot append (then
    ``record`` rewrites the log, which needs memory)."""
    global _st, _f, _io, _buf, _num, _size
    close()
    opener = getattr(storage, "open_append", None)
    if opener is None:
        return False
    try:
        import io

        size = getattr(storage, "size", None)
        _size = (size(NAME) or 0) if size is not None else 0
        if _size > CAP // 2:
            _rotate(storage)
            _size = 0
        _f = opener(NAME)
        _io = io.BytesIO(ENTRY_CAP) if _MP else io.BytesIO()
        _buf = bytearray(ENTRY_CAP)
        _num = bytearray(12)
        _st = storage
        return True
    except Exception:
        close()
        return False


def close():
    """Forget what ``prepare`` set aside (closing the log)."""
    global _st, _f, _io, _buf, _num
    if _f is not None:
        try:
            _f.close()
        except Exception:
            pass
    _st = _f = _io = _buf = _num = None


def _rotate(storage):
    if storage.exists(OLD):
        storage.remove(OLD)
    if storage.exists(NAME):
        storage.rename(NAME, OLD)


def _put(data, start=0, n=-1):
    # write data[start:start+n] to the open log; no allocation on MicroPython
    if n < 0:
        n = len(data) - start
    if _MP:
        _f.write(data, start, n)
    else:
        _f.write(bytes(data[start : start + n]))
    return n


def _put_int(v):
    # digits of v >= 0 into _num, then written: no str is made
    i = len(_num)
    while True:
        i -= 1
        _num[i] = 48 + v % 10
        v //= 10
        if not v or not i:
            break
    return _put(_num, i)


def _put_text(s):
    return _put(s)


def _fast(exc, count, now, where, detail):
    global _size
    if not _MP:  # CPython has memory to spare: the slow way's entry, appended
        from firmware.crashlog import entry

        if where and detail:
            where = where + ": " + detail
        n = _put(entry(exc, count, now, where or detail).encode())
        _f.flush()
        _size += n
        if _size > CAP // 2:
            _reopen()
        return
    n = _put(b"--- crash ") + _put_int(count) + _put(b" at ") + _put_int(now) + _put(b" ms")
    if where or detail:
        n += _put(b" in ") + _put_text(where)
        if where and detail:
            n += _put(b": ")
        n += _put_text(detail)
    n += _put(b"\n")
    room = ENTRY_CAP - n
    b = _io
    b.seek(0)
    sys.print_exception(exc, b)
    end = b.tell()
    start = end - room if end > room else 0
    b.seek(start)
    got = b.readinto(_buf)
    if got > end - start:
        got = end - start  # what an earlier, longer entry left behind
    skip = 0
    if start:  # from the first whole line: the innermost frames and the error
        while skip < got and _buf[skip] != 10:
            skip += 1
        skip += 1
    if skip < got:
        n += _put(_buf, skip, got - skip)
    if not got or _buf[got - 1] != 10:
        n += _put(b"\n")
    _f.flush()
    _size += n
    if _size > CAP // 2:  # start a new log; the old one is kept as crash.old
        _reopen()


def _reopen():
    # a new log file after rotating (keeping the entry's room); on failure the
    # next crash is logged the slow way
    global _f, _size
    try:
        _f.close()
    except Exception:
        pass
    _f = None
    _rotate(_st)
    _f = _st.open_append(NAME)
    _size = 0


def write(storage, exc, count=0, now=0, where="", detail=""):
    """Add an entry for ``exc`` to the log prepared on ``storage``; True when
    written, False when not prepared for it or writing failed (then the caller
    logs the slow way). Never raises."""
    if _f is None or storage is not _st:
        return False
    try:
        _fast(exc, count, now, where, detail)
        return True
    except Exception:
        if _f is None:
            return True  # written; only the new log could not be opened
        close()
        return False
