"""Benchmark of the LED pegboard and the keeper's save path: median time per
rendered frame and heap use. Meant for the MicroPython unix port (figures
there are 75-180x faster than a 125 MHz RP2040 and heap 1.5-2x the device's;
device figures: tools/bench_device.py --emu);
also runs on CPython for comparison.

    python3 tools/bench_device.py --only pegboard   # the unix port, then CPython

Imports boards, firmware.hal, firmware.keeper.control, firmware.pegboard and
firmware.hw.host (its DictStorage).
"""

import gc
import sys

sys.path.insert(0, ".")

import boards  # noqa: E402
from firmware import hal  # noqa: E402
from firmware.keeper.control import KeeperInput, open_store  # noqa: E402
from firmware.pegboard import CHASE_MS, Pegboard  # noqa: E402
from firmware.hw.host import DictStorage  # noqa: E402

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b


RUNS = 101


def median(values):
    s = sorted(values)
    return s[len(s) // 2]


def heap():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def frame_bench(label, pb, buf, prepare, runs=RUNS):
    times = [0] * runs
    pb.render(buf)  # the first frame draws the template
    gc.collect()
    before = heap()
    for i in range(runs):
        prepare()
        t0 = ticks_us()
        pb.render(buf)
        times[i] = ticks_diff(ticks_us(), t0)
    grew = heap() - before
    print(
        "%-40s median %6d us   heap growth over %d frames: %d B"
        % (label, median(times), runs, grew)
    )


def main():
    impl = sys.implementation.name
    print("interpreter:", impl, sys.version.split()[0])
    b = boards.load("pico")
    h0 = heap()
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    buf = bytearray(pb.n * 3)
    print("pegboard object + 242-LED buffer: %d B heap" % (heap() - h0))
    pb.set_pegs(0, 87, 80)
    pb.set_pegs(1, 112, 104)
    frame_bench("still frame, 242 LEDs, markers", pb, buf, lambda: None)

    def walk():
        if pb.still():  # the walk is over (nothing else moves here)
            pb.set_pegs(0, 60, 50)
            pb.set_pegs(0, 89, 60, animate=True)
        pb.update(30)

    frame_bench("award walking (update + render)", pb, buf, walk)
    pb.set_brightness(255)
    pb.set_color(0, 255, 255, 255)
    pb.celebrate(0)
    frame_bench("win chase, full brightness, limited", pb, buf, lambda: pb.update(CHASE_MS))

    z = boards.load("rp2040_zero")
    pz = Pegboard(z.LAYOUT, z.POWER, z.N_LEDS)
    bz = bytearray(pz.n * 3)
    pz.set_pegs(0, 30, 20)
    pz.set_pegs(1, 30, 25)
    frame_bench("shared serpentine 122 LEDs, blinking", pz, bz, lambda: pz.update(500))

    # keeper: one +1 award through the controller = serialise + CRC + save
    st = DictStorage()
    ctrl = KeeperInput(open_store(st))
    for _ in range(40):
        ctrl.handle(("press", hal.UP))
    times = [0] * RUNS
    for i in range(RUNS):
        t0 = ticks_us()
        ctrl.handle(("press", hal.UP))
        ctrl.handle(("press", hal.B))
        ctrl.handle(("release", hal.B))
        ctrl.handle(("tap", hal.B))
        times[i] = ticks_diff(ticks_us(), t0)
    print(
        "%-40s median %6d us (record %d B)"
        % ("keeper +1 then undo (2 saves)", median(times), len(st.files["keeper.rec"]))
    )


if __name__ == "__main__":  # tools/bench_device.py runs it from the repository
    main()
