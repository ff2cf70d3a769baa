"""Building a ``firmware.pegboard.Pegboard``: reads a board's ``LAYOUT`` (see
``boards/__init__.py``) and ``POWER``, refuses a layout the strip cannot show
with a ValueError that says why, and gives the pegboard its starting state
(pegs at 0, markers on, the default colours and brightness, nothing moving).
It runs once, at boot: ``Pegboard()`` loads this module for it and forgets it
again, so its code and messages are not in the heap through a game.
Imports nothing.

Power: the strip draws about ``(r + g + b) / 255 * ma_per_channel`` mA per LED
plus ``idle_ma`` for each LED, lit or not. What is left of ``limit_ma`` once
``reserve_ma`` (the board and the OLED) and the standing current are taken is
what the lit LEDs may draw; the pegboard keeps it as ``_limit``, in the unit
its frames are summed in (channel levels times ``ma_per_channel``). A board
without ``POWER`` gets a 500 mA supply, nothing reserved, 20 mA a channel and
1 mA an LED.
"""


def setup(pb, layout, power, n_leds, target):
    """Check ``layout`` and set up ``pb`` (see ``Pegboard``'s arguments)."""
    holes = layout["holes"]
    order = layout.get("order", "chain")
    tracks = layout.get("tracks", 1 if order == "shared" else 2)
    if order not in ("chain", "shared"):
        raise ValueError("layout order must be 'chain' or 'shared', not %r" % (order,))
    if (order == "chain") != (tracks == 2):
        raise ValueError("a 'chain' layout has 2 tracks, a 'shared' one 1")
    if holes < 2:
        raise ValueError("a board needs at least 2 holes")
    start = 1 if layout.get("start", 0) else 0
    rows = layout.get("rows", 0)
    serpentine = bool(layout.get("serpentine", False)) and rows > 0
    used = (holes + start) * tracks
    if serpentine and used % rows and (used // rows) & 1:
        raise ValueError("a serpentine strip cannot end in a part row running backwards")
    need = layout.get("offset", 0) + used
    if n_leds is None:
        n_leds = need
    if n_leds < need:
        raise ValueError("layout needs %d LEDs, the strip has %d" % (need, n_leds))
    pb.holes = holes
    pb.start = start
    pb.shared = order == "shared"
    pb.rows = rows
    pb.serpentine = serpentine
    pb.offset = layout.get("offset", 0)
    pb.n = n_leds
    p = {} if power is None else power
    pb.ma_per_channel = p.get("ma_per_channel", 20)
    pb.idle_ma = p.get("idle_ma", 1)
    budget = p.get("limit_ma", 500) - p.get("reserve_ma", 0) - pb.idle_ma * n_leds
    pb._limit = budget * 255 if budget > 0 else 0
    pb.target = target
    pb.deals_left = 0  # fixed deals (V6): deals still to play, shown at the end
    pb.markers = True
    pb.front = [0, 0]
    pb.rear = [0, 0]
    # the levels (24 bytes, firmware.pegboard's slots, G R B), then the two
    # colours R G B: red and blue
    pb._lv = bytearray(24) + b"\xff\x00\x00\x00\x60\xff"
    pb.brightness = 96
    pb._walk = -1  # player whose front peg is walking, or -1
    pb._wpos = 0
    pb._wacc = 0
    pb._wstep = 60
    pb._cel = -1  # celebrating player, or -1
    pb._odds = -1  # show_odds: player 0's chance 0..255 while shown, or -1
    pb._oms = 0
    pb._phase = 0
    pb._cacc = 0
    pb._blink = 0
    pb._bacc = 0
    pb._conflict = False
    pb.dirty = True
    pb._bg = bytearray(n_leds * 3)  # the template: markers, lines, the winner's glow
    pb._bg_sum = -1  # its channel sum; -1: redraw it at the next render
    pb._sum = 0  # channel sum of the frame being drawn
