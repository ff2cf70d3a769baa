"""Where a match at a table stands as one of its games starts, as bytes:
``snap(peer, first)`` (the coins, the settings, the seed, the game's
number and first dealer, the wins, the message numbers, the log so far and
the messages still to be asked for), ``restart(peer, data)`` puts a new
side (engine.table.peer) there and starts that game; ValueError when the
bytes are damaged. engine.table.resume saves it beside the journal of the
game in progress. Imports engine.table.settings.
"""

from engine.table.settings import decode

_HEAD = 86  # bytes before the log


def snap(peer, first):
    out = bytearray(peer.their_commit + peer.their_coin + peer.settings.encode())
    n = peer.seed
    out += bytes((n >> 24, n >> 16 & 255, n >> 8 & 255, n & 255))
    g = peer.game_no
    out += bytes((g >> 8 & 255, g & 255, peer.wins[0], peer.wins[1]))
    out.append(2 if first is None else first)
    for n in (peer.taken(), peer.next_out):
        out += bytes((n >> 8, n & 255))
    text = "\n".join(peer.log).encode()
    out += bytes((len(text) >> 16, len(text) >> 8 & 255, len(text) & 255)) + text
    for seq in sorted(peer.sent):
        frame = peer.sent[seq]
        out += bytes((seq >> 8, seq & 255, len(frame) >> 8, len(frame) & 255)) + frame
    return bytes(out)


def restart(peer, data):
    if len(data) < _HEAD:
        raise ValueError("the saved table is damaged")
    peer.their_commit = data[:32]
    peer.their_coin = data[32:64]
    peer.settings = decode(data[64:70])
    peer.seed = data[70] << 24 | data[71] << 16 | data[72] << 8 | data[73]
    peer.game_no = data[74] << 8 | data[75]
    peer.wins = [data[76], data[77]]
    first = None if data[78] == 2 else data[78]
    peer.next_in = data[79] << 8 | data[80]
    peer.next_out = data[81] << 8 | data[82]
    n = data[83] << 16 | data[84] << 8 | data[85]
    at = _HEAD + n
    peer.log = data[_HEAD:at].decode().split("\n") if n else []
    peer.sent = {}
    while at + 4 <= len(data):
        seq = data[at] << 8 | data[at + 1]
        k = data[at + 2] << 8 | data[at + 3]
        peer.sent[seq] = data[at + 4 : at + 4 + k]
        at += 4 + k
    peer.out = []
    peer.game = None
    peer.snapshot = data
    peer._new_game(first)
