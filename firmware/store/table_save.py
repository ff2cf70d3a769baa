"""A friend's table on the device's storage: the side's save (``SAVE``,
engine.table.resume's record, while a match is on) and the match's log
(``LOG``, docs/gamelog.md, written when the match ends). The save is
written aside and renamed over the old one (the storage's ``rename``
replaces atomically: firmware/hal.py), so a power cut leaves the last whole
save; the log, where it is written a piece at a time, too. Where the
storage can append (``open_append``, optional in the hal's contract: a
board's files) they go a piece at a time, with no buffer of the whole (a
save is KB late in a deal, a match's log KB); a storage that cannot (the
web page's) takes a file whole. Imports ``engine.table.resume`` when a
side is saved.
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
        opener = getattr(storage, "open_append", None)
        if opener is None:  # a storage that writes whole files: the save made first
            storage.write(tmp, resume.save(peer))
        else:
            _stream(opener, storage, tmp, lambda put: resume.write(peer, put))
        storage.rename(tmp, SAVE)  # replaces the last save at once: never none
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
        opener = getattr(storage, "open_append", None)
        if opener is None:  # each line with its newline
            storage.write(LOG, b"".join([bytes(p) for p in log.pieces()]))
            return True
        _stream(opener, storage, tmp, lambda put: _pieces(log, put))
        storage.rename(tmp, LOG)
    except (OSError, AttributeError, MemoryError):
        return False
    return True


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
