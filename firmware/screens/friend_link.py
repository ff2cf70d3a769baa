"""Which link a friend's table plays over, as the device gives it:
``open_link(app, peer)`` is ``hw.table_link(peer)`` where a backend gives
one (the simulator's TCP link, the web page's); else, when the storage
holds ``table.txt`` ("HOST:PORT ROOM"), the table server's room over the
network (firmware.table_net; with ``wifi.txt``, "SSID PASSWORD", a Pico W
joins that Wi-Fi first); else the board's UART (firmware.table_uart); None
when there is none. ``secret(hw)``: the side's 32 secret bytes (the
backend's, for tests, or ``os.urandom``). Imports ``firmware.table_net``
and ``firmware.table_uart`` when used.
"""

NET = "table.txt"  # "HOST:PORT ROOM": play through the table server
WIFI = "wifi.txt"  # "SSID PASSWORD": the Wi-Fi to join for it


def secret(hw):
    given = getattr(hw, "table_secret", None)
    if given is not None:
        return given
    try:
        import os

        return os.urandom(32)
    except (ImportError, AttributeError, NotImplementedError):
        import time

        return b"%d" % time.ticks_us()


def open_link(app, peer):
    make = getattr(app.hw, "table_link", None)
    if make is not None:
        return make(peer)
    net = _net_link(app.hw.storage, peer)
    if net is not None:
        return net
    board = app.board
    if board is None or not hasattr(board, "UART"):
        return None
    try:
        import machine

        from firmware.table_uart import UartLink, open_uart

        return UartLink(peer, open_uart(machine, board))
    except (ImportError, AttributeError, ValueError, OSError):
        return None  # the host and the page have no UART; a board whose UART fails


def _read(storage, name):
    try:
        return storage.read(name)
    except OSError:
        return None


def _net_link(storage, peer):
    # table.txt "HOST:PORT ROOM": the table server and the room both friends
    # chose; wifi.txt "SSID PASSWORD" joins the Wi-Fi first (a Pico W)
    text = _read(storage, NET)
    if not text:
        return None
    words = text.decode().split()
    if len(words) != 2 or ":" not in words[0]:
        return None
    host, port = words[0].rsplit(":", 1)
    wifi = _read(storage, WIFI)
    try:
        if wifi:
            import network

            ssid, password = wifi.decode().split(None, 1)
            wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
            if not wlan.isconnected():
                wlan.connect(ssid, password.strip())
        import socket

        from firmware.table_net import NetLink

        return NetLink(peer, host, int(port), words[1], peer.seat == 0, socket)
    except (ImportError, AttributeError, ValueError, OSError):
        return None
