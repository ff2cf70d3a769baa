"""firmware/hw/cp_fb.py (the CircuitPython framebuf) against firmware/ui/fakefb.py,
which host_tests/test_fakefb.py checks against MicroPython's real framebuf:
the same random scenes (every edge clipped, both colours, fills in between)
must leave the same bytes. CPython only."""

import random

from fbscenes import random_ops

from firmware.ui import fakefb
from firmware.hw import cp_fb


def apply(fbmod, ops):
    """test_fakefb's scene, with blit sources always made by fakefb (cp_fb
    has the display's format only)."""
    buf = bytearray(1024)
    fb = fbmod.FrameBuffer(buf, 128, 64, fbmod.MONO_VLSB)
    for op in ops:
        if op[0] == "blit":
            data, w, h, fmt, x, y, key, pal = op[1:]
            src = fakefb.FrameBuffer(bytearray(bytes.fromhex(data)), w, h, fmt)
            if pal is not None:
                pal = fakefb.FrameBuffer(bytearray(bytes.fromhex(pal)), 2, 1, fakefb.MONO_HLSB)
            fb.blit(src, x, y, key, pal)
        else:
            getattr(fb, op[0])(*op[1:])
    return buf


def test_random_scenes_match_fakefb():
    for seed in range(60):
        ops = random_ops(seed, 200)
        assert apply(cp_fb, ops) == apply(fakefb, ops), "seed %d" % seed


def test_fills_between_shapes_match_fakefb():
    r = random.Random(7)
    for seed in range(20):
        ops = random_ops(seed, 40)
        ops.insert(r.randrange(1, len(ops)), ("fill", r.randrange(2)))
        ops += [("fill_rect", -5, r.randrange(-4, 70), 140, r.randrange(1, 30), r.randrange(2))]
        assert apply(cp_fb, ops) == apply(fakefb, ops), "seed %d" % seed


def test_pixel_reads_back_and_clips():
    fb = cp_fb.FrameBuffer(bytearray(1024), 128, 64, cp_fb.MONO_VLSB)
    fb.pixel(127, 63, 1)
    assert fb.pixel(127, 63) == 1 and fb.pixel(0, 0) == 0
    assert fb.pixel(128, 0) is None and fb.pixel(-1, 5) is None
    fb.fill(1)
    assert fb.buf == bytearray(b"\xff" * 1024)
    fb.fill(0)
    assert fb.buf == bytearray(1024)


def test_other_formats_are_refused():
    for fmt in (cp_fb.MONO_HLSB, cp_fb.MONO_HMSB):
        try:
            cp_fb.FrameBuffer(bytearray(1024), 128, 64, fmt)
        except ValueError:
            continue
        raise AssertionError("format %d accepted" % fmt)


def test_text_and_lines_match_fakefb():
    for s, x, y in (("Oops: restarting", 0, 1), ("A:menu \x85", -5, 60), ("", 3, 3)):
        a = fakefb.FrameBuffer(bytearray(1024), 128, 64, fakefb.MONO_VLSB)
        b = cp_fb.FrameBuffer(bytearray(1024), 128, 64, cp_fb.MONO_VLSB)
        a.text(s, x, y, 1)
        b.text(s, x, y, 1)
        a.line(-4, 70, 130, -9, 1)
        b.line(-4, 70, 130, -9, 1)
        assert a.buf == b.buf, s
