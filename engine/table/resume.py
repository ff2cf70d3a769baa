"""A side of a table saved and rebuilt after a power cut. ``save(peer)`` is
bytes: the seat, the secret, the settings it opened or joined with; once
the first deal is over, where the match stands at the start of the deal
in progress (engine.table.standing: the coins, the game's number and first
dealer, the wins, the message numbers, the log so far, the game's finished
deals and the messages still to be asked for); then every message it took
and every decision of its player since, in order (``Peer.journal``), so a
save holds one deal's messages at most. ``restore(data)`` builds a new ``Peer``, puts
it at that deal's start and feeds it that journal again: the protocol
being deterministic given both secrets, it comes back to the same state,
the same messages numbered the same; the link is then asked for what the
other side sent since (``resume_link``), and what the other side asks is
sent again. Fed again through the side's work queue, the journal's work
may be spread over frames as a deal's is (``restore(data, step)``). A save that is cut short or
damaged is refused with ValueError. Imports engine.crc, engine.table.peer,
engine.table.settings, engine.table.standing.
"""

from engine.crc import crc16
from engine.table.peer import Peer
from engine.table.settings import decode
from engine.table.standing import snap

MAGIC = b"CTB1"


def save(peer):
    """The side as bytes (a bytearray)."""
    out = bytearray(MAGIC)
    out.append(peer.seat)
    out.append(len(peer.secret))
    out += peer.secret
    wanted = peer.settings.encode() if peer.seat == 0 or peer.wanted else bytes(6)
    out += wanted
    if peer.snapshot is not None:  # a later deal: where the match stands as it starts
        out += b"S\0\0\0"
        at = len(out)
        snap(peer, out)  # written in place, its length put before it after
        n = len(out) - at
        out[at - 3] = n >> 16
        out[at - 2] = n >> 8 & 255
        out[at - 1] = n & 255
    else:
        out += b"-"
    for seq, kind, payload in peer.journal:
        n = len(payload)
        out += bytes((seq >> 8, seq & 255))
        out += kind
        out += bytes((n >> 8, n & 255))
        out += payload
    c = crc16(out)
    out.append(c >> 8)
    out.append(c & 255)
    return out  # a bytearray: the storage writes it as it is, no copy


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
