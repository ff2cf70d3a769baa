"""Play a friend over a network (a Pico W on Wi-Fi, or any MicroPython or
CPython with sockets): a table's link (engine.table.peer) over TCP to the
table server (tools/table_server.py: ``room`` and ``opening`` greet it
with ``TABLE 1 OPEN|JOIN CODE``) or straight to the other side
(``room`` None). ``NetLink(peer, host, port, room, opening, socket)``,
``socket`` the module (given, so the host tests and the device share this
code); ``poll(now_ms)`` a frame: connects when it is not (at most every
``RETRY_MS``, then asks for what it missed), sends, reads what has
arrived without waiting, and asks again after ``QUIET_MS`` with no new
message (through the server, the other side's coming back is not seen).
A link that drops is ``connected`` False (the game waits) until it is
back. Joining the Wi-Fi itself (``network.WLAN``) is the device's, before.
A subclass may open its socket otherwise (``_open``: tools/table_link.py
listens). The end of its frame, dropping what the side sends while the
link is down and asking again after a quiet while, is the web page's link's
too (engine.table.link). Imports engine.table.link.
"""

from engine.table.link import RETRY_MS, settle

_AGAIN = (11, 35, 115)  # EAGAIN (Linux, MicroPython), EAGAIN (BSD), EINPROGRESS


class NetLink:
    def __init__(self, peer, host, port, room=None, opening=False, socket=None):
        self.peer = peer
        self.host = host
        self.port = port
        self.room = room
        self.opening = opening
        self.socket = socket
        self.sock = None
        self.connected = False
        self.retry_ms = RETRY_MS
        self.tried = None
        self.refused = None
        self.got = 0  # ``peer.next_in`` when last counted
        self.moved = 0  # ms of the last new message
        self.asked = 0

    def _connect(self, now):
        if self.tried is not None and now - self.tried < self.retry_ms:
            return False
        self.tried = now
        s = self._open()
        if s is None:
            return False
        self.sock = s
        self.connected = True
        self.peer.resume_link()
        return True

    def _open(self):
        # a connected socket, greeted and not blocking, or None
        sk = self.socket
        s = sk.socket()
        try:
            s.settimeout(3)
            s.connect(sk.getaddrinfo(self.host, self.port)[0][-1])
            if self.room is not None and not self._greet(s):
                s.close()
                return None
            s.setblocking(False)
        except OSError:
            s.close()
            return None
        return s

    def _greet(self, s):
        word = "OPEN" if self.opening else "JOIN"
        s.send(("TABLE 1 %s %s\n" % (word, self.room)).encode())
        reply = b""
        while not reply.endswith(b"\n") and len(reply) < 80:
            got = s.recv(1)
            if not got:
                return False
            reply += got
        words = reply.decode().split()
        if not words or words[0] != "OK":
            self.refused = " ".join(words[1:]) or "refused"
            return False
        return True

    def _drop(self):
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
        self.sock = None
        self.connected = False

    def poll(self, now):
        """One frame's worth; True when bytes moved."""
        if self.sock is None and not self._connect(now):
            settle(self, now, False)
            return False
        moved = False
        try:
            for frame in self.peer.take_out():
                self._send(frame)
                moved = True
            while True:
                try:
                    data = self.sock.recv(2048)
                except OSError as e:
                    if e.args and e.args[0] in _AGAIN:
                        break
                    raise
                if not data:
                    self._drop()
                    break
                self.peer.feed(data)
                moved = True
        except OSError:
            self._drop()
        settle(self, now, True)
        return moved

    def _send(self, frame):
        view = memoryview(frame)
        while len(view):
            try:
                n = self.sock.send(view)
            except OSError as e:
                if e.args and e.args[0] in _AGAIN:
                    continue  # the socket's buffer is full: a frame is small, it drains
                raise
            view = view[n:]

    def close(self):
        self._drop()
