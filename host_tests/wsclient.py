"""A WebSocket client for the tests of the table server's page side
(tools/table_server.py, tools/table_ws.py): a blocking socket that does the
opening handshake as a browser does, sends masked frames (or any bytes at
all, for the hostile tests) and reads the server's frames. ``serve()``
starts a table server in a thread on a free port and returns the port.
CPython only; imports tools/table_ws.py (the client's frames) and
tools/table_server.py.
"""

import asyncio
import base64
import os
import socket
import struct
import sys
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import table_server  # noqa: E402
import table_ws  # noqa: E402


def serve():
    got = []
    ready = threading.Event()

    def run():
        def up(port):
            got.append(port)
            ready.set()

        try:
            asyncio.run(table_server.serve("127.0.0.1", 0, up))
        except Exception:  # the thread dies with the test process
            pass

    threading.Thread(target=run, daemon=True).start()
    assert ready.wait(10)
    return got[0]


def request(key, extra=""):
    return (
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n%s\r\n" % (key, extra)
    ).encode()


class Client:
    def __init__(self, port, head=None, timeout=5):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(head if head is not None else request(self.key))
        got = b""
        while b"\r\n\r\n" not in got:
            part = self.sock.recv(4096)
            if not part:
                break
            got += part
        self.answer, _, self.rest = got.partition(b"\r\n\r\n")
        self.status = int(self.answer.split()[1]) if self.answer.startswith(b"HTTP/") else None

    def send(self, opcode, payload=b"", fin=True, masked=True):
        data = table_ws.frame(opcode, payload, os.urandom(4) if masked else None)
        if not fin:
            data = bytes((data[0] & 0x7F,)) + data[1:]
        self.sock.sendall(data)

    def raw(self, data):
        self.sock.sendall(data)

    def _take(self, n):
        while len(self.rest) < n:
            part = self.sock.recv(4096)
            if not part:
                raise EOFError("the server closed the connection")
            self.rest += part
        out, self.rest = self.rest[:n], self.rest[n:]
        return out

    def recv(self):
        """The server's next frame: (opcode, payload)."""
        b0, b1 = self._take(2)
        n = b1 & 0x7F
        if n == 126:
            (n,) = struct.unpack(">H", self._take(2))
        elif n == 127:
            (n,) = struct.unpack(">Q", self._take(8))
        return b0 & 0x0F, self._take(n)

    def text(self):
        kind, data = self.recv()
        assert kind == table_ws.TEXT, (kind, data)
        return data.decode()

    def closed_with(self):
        """Frames up to the server's close: its (code, reason)."""
        while True:
            kind, data = self.recv()
            if kind == table_ws.CLOSE:
                return struct.unpack(">H", data[:2])[0], data[2:].decode()

    def greet(self, line):
        self.send(table_ws.TEXT, line.encode())
        return self.text()

    def close(self):
        self.sock.close()


class PageSocket:
    """What web/table.js hands firmware.hw.web_table: the page's WebSocket
    (``connect``, ``state`` 0 connecting / 1 open / 2 closed, ``send_text``,
    ``send_hex``, ``take``, ``say``), here over a real socket to the server, read
    without waiting."""

    def __init__(self, port):
        self.port = port
        self.client = None
        self.open = False
        self.connects = 0

    def connect(self):
        self.connects += 1
        try:
            self.client = Client(self.port)
            self.client.sock.setblocking(False)
            self.open = self.client.status == 101
        except OSError:
            self.open = False

    def state(self):
        return 1 if self.open else 2

    def drop(self):
        """The page closed, or its link lost."""
        if self.client is not None:
            self.client.close()
        self.open = False

    def _send(self, opcode, data):
        if not self.open:
            return
        self.client.sock.setblocking(True)
        try:
            self.client.send(opcode, data)
        except OSError:
            self.open = False
        self.client.sock.setblocking(False)

    def send_text(self, text):
        self._send(table_ws.TEXT, text.encode())

    def send_hex(self, text):
        self._send(table_ws.BINARY, bytes.fromhex(text))

    def say(self, text):
        self.said = text

    def take(self):
        if not self.open:
            return ""
        c = self.client
        try:
            while True:
                part = c.sock.recv(65536)
                if not part:
                    self.open = False
                    break
                c.rest += part
        except BlockingIOError:
            pass
        except OSError:
            self.open = False
        buf = c.rest
        if len(buf) < 2:
            return ""
        n = buf[1] & 0x7F
        at = 2
        if n == 126:
            if len(buf) < 4:
                return ""
            n, at = struct.unpack(">H", buf[2:4])[0], 4
        if len(buf) < at + n:
            return ""
        kind, data = buf[0] & 0x0F, buf[at : at + n]
        c.rest = buf[at + n :]
        if kind == table_ws.TEXT:
            return "t:" + data.decode()
        if kind == table_ws.BINARY:
            return "b:" + data.hex()
        if kind == table_ws.CLOSE:
            self.open = False
        return ""
