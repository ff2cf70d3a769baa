"""Play a friend by cable: a table's link (engine.table.peer) over a UART,
the board's ``UART`` pins (boards/*.py). ``open_uart(machine, board)``
makes the ``machine.UART``; ``UartLink(peer, uart)`` carries the side's
bytes, a ``poll(now_ms)`` a frame, reading only what has arrived (no
wait, no allocation when nothing came). A cable has no connection to lose,
so silence is the sign: after ``QUIET_MS`` with no new message each side
asks the other for what it missed (``resume_link``), and that question is
the heartbeat the other hears; ``connected`` is False after ``LOST_MS``
without a byte (the screen says the game is paused) and True again with
the next one. Imports nothing of the project (``machine`` is given).
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# longer than a side's longest work on a Pico (the check of a deal, 4 s), so a
# question rarely crosses an answer on its way (which would come twice)
QUIET_MS = const(8000)
LOST_MS = const(20000)


def open_uart(machine, board):
    cfg = board.UART
    return machine.UART(
        cfg["id"],
        baudrate=cfg["baud"],
        tx=machine.Pin(cfg["tx"]),
        rx=machine.Pin(cfg["rx"]),
        rxbuf=2048,
    )


class UartLink:
    def __init__(self, peer, uart):
        self.peer = peer
        self.uart = uart
        self.heard = None  # ms of the last byte heard
        self.asked = 0  # ms of the last question sent
        self.got = 0  # the messages taken (``peer.next_in``) when last counted
        self.moved = 0  # ms of the last message taken
        self.connected = False

    def poll(self, now):
        """One frame's worth; True when bytes moved."""
        peer = self.peer
        uart = self.uart
        moved = False
        for frame in peer.take_out():
            uart.write(frame)
            moved = True
        n = uart.any()
        if n:
            data = uart.read(n)
            if data:
                peer.feed(data)
                self.heard = now
                self.connected = True
                moved = True
        if self.heard is None or now - self.heard >= LOST_MS:
            self.connected = False
        if peer.next_in != self.got:
            self.got = peer.next_in
            self.moved = now
        if now - self.moved >= QUIET_MS and now - self.asked >= QUIET_MS:
            self.asked = now  # nothing new for a while: ask (the other's question
            peer.resume_link()  # alone is no news, so each side asks in its turn)
        return moved
