"""The saved match of the play screen: a crash-safe ``RecordStore`` named
"game" of two copies written in turn (``slots``: one file operation a save,
where a save by a new file and two renames took 60-80 ms on the emulated Pico)
whose payload is the difficulty's level byte and the match record of
``engine.save.save_match`` (a seed plus every decision, replayed on load).
Imports ``engine.save`` and ``firmware.records``.
"""

from engine.save import SaveError, load_match, save_match
from firmware.records import RecordStore

SAVE_NAME = "game"
SAVE_MAGIC = b"CRBM"
SAVE_VERSION = 1
LEVELS = ("easy", "medium", "hard", "expert")  # the byte is the index: add at the end


def open_store(storage):
    return RecordStore(storage, SAVE_NAME, SAVE_MAGIC, SAVE_VERSION, slots=True)


def payload(level, match):
    """What is stored for ``match`` played at ``level``."""
    return bytes((LEVELS.index(level),)) + save_match(match)


def load(store):
    """``(level, match, notice)``: the saved match (None when there is none
    or it cannot be resumed) and a ``(title, text)`` to show, or None. A
    record the match cannot be restored from (an illegal decision, an inner
    save of an unknown version) is refused like a damaged one: named, kept
    aside as .bad, and the .old copy resumed (issue 11.1)."""
    got = [None]

    def check(data, version):
        got[0] = None
        try:
            if len(data) < 2 or data[0] >= len(LEVELS):
                raise SaveError("the save has an unknown difficulty")
            got[0] = load_match(bytes(data[1:]))
        except SaveError as e:
            return str(e)
        return None

    notice = None
    try:
        data, version, problem = store.load(check)
    except MemoryError:
        raise  # not a verdict on the save: starting afresh would overwrite it
    except Exception as e:  # storage that cannot even be read
        data, problem = None, "the save could not be read: %s" % e
    if problem:
        notice = ("Saved match", problem)
    if data is None or got[0] is None:
        return None, None, notice
    return LEVELS[data[0]], got[0], notice
