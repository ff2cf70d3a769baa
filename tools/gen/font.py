"""Generates firmware/ui/font.py from the glyph drawings below: the project's own
5x7 font (rows 0-6; row 7 holds descenders), printable ASCII 32..126, a box for
127 and anything unknown, then the card and cursor symbols from 128 on.
CPython only; run after editing a drawing:

    python3 tools/gen/font.py          # rewrites firmware/ui/font.py
    python3 tools/gen/font.py --check  # exit 1 when font.py is out of date

Each strip holds up to eight glyphs side by side, five columns each, separated
by a space; '#' is a lit pixel. Strips without an eighth row have no
descenders.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "firmware", "ui", "font.py")

# name of each extra glyph from code 128 on, in order
EXTRAS = ("CLUB", "DIAMOND", "HEART", "SPADE", "TEN", "RIGHT", "LEFT", "UP", "DOWN")

STRIPS = """
.....  ..#..  .#.#.  .#.#.  ..#..  ##...  .##..  ..#..
.....  ..#..  .#.#.  #####  .####  ##..#  #..#.  ..#..
.....  ..#..  .....  .#.#.  #.#..  ...#.  #.#..  .....
.....  ..#..  .....  .#.#.  .###.  ..#..  .#...  .....
.....  .....  .....  #####  ..#.#  .#...  #.#.#  .....
.....  .....  .....  .#.#.  ####.  #..##  #..#.  .....
.....  ..#..  .....  .....  ..#..  ...##  .##.#  .....

...#.  .#...  .....  .....  .....  .....  .....  .....
..#..  ..#..  ..#..  ..#..  .....  .....  .....  ....#
.#...  ...#.  #.#.#  ..#..  .....  .....  .....  ...#.
.#...  ...#.  .###.  #####  .....  #####  .....  ..#..
.#...  ...#.  #.#.#  ..#..  .....  .....  .....  .#...
..#..  ..#..  ..#..  ..#..  .##..  .....  .##..  #....
...#.  .#...  .....  .....  ..#..  .....  .##..  .....
.....  .....  .....  .....  .#...  .....  .....  .....

.###.  ..#..  .###.  #####  ...#.  #####  ..##.  #####
#...#  .##..  #...#  ...#.  ..##.  #....  .#...  ....#
#..##  ..#..  ....#  ..#..  .#.#.  ####.  #....  ...#.
#.#.#  ..#..  ...#.  ...#.  #..#.  ....#  ####.  ..#..
##..#  ..#..  ..#..  ....#  #####  ....#  #...#  .#...
#...#  ..#..  .#...  #...#  ...#.  #...#  #...#  .#...
.###.  .###.  #####  .###.  ...#.  .###.  .###.  .#...

.###.  .###.  .....  .....  ...#.  .....  .#...  .###.
#...#  #...#  .##..  .##..  ..#..  .....  ..#..  #...#
#...#  #...#  .##..  .##..  .#...  #####  ...#.  ....#
.###.  .####  .....  .....  #....  .....  ....#  ...#.
#...#  ....#  .##..  .##..  .#...  #####  ...#.  ..#..
#...#  ...#.  .##..  ..#..  ..#..  .....  ..#..  .....
.###.  .##..  .....  .#...  ...#.  .....  .#...  ..#..

.###.  .###.  ####.  .###.  ###..  #####  #####  .###.
#...#  #...#  #...#  #...#  #..#.  #....  #....  #...#
#.###  #...#  #...#  #....  #...#  #....  #....  #....
#.#.#  #####  ####.  #....  #...#  ####.  ####.  #.###
#.##.  #...#  #...#  #....  #...#  #....  #....  #...#
#....  #...#  #...#  #...#  #..#.  #....  #....  #...#
.####  #...#  ####.  .###.  ###..  #####  #....  .####

#...#  .###.  ..###  #...#  #....  #...#  #...#  .###.
#...#  ..#..  ...#.  #..#.  #....  ##.##  ##..#  #...#
#...#  ..#..  ...#.  #.#..  #....  #.#.#  #.#.#  #...#
#####  ..#..  ...#.  ##...  #....  #.#.#  #..##  #...#
#...#  ..#..  ...#.  #.#..  #....  #...#  #...#  #...#
#...#  ..#..  #..#.  #..#.  #....  #...#  #...#  #...#
#...#  .###.  .##..  #...#  #####  #...#  #...#  .###.

####.  .###.  ####.  .####  #####  #...#  #...#  #...#
#...#  #...#  #...#  #....  ..#..  #...#  #...#  #...#
#...#  #...#  #...#  #....  ..#..  #...#  #...#  #...#
####.  #...#  ####.  .###.  ..#..  #...#  #...#  #.#.#
#....  #.#.#  #.#..  ....#  ..#..  #...#  #...#  #.#.#
#....  #..#.  #..#.  ....#  ..#..  #...#  .#.#.  ##.##
#....  .##.#  #...#  ####.  ..#..  .###.  ..#..  #...#

#...#  #...#  #####  .###.  .....  .###.  ..#..  .....
#...#  #...#  ....#  .#...  #....  ...#.  .#.#.  .....
.#.#.  .#.#.  ...#.  .#...  .#...  ...#.  #...#  .....
..#..  ..#..  ..#..  .#...  ..#..  ...#.  .....  .....
.#.#.  ..#..  .#...  .#...  ...#.  ...#.  .....  .....
#...#  ..#..  #....  .#...  ....#  ...#.  .....  .....
#...#  ..#..  #####  .###.  .....  .###.  .....  #####

.#...  .....  #....  .....  ....#  .....  ..##.  .....
..#..  .....  #....  .....  ....#  .....  .#..#  .....
.....  .###.  #.##.  .###.  .##.#  .###.  .#...  .####
.....  ....#  ##..#  #....  #..##  #...#  ###..  #...#
.....  .####  #...#  #....  #...#  #####  .#...  #...#
.....  #...#  #...#  #...#  #...#  #....  .#...  .####
.....  .####  ####.  .###.  .####  .###.  .#...  ....#
.....  .....  .....  .....  .....  .....  .....  .###.

#....  ..#..  ...#.  #....  .##..  .....  .....  .....
#....  .....  .....  #....  ..#..  .....  .....  .....
#.##.  .##..  ..##.  #..#.  ..#..  ##.#.  #.##.  .###.
##..#  ..#..  ...#.  #.#..  ..#..  #.#.#  ##..#  #...#
#...#  ..#..  ...#.  ##...  ..#..  #.#.#  #...#  #...#
#...#  ..#..  ...#.  #.#..  ..#..  #.#.#  #...#  #...#
#...#  .###.  #..#.  #..#.  .###.  #.#.#  #...#  .###.
.....  .....  .##..  .....  .....  .....  .....  .....

.....  .....  .....  .....  .#...  .....  .....  .....
.....  .....  .....  .....  .#...  .....  .....  .....
####.  .####  #.##.  .####  ###..  #...#  #...#  #...#
#...#  #...#  ##..#  #....  .#...  #...#  #...#  #.#.#
#...#  #...#  #....  .###.  .#...  #...#  #...#  #.#.#
####.  .####  #....  ....#  .#..#  #..##  .#.#.  #.#.#
#....  ....#  #....  ####.  ..##.  .##.#  ..#..  .#.#.
#....  ....#  .....  .....  .....  .....  .....  .....

.....  .....  .....  ...#.  ..#..  .#...  .....  #####
.....  .....  .....  ..#..  ..#..  ..#..  .....  #...#
#...#  #...#  #####  ..#..  ..#..  ..#..  .#...  #...#
.#.#.  #...#  ...#.  .#...  ..#..  ...#.  #.#.#  #...#
..#..  #...#  ..#..  ..#..  ..#..  ..#..  ...#.  #...#
.#.#.  .####  .#...  ..#..  ..#..  ..#..  .....  #...#
#...#  ....#  #####  ...#.  ..#..  .#...  .....  #####
.....  .###.  .....  .....  .....  .....  .....  .....

.###.  ..#..  .....  ..#..  #.###  .#...  ...#.  .....
.###.  .###.  ##.##  .###.  #.#.#  .##..  ..##.  .....
#.#.#  .###.  #####  #####  #.#.#  .###.  .###.  ..#..
#####  #####  #####  #####  #.#.#  .####  ####.  .###.
#.#.#  .###.  .###.  ##.##  #.#.#  .###.  .###.  #####
..#..  .###.  ..#..  ..#..  #.#.#  .##..  ..##.  .....
.###.  ..#..  .....  .###.  #.###  .#...  ...#.  .....

.....
.....
#####
.###.
..#..
.....
.....
"""


def glyph_columns():
    """Column bytes (bit 0 = top row) for every glyph, in code order."""
    glyphs = []
    for block in STRIPS.strip("\n").split("\n\n"):
        rows = block.split("\n")
        cells = [row.split() for row in rows]
        for g in range(len(cells[0])):
            cols = []
            for x in range(5):
                byte = 0
                for y, row in enumerate(cells):
                    if row[g][x] == "#":
                        byte |= 1 << y
                cols.append(byte)
            glyphs.append(bytes(cols))
    return glyphs


def source():
    glyphs = glyph_columns()
    assert len(glyphs) == 96 + len(EXTRAS), len(glyphs)
    lines = [
        '"""The project\'s 5x7 bitmap font (generated by tools/gen/font.py from its',
        "drawings; edit those, not this file). Imports nothing.",
        "",
        "``DATA`` holds five column bytes per glyph, bit 0 the top row (the MONO_VLSB",
        "layout, so a column ORs straight into the display buffer). Glyphs sit in a",
        "6x8 cell: five columns and a blank one, rows 0-6 with descenders in row 7.",
        "Codes 32..126 are ASCII, 127 a box (also drawn for unknown codes), then the",
        "symbols named below (use them as chr(code) in text).",
        '"""',
        "",
        "try:",
        "    from micropython import const",
        "except ImportError:",
        "    const = lambda x: x  # noqa: E731  CPython has no const()",
        "",
        "WIDTH = const(5)  # columns of ink per glyph",
        "_ADVANCE = const(6)  # pen step per character",
        "_HEIGHT = const(8)  # line pitch",
        "_BOX = const(95)",
        "_EXTRA = const(128)",
        "_LAST = const(%d)" % (127 + len(EXTRAS)),
    ]
    for i, name in enumerate(EXTRAS):
        # the arrows are used by other modules; the rest private (no names on a device)
        private = "" if name in ("RIGHT", "LEFT", "UP", "DOWN") else "_"
        lines.append("%s%s = const(%d)" % (private, name, 128 + i))
    lines.append("# suit symbol codes by engine suit index (C D H S)")
    lines.append("SUIT_CODES = bytes((_CLUB, _DIAMOND, _HEART, _SPADE))")
    lines.append("")
    lines.append("DATA = (")
    for i in range(0, len(glyphs), 4):
        chunk = b"".join(glyphs[i : i + 4])
        lines.append('    b"' + "".join("\\x%02x" % b for b in chunk) + '"')
    lines.append(")")
    lines.append("")
    lines.append("")
    lines.append("def glyph(code):")
    lines.append('    """Offset in DATA of the five columns drawn for character code ``code``."""')
    lines.append("    if 32 <= code < 128:")
    lines.append("        return (code - 32) * 5")
    lines.append("    if _EXTRA <= code <= _LAST:")
    lines.append("        return (code - 32) * 5")
    lines.append("    return _BOX * 5")
    lines.append("")
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    text = source()
    if "--check" in argv:
        with open(OUT) as f:
            same = f.read() == text
        print("firmware/ui/font.py is up to date" if same else "firmware/ui/font.py is stale")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(text)
    print("wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    status = bootstrap.arguments(sys.argv[1:], __doc__, flags=("--check",))
    if status is not None:
        sys.exit(status)
    bootstrap.ensure()
    sys.exit(main())
