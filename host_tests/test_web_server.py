"""tools/web.py's server: a browser that goes away in the middle of a file
(a reload, a page closed) leaves no traceback on the console, and the
server goes on serving; a request it cannot serve is still answered."""

import os
import socket
import struct
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools")
)

import web  # noqa: E402


def test_a_client_gone_mid_file_leaves_no_traceback_and_the_server_goes_on(tmp_path, capfd):
    (tmp_path / "big.bin").write_bytes(os.urandom(8 << 20))  # far more than a socket buffers
    (tmp_path / "index.html").write_text("<p>cribbage</p>")
    server = web.Server(str(tmp_path)).start()
    try:
        port = server.httpd.server_address[1]
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(64).startswith(b"HTTP/1.")
            # closed with a reset, as a browser dropping a download does
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
        time.sleep(0.5)  # the server's threads meet the closed sockets
        with urllib.request.urlopen(server.url + "index.html", timeout=10) as r:
            assert r.read() == b"<p>cribbage</p>"
        try:
            urllib.request.urlopen(server.url + "no-such-file", timeout=10)
            raise AssertionError("a missing file was served")
        except urllib.error.HTTPError as e:
            assert e.code == 404
    finally:
        server.stop()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception occurred" not in err, err
