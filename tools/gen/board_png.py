"""Draw the LED pegboard as a picture (PNG), for the README and for checking
a layout by eye. PC-side tool (CPython + Pillow); it runs the real
``firmware.pegboard`` and paints each hole with its LED's colour.

    python tools/gen/board_png.py --board pico --scores 87 112 --rear 80 104 \
        --out docs/board.png

Without ``--out`` the picture goes to build/board.png in the repository (git
ignores build/); an ``--out`` must be a .png in a folder that exists.

Holes are drawn in rows of 30 per track (five-hole groups), the game hole at
the end, whatever the strip's wiring: the picture shows what players see.
Imports boards, firmware.pegboard, firmware.keeper.game (colours) and Pillow.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import boards  # noqa: E402
from firmware.keeper.game import COLORS  # noqa: E402
from firmware.pegboard import Pegboard  # noqa: E402

PER_ROW = 30
PITCH = 20  # px between holes
GROUP_GAP = 10  # px between five-hole groups
HOLE = 14  # px hole diameter
COLOR_NAMES = [name for name, _ in COLORS]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_OUT = os.path.join(ROOT, "build", "board.png")  # build/ is git-ignored


def parse_args(argv):
    ap = argparse.ArgumentParser(description="Render the LED pegboard to a PNG.")
    ap.add_argument("--board", default=boards.DEFAULT, choices=boards.NAMES)
    ap.add_argument("--scores", type=int, nargs=2, default=(0, 0), metavar=("A", "B"))
    ap.add_argument(
        "--rear", type=int, nargs=2, metavar=("A", "B"), help="rear pegs (default: none)"
    )
    ap.add_argument("--target", type=int, default=121, choices=(61, 121))
    ap.add_argument("--brightness", type=int, default=96, help="0..255 (default 96)")
    ap.add_argument("--colors", nargs=2, default=("red", "blue"), choices=COLOR_NAMES)
    ap.add_argument("--win", choices=("A", "B"), help="show the win chase for this side")
    ap.add_argument("--no-markers", action="store_true", help="hide the fifth-hole markers")
    ap.add_argument(
        "--out",
        default=DEFAULT_OUT,
        help="the PNG to write, in a folder that exists (default: build/board.png"
        " in the repository, which git ignores)",
    )
    args = ap.parse_args(argv)
    if not args.out.lower().endswith(".png"):
        ap.error("--out must name a .png file, not %r" % args.out[:80])
    folder = os.path.dirname(args.out)
    if folder and not os.path.isdir(folder) and args.out != DEFAULT_OUT:
        ap.error("--out: the folder %r does not exist (it is not made)" % folder[:80])
    for s in list(args.scores) + list(args.rear or ()):
        if not 0 <= s <= args.target:  # the board has no hole past the game hole
            ap.error(
                "score %d out of range 0..%d: a %d game ends in hole %d (the game hole)"
                % (s, args.target, args.target, args.target)
            )
    if not 0 <= args.brightness <= 255:
        ap.error("brightness must be 0..255")
    return args


def visible(v):
    # LEDs look far brighter than their PWM value: a gamma lift for the screen
    return 0 if v == 0 else int(255 * (v / 255) ** 0.45)


def geometry(pb):
    """Where each hole is drawn, for this picture and the web page's board
    (tools/build_web.py): a dict with the picture's ``width``/``height``, the
    ``tracks``, ``rows``, ``track_h``, ``top`` and ``holes``, a list of
    ``(track, hole, x, y, led)`` with (x, y) the hole's top-left corner."""
    tracks = 1 if pb.shared else 2
    rows = (pb.holes - 1 + PER_ROW - 1) // PER_ROW  # the last hole is the game hole
    row_w = PER_ROW * PITCH + (PER_ROW // 5 - 1) * GROUP_GAP
    left, top = 70, 44
    track_h = rows * PITCH + 16

    def hole_xy(track, hole):
        if hole == 0:
            return left - PITCH - 6, top + track * track_h
        if hole == pb.holes:
            return left + row_w + PITCH, top + track * track_h + (rows - 1) * PITCH // 2
        k = hole - 1
        row, col = divmod(k, PER_ROW)
        x = left + col * PITCH + (col // 5) * GROUP_GAP
        return x, top + track * track_h + row * PITCH

    holes = []
    for t in range(tracks):
        for h in range(0 if pb.start else 1, pb.holes + 1):
            x, y = hole_xy(t, h)
            holes.append((t, h, x, y, pb.led_of_hole(t, h)))
    return {
        "width": left + row_w + PITCH * 2 + 20,
        "height": top + tracks * track_h + 34,
        "tracks": tracks,
        "rows": rows,
        "track_h": track_h,
        "top": top,
        "hole": HOLE,
        "holes": holes,
    }


def render(args):
    from PIL import Image, ImageDraw, ImageFont

    board = boards.load(args.board)
    pb = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS, args.target)
    pb.set_brightness(args.brightness)
    for side, name in enumerate(args.colors):
        r, g, b = COLORS[COLOR_NAMES.index(name)][1]
        pb.set_color(side, r, g, b)
    pb.set_markers(not args.no_markers)
    rear = args.rear or args.scores
    for side in (0, 1):
        pb.set_pegs(side, args.scores[side], rear[side])
    if args.win:
        pb.celebrate("AB".index(args.win))
    buf = bytearray(pb.n * 3)
    ma = pb.render(buf)

    g = geometry(pb)
    tracks, rows, track_h = g["tracks"], g["rows"], g["track_h"]
    top = g["top"]
    width, height = g["width"], g["height"]
    img = Image.new("RGB", (width, height), (46, 30, 18))
    draw = ImageDraw.Draw(img)
    try:
        font = ImageFont.load_default(size=15)
    except (TypeError, OSError):  # Pillow without FreeType: the bitmap font
        font = ImageFont.load_default()
    title = "%s: A %d  B %d  (to %d)" % (board.NAME, args.scores[0], args.scores[1], args.target)
    draw.text((10, 8), title, fill=(235, 220, 190), font=font)

    for t in range(tracks):
        label = "A + B" if pb.shared else "AB"[t]
        draw.text(
            (10, top + t * track_h + (rows - 1) * PITCH // 2),
            label,
            fill=(235, 220, 190),
            font=font,
        )
    for _t, _h, x, y, i in g["holes"]:
        gr, r, b = buf[3 * i], buf[3 * i + 1], buf[3 * i + 2]
        if r or gr or b:
            fill = (visible(r), visible(gr), visible(b))
            draw.ellipse((x - 1, y - 1, x + HOLE + 1, y + HOLE + 1), fill=fill)
        else:
            draw.ellipse((x, y, x + HOLE, y + HOLE), fill=(20, 12, 6), outline=(90, 66, 44))
    note = "%d LEDs, estimated %d mA (limit %d)" % (
        pb.n,
        ma,
        board.POWER["limit_ma"] - board.POWER["reserve_ma"],
    )
    draw.text((10, height - 26), note, fill=(180, 160, 130), font=font)
    return img


def main(argv=None):
    args = parse_args(argv)
    img = render(args)
    if args.out == DEFAULT_OUT:
        os.makedirs(os.path.dirname(DEFAULT_OUT), exist_ok=True)  # the repository's own build/
    try:
        img.save(args.out, "PNG")
    except OSError as e:
        print("error: cannot write %s: %s" % (args.out[:80], e), file=sys.stderr)
        return 2
    print("wrote %s (%dx%d)" % (args.out, img.width, img.height))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    bootstrap.ensure()
    sys.exit(main())
