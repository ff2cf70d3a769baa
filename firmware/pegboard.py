"""The LED pegboard: two pegs per player on a WS2812 strip, laid out by a
board's ``LAYOUT`` (see ``boards/__init__.py``), kept under the board's power
budget. Draws into a caller's bytearray (G R B per LED); allocates nothing per
frame. Imports ``firmware.fast`` when it loads (the plain loop otherwise),
``micropython``'s heap_lock and heap_unlock where it has them (``render``
draws with the heap locked where firmware.fast loads) and
``firmware.pegboard_setup`` to build one (read the layout, check it), which it
forgets again with ``firmware``'s ``drop``: a pegboard is built once, at boot.

Holes and scores: hole h (1..holes) is the h-th hole of a track; score 0 is
the start position, which has an LED only when the layout says ``start: 1``
(otherwise a peg at 0 is simply not shown). A score at or past the target sits
in the game hole; a game of fixed deals (V6) has no target (0) and its pegs
go round in laps of ``holes - 1``. A board shorter than the game (61 holes, 121 target) is
gone round in laps of ``holes - 1`` with the last hole as the game hole, like
a real 61-hole board.

What shows:
  front peg   the player's current score, in the player's colour
  rear peg    the score before the last award, the same colour, dim
  markers     every fifth hole, very dim white (``markers = False`` hides them)
  lines       skunk lines (91 and 61 in a 121 game, 31 in a 61 game) and the
              game hole, dim amber
  deal count  a game of fixed deals (``set_deals(left)``): instead of the lines,
              the last ``left`` holes of each track dim amber, one for each
              deal still to play (this one included)
  shared hole pegs of both players on one LED take turns (``_BLINK_MS``)
An award can walk the peg hole by hole (``set_pegs(..., animate=True)``) and
``celebrate(player)`` runs a chase along the winner's track, and
``show_odds(chance, ms)`` lights each player's share of the chance to win
along their track for a moment (the keeper's menu asks for it); all advance in
``update(dt_ms)``, which returns True when the frame changed. Then
``render(buf)`` and write the strip; ``render`` clears the dirty flag.

Speed: what stays put between frames (markers, lines, the winner's glow during
the chase) is drawn once into a template, a bytearray copied into the frame
(one memory copy); a frame then draws only the pegs and the chase's bright
holes. A run of holes (the markers, the glow, the chase, the odds) is set in
one loop, and the power limit's scaling runs in ``firmware.fast.scale``
(viper) where that loads. There ``render`` locks
the heap while it draws, so that the calls a frame makes take their frames
from the C stack, not from a heap a game has fragmented (see ``render``; the figures:
docs/measured.md).

Power: the strip draws about ``(r + g + b) / 255 * ma_per_channel`` mA per
LED plus ``idle_ma`` for each LED, lit or not (the board's ``POWER``; see
``firmware.pegboard_setup``). ``render`` scales the whole frame down when that
estimate would pass ``limit_ma - reserve_ma``, so no brightness setting or
animation can overload the supply.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

try:
    from firmware import fast as _fast
except (ImportError, SyntaxError):  # no viper (CircuitPython): the plain loop
    _fast = None

# render draws with the heap locked where firmware.fast runs (MicroPython on
# a board, the unix port): not on CPython, nor where the plain loop draws
# (CircuitPython, whose background tasks run between bytecodes and may need
# the heap; the web)
try:
    from micropython import heap_lock, heap_unlock
except ImportError:
    heap_lock = None
if _fast is None:
    heap_lock = None

_BLINK_MS = const(500)
CHASE_MS = const(80)
_CHASE = const(6)  # one bright LED in every six during the celebration
# level-table slots (three bytes each, G R B)
_FRONT = const(0)  # +player
_REAR = const(2)  # +player
_MARK = const(4)
_LINE = const(5)
_GLOW = const(6)  # +player: celebration background
_RGB = const(8)  # +player: the colours (R G B) set_color gives, after the levels


def led_count(layout):
    """LEDs the layout needs: offset + (holes + start) per track."""
    per = layout["holes"] + layout.get("start", 0)
    return layout.get("offset", 0) + per * (1 if layout.get("order") == "shared" else 2)


class Pegboard:
    def __init__(self, layout, power=None, n_leds=None, target=121):
        """``layout`` and ``power`` a board's ``LAYOUT`` and ``POWER`` (None:
        a 500 mA supply), ``n_leds`` the strip's length (None: what the layout
        needs). A layout the strip cannot show raises ValueError."""
        import sys

        from firmware import pegboard_setup  # once, at boot: forgotten again

        try:
            pegboard_setup.setup(self, layout, power, n_leds, target)
        finally:
            if sys.implementation.name != "cpython":
                from firmware import drop as _drop

                _drop("firmware.pegboard_setup")
        self._levels()

    # ---- settings
    def set_color(self, player, r, g, b):
        lv = self._lv
        j = (_RGB + player) * 3
        lv[j] = r
        lv[j + 1] = g
        lv[j + 2] = b
        self._levels()

    def set_brightness(self, level):
        """Global brightness 0..255 (the power limit applies on top)."""
        self.brightness = max(0, min(255, level))
        self._levels()

    def set_target(self, target):
        self.target = target
        self._check()
        self._bg_sum = -1
        self.dirty = True

    def set_deals(self, left):
        """A game of fixed deals: ``left`` deals still to play (0: none shown)."""
        if left != self.deals_left:
            self.deals_left = left
            self._bg_sum = -1
            self.dirty = True

    def set_markers(self, on):
        self.markers = bool(on)
        self._bg_sum = -1
        self.dirty = True

    def _levels(self):
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

    # ---- mapping
    def hole(self, score):
        """The hole (0 = start) a peg at ``score`` sits in."""
        if score <= 0:
            return 0
        t = self.target
        if t and score >= t:
            return t if t <= self.holes else self.holes
        if score < self.holes:
            return score
        return (score - 1) % (self.holes - 1) + 1

    def led_of_hole(self, track, hole):
        """Strip index of ``hole`` on ``track`` (0/1; ignored when shared), or
        -1 when it has no LED."""
        if hole == 0 and not self.start:
            return -1
        k = hole - 1 + self.start
        if not self.shared:
            k += track * (self.holes + self.start)
        rows = self.rows
        if self.serpentine:
            r = k // rows
            if r & 1:
                k = r * rows + rows - 1 - (k - r * rows)
        return self.offset + k

    def led(self, player, score):
        """Strip index for ``player``'s peg at ``score``, or -1."""
        return self.led_of_hole(player, self.hole(score))

    # ---- pegs and animations
    def set_pegs(self, player, front, rear, animate=False):
        """Show ``player``'s pegs; with ``animate`` a forward move walks the
        front peg from where it stood, hole by hole (see ``update``)."""
        self._walk = -1
        old = self.front[player]
        self.front[player] = front
        self.rear[player] = rear
        if animate and front > old:
            n = front - old
            self._walk = player
            self._wpos = old
            self._wacc = 0
            self._wstep = max(20, min(60, 900 // n))
        self._check()
        self.dirty = True

    def still(self):
        """True when no walk, chase or blink runs (the app may sleep)."""
        return self._walk < 0 and self._cel < 0 and not self._conflict

    def celebrate(self, player):
        """Start the win chase along ``player``'s track; ``celebrate(-1)`` stops it."""
        if player == self._cel:
            return
        self._walk = -1
        self._cel = player
        self._phase = 0
        self._cacc = 0
        self._bg_sum = -1
        self.dirty = True

    def show_odds(self, chance, ms=3000):
        """For ``ms``, each player's track lit (dim, their colour) from its
        start over their share of it: ``chance`` 0..255 is player 0's chance
        to win (engine.winprob), the rest player 1's; the pegs stay on top."""
        self._odds = chance
        self._oms = ms
        self.dirty = True

    def _check(self):
        # Do pegs of both players share an LED (shared track)? Then they blink.
        a = self.led(0, self._wpos if self._walk == 0 else self.front[0])
        b = self.led(0, self.rear[0])
        c = self.led(1, self._wpos if self._walk == 1 else self.front[1])
        d = self.led(1, self.rear[1])
        self._conflict = (a >= 0 and (a == c or a == d)) or (b >= 0 and (b == c or b == d))

    def update(self, dt_ms):
        """Advance animations by ``dt_ms``; True when the frame changed since
        the last ``render``. Never blocks."""
        if self._walk >= 0:
            self._wacc += dt_ms
            p = self._walk
            while self._wacc >= self._wstep and self._wpos < self.front[p]:
                self._wacc -= self._wstep
                self._wpos += 1
                self.dirty = True
            if self._wpos >= self.front[p]:
                self._walk = -1
            self._check()
        if self._cel >= 0:
            self._cacc += dt_ms
            while self._cacc >= CHASE_MS:
                self._cacc -= CHASE_MS
                self._phase = (self._phase + 1) % _CHASE
                self.dirty = True
        if self._oms > 0:
            self._oms -= dt_ms
            if self._oms <= 0:
                self._odds = -1
                self.dirty = True
        if self._conflict:
            self._bacc += dt_ms
            if self._bacc >= _BLINK_MS:
                self._bacc %= _BLINK_MS
                self._blink ^= 1
                self.dirty = True
        return self.dirty

    # ---- drawing
    def render(self, buf):
        """Draw the frame into ``buf`` (at least n*3 bytes, G R B per LED),
        scaled under the power budget; returns the estimated mA."""
        # MicroPython gives a call whose locals and stack pass 11 words its
        # frame from the heap when it can (freed at its return), and the C
        # stack when the heap is locked. A frame makes a call like that for
        # each run of LEDs it draws (_holes, and _draw itself), and on a heap a game
        # has fragmented each one searches the heap for room: locked, the
        # frame takes no heap at all and its time does not depend on the
        # heap's state. Drawing allocates nothing (the tests check it), so
        # nothing here needs the heap.
        if heap_lock is None:
            return self._draw(buf)
        heap_lock()
        try:
            return self._draw(buf)
        finally:
            heap_unlock()

    def _draw(self, buf):
        n3 = self.n * 3
        if self._bg_sum < 0:
            self._background()
        buf[:n3] = self._bg  # one copy; no slice object on the heap
        self._sum = self._bg_sum
        w = self._cel
        if w >= 0:  # the chase: every sixth hole bright, over the glow
            h = self._phase if self._phase else _CHASE
            if h <= self.holes:
                self._holes(buf, _FRONT + w, w, h, (self.holes - h) // _CHASE + 1, _CHASE)
        o = self._odds
        if o >= 0:  # show_odds: each share of its own track
            for p in (0, 1):
                h = ((o if p == 0 else 255 - o) * self.holes + 127) // 255
                self._holes(buf, _REAR + p, p, 1, h, 1)
        last = self._blink if self._conflict else 1  # drawn on top
        for k in (1, 0):
            p = last ^ k
            self._holes(buf, _REAR + p, p, self.hole(self.rear[p]), 1, 1)
            f = self._wpos if p == self._walk else self.front[p]
            self._holes(buf, _FRONT + p, p, self.hole(f), 1, 1)
        num = self._limit
        den = self._sum * self.ma_per_channel
        if den > num:
            # floor(v * num / den) keeps the scaled sum <= num / ma_per_channel
            if _fast is not None:
                self._sum = _fast.scale(buf, n3, num, den)
            else:
                s = 0
                for i in range(n3):
                    v = buf[i]
                    if v:
                        v = v * num // den
                        buf[i] = v
                        s += v
                self._sum = s
        self.dirty = False
        return (self._sum * self.ma_per_channel + 254) // 255 + self.idle_ma * self.n

    def _background(self):
        # draw what stays put into the template (when it changes)
        bg = self._bg
        if _fast is not None:
            _fast.fill(bg, len(bg), 0)
        else:
            for i in range(len(bg)):
                bg[i] = 0
        self._sum = 0
        tracks = 1 if self.shared else 2
        holes = self.holes
        w = self._cel
        if self.markers:
            for t in range(tracks):
                if w >= 0 and (t == w or self.shared):
                    continue  # the glow covers them
                self._holes(bg, _MARK, t, 5, (holes - 1) // 5, 5)
                if not self.target:  # fixed deals: the deals to play, no lines
                    n = min(self.deals_left, holes)
                    self._holes(bg, _LINE, t, holes - n + 1, n, 1)
                    continue
                self._holes(bg, _LINE, t, holes, 1, 1)
                if self.target >= 121:
                    self._holes(bg, _LINE, t, self.hole(91), 1, 1)
                    self._holes(bg, _LINE, t, self.hole(61), 1, 1)
                else:
                    self._holes(bg, _LINE, t, self.hole(31), 1, 1)
        if w >= 0:
            self._holes(bg, _GLOW + w, w, 1, holes, 1)
        self._bg_sum = self._sum

    def _holes(self, buf, slot, track, hole, n, step):
        # ``n`` holes of ``track`` from ``hole``, ``step`` apart, set to
        # ``slot``'s levels in one loop with the strip's mapping inline (a
        # call a hole made the chase's template 24 ms); hole 0 is the start
        # LED, if the board has one
        if n <= 0 or not (hole or self.start):
            return
        k = hole - 1 + self.start
        if not self.shared:
            k += track * (self.holes + self.start)
        lv = self._lv
        s = slot * 3
        g = lv[s]
        r = lv[s + 1]
        u = lv[s + 2]
        t = g + r + u
        o = self.offset
        rows = self.rows
        if not self.serpentine:
            rows = 0
        d = 0
        while n > 0:
            i = k
            if rows and (k // rows) & 1:  # a row running backwards
                i = (2 * (k // rows) + 1) * rows - 1 - k
            j = (o + i) * 3
            d += t - buf[j] - buf[j + 1] - buf[j + 2]
            buf[j] = g
            buf[j + 1] = r
            buf[j + 2] = u
            k += step
            n -= 1
        self._sum += d

    def estimate_ma(self, buf):
        """The strip's current for the frame in ``buf``, in mA, rounded up."""
        s = sum(memoryview(buf)[: self.n * 3])
        return (s * self.ma_per_channel + 254) // 255 + self.idle_ma * self.n
