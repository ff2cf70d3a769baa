"""Restore a game or match saved by ``engine.save``: the record opened
(ours, of a version this one reads, whole, its checksum good), its settings
read and its decisions replayed into a fresh game. A record that is not
ours, from a newer version, truncated, with a wrong checksum or with
decisions that do not replay is refused with ``SaveError`` and nothing is
half-loaded; so is a match whose content no match reaches (a score past
its length, more skunks than wins, skunks in fixed deals, a game that is
not the match's seed plus the games played). The record's layout is
``engine.save``'s. Only resuming needs this (firmware.play.match_start), so a
game in progress does not hold it.
``load_match_steps`` is ``load_match`` a step at a time. Imports
engine.crc, engine.game, engine.match, engine.replay, engine.save.
"""

from engine.crc import crc16
from engine.game import MAX_DEALS, Game, IllegalMove
from engine.match import Match
from engine.replay import finish, replay_steps
from engine.save import MAGIC, VERSION


class SaveError(ValueError):
    """A record that cannot be restored; the message says why in plain words."""


def _open(record, kind):
    # ``record``: bytes, or a view of a save's bytes (no copy of them held)
    if not isinstance(record, (bytes, bytearray, memoryview)):
        raise SaveError("not a saved game")
    head = bytes(record[:5])
    if len(record) < 7 or head[:3] != MAGIC:
        raise SaveError("not a cribbage save")
    if head[3:4] != kind:
        kinds = {b"G": "game", b"M": "match"}  # made only for the message
        raise SaveError(
            "a saved %s, not a saved %s" % (kinds.get(head[3:4], "something else"), kinds[kind])
        )
    if head[4] > VERSION:
        raise SaveError("saved by a newer version (v%d); this one reads v%d" % (head[4], VERSION))
    if head[4] != VERSION:
        raise SaveError("unknown save version v%d" % head[4])
    c = crc16(memoryview(record)[:-2])  # a view: no copy of the record
    if record[-2] != c >> 8 or record[-1] != c & 255:
        raise SaveError("the save is damaged (checksum mismatch)")
    return memoryview(record)[5:-2]


def _read_settings(body):
    if len(body) < 6:
        raise SaveError("the save is truncated")
    target = body[0]
    flags = body[1]
    first = flags >> 1 & 3
    five = bool(flags & 64)
    deals = 0
    if target not in (121, 61):
        if target % 2 or not 2 <= target <= MAX_DEALS:
            raise SaveError("the save has impossible settings")
        deals = target
        target = None
    if first > 2 or flags > 127 or (five and target == 121):
        raise SaveError("the save has impossible settings")
    seed = body[2] << 24 | body[3] << 16 | body[4] << 8 | body[5]
    counters = tuple([seat for seat in (0, 1) if flags & 16 << seat])
    first = None if first == 2 else first
    variant = "five" if five else "six"
    return target, bool(flags & 1), first, seed, bool(flags & 8), counters, variant, deals


def _replay(game, moves, on_event=None, step=0, before=None):
    # the saved decisions into ``game``, as a generator: its first step
    # checks their length, then a step every ``step`` decisions
    # (engine.replay's ``replay_steps``); it returns the game
    if len(moves) < 2:
        raise SaveError("the save is truncated")
    n = moves[0] << 8 | moves[1]
    if len(moves) != 2 + 2 * n:
        raise SaveError("the save is truncated or has extra bytes")
    yield  # the record opened and checked, all but its decisions
    try:
        return (yield from replay_steps(game, moves[2:], on_event, step, before))
    except IllegalMove as e:
        raise SaveError("the save does not replay (%s)" % e)


def load_game(record):
    """The ``Game`` a record saved; SaveError when it cannot be trusted."""
    body = _open(record, b"G")
    target, open_hands, first, seed, muggins, counters, variant, deals = _read_settings(body)
    game = Game(seed, target, first, open_hands, muggins, counters, variant, deals)
    return finish(_replay(game, body[6:]))


def load_match(record, on_event=None):
    """The ``Match`` a record saved, its game replayed to where it was;
    ``on_event`` sees each event of the replay as it comes."""
    return finish(load_match_steps(record, on_event))


def load_match_steps(record, on_event=None, step=0, before=None):
    """``load_match`` as a generator: its first step opens the record and
    checks all but the decisions (SaveError there when it cannot be
    trusted), then the replay yields every ``step`` decisions (a device
    spreads a long game over frames: ``firmware.play.match_start``); it
    returns the match, or raises SaveError for a decision that does not
    replay. ``before(game, i)`` is called before each decision (engine.replay's
    ``replay_steps``)."""
    body = _open(record, b"M")
    target, open_hands, first, seed, muggins, counters, variant, deals = _read_settings(body)
    if len(body) < 17:
        raise SaveError("the save is truncated")
    games, w0, w1, k0, k1, played = body[6:12]
    # V6: a tied game is played but won by neither
    decided = w0 + w1 <= played if deals else w0 + w1 == played
    if games < 1 or games % 2 == 0 or games > 99 or not decided or max(w0, w1) * 2 > games:
        raise SaveError("the save has an impossible match score")
    if k0 > w0 or k1 > w1:  # a skunk is counted for the game's winner
        raise SaveError("the save has more skunks than wins")
    if deals and (k0 or k1):  # V6: fixed deals have no skunks
        raise SaveError("the save has skunks in a match of fixed deals")
    game_seed = body[12] << 24 | body[13] << 16 | body[14] << 8 | body[15]
    want = seed + played  # game i is seeded seed + i (engine.match), folded as Game does
    if game_seed != (want ^ (want >> 32)) & 0xFFFFFFFF:
        raise SaveError("the save's game is not the match's game %d (its seed)" % (played + 1))
    game_first = body[16]
    if game_first > 2:
        raise SaveError("the save has impossible settings")
    match = Match(games, seed, target, first, open_hands, muggins, variant, deals)
    match.wins = [w0, w1]
    match.skunks = [k0, k1]
    match.played = played
    game_first = None if game_first == 2 else game_first
    game = Game(game_seed, target, game_first, open_hands, muggins, counters, variant, deals)
    match.game = yield from _replay(game, body[17:], on_event, step, before)
    return match
