"""The web page's table link (firmware/hw/web_table.py, wired to the app by
firmware/web_friend.py) over the table
server's WebSocket front (tools/table_server.py): the greeting of each seat,
the room the server gives, "connected" only while both seats are there (a
page closed pauses both sides), asking again when the other comes back, no
room code said in words; a page's side and a TCP device (tools/table_link.py's
RoomLink, the simulator's) play a whole match in one room to the same clean
log, and so do a page's side and a Pico W's (firmware/table_net.py); two page
sides play on through the page's link dropped mid-match and coming back.
Opening the page by a table's link opens that table at once, resuming the
side saved for that seat; a new table from the menu asks for a code, a
resumed one goes back to the room the page last sat in. CPython only (a
thread, sockets)."""

import socket
import time

from engine.players import RandomPlayer
from engine.table.frame import Reader
from engine.table.resume import save
from firmware import web_friend, web_runner
from firmware.hw import web, web_table
from firmware.hw.web_table import PageLink
from firmware.table_net import NetLink
from tablerig import check_log, decide, table
from wsclient import PageSocket, serve

import table_link  # noqa: E402  (tools/, on the path by wsclient)


class FakeSock:
    """The page's WebSocket as web/table.js gives it, scripted."""

    def __init__(self):
        self.st = 2
        self.texts = []
        self.sent = []
        self.inbox = []
        self.connects = 0

    def connect(self):
        self.connects += 1
        self.st = 1

    def state(self):
        return self.st

    def send_text(self, s):
        self.texts.append(s)

    def send_hex(self, h):
        self.sent.append(bytes.fromhex(h))

    def take(self):
        return self.inbox.pop(0) if self.inbox else ""

    def say(self, text):
        self.said = text


def test_the_link_greets_its_seat_and_pauses_while_the_other_is_away():
    a, b, _ = table(1)
    sock = FakeSock()
    link = PageLink(a, sock, None, True)
    link.poll(0)
    assert sock.connects == 1 and not link.connected
    link.poll(20)
    assert sock.texts == ["TABLE 1 OPEN ?"]
    sock.inbox += ["t:OK QRST", "t:PEER 0"]
    link.poll(40)
    assert link.room == "QRST" and link.seated and not link.connected
    assert sock.sent == []  # nobody to send to: what the side sends is asked again
    sock.inbox.append("t:PEER 1")
    link.poll(60)
    assert link.connected
    kinds = [k for _, k, _ in Reader().feed(b"".join(sock.sent))]
    assert b"Q" in kinds  # the other came: ask for what was missed
    sock.st = 2  # the page's link lost
    link.poll(80)
    assert not link.connected and sock.connects == 1
    link.poll(80 + web_table.RETRY_MS)
    assert sock.connects == 2
    link.poll(100 + web_table.RETRY_MS)
    assert sock.texts[-1] == "TABLE 1 OPEN QRST"  # the same room again


def test_joining_with_no_room_says_so_and_never_connects():
    a, b, _ = table(2)
    sock = FakeSock()
    link = PageLink(b, sock, None, False)
    link.poll(0)
    link.poll(5000)
    assert sock.connects == 0 and "no room code" in link.refused
    assert sock.said == link.refused  # said on the page
    sock2 = FakeSock()
    link = PageLink(b, sock2, "QRST", False)
    link.poll(0)
    link.poll(20)
    assert sock2.texts == ["TABLE 1 JOIN QRST"]
    sock2.inbox.append("t:NO no room QRST")
    sock2.inbox.append("b:zz")  # not hex: never fed
    link.poll(40)
    assert link.refused == "no room QRST" and not link.connected and not b.notes


def _play(polls, peers, players, seconds=90, drop=None):
    end = time.monotonic() + seconds
    now = 0
    while not all([p.over for p in peers]) and time.monotonic() < end:
        now += 20
        moved = False
        for poll in polls:
            moved = poll(now) or moved
        for p in peers:
            if p.waiting():
                p.act(decide(p, players[p.seat]))
                moved = True
                if drop is not None:
                    drop(p, now)
        if not moved:
            time.sleep(0.002)
    return now


def _page_room(port, a):
    page = PageLink(a, PageSocket(port), None, True)
    page.poll(0)
    page.poll(20)
    for _ in range(200):
        page.poll(40)
        if page.room:
            break
        time.sleep(0.005)
    assert page.room and len(page.room) == 4
    return page


def _page_and_device(seed, device, players, own_clock):
    # a page's side opens a room, the link ``device(peer, port, room)`` joins
    # it (on its own clock, or the page's simulated one): one match
    port = serve()
    a, b, _ = table(seed, games=3)
    page = _page_room(port, a)
    other = device(b, port, page.room)
    _play((page.poll, (lambda now: other.poll()) if own_clock else other.poll), (a, b), players)
    other.close()
    page.sock.drop()
    assert a.over and b.over, (a.notes, b.notes)
    check_log(a, b, refusals=True)


def test_a_page_and_the_simulators_tcp_link_play_a_match_in_one_room():
    def device(peer, port, room):
        return table_link.RoomLink(peer, "127.0.0.1", port, room, False)

    _page_and_device(31, device, (RandomPlayer(1), RandomPlayer(2)), True)


def test_a_page_and_a_pico_w_link_play_a_match_in_one_room():
    # firmware/table_net.py, what a Pico W links by (table.txt)
    def device(peer, port, room):
        return NetLink(peer, "127.0.0.1", port, room, False, socket)

    _page_and_device(33, device, (RandomPlayer(5), RandomPlayer(6)), False)


def test_two_pages_play_on_through_dropped_links():
    port = serve()
    a, b, _ = table(32, games=3)
    socks = (PageSocket(port), PageSocket(port))
    links = (PageLink(a, socks[0], "WXYZ", True), PageLink(b, socks[1], "WXYZ", False))
    seen = {"drops": 0, "last": 0, "paused": 0}

    def drop(p, now):
        # B's page closes as it decides (its message is lost) and comes back
        # after a retry's wait: A pauses meanwhile
        if p is b and now > seen["last"] + 3000 and seen["drops"] < 4:
            socks[1].drop()
            seen["drops"] += 1
            seen["last"] = now

    def poll_a(now):
        moved = links[0].poll(now)
        if seen["drops"] and not links[0].connected:
            seen["paused"] += 1
        return moved

    _play((poll_a, links[1].poll), (a, b), (RandomPlayer(3), RandomPlayer(4)), drop=drop)
    for s in socks:
        s.drop()
    assert seen["drops"] == 4 and seen["paused"] > 0  # A saw B go
    assert a.over and b.over, (a.notes, b.notes)
    assert socks[1].connects >= 5
    check_log(a, b, refusals=True)


def _opened_by_link(saved, room, seat):
    # a page opened by a table's link (?room=ROOM, &seat=a), ``saved`` the
    # side its storage holds
    runner = web_runner.start(web.MemoryKV(), "pico")
    runner.hw.storage.write("friend.tbl", save(saved))
    sock = FakeSock()
    web_friend.wire(runner, sock, room, seat, "")
    runner.step(0, 0)
    t = 20
    while getattr(runner.app.top(), "link", None) is None and t < 400:
        runner.step(0, t)  # the table opens a step a frame (a new side: made, saved, linked)
        t += 20
    runner.step(0, t)  # the link connects
    runner.step(0, t + 20)  # and says which table
    return runner.app, sock


def test_the_page_opened_by_a_link_opens_that_table():
    a, b, _ = table(3)
    app, sock = _opened_by_link(b, "qrst", "")
    top = app.top()
    assert type(top).__name__ == "FriendTable" and app.mode == "friend"
    assert top.peer.seat == 1 and top.peer.secret == b.secret  # the saved side
    assert isinstance(top.link, PageLink) and top.link.room == "QRST"
    assert sock.texts == ["TABLE 1 JOIN QRST"]
    # the side that opened, reloaded: seat A of the same room; a save of the
    # other seat is not resumed
    app, sock = _opened_by_link(b, "QRST", "a")
    top = app.top()
    assert top.peer.seat == 0 and top.peer.secret != b.secret
    assert sock.texts == ["TABLE 1 OPEN QRST"]


def test_a_new_table_asks_for_a_code_and_a_resumed_one_goes_back_to_its_room():
    runner = web_runner.start(web.MemoryKV(), "pico")
    web_friend.wire(runner, FakeSock(), "", "", "qrst")  # the page's own address: no room
    make = runner.hw.table_link
    assert runner.opening is None  # no table opens by itself
    a, b, pipe = table(4)
    assert make(a).room is None and make(a).opening  # a new table: OPEN ?
    assert make(b).room is None  # a new join: no room code
    pipe.flow()
    pipe.flow()  # the sides have taken each other's first messages
    assert b.journal and a.journal
    assert make(a).room == "QRST" and make(b).room == "QRST"  # "Resume the table"


def test_the_side_is_kept_after_each_message_before_its_answer_goes():
    a, b, _ = table(5)
    sock = FakeSock()
    kept = []
    link = PageLink(b, sock, "QRST", False, lambda p: kept.append((p.next_in, len(sock.sent))))
    link.poll(0)
    link.poll(20)
    sock.inbox += ["t:OK QRST", "t:PEER 1"]
    link.poll(40)
    sent = len(sock.sent)
    assert kept == []  # nothing taken yet
    sock.inbox += ["b:" + f.hex() for f in a.take_out()]  # A's opening message
    link.poll(60)
    assert kept == [(2, sent)]  # saved with the message taken, before B's answer went
    assert len(sock.sent) > sent
