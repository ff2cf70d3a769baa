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
rooms is refused with a reason. Imports nothing of the project (bootstrap,
run as a command, for the tools' .venv).
"""

import argparse
import asyncio
import os
import sys
import time

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"  # no I, no O: read aloud, typed on a d-pad
CODE_LENGTH = 4
MAX_ROOMS = 1000
IDLE_S = 600
GREETING_S = 10
CHUNK = 4096


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
        except (asyncio.TimeoutError, ValueError, OSError):
            writer.close()
            return
        got = self.seat(line[:80].decode("ascii", "replace").split())
        if isinstance(got, str):
            writer.write(("NO %s\n" % got).encode())
            await _close(writer)
            return
        room, seat = got
        room.seats[seat] = writer
        writer.write(("OK %s\n" % room.code).encode())
        try:
            while True:
                data = await reader.read(CHUNK)
                if not data:
                    break
                other = room.seats[1 - seat]
                if other is not None:
                    other.write(data)
                    await other.drain()
        except OSError:
            pass
        finally:
            if room.seats[seat] is writer:
                room.seats[seat] = None
            if room.seats == [None, None]:
                room.empty_since = time.monotonic()
            await _close(writer)


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
