"""firmware/ui/fakefb.py against the real ``framebuf`` of the MicroPython unix
port: the same random drawing operations (clipped at every edge, both colours,
blits from every mono format with key and palette) must leave the same bytes.
CPython only: it runs MicroPython as a subprocess."""

import os
import subprocess
import sys

from fbscenes import random_ops
from unixport import micropython

from firmware.ui import fakefb

APPLY = """
def apply(fbmod, ops):
    buf = bytearray(1024)
    fb = fbmod.FrameBuffer(buf, 128, 64, fbmod.MONO_VLSB)
    for op in ops:
        name = op[0]
        if name == "blit":
            data, w, h, fmt, x, y, key, pal = op[1:]
            src = fbmod.FrameBuffer(bytearray(bytes.fromhex(data)), w, h, fmt)
            if pal is None:
                fb.blit(src, x, y, key)
            else:
                p = fbmod.FrameBuffer(bytearray(bytes.fromhex(pal)), 2, 1, fbmod.MONO_HLSB)
                fb.blit(src, x, y, key, p)
        else:
            getattr(fb, name)(*op[1:])
    return buf
"""

_ns = {}
exec(APPLY, _ns)
apply = _ns["apply"]


def micropython_buffers(op_lists, tmp_path):
    exe = micropython()
    script = tmp_path / "fb_ops.py"
    script.write_text(
        "import framebuf\n"
        + APPLY
        + "\nfor ops in %r:\n    print(apply(framebuf, ops).hex())\n" % (op_lists,)
    )
    out = subprocess.run(
        [exe, "-X", "heapsize=8m", str(script)], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_random_scenes_match_real_framebuf(tmp_path):
    op_lists = [random_ops(seed) for seed in range(30)]
    expected = micropython_buffers(op_lists, tmp_path)
    assert len(expected) == len(op_lists)
    for seed, ops in enumerate(op_lists):
        got = apply(fakefb, ops).hex()
        assert got == expected[seed], "seed %d differs from framebuf" % seed


def test_every_line_direction_matches(tmp_path):
    # Lines from the centre to every point of a ring: all octants and slopes.
    ops = []
    for x in range(-5, 133, 7):
        ops.append(("line", 64, 32, x, -3, 1))
        ops.append(("line", 64, 32, x, 66, 1))
    for y in range(-5, 70, 5):
        ops.append(("line", 64, 32, -3, y, 1))
        ops.append(("line", 64, 32, 130, y, 1))
    ops.append(("line", 10, 10, 10, 10, 1))
    (expected,) = micropython_buffers([ops], tmp_path)
    assert apply(fakefb, ops).hex() == expected


def test_scroll_matches(tmp_path):
    # the burn-in shift (firmware/power.py) moves the picture with scroll
    op_lists = []
    for xs, ys in ((1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1), (3, -2), (-9, 11)):
        op_lists.append(random_ops(xs * 17 + ys, 40) + [("scroll", xs, ys)])
    expected = micropython_buffers(op_lists, tmp_path)
    for i, ops in enumerate(op_lists):
        assert apply(fakefb, ops).hex() == expected[i], ops[-1]


def test_pixel_reads_and_clipping():
    fb = fakefb.FrameBuffer(bytearray(1024), 128, 64, fakefb.MONO_VLSB)
    fb.pixel(5, 9, 1)
    assert fb.pixel(5, 9) == 1 and fb.pixel(5, 8) == 0
    assert fb.buf[128 + 5] == 0b10  # VLSB: page 1, bit 1
    assert fb.pixel(128, 0) is None and fb.pixel(-1, 3) is None
    fb.fill_rect(120, 60, 50, 50, 1)  # clipped, must not touch other bytes
    assert sum(bin(b).count("1") for b in fb.buf) == 1 + 8 * 4


SCENE = """
from firmware.hw.host import Display
from firmware.ui.canvas import Canvas
def scene():
    d = Display()
    cv = Canvas(d.fb, d.buf)
    cv.box(0, 0, 128, 9, 1, True)
    cv.center("Cribbage", 1, 0)
    cv.text("Play the computer", 7, 11)
    cv.text("gjpqy 10\\x80\\x81\\x82\\x83", -2, 21, 1, True)
    cv.number(121, 100, 21)
    cv.invert(0, 10, 125, 9)
    cv.hand([0, 13, 26, 39, 51, 36], 40, 2, 4, 8, 16)
    cv.card_back(118, 30)
    cv.dotted_box(3, 29, 20, 9)
    cv.line(0, 63, 127, 30)
    return bytes(d.buf).hex()
"""


def test_canvas_scene_same_bytes_on_both_interpreters():
    exe = micropython()
    out = subprocess.run(
        [exe, "-c", "import sys\nsys.path.insert(0, '.')\n" + SCENE + "print(scene())"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
    )
    assert out.returncode == 0, out.stderr
    ns = {}
    exec(SCENE, ns)
    ours = ns["scene"]()
    assert ours.count("0") < len(ours) - 200  # a real scene, not a blank screen
    assert out.stdout.strip() == ours


def test_font_module_matches_its_drawings():
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "tools", "gen"))
    import font as make_font

    with open(make_font.OUT) as f:
        assert f.read() == make_font.source(), "run python3 tools/gen/font.py"
