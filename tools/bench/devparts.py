"""The frames and opponent sections of tools/bench/devbench.py (see there), apart
from it so that their code and names are not on the target's heap while
tools/bench/mode_boots.py weighs a mode's (on a Pico each loaded .mpy's
identifiers stay interned for good, and enough of them adds a 7.7 KB qstr
pool). Each mode the frames section draws runs in an app of its own, built
as ``firmware.main`` builds the next one. Runs ON the target. Imports gc and
devbench at the top; the app, ``machine``, ``neopixel`` and app_driver when
a section runs.
"""

import gc

from devbench import IS_MP, Rig, board_and_root, median, now_us, out, since

S21 = "The computer wins 121"  # 21 characters


def _times(fn, n=21):
    ts = []
    for _ in range(n):
        t = now_us()
        fn()
        ts.append(since(t))
    return median(ts), max(ts)


def _next(device, app, name):
    """The app the device runs after ``app`` when the menu's choice (or the
    way back, '') names mode ``name``: ``app`` ends naming it and the next
    app is built from the mode record, as ``firmware.main`` builds it where
    the backend's restart returns."""
    app.switch(name)
    app = device.again(app)
    device.app = app
    return app


def section_frames(n=21):
    from firmware import main as device
    from firmware import boot
    from firmware.hal import A, DOWN

    import app_driver

    board, root = board_and_root()
    rig = Rig(board, root)
    app = boot.build(board=board, hw=rig)
    device.app = app
    cv = app.canvas
    out("text21_us", _times(lambda: cv.text(S21, 0, 30), n)[0])
    out("text21_row_us", _times(lambda: cv.text(S21, 0, 24), n)[0])
    out("text21_dark_us", _times(lambda: cv.text(S21, 0, 1, 0), n)[0])
    six = [0, 17, 22, 30, 41, 50]
    out("six_cards_us", _times(lambda: cv.hand(six, 44, 3, 1 << 3, 1 << 5, 1 << 1), n)[0])

    def whole():  # a redraw of the whole screen (a screen's band would draw less)
        app._whole = True
        app._draw()

    out("menu_frame_us", _times(whole, n)[0])

    def tick(bit):
        rig.bits = bit
        rig.ms += 20
        app.tick(rig.ms)

    def cursor_move():
        for bit in (DOWN, DOWN, 0, 0):
            tick(bit)

    cursor_move()
    b0 = rig.bus.bytes
    med, worst = _times(cursor_move, n)
    out("cursor_move_us", med)
    out("cursor_move_bytes", (rig.bus.bytes - b0) // n)
    for name in ("settings", "keeper", "counter", "stats"):
        app = _next(device, app, name)
        tick(0)
        while app_driver.loading(app):
            tick(0)
        out(name + "_frame_us", _times(whole, n)[0])
        app = _next(device, app, "")
        tick(0)
    app.settings.set("difficulty", "hard")
    app.settings.set("target", 61)  # a short game: its over page comes soon
    app.settings.save()  # the next app, the play's, reads them
    app = _next(device, app, "play")
    app.frames = 0  # the match's seed (clock and redraws) the same whatever redrew before
    tick(0)
    while app_driver.loading(app):
        tick(0)
    screen = app.stack[1]  # the play screen (its cut's page may be over it)
    tb = screen.table
    from firmware.play import table as play

    want = [("discard", lambda: tb.mode == play.DISCARD and not tb.marked)]
    want.append(("pegging", lambda: tb.mode == play.PLAY and len(tb.pile) >= 2))
    want.append(("show", lambda: tb.page == play.SHOW_PAGE and tb.shown >= 3))
    k = 0
    for _ in range(20000):
        if k < len(want) and want[k][1]():
            out(want[k][0] + "_frame_us", _times(whole, n)[0])
            k += 1
        if app.next is not None:  # the game ended the play's app: the game-over mode's next
            app = device.again(app)
            device.app = app
        if app_driver.over_done(app):  # its page, its work done
            out("over_frame_us", _times(whole, n)[0])
            break
        if app_driver.on_play(app.stack[-1], screen):
            bit = app_driver.play_bit(screen)
        else:
            bit = 0 if app_driver.over_mode(app) else A
        for b in (bit, bit, 0, 0) if bit else (0,):
            tick(b)
    out("play_errors", app.errors)
    section_leds(board, n)
    section_keeper(rig.storage, n)
    section_scoring()


def section_leds(board, n):
    from firmware.pegboard import CHASE_MS, Pegboard

    pb = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS)
    buf = bytearray(pb.n * 3)
    pb.set_pegs(0, 87, 80)
    pb.set_pegs(1, 112, 104)
    med, worst = _times(lambda: pb.render(buf), n)  # the first draws the template
    out("leds_frame_us", med)
    out("leds_frame_worst_us", worst)
    pb.set_brightness(255)
    pb.set_color(0, 255, 255, 255)
    pb.celebrate(0)

    def chase():
        pb.update(CHASE_MS)
        pb.render(buf)

    med, worst = _times(chase, n)  # the first draws the template with the glow
    out("leds_chase_us", med)
    out("leds_chase_worst_us", worst)
    gc.collect()
    a = gc.mem_alloc() if IS_MP else 0
    for _ in range(10):
        chase()
    out("leds_chase_alloc", (gc.mem_alloc() - a) // 10 if IS_MP else 0)


def section_keeper(storage, n):
    from firmware import hal
    from firmware.keeper.control import KeeperInput, open_store

    ctrl = KeeperInput(open_store(storage, "kbench"))
    for _ in range(40):
        ctrl.handle(("press", hal.UP))
    up = ("press", hal.UP)
    tap = ("tap", hal.B)  # B acts on a tap (firmware.ui.buttons)
    adds = []
    undos = []
    for _ in range(n):
        t = now_us()
        ctrl.handle(up)
        adds.append(since(t))
        t = now_us()
        ctrl.handle(tap)
        undos.append(since(t))
    if ctrl.keeper.pegs(0)[0] != 40:
        print("@@ error keeper undo did not undo:", ctrl.keeper.pegs(0))
    out("keeper_add_us", median(adds))
    out("keeper_add_worst_us", max(adds))
    out("keeper_undo_us", median(undos))
    out("keeper_undo_worst_us", max(undos))


def section_scoring():
    from engine import score

    six = [3, 17, 22, 30, 41, 50]
    keeps = []
    for i in range(6):
        for j in range(i + 1, 6):
            keeps.append([six[k] for k in range(6) if k != i and k != j])
    starters = [c for c in range(52) if c not in six]
    hs = score.hand_score

    def all690():
        for keep in keeps:
            for s in starters:
                hs(keep, s)

    out("score690_us", _times(all690, 5)[0])


def section_opponent(games=3):
    from engine import game, opponent

    for level in ("easy", "medium", "hard"):
        ds = []
        ps = []

        class Timed:
            def __init__(self, seed):
                self.inner = opponent.make(level, seed)

            def discard(self, v):
                t = now_us()
                d = self.inner.discard(v)
                ds.append(since(t))
                return d

            def play(self, v):
                if not v.playable():
                    return None
                t = now_us()
                d = self.inner.play(v)
                ps.append(since(t))
                return d

        for k in range(games):
            gc.collect()
            game.run(game.Game(seed=1000 + k), [Timed(2 * k + 1), Timed(2 * k + 2)])
        out(level + "_discard_us", median(ds))
        out(level + "_discard_worst_us", max(ds))
        out(level + "_play_us", median(ps))
        out(level + "_play_worst_us", max(ps))
        out(level + "_decisions", len(ds) + len(ps))
    # The pegging decision with the most to weigh, built on purpose: the
    # reply to a lead with four cards in hand (every rank may answer it).
    from engine import pegging

    views = _replies(40)
    for level in (1, 2):
        ts = []
        for v in views:
            gc.collect()
            t = now_us()
            pegging.choose(v, level)
            ts.append(since(t))
        name = ("easy", "medium", "hard")[level]
        out(name + "_reply4_us", median(ts))
        out(name + "_reply4_worst_us", max(ts))


def _replies(n):
    # Views of a reply to a lead with four cards in hand; every other one of
    # low cards, so that runs through the lead are everywhere.
    from engine.cards import VALUES
    from engine.rng import Rng
    from engine.view import View

    rng = Rng(7)
    deck = bytearray(range(52))
    views = []
    for i in range(n):
        rng.shuffle(deck)
        order = list(deck)
        if i % 2:
            order = [c for c in deck if c >> 2 < 6] + [c for c in deck if c >> 2 >= 6]
        v = View()
        v.dealer = 1
        v.scores = [rng.below(100), rng.below(100)]
        v.hand = order[0:4]
        v.kept = list(v.hand)
        v.discards = order[5:7]
        v.starter = order[7]
        v.pile = [order[4]]
        v.count = VALUES[order[4] >> 2]
        v.played = [(1, order[4])]
        v.opponent_left = 3
        views.append(v)
    return views
