"""The half of tools/bench_table.py that runs on the target (the MicroPython
unix port or a Pico): one deal's cryptography for both seats, step by step
(engine.table.deal), then whole deals through the protocol
(engine.table.peer, both seats in this one process), each seat's time
apart, and the most live heap of both sides after a collection (``micropython
table_bench_dev.py [PRIME [DEALS]]``). Prints ``name ms`` lines. Imports engine.players,
engine.table.deal, engine.table.peer, engine.table.settings.
"""

import gc
import sys
import time

from engine.players import RandomPlayer
from engine.table.deal import Deal
from engine.table.peer import Peer
from engine.table.settings import Settings


def _now():
    return time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1e6)


def _ms(t0):
    d = _now() - t0
    return d / 1000


def steps(prime):
    s = Settings(prime=prime)
    a = Deal(0, b"host", 0, 1, s.p, 0, False)
    b = Deal(1, b"guest", 0, 1, s.p, 0, False)
    t = _now()
    first = a.shuffled_first()
    print("seat 0 encrypts and shuffles 52 %.1f" % _ms(t))
    t = _now()
    deck = b.shuffled_second(first)
    print("seat 1 encrypts and shuffles 52 %.1f" % _ms(t))
    a.deck = deck
    t = _now()
    pa = a.make_partials()
    print("a side's partials of 6 cards %.1f" % _ms(t))
    pb = b.make_partials()
    t = _now()
    a.take_partials(pb)
    print("a side decrypts its 6 cards %.1f" % _ms(t))
    b.take_partials(pa)
    t = _now()
    sa = a.make_starter()
    sb = b.make_starter()
    a.take_starter(sb)
    b.take_starter(sa)
    print("the starter, both sides %.1f" % _ms(t))
    t = _now()
    b.check(a.e, a.d, (0, 0), a.nonce)
    print("seat 1 checks seat 0's reveal %.1f" % _ms(t))
    t = _now()
    a.check(b.e, b.d, (0, 0), b.nonce)
    print("seat 0 checks seat 1's reveal %.1f" % _ms(t))


def deals(prime, count):
    s = Settings(prime=prime)
    sides = (Peer(0, b"host", s), Peer(1, b"guest"))
    players = (RandomPlayer(1), RandomPlayer(2))
    spent = [0, 0]
    worst = [0, 0]
    gc.collect()
    base = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    high = base
    while sides[0].game is None or sides[0].game.deal_number <= count:
        moved = False
        for i in (0, 1):
            out = sides[i].take_out()
            for frame in out:
                t = _now()
                sides[1 - i].feed(frame)
                d = _now() - t
                spent[1 - i] += d
                worst[1 - i] = max(worst[1 - i], d)
                moved = True
            peer = sides[i]
            if peer.waiting():
                v = peer.game.view(i)
                t = _now()
                peer.act(players[i].discard(v) if v.phase == "discard" else players[i].play(v))
                d = _now() - t
                spent[i] += d
                worst[i] = max(worst[i], d)
                moved = True
        if base:  # the live heap: both sides' state, after a collection
            gc.collect()
            high = max(high, gc.mem_alloc())
        if not moved or sides[0].over:
            break
    n = sides[0].game.deal_number - 1 or 1
    for i in (0, 1):
        print("seat %d per deal %.1f" % (i, spent[i] / 1000 / n))
        print("seat %d slowest message or decision %.1f" % (i, worst[i] / 1000))
    if base:
        print("live heap of both sides at most %d bytes" % (high - base))


if __name__ == "__main__":
    prime = sys.argv[1] if len(sys.argv) > 1 else "p256"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    steps(prime)
    deals(prime, count)
