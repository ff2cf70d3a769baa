"""The saved match of the play screen: a crash-safe ``RecordStore`` named
"game" of two copies written in turn (``slots``: one file operation a save,
where a save by a new file and two renames took 60-80 ms on the emulated Pico)
whose payload is the difficulty's level byte and the match record of
``engine.save.save_match`` (a seed plus every decision, replayed on load:
``firmware.play.match_start.load``, loaded only to start a match). Imports
``engine.save`` and ``firmware.store.records``.
"""

from engine.save import save_match
from firmware.store.records import RecordStore

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_SAVE_VERSION = const(1)  # the record's (named "game", magic b"CRBM")
LEVELS = ("easy", "medium", "hard", "expert")  # the byte is the index: add at the end


def open_store(storage):
    return RecordStore(storage, "game", b"CRBM", _SAVE_VERSION, slots=True)


def payload(level, match):
    """What is stored for ``match`` played at ``level``."""
    return bytes((LEVELS.index(level),)) + save_match(match)
