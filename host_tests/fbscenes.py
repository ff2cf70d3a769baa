"""Random drawing scenes for the framebuffer tests: ``random_ops(seed, n)``,
a list of drawing operations (a fill first, then pixels, rectangles, lines
and blits from every mono format with key and palette, clipped at every
edge, both colours) that test_fakefb plays on firmware/ui/fakefb.py and on
MicroPython's framebuf, and test_cp_fb on firmware/hw/cp_fb.py. CPython only
(``random``). Not a test module. Imports nothing of the project.
"""

import random


def random_ops(seed, n=120):
    r = random.Random(seed)
    out = [("fill", seed & 1)]  # only first: a later fill would hide earlier mistakes

    def X():
        return r.randrange(-20, 150)

    def Y():
        return r.randrange(-20, 85)

    def S():
        return r.randrange(-3, 60)

    for _ in range(n):
        k = r.choice("pfhvllrRbk")
        c = r.randrange(2)
        if k == "p":
            out.append(("pixel", X(), Y(), c))
        elif k == "f":
            out.append(("fill_rect", X(), Y(), S(), S(), c))
        elif k == "h":
            out.append(("hline", X(), Y(), S(), c))
        elif k == "v":
            out.append(("vline", X(), Y(), S(), c))
        elif k == "l":
            out.append(("line", X(), Y(), X(), Y(), c))
        elif k == "r":
            out.append(("rect", X(), Y(), S(), S(), c))
        elif k == "R":
            out.append(("rect", X(), Y(), S(), S(), c, True))
        else:
            w = r.randrange(1, 20)
            h = r.randrange(1, 20)
            fmt = r.choice((0, 3, 4))
            nbytes = ((h + 7) // 8) * w if fmt == 0 else ((w + 7) // 8) * h
            data = bytes(r.randrange(256) for _ in range(nbytes)).hex()
            key = r.choice((-1, 0, 1))
            pal = r.choice(("80", "40", "c0", "00")) if k == "k" else None
            out.append(("blit", data, w, h, fmt, X(), Y(), key, pal))
    return out
