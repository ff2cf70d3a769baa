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

_PIECE = 512  # the most bytes of lines a part of the log holds (one longer line: its own)


class Log:
    """The match's log lines (docs/gamelog.md), each followed by a newline,
    packed in bytearrays of at most ``_PIECE`` bytes (``parts``; a line
    longer than that has one of its own), a line never split between two:
    not an object a line, nor one buffer that grows with the match (late in
    a match the log is KB, and a heap in pieces may have no room left for
    one block of that). ``append(line)`` adds one, ``len`` counts them,
    iterating gives them as str (``list(log)`` is the lines), ``size()`` is
    its bytes so far, ``pieces`` hands them on; equal to another ``Log`` of
    the same lines."""

    def __init__(self, text=b""):
        # ``text`` (bytes): lines joined by newlines, as a save holds them
        self.parts = []
        self.n = 0
        self.total = 0
        at = 0
        while text and at <= len(text):
            end = text.find(b"\n", at)
            if end < 0:
                end = len(text)
            self._add(text[at:end])
            at = end + 1

    def _add(self, line):
        parts = self.parts
        if not parts or len(parts[-1]) + len(line) >= _PIECE:
            parts.append(bytearray())
        part = parts[-1]
        part += line
        part.append(10)
        self.n += 1
        self.total += len(line) + 1

    def append(self, line):
        self._add(line.encode())

    def __len__(self):
        return self.n

    def size(self):
        return self.total

    def __eq__(self, other):
        return isinstance(other, Log) and self.parts == other.parts

    def __iter__(self):
        # a line at a time out of each part (a bytearray has no ``find`` on
        # every port; bytes has)
        for part in self.parts:
            piece = bytes(part)
            at = 0
            while at < len(piece):
                i = piece.find(b"\n", at)
                yield piece[at:i].decode()
                at = i + 1

    def pieces(self, size=None):
        """The first ``size`` bytes (all when None), a part at a time: no
        copy of the whole log."""
        n = self.total if size is None else size
        for part in self.parts:
            if n <= 0:
                break
            yield part if len(part) <= n else part[:n]
            n -= len(part)


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
