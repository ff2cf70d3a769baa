"""The link's framing: one message is ``MAGIC``, the length of what follows
up to the checksum (2 bytes, big-endian, at most ``MAX_BODY``), the
sequence number (2 bytes, 1 for a side's first message, one more each
message), the kind (one ASCII letter), the payload, then the CRC-16 of
length, sequence, kind and payload (engine.crc). ``Reader.feed(bytes)``
takes whatever a transport delivers, in pieces of any size, and returns the
whole messages it completes as ``(seq, kind, payload)``; bytes that make no
message (noise, a bad checksum, a length over the limit) are skipped up to
the next ``MAGIC`` and counted in ``dropped``, with the last reason in
``why``. The buffer never holds more than one message's worth.
``Refused`` is a message refused by the side it came to, ``text(data)``
a message's bytes as printable text. Imports engine.crc.
"""

from engine.crc import crc16

MAGIC = 0xC7
MAX_BODY = 2048  # sequence + kind + payload: a deck of 52 numbers of 256 bits fits
_HEAD = 3  # magic, length


class Refused(Exception):
    """A message of the other side that is refused."""


def text(data):
    return "".join([chr(b) if 32 <= b < 127 else "?" for b in data[:200]])


def encode(seq, kind, payload=b""):
    """The bytes of one message, made in one buffer (a deck's message is
    1.7 KB: no copies of it on the way); ValueError when it would be too
    long."""
    n = 3 + len(payload)
    if n > MAX_BODY:
        raise ValueError("message too long: %d bytes" % n)
    out = bytearray(n + 5)
    out[0] = MAGIC
    out[1] = n >> 8
    out[2] = n & 255
    out[3] = seq >> 8 & 255
    out[4] = seq & 255
    out[5] = kind[0]
    out[6 : n + 3] = payload
    c = crc16(memoryview(out)[1 : n + 3])  # length, sequence, kind, payload
    out[n + 3] = c >> 8
    out[n + 4] = c & 255
    return out


class Reader:
    """Whole messages out of a byte stream, resynchronising on noise."""

    def __init__(self):
        self.buf = bytearray()
        self.dropped = 0
        self.why = ""

    def _drop(self, why):
        # skip this MAGIC and look for the next one
        self.dropped += 1
        self.why = why
        i = self.buf.find(bytes((MAGIC,)), 1)
        self.buf = self.buf[i:] if i > 0 else bytearray()

    def feed(self, data):
        out = []
        buf = self.buf
        buf += data
        while buf:
            if buf[0] != MAGIC:
                self._drop("bytes that are no message")
                buf = self.buf
                continue
            if len(buf) < _HEAD:
                break
            n = buf[1] << 8 | buf[2]
            if n > MAX_BODY or n < 3:
                self._drop("a message of %d bytes (the limit is %d)" % (n, MAX_BODY))
                buf = self.buf
                continue
            end = _HEAD + n + 2
            if len(buf) < end:
                break
            view = memoryview(buf)  # no copies of a 1.7 KB message to check it
            c = crc16(view[1 : _HEAD + n])
            if c != (buf[end - 2] << 8 | buf[end - 1]):
                view = None
                self._drop("a message with a bad checksum")
                buf = self.buf
                continue
            out.append((buf[3] << 8 | buf[4], bytes(view[5:6]), bytes(view[6 : _HEAD + n])))
            view = None
            if len(buf) == end:  # the usual case: nothing after it
                self.buf = buf = bytearray()
            else:
                self.buf = buf = buf[end:]
        return out
