"""The saved match of the play screen: a crash-safe ``RecordStore`` named
"game" whose payload is the difficulty's level byte and the match record of
``engine.save.save_match`` (a seed plus every decision, replayed on load).
Imports ``engine.save`` and ``firmware.records``.
"""

from engine.save import SaveError, load_match, save_match
from firmware.records import RecordStore

SAVE_NAME = "game"
SAVE_MAGIC = b"CRBM"
SAVE_VERSION = 1
LEVELS = ("easy", "medium", "hard")


def open_store(storage):
    return RecordStore(storage, SAVE_NAME, SAVE_MAGIC, SAVE_VERSION)


def payload(level, match):
    """What is stored for ``match`` played at ``level``."""
    return bytes((LEVELS.index(level),)) + save_match(match)


def load(store):
    """``(level, match, notice)``: the saved match (None when there is none
    or it cannot be resumed) and a ``(title, text)`` to show, or None."""
    notice = None
    try:
        data, version, problem = store.load()
    except Exception as e:  # storage that cannot even be read
        data, problem = None, "the save could not be read: %s" % e
    if problem:
        notice = ("Saved match", problem)
    if data is None:
        return None, None, notice
    try:
        if len(data) < 2 or data[0] >= len(LEVELS):
            raise SaveError("the save has an unknown difficulty")
        match = load_match(bytes(data[1:]))
    except SaveError as e:
        return None, None, ("Saved match", "Saved match not resumed: %s. A new one starts." % e)
    return LEVELS[data[0]], match, notice
