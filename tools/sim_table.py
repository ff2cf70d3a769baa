"""The simulator's side of a table (tools/sim.py --host PORT, --join
HOST:PORT, or --server HOST:PORT --room CODE [--open]): ``wire(sim, ...)``
gives the app a TCP link (tools/table_link.py) as ``hw.table_link``, straight
to the other simulator or through a room of the table server
(tools/table_server.py), and opens the "Play a friend" table at once
(firmware/screens/friend_table.py), as seat A when hosting or opening the room, B
when joining. On the simulated clock of a script the link waits a few real
milliseconds a frame when nothing came while the other side is to move, so
its messages have time to arrive, and says on stderr what the server
refused (the interactive screen keeps the terminal). CPython only. Imports
firmware.screens.friend_table and table_link.
"""

import socket
import sys
import time

from table_link import RoomLink, TcpLink, address, room_code

WAIT_S = 0.003  # a frame with nothing on the link
REACH_S = 3  # how long the first look for the table server may take


class SimLink:
    def __init__(self, link, pause):
        self.link = link
        self.pause = pause
        self.said = set()

    @property
    def connected(self):
        return self.link.connected

    def poll(self, now):
        moved = self.link.poll()
        for ev in self.link.events:
            if self.pause and ev.startswith("refused") and ev not in self.said:
                self.said.add(ev)  # each reason once, not at every retry
                print("sim.py: %s" % ev, file=sys.stderr)
        self.link.events = []
        peer = self.link.peer
        idle = not (peer.over or peer.broken or peer.waiting())
        if not moved and self.pause and idle:
            time.sleep(WAIT_S)  # the other side's move is on its way
        return moved


def _given(flag, check, text):
    try:
        return check(text)
    except ValueError as e:
        raise ValueError("%s: %s" % (flag, e)) from None


def wire(sim, host_port=None, join=None, scripted=True, server=None, room=None, opening=False):
    """Raises OSError when the port cannot be opened or the table server
    does not answer, ValueError for a bad address or room code."""
    from firmware.screens.friend_table import FriendTable

    if server is None and (room is not None or opening):
        raise ValueError("--room and --open go with --server HOST:PORT")
    if server is not None and room is None:
        raise ValueError("--server needs --room CODE (the room's four letters)")
    if server is not None:
        where = _given("--server", address, server)
        code = _given("--room", room_code, room)
        try:  # reachable now, or a clear refusal rather than a screen left connecting
            socket.create_connection(where, REACH_S).close()
        except OSError as e:
            raise OSError("no table server at %s:%d (%s)" % (where[0], where[1], e)) from None
        seat = 0 if opening else 1

        def make(peer):
            return SimLink(RoomLink(peer, where[0], where[1], code, opening), scripted)
    elif join is not None:
        where = _given("--join", address, join)
        seat = 1

        def make(peer):
            return SimLink(TcpLink(peer, where[0], where[1]), scripted)
    else:
        seat = 0
        probe = TcpLink(None, "127.0.0.1", host_port, listen=True)  # the port, now

        def make(peer):
            probe.peer = peer
            return SimLink(probe, scripted)

    sim.hw.table_link = make
    sim.hw.table_seat = seat
    sim.app.push(FriendTable(seat))
