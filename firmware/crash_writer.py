"""The crash log's writer at a crash (firmware/crashlog.py is the rest):
once ``firmware.crashlog.prepare(storage)`` has opened the log for
appending and set aside one entry's room (the globals below), ``write`` adds
an entry with no fresh allocation on MicroPython and CircuitPython, where a
crash is often a MemoryError with the heap full: the traceback is printed
into a preallocated stream and copied to the file through a 16-byte buffer,
the head line's numbers digit by digit. Kept small on purpose: it stays
loaded, and the rest of the crash log (preparing it, reading it, the slow
way of writing it) is loaded only when used.

An entry written here is the head line and the end of the traceback as the
interpreter prints it (innermost frames and the error last), at most about
``_ENTRY_CAP`` bytes. A log that was not prepared (a storage without
``open_append``, optional in firmware/hal.py's contract): ``write`` returns
False and ``crashlog.record`` writes the slow way. On CPython the entry is
``firmware.crashlog.entry``'s text, the function ``prepare`` sets aside in
place of the stream. Imports ``sys`` (``traceback`` on CircuitPython).
"""

import sys

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_ENTRY_CAP = const(600)  # bytes of one entry (firmware.crashlog has its copy)
_MP = sys.implementation.name != "cpython"

# what firmware.crashlog.prepare sets aside, one list (one name on a device,
# not four): the storage prepared, its log open for appending, the stream one
# entry's traceback is printed to, a number's digits (the traceback is copied
# through them); all None when not prepared
_log = [None, None, None, None]
_ST = const(0)
_F = const(1)
_IO = const(2)
_NUM = const(3)


def print_exception(exc):
    """Print ``exc`` and its traceback to the console (the REPL's serial
    line on a device); never raises."""
    try:
        if hasattr(sys, "print_exception"):
            sys.print_exception(exc)
        else:
            import traceback

            traceback.print_exception(type(exc), exc, exc.__traceback__)
    except Exception:
        pass


def close():
    """Close the log ``crashlog.prepare`` opened and give back its room."""
    f = _log[_F]
    if f is not None:
        try:
            f.close()
        except Exception:
            pass
    _log[_ST] = _log[_F] = _log[_IO] = _log[_NUM] = None


def _put(data, start=0, n=-1):
    # data[start:start+n] to the open log; MicroPython's write takes the
    # offset and length, so nothing is sliced (allocated)
    if n < 0:
        n = len(data) - start
    if _MP:
        _log[_F].write(data, start, n)
    else:
        _log[_F].write(bytes(data[start : start + n]) if isinstance(data, bytearray) else data)


def _put_int(v):
    num = _log[_NUM]
    i = len(num)
    while True:
        i -= 1
        num[i] = 48 + v % 10
        v //= 10
        if not v or not i:
            break
    _put(num, i)


def _copy_tail(b, end, room):
    # the last ``room`` bytes of the stream's first ``end``, from a line start
    pos = end - room if end > room else 0
    first = pos > 0
    num = _log[_NUM]
    b.seek(pos)
    while pos < end:
        k = b.readinto(num)
        if k > end - pos:
            k = end - pos  # what a longer, earlier entry left behind
        if k <= 0:
            break
        i = 0
        if first:  # skip the cut-off line
            while i < k and num[i] != 10:
                i += 1
            if i < k:
                first = False
                i += 1
        if not first and i < k:
            _put(num, i, k - i)
        pos += k


def write(storage, exc, count=0, now=0, where="", detail=""):
    """Add an entry for ``exc`` (``where``: the mode, ``detail``: the screen)
    to the log prepared on ``storage``; True when written, False when not
    prepared for it or writing failed (the caller then logs the slow way).
    Never raises."""
    if _log[_F] is None or storage is not _log[_ST]:
        return False
    try:
        if not _MP:  # CPython: the slow way's text, by crashlog's entry set aside
            if where and detail:
                where = where + ": " + detail
            _put(_log[_IO](exc, count, now, where or detail).encode())
        else:
            b = _log[_IO]
            b.seek(0)
            if hasattr(sys, "print_exception"):
                sys.print_exception(exc, b)
            else:  # CircuitPython
                import traceback

                traceback.print_exception(exc, file=b)
            end = b.tell()
            _put(b"--- crash ")
            _put_int(count)
            _put(b" at ")
            _put_int(now)
            _put(b" ms")
            if where or detail:
                _put(b" in ")
                _put(where)
                if where and detail:
                    _put(b": ")
                _put(detail)
            _put(b"\n")
            _copy_tail(b, end, _ENTRY_CAP - 100)
        _log[_F].flush()
        return True
    except Exception:
        close()
        return False
