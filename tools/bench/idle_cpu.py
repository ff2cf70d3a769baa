"""What the idle main loop costs the CPU, measured on the emulated Pico
(tools/emu: your MicroPython RPI_PICO firmware on rp2040js, which counts the
cycles the CPU runs; time spent sleeping costs none).

    python3 tools/bench_device.py --emu --only idle [--seconds 30] [--firmware F.uf2]
        # the firmware from --firmware or $PICO_UF2

The score keeper is opened with a few points and then left alone, with the
app's own main loop (``App.run``) running on the emulated board: the MP
backend's clock (``time``), buttons and ``nap``, the host backend's display
and LED stand-ins (the emulator has no OLED or strip attached). Two loops:

  frames  every frame runs (tick, feed, sleep_ms to the next 20 ms), as
          before issue 17: the backend offers no ``nap``
  naps    when nothing animates the loop calls ``hw.nap(ms)``: sleep_ms a
          frame at a time, one GPIO register read between sleeps

The run ends in ``feed()``, which the loop calls where it feeds the
watchdog (once a frame, or once a nap), so the check costs what a feed
would. Each loop runs twice, idle for 0 s and for ``--seconds``, and the figure is
the difference in cycles over the difference in time, so the boot, the
imports and opening the keeper cancel out. The emulator leaves the button
pins low (no pull-ups are modelled), so the bench reads them with the
opposite sense at the same cost (six pin reads; one register read).

Exit status 2 without a firmware, with one that cannot work or without
Node.js (docs/device-checks.md). CPython only (drives the emulator). Imports
os, re, shutil, sys, tempfile and the emulated Pico (emu.pico, emu.firmware)
from tools/.
"""

import os
import re
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)  # emu
CLOCK_HZ = 125000000

SCRIPT = """
import gc, machine, time
import boards
from firmware.app import App
from firmware.hal import UP
from firmware.hw import host, mp
from firmware.boot import make_pegboard

MODE = %r
SECONDS = %d
_IN = 0xD0000004  # SIO GPIO_IN


class Buttons(mp.Buttons):
    # the emulator's pins float low: read them as released, at the cost of the real thing
    def read(self):
        mask = 0
        for pin, bit in self._pairs:
            if pin.value():
                mask |= bit
        return mask | self.fake

    def any(self):
        return machine.mem32[_IN] & self._gpio_mask != 0 or self.fake


class Done(Exception):
    pass


board = boards.load("pico")
buttons = Buttons(machine, board.BUTTONS)
buttons.fake = 0
end = [None]


class Hardware(mp.Hardware):
    def feed(self):  # once a loop, where the watchdog is fed: the end of the run
        if end[0] is not None and time.ticks_diff(time.ticks_ms(), end[0]) >= 0:
            raise Done()


hw = Hardware(machine, host.Display(), buttons, host.Leds(board.N_LEDS),
              host.DictStorage(), mp.Clock(time), 0)
if MODE == "frames":
    hw.nap = None  # the loop as it was: a frame every 20 ms
app = App(hw, board=board, pegboard=make_pegboard(board))
app.open("keeper")
t = 0
for press in (1, 0, 1, 0, 0, 0):  # two points for A, then let go
    buttons.fake = UP if press else 0
    for _ in range(5):
        t += 20
        app.tick(t)
gc.collect()  # the same heap for both loops (uncollected garbage slowed the frames)
end[0] = time.ticks_add(time.ticks_ms(), SECONDS * 1000)
naps = [0]
if hw.nap is not None:
    plain = hw.nap

    def counted(ms):
        naps[0] += 1
        plain(ms)

    hw.nap = counted
try:
    app.run()
except Done:
    pass
print("IDLE mode=%%s seconds=%%d frames=%%d naps=%%d score=%%r" %% (
    MODE, SECONDS, app.frames, naps[0], app.top().ki.keeper.scores))
"""


def stage(dest):
    for package in ("engine", "firmware", "boards"):
        shutil.copytree(
            os.path.join(ROOT, package),
            os.path.join(dest, package),
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )


def run(fw, files, mode, seconds):
    """Cycles (millions, as the emulator prints them) of one run."""
    from emu import pico

    p = pico.run(fw, files, SCRIPT % (mode, seconds), mpy=True, timeout=1200)
    m = re.search(r"([0-9.]+) M cycles", p.stderr)
    if p.status != 0 or m is None or "IDLE" not in p.stdout:
        raise SystemExit("emulator run failed (%s %d s):\n%s" % (mode, seconds, p.output[-3000:]))
    line = [ln for ln in p.stdout.splitlines() if ln.startswith("IDLE")][0]
    return float(m.group(1)), line.strip()


def measure(fw, seconds=30):
    """{"frames": cycles/s, "naps": cycles/s, "lines": the runs' IDLE lines}
    on firmware ``fw`` (emu.firmware.micropython)."""
    tmp = tempfile.mkdtemp()
    try:
        files = os.path.join(tmp, "files")
        stage(files)
        results = {"lines": []}
        for mode in ("frames", "naps"):
            c0, _ = run(fw, files, mode, 0)
            c1, line = run(fw, files, mode, seconds)
            results[mode] = (c1 - c0) * 1e6 / seconds
            results[mode + "_cycles"] = (c0, c1)
            results["lines"].append(line)
        return results
    finally:
        shutil.rmtree(tmp)


def main(argv):
    from emu import firmware, fsimage, workdir

    seconds = 30
    flag = None
    args = list(argv)
    try:
        while args:
            a = args.pop(0)
            if a == "--seconds":
                seconds = int(args.pop(0))
            elif a == "--firmware":
                flag = args.pop(0)
            else:
                raise ValueError("unknown argument %r" % a)
        if seconds < 1:
            raise ValueError("--seconds needs a number above 0")
    except (ValueError, IndexError) as e:
        print("error: %s" % (e or "an option needs a value"), file=sys.stderr)
        return 2
    try:
        fw = firmware.micropython(flag)
        workdir.node()
        print("emulated Pico, %s" % fw.describe())
        r = measure(fw, seconds)
    except (firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except fsimage.ImageError as e:
        print("error: %s" % e, file=sys.stderr)
        return 1
    for mode, line in zip(("frames", "naps"), r["lines"]):
        c0, c1 = r[mode + "_cycles"]
        per_s = r[mode]
        print(line)
        print(
            "%-6s %.1f M cycles idle for %d s (%.1f M with none): %.2f M cycles/s, "
            "CPU busy %.2f%% of the time"
            % (mode, c1, seconds, c0, per_s / 1e6, per_s * 100.0 / CLOCK_HZ)
        )
    f, n = r["frames"], r["naps"]
    ratio = f / n if n > 0 else float("inf")
    print(
        "idle CPU time: %.2f%% -> %.2f%% (%.0fx less)"
        % (f * 100.0 / CLOCK_HZ, n * 100.0 / CLOCK_HZ, ratio)
    )
    return 0
