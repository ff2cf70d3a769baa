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


def payload(level, match, coach=None):
    """What is stored for ``match`` played at ``level``; with ``coach`` (the
    play screen's, firmware.play.your_turn's ``note``) its figures after the
    match record, so a resumed game's are exact: ``b"C"``, the deals weighed
    (1 byte), what your discards and your plays gave up (3 bytes each), the
    deal last weighed (1) and where in the game's decisions (``Game.moves``,
    2 bytes) the first not yet weighed is: a resume notes it and those after
    it again (firmware.play.match_start). A record without it still loads."""
    out = bytes((LEVELS.index(level),)) + save_match(match)
    if coach is None:
        return out
    at = coach[4][0][4] if coach[4] else len(match.game.moves)
    d, lost, played = min(coach[0], 255), min(coach[1], 0xFFFFFF), min(coach[2], 0xFFFFFF)
    return out + bytes(
        (67, d, lost >> 16, lost >> 8 & 255, lost & 255, played >> 16, played >> 8 & 255)
        + (played & 255, min(coach[3], 255), at >> 8, at & 255)
    )
