"""The simulator's pictures of the device: the 128x64 OLED and the LED
pegboard under it drawn in the terminal, in the largest view that fits
(``choose_view``): pixel for pixel in half blocks with the LEDs spaced out
("full", 128x42 for the pico), the same with a track of LEDs a row
("compact", 128x38), 2x4 pixels a braille cell with 61 LEDs a row
("braille", 64x24, fits 80x24), or the screen's text lines without pixels
with 41 LEDs a row ("text", 41x20: tools/simulator/text.py, clubs ♣ and spades ♠
as their own characters); and the PNG screenshot (Pillow, imported only
when one is taken). Works on any object with the host display's
``pixel``/``width``/``height`` and the LED buffer's ``n``/``rgb``, and a
board module's LAYOUT for the pegboard's tracks.

CPython only, standard library only (Pillow for screenshots). Imports
``HELP`` from simulator.keys (the key line under the picture); ``boards`` only in
``pico_size`` (simulator.keys puts the project root on sys.path).
"""

from simulator.keys import HELP, SHORT_HELP

SCALE = 4
LED_CELL = 12  # screenshot pixels per LED
LED_COLS = 41  # LEDs per row in the drawing (121 = 41 + 41 + 39)
OLED_ON = (190, 225, 255)
OLED_OFF = (0, 0, 0)

# ---------------------------------------------------------------- drawing
# Terminal views, largest first: (name, OLED drawing, LEDs per row, gap
# between LEDs). "full" is the OLED pixel for pixel in half blocks (1x2
# pixels a cell, 128x32 cells) with the LEDs spaced out (128x42 for the
# pico); "compact" the same OLED with a track of LEDs a row (128x38);
# "braille" 2x4 pixels a cell (64x16 cells) and 61 LEDs a row, which fits an
# 80x24 terminal (64x24).
VIEWS = (
    ("full", "half", LED_COLS, 1),
    ("compact", "half", 121, 0),
    ("braille", "braille", 61, 0),
    ("text", "text", LED_COLS, 0),
)
VIEW_NAMES = tuple(v[0] for v in VIEWS)
TEXT_ROWS = 10  # the text view's lines of the screen (the most a screen draws)
TEXT_COLS = 40
# braille dot bits for (x, y) inside a 2x4 cell
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def oled_lines(display):
    """The display as 32 strings of 128 half-block characters."""
    lines = []
    px = display.pixel
    for y in range(0, display.height, 2):
        lines.append("".join(" ▀▄█"[px(x, y) | (px(x, y + 1) << 1)] for x in range(display.width)))
    return lines


def oled_braille(display):
    """The display as 16 strings of 64 braille characters (2x4 pixels each)."""
    lines = []
    px = display.pixel
    for y0 in range(0, display.height, 4):
        row = []
        for x0 in range(0, display.width, 2):
            bits = 0
            for dy in range(4):
                for dx in range(2):
                    if px(x0 + dx, y0 + dy):
                        bits |= _DOTS[dy][dx]
            row.append(chr(0x2800 + bits))
        lines.append("".join(row))
    return lines


def led_tracks(n, board):
    """The LED indices to draw, as a list of tracks (lists), from the board's
    LAYOUT when it has one, else the strip in one run."""
    layout = getattr(board, "LAYOUT", None) if board is not None else None
    if not layout:
        return [list(range(n))]
    per = layout.get("holes", 121) + layout.get("start", 0)
    off = layout.get("offset", 0)
    tracks = layout.get("tracks", 1)
    out = []
    for t in range(tracks):
        first = off + t * per
        out.append([i for i in range(first, first + per) if i < n])
    return out


def led_rows(n, board, per_row=LED_COLS):
    """The LED indices row by row as drawn (``per_row`` a row), None for the
    gap between tracks."""
    rows = []
    for track in led_tracks(n, board):
        for k in range(0, len(track), per_row):
            rows.append(track[k : k + per_row])
        rows.append(None)  # gap between tracks
    return rows[:-1]


def shown_rgb(rgb):
    """LED levels are low (a dim room); brighten for a screen, keep hue."""
    return tuple(int(255 * (v / 255) ** 0.4) for v in rgb)


def led_text(leds, board, per_row=LED_COLS, gap=1):
    """The LED board as coloured text: ``per_row`` LEDs a line, ``gap``
    spaces between them."""
    lines = []
    for row in led_rows(leds.n, board, per_row):
        if row is None:
            lines.append("")
            continue
        parts = []
        for i in row:
            rgb = leds.rgb(i)
            if any(rgb):
                r, g, b = shown_rgb(rgb)
                parts.append("\x1b[38;2;%d;%d;%dm●" % (r, g, b))
            else:
                parts.append("\x1b[38;2;60;60;60m·")
        lines.append((" " * gap).join(parts) + "\x1b[0m")
    return lines


def view_size(view, display, n_leds, board):
    """(columns, rows) the terminal needs for ``view``: the OLED, a blank
    line, the LED rows, a blank line and the key help."""
    _, oled, per_row, gap = VIEWS[VIEW_NAMES.index(view)]
    if oled == "half":
        cols, rows = display.width, display.height // 2
    elif oled == "braille":
        cols, rows = display.width // 2, display.height // 4
    else:
        cols, rows = TEXT_COLS, TEXT_ROWS
    led = led_rows(n_leds, board, per_row)
    widest = max([len(r) * (1 + gap) - gap for r in led if r] or [0])
    return max(cols, widest, len(help_line(view))), rows + 1 + len(led) + 2


def help_line(view):
    return SHORT_HELP if view == "text" else HELP


def choose_view(cols, rows, display, n_leds, board):
    """The largest view that fits a ``cols`` x ``rows`` terminal, or None."""
    for view in VIEW_NAMES:
        w, h = view_size(view, display, n_leds, board)
        if w <= cols and h <= rows:
            return view
    return None


def next_view(view, cols, rows, display, n_leds, board):
    """The view after ``view`` (None: the one chosen) among those that fit a
    ``cols`` x ``rows`` terminal, largest first and round again (the v key)."""
    fit = [v for v in VIEW_NAMES if _fits(v, cols, rows, display, n_leds, board)]
    if not fit:
        return None
    now = view or choose_view(cols, rows, display, n_leds, board)
    return fit[(fit.index(now) + 1) % len(fit)] if now in fit else fit[0]


def _fits(view, cols, rows, display, n_leds, board):
    w, h = view_size(view, display, n_leds, board)
    return w <= cols and h <= rows


def oled_color(display):
    """The colour of a lit pixel as the panel shows it now: dimmer at a low
    contrast (the idle dimming), black when the panel is off."""
    if not getattr(display, "on", True):
        return OLED_OFF
    level = min(getattr(display, "level", 255), 0xCF)  # 0xCF: the SSD1306's power-up level
    f = 0.25 + 0.75 * level / 0xCF
    return tuple(int(c * f) for c in OLED_ON)


def panel_state(display):
    """'' when the panel is on at full contrast, else what it is doing."""
    if not getattr(display, "on", True):
        return "(screen off)"
    if getattr(display, "level", 255) < 0xCF:
        return "(dimmed)"
    return ""


def text_lines(text, display):
    """The text view's ``TEXT_ROWS`` lines: the screen's text (a
    simulator.text.ScreenText; None: nothing known), cut to ``TEXT_COLS``, and
    what the panel is doing when it is dimmed or off."""
    got = [] if text is None else [ln[:TEXT_COLS] for ln in text.lines()]
    state = panel_state(display)
    if state == "(screen off)":
        got = []
    if state:
        got = [state] + got
    got = got[:TEXT_ROWS]
    return got + [""] * (TEXT_ROWS - len(got))


def frame_lines(display, leds, board, view, text=None):
    """The whole terminal picture for ``view`` as lines (with colour codes);
    ``text`` (a simulator.text.ScreenText) for the text view."""
    _, oled, per_row, gap = VIEWS[VIEW_NAMES.index(view)]
    on = "\x1b[38;2;%d;%d;%dm\x1b[48;2;0;0;0m" % oled_color(display)
    if oled == "text":
        pic = [ln.ljust(TEXT_COLS) for ln in text_lines(text, display)]
    else:
        pic = oled_lines(display) if oled == "half" else oled_braille(display)
    lines = [on + line + "\x1b[0m" for line in pic]
    lines.append("")
    lines.extend(led_text(leds, board, per_row, gap))
    lines.append("")
    lines.append(help_line(view))
    return lines


def too_small(cols, rows, display, n_leds, board):
    """What to show when not even the smallest view fits."""
    w, h = view_size(VIEW_NAMES[-1], display, n_leds, board)
    text = "terminal %dx%d: make it at least %dx%d (q quits)" % (cols, rows, w, h)
    return [text[: max(1, cols - 1)]]


def visible_len(line):
    """Columns a line takes on screen (colour codes take none)."""
    n = 0
    i = 0
    while i < len(line):
        if line[i] == "\x1b":
            i = line.index("m", i) + 1
            continue
        n += 1
        i += 1
    return n


def screenshot(path, display, leds, board):
    """Save the screen (scaled SCALE times) with the LED board under it."""
    try:
        from PIL import Image, ImageDraw
    except ImportError:
        raise SystemExit("screenshots need Pillow: pip install -r requirements.txt")
    rows = led_rows(leds.n, board)
    w = display.width * SCALE
    h = display.height * SCALE + LED_CELL // 2 + len(rows) * LED_CELL
    img = Image.new("RGB", (w, h), (20, 20, 20))
    oled = Image.new("RGB", (display.width, display.height))
    lit = oled_color(display)
    oled.putdata(
        [
            lit if display.pixel(i % display.width, i // display.width) else OLED_OFF
            for i in range(display.width * display.height)
        ]
    )
    img.paste(oled.resize((w, display.height * SCALE), Image.NEAREST), (0, 0))
    draw = ImageDraw.Draw(img)
    top = display.height * SCALE + LED_CELL // 2
    for r, row in enumerate(rows):
        if row is None:
            continue
        for c, i in enumerate(row):
            rgb = leds.rgb(i)
            color = shown_rgb(rgb) if any(rgb) else (50, 50, 50)
            x = c * LED_CELL + 2
            y = top + r * LED_CELL + 2
            draw.ellipse((x, y, x + LED_CELL - 4, y + LED_CELL - 4), fill=color)
    img.save(path)
    return img.size


class _Panel:
    width, height = 128, 64


def pico_size(view):
    """(columns, rows) ``view`` needs with the pico board's 242 LEDs."""
    import boards

    b = boards.load("pico")
    return view_size(view, _Panel, b.N_LEDS, b)


def terminal_lines(sim, cols, rows, view=None):
    """What the terminal shows at ``cols`` x ``rows``: the forced ``view`` or
    the largest that fits, else a line asking for a bigger terminal."""
    d, leds = sim.hw.display, sim.hw.leds
    view = view or choose_view(cols, rows, d, leds.n, sim.board)
    if view is None:
        return too_small(cols, rows, d, leds.n, sim.board)
    return frame_lines(d, leds, sim.board, view, getattr(sim, "text", None))


def draw_terminal(out, sim, cols, rows, view=None):
    lines = terminal_lines(sim, cols, rows, view)
    out.write("\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K")
    out.flush()
