"""Write docs/wiring.md (a wiring table per board, from the board data in
boards/, plus the advice that goes with every build, and the order of the
LEDs on each board's strip, its 61-hole short board too, computed by the
firmware's own firmware/pegboard.py, and the power table of
tools/gen/power_table.py), docs/img/wiring.png (a simple picture of the default
Pico build, the level shifter's supply and OE drawn) and the strip's path
under the holes (docs/img/led_path_pico.png, docs/img/led_path_rp2040_zero.png),
so the documents follow the pins and layouts the firmware uses.

    python3 tools/gen/wiring.py            # rewrite them all
    python3 tools/gen/wiring.py --check    # exit 1 when docs/wiring.md is stale

CPython only. Imports boards, firmware.pegboard, tools/gen/power_table.py;
tools/gen/board_png.py (where the holes are drawn) and PIL (Pillow) for the
pictures.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402
from firmware.pegboard import Pegboard  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "tools", "gen"))
import power_table  # noqa: E402  the power section

MD = os.path.join(ROOT, "docs", "wiring.md")
PNG = os.path.join(ROOT, "docs", "img", "wiring.png")
# the strip's path under the holes: a board of two straight tracks, and one grid
PATHS = {name: os.path.join(ROOT, "docs", "img", "led_path_%s.png" % name)
         for name in ("pico", "rp2040_zero")}  # fmt: skip

# header pin numbers of the GPIOs, for boards whose silkscreen has them
_PICO_PINS = {
    0: 1,
    1: 2,
    2: 4,
    3: 5,
    4: 6,
    5: 7,
    6: 9,
    7: 10,
    8: 11,
    9: 12,
    10: 14,
    11: 15,
    12: 16,
    13: 17,
    14: 19,
    15: 20,
    16: 21,
    17: 22,
    18: 24,
    19: 25,
    20: 26,
    21: 27,
    22: 29,
    26: 31,
    27: 32,
    28: 34,
}
_FEATHER_LABELS = {
    2: "SDA",
    3: "SCL",
    6: "D4",
    7: "D5",
    8: "D6",
    9: "D9",
    10: "D10",
    11: "D11",
    12: "D12",
    13: "D13",
}
# where each board's power comes from: (3.3 V pin, 5 V pin, a ground)
_POWER_PINS = {
    "pico": ("3V3(OUT) (pin 36)", "VBUS (pin 40)", "GND (pin 38)"),
    "pico_w": ("3V3(OUT) (pin 36)", "VBUS (pin 40)", "GND (pin 38)"),
    "pico2": ("3V3(OUT) (pin 36)", "VBUS (pin 40)", "GND (pin 38)"),
    "feather_rp2040": ("3V", "USB", "GND"),
    "rp2040_zero": ("3V3", "5V", "GND"),
}


def pin_label(name, gpio):
    if name in ("pico", "pico_w", "pico2"):
        return "GP%d (pin %d)" % (gpio, _PICO_PINS[gpio])
    if name == "feather_rp2040":
        label = _FEATHER_LABELS.get(gpio)
        return "GP%d (%s)" % (gpio, label) if label else "GP%d" % gpio
    return "GP%d" % gpio


def board_table(name):
    b = boards.load(name)
    v33, v5, gnd = _POWER_PINS[name]
    rows = [
        ("OLED SDA", pin_label(name, b.I2C["sda"]), "I2C%d, 400 kHz" % b.I2C["id"]),
        ("OLED SCL", pin_label(name, b.I2C["scl"]), "address 0x%02X" % b.OLED["address"]),
        ("OLED VCC / GND", "%s / %s" % (v33, gnd), "3.3 V, not 5 V"),
    ]
    for button in ("up", "down", "left", "right", "a", "b"):
        rows.append(
            (
                "button " + button.upper() if len(button) == 1 else "button " + button,
                pin_label(name, b.BUTTONS[button]),
                "other leg to GND; pull-up inside",
            )
        )
    rows.append(("strip DIN", pin_label(name, b.LED_PIN), "through 470 ohm, at the strip end"))
    rows.append(
        (
            "strip 5V / GND",
            "%s / %s" % (v5, gnd),
            "%d LEDs; 1000 uF across, at the strip" % b.N_LEDS,
        )
    )
    uart = getattr(b, "UART", None)
    if uart is not None:  # play a friend by cable (docs/friend-play.md)
        note = "to the other board's %s; GND to GND; 3.3 V only"
        rows.append(("friend cable TX", pin_label(name, uart["tx"]), note % "RX"))
        rows.append(("friend cable RX", pin_label(name, uart["rx"]), note % "TX"))
    lines = [
        "### %s (`--board %s`)" % (b.NAME, name),
        "",
        "| what | board pin | notes |",
        "| --- | --- | --- |",
    ]
    for what, pin, note in rows:
        lines.append("| %s | %s | %s |" % (what, pin, note))
    budget = b.POWER["limit_ma"] - b.POWER["reserve_ma"]
    lines.append("")
    lines.append(
        "Power: the firmware keeps its estimate of the strip's current under %d mA "
        "(%d mA supply less %d mA for the board and the OLED)."
        % (budget, b.POWER["limit_ma"], b.POWER["reserve_ma"])
    )
    return "\n".join(lines)


def _runs(pb):
    """(first LED, last LED, what) for each stretch of the strip, in strip
    order: holes that follow one another on consecutive LEDs (either way)
    make one stretch."""
    owner = {}
    tracks = 1 if pb.shared else 2
    for t in range(tracks):
        who = "A and B" if pb.shared else "AB"[t]
        for h in range(0 if pb.start else 1, pb.holes + 1):
            owner[pb.led_of_hole(t, h)] = (who, h)
    runs = []
    for i in range(pb.n):
        got = owner.get(i)
        if runs:
            first, last, who, h0, h1 = runs[-1]
            if got is None and who is None:
                runs[-1] = (first, i, None, 0, 0)
                continue
            if got and got[0] == who and h1 and got[1] and abs(got[1] - h1) == 1:
                if h0 == h1 or (got[1] - h1) == (h1 - h0) // abs(h1 - h0):
                    runs[-1] = (first, i, who, h0, got[1])
                    continue
        runs.append((i, i, None, 0, 0) if got is None else (i, i, got[0], got[1], got[1]))
    out = []
    for first, last, who, h0, h1 in runs:
        leds = "%d" % first if first == last else "%d-%d" % (first, last)
        if who is None:
            what = "no hole (spare LEDs before the first hole)"
        elif h0 == 0 and h1 == 0:
            what = "%s: start hole (score 0)" % who
        else:
            holes = "hole %d" % h0 if h0 == h1 else "holes %d-%d" % (h0, h1)
            what = "%s: %s" % (who, holes)
        out.append((leds, what))
    return out


def _laps(pb, target):
    """Where a peg sits for a few scores on a board shorter than the game."""
    shown = []
    for score in (pb.holes - 1, pb.holes, pb.holes + 1, target - 1, target):
        shown.append("%d in hole %d" % (score, pb.hole(score)))
    return ", ".join(shown)


def led_order(name):
    """The 'LED order' markdown for board ``name``: its layout, and its short
    61-hole layout when the board has one."""
    b = boards.load(name)
    layouts = [("LAYOUT", b.LAYOUT, b.N_LEDS)]
    if getattr(b, "LAYOUT_61", None):
        layouts.append(("LAYOUT_61", b.LAYOUT_61, b.N_LEDS_61))
    lines = []
    for key, layout, n in layouts:
        pb = Pegboard(layout, b.POWER, n)
        lines += [
            "### %s, %d holes a track (`%s`, %d LEDs)" % (b.NAME, pb.holes, key, n),
            "",
            "| strip LEDs | holes |",
            "| --- | --- |",
        ]
        lines += ["| %s | %s |" % run for run in _runs(pb)]
        lines.append("")
        notes = []
        if pb.shared:
            notes.append(
                "One track for both players: each peg in its player's colour, "
                "two pegs in one hole take turns."
            )
        if pb.serpentine:
            notes.append(
                "The strip snakes under a grid of %d holes a row: every other row "
                "runs backwards." % pb.rows
            )
        notes.append(
            "Score 0 lights the start hole." if pb.start else "Score 0 has no LED (no peg shown)."
        )
        if pb.holes < 121:
            pb.set_target(121)
            notes.append(
                "In a game to 121 a peg goes round twice: %s (the last hole is "
                "reached only by winning)." % _laps(pb, 121)
            )
        lines += [" ".join(notes), ""]
    return "\n".join(lines)


INTRO = """# Wiring

GENERATED by `tools/gen/wiring.py` from the board data in `boards/`; edit
those (or the tool), then run `python3 tools/gen/wiring.py`.

![wiring of the Pico build](img/wiring.png)

Every build has the same four parts:

- **OLED**: a 0.96" SSD1306 128x64 I2C module (4 pins: GND, VCC, SCL, SDA),
  powered from **3.3 V**. Most modules already have pull-up resistors on SDA
  and SCL; no others are needed for short wires.
- **Buttons**: six momentary push buttons (up, down, left, right, A, B), each
  between its GPIO and GND. The firmware turns on the chip's pull-ups, so a
  pressed button reads low; no resistors.
- **LED strip**: WS2812B ("NeoPixel"), one LED per hole. Data goes in at the
  strip's DIN end (the arrows on the strip point away from it).
- **Power**: USB into the board gives 5 V on the pin named below (500 mA from
  a computer port). The firmware scales the strip down so its estimated
  current stays within the board's budget (`POWER` in `boards/<board>.py`).

## A 5 V strip, safely

1. **Resistor**: 470 ohm (300-500 ohm is fine) in the data line, soldered
   close to the strip's DIN. It damps ringing on the wire and protects the
   first LED.
2. **Capacitor**: 1000 uF, 6.3 V or more, across the strip's 5 V and GND
   where the power wires reach the strip, minus lead to GND. It absorbs the
   inrush when the strip switches on.
3. **Level shifter**: WS2812B at 5 V wants a data high of at least 0.7 x 5 =
   3.5 V; the RP2040 gives 3.3 V. With short wires it usually works anyway;
   to make it sure, put a 74AHCT125 (or 74HCT245) powered from 5 V between
   the GPIO and the resistor (GPIO -> 1A, 1Y -> resistor -> DIN, 1OE to GND).
   Another way: power the strip from 3.3-4.5 V, or use a "sacrificial" first
   LED powered through a diode.
4. **Common ground**: the strip's GND, the board's GND and the supply's GND
   must be joined. Connect GND before 5 V, and never plug the strip's data
   in while its power is off.
5. **Current**: each LED draws up to about 60 mA at full white; 242 LEDs
   could draw 14 A. The firmware never lights more than a few pegs brightly
   and caps its estimate at the budget, but use an external 5 V supply
   (joined at the strip, grounds common) if you change the colours or the
   budget in `boards/`.

## Per board
"""


LED_INTRO = """## LED order on the strip

The strip is one chain of LEDs from the data pin: LED 0 is the first after DIN.
These tables say which hole each LED is, for every board (`LAYOUT` in
`boards/<board>.py`) and, where a board has one, for its short 61-hole board
(`LAYOUT_61`: 61 holes a side and a start hole; a game to 121 goes round twice).
Lay the strip out in this order. Players are A (you) and B.
"""


def markdown():
    parts = [INTRO]
    for name in boards.NAMES:
        parts.append(board_table(name))
        parts.append("")
    parts.append(LED_INTRO)
    for name in boards.NAMES:
        parts.append(led_order(name))
    parts.append("")
    parts.append(power_table.wiring_section())
    return "\n".join(parts).rstrip() + "\n"


def draw(path=PNG, name=boards.DEFAULT):
    """A simple picture: the board, the OLED, the buttons, the strip with its
    resistor, capacitor and level shifter (its 5 V, ground and OE drawn)."""
    from PIL import Image, ImageDraw

    b = boards.load(name)
    img = Image.new("RGB", (900, 540), "white")
    d = ImageDraw.Draw(img)
    ink = (30, 30, 30)
    # the board
    d.rectangle((340, 150, 560, 420), outline=ink, width=3, fill=(226, 240, 226))
    d.text((360, 160), b.NAME, fill=ink)
    # the OLED
    d.rectangle((40, 30, 260, 150), outline=ink, width=3, fill=(20, 20, 40))
    d.rectangle((60, 45, 240, 125), fill=(60, 110, 200))
    d.text((70, 128), "SSD1306 128x64 I2C 0x%02X" % b.OLED["address"], fill=(220, 220, 220))
    wires = [
        ("SDA", pin_label(name, b.I2C["sda"]), (0, 120, 220), 200),
        ("SCL", pin_label(name, b.I2C["scl"]), (230, 170, 0), 220),
        ("VCC 3.3V", _POWER_PINS[name][0], (210, 40, 40), 240),
        ("GND", _POWER_PINS[name][2], ink, 260),
    ]
    for i, (what, pin, colour, y) in enumerate(wires):
        x_oled = 80 + i * 45
        d.line((x_oled, 150, x_oled, y, 340, y), fill=colour, width=3)
        d.text((x_oled + 4, 152 + 12 * (i % 2)), what, fill=colour)
        d.text((350, y - 12), pin, fill=colour)
    # the buttons
    d.text((40, 300), "buttons: GPIO to GND", fill=ink)
    for i, button in enumerate(("up", "down", "left", "right", "a", "b")):
        y = 320 + i * 30
        d.ellipse((40, y, 62, y + 22), outline=ink, width=2, fill=(200, 200, 200))
        d.text((70, y - 8), button.upper() if len(button) == 1 else button, fill=ink)
        d.line((115, y + 11, 340, y + 11), fill=(120, 60, 160), width=2)
        d.line((62, y + 11, 115, y + 11), fill=(120, 60, 160), width=2)
        d.text((230, y - 2), pin_label(name, b.BUTTONS[button]), fill=(120, 60, 160))
        d.line((30, y + 11, 40, y + 11), fill=ink, width=2)
    d.line((30, 331, 30, 500), fill=ink, width=2)
    d.text((10, 502), "GND", fill=ink)
    # the strip, through the level shifter (one gate of a 74AHCT125, pins
    # numbered as on its DIP/SOIC-14 package) and the resistor
    y = 300
    green = (0, 150, 80)
    red = (210, 40, 40)
    d.line((560, y, 600, y), fill=green, width=3)
    d.text((565, y - 56), pin_label(name, b.LED_PIN), fill=green)
    d.rectangle((600, y - 40, 680, y + 40), outline=ink, width=2, fill=(250, 250, 210))
    d.text((606, y - 36), "74AHCT125", fill=ink)
    d.text((604, y - 6), "1A (2)", fill=ink)
    d.text((640, y + 8), "1Y (3)", fill=ink)
    d.text((604, y + 24), "1OE (1)", fill=ink)
    d.line((680, y + 14, 690, y + 14, 690, y, 700, y), fill=green, width=3)
    d.rectangle((700, y - 7, 745, y + 7), outline=ink, width=2, fill=(230, 200, 160))
    d.text((700, y + 10), "470 ohm", fill=ink)
    d.line((745, y, 760, y), fill=green, width=3)
    for k in range(6):
        x = 760 + k * 22
        d.rectangle((x, y - 30, x + 18, y - 12), outline=ink, fill=(255, 240, 180))
    d.rectangle((756, y - 36, 890, y + 40), outline=ink, width=2)
    d.text((762, y - 8), "WS2812B strip", fill=ink)
    d.text((762, y + 6), "%d LEDs, DIN end" % b.N_LEDS, fill=ink)
    d.text((762, y + 20), "5V  GND", fill=ink)
    # 5 V and ground to the strip, with its capacitor
    d.line((560, 380, 790, 380, 790, y + 40), fill=red, width=3)
    d.text((685, 384), "5V from USB (%s)" % _POWER_PINS[name][1].split(" ")[0], fill=red)
    d.line((560, 410, 830, 410, 830, y + 40), fill=ink, width=3)
    d.text((565, 414), "GND (common)", fill=ink)
    d.line((810, 380, 810, 390), fill=ink, width=2)  # the capacitor, between 5V and GND
    d.line((800, 390, 820, 390), fill=ink, width=3)
    d.line((800, 397, 820, 397), fill=ink, width=3)
    d.line((810, 397, 810, 410), fill=ink, width=2)
    d.text((760, 440), "1000 uF across 5V and GND,", fill=ink)
    d.text((760, 454), "at the strip (minus to GND)", fill=ink)
    # the level shifter's supply: VCC (14) from 5 V, GND (7) and 1OE (1) to ground
    d.line((670, y + 40, 670, 380), fill=red, width=2)
    d.ellipse((667, 377, 673, 383), fill=red)
    d.text((674, y + 44), "VCC (14)", fill=red)
    d.line((625, y + 40, 625, 410), fill=ink, width=2)
    d.ellipse((622, 407, 628, 413), fill=ink)
    d.text((628, y + 56), "GND (7)", fill=ink)
    d.line((608, y + 40, 608, y + 50, 625, y + 50), fill=ink, width=2)
    d.text((560, 476), "74AHCT125: VCC (14) to 5V, GND (7) and", fill=ink)
    d.text((560, 490), "1OE (1) to GND; 0.1 uF from VCC to GND", fill=ink)
    d.text((560, 504), "at the chip; unused inputs 2A, 3A, 4A", fill=ink)
    d.text((560, 518), "(5, 9, 12) to GND", fill=ink)
    d.text((20, 5), "Cribbage board wiring: %s (see docs/wiring.md)" % b.NAME, fill=ink)
    img.save(path)
    return img.size


def _path_points(pb):
    """(led, x, y, label) of every LED of ``pb``'s strip, placed as the
    board's holes sit over it: a board whose strip snakes under a grid
    (``rows``) at its grid place, any other as tools/gen/board_png.py draws
    its holes (rows of 30 a track, the game hole at the end)."""
    label = {}
    tracks = 1 if pb.shared else 2
    for t in range(tracks):
        for h in range(0 if pb.start else 1, pb.holes + 1):
            label[pb.led_of_hole(t, h)] = h if pb.shared else "%s%d" % ("AB"[t], h)
    if pb.rows:
        pts = []
        for i in range(pb.n):
            k = i - pb.offset
            if k < 0:  # a spare LED before the grid
                pts.append((i, 100 + k * 40, 60, "spare"))
                continue
            row, col = divmod(k, pb.rows)
            if pb.serpentine and row % 2:
                col = pb.rows - 1 - col
            pts.append((i, 100 + col * 30, 60 + row * 30, label.get(i)))
        return pts
    import board_png

    g = board_png.geometry(pb)
    c = board_png.HOLE // 2
    return sorted((led, x + c + 30, y + c + 10, label.get(led)) for _t, _h, x, y, led in g["holes"])


def draw_path(path, name=boards.DEFAULT):
    """The LED strip's path under the board's holes, LED 0 (DIN) first:
    solid where one LED follows the next on the strip, dashed where the
    strip is cut and the next piece is wired on (5V, GND and data)."""
    from PIL import Image, ImageDraw

    b = boards.load(name)
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    pts = _path_points(pb)
    w = max(max(p[1] for p in pts) + 90, 560)
    h = max(p[2] for p in pts) + 84
    img = Image.new("RGB", (w, h), "white")
    d = ImageDraw.Draw(img)
    ink = (30, 30, 30)
    strip = (0, 150, 80)
    wire = (200, 60, 60)
    step = max(abs(pts[1][1] - pts[0][1]), abs(pts[1][2] - pts[0][2]))
    for p, q in zip(pts, pts[1:]):
        near = abs(q[1] - p[1]) + abs(q[2] - p[2]) <= step * 1.6
        if near:
            d.line((p[1], p[2], q[1], q[2]), fill=strip, width=3)
        else:  # a cut: the next piece of strip wired on
            n = max(1, int((abs(q[1] - p[1]) + abs(q[2] - p[2])) // 8))
            for k in range(0, n, 2):
                x0 = p[1] + (q[1] - p[1]) * k / n
                y0 = p[2] + (q[2] - p[2]) * k / n
                x1 = p[1] + (q[1] - p[1]) * (k + 1) / n
                y1 = p[2] + (q[2] - p[2]) * (k + 1) / n
                d.line((x0, y0, x1, y1), fill=wire, width=2)
    for led, x, y, what in pts:
        d.ellipse((x - 5, y - 5, x + 5, y + 5), outline=ink, fill=(255, 240, 180))
    for led, x, y, what in pts:  # the ends of each piece of strip, by LED and hole
        first = led == 0
        last = led == pb.n - 1
        prev = pts[led - 1] if led else None
        nxt = pts[led + 1] if not last else None
        cut_before = prev is None or abs(x - prev[1]) + abs(y - prev[2]) > step * 1.6
        cut_after = nxt is None or abs(x - nxt[1]) + abs(y - nxt[2]) > step * 1.6
        if first or last or cut_before or cut_after:
            text = "%d%s" % (led, "" if what is None else " (%s)" % what)
            if cut_before and not cut_after:  # a piece's first LED: its label to the left
                d.text((x - 8 - d.textlength(text), y - 6), text, fill=ink)
            else:
                d.text((x + 8, y - 6 if cut_after else y + 6), text, fill=ink)
        if first:
            d.text((x - 8, y - 22), "DIN", fill=strip)
    d.text((10, h - 44), "%s: %d LEDs, LED 0 at DIN" % (b.NAME, pb.n), fill=ink)
    d.text(
        (10, h - 30),
        "green: one piece of strip; red dashed: wires to the next piece (5V, GND, data)",
        fill=ink,
    )
    d.text((10, h - 16), "labels: LED number (hole; A/B: the player's track)", fill=ink)
    img.save(path)
    return img.size


def main(argv):
    text = markdown()
    have = open(MD).read() if os.path.exists(MD) else None
    if "--check" in argv:
        if have != text:
            print("docs/wiring.md is stale: run python3 tools/gen/wiring.py")
            return 1
        return 0
    os.makedirs(os.path.dirname(PNG), exist_ok=True)
    with open(MD, "w") as f:
        f.write(text)
    print("wrote docs/wiring.md; docs/img/wiring.png %dx%d" % draw())
    for name, path in PATHS.items():
        print("wrote docs/img/%s %dx%d" % ((os.path.basename(path),) + draw_path(path, name)))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import bootstrap  # .venv first

    status = bootstrap.arguments(sys.argv[1:], __doc__, flags=("--check",))
    if status is not None:
        sys.exit(status)
    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
