"""The table server: rooms where two players' devices or pages meet, the
bytes of each relayed to the other (asyncio, standard library only).

    python3 tools/table_server.py [--port 7312] [--bind 127.0.0.1]

A client connects and sends one line: ``TABLE 1 OPEN CODE`` takes seat 0
of room CODE (made if new; ``OPEN ?`` has the server choose a code),
``TABLE 1 JOIN CODE`` seat 1 of a room that exists. The server answers
``OK CODE`` or ``NO reason`` and from then on relays: what one seat sends
goes to the other if it is there, else it is dropped (the protocol asks
again for what it missed, engine.table.peer). A seat that drops may be
taken again by the same line, so a lost link or a restarted device comes
back to its room; a room with nobody in it for ``IDLE_S`` is closed.
The server sees only what the protocol sends: the decks encrypted by both
sides, each card's layers, the cards played, and after each deal the keys
(docs/friend-play.md); never a hidden card before it is played or shown.
A line that is not a greeting, a code in use, a full room or too many
rooms is refused with a reason.

A browser page comes on the same port by a WebSocket (an HTTP ``GET`` with
``Upgrade: websocket``, tools/table_ws.py): its first message is the same
greeting, answered by a text message ``OK CODE`` (then ``PEER 1`` or
``PEER 0``: whether the other seat is there, said again each time it comes
or goes) or ``NO reason`` and a close; then each binary message it sends is
relayed as bytes, and what the other seat sends comes to it as binary
messages. So a page and a TCP device (the simulator, a Pico W) share a room.
A request that is not an upgrade is answered 400 in words; a frame the RFC
does not allow, a text message after the greeting or a message over
``MESSAGE_LIMIT`` bytes closes that page's link with the close code and the
reason, and nothing else. Imports tools/table_ws.py (bootstrap, run as a
command, for the tools' .venv).
"""

import argparse
import asyncio
import os
import sys
import time

import table_ws

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I, no O: read aloud, typed on a d-pad
CODE_LENGTH = 4
MAX_ROOMS = 1000
IDLE_S = 600
GREETING_S = 10
CHUNK = 4096
MESSAGE_LIMIT = 16384  # a page's message: a frame of the protocol is at most about 2 KB


class Room:
    def __init__(self, code):
        self.code = code
        self.seats = [None, None]  # the writers
        self.empty_since = time.monotonic()


class Server:
    def __init__(self):
        self.rooms = {}

    def _new_code(self):
        while True:
            code = "".join([CODE_LETTERS[b % len(CODE_LETTERS)] for b in os.urandom(CODE_LENGTH)])
            if code not in self.rooms:
                return code

    def _sweep(self):
        now = time.monotonic()
        for code in list(self.rooms):
            room = self.rooms[code]
            if room.seats == [None, None] and now - room.empty_since > IDLE_S:
                del self.rooms[code]

    def seat(self, words):
        """(room, seat) for a greeting's words, or a refusal (str)."""
        if len(words) != 4 or words[0] != "TABLE" or words[1] != "1":
            return "not a table greeting"
        kind, code = words[2], words[3].upper()
        self._sweep()
        if kind == "OPEN":
            if code == "?":
                code = self._new_code()
            if len(code) != CODE_LENGTH or any([c not in CODE_LETTERS for c in code]):
                return "a room code is %d letters of %s" % (CODE_LENGTH, CODE_LETTERS)
            room = self.rooms.get(code)
            if room is None:
                if len(self.rooms) >= MAX_ROOMS:
                    return "too many rooms open"
                room = self.rooms[code] = Room(code)
            seat = 0
        elif kind == "JOIN":
            room = self.rooms.get(code)
            if room is None:
                return "no room %s" % code[:8]
            seat = 1
        else:
            return "OPEN or JOIN"
        if room.seats[seat] is not None:
            return "that seat of room %s is taken" % code
        return room, seat

    async def client(self, reader, writer):
        try:
            line = await asyncio.wait_for(reader.readline(), GREETING_S)
        except (asyncio.TimeoutError, ValueError, OSError, asyncio.IncompleteReadError):
            await _close(writer)
            return
        if line.startswith(b"GET "):
            await self.websocket(line, reader, writer)
            return
        got = self.seat(line[:80].decode("ascii", "replace").split())
        if isinstance(got, str):
            writer.write(("NO %s\n" % got).encode())
            await _close(writer)
            return
        room, seat = got
        me = TcpSeat(writer)
        await self._sit(room, seat, me)
        writer.write(("OK %s\n" % room.code).encode())
        try:
            while True:
                data = await reader.read(CHUNK)
                if not data:
                    break
                await self._relay(room, seat, data)
        except OSError:
            pass
        finally:
            await self._leave(room, seat, me)
            await _close(writer)

    async def websocket(self, line, reader, writer):
        # a page: the handshake, then the greeting as the first message, then
        # binary messages relayed; what the other seat sends comes as binary
        # messages, and text ones say whether the other seat is there
        try:
            head = line + await asyncio.wait_for(_head(reader), GREETING_S)
            writer.write(table_ws.handshake(head))
        except (asyncio.TimeoutError, ValueError, OSError, asyncio.IncompleteReadError):
            await _close(writer)
            return
        except table_ws.Refused as e:
            writer.write(table_ws.refusal(e.code, e.reason))
            await _close(writer)
            return
        me = WsSeat(writer)
        messages = table_ws.Messages(reader, MESSAGE_LIMIT)
        room = seat = None
        try:
            kind, data = await asyncio.wait_for(messages.next(), GREETING_S)
            if kind not in (table_ws.TEXT, table_ws.BINARY):
                raise table_ws.Refused(table_ws.POLICY, "the greeting comes first")
            got = self.seat(data[:80].decode("ascii", "replace").split())
            if isinstance(got, str):
                await me.notice("NO " + got)
                raise table_ws.Refused(table_ws.POLICY, got)
            room, seat = got
            await self._sit(room, seat, me)
            await me.notice("OK " + room.code)
            await me.notice("PEER %d" % (room.seats[1 - seat] is not None))
            while True:
                kind, data = await messages.next()
                if kind == table_ws.BINARY:
                    await self._relay(room, seat, data)
                elif kind == table_ws.PING:
                    await me.send(data, table_ws.PONG)
                elif kind == table_ws.CLOSE:
                    await me.send(table_ws.close_payload(table_ws.NORMAL), table_ws.CLOSE)
                    break
                elif kind == table_ws.TEXT:
                    raise table_ws.Refused(
                        table_ws.UNSUPPORTED, "after the greeting, binary messages only"
                    )
        except table_ws.Refused as e:
            try:
                await me.send(table_ws.close_payload(e.code, e.reason), table_ws.CLOSE)
            except OSError:
                pass
        except (asyncio.TimeoutError, OSError, asyncio.IncompleteReadError):
            pass
        finally:
            if room is not None:
                await self._leave(room, seat, me)
            await _close(writer)

    async def _sit(self, room, seat, me):
        room.seats[seat] = me
        other = room.seats[1 - seat]
        if other is not None:
            await other.notice("PEER 1")

    async def _relay(self, room, seat, data):
        other = room.seats[1 - seat]
        if other is not None:
            try:
                await other.send(data)
            except OSError:
                pass  # the other seat's own loop sees its link is gone

    async def _leave(self, room, seat, me):
        if room.seats[seat] is not me:
            return
        room.seats[seat] = None
        if room.seats == [None, None]:
            room.empty_since = time.monotonic()
        else:
            try:
                await room.seats[1 - seat].notice("PEER 0")
            except OSError:
                pass


class TcpSeat:
    """A seat over TCP: the bytes as they are, no word of the other seat."""

    def __init__(self, writer):
        self.writer = writer

    async def send(self, data):
        self.writer.write(data)
        await self.writer.drain()

    async def notice(self, text):
        pass


class WsSeat:
    """A seat over a WebSocket: the other's bytes as binary messages, the
    server's words (OK, NO, PEER 0 or 1) as text ones."""

    def __init__(self, writer):
        self.writer = writer
        self.lock = asyncio.Lock()  # the seat's own loop and the other's write to it

    async def send(self, data, opcode=table_ws.BINARY):
        async with self.lock:
            self.writer.write(table_ws.frame(opcode, data))
            await self.writer.drain()

    async def notice(self, text):
        await self.send(text.encode(), table_ws.TEXT)


async def _head(reader):
    # the request's header lines after its first, up to the blank line
    head = b""
    while True:
        ln = await reader.readline()
        if not ln:
            raise asyncio.IncompleteReadError(head, None)
        head += ln
        if ln in (b"\r\n", b"\n") or len(head) > table_ws.HEAD_LIMIT:
            return head  # handshake() refuses one too long in words


async def _close(writer):
    try:
        writer.close()
        await writer.wait_closed()
    except OSError:
        pass


async def serve(bind, port, ready=None):
    server = Server()
    listener = await asyncio.start_server(server.client, bind, port)
    if ready is not None:
        ready(listener.sockets[0].getsockname()[1])
    async with listener:
        await listener.serve_forever()


def main(argv=None):
    p = argparse.ArgumentParser(prog="table_server.py", description="Rooms for two players.")
    p.add_argument("--port", type=int, default=7312, help="0: any free port, printed")
    p.add_argument("--bind", default="127.0.0.1")
    args = p.parse_args(argv)

    def ready(port):
        print("table server on %s:%d" % (args.bind, port), flush=True)

    try:
        asyncio.run(serve(args.bind, args.port, ready))
    except KeyboardInterrupt:
        return 0
    except OSError as e:
        print("table_server.py: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
