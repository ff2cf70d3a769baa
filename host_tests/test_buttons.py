# portable
"""firmware/ui/buttons.py: debounce, long press, auto-repeat and simultaneous
presses, driven by synthetic raw bitmasks and times (no hardware, no clock).
Runs on CPython and MicroPython."""

from firmware.ui.buttons import Buttons, went, happened
from firmware.hal import UP, DOWN, LEFT, A, B


def run(btns, timeline, step=10, until=None):
    """timeline: [(t_ms, raw)], each raw held until the next entry; polls every
    ``step`` ms from 0 to ``until``; returns [(t, kind, bit)]."""
    out = []
    end = until if until is not None else timeline[-1][0] + step
    k = 0
    raw = 0
    t = 0
    while t <= end:
        while k < len(timeline) and timeline[k][0] <= t:
            raw = timeline[k][1]
            k += 1
        for ev in btns.poll(raw, t):
            out.append((t, ev[0], ev[1]))
        t += step
    return out


def kinds(events):
    return [(e[1], e[2]) for e in events]


def test_clean_press_and_release():
    evs = run(Buttons(), [(0, 0), (100, A), (300, 0)], until=500)
    assert kinds(evs) == [("press", A), ("release", A), ("tap", A)]
    # accepted one debounce period (20 ms) after the level settles
    assert evs[0][0] == 120 and evs[1][0] == evs[2][0] == 320
    # the d-pad acts on press and repeat: no taps
    assert kinds(run(Buttons(), [(0, UP), (100, 0)], until=300)) == [("press", UP), ("release", UP)]


def test_bounce_shorter_than_debounce_is_filtered():
    # contact chatter at the press and the release: 10 ms blips only
    tl = [(0, 0), (100, A), (110, 0), (120, A), (130, 0), (140, A), (400, 0), (410, A), (420, 0)]
    evs = run(Buttons(), tl, step=5, until=700)
    assert kinds(evs) == [("press", A), ("release", A), ("tap", A)]
    assert evs[0][0] >= 160  # only once the level held 20 ms from 140
    # a lone 10 ms spike is never a press
    assert run(Buttons(), [(0, 0), (50, B), (60, 0)], step=5, until=300) == []


def test_long_press_fires_once_at_700ms():
    evs = run(Buttons(), [(0, A), (2000, 0)], until=2500)
    assert kinds(evs) == [("press", A), ("long", A), ("release", A)]  # no tap after a long
    press_t, long_t = evs[0][0], evs[1][0]
    assert 700 <= long_t - press_t < 710
    # released before 700 ms: no long, a tap
    evs = run(Buttons(), [(0, B), (600, 0)], until=1500)
    assert kinds(evs) == [("press", B), ("release", B), ("tap", B)]


def test_repeat_after_delay_then_at_rate():
    evs = run(Buttons(), [(0, DOWN), (1000, 0)], until=1200)
    reps = [e[0] for e in evs if e[1] == "repeat"]
    press_t = evs[0][0]
    assert reps[0] - press_t == 400
    gaps = [reps[i + 1] - reps[i] for i in range(len(reps) - 1)]
    assert gaps and all(g == 120 for g in gaps)
    # 400, 520, 640, 760, 880 ms after the press at 20: before the release
    assert len(reps) == 5
    assert not any(e[1] == "long" for e in evs)  # d-pad repeats, no long


def test_late_poll_gives_one_repeat_not_a_burst():
    b = Buttons()
    b.poll(UP, 0)
    b.poll(UP, 20)  # press accepted
    assert kinds([(0,) + e for e in b.poll(UP, 2000)]) == [("repeat", UP)]
    assert b.poll(UP, 2010) == []


def test_simultaneous_presses_each_reported_in_bit_order():
    evs = run(Buttons(), [(0, 0), (50, A | UP | LEFT), (200, A), (400, 0)], until=600)
    assert kinds(evs) == [
        ("press", UP),
        ("press", LEFT),
        ("press", A),
        ("release", UP),
        ("release", LEFT),
        ("release", A),
        ("tap", A),
    ]
    assert evs[0][0] == evs[1][0] == evs[2][0]


def test_mashing_keeps_press_release_paired():
    # pseudo-random raw noise at every poll: events must stay well formed
    x = 12345
    b = Buttons()
    down = 0
    counts = 0
    for t in range(0, 20000, 3):
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        raw = x & 63 if (t // 90) % 2 else (x & 0x30) | 1  # noise, then a mostly held UP
        for kind, bit in b.poll(raw, t):
            counts += 1
            if kind == "press":
                assert not down & bit
                down |= bit
            elif kind == "release":
                assert down & bit
                down &= ~bit
            elif kind == "tap":
                assert not down & bit and bit & (A | B), "a tap follows its release"
            elif kind == "chord":
                assert bit == A | B and down & bit == bit
            else:
                assert down & bit, "repeat/long without a press"
        assert b.held == down
    assert counts > 0


def test_a_and_b_together_are_a_chord_and_neither_taps_nor_longs():
    # A down, B down 100 ms later, both held past the long time, B up, A up
    evs = run(Buttons(), [(0, A), (100, A | B), (1500, A), (1600, 0)], until=1800)
    assert kinds(evs) == [
        ("press", A),
        ("press", B),
        ("chord", A | B),
        ("release", B),
        ("release", A),
    ]
    # the next lone press taps again
    b = Buttons()
    run(b, [(0, A | B), (100, 0)], until=200)
    assert kinds(run(b, [(0, B), (100, 0)], until=200)) == [
        ("press", B),
        ("release", B),
        ("tap", B),
    ]


def test_a_long_press_then_the_other_button_is_still_a_chord():
    evs = run(Buttons(), [(0, B), (900, A | B), (1000, 0)], until=1200)
    assert kinds(evs) == [
        ("press", B),
        ("long", B),
        ("press", A),
        ("chord", A | B),
        ("release", A),
        ("release", B),
    ]


def test_wrapping_clock_with_diff():
    # device ticks wrap at 2**30; a diff that wraps keeps timings right
    period = 1 << 30

    def diff(a, b):
        return ((a - b + period // 2) % period) - period // 2

    b = Buttons(diff=diff)
    t0 = period - 30
    got = []
    for k in range(100):
        t = (t0 + k * 10) % period
        for ev in b.poll(A, t):
            got.append((k, ev[0]))
    assert got[0] == (2, "press")
    assert got[1][1] == "long" and got[1][0] == 72  # 700 ms after the press


def test_reset_swallows_buttons_already_held():
    b = Buttons()
    b.reset(A)
    assert b.poll(A, 0) == [] and b.poll(A, 1000) == []  # no press, no long
    assert kinds([(0,) + e for e in b.poll(0, 1010)]) == []
    assert kinds([(0,) + e for e in b.poll(0, 1040)]) == [("release", A)]


def test_went_and_happened_helpers():
    evs = [("press", UP), ("repeat", DOWN), ("long", A)]
    assert went(evs, UP) and went(evs, DOWN) and not went(evs, A)
    assert happened(evs, "long", A) and not happened(evs, "press", A)


def test_poll_allocates_nothing():
    try:
        import gc

        gc.mem_alloc
    except (ImportError, AttributeError):
        return  # CPython has no heap counter; checked under MicroPython
    b = Buttons()
    t = 0
    for raw in (0, UP, UP, UP, 0, 0):  # warm up the lists
        b.poll(raw, t)
        t += 30
    gc.collect()
    before = gc.mem_alloc()
    for k in range(200):
        b.poll(UP | A if (k // 20) % 2 else 0, t)
        t += 30
    assert gc.mem_alloc() - before == 0


def test_mute_silences_held_buttons_until_release():
    b = Buttons()
    b.poll(A | UP, 0)
    assert len(b.poll(A | UP, 20)) == 2  # both pressed
    b.mute()
    got = []
    for t in range(30, 1500, 10):
        got.extend(b.poll(A | UP, t))
    assert got == []  # no long for A, no repeat for UP
    b.poll(0, 1500)
    assert b.poll(0, 1520) == []  # their releases are swallowed too
    b.poll(A, 1600)
    assert b.poll(A, 1620) == [("press", A)]  # the next press counts again


def test_a_quiet_set_before_the_first_poll_counts_from_that_poll():
    # an app's first screen mutes presses begun in its first moment, however
    # far the clock is from 0 when its first frame polls (the app that
    # follows a switch starts at the device's clock time)
    b = Buttons()
    b.mute(1500)
    assert b.quiet()
    evs = [(t, e) for t in range(60000, 63000, 20) for e in b.poll(A if t >= 60500 else 0, t)]
    assert evs == []  # begun 500 ms after the first poll: muted till released
    assert not b.quiet()
    b.poll(0, 63000)
    b.poll(0, 63020)
    b.poll(A, 63100)
    assert b.poll(A, 63120) == [("press", A)]
