"""The half of tools/bench_table.py that runs on the target (the MicroPython
unix port or a Pico). ``steps(prime)``: one deal's cryptography for both
seats, step by step (engine.table.deal). ``deals(prime, count)``: whole
deals through the protocol (engine.table.peer, both seats in this one
process, their work done at once), each seat's time apart, and the most
live heap of both sides after a collection. ``game(path, heap)``: the app
itself (firmware.boot, the pico board, the host backend's storage) boots
into "Play a friend" from the mode record tools/bench_table.py wrote, as
the device's restart into the mode does (a heap of its own), and plays a
whole match by pressing A, as seat A, the deal's work a step a frame as
the screen does it; the other side is ``ReplayLink``, its messages
recorded on the host (tools/bench_table.py) and given as this side's own
messages are sent. With ``heap`` 0 it gives
the frames' times (median, slowest, over 100 ms), the side's work per deal
and its slowest step; with ``heap`` 1 a collection before every frame and
the app's most live heap; ``stop`` N ends it when the match's deal N+1
begins. Prints ``name value`` lines. Imports gc, sys,
time at the top; the engine and the app when a part runs.

    micropython table_bench_dev.py [PRIME [DEALS]]
"""

import gc
import sys
import time


def _now():
    return time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1e6)


def _since(t0):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(_now(), t0)
    return _now() - t0


def _ms(t0):
    return _since(t0) / 1000


def _done(gen):
    # a deal's step (a generator) run to its end: what it gives
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            return stop.value


def steps(prime):
    from engine.table.deal import Deal
    from engine.table.settings import Settings

    s = Settings(prime=prime)
    a = Deal(0, b"host", 0, 1, s.p, 0, False)
    b = Deal(1, b"guest", 0, 1, s.p, 0, False)
    t = _now()
    first = _done(a.shuffled_first())
    print("seat 0 encrypts and shuffles 52 %.1f" % _ms(t))
    t = _now()
    deck = _done(b.shuffled_second(first))
    print("seat 1 encrypts and shuffles 52 %.1f" % _ms(t))
    a.deck = deck
    t = _now()
    pa = _done(a.make_partials())
    print("a side's partials of 6 cards %.1f" % _ms(t))
    pb = _done(b.make_partials())
    t = _now()
    _done(a.take_partials(pb))
    print("a side decrypts its 6 cards %.1f" % _ms(t))
    _done(b.take_partials(pa))
    t = _now()
    sa = _done(a.make_starter())
    sb = _done(b.make_starter())
    _done(a.take_starter(sb))
    _done(b.take_starter(sa))
    print("the starter, both sides %.1f" % _ms(t))
    t = _now()
    _done(b.check(a.e, a.d, (0, 0), a.nonce))
    print("seat 1 checks seat 0's reveal %.1f" % _ms(t))
    t = _now()
    _done(a.check(b.e, b.d, (0, 0), b.nonce))
    print("seat 0 checks seat 1's reveal %.1f" % _ms(t))


def deals(prime, count):
    from engine.players import RandomPlayer
    from engine.table.peer import Peer
    from engine.table.settings import Settings

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
                d = _since(t)
                spent[1 - i] += d
                worst[1 - i] = max(worst[1 - i], d)
                moved = True
            peer = sides[i]
            if peer.waiting():
                v = peer.game.view(i)
                t = _now()
                peer.act(players[i].discard(v) if v.phase == "discard" else players[i].play(v))
                d = _since(t)
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


class ReplayLink:
    """The other side, replayed from ``path``: records of a count (2 bytes)
    and a message (2 bytes of length, the bytes), each message given to this
    side once it has sent that many numbered messages of its own."""

    def __init__(self, peer, path):
        self.peer = peer
        self.file = open(path, "rb")
        self.sent = 0
        self.connected = True
        self.next = self._read()

    def _read(self):
        head = self.file.read(4)
        if len(head) < 4:
            return None
        return head[0] << 8 | head[1], self.file.read(head[2] << 8 | head[3])

    def poll(self, now):
        moved = False
        for frame in self.peer.take_out():
            if frame[3] or frame[4]:  # numbered (E and Q are 0)
                self.sent += 1
            moved = True
        while self.next is not None and self.next[0] <= self.sent:
            self.peer.feed(self.next[1])
            self.next = self._read()
            moved = True
        return moved


def game(path, heap=0, stop=0, limit=200000):
    import os

    folder = "tbdfs%d" % heap  # each run its own: no save of another to resume
    try:
        os.mkdir(folder)
    except OSError:
        pass
    import devbench  # the device's hardware, scripted buttons (tools/bench/devbench.py)

    gc.collect()
    base = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    from firmware import boot
    from firmware.hal import A

    board = boot.load_board("pico")
    rig = devbench.Rig(board, folder)
    # the friend mode from its record (tools/bench_table.py wrote it with the
    # settings), as the device's restart into it opens it: on a heap of its own
    app = boot.build(hw=rig, board=board, resume=True)
    from firmware import main

    main._forget_boot()  # as firmware.main does once the app is built
    hw = app.hw
    hw.table_secret = b"bench A"
    hw.table_link = lambda peer: ReplayLink(peer, path)
    st = {"t": 0, "frames": 0, "live": 0, "live_at": "", "worst": 0, "worst_at": "", "over": 0}
    hist = [0] * 101  # frames by whole ms, 100 and over in the last

    def frame(raw):
        nonlocal app
        rig.bits = raw
        rig.ms = st["t"]
        if heap:
            gc.collect()
            live = gc.mem_alloc() - base
            if live > st["live"]:
                st["live"] = live
                st["live_at"] = _label(app)
        t0 = _now()
        app.tick(st["t"])
        us = _since(t0)
        if app.next is not None:  # it ended naming the next mode: the next app
            from firmware import main

            app = main.again(app)
        if not heap:
            hist[min(us // 1000, 100)] += 1
            if us > st["worst"]:
                st["worst"] = us
                st["worst_at"] = _label(app)
            if us > 100000:
                st["over"] += 1
        st["t"] += 20
        st["frames"] += 1

    def press(bit):
        frame(bit)
        frame(bit)
        frame(0)
        frame(0)

    frame(0)
    for _ in range(100):  # the mode's code, a module a frame
        if type(app.top()).__name__ == "FriendMenu":
            break
        frame(0)
    press(A)  # "Open a table": seat A
    table = app.top()
    for _ in range(100):  # it opens a step a frame: the code still to load, the side, the link
        if table.link is not None:
            break
        frame(0)
    work = [0, 0]  # the side's work: all of it, its slowest step (us)
    peer_work = table.peer.work

    def timed():
        t0 = _now()
        did = peer_work()
        us = _since(t0)
        work[0] += us
        work[1] = max(work[1], us)
        return did

    table.peer.work = timed
    peer = table.peer
    while st["frames"] < limit and not peer.over and not peer.broken:
        if stop and peer.game is not None and peer.game.deal_number > stop:
            break  # ``stop`` deals played out: the next one's first frames
        if peer.waiting():
            frame(A)
            frame(A)
            frame(0)
            frame(0)
        else:
            frame(0)
    frame(0)
    from engine.crc import crc16

    deals = peer.game.deal_number if peer.game else 0
    print("match over %d broken %r notes %d" % (peer.over, peer.broken, len(peer.notes)))
    crc = 0xFFFF  # the log's lines joined by newlines, a piece at a time: no copy on the heap
    for piece in peer.log.pieces(max(peer.log.size() - 1, 0)):
        crc = crc16(piece, crc)
    print("log crc %d" % crc)
    print("deals %d frames %d%s" % (deals, st["frames"], " (stopped)" if not peer.over else ""))
    if heap:
        print("app peak live heap %d bytes at %s" % (st["live"], st["live_at"]))
        return
    half = 0
    for ms in range(101):
        half += hist[ms]
        if 2 * half >= st["frames"] - 1:
            break
    print("frame median %d-%d ms" % (ms, ms + 1))
    print("slowest frame %.1f ms at %s" % (st["worst"] / 1000, st["worst_at"]))
    print("frames over 100 ms %d" % st["over"])
    print("side's work per deal %.1f ms" % (work[0] / 1000 / (deals or 1)))
    print("side's slowest step of work %.1f ms" % (work[1] / 1000))


def _label(app):
    top = app.top()
    status = getattr(top, "_status", None)
    name = type(top).__name__
    if status is None or getattr(top, "peer", None) is None:
        return name
    return "%s %s" % (name, status())


if __name__ == "__main__":
    prime = sys.argv[1] if len(sys.argv) > 1 else "p256"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    steps(prime)
    deals(prime, count)
