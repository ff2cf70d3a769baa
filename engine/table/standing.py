"""Where a match at a table stands as one of its deals starts:
``mark(peer, first)`` notes it, ``snap(peer)`` makes it bytes when the
side is saved (the coins, the settings, the seed, the game's number and
first dealer, the wins, the message numbers, the log so far, the game's
finished deals as their cards and decisions, and the messages still to be
asked for), ``restart(peer, data)`` puts a new side (engine.table.peer)
there: it starts that game and plays its finished deals again; ValueError
when the bytes are damaged. engine.table.resume saves it beside the
journal of the deal in progress. Imports engine.table.replay,
engine.table.settings.
"""

from engine.table.replay import Revealed, replay_deal
from engine.table.settings import decode

_HEAD = 86  # bytes before the log


def mark(peer, first):
    """Where the match stands now, as a deal starts: the few numbers of it
    that change during the deal (the rest is the side's own until the next
    mark), kept as ``peer.snapshot``; ``snap`` makes the bytes when saved."""
    return first, _taken(peer), peer.next_out, len(peer.log)


def snap(peer, out=None):
    """The bytes of ``peer.snapshot``, onto the end of ``out`` (a bytearray)
    when given (a save's: no copy of its own), else a new one."""
    first, taken, sent_to, lines = peer.snapshot
    if out is None:
        out = bytearray()
    out += peer.their_commit
    out += peer.their_coin
    out += peer.settings.encode()
    n = peer.seed
    out += bytes((n >> 24, n >> 16 & 255, n >> 8 & 255, n & 255))
    g = peer.game_no
    out += bytes((g >> 8 & 255, g & 255, peer.wins[0], peer.wins[1]))
    out.append(2 if first is None else first)
    for n in (taken, sent_to):
        out += bytes((n >> 8, n & 255))
    text = "\n".join(peer.log[:lines]).encode()
    out += bytes((len(text) >> 16, len(text) >> 8 & 255, len(text) & 255))
    out += text
    text = None
    out.append(len(peer.done))
    for hands, starter, laid, plays in peer.done:
        out += bytes(hands[0]) + bytes(hands[1]) + bytes((starter,))
        out += bytes(laid[0]) + bytes(laid[1]) + bytes((len(plays),))
        for seat, card in plays:
            out += bytes((seat, 52 if card is None else card))
    for seq in sorted(peer.sent):
        if seq < sent_to:  # those sent before the mark (the later ones come again)
            frame = peer.sent[seq]
            out += bytes((seq >> 8, seq & 255, len(frame) >> 8, len(frame) & 255))
            out += frame
    return out


def _taken(peer):
    # the number of the first message whose work is not begun
    for item in peer.inbox:
        if item is not None and item[0] > 0:
            return item[0]
    return peer.next_in


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
    k = 5 if peer.settings.variant == "five" else 6
    done = []
    if at >= len(data):
        raise ValueError("the saved table is damaged")
    count = data[at]
    at += 1
    for _ in range(count):
        hands = (tuple(data[at : at + k]), tuple(data[at + k : at + 2 * k]))
        at += 2 * k
        starter = data[at]
        laid = (tuple(data[at + 1 : at + 3]), tuple(data[at + 3 : at + 5]))
        plays = []
        for i in range(data[at + 5]):
            seat, card = data[at + 6 + 2 * i], data[at + 7 + 2 * i]
            plays.append((seat, None if card == 52 else card))
        at += 6 + 2 * len(plays)
        done.append((hands, starter, laid, plays))
    if at > len(data):
        raise ValueError("the saved table is damaged")
    here = (first, peer.next_in, peer.next_out, len(peer.log))
    peer.sent = {}
    while at + 4 <= len(data):
        seq = data[at] << 8 | data[at + 1]
        k = data[at + 2] << 8 | data[at + 3]
        peer.sent[seq] = data[at + 4 : at + 4 + k]
        at += 4 + k
    peer.out = []
    peer.game = None
    log = list(peer.log)
    peer._new_game(first)
    for rec in done:
        _redo(peer, rec)
    if done:  # within a game: its start is in the log already
        peer.log = log
    peer.done = done
    peer.snapshot = here


def _redo(peer, rec):
    # a finished deal of the game in progress played again, every card
    # known: no cryptography, no messages
    g = peer.game
    hands, starter, laid, plays = rec
    me = peer.seat
    g.dealt_in(hands[me])
    g.discard(me, laid[me][0], laid[me][1])
    g.discard(1 - me, 0, 0)
    g.starter_in(starter)
    for seat, card in plays:
        g.act(seat, card)
    dl = Revealed(hands[me], laid[me], starter, plays)
    replay_deal(peer.full, g, dl, me, hands[1 - me], laid[1 - me], [])
    g.take_events()
