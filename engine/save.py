"""Save a game or match in progress as a small versioned record.

A record holds the settings, the seed and every decision so far (two bytes
each); restoring replays them into a fresh game (``engine.restore``, which
refuses a record that cannot be trusted), so a record can only ever give a
state the rules reach. Saving runs after every decision and restoring only
to resume, so they are two modules and a game holds only this one.

Layout (big-endian): b"CRB" kind(1: b"G" game, b"M" match) version(1)
target(1: 121 or 61, or for a game of fixed deals (V6) the even number of
deals, 2..98) flags(1: bit0 open hands, bits 1-2 first dealer 0/1/2 = cut,
bit3 muggins, bits 4-5 seats that count their own hands, bit6 five-card V5)
seed(4) [match only: games(1) wins0(1) wins1(1) skunks0(1) skunks1(1)
played(1) match_seed(4)] moves(2 + 2n) crc16(2) over all before it.
A full 121-point game is about 300 bytes. A six-card game to a target sets
none of the variants' bits, so a program without the variants loads it and
refuses a five-card or fixed-deals record as impossible settings. Imports engine.crc.
"""

from engine.crc import crc16

VERSION = 1
MAGIC = b"CRB"


def _u32(x):
    return bytes(((x >> 24) & 255, (x >> 16) & 255, (x >> 8) & 255, x & 255))


def _flags(first_dealer, open_hands, muggins, counters, five=False):
    first = 2 if first_dealer is None else first_dealer
    flags = (1 if open_hands else 0) | first << 1 | (8 if muggins else 0) | (64 if five else 0)
    for seat in counters:
        flags |= 16 << seat
    return flags


def _game_fields(game):
    flags = _flags(game.first_dealer, game.open_hands, game.muggins, game.counters, game.five)
    return bytes((game.deals or game.target, flags)) + _u32(game.seed)


def _moves_field(game):
    n = len(game.moves) // 2
    return bytes((n >> 8, n & 255)) + bytes(game.moves)


def _seal(kind, body):
    data = MAGIC + kind + bytes((VERSION,)) + body
    c = crc16(data)
    return data + bytes((c >> 8, c & 255))


def save_game(game):
    """The record of ``game`` (started or not) as bytes."""
    return _seal(b"G", _game_fields(game) + _moves_field(game))


def save_match(match):
    """The record of a match and its game in progress as bytes."""
    head = bytes(
        (
            match.games,
            match.wins[0],
            match.wins[1],
            match.skunks[0],
            match.skunks[1],
            match.played,
        )
    )
    g = match.game
    flags = _flags(match.first_dealer, match.open_hands, match.muggins, g.counters, g.five)
    body = bytes((match.deals or match.target, flags)) + _u32(match.seed) + head
    return _seal(
        b"M", body + _u32(match.game.seed) + _game_flags(match.game) + _moves_field(match.game)
    )


def _game_flags(game):
    first = 2 if game.first_dealer is None else game.first_dealer
    return bytes((first,))
