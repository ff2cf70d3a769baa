"""A friend's table on the device's storage: the side's save (``SAVE``,
engine.table.resume's record, while a match is on) and the match's log
(``LOG``, docs/gamelog.md, written when the match ends). Both are written
aside and renamed over the old file when whole, so a power cut leaves the
last whole one. Where the storage appends (a board's files,
firmware.hw.files) they go a piece at a time, with no buffer of the whole
(a save is KB late in a deal, a match's log KB); the storages of the tests
and of the web page, in memory, take a file whole. Imports
``engine.table.resume`` when a side is saved, ``firmware.hw.files`` where
it is (not on the web page: tools/device_files.py).
"""

SAVE = "friend.tbl"
LOG = "friend.log"


def saved(storage):
    """The saved side's bytes, or None."""
    try:
        return storage.read(SAVE)
    except OSError:
        return None


def drop_save(storage):
    try:
        storage.remove(SAVE)
    except OSError:
        pass


def save_side(storage, peer):
    """Save ``peer``'s side; None when saved, else why not, in words for
    the screen (the last whole save stays)."""
    from engine.table import resume

    tmp = SAVE + "~"
    try:
        opener = _appender(storage)
        if opener is None:  # a storage that writes whole files: the save made first
            storage.write(tmp, resume.save(peer))
        else:
            _stream(opener, storage, tmp, lambda put: resume.write(peer, put))
        try:
            storage.remove(SAVE)
        except OSError:
            pass
        storage.rename(tmp, SAVE)
    except OSError as e:
        return "Not saved: %s" % e
    except MemoryError:
        return "Not saved: out of memory"
    return None


def save_log(storage, log):
    """Write the match's ``log`` (engine.table.standing's ``Log``) to
    ``LOG``: False when it could not be written."""
    tmp = "friend.tmp"
    try:
        opener = _appender(storage)
        if opener is None:  # each line with its newline
            storage.write(LOG, b"".join([bytes(p) for p in log.pieces()]))
            return True
        _stream(opener, storage, tmp, lambda put: _pieces(log, put))
        storage.rename(tmp, LOG)
    except (OSError, AttributeError, MemoryError):
        return False
    return True


def _appender(storage):
    # the storage's ``open_append`` where it takes a file a piece at a time
    try:
        from firmware.hw.files import FileStorage
    except ImportError:
        return None
    return storage.open_append if isinstance(storage, FileStorage) else None


def _stream(opener, storage, tmp, fill):
    # ``tmp`` written afresh (one cut short by a power cut goes first) by
    # ``fill(put)``, handing on its bytes a piece at a time
    if storage.exists(tmp):
        storage.remove(tmp)
    f = opener(tmp)
    try:
        fill(f.write)
    finally:
        f.close()


def _pieces(log, put):
    for piece in log.pieces():  # the lines, each with its newline, packed
        put(piece)
