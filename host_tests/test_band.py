# portable
"""Band redraws (a screen's ``band()``, firmware/ui/screen.py) leave the same
picture as redrawing the whole screen: after every frame the app shows, the
frame buffer is compared with a whole redraw of the same state, through menu
cursor moves, the settings list (scrolling and changed values), a game
against the computer played by its buttons and a minute of the demo (the
play screen's parts: firmware/play/draw.py). Also checks that bands were
used, and how little a menu cursor move redraws. Runs on CPython and
MicroPython."""

from driver import Driver
from firmware.hal import A, DOWN, LEFT, RIGHT, UP
from firmware.hw import host


class Watch:
    """Compares every shown frame of the driver's app with a whole redraw of
    it and counts the band redraws (rows y0..y1 of each in ``bands``); the
    app that follows one that ended is watched from its first frame, and
    the ended one's last picture (the next mode's name) is no screen's."""

    def __init__(self, d):
        self.d = d
        self.bands = []
        self.frames = 0
        self.busy = False
        self.app = None
        self.watch(d.app)
        d.hw.display.on_show = self.shown

    def watch(self, app):
        self.app = app
        cv = app.canvas
        real = cv.band

        def band(y0, y1):
            if not self.busy and (y0 > 0 or y1 < cv.height):
                self.bands.append((y0, y1))
            real(y0, y1)

        cv.band = band

    def shown(self, display):
        if self.busy:
            return
        if self.d.app is not self.app:
            self.watch(self.d.app)
        app = self.app
        if app.next is not None:
            return
        buf = app.canvas.buf
        got = bytes(buf)
        self.busy = True
        drawn = getattr(app.top(), "drawn", None)  # the play screen's record (firmware.play.draw)
        kept = list(drawn) if drawn is not None else None
        try:
            app._whole = True
            app._draw()  # the whole screen, as after enter()
        finally:
            self.busy = False
            if kept is not None:
                drawn[:] = kept  # as if this redraw had not been
        want = bytes(buf)
        buf[:] = got
        self.frames += 1
        if got != want:
            rows = [i // 128 for i in range(len(got)) if got[i] != want[i]]
            raise AssertionError(
                "frame %d of %s differs from a whole redraw in pages %s (bands %s)"
                % (self.frames, type(app.top()).__name__, sorted(set(rows)), self.bands[-3:])
            )


def device():
    d = Driver.device(host.DictStorage())
    return d, Watch(d)


def test_menu_cursor_moves_redraw_two_rows_as_a_whole_redraw_would():
    d, w = device()
    menu = d.top()
    assert len(menu.items) > 6  # more than its six rows: a wrap scrolls
    for bit in (DOWN, DOWN, DOWN, DOWN, DOWN, UP, UP, UP, UP, UP):
        d.tap(bit)
    assert menu.cursor == 0 and menu.top == 0
    assert w.frames == 10
    # each move redraws the two rows alone, never the title bar
    assert w.bands == [(10 + 9 * i, 28 + 9 * i) for i in (0, 1, 2, 3, 4, 4, 3, 2, 1, 0)], w.bands
    d.tap(UP)  # wraps to the last entry: the list scrolls, the whole screen is drawn
    d.tap(DOWN)  # and back to the first
    assert (menu.cursor, menu.top, w.frames, len(w.bands)) == (0, 0, 12, 10), w.bands


def test_a_menu_cursor_move_changes_only_the_pointers_columns():
    # the cursor is a pointer left of the text, not an inverted row: a move
    # changes columns 0..4 of the rows of the old and new cursor, nothing
    # else (displayio refreshes every changed pixel at about 6.2 us)
    d, w = device()
    buf = d.app.canvas.buf
    before = bytes(buf)
    d.tap(DOWN)
    after = bytes(buf)
    changed = [i for i in range(len(buf)) if before[i] != after[i]]
    assert changed, "the move changed nothing"
    assert sorted(set(i % 128 for i in changed)) == [0, 1, 2, 3, 4], changed

    def pointer_rows(frame):  # rows lit in column 0, under the title bar
        return [y for y in range(10, 64) if frame[(y >> 3) * 128] >> (y & 7) & 1]

    assert pointer_rows(before) == list(range(10, 19))  # row 0: text at y 11
    assert pointer_rows(after) == list(range(19, 28))  # row 1


def test_settings_list_scrolls_and_changes_values_as_a_whole_redraw_would():
    d, w = device()
    d.open("settings")
    for bit in (DOWN, RIGHT, DOWN, DOWN, LEFT, DOWN, DOWN, DOWN, DOWN, UP, RIGHT, UP):
        d.tap(bit)
    for _ in range(12):
        d.tap(DOWN)
    for _ in range(12):
        d.tap(UP)
    assert w.bands, "no band redraws in the settings list"
    assert w.frames > 30


def test_a_game_by_buttons_redraws_as_a_whole_redraw_would():
    import app_driver
    from firmware.play import table as play

    d, w = device()
    d.app.hw.clock.now = 3  # the match's seed
    screen = d.open("play")
    moved = 0
    for _ in range(1500):
        if screen.game is not None and screen.game.phase == "over":
            break
        top = d.top()
        bit = app_driver.play_bit(screen) if app_driver.on_play(top, screen) else A
        if bit and screen.table.mode == play.DISCARD and moved < 6:
            bit = RIGHT if moved < 3 else LEFT  # cursor moves over the hand first
            moved += 1
        if bit:
            d.tap(bit)
        else:
            d.tick(1)
    parts = (0, 10, 30, 39, 58, 64)
    assert len(w.bands) > 50, len(w.bands)
    for y0, y1 in w.bands:
        assert y0 in parts and y1 in parts, (y0, y1)
    # the cursor moves over your hand redrew the cursor mark alone
    assert (58, 64) in w.bands
    assert w.frames > 100


def test_the_demo_redraws_as_a_whole_redraw_would():
    d, w = device()
    d.open("demo")
    d.run(60000)
    assert len(w.bands) > 20, len(w.bands)
    assert w.frames > 50


def test_a_new_battery_reading_redraws_the_whole_list_with_its_gauge():
    d, w = device()
    d.app.power.percent = 80  # as a reading sets it (no redraw asked)
    d.tap(DOWN)
    n = len(w.bands)
    d.tap(DOWN)
    assert len(w.bands) == n + 1  # the gauge as drawn: a band
    d.app.power.percent = 79
    d.tap(DOWN)
    assert len(w.bands) == n + 1  # the whole screen, its gauge at 79 (compared by Watch)
    assert w.frames == 3


def test_the_experts_thinking_bar_redraws_as_a_whole_redraw_would():
    # the expert rolls a play out in at most rollout.STEPS frames; a bar
    # under your hand says how far (its band: the cursor mark's rows), then goes
    from engine import rollout

    import app_driver

    d, w = device()
    d.app.settings.set("difficulty", "expert")
    d.app.settings.save()  # the next app (a mode opened) reads them
    d.app.power.dim_ms = d.app.power.off_ms = 0  # the driver's frames are long
    d.app.hw.clock.now = 3
    screen = d.open("play")
    seen = []
    for _ in range(3000):
        t = screen.table
        if t.think >= 0:
            seen.append(t.think)
        elif seen:
            break
        top = d.top()
        bit = app_driver.play_bit(screen) if app_driver.on_play(top, screen) else A
        if bit:
            d.tap(bit)
        else:
            d.tick(1)
    assert 1 < len(seen) <= rollout.STEPS and seen == sorted(seen), seen  # onward, a step a frame
    assert seen[-1] <= screen.table.think_of
    assert (58, 64) in w.bands and d.app.errors == 0
