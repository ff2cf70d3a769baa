"""The simulator's side of a table (tools/sim.py --host PORT / --join
HOST:PORT): ``wire(sim, host_port, join)`` gives the app a TCP link
(tools/table_link.py) as ``hw.table_link`` and opens the "Play a friend"
table at once (firmware/screens/friend.py), as seat A when hosting, B when
joining. On the simulated clock of a script the link waits a few real
milliseconds a frame when nothing came while the other side is to move, so
its messages have time to arrive. CPython only. Imports firmware.screens.friend and
table_link.
"""

import time

from table_link import TcpLink

WAIT_S = 0.003  # a frame with nothing on the link


class SimLink:
    def __init__(self, link, pause):
        self.link = link
        self.pause = pause

    @property
    def connected(self):
        return self.link.connected

    def poll(self, now):
        moved = self.link.poll()
        peer = self.link.peer
        idle = not (peer.over or peer.broken or peer.waiting())
        if not moved and self.pause and idle:
            time.sleep(WAIT_S)  # the other side's move is on its way
        return moved


def wire(sim, host_port=None, join=None, scripted=True):
    """Raises OSError when the port cannot be opened, ValueError for a bad
    address."""
    from firmware.screens.friend import FriendTable

    if join is not None:
        host, _, port = join.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise ValueError("--join needs HOST:PORT, not %r" % join[:60])
        seat = 1
        made = []

        def make(peer):
            made.append(SimLink(TcpLink(peer, host, int(port)), scripted))
            return made[-1]
    else:
        seat = 0
        probe = TcpLink(None, "127.0.0.1", host_port, listen=True)  # the port, now

        def make(peer):
            probe.peer = peer
            return SimLink(probe, scripted)

    sim.hw.table_link = make
    sim.hw.table_seat = seat
    sim.app.push(FriendTable(seat))
