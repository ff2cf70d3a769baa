"""A table's link over TCP (CPython): ``TcpLink(peer, host, port,
listen)`` carries an engine.table.peer side's bytes over a socket,
without blocking. The opening side listens (127.0.0.1 unless told
otherwise), the joining side connects; a link that drops is said
(``connected`` False: the game waits) and tried again, and when it is
back each side asks the other for what it missed (``Peer.resume_link``);
after ``QUIET_S`` with no new message each asks again (through the
server a side's coming back is not seen by the other), so nothing is
lost. ``poll()`` does one round: connect or accept, send, receive.
``RoomLink(peer, host, port, room, opening)`` goes through the table
server (tools/table_server.py): it first asks for its seat of the room,
then the server relays. Standard library only; imports nothing of the
project.
"""

import socket
import time

QUIET_S = 8.0  # no new message this long: ask for what was missed


class TcpLink:
    def __init__(self, peer, host="127.0.0.1", port=0, listen=False):
        self.peer = peer
        self.host = host
        self.port = port
        self.listen = listen
        self.sock = None
        self.server = None
        self.connected = False
        self.drops = 0
        self.events = []  # "connected", "dropped": for the screen or the log
        self.got = 0
        self.moved = time.monotonic()
        if listen:
            self.server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self.server.bind((host, port))
            self.server.listen(1)
            self.server.setblocking(False)
            self.port = self.server.getsockname()[1]

    def _connect(self):
        try:
            if self.listen:
                sock, _ = self.server.accept()
            else:
                sock = socket.create_connection((self.host, self.port), timeout=0.5)
        except (BlockingIOError, OSError):
            return False
        if not self._greet(sock):
            sock.close()
            return False
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.connected = True
        self.events.append("connected")
        self.peer.resume_link()
        return True

    def _greet(self, sock):
        return True

    def _drop(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None
        if self.connected:
            self.drops += 1
            self.events.append("dropped")
        self.connected = False

    def poll(self):
        """One round; True when bytes moved."""
        if self.sock is None and not self._connect():
            self.peer.take_out()  # lost with the link: asked for again when it is back
            return False
        moved = False
        try:
            for frame in self.peer.take_out():
                self.sock.sendall(frame)
                moved = True
            while True:
                try:
                    data = self.sock.recv(4096)
                except BlockingIOError:
                    break
                if not data:
                    self._drop()
                    break
                self.peer.feed(data)
                moved = True
        except OSError:
            self._drop()
        self._ask()
        return moved

    def _ask(self):
        # through the server the other side's coming back is not seen: ask
        # again when nothing new came for a while
        now = time.monotonic()
        if self.peer.next_in != self.got:
            self.got = self.peer.next_in
            self.moved = now
        elif now - self.moved >= QUIET_S:
            self.moved = now
            self.peer.resume_link()

    def close(self):
        self._drop()
        if self.server is not None:
            self.server.close()


class RoomLink(TcpLink):
    """Seat 0 (``opening``) or seat 1 of the server's room ``room``."""

    def __init__(self, peer, host, port, room, opening):
        TcpLink.__init__(self, peer, host, port)
        self.room = room
        self.opening = opening
        self.refused = None

    def _greet(self, sock):
        word = "OPEN" if self.opening else "JOIN"
        try:
            sock.settimeout(5)
            sock.sendall(("TABLE 1 %s %s\n" % (word, self.room)).encode())
            reply = b""
            while not reply.endswith(b"\n") and len(reply) < 80:
                got = sock.recv(1)
                if not got:
                    return False
                reply += got
        except OSError:
            return False
        words = reply.decode("ascii", "replace").split()
        if words[:1] != ["OK"]:
            self.refused = " ".join(words[1:]) or "refused"
            self.events.append("refused by the server: " + self.refused)
            return False
        return True
