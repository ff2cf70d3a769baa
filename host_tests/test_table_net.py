"""firmware/table_net.py (the network link a Pico W would use) through the
table server (tools/table_server.py, run here in a thread): two sides on
CPython play a match to the same clean log; one side running on the
MicroPython unix port (the device's interpreter, its own socket module)
plays a match against a CPython side; the server refusing a room is said
(``refused``) and the link stays down. CPython only (threads, subprocess)."""

import os
import socket
import subprocess
import time

from engine.players import RandomPlayer
from firmware.table_net import NetLink
from tablerig import check_log, decide, table
from unixport import micropython
from wsclient import serve as _server

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _play(links, peers, players, seconds=60):
    end = time.monotonic() + seconds
    now = 0
    while not all([p.over for p in peers]) and time.monotonic() < end:
        now += 20
        moved = False
        for link in links:
            moved = link.poll(now) or moved
        for p in peers:
            if p.waiting():
                p.act(decide(p, players[p.seat]))
                moved = True
        if not moved:
            time.sleep(0.002)


def test_two_sides_through_the_server():
    port = _server()
    a, b, _ = table(21, games=3)
    links = (
        NetLink(a, "127.0.0.1", port, "ABCD", True, socket),
        NetLink(b, "127.0.0.1", port, "ABCD", False, socket),
    )
    _play(links, (a, b), (RandomPlayer(1), RandomPlayer(2)))
    for link in links:
        link.close()
    assert a.over and b.over
    check_log(a, b, refusals=True)


MP_SIDE = """
import socket, sys, time
sys.path.insert(0, ".")
from engine.players import RandomPlayer
from engine.table.peer import Peer
from firmware.table_net import NetLink
peer = Peer(1, b"micropython side")
link = NetLink(peer, "127.0.0.1", %d, "MPYX", False, socket)
me = RandomPlayer(5)
now = 0
t0 = time.time()
while not peer.over and not peer.broken and time.time() - t0 < 100:
    now += 20
    link.poll(now)
    if peer.waiting():
        v = peer.game.view(1)
        peer.act(me.discard(v) if v.phase == "discard" else me.play(v))
for _ in range(20):
    link.poll(now + 20000)
print("over" if peer.over else "not over: %%r" %% (peer.broken,))
print("\\n".join(peer.log))
"""


def test_a_micropython_side_plays_a_cpython_side():
    port = _server()
    a, _, _ = table(22)
    link = NetLink(a, "127.0.0.1", port, "MPYX", True, socket)
    now = 0
    for _ in range(200):  # the room open before the other side joins
        now += 20
        link.poll(now)
        if link.connected:
            break
    proc = subprocess.Popen(
        [micropython(), "-c", MP_SIDE % port],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    me = RandomPlayer(4)
    end = time.monotonic() + 100
    while not a.over and time.monotonic() < end:
        now += 20
        moved = link.poll(now)
        if a.waiting():
            a.act(decide(a, me))
            moved = True
        if not moved:
            time.sleep(0.002)
    for _ in range(20):
        link.poll(now)
        time.sleep(0.01)
    out, _ = proc.communicate(timeout=60)
    link.close()
    assert a.over, out[-2000:]
    lines = out.strip().split("\n")
    assert lines[0] == "over", out[-2000:]
    assert lines[1:] == list(a.log)


def test_a_refused_room_is_said():
    port = _server()
    a, _, _ = table(23)
    link = NetLink(a, "127.0.0.1", port, "NONE", False, socket)  # no such room to join
    link.poll(0)
    assert not link.connected and link.refused == "no room NONE"


def test_two_devices_play_through_the_server_by_their_table_txt():
    from apprig import new_app
    from engine import logcheck
    from engine.logread import text_lines
    from firmware.hal import A, DOWN, UP
    from firmware.hw import host
    from firmware.screens.friend_table import FriendTable

    port = _server()
    drivers = []
    for n in (0, 1):
        storage = host.DictStorage({"table.txt": b"127.0.0.1:%d KQWX" % port})
        d = new_app(storage)
        d.hw.table_prime = "t31"
        d.tap(UP)  # the menu's last entry: Play a friend
        d.tap(A)
        if n:
            d.tap(DOWN)
        d.tap(A)
        assert isinstance(d.app.top(), FriendTable)
        drivers.append(d)
    tables = [d.app.top() for d in drivers]
    end = time.monotonic() + 60
    while not all([t.peer.over for t in tables]) and time.monotonic() < end:
        for d in drivers:
            d.tap(A)
    for d in drivers:
        d.tick(3)
    for t in tables:
        t.link.close()
    logs = [d.hw.storage.read("friend.log") for d in drivers]
    assert logs[0] and logs[0] == logs[1]
    assert len(list(logcheck.replay_lines(text_lines(logs[0].decode())))) == 1


def test_a_side_that_drops_from_the_server_comes_back():
    port = _server()
    a, b, _ = table(24, games=3)
    links = (
        NetLink(a, "127.0.0.1", port, "DRPX", True, socket),
        NetLink(b, "127.0.0.1", port, "DRPX", False, socket),
    )
    players = (RandomPlayer(1), RandomPlayer(2))
    now = 0
    drops = 0
    last = 0
    end = time.monotonic() + 60
    while not (a.over and b.over) and time.monotonic() < end:
        now += 20
        for link in links:
            link.poll(now)
        for p in (a, b):
            if p.waiting():
                p.act(decide(p, players[p.seat]))
                if p is b and now > last + 3000 and drops < 6:
                    # B's Wi-Fi goes as it decides: its message is lost, and
                    # the link comes back only after a retry's wait
                    links[1]._drop()
                    links[1].tried = now
                    last = now
                    drops += 1
        time.sleep(0.001)
    for link in links:
        link.close()
    assert drops == 6 and a.over and b.over
    check_log(a, b, refusals=True)
