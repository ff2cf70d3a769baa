"""The web page's link for "Play a friend": a table's link
(engine.table.peer) over the page's WebSocket to the table server
(tools/table_server.py), given to the "Play a friend" screen as
``hw.table_link(peer)`` (firmware.web_friend sets it), as the simulator's
TCP link is (firmware/screens/friend_table.py).

The page (web/table.js) owns the WebSocket and hands this module ``sock``, a
JS object: ``connect()`` opens a new one, ``state()`` is 0 while it
connects, 1 open, 2 closed; ``send_text(s)`` and ``send_hex(h)`` send a
text or a binary message; ``take()`` gives the next message that came, as
``"t:"`` and its text or ``"b:"`` and its bytes in hex, or ``""`` (bytes
cross between JS and the port as hex, as the screen's frames do);
``say(text)`` puts a line about the table on the page.

``PageLink(peer, sock, room, opening)``: ``poll(now)`` a frame: connects
when it is not (at most every ``RETRY_MS``), greets its seat of the room
(``TABLE 1 OPEN CODE``, ``OPEN ?`` for a new table, or ``JOIN CODE``),
feeds what the other seat sent and sends what the peer has to send. The
server says whether the other seat is there (``PEER 1`` / ``PEER 0``):
``connected`` is True only while both are, so a page closed or a link lost
pauses both sides ("Link lost: paused"), and when the other comes back
each side asks for what it missed (``Peer.resume_link``); after
``QUIET_MS`` with no new message it asks again (engine.table.link's
``settle``, the end of a frame of this link and of firmware.table_net's). ``room`` is the code once
the server gave it; ``refused`` the server's last refusal, in words.
``keep(peer)``, when given, is called after each frame that took a message
of the other side, before anything is sent: firmware.web_friend saves the
side there (the screen saves too once the message's work has begun; this
one is before: what the page sends in this frame answers messages taken
before).

The page's table (which link a side gets, a table opened from the page's
address, the side saved as messages come) is firmware.web_friend, which
makes these links. Imports ``binascii`` and ``engine.table.link``.
"""

import binascii

from engine.table.link import RETRY_MS, settle


class PageLink:
    def __init__(self, peer, sock, room=None, opening=False, keep=None):
        self.peer = peer
        self.keep = keep
        self.kept = peer.next_in
        self.sock = sock
        self.room = room
        self.opening = opening
        self.seated = False  # the server gave this page its seat
        self.other = False  # the other seat is there
        self.refused = None
        self.tried = None
        self.up = False  # the WebSocket is open
        self.got = 0
        self.moved = 0
        self.asked = 0

    @property
    def connected(self):
        return self.seated and self.other

    def _greeting(self):
        if self.opening:
            return "TABLE 1 OPEN %s" % (self.room or "?")
        return "TABLE 1 JOIN %s" % self.room

    def poll(self, now):
        """One frame's worth; True when a message moved."""
        sock = self.sock
        state = sock.state()
        if state == 1 and not self.up:
            self.up = True
            sock.send_text(self._greeting())
        elif state != 1:
            if self.up:
                self._down()
            if state == 2 and (self.tried is None or now - self.tried >= RETRY_MS):
                if self.room is None and not self.opening:
                    if self.refused is None:
                        self.refused = "no room code: open the link your friend sent"
                        sock.say(self.refused)
                else:
                    self.tried = now
                    sock.connect()
            settle(self, now, False)
            return False
        moved = False
        while True:
            m = sock.take()
            if not m:
                break
            moved = True
            if m[:2] == "b:":
                try:
                    data = binascii.unhexlify(m[2:])
                except ValueError:
                    continue  # the page hands over only hex; nothing else is fed
                self.peer.feed(data)
            else:
                self._notice(m[2:])
        if self.keep is not None and self.peer.next_in != self.kept:
            # a message taken: the side is saved ahead of its answer (the
            # other side drops what it sent in a deal once the deal is revealed)
            self.kept = self.peer.next_in
            self.keep(self.peer)
        settle(self, now, self.connected)
        for frame in self.peer.take_out():  # none when the link is not up
            sock.send_hex(binascii.hexlify(frame).decode())
            moved = True
        return moved

    def _notice(self, text):
        words = text.split()
        if not words:
            return
        if words[0] == "OK" and len(words) == 2:
            self.room = words[1]
            self.seated = True
            self.refused = None
        elif words[0] == "NO":
            self.refused = " ".join(words[1:]) or "refused"
        elif words[0] == "PEER" and len(words) == 2:
            there = words[1] == "1"
            if there and not self.other:
                self.other = True
                self.peer.resume_link()  # both ask: each sends again what the other missed
            self.other = there

    def _down(self):
        self.up = False
        self.seated = False
        self.other = False
