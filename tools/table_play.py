"""Play a friend's table from the command line, headless: one side of a
match (engine.table.peer) over TCP (tools/table_link.py) or through the
table server (tools/table_server.py), its decisions made by a built-in
player, so scripts and tests can drive both sides.

    python3 tools/table_play.py --host PORT [--games N]   (PORT 0: any, printed) [--target 121|61]
                                [--variant six|five] [--deals N] [--prime p256|t31]
    python3 tools/table_play.py --join HOST:PORT
    python3 tools/table_play.py --server HOST:PORT --room CODE [settings if opening]
      [--open]  (opens the room as seat 0; without it, joins the room)
      [--player random|easy|medium|hard] [--seed N] [--log PATH] [--timeout S]

``--seed`` makes the side's secret from a number (tests: the same two
seeds, the same match); without it the secret is ``os.urandom``. The
prime t31 is for tests only: it hides nothing. At the end it prints the
result and writes the match's log (docs/gamelog.md) to ``--log``; exit
status 0 for a match played out, 1 for one broken off (the other side's
deal did not check out, or the time ran out), 2 for bad arguments.
Imports engine.players, engine.table.peer, engine.table.settings and
table_link.
"""

import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine.players import make  # noqa: E402
from engine.table.peer import Peer  # noqa: E402
from engine.table.settings import Settings  # noqa: E402
from table_link import RoomLink, TcpLink, address, room_code  # noqa: E402


def _decide(peer, player):
    v = peer.game.view(peer.seat)
    return player.discard(v) if v.phase == "discard" else player.play(v)


def main(argv=None):
    p = argparse.ArgumentParser(prog="table_play.py", description="One side of a table, headless.")
    side = p.add_mutually_exclusive_group(required=True)
    side.add_argument("--host", type=int, metavar="PORT", help="open a table on 127.0.0.1:PORT")
    side.add_argument("--join", metavar="HOST:PORT", help="join the table there")
    side.add_argument("--server", metavar="HOST:PORT", help="through the table server there")
    p.add_argument("--room", help="the server's room code")
    p.add_argument("--open", action="store_true", help="open the room (seat 0)")
    p.add_argument("--bind", default="127.0.0.1", help="the address --host listens on")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--target", type=int, choices=(61, 121))
    p.add_argument("--variant", choices=("six", "five"), default="six")
    p.add_argument("--deals", type=int, default=0)
    p.add_argument("--prime", choices=("p256", "t31"), default="p256")
    p.add_argument("--player", default="medium")
    p.add_argument("--seed", type=int)
    p.add_argument("--log", metavar="PATH")
    p.add_argument("--timeout", type=float, default=300.0)
    args = p.parse_args(argv)
    try:
        player = make(args.player, args.seed or 1)
        opening = args.host is not None or (args.server and args.open)
        settings = None
        if opening:
            settings = Settings(args.games, args.target, args.variant, args.deals, args.prime)
        if args.server and not args.room:
            raise ValueError("--server needs --room CODE")
        where = address(args.join or args.server) if (args.join or args.server) else None
        room = room_code(args.room) if args.server else None
    except ValueError as e:
        print("table_play.py: %s" % e, file=sys.stderr)
        return 2
    secret = b"seed %d" % args.seed if args.seed is not None else os.urandom(32)
    peer = Peer(0 if opening else 1, secret, settings)
    if args.host is not None:
        link = TcpLink(peer, args.bind, args.host, listen=True)
        print("listening on %s:%d" % (args.bind, link.port), flush=True)
    elif args.join:
        link = TcpLink(peer, where[0], where[1])
    else:
        link = RoomLink(peer, where[0], where[1], room, args.open)
    end = time.monotonic() + args.timeout
    said = 0
    try:
        while not peer.over and not peer.broken and time.monotonic() < end:
            moved = link.poll()
            if peer.waiting():
                peer.act(_decide(peer, player))
                moved = True
            for note in peer.notes[said:]:
                print("note: %s" % note)
            said = len(peer.notes)
            for ev in link.events:
                print("link %s" % ev)
            link.events = []
            if not moved:
                time.sleep(0.005)
        for _ in range(50):  # the last messages out
            link.poll()
            time.sleep(0.01)
    finally:
        link.close()
    if args.log:
        with open(args.log, "w") as f:
            f.write("\n".join(peer.log) + "\n")
    if peer.over:
        print("match over: A %d B %d" % (peer.wins[0], peer.wins[1]))
        return 0
    print("match broken off: %s" % (peer.broken or "out of time"))
    return 1


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
