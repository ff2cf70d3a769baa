"""The table server's WebSocket front (tools/table_server.py, the framing in
tools/table_ws.py), the way a browser page reaches a room: the handshake's
accept key is the RFC 6455 example's; a page and a TCP device share a room
both ways, bytes for bytes; the page hears when the other seat comes and
goes; a fragmented message is put together, a ping answered. Hostile input
(a frame the RFC does not allow, a message over the limit, text after the
greeting, a handshake that is not one, garbage, a frame cut off) is refused
with the close code or HTTP status and a reason, and the server goes on
serving rooms. CPython only (a thread, sockets)."""

import random
import socket

import pytest
from wsclient import Client, request, serve

import table_server  # noqa: E402  (tools/, on the path by wsclient)
import table_ws  # noqa: E402


@pytest.fixture(scope="module")
def port():
    return serve()


def _tcp(port, line):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.sendall(line.encode() + b"\n")
    reply = b""
    while not reply.endswith(b"\n"):
        reply += s.recv(1)
    return s, reply.decode().strip()


def _recv_exactly(s, n):
    got = b""
    while len(got) < n:
        part = s.recv(n - len(got))
        assert part, "closed"
        got += part
    return got


def _still_serving(port):
    c = Client(port)
    assert c.status == 101
    reply = c.greet("TABLE 1 OPEN ?")
    assert reply.startswith("OK ") and len(reply) == 7, reply
    c.close()


def test_the_accept_key_is_the_rfc_example():
    # RFC 6455 section 1.3: this key gives this answer
    assert table_ws.accept_key("dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="


def test_the_handshake_answers_with_the_key(port):
    c = Client(port)
    assert c.status == 101
    want = "Sec-WebSocket-Accept: %s" % table_ws.accept_key(c.key)
    assert want.encode() in c.answer
    c.close()


def test_a_page_and_a_tcp_device_share_a_room(port):
    page = Client(port)
    reply = page.greet("TABLE 1 OPEN ?")
    assert reply.startswith("OK ")
    code = reply.split()[1]
    assert page.text() == "PEER 0"  # nobody in seat 1 yet
    dev, answer = _tcp(port, "TABLE 1 JOIN %s" % code)
    assert answer == "OK %s" % code
    assert page.text() == "PEER 1"
    dev.sendall(b"\xa5hello")
    got = b""
    while len(got) < 6:
        kind, data = page.recv()
        assert kind == table_ws.BINARY
        got += data
    assert got == b"\xa5hello"
    page.send(table_ws.BINARY, bytes(range(256)) * 10)  # over 126: a 16-bit length
    assert _recv_exactly(dev, 2560) == bytes(range(256)) * 10
    dev.close()
    assert page.text() == "PEER 0"
    page.close()


def test_two_pages_share_a_room_and_a_seat_comes_back(port):
    a = Client(port)
    code = a.greet("TABLE 1 OPEN ?").split()[1]
    assert a.text() == "PEER 0"
    b = Client(port)
    assert b.greet("TABLE 1 JOIN %s" % code) == "OK %s" % code
    assert b.text() == "PEER 1"
    assert a.text() == "PEER 1"
    # a fragmented message, a ping between its fragments
    b.send(table_ws.BINARY, b"abc", fin=False)
    b.send(table_ws.PING, b"are you there")
    b.send(0, b"def")
    assert b.recv() == (table_ws.PONG, b"are you there")
    assert a.recv() == (table_ws.BINARY, b"abcdef")
    b.close()  # a page closed: its seat is free again
    assert a.text() == "PEER 0"
    b = Client(port)
    assert b.greet("TABLE 1 JOIN %s" % code) == "OK %s" % code
    assert b.text() == "PEER 1"
    assert a.text() == "PEER 1"
    b.send(table_ws.CLOSE, table_ws.close_payload(1000))
    assert b.closed_with()[0] == 1000
    a.close()


def test_a_greeting_refused_says_why(port):
    c = Client(port)
    assert c.greet("HELLO THERE") == "NO not a table greeting"
    assert c.closed_with() == (table_ws.POLICY, "not a table greeting")
    c = Client(port)
    assert c.greet("TABLE 1 JOIN ZZZZ").startswith("NO no room ZZZZ")
    c = Client(port)
    c.send(table_ws.PING, b"")
    assert c.closed_with() == (table_ws.POLICY, "the greeting comes first")
    _still_serving(port)


def _hostile(port, send, code, words):
    c = Client(port)
    assert c.greet("TABLE 1 OPEN ?").startswith("OK ")
    send(c)
    got_code, reason = c.closed_with()
    assert got_code == code and words in reason, (got_code, reason)
    c.close()
    _still_serving(port)


def test_frames_the_rfc_does_not_allow_are_refused(port):
    cases = [
        (lambda c: c.send(table_ws.BINARY, b"x", masked=False), 1002, "masked"),
        (lambda c: c.raw(b"\xc2\x81" + b"\0\0\0\0x"), 1002, "reserved bits"),
        (lambda c: c.raw(b"\x83\x81" + b"\0\0\0\0x"), 1002, "unknown opcode 3"),
        (lambda c: c.raw(b"\x89\xfe\x00\xc8"), 1002, "control frame"),  # a 200-byte ping
        (lambda c: c.raw(b"\x09\x80\0\0\0\0"), 1002, "control frame"),  # a ping not final
        (lambda c: c.send(0, b"more"), 1002, "continuation"),
        (lambda c: c.raw(b"\x82\xff" + b"\x80" + b"\0" * 7), 1002, "top bit"),
        (lambda c: c.send(table_ws.CLOSE, b"\x03"), 1002, "one byte"),
        (lambda c: c.send(table_ws.TEXT, b"hello"), 1003, "binary messages only"),
    ]
    for send, code, words in cases:
        _hostile(port, send, code, words)


def test_a_message_over_the_limit_is_refused(port):
    limit = table_server.MESSAGE_LIMIT
    # a length over the limit is refused before any of its bytes are read
    _hostile(port, lambda c: c.raw(b"\x82\xff" + (1 << 40).to_bytes(8, "big")), 1009, "over")

    def fragments(c):
        c.send(table_ws.BINARY, b"x" * (limit // 2 + 1), fin=False)
        c.send(0, b"y" * (limit // 2 + 1))

    _hostile(port, fragments, 1009, "over %d bytes" % limit)
    c = Client(port)  # text that is not UTF-8 as the greeting
    c.send(table_ws.TEXT, b"TABLE \xff")
    assert c.closed_with()[0] == table_ws.NOT_UTF8
    _still_serving(port)


def test_a_handshake_that_is_not_one_is_answered_in_words(port):
    c = Client(port, b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert c.status == 400 and b"WebSocket" in c.rest
    c = Client(port, request("c2hvcnQ="))  # a key of 5 bytes
    assert c.status == 400 and b"16 bytes" in c.rest
    c = Client(port, request("AAAAAAAAAAAAAAAAAAAAAA==").replace(b"Version: 13", b"Version: 8"))
    assert c.status == 426 and b"Sec-WebSocket-Version: 13" in c.answer
    c = Client(port, request("AAAAAAAAAAAAAAAAAAAAAA==", "X: %s\r\n" % ("y" * 9000)))
    assert c.status == 431
    c = Client(port, b"GET / HTTP/1.1\r\nno colon here\r\n\r\n")
    assert c.status == 400 and b"colon" in c.rest
    _still_serving(port)


def test_garbage_and_cut_frames_never_stop_the_server(port):
    rng = random.Random(31)
    for i in range(40):
        c = Client(port)
        assert c.greet("TABLE 1 OPEN ?").startswith("OK ")
        c.raw(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
        if i % 2:
            c.close()  # gone mid-frame, perhaps
            continue
        try:
            c.closed_with()
        except (EOFError, OSError, socket.timeout):
            pass  # a frame that waits for more bytes: the client goes
        c.close()
    # a seat whose page is gone mid-frame is free again
    a = Client(port)
    code = a.greet("TABLE 1 OPEN ?").split()[1]
    a.raw(b"\x82\x85\0\0")  # half a frame's mask
    a.close()
    for _ in range(50):
        b = Client(port)
        if b.greet("TABLE 1 OPEN %s" % code) == "OK %s" % code:
            break
        b.close()
    else:
        raise AssertionError("the seat of a page gone mid-frame was never freed")
    _still_serving(port)


def test_garbage_handshakes_never_stop_the_server(port):
    rng = random.Random(6455)
    for _ in range(60):
        junk = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 400)))
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        whole = rng.random() < 0.7  # else cut off: the client goes mid-request
        s.sendall(b"GET " + junk + (b"\r\n\r\n" if whole else b""))
        if whole:
            try:
                s.recv(4096)  # a 400 in words, or the server closing
            except OSError:
                pass
        s.close()
    _still_serving(port)
