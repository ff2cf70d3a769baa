"""A small crash log in the hardware storage: what failed, when and where,
kept to the last ``CAP`` bytes so it can never fill the flash. Read it on a
PC with ``mpremote cat /data/crash.log``. Imports nothing at import time
(``sys``, ``io``, ``traceback`` when an entry is made).

Each entry is a few lines of text:

    --- crash 3 at 81234 ms in play
    ValueError: what went wrong
      File "firmware/screens/play.py", line 412, in update

An append writes the whole bounded log to ``crash.tmp``, removes
``crash.log`` and renames the temp file into its place: a power cut never
touches another file (the saves are separate records), and leaves either the
old log or the new one (``read`` falls back to the temp file when the log
itself is missing). The log is plain text, not a record: losing an entry to a
power cut costs nothing that matters.
"""

NAME = "crash.log"
TEMP = "crash.tmp"
CAP = 2048  # bytes kept
ENTRY_CAP = 600  # bytes of one entry (its head and the end of its traceback)


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
    """The text of one entry for ``exc``, at most ``ENTRY_CAP`` bytes: the
    head line, the exception, and the innermost end of the traceback."""
    head = "--- crash %d at %d ms%s\n" % (count, now, (" in " + where) if where else "")
    body = describe(exc) + "\n"
    trace = trace_text(exc)
    if trace:
        room = ENTRY_CAP - len(head) - len(body)
        lines = trace.split("\n")
        tail = ""
        for i in range(len(lines) - 1, -1, -1):  # innermost frames first
            ln = lines[i]
            if not ln or ln.startswith("Traceback"):
                continue
            if ln.strip().endswith(body.strip()):
                continue  # the exception line is said above
            if len(tail) + len(ln) + 1 > room:
                break
            tail = ln + "\n" + tail
        body += tail
    text = head + body
    return text[:ENTRY_CAP]


def read(storage):
    """The log as bytes (b'' when there is none)."""
    try:
        data = storage.read(NAME)
        if data is None:
            data = storage.read(TEMP)
        return data or b""
    except Exception:
        return b""


def append(storage, text, cap=CAP):
    """Add ``text`` to the log, keeping at most ``cap`` bytes (whole lines:
    the oldest go first). Raises what the storage raises."""
    if isinstance(text, str):
        text = text.encode()
    data = read(storage) + text
    if len(data) > cap:
        data = data[len(data) - cap :]
        nl = data.find(b"\n")
        if 0 <= nl < len(data) - 1:
            data = data[nl + 1 :]  # drop the cut-off line
    storage.write(TEMP, data)
    if storage.exists(NAME):
        storage.remove(NAME)
    storage.rename(TEMP, NAME)
    return len(data)


def record(storage, exc, count=0, now=0, where=""):
    """Log ``exc``; True when written. Never raises (a failing storage must
    not turn one crash into another)."""
    try:
        append(storage, entry(exc, count, now, where))
        return True
    except Exception:
        return False


def count(storage):
    """How many entries the log holds now."""
    return read(storage).count(b"--- crash ")
