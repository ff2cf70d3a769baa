"""An in-memory link between table sides in one process, for a friend's
table (firmware/screens/friend_table.py) played by two apps side by side:
``MemLink(ends)`` is one end, joined to the list ``ends``; the app's
``hw.table_link`` sets its ``peer``; ``poll`` gives every frame that peer
sends to the peer of each other end, and is true when one went. ``heard``,
called with each frame taken, does nothing here: tools/bench_table.py's
recording overrides it. Used by tools/bench_table.py and
host_tests/friendrig.py. Runs on CPython and MicroPython. Imports nothing.
"""


class MemLink:
    """One end of an in-memory link: what its peer sends goes to the other ends' peers."""

    def __init__(self, ends):
        self.ends = ends
        self.peer = None
        self.connected = True
        ends.append(self)

    def heard(self, frame):
        pass

    def poll(self, now):
        moved = False
        for frame in self.peer.take_out():
            self.heard(frame)
            for other in self.ends:
                if other is not self and other.peer is not None:
                    other.peer.feed(frame)
                    moved = True
        return moved
