"""The power care tests' rig: ``Rig`` (one headless app on the Pico's board
data over a dict of files kept across restarts, a simulated clock, a fake
battery reading, driven by raw button levels: run, tap, open a menu entry,
the keeper, the lit LEDs), ``FRAME``, ``PICO``, firmware/power.py's times
and levels (DIM_MS, OFF_MS, FULL_CONTRAST, DIM_CONTRAST, PEGS_LEVEL,
ORBIT_MS, BATTERY_MS) and ``px`` (one pixel of a display buffer). Used by
test_power and test_power_battery. Portable (CPython and MicroPython). Not
a test module. Imports boards, firmware.app, firmware.boot, firmware.hal,
firmware.hw.host, firmware.screens.menu and firmware.keeper.screen.
"""

import boards
from firmware.app import App
from firmware.boot import make_pegboard
from firmware.hal import A
from firmware.hw import host
from firmware.screens import menu
from firmware.keeper.screen import KeeperScreen

FRAME = 20
PICO = boards.load("pico")
# firmware/power.py's values (module-private there, to keep them off the heap)
DIM_MS = 60000
OFF_MS = 300000
FULL_CONTRAST = 0xCF
DIM_CONTRAST = 8
PEGS_LEVEL = 8
ORBIT_MS = 60000
BATTERY_MS = 10000


class Rig:
    """One app on the Pico's board data over ``files`` (kept across restarts)."""

    def __init__(self, files=None, board=PICO, battery=None, resume=False):
        self.files = {} if files is None else files
        self.hw = host.make(board, storage=host.DictStorage(self.files))
        self.hw.battery = battery
        self.app = App(self.hw, board=board, pegboard=make_pegboard(board), resume=resume)
        self.t = 0
        self.tick()

    def tick(self):
        self.app.tick(self.t)
        if self.app.next is not None:  # it ended naming the next mode: the next app
            from firmware import main

            self.app = main.again(self.app)

    def run(self, ms, step=FRAME):
        for _ in range(ms // step):
            self.t += step
            self.tick()

    def tap(self, bit, times=1):
        for _ in range(times):
            self.hw.buttons.press(bit)
            self.run(60)
            self.hw.buttons.release(bit)
            self.run(60)

    def open(self, module):
        names = [e[1] for e in menu.ENTRIES]
        cursor = self.app.top().cursor
        from firmware.hal import DOWN

        self.tap(DOWN, (names.index(module) - cursor) % len(names))
        self.tap(A)
        return self.app.top()

    def keeper(self):
        k = self.open("keeper")
        assert isinstance(k, KeeperScreen), k
        return k

    def lit_leds(self):
        leds = self.hw.leds
        return [i for i in range(leds.n) if any(leds.rgb(i))]


def px(buf, x, y):
    return (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
