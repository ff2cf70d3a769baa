"""Where a match at a table stands as one of its deals starts:
``mark(peer, first)`` notes it, ``snap(peer)`` makes it bytes when the
side is saved (the coins, the settings, the seed, the game's number and
first dealer, the wins, the message numbers, the log so far, the game's
finished deals as their cards and decisions, and the messages still to be
asked for); engine.table.restart puts a new side there from those bytes
(only after a power cut: its code is loaded then). engine.table.resume
saves it beside the journal of the deal in progress. Imports nothing.
"""


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
