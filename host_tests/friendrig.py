"""The friend mode's tests' in-memory link between two apps' table sides
(``MemLink``), shared by test_friend_screen and test_friend_power. Imports
nothing."""


class MemLink:
    """One end of an in-memory link: what its peer sends goes to the other end's."""

    def __init__(self, ends):
        self.ends = ends
        self.peer = None
        self.connected = True
        ends.append(self)

    def poll(self, now):
        moved = False
        for frame in self.peer.take_out():
            for other in self.ends:
                if other is not self and other.peer is not None:
                    other.peer.feed(frame)
                    moved = True
        return moved
