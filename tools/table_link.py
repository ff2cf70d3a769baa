"""A table's link over TCP on a PC (CPython): firmware/table_net.py's
``NetLink`` (connect, drop, reconnect, ask again for what was missed) with
CPython's ``socket`` and clock, and what a PC adds: ``TcpLink(peer, host,
port, listen)`` either connects (the joining side) or listens and accepts
(the opening side, 127.0.0.1 unless told otherwise; ``port`` 0 takes any,
then ``port`` says which); ``poll()`` does one round without waiting, on
the monotonic clock; ``events`` says "connected", "dropped" and a refusal
by the server, for the screen or the log, and ``drops`` counts the drops.
``RoomLink(peer, host, port, room, opening)`` goes through the table server
(tools/table_server.py): it first asks for its seat of the room, then the
server relays. ``address(text)`` and ``room_code(text)`` check what a
command line gives (ValueError with the reason). Imports firmware.table_net
and table_server (its room code's letters).
"""

import os
import socket
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from firmware.table_net import NetLink  # noqa: E402
from table_server import CODE_LENGTH, CODE_LETTERS  # noqa: E402

RETRY_MS = 200  # a PC's connection attempt costs little: try again soon


def address(text):
    """(host, port) of "HOST:PORT"; ValueError when it is not one."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError("an address is HOST:PORT, not %r" % text[:60])
    return host, int(port)


def room_code(text):
    """The table server's room code ``text`` in capitals; ValueError when it
    is not one."""
    code = text.upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_LETTERS for c in code):
        raise ValueError(
            "a room code is %d letters of %s, not %r" % (CODE_LENGTH, CODE_LETTERS, text[:20])
        )
    return code


def _ms():
    return int(time.monotonic() * 1000)


class TcpLink(NetLink):
    def __init__(self, peer, host="127.0.0.1", port=0, listen=False, room=None, opening=False):
        NetLink.__init__(self, peer, host, port, room, opening, socket)
        self.retry_ms = 0 if listen else RETRY_MS
        self.listen = listen
        self.server = None
        self.drops = 0
        self.events = []  # "connected", "dropped", "refused by the server: ..."
        self.moved = _ms()
        if listen:
            self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.server.bind((host, port))
            self.server.listen(1)
            self.server.setblocking(False)
            self.port = self.server.getsockname()[1]

    def _open(self):
        if not self.listen:
            self.refused = None
            s = NetLink._open(self)
            if s is None and self.refused:
                self.events.append("refused by the server: " + self.refused)
        else:
            try:
                s, _ = self.server.accept()
            except OSError:  # none waiting (BlockingIOError)
                return None
            s.setblocking(False)
        if s is not None:
            s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.events.append("connected")
        return s

    def _drop(self):
        if self.connected:
            self.drops += 1
            self.events.append("dropped")
        NetLink._drop(self)

    def poll(self, now=None):
        """One round; True when bytes moved."""
        return NetLink.poll(self, _ms() if now is None else now)

    def close(self):
        NetLink.close(self)
        if self.server is not None:
            self.server.close()


class RoomLink(TcpLink):
    """Seat 0 (``opening``) or seat 1 of the server's room ``room``."""

    def __init__(self, peer, host, port, room, opening):
        TcpLink.__init__(self, peer, host, port, False, room, opening)
