"""Where a match at a table stands as one of its deals starts:
``mark(peer, first)`` notes it, ``snap(peer)`` makes it bytes when the
side is saved (the coins, the settings, the seed, the game's number and
first dealer, the wins, the message numbers, the log so far, the game's
finished deals as their cards and decisions, and the messages still to be
asked for); engine.table.restart puts a new side there from those bytes
(only after a power cut: its code is loaded then). engine.table.resume
saves it beside the journal of the deal in progress. ``Log`` is a side's
log (``Peer.log``) kept packed. Imports nothing.
"""

_PIECE = 512  # the log goes into a save or a file in pieces of this many bytes at most


class Log:
    """The match's log lines (docs/gamelog.md) as one bytearray, each line
    followed by a newline (``data``), not an object a line: ``append(line)``
    adds one, ``len`` counts them, iterating gives them as str (``list(log)``
    is the lines), ``size()`` is its bytes so far, ``pieces`` hands them
    on; equal to another ``Log`` of the same lines."""

    def __init__(self, text=b""):
        # ``text`` (bytes): lines joined by newlines, as a save holds them
        self.data = bytearray(text)
        self.n = 0
        if text:
            self.data.append(10)
            at = 0
            while at < len(text):
                at = text.find(b"\n", at) + 1 or len(text)
                self.n += 1

    def append(self, line):
        self.data += line.encode()
        self.data.append(10)
        self.n += 1

    def __len__(self):
        return self.n

    def size(self):
        return len(self.data)

    def __eq__(self, other):
        return isinstance(other, Log) and self.data == other.data

    def __iter__(self):
        # a line at a time out of a window of the bytes (a bytearray has no
        # ``find`` on every port; bytes has)
        data = self.data
        at = 0
        while at < len(data):
            w = 128
            while True:
                piece = bytes(data[at : at + w])
                i = piece.find(b"\n")
                if i >= 0:
                    break
                w *= 2
            yield piece[:i].decode()
            at += i + 1

    def pieces(self, size=None):
        """The first ``size`` bytes (all when None), a piece at a time: no
        copy of the whole log, and no view of it left behind."""
        n = len(self.data) if size is None else size
        for i in range(0, n, _PIECE):
            yield self.data[i : min(n, i + _PIECE)]


def mark(peer, first):
    """Where the match stands now, as a deal starts: the few numbers of it
    that change during the deal (the rest is the side's own until the next
    mark), kept as ``peer.snapshot``; ``snap`` makes the bytes when saved."""
    return first, _taken(peer), peer.next_out, peer.log.size()


def snap(peer, out=None):
    """The bytes of ``peer.snapshot``, onto the end of ``out`` (a bytearray)
    when given (a save's: no copy of its own), else a new one."""
    first, taken, sent_to, size = peer.snapshot
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
    n = size - 1 if size else 0  # the lines joined by newlines: none after the last
    out += bytes((n >> 16, n >> 8 & 255, n & 255))
    for piece in peer.log.pieces(n):
        out += piece
    out += bytes(peer.done)  # the game's finished deals: a count, then each (engine.table.replay)
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
