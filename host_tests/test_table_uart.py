# portable
"""Two sides of a table (engine.table.peer) linked by firmware/table_uart.py
over a fake UART pair on the host (bytes arriving a few at a time, as a
UART's buffer gives them): a whole match with both logs the same and
clean; noise on the line, and a cable pulled for a while then put back
(paused: ``connected`` False; then resumed), lose nothing; the board files
name the UART's pins. Runs on CPython and MicroPython."""

import boards
from engine.players import RandomPlayer
from engine.rng import Rng
from firmware.table_uart import LOST_MS, UartLink
from tablerig import check_log, decide, table


class FakeUart:
    """One end of a cable: ``write`` puts bytes on the other end's line."""

    def __init__(self, rng):
        self.line = bytearray()
        self.other = None
        self.rng = rng
        self.plugged = True
        self.noise = 0  # in 1000: the chance a write gets a noise byte ahead

    def write(self, data):
        if not self.other.plugged or not self.plugged:
            return len(data)  # into the air
        if self.noise and self.rng.below(1000) < self.noise:
            self.other.line += bytes((self.rng.below(256),))
        self.other.line += data
        return len(data)

    def any(self):
        return min(len(self.line), 1 + self.rng.below(64))

    def read(self, n):
        data = bytes(self.line[:n])
        self.line = self.line[n:]
        return data


def _pair(seed):
    rng = Rng(seed)
    u0 = FakeUart(rng)
    u1 = FakeUart(rng)
    u0.other = u1
    u1.other = u0
    return u0, u1


def _run(seed, pull=None, noise=0):
    a, b, _ = table(seed, games=3)
    u0, u1 = _pair(seed)
    u0.noise = u1.noise = noise
    links = (UartLink(a, u0), UartLink(b, u1))
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    now = 0
    paused = False
    for frame in range(200000):
        now += 20
        if pull is not None and frame == pull:
            u0.plugged = False
        if pull is not None and frame == pull + 1200:
            paused = not links[0].connected and not links[1].connected
            u0.plugged = True
        for link in links:
            link.poll(now)
        for peer in (a, b):
            if peer.waiting():
                peer.act(decide(peer, players[peer.seat]))
        if a.over and b.over:
            break
    assert a.over and b.over, (a.notes[-3:], b.notes[-3:])
    return a, b, paused


def test_a_match_over_the_cable():
    a, b, _ = _run(1)
    check_log(a, b)


def test_noise_on_the_line_loses_nothing():
    a, b, _ = _run(2, noise=30)
    assert a.notes or b.notes  # the noise was seen and refused
    check_log(a, b, refusals=True)


def test_a_pulled_cable_pauses_and_resumes():
    a, b, paused = _run(3, pull=300)
    assert paused  # 1,200 frames of 20 ms without the cable: both said lost
    assert 1200 * 20 > LOST_MS
    check_log(a, b, refusals=True)


def test_every_board_names_its_uart():
    for name in boards.NAMES:
        board = boards.load(name)
        cfg = board.UART
        assert cfg["tx"] != cfg["rx"] and cfg["baud"] > 0
        used = [board.LED_PIN, board.I2C["sda"], board.I2C["scl"]] + list(board.BUTTONS.values())
        assert cfg["tx"] not in used and cfg["rx"] not in used, name
