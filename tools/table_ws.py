"""The WebSocket side of the table server (RFC 6455), for a browser page,
which cannot open a raw TCP socket: the opening handshake and the framing,
written here on the standard library.

``handshake(head)`` takes the HTTP request's bytes (up to the blank line)
and returns the 101 answer's bytes, or raises ``Refused`` with the status
and the reason (400 a request that is not a WebSocket upgrade, 426 a version
other than 13). ``frame(opcode, payload)`` is one unmasked, unfragmented
frame as a server sends it. ``Messages(reader, limit).next()`` reads frames
off an asyncio StreamReader until a whole message: ``(opcode, payload)`` for a
text (1), binary (2), ping (9), pong (10) or close (8) message; it raises
``Refused`` with the close code and reason for a frame the RFC does not
allow (unmasked from a client, reserved bits, an unknown opcode, a control
frame fragmented or over 125 bytes, a continuation with nothing to
continue, text that is not UTF-8) or a message over ``limit`` bytes
(1009), and ``asyncio.IncompleteReadError`` when the connection ends
mid-frame. ``close_payload(code, reason)`` is a close frame's payload. ``accept_key(key)``
is the handshake's ``Sec-WebSocket-Accept``. Standard library only; imports
nothing of the project.
"""

import base64
import hashlib
import struct

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"  # RFC 6455 section 1.3
TEXT = 1
BINARY = 2
CLOSE = 8
PING = 9
PONG = 10
_CONTINUATION = 0
_OPCODES = (0, 1, 2, 8, 9, 10)
HEAD_LIMIT = 8192  # the handshake's request, headers and all

# close codes (RFC 6455 section 7.4.1)
NORMAL = 1000
PROTOCOL = 1002
UNSUPPORTED = 1003
NOT_UTF8 = 1007
POLICY = 1008
TOO_BIG = 1009


class Refused(Exception):
    """A request or frame refused: ``code`` (HTTP status or close code), ``reason``."""

    def __init__(self, code, reason):
        Exception.__init__(self, "%d %s" % (code, reason))
        self.code = code
        self.reason = reason


def accept_key(key):
    return base64.b64encode(hashlib.sha1(key.encode("ascii") + GUID).digest()).decode("ascii")


def _headers(head):
    text = head.decode("latin-1")
    lines = text.split("\r\n")
    request = lines[0].split()
    found = {}
    for ln in lines[1:]:
        if not ln:
            continue
        name, colon, value = ln.partition(":")
        if not colon:
            raise Refused(400, "a header line with no colon")
        found[name.strip().lower()] = value.strip()
    return request, found


def handshake(head):
    """The 101 answer for the request ``head``; ``Refused`` when it is not
    an upgrade to a WebSocket this server speaks."""
    if len(head) > HEAD_LIMIT:
        raise Refused(431, "the request's headers are too long")
    request, h = _headers(head)
    if len(request) != 3 or request[0] != "GET" or not request[2].startswith("HTTP/1."):
        raise Refused(400, "not a GET request")
    if h.get("upgrade", "").lower() != "websocket":
        raise Refused(400, "this port speaks WebSocket (Upgrade: websocket) or the table's TCP")
    if "upgrade" not in [w.strip().lower() for w in h.get("connection", "").split(",")]:
        raise Refused(400, "Connection: Upgrade is missing")
    if h.get("sec-websocket-version") != "13":
        raise Refused(426, "WebSocket version 13 only")
    key = h.get("sec-websocket-key", "")
    try:
        raw = base64.b64decode(key.encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raw = b""
    if len(raw) != 16:
        raise Refused(400, "Sec-WebSocket-Key is not 16 bytes in base64")
    return (
        "HTTP/1.1 101 Switching Protocols\r\n"
        "Upgrade: websocket\r\n"
        "Connection: Upgrade\r\n"
        "Sec-WebSocket-Accept: %s\r\n\r\n" % accept_key(key)
    ).encode("ascii")


def refusal(status, reason):
    """An HTTP answer refusing the handshake, in words."""
    words = {400: "Bad Request", 426: "Upgrade Required", 431: "Request Header Fields Too Large"}
    body = (reason + "\n").encode()
    extra = "Sec-WebSocket-Version: 13\r\n" if status == 426 else ""
    return (
        "HTTP/1.1 %d %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n%s"
        "Connection: close\r\n\r\n" % (status, words.get(status, "Refused"), len(body), extra)
    ).encode("ascii") + body


def frame(opcode, payload=b"", mask=None):
    """One final frame; ``mask`` (4 bytes) masks it, as a client must."""
    n = len(payload)
    head = bytearray((0x80 | opcode,))
    bit = 0x80 if mask is not None else 0
    if n < 126:
        head.append(bit | n)
    elif n < 65536:
        head.append(bit | 126)
        head += struct.pack(">H", n)
    else:
        head.append(bit | 127)
        head += struct.pack(">Q", n)
    if mask is None:
        return bytes(head) + bytes(payload)
    return bytes(head) + bytes(mask) + unmask(payload, mask)


def close_payload(code, reason=""):
    """A close frame's payload: the code and the reason (at most 123 bytes)."""
    return struct.pack(">H", code) + reason.encode()[:123]


def unmask(data, mask):
    if not data:
        return b""
    # XOR four bytes at a time as one big integer: the mask repeated to the length
    n = len(data)
    key = (bytes(mask) * (n // 4 + 1))[:n]
    return (int.from_bytes(data, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")


async def _frame(reader, limit, size=0):
    b0, b1 = await reader.readexactly(2)
    fin = b0 & 0x80
    if b0 & 0x70:
        raise Refused(PROTOCOL, "reserved bits set (no extension was agreed)")
    opcode = b0 & 0x0F
    if opcode not in _OPCODES:
        raise Refused(PROTOCOL, "unknown opcode %d" % opcode)
    if not b1 & 0x80:
        raise Refused(PROTOCOL, "a client's frame must be masked")
    n = b1 & 0x7F
    if opcode >= CLOSE and (n > 125 or not fin):
        raise Refused(PROTOCOL, "a control frame is final and at most 125 bytes")
    if n == 126:
        (n,) = struct.unpack(">H", await reader.readexactly(2))
    elif n == 127:
        (n,) = struct.unpack(">Q", await reader.readexactly(8))
        if n >> 63:
            raise Refused(PROTOCOL, "a length with its top bit set")
    if size + n > limit:
        raise Refused(TOO_BIG, "a message over %d bytes" % limit)
    mask = await reader.readexactly(4)
    return fin, opcode, unmask(await reader.readexactly(n), mask)


class Messages:
    """The messages of one client's connection, off an asyncio StreamReader;
    ``limit``: the most bytes a message may hold."""

    def __init__(self, reader, limit):
        self.reader = reader
        self.limit = limit
        self.parts = []
        self.kind = None  # the opcode of a fragmented message under way
        self.size = 0

    async def next(self):
        """The next whole message: (opcode, payload); a ping, pong or close
        between the fragments of a message comes as it arrives, the
        fragments kept."""
        while True:
            fin, opcode, data = await _frame(self.reader, self.limit, self.size)
            if opcode >= CLOSE:
                if opcode == CLOSE and len(data) == 1:
                    raise Refused(PROTOCOL, "a close frame of one byte")
                return opcode, data
            if opcode == _CONTINUATION:
                if self.kind is None:
                    raise Refused(PROTOCOL, "a continuation with no message to continue")
            elif self.kind is not None:
                raise Refused(PROTOCOL, "a new message inside a fragmented one")
            else:
                self.kind = opcode
            self.parts.append(data)
            self.size += len(data)
            if fin:
                payload = b"".join(self.parts)
                kind = self.kind
                self.parts = []
                self.kind = None
                self.size = 0
                if kind == TEXT:
                    try:
                        payload.decode("utf-8")
                    except UnicodeDecodeError:
                        raise Refused(NOT_UTF8, "a text message that is not UTF-8") from None
                return kind, payload
