"""A side of a table saved and rebuilt after a power cut. ``save(peer)`` is
bytes: the seat, the secret, the settings it opened or joined with; once
the first deal is over, where the match stands at the start of the deal
in progress (engine.table.standing: the coins, the game's number and first
dealer, the wins, the message numbers, the log so far, the game's finished
deals and the messages still to be asked for); then every message it took
and every decision of its player since, in order (``Peer.journal``), so a
save holds one deal's messages at most; ``write(peer, put)`` hands the same
bytes on a piece at a time (to a file, with no copy of the whole).
``restore(data)`` builds a new ``Peer``, puts it at that deal's start and
feeds it that journal again: the protocol being deterministic given both
secrets, it comes back to the same state, the same messages numbered the
same; the link is then asked for what the other side sent since
(``resume_link``), and what the other side asks is sent again. Fed again
through the side's work queue, the journal's work may be spread over frames
as a deal's is (``restore(data, step)``). A save that is cut short or
damaged is refused with ValueError. Imports engine.crc, engine.table.peer,
engine.table.settings, engine.table.standing.
"""

from engine.crc import crc16
from engine.table.peer import Peer
from engine.table.settings import decode
from engine.table.standing import snap

MAGIC = b"CTB1"


class _Count:
    # a sink that counts the bytes put in it (a save's part, measured first)
    def __init__(self):
        self.n = 0

    def __iadd__(self, piece):
        self.n += len(piece)
        return self

    __add__ = __iadd__  # MicroPython's ``+=`` on an object: __add__ where no __iadd__

    def append(self, byte):
        self.n += 1


class _Put:
    # a sink that hands each piece on to ``put`` and keeps their CRC
    def __init__(self, put):
        self.put = put
        self.crc = 0xFFFF

    def __iadd__(self, piece):
        self.put(piece)
        self.crc = crc16(piece, self.crc)
        return self

    __add__ = __iadd__

    def append(self, byte):
        self.__iadd__(bytes((byte,)))


def write(peer, put):
    """The side's save, the bytes ``save`` gives, handed to ``put`` a piece
    at a time (a file's ``write``): no buffer of the whole save, which is
    several KB late in a deal."""
    out = _Put(put)
    out += MAGIC
    out.append(peer.seat)
    out.append(len(peer.secret))
    out += peer.secret
    out += peer.settings.encode() if peer.seat == 0 or peer.wanted else bytes(6)
    if peer.snapshot is not None:  # a later deal: where the match stands as it starts
        count = _Count()
        snap(peer, count)  # measured, then written: its length goes before it
        n = count.n
        out += b"S" + bytes((n >> 16, n >> 8 & 255, n & 255))
        snap(peer, out)
    else:
        out += b"-"
    for seq, kind, payload in peer.journal:
        n = len(payload)
        out += bytes((seq >> 8, seq & 255)) + kind + bytes((n >> 8, n & 255))
        out += payload
    c = out.crc
    put(bytes((c >> 8, c & 255)))


def save(peer):
    """The side as bytes (a bytearray)."""
    out = bytearray()
    write(peer, out.extend)
    return out


def restore(data, step=0):
    """The side saved in ``data``; with ``step`` (engine.table.peer's) its
    journal's work is left to ``work()`` to do a step at a time."""
    if len(data) < 14 or data[:4] != MAGIC:
        raise ValueError("not a saved table")
    c = crc16(data[:-2])
    if c != (data[-2] << 8 | data[-1]):
        raise ValueError("the saved table is damaged")
    seat = data[4]
    n = data[5]
    secret = bytes(data[6 : 6 + n])
    at = 6 + n
    raw = data[at : at + 6]
    settings = None if raw == bytes(6) else decode(raw)
    at += 6
    peer = Peer(seat, secret, settings)
    peer.out = []  # sent before the cut; the other side asks again for any lost
    peer.replaying = True
    peer.step = step
    end = len(data) - 2
    if data[at : at + 1] == b"S":
        n = data[at + 1] << 16 | data[at + 2] << 8 | data[at + 3]
        at += 4
        peer.restart(bytes(data[at : at + n]))
        at += n
    elif data[at : at + 1] == b"-":
        at += 1
    else:
        raise ValueError("the saved table is damaged")
    while at < end:
        if at + 5 > end:
            raise ValueError("the saved table is cut short")
        seq = data[at] << 8 | data[at + 1]
        kind = data[at + 2 : at + 3]
        n = data[at + 3] << 8 | data[at + 4]
        payload = bytes(data[at + 5 : at + 5 + n])
        at += 5 + n
        if kind == b"a":
            if len(payload) == 2:
                decision = (payload[0], payload[1])
            else:
                decision = None if payload[0] == 52 else payload[0]
            peer.inbox.append((-1, b"a", decision))  # in turn with the messages
        else:
            peer.receive(seq, kind, payload)
    peer.inbox.append((-1, b"!", None))  # the end: the link is asked for what came since
    if not step:
        peer.work()
    return peer
