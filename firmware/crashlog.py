"""A small crash log in the hardware storage: what failed, when and where,
kept to the last ``_CAP`` bytes so it can never fill the flash. Read it on a
PC with ``mpremote cat /data/crash.log`` (and ``crash.old`` before it).
Imports ``firmware.crash_writer`` (``sys``, ``io``, ``traceback`` when used).

Each entry is a few lines of text: a head line, then the end of the
traceback as the interpreter prints it (innermost frames, the error last),
or, when written the slow way, the error first and the innermost frames:

    --- crash 3 at 81234 ms in play: PlayScreen
      File "firmware/play/screen.py", line 412, in update
    ValueError: what went wrong

Every crash must reach the log, and a crash is often a MemoryError with the
heap full: ``prepare(storage)``, called by firmware.main before each app it
builds (this module is then forgotten while the app runs), opens the log for
appending and sets aside what an entry needs, so that
``firmware.crash_writer``, which stays loaded, then writes an entry without a
fresh allocation (MicroPython, CircuitPython).
When the log passes ``_CAP`` // 2 it becomes ``crash.old`` and a new one
starts: ``read`` gives the last ``_CAP`` bytes of the two. Where the storage
cannot append (``open_append`` is optional in the storage contract) or
``prepare`` was not called, an append writes the whole
bounded log to ``crash.tmp``, removes ``crash.log`` and renames the temp file
into its place: a power cut never touches another file (the saves are
separate records), and leaves either the old log or the new one (``read``
falls back to the temp file when the log itself is missing). The log is plain
text, not a record: losing an entry to a power cut costs nothing that matters.
"""

from firmware import crash_writer
from firmware.crash_writer import close

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

NAME = "crash.log"  # its files: this, "crash.old" and "crash.tmp" (written out where used)
_CAP = const(2048)  # bytes kept
_ENTRY_CAP = const(600)  # bytes of one entry (firmware.crash_writer's)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_IN = const(" in ")
_TRACEBACK = const("Traceback")


def prepare(storage):
    """Open the log on ``storage`` for ``firmware.crash_writer.write`` (a new
    log when it is past ``_CAP`` // 2, the old one kept as ``crash.old``);
    False when the storage cannot append (then ``record`` rewrites the log,
    which needs memory). Never raises."""
    close()
    opener = getattr(storage, "open_append", None)
    if opener is None:
        return False
    try:
        import io

        size = getattr(storage, "size", None)
        if size is not None and (size(NAME) or 0) > _CAP // 2:
            if storage.exists("crash.old"):
                storage.remove("crash.old")
            storage.rename(NAME, "crash.old")
        held = crash_writer._log  # the storage, its log, the stream, the digits
        # the stream a traceback is printed to; on CPython, which has memory to
        # spare, the function that writes an entry the slow way instead
        held[2] = io.BytesIO(_ENTRY_CAP) if crash_writer._MP else entry
        held[3] = bytearray(16)
        held[1] = opener(NAME)
        held[0] = storage
        return True
    except Exception:
        close()
        return False


def trace_text(exc):
    """The exception and its traceback as text ('' when that fails)."""
    try:
        import sys

        if hasattr(sys, "print_exception"):
            import io

            buf = io.StringIO()
            sys.print_exception(exc, buf)
            return buf.getvalue()
        import traceback

        return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    except Exception:
        return ""


def describe(exc):
    """'Name: message' of an exception (just the name without a message)."""
    name = type(exc).__name__
    try:
        msg = str(exc)
    except Exception:
        msg = ""
    return name + ": " + msg if msg else name


def entry(exc, count=0, now=0, where=""):
    """The text of one entry for ``exc``, at most ``_ENTRY_CAP`` bytes: the
    head line, the exception, and the innermost end of the traceback."""
    head = "--- crash %d at %d ms%s\n" % (count, now, (_IN + where) if where else "")
    body = describe(exc) + "\n"
    trace = trace_text(exc)
    if trace:
        room = _ENTRY_CAP - len(head) - len(body)
        lines = trace.split("\n")
        tail = ""
        for i in range(len(lines) - 1, -1, -1):  # innermost frames first
            ln = lines[i]
            if not ln or ln.startswith(_TRACEBACK):
                continue
            if ln.strip().endswith(body.strip()):
                continue  # the exception line is said above
            if len(tail) + len(ln) + 1 > room:
                break
            tail = ln + "\n" + tail
        body += tail
    text = head + body
    return text[:_ENTRY_CAP]


def _read_one(storage, name):
    try:
        size = getattr(storage, "size", None)
        if size is not None and (size(name) or 0) > 4 * _CAP:
            return b""  # not a log this program wrote: never read a huge file
        return storage.read(name) or b""
    except Exception:
        return b""


def read(storage):
    """The log as bytes: its last ``_CAP`` bytes (b'' when there is none)."""
    data = _read_one(storage, NAME)
    if not data:
        data = _read_one(storage, "crash.tmp")
    old = _read_one(storage, "crash.old")
    if old:
        data = _last(old + data, _CAP)
    return data


def _last(data, cap):
    # the last ``cap`` bytes of ``data`` in whole lines
    if len(data) > cap:
        data = data[len(data) - cap :]
        nl = data.find(b"\n")
        if 0 <= nl < len(data) - 1:
            data = data[nl + 1 :]  # drop the cut-off line
    return data


def append(storage, text, cap=_CAP):
    """Add ``text`` to the log, keeping at most ``cap`` bytes (whole lines:
    the oldest go first). Raises what the storage raises."""
    if isinstance(text, str):
        text = text.encode()
    data = _last(read(storage) + text, cap)
    storage.write("crash.tmp", data)
    if storage.exists(NAME):
        storage.remove(NAME)
    storage.rename("crash.tmp", NAME)
    if storage.exists("crash.old"):
        storage.remove("crash.old")  # what it held is in the new log
    return len(data)


def record(storage, exc, count=0, now=0, where="", detail=""):
    """Log ``exc`` (``where``: the mode, ``detail``: the screen); True when
    written. Never raises (a failing storage must not turn one crash into
    another). After ``prepare(storage)`` the entry goes through
    ``firmware.crash_writer`` with no fresh allocation (MicroPython)."""
    if crash_writer.write(storage, exc, count, now, where, detail):
        return True
    try:
        if where and detail:
            where = where + ": " + detail
        append(storage, entry(exc, count, now, where or detail))
        return True
    except Exception:
        return False


def count(storage):
    """How many entries the log holds now (its last ``_CAP`` bytes)."""
    return read(storage).count(b"--- crash ")
