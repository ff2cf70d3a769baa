"""I2C traffic of the OLED per frame: our page-diff driver
(firmware/hw/ssd1306.py) against always sending the whole 1024-byte frame,
in bytes on the wire and the time they take at 400 kHz, for typical frames;
then the CPU cost of ``show()`` itself (the page comparison), median.

    python3 tools/bench_device.py --only i2c   # the unix port, then CPython

Wire bytes count every byte clocked: the address byte of each transaction,
the control byte and the payload. Time at 400 kHz: 9 clocks a byte (8 bits
and the acknowledge) plus about 2 clocks of start and stop per transaction;
a real RP2040 adds small gaps between bytes, so real times are a little
longer. The scenarios draw with ``firmware.ui.canvas``; the "app" rows run the
real app (menu, then the demo) on the driver and average its shown frames.

Imports firmware.hw.ssd1306, firmware.ui.canvas, firmware.app, firmware.hw.host.
"""

import sys

sys.path.insert(0, ".")

from firmware.ui.canvas import Canvas  # noqa: E402
from firmware.hw.ssd1306 import SSD1306  # noqa: E402

_HZ = 400000


class CountingI2C:
    """Counts what would cross the bus; keeps no data."""

    def __init__(self):
        self.bytes = 0
        self.transactions = 0

    def writeto(self, addr, buf):
        self.bytes += 1 + len(buf)
        self.transactions += 1

    def writevto(self, addr, vector):
        n = 1
        for part in vector:
            n += len(part)
        self.bytes += n
        self.transactions += 1

    def take(self):
        b, t = self.bytes, self.transactions
        self.bytes = 0
        self.transactions = 0
        return b, t


def wire_ms(nbytes, transactions):
    return (nbytes * 9 + transactions * 2) * 1000 / _HZ


FULL = (1 + 7 + 1 + 1 + 1024, 2)  # always-full: window command + whole frame


def scenarios():
    """(name, draw(canvas) for the frame before, draw for the frame measured)."""

    def menu(cv, row):
        cv.clear()
        cv.text("CRIBBAGE", 40, 0)
        for i in range(5):
            cv.text("Entry %d" % i, 12, 16 + 9 * i)
        cv.box(2, 16 + 9 * row, 6, 7, 1, True)

    def hand(cv, raised):
        cv.clear()
        cv.hand((4, 9, 20, 33, 40, 51), 30, cursor=2, raised=raised)
        cv.text("Pick two for the crib", 0, 0)

    def score(cv, n):
        cv.clear()
        cv.text("You", 0, 0)
        cv.number(n, 40, 0)
        cv.text("Me", 0, 9)
        cv.number(57, 40, 9)

    return (
        ("menu cursor down one row", lambda cv: menu(cv, 1), lambda cv: menu(cv, 2)),
        ("score 56 -> 58", lambda cv: score(cv, 56), lambda cv: score(cv, 58)),
        ("raise a card in the hand", lambda cv: hand(cv, 0), lambda cv: hand(cv, 4)),
        ("idle frame (nothing new)", lambda cv: menu(cv, 1), lambda cv: menu(cv, 1)),
        (
            "new screen (inverted)",
            lambda cv: menu(cv, 1),
            lambda cv: cv.box(0, 0, 128, 64, 1, True),
        ),
    )


def run_scenarios():
    rows = []
    for name, before, after in scenarios():
        bus = CountingI2C()
        oled = SSD1306(bus)
        cv = Canvas(oled.fb, oled.buf)
        before(cv)
        oled.show()
        bus.take()
        after(cv)
        oled.show()
        rows.append((name,) + bus.take())
    return rows


def run_app(frames=400):
    """Average bytes per frame shown while the real app runs."""
    from firmware.app import App
    from firmware.hal import A, DOWN
    from firmware.hw import host

    bus = CountingI2C()
    oled = SSD1306(bus)
    hw = host.Hardware(oled, host.Buttons(), host.Leds(242), host.DictStorage(), host.SimClock())
    app = App(hw)
    bus.take()
    shown = [0]
    real_show = oled.show

    def counted_show():
        shown[0] += 1
        real_show()

    oled.show = counted_show
    t = 0
    for i in range(frames):
        k = i % 100
        hw.buttons.set(DOWN if k in (10, 11, 12, 40, 41, 42) else A if k in (70, 71, 72) else 0)
        app.tick(t)
        if app.next is not None:  # it ended naming the next mode: the next app, here
            from firmware import main

            app = main.again(app)
        t += 20
    b, n = bus.take()
    return shown[0], b, n


def cpu_us(reps=300):
    """Median microseconds of show() on this interpreter: idle, and one page changed."""
    import time

    ticks = getattr(time, "ticks_us", None)
    now = ticks if ticks else (lambda: int(time.perf_counter() * 1000000))
    oled = SSD1306(CountingI2C())
    oled.show()
    out = []
    for change in (False, True):
        times = []
        for i in range(reps):
            if change:
                oled.fb.pixel(i & 127, 20, (i >> 7) & 1 ^ 1)
            t0 = now()
            oled.show()
            times.append(now() - t0)
        times.sort()
        out.append(times[len(times) // 2])
    return out


def main():
    impl = sys.implementation.name
    print("I2C per frame at 400 kHz (estimated from bytes on the wire)")
    print("%-28s %14s %10s   %14s %10s" % ("frame", "page-diff B", "ms", "always-full B", "ms"))
    for name, b, n in run_scenarios():
        print("%-28s %14d %10.2f   %14d %10.2f" % (name, b, wire_ms(b, n), FULL[0], wire_ms(*FULL)))
    shown, b, n = run_app()
    if shown:
        print(
            "%-28s %14d %10.2f   %14d %10.2f"
            % (
                "app: menu+demo, per show",
                b // shown,
                wire_ms(b, n) / shown,
                FULL[0],
                wire_ms(*FULL),
            )
        )
        print(
            "  (%d frames shown; page-diff sent %d bytes in all, always-full would send %d)"
            % (shown, b, shown * FULL[0])
        )
    idle, one = cpu_us()
    print("show() CPU, median on %s: %d us idle, %d us one page changed" % (impl, idle, one))
    if impl == "micropython":
        print(
            "  (the unix port runs 75-180x faster than a 125 MHz RP2040: the device's"
            " figures come from tools/bench_device.py --emu; the I2C transfer then runs"
            " on the bus)"
        )


if __name__ == "__main__":  # tools/bench_device.py runs it from the repository
    main()
