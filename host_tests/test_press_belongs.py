# portable
"""A press belongs to the screen on which it began: a key held while the
play screen's page or mode changes by itself (a timer, the computer's turn)
acts on nothing new until released (firmware.ui.buttons ``mute``, called by
firmware.app at every change of ``view()``); the cut for deal waits for
your A; the game-over page ignores a press begun in its first moment, so an
A meant for the last show never starts the next game unseen. Runs on CPython and MicroPython."""

from playdriver import decide, new_driver, on_top, over, screen

from engine.rng import Rng
from firmware.ui.buttons import Buttons
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.play.screen import PlayScreen
from firmware.play.table import CONFIRM, COUNT, DISCARD, NO_PAGE, OVER_PAGE, PLAY, SHOW_PAGE

_CUT = 1  # firmware.play.table's cut page


def run(b, steps, until, frame=10):
    """(time, raw) steps played every ``frame`` ms up to ``until``; the events."""
    out = []
    raw = 0
    steps = list(steps)
    for now in range(0, until, frame):
        while steps and steps[0][0] <= now:
            raw = steps.pop(0)[1]
        for ev in b.poll(raw, now):
            out.append((now, ev))
    return out


def test_a_held_key_is_silent_after_a_mute_until_released():
    b = Buttons()
    evs = run(b, [(0, RIGHT)], 100)
    assert [e[1] for e in evs] == [("press", RIGHT)]
    b.mute()
    more = run(b, [(0, RIGHT | A), (50, RIGHT), (2000, 0)], 2100)
    assert [e for e in more if e[1][1] == RIGHT] == []  # no repeat, no release
    assert [e[1] for e in run(b, [(0, RIGHT), (60, 0)], 200)][:1] == [("press", RIGHT)]


def test_a_press_begun_in_the_quiet_is_silent_whole_and_one_after_counts():
    b = Buttons()
    run(b, [], 30)  # the last poll at 20: the quiet runs from there
    b.mute(500)
    assert b.quiet()
    evs = run(b, [(100, A), (800, A | B), (1100, 0)], 1200)
    # A began in the quiet: no press, no long at 800, no release, no tap; B
    # after it counts, and the muted A makes no chord with it
    assert [e[1] for e in evs] == [("press", B), ("release", B), ("tap", B)]
    assert not b.quiet()
    assert [e[1] for e in run(b, [(1200, A)], 1300)] == [("press", A)]


def test_a_bounce_muted_on_its_way_down_does_not_mute_the_next_press():
    b = Buttons()
    b.poll(A, 0)  # A bouncing: not yet a press
    b.mute()
    b.poll(0, 5)  # it bounced back up
    b.poll(0, 40)
    assert [e[1] for e in run(b, [(0, A)], 60)] == [("press", A)]


# ---- the play screen ----
def state(d, s):
    t = s.table
    return (
        len(d.app.stack), t.page, t.mode, t.cursor, tuple(t.marked), t.claim,
        len(s.game.moves), s.game is not None and id(s.game),
    )  # fmt: skip


WAITING = (NO_PAGE,)


def test_every_change_the_play_screen_makes_by_itself_ignores_a_key_held_through_it():
    for muggins in (False, True):
        held_through_every_change(muggins)


def held_through_every_change(muggins):
    """The whole game: wherever the screen is showing events (the deal, the
    computer's turn, a count ahead), a key goes down and stays while the
    table changes by itself to your decision, a show page or the game over;
    for 1.2 s after the change (repeats, a long press) and at its release
    nothing changes. Then the game goes on by buttons."""
    d = new_driver(seed=11, muggins=muggins)
    s = screen(d)
    keys = (RIGHT, LEFT, UP, DOWN, A)
    rng = Rng(5)
    seen = set()
    k = 0
    for _ in range(3000):
        t = s.table
        if t.page == OVER_PAGE:
            break
        if t.page != NO_PAGE:  # the cut and the show pages wait for A
            d.press(A)
            continue
        if t.mode in (DISCARD, CONFIRM, PLAY, COUNT) and not s.queue and s.wait <= 0:
            decide(d, Rng(rng.below(1000)))
            continue
        key = keys[k % len(keys)]
        k += 1
        before = (t.page, s.view())
        for _ in range(400):  # held until the table changes by itself
            d.tick(1, key)
            if (t.page, s.view()) != before or not on_top(d, s):
                break
        assert on_top(d, s), "a held key opened %r" % d.app.top()
        if (t.page, s.view()) == before:
            d.tick(3, 0)
            continue
        seen.add(t.page if t.page != NO_PAGE else t.mode)
        now = state(d, s)
        for _ in range(60):  # 1.2 s: past the repeat delay and a long press
            d.tick(1, key)
            assert state(d, s) == now, (key, t.page, t.mode)
        d.tick(4, 0)  # its release and tap
        assert state(d, s) == now, (key, t.page, t.mode)
    assert t.page == OVER_PAGE and d.app.errors == 0, d.app.last_error
    want = {DISCARD, PLAY, SHOW_PAGE, OVER_PAGE} | ({COUNT} if muggins else set())
    assert want <= seen, seen


def test_the_cut_for_deal_waits_for_your_a_and_the_demos_goes_on():
    d = new_driver(seed=5)
    s = screen(d)
    while s.table.page != _CUT:
        d.tick(1)
    d.run(10000)
    assert s.table.page == _CUT  # no A yet: still the cut, the hand not dealt
    d.press(A)
    assert s.table.page == NO_PAGE and s.table.mode not in (DISCARD, PLAY)
    assert s.table.marked == []

    class Demo(PlayScreen):
        human = False

    d = new_driver(seed=5)
    demo = Demo(5)
    d.app.push(demo)
    for _ in range(100):
        d.tick(1)
        if demo.table.page == _CUT:
            break
    d.run(3000)
    assert demo.table.page != _CUT


def play_to_over(d, s, mash_every, phase):
    """Decide by buttons; otherwise press A (100 ms) every ``mash_every`` ms
    of the clock from ``phase``, as a player skipping through the counts;
    the ms the game-over page (the game-over mode's) showed before it was
    left (None: still there after 6 s)."""
    rng = Rng(3)
    t = s.table
    shown_at = None
    for _ in range(200000):
        if shown_at is None and over(d) is not None:
            shown_at = d.t
        if shown_at is not None:
            if over(d) is None:
                return d.t - shown_at
            if d.t - shown_at > 6000:
                return None
        elif t.page == NO_PAGE and t.mode in (DISCARD, CONFIRM, PLAY) and not s.queue:
            if s.wait <= 0:
                decide(d, Rng(rng.below(1000)))
                continue
        if (d.t - phase) % mash_every < 20:
            d.press(A, down=5, up=2)
        else:
            d.tick(1, 0)
    raise AssertionError("no game over")


def test_a_mashed_through_the_last_show_never_skips_the_game_over():
    for every, phase in ((600, 0), (600, 200), (600, 400), (1100, 550)):
        d = new_driver(seed=7)
        s = screen(d)
        shown = play_to_over(d, s, every, phase)
        assert shown is not None and shown >= 1500, (every, phase, shown)  # seen, then left
        assert d.app.errors == 0


def to_over(d, s, held=0):
    """Play to the game-over mode's page; ``held`` down in the frames that
    only wait once the game is over (its last events shown); the time."""
    t = s.table
    rng = Rng(3)
    while over(d) is None:
        if t.page != NO_PAGE:
            d.press(A)
        elif t.mode in (DISCARD, CONFIRM, PLAY) and not s.queue and s.wait <= 0:
            decide(d, Rng(rng.below(1000)))
        else:
            d.tick(1, held if s.game.phase == "over" else 0)
    return d.t


def test_a_key_held_as_the_game_ends_does_nothing_in_the_game_over_mode():
    # the key is down as the play mode's app ends into the game-over mode's:
    # that app starts with it muted till it is released (firmware/app.py);
    # (B down through the game's last events opens the pause menu)
    for key in (A, DOWN):
        d = new_driver(seed=7)
        to_over(d, screen(d), key)
        f = over(d)
        d.tick(150, key)  # 3 s: the work done, past the quiet moment, repeats
        d.tick(4, 0)  # and its release
        assert over(d) is f and d.top() is f and f.work is None, (key, d.top())
        assert d.app.errors == 0


def test_the_game_over_page_ignores_a_press_begun_in_its_first_moment():
    for after in (0, 700, 1200):
        pressed_after(after)


def pressed_after(after):
    d = new_driver(seed=7)
    s = screen(d)
    shown = to_over(d, s)
    f = over(d)
    d.run(after)
    for key in (A, B, DOWN):  # no rematch, no menu, no review
        d.press(key)
    assert over(d) is f and d.top() is f
    assert d.t - shown < 1500
    d.run(1500)
    d.press(A)
    assert over(d) is None and d.app.mode == "play"  # now A goes on: the rematch
