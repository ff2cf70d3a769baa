"""Building a ``firmware.pegboard.Pegboard``: reads a board's ``LAYOUT`` (see
``boards/__init__.py``) and ``POWER``, refuses a layout the strip cannot show
with a ValueError that says why, and gives the pegboard its starting state
(pegs at 0, markers on, the default colours and brightness, nothing moving).
It runs once, at boot: ``Pegboard()`` loads this module for it and forgets it
again, so its code and messages are not in the heap through a game.
It also draws, when they change, what a frame is made from: the levels
of each slot (``levels``: from the colours and the brightness, at boot, on
the idle's dimming and waking, or a keeper's colours) and the template of
what stays put (``background``: the marks, the lines, the winner's glow),
which ``Pegboard`` loads this module for too. Imports ``firmware.fast``
(its fill) where viper is.

Power: the strip draws about ``(r + g + b) / 255 * ma_per_channel`` mA per LED
plus ``idle_ma`` for each LED, lit or not. What is left of ``limit_ma`` once
``reserve_ma`` (the board and the OLED) and the standing current are taken is
what the lit LEDs may draw; the pegboard keeps it as ``_limit``, in the unit
its frames are summed in (channel levels times ``ma_per_channel``). A board
without ``POWER`` gets a 500 mA supply, nothing reserved, 20 mA a channel and
1 mA an LED.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# the level-table slots (three bytes each, G R B)
_FRONT = const(0)  # firmware.pegboard's
_REAR = const(2)  # firmware.pegboard's
_MARK = const(4)  # firmware.pegboard's
_LINE = const(5)  # firmware.pegboard's
_GLOW = const(6)  # firmware.pegboard's
_RGB = const(8)  # firmware.pegboard's


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
    levels(pb)


def levels(self):
    """Every slot's LED levels from the colours and the brightness
    (``Pegboard._levels``); the template is drawn again at the next render."""
    lv = self._lv
    k = self.brightness
    for p in (0, 1):
        for c in (0, 1, 2):
            v = lv[(_RGB + p) * 3 + c]
            f = v * k // 255
            if v and k and not f:
                f = 1
            r = f // 4
            if f and not r:
                r = 1
            gl = f // 10
            if f and not gl:
                gl = 1
            j = (1, 0, 2)[c]  # R G B -> G R B position
            lv[(_FRONT + p) * 3 + j] = f
            lv[(_REAR + p) * 3 + j] = r
            lv[(_GLOW + p) * 3 + j] = gl
    m = max(1, 8 * k // 255) if k else 0
    lv[_MARK * 3] = m
    lv[_MARK * 3 + 1] = m
    lv[_MARK * 3 + 2] = m
    lv[_LINE * 3] = max(1, 6 * k // 255) if k else 0
    lv[_LINE * 3 + 1] = max(1, 16 * k // 255) if k else 0
    lv[_LINE * 3 + 2] = 0
    self._bg_sum = -1
    self.dirty = True


def background(self):
    """What stays put (marks, lines, the winner's glow) into the template
    (``Pegboard._background``), and its channel sum."""
    bg = self._bg
    try:
        from firmware.fast import fill

        fill(bg, len(bg), 0)
    except (ImportError, SyntaxError):  # no viper (CircuitPython)
        for i in range(len(bg)):
            bg[i] = 0
    self._sum = 0
    tracks = 1 if self.shared else 2
    holes = self.holes
    if self.markers:
        for t in range(tracks):
            for h in range(5, holes, 5):
                self._put(bg, self.led_of_hole(t, h), _MARK)
            if not self.target:  # fixed deals: the deals to play, no lines
                for h in range(holes, max(0, holes - self.deals_left), -1):
                    self._put(bg, self.led_of_hole(t, h), _LINE)
                continue
            self._put(bg, self.led_of_hole(t, holes), _LINE)
            if self.target >= 121:
                self._put(bg, self.led(t, 91), _LINE)
                self._put(bg, self.led(t, 61), _LINE)
            else:
                self._put(bg, self.led(t, 31), _LINE)
    w = self._cel
    if w >= 0:
        for h in range(1, holes + 1):
            self._put(bg, self.led_of_hole(w, h), _GLOW + w)
    self._bg_sum = self._sum
