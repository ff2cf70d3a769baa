"""Device half of a check run by tools/bench/cp_bench.py's ``fast`` part on the
emulated CircuitPython Pico (a module of its own, loaded only then: the
benchmark's own code stays on the device's heap during a game). CircuitPython
only; imports nothing of the project.
"""


def run(disp, fail, out, rounds=12):
    """The default display (firmware/hw/cp_displayio.py: its compare with
    the shadow, the ulab copy into the turned Bitmap, the runs refreshed)
    against the frame, here on the device: after each show of a random
    change (single pixels far apart, rectangles, a full screen) every pixel
    of the Bitmap is the frame's."""
    import random

    bitmap = getattr(disp, "bitmap", None)
    if bitmap is None:
        return  # the direct driver: the panel is compared by the boot check
    random.seed(18)
    fb = disp.fb
    for i in range(rounds):
        for _ in range(random.randrange(1, 5)):
            x, y, c = random.randrange(-5, 128), random.randrange(-5, 64), random.randrange(2)
            if random.randrange(2):
                fb.pixel(x % 128, y % 64, c)
            else:
                fb.fill_rect(x, y, random.randrange(1, 60), random.randrange(1, 24), c)
        if i == 4:
            fb.fill(1)
        disp.show()
        for y in range(64):
            for x in range(128):
                if bitmap[63 - y, x] != fb.pixel(x, y):
                    fail("displayio Bitmap differs from the frame at (%d, %d), step %d" % (x, y, i))
    out("display_checks", rounds)
