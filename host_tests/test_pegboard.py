# portable
"""LED pegboard (firmware/pegboard.py) and board data (boards/): every score
lands on the right LED for each layout (expected positions worked out here
by walking the strip, not by the module's formula), pegs follow awards and
undos, shared holes stay readable, animations end, no frame the board can
show passes the power budget, the plain loops (no firmware.fast) draw what
the fast ones draw, and under MicroPython a frame takes no heap, not even for
its calls' frames. Runs under CPython and MicroPython."""

import sys

import boards
from firmware import hal
from firmware.keeper.control import KeeperInput, open_store
from firmware.pegboard import CHASE_MS, Pegboard, led_count
from memstorage import MemStorage

CHAIN = {"holes": 121, "tracks": 2, "order": "chain", "rows": 0, "serpentine": False, "offset": 0}
BIG = {"limit_ma": 100000, "reserve_ma": 0, "ma_per_channel": 20, "idle_ma": 1}

BLINK_MS = 500  # firmware.pegboard._BLINK_MS: shared holes take turns this long


def lit(pb, buf):
    out = []
    for i in range(pb.n):
        if buf[3 * i] or buf[3 * i + 1] or buf[3 * i + 2]:
            out.append(i)
    return out


def peg_leds(layout, player, score, target=121):
    """LEDs lit when only ``player`` has both pegs at ``score`` (no markers)."""
    pb = Pegboard(layout, BIG, target=target)
    pb.set_markers(False)
    pb.set_pegs(player, score, score)
    buf = bytearray(pb.n * 3)
    pb.render(buf)
    return lit(pb, buf)


def hole_121(score):
    # a 121-hole board: score s in hole s; the game hole holds anything past
    return min(score, 121)


def check_layout(layout, expected_led, target=121, players=(0, 1), top=125):
    for p in players:
        for s in range(0, top + 1):
            want = expected_led(p, s)
            got = peg_leds(layout, p, s, target)
            assert got == ([] if want is None else [want]), (layout, p, s, got, want)


def test_straight_chain_every_score():
    # strip: A's holes 1..121, then B's holes 1..121; score 0 has no LED
    strip = [(p, h) for p in (0, 1) for h in range(1, 122)]

    def expected(p, s):
        return None if s == 0 else strip.index((p, hole_121(s)))

    check_layout(CHAIN, expected)


def test_serpentine_shared_track_with_offset():
    # RP2040-Zero build: LED 0 spare, then an 11x11 grid whose holes read
    # left to right on every row while the strip snakes
    layout = boards.load("rp2040_zero").LAYOUT
    where = {}
    for i in range(121):
        row = i // 11
        j = i % 11
        col = j if row % 2 == 0 else 10 - j
        where[(row, col)] = 1 + i

    def expected(p, s):
        if s == 0:
            return None
        h = hole_121(s)
        return where[((h - 1) // 11, (h - 1) % 11)]

    check_layout(layout, expected)


def test_serpentine_chain_rows_of_22():
    # two tracks of 121 holes laid in rows of 22 (242 = 11 rows), snaking
    layout = dict(CHAIN, rows=22, serpentine=True)
    strip = []  # strip order -> logical (track, hole), walked row by row
    logical = [(p, h) for p in (0, 1) for h in range(1, 122)]
    for row in range(11):
        cells = logical[row * 22 : row * 22 + 22]
        if row % 2:
            cells = cells[::-1]
        strip += cells

    def expected(p, s):
        return None if s == 0 else strip.index((p, hole_121(s)))

    check_layout(layout, expected, top=122)


def test_start_led_and_offset():
    # 61-hole two-track board with a start LED per track, 3 LEDs before it
    layout = {"holes": 61, "tracks": 2, "order": "chain", "start": 1, "offset": 3}
    assert led_count(layout) == 3 + 2 * 62

    for p in (0, 1):
        other_start = 3 + (1 - p) * 62  # the other side waits on its start LED
        for s in range(0, 71):
            want = sorted([3 + p * 62 + min(s, 61), other_start])  # start, then holes
            assert peg_leds(layout, p, s, 61) == want, (p, s)


def test_61_hole_board_in_121_game_goes_round_twice():
    layout = {"holes": 61, "tracks": 2, "order": "chain"}

    def expected(p, s):
        if s == 0:
            return None
        if s >= 121:
            h = 61  # game hole
        elif s <= 60:
            h = s
        else:
            h = s - 60  # second lap
        return p * 61 + h - 1

    check_layout(layout, expected, target=121, top=125)


def test_121_board_in_61_game_ends_at_hole_61():
    def expected(p, s):
        return None if s == 0 else p * 121 + min(s, 61) - 1

    check_layout(CHAIN, expected, target=61, top=70)


def test_fixed_deals_no_game_hole_laps_and_the_deals_to_play_at_the_end():
    # V6: no target, so pegs go round in laps of 120 holes; no skunk lines or game
    # hole; the deals still to play glow at the end of each track
    assert Pegboard(CHAIN, BIG, target=0).hole(130) == 10
    assert Pegboard(CHAIN, BIG, target=0).hole(120) == 120
    pb = Pegboard(CHAIN, BIG, target=0)
    pb.set_deals(3)
    buf = bytearray(pb.n * 3)
    pb.render(buf)

    def amber(buf):  # the lines' colour (no blue), not the markers' white
        return [i for i in lit(pb, buf) if not buf[3 * i + 2]]

    assert amber(buf) == [118, 119, 120, 239, 240, 241]  # holes 119..121 of each track
    pb.set_deals(1)
    pb.render(buf)
    assert amber(buf) == [120, 241]  # no skunk lines either


def _strip(layout):
    """(track, hole) of each LED, walked along the strip here: the offset's
    spare LEDs, then each track's holes (its start hole first when it has
    one) in rows, every other row backwards on a serpentine strip."""
    tracks = 1 if layout.get("order") == "shared" else 2
    first = 0 if layout.get("start", 0) else 1
    logical = [(t, h) for t in range(tracks) for h in range(first, layout["holes"] + 1)]
    rows = layout.get("rows", 0)
    strip = [None] * layout.get("offset", 0)
    if layout.get("serpentine") and rows:
        for r in range(0, len(logical), rows):
            cells = logical[r : r + rows]
            strip += cells[::-1] if (r // rows) % 2 else cells
    else:
        strip += logical
    return strip


def _groups(buf, n, leave):
    # the LEDs lit in each colour, as sets (the colours themselves left out)
    by = {}
    for i in range(n):
        c = bytes(buf[3 * i : 3 * i + 3])
        if c != bytes(3) and i not in leave:
            by.setdefault(c, set()).add(i)
    return sorted(sorted(g) for g in by.values())


def test_markers_lines_glow_chase_and_odds_light_the_holes_they_name_on_every_layout():
    layouts = [CHAIN, dict(CHAIN, rows=22, serpentine=True), dict(CHAIN, rows=7, serpentine=True)]
    layouts += [{"holes": 61, "tracks": 2, "order": "chain", "start": 1, "offset": 3}]
    layouts += [{"holes": 37, "order": "shared", "rows": 6, "serpentine": True, "start": 1}]
    layouts += [boards.load(name).LAYOUT for name in boards.NAMES]
    for layout in layouts:
        strip = _strip(layout)
        holes = layout["holes"]
        shared = layout.get("order") == "shared"
        tracks = (0,) if shared else (0, 1)
        target = 121 if holes >= 121 else holes
        starts = {i for i, th in enumerate(strip) if th is not None and th[1] == 0}

        def leds(t, hs):
            return sorted(strip.index((0 if shared else t, h)) for h in hs)

        def check(pb, want, why):
            buf = bytearray(pb.n * 3)
            pb.render(buf)
            got = _groups(buf, pb.n, starts)  # the pegs at 0 sit on the start LEDs
            assert got == sorted(g for g in want if g), (layout, why, got)

        pb = Pegboard(layout, BIG, len(strip), target=target)
        lines = [holes] + ([91, 61] if target >= 121 else [31])
        marks = [h for h in range(5, holes, 5) if h not in lines]
        want_lines = sorted(i for t in tracks for i in leds(t, [h for h in lines if h <= holes]))
        check(pb, [sorted(i for t in tracks for i in leds(t, marks)), want_lines], "markers")

        deals = Pegboard(layout, BIG, len(strip), target=0)
        deals.set_deals(3)
        last = list(range(holes - 2, holes + 1))
        rest = [h for h in range(5, holes, 5) if h not in last]
        check(deals, [sorted(i for t in tracks for i in leds(t, rest)),
                      sorted(i for t in tracks for i in leds(t, last))], "deals")  # fmt: skip

        for w in tracks:
            pb.celebrate(w)
            for phase in range(1, 8):
                pb.update(CHASE_MS)  # phase 1, 2, ..., 5, 0 (every sixth from the sixth), 1
                h0 = phase % 6 or 6
                bright = list(range(h0, holes + 1, 6))
                glow = [h for h in range(1, holes + 1) if h not in bright]
                other = [t for t in tracks if t != w]
                want = [leds(w, bright), leds(w, glow)]
                want.append(sorted(i for t in other for i in leds(t, marks)))
                want.append(sorted(i for t in other for i in leds(t, lines)))
                check(pb, want, ("chase", w, phase))
        pb.celebrate(-1)

        pb.set_markers(False)
        for chance in (0, 1, 100, 170, 255):
            pb.show_odds(chance, 100)
            n0 = (chance * holes + 127) // 255
            n1 = ((255 - chance) * holes + 127) // 255
            if shared:  # one track: the second player's share drawn over the first's
                want = [leds(0, range(n1 + 1, n0 + 1)), leds(0, range(1, n1 + 1))]
            else:
                want = [leds(0, range(1, n0 + 1)), leds(1, range(1, n1 + 1))]
            check(pb, want, ("odds", chance))


def test_layout_errors_are_clear():
    for bad, words in (
        ({"holes": 121, "tracks": 2, "order": "zigzag"}, "order"),
        ({"holes": 121, "tracks": 1, "order": "chain"}, "tracks"),
        (
            {"holes": 121, "tracks": 1, "order": "shared", "rows": 8, "serpentine": True},
            "serpentine",
        ),
    ):
        try:
            Pegboard(bad)
            assert False, bad
        except ValueError as e:
            assert words in str(e), str(e)
    try:
        Pegboard(CHAIN, n_leds=100)
        assert False
    except ValueError as e:
        assert "242" in str(e)


def test_boards_are_consistent():
    used_by_wireless = (23, 24, 25, 29)
    for name in boards.NAMES:
        b = boards.load(name)
        assert b.N_LEDS == led_count(b.LAYOUT), name
        if hasattr(b, "LAYOUT_61"):
            assert b.N_LEDS_61 == led_count(b.LAYOUT_61) and b.LAYOUT_61["holes"] == 61
        assert b.I2C["freq"] == 400000 and b.OLED["address"] == 0x3C
        assert sorted(b.BUTTONS) == sorted(hal.BUTTON_NAMES), name
        pins = list(b.BUTTONS.values()) + [b.I2C["sda"], b.I2C["scl"], b.LED_PIN]
        assert len(set(pins)) == len(pins), name  # no pin used twice
        for pin in pins:
            assert 0 <= pin <= 29, (name, pin)
            if name == "pico_w":
                assert pin not in used_by_wireless
        if b.STATUS_LED and b.STATUS_LED[0] == "ws2812":
            assert b.LED_PIN != b.STATUS_LED[1], name  # strip needs its own pin
        # I2C pins of the bus named (RP2040: I2C0 SDA on 0,4,8..; I2C1 SDA on 2,6,10..)
        assert b.I2C["sda"] % 4 == 2 * b.I2C["id"] and b.I2C["scl"] == b.I2C["sda"] + 1
        p = b.POWER
        assert p["limit_ma"] == 500 and p["idle_ma"] * b.N_LEDS < p["limit_ma"] - p["reserve_ma"]
    assert boards.load().NAME == "Raspberry Pi Pico"
    try:
        boards.load("arduino")
        assert False
    except ValueError as e:
        assert "pico" in str(e)


def tap(ctrl, bit):
    # what firmware.ui.buttons gives for a short press (A and B act on the tap)
    ctrl.handle(("press", bit))
    ctrl.handle(("release", bit))
    if bit == hal.A or bit == hal.B:
        ctrl.handle(("tap", bit))


def enter(ctrl, side, n):
    tap(ctrl, hal.LEFT if side == 0 else hal.RIGHT)
    tap(ctrl, hal.A)
    for _ in range(n):
        tap(ctrl, hal.UP)
    tap(ctrl, hal.A)


def test_front_and_rear_pegs_follow_awards_and_undo():
    b = boards.load("pico")
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    ctrl = KeeperInput(open_store(MemStorage()), pb)
    buf = bytearray(pb.n * 3)
    lv = pb._lv

    def pegs_on_strip():
        while pb.update(1000):
            pb.render(buf)
        pb.set_markers(False)
        pb.render(buf)
        got = {}
        for i in lit(pb, buf):
            for p in (0, 1):
                for slot, name in ((p, "front"), (2 + p, "rear")):
                    if buf[3 * i : 3 * i + 3] == lv[slot * 3 : slot * 3 + 3]:
                        got[(p, name)] = i - p * 121 + 1  # back to a hole number
        return got

    enter(ctrl, 0, 5)
    assert pegs_on_strip() == {(0, "front"): 5}  # rear at 0: no LED
    enter(ctrl, 1, 7)
    enter(ctrl, 0, 3)
    assert pegs_on_strip() == {(0, "front"): 8, (0, "rear"): 5, (1, "front"): 7}
    enter(ctrl, 0, 12)
    assert pegs_on_strip() == {(0, "front"): 20, (0, "rear"): 8, (1, "front"): 7}
    tap(ctrl, hal.B)  # undo the 12
    assert pegs_on_strip() == {(0, "front"): 8, (0, "rear"): 5, (1, "front"): 7}
    tap(ctrl, hal.B)  # undo the 3
    assert pegs_on_strip() == {(0, "front"): 5, (1, "front"): 7}
    ctrl.handle(("press", hal.B))
    ctrl.handle(("long", hal.B))  # redo the 3
    ctrl.handle(("release", hal.B))
    assert pegs_on_strip() == {(0, "front"): 8, (0, "rear"): 5, (1, "front"): 7}


def test_award_walks_hole_by_hole_then_stops():
    pb = Pegboard(CHAIN, BIG)
    buf = bytearray(pb.n * 3)
    pb.set_markers(False)
    pb.set_pegs(0, 10, 0)
    pb.render(buf)
    pb.set_pegs(0, 16, 10, animate=True)
    seen = []
    for _ in range(100):
        if pb.update(10):
            pb.render(buf)
            front = [i for i in lit(pb, buf) if buf[3 * i + 1] == pb._lv[1]]
            seen.append(front[0] + 1)
    assert seen == [10, 11, 12, 13, 14, 15, 16], seen  # first frame: the new rear, peg still at 10
    assert not pb.update(1000)  # still frame: nothing to write


def test_shared_hole_alternates_players():
    layout = boards.load("rp2040_zero").LAYOUT
    pb = Pegboard(layout, BIG)
    pb.set_color(0, 255, 0, 0)
    pb.set_color(1, 0, 0, 255)
    pb.set_markers(False)
    pb.set_pegs(0, 30, 20)
    pb.set_pegs(1, 30, 25)
    i = pb.led(0, 30)
    buf = bytearray(pb.n * 3)
    colours = []
    for _ in range(4):
        pb.render(buf)
        colours.append((buf[3 * i + 1] > 0, buf[3 * i + 2] > 0))  # (red, blue)
        assert pb.update(BLINK_MS)  # the blink changes the frame
    assert colours == [(True, False), (False, True), (True, False), (False, True)], colours
    # apart, nothing blinks and still frames are not rewritten
    pb.set_pegs(1, 40, 35)
    pb.render(buf)
    assert not pb.update(BLINK_MS * 3)


def frames_are_under_budget(name, check_unlimited=False):
    b = boards.load(name)
    limit = b.POWER["limit_ma"] - b.POWER["reserve_ma"]
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    pb.set_brightness(255)
    pb.set_color(0, 255, 255, 255)
    pb.set_color(1, 255, 255, 255)
    buf = bytearray(pb.n * 3)
    worst = 0
    for s in range(0, 125, 3):
        pb.set_pegs(0, s, max(0, s - 5))
        pb.set_pegs(1, 124 - s, 110 - s if s < 110 else 0, animate=True)
        for _ in range(4):
            pb.update(BLINK_MS)
            pb.render(buf)
            ma = pb.estimate_ma(buf)
            worst = max(worst, ma)
            # recomputed here from the formula, not by the module
            own = sum(buf) * b.POWER["ma_per_channel"] / 255 + b.POWER["idle_ma"] * pb.n
            assert own <= limit, (name, s, own)
    for w in (0, 1):
        pb.celebrate(w)
        for _ in range(8):
            pb.update(CHASE_MS)
            pb.render(buf)
            own = sum(buf) * b.POWER["ma_per_channel"] / 255 + b.POWER["idle_ma"] * pb.n
            assert own <= limit and pb.estimate_ma(buf) <= limit, (name, own)
            worst = max(worst, pb.estimate_ma(buf))
    return worst


def test_every_frame_under_power_budget_on_every_board():
    for name in boards.NAMES:
        frames_are_under_budget(name)


def test_win_chase_at_full_brightness_needs_and_gets_limiting():
    # 242 LEDs, white, full brightness: unlimited it would pass 440 mA
    b = boards.load("pico")
    free = Pegboard(b.LAYOUT, BIG, b.N_LEDS)
    free.set_brightness(255)
    free.set_color(0, 255, 255, 255)
    free.celebrate(0)
    buf = bytearray(free.n * 3)
    free.render(buf)
    assert free.estimate_ma(buf) > 440
    assert frames_are_under_budget("pico") <= 440


def test_ordinary_frame_is_not_dimmed():
    b = boards.load("pico")
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    pb.set_pegs(0, 50, 40)
    buf = bytearray(pb.n * 3)
    pb.render(buf)
    i = pb.led(0, 50)
    assert buf[3 * i : 3 * i + 3] == pb._lv[0:3]  # front peg at its full level
    assert buf[3 * i + 1] == 255 * pb.brightness // 255


def test_brightness_zero_is_dark():
    pb = Pegboard(CHAIN)
    pb.set_pegs(0, 50, 40)
    pb.set_brightness(0)
    buf = bytearray(pb.n * 3)
    pb.render(buf)
    assert lit(pb, buf) == []


def test_render_allocates_nothing_under_micropython():
    if sys.implementation.name != "micropython":
        import pytest

        pytest.skip("gc.mem_alloc is MicroPython's: test_micropython.py runs this file there")
    import gc

    b = boards.load("pico")
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    pb.set_pegs(0, 50, 40)
    pb.set_pegs(1, 60, 52, animate=True)
    buf = bytearray(pb.n * 3)
    pb.render(buf)
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(5):
        pb.update(20)
        pb.render(buf)
    pb.celebrate(1)
    pb.set_brightness(255)  # limiter path too
    for _ in range(5):
        pb.update(CHASE_MS)
        pb.render(buf)
    assert gc.mem_alloc() - before < 64, gc.mem_alloc() - before


class _Probe(Pegboard):
    """A pegboard that notes in ``most[0]`` the most heap in use whenever the
    drawing reads its level table or ``rows`` (every LED it draws reads one
    or both): the calls the frame is inside of then hold their frames, on the
    heap or not."""

    most = None

    def _note(self):
        if self.most is not None:
            a = __import__("gc").mem_alloc()
            if a > self.most[0]:
                self.most[0] = a

    @property
    def rows(self):
        self._note()
        return self._rows

    @rows.setter
    def rows(self, v):
        self._rows = v

    @property
    def _lv(self):
        self._note()
        return self._levels_table

    @_lv.setter
    def _lv(self, v):
        self._levels_table = v


def test_render_calls_take_no_heap_for_their_frames_under_micropython():
    # MicroPython gives a call with more than 11 words of locals and stack its
    # frame from the heap unless the heap is locked; on a heap a game has
    # fragmented each such frame searches for room (docs/measured.md: the LED
    # rows): no call a frame makes may hold heap, not even for a moment
    if sys.implementation.name != "micropython":
        import pytest

        pytest.skip("gc.mem_alloc is MicroPython's: test_micropython.py runs this file there")
    import gc

    b = boards.load("pico")
    pb = _Probe(b.LAYOUT, b.POWER, b.N_LEDS)
    most = [0]
    buf = bytearray(pb.n * 3)
    pb.set_pegs(0, 87, 80)
    pb.set_pegs(1, 112, 104)
    pb.render(buf)
    pb.most = most
    for what in ("still", "walk", "odds", "chase"):
        if what == "walk":
            pb.set_pegs(0, 95, 87, animate=True)
        elif what == "odds":
            pb.show_odds(100)
        elif what == "chase":
            pb.set_brightness(255)  # the limiter too
            pb.set_color(0, 255, 255, 255)
            pb.celebrate(0)
            pb.render(buf)  # the template redrawn (not per frame)
        pb.update(CHASE_MS)
        gc.collect()
        base = gc.mem_alloc()
        most[0] = base
        pb.render(buf)
        assert most[0] - base == 0, (what, most[0] - base)


def test_plain_loops_draw_the_same_frames():
    # where firmware.fast does not load (CircuitPython, the web) the plain
    # loops draw: the same bytes and mA, frame for frame (on the unix port
    # with the heap locked, as firmware.fast loads there: they allocate nothing)
    import firmware.pegboard as module

    def frames():
        out = []
        b = boards.load("pico")
        pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
        buf = bytearray(pb.n * 3)
        pb.set_pegs(0, 87, 80)
        pb.set_pegs(1, 112, 104, animate=True)
        for _ in range(4):
            pb.update(60)
            out.append((pb.render(buf), bytes(buf)))
        pb.show_odds(170, 100)
        out.append((pb.render(buf), bytes(buf)))
        pb.set_brightness(255)
        pb.set_color(0, 255, 255, 255)
        pb.celebrate(0)
        for _ in range(7):
            pb.update(CHASE_MS)
            out.append((pb.render(buf), bytes(buf)))
        z = boards.load("rp2040_zero")
        pz = Pegboard(z.LAYOUT, z.POWER, z.N_LEDS, target=0)
        bz = bytearray(pz.n * 3)
        pz.set_deals(3)
        pz.set_pegs(0, 30, 20)
        pz.set_pegs(1, 30, 25)
        for _ in range(3):
            pz.update(BLINK_MS)
            out.append((pz.render(bz), bytes(bz)))
        return out

    saved = module._fast
    if saved is None:  # the web's MicroPython has no viper: the plain loops are all it draws with
        assert len(frames()) == 15
        return
    fast = frames()
    module._fast = None
    try:
        plain = frames()
    finally:
        module._fast = saved
    assert len(plain) == len(fast)
    for k in range(len(fast)):
        assert plain[k] == fast[k], k
