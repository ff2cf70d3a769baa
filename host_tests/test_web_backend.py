# portable
"""firmware/hw/web.py, the browser backend, and firmware/web_runner.py, the
page's runner over it, on any interpreter: the backend's storage under the
crash-safe record layer, what the runner's ``step`` reports, and its
per-frame crash handling (firmware/main.py's rules: error screen and crash
log, restart into the saved mode, a stop after CRASH_LIMIT crashes that A
ends at the menu). Runs under CPython, the unix port and the WebAssembly
port (host_tests/test_web_node.py)."""

from firmware import crashlog
from firmware import web_runner, web_screen
from firmware.hw import web
from firmware.store.records import RecordStore

A = 16
DOWN = 2
UP = 1


def rig(kv=None, **kw):
    from firmware import boot

    board = boot.load_board("pico")
    hw = web.make(board, web.KeyStorage(kv if kv is not None else web.MemoryKV()))
    return web_runner.Runner(hw, board, **kw)


class Clock:
    def __init__(self, r):
        self.r = r
        self.t = 0
        self.changes = 0

    def run(self, mask, ms):
        for _ in range(max(1, ms // 20)):
            self.changes |= self.r.step(mask, self.t)
            self.t += 20

    def tap(self, mask, n=1):
        for _ in range(n):
            self.run(mask, 100)
            self.run(0, 100)


def _boom(now=None):
    raise RuntimeError("boom")


def test_storage_round_trip_under_the_record_layer():
    kv = web.MemoryKV()
    st = web.KeyStorage(kv)
    rs = RecordStore(st, "game", b"TEST", 1)
    rs.save(b"first")
    rs.save(b"second")
    assert sorted(kv.items) == ["cribbage/game.old", "cribbage/game.rec"]
    assert st.size("game.rec") == len(st.read("game.rec"))
    assert st.size("nothing") is None and st.read("nothing") is None
    assert RecordStore(st, "game", b"TEST", 1).load() == (b"second", 1, None)


def test_damaged_value_falls_back_to_the_old_copy():
    kv = web.MemoryKV()
    st = web.KeyStorage(kv)
    RecordStore(st, "g", b"TEST", 1).save(b"one")
    RecordStore(st, "g", b"TEST", 1).save(b"two")
    kv.items["cribbage/g.rec"] = "not hex at all"
    payload, version, problem = RecordStore(st, "g", b"TEST", 1).load()
    assert payload == b"one" and problem


def test_storage_refuses_bad_names_and_missing_files():
    st = web.KeyStorage(web.MemoryKV())
    for bad in ("", "a/b", ".hidden"):
        try:
            st.write(bad, b"x")
            assert False, bad
        except ValueError:
            pass
    for op in (lambda: st.rename("none", "x"), lambda: st.remove("none")):
        try:
            op()
            assert False
        except OSError:
            pass


def test_storage_full_is_an_oserror():
    class Full(web.MemoryKV):
        def setItem(self, key, value):
            raise RuntimeError("QuotaExceededError")

    try:
        web.KeyStorage(Full()).write("x", b"1")
        assert False
    except OSError as e:
        assert "QuotaExceededError" in str(e)


class FullKV(web.MemoryKV):
    """The page's store (web/app.js) when localStorage has no room: a write
    returns the error's words (a JS exception never reaches Python there);
    one that needs no new room (a value no longer than the one it replaces)
    still goes in."""

    def __init__(self, items=None):
        super().__init__(items)
        self.full = True

    def setItem(self, key, value):
        old = self.items.get(key)
        if self.full and (old is None or len(value) > len(old)):
            return "storage full"
        self.items[key] = value
        return None


def test_a_write_that_returns_an_error_is_an_oserror_and_stores_nothing():
    kv = FullKV()
    st = web.KeyStorage(kv)
    try:
        st.write("x", b"1")
        assert False
    except OSError as e:
        assert "storage full" in str(e)
    assert kv.items == {}


def test_a_rename_with_no_room_fails_and_keeps_the_old_name():
    kv = FullKV({"cribbage/a": "0102"})
    st = web.KeyStorage(kv)
    try:
        st.rename("a", "b")
        assert False
    except OSError as e:
        assert "storage full" in str(e)
    assert kv.items == {"cribbage/a": "0102"}


def test_each_store_fails_its_save_with_no_room_and_keeps_the_last_good_record():
    from firmware.play import save as play_save

    for make in (
        lambda st: play_save.open_store(st),  # two slots (the game, the keeper)
        lambda st: RecordStore(st, "settings", b"TEST", 1),  # .tmp, .rec, .old
    ):
        kv = FullKV()
        kv.full = False
        st = web.KeyStorage(kv)
        rs = make(st)
        rs.save(b"one")
        rs.save(b"two")
        kv.full = True
        for _ in range(3):
            try:
                rs.save(b"three, longer")
                assert False
            except OSError as e:
                assert "storage full" in str(e)
        assert make(st).load()[0] == b"two"
        kv.full = False
        rs2 = make(st)
        rs2.load()
        rs2.save(b"four")
        assert make(st).load()[0] == b"four"


def test_non_hex_text_in_both_copies_is_named_and_kept_aside():
    from firmware.play import save as play_save

    kv = web.MemoryKV()
    st = web.KeyStorage(kv)
    rs = play_save.open_store(st)
    rs.save(b"one")
    rs.save(b"two")
    kv.items["cribbage/game.rec"] = "zz not hex"
    kv.items["cribbage/game.old"] = "zz nor this"
    rs = play_save.open_store(st)
    payload, version, problem = rs.load()
    assert payload is None
    assert problem and "game.rec" in problem and "game.bad" in problem, problem
    rs.save(b"fresh")
    assert kv.items["cribbage/game.bad"] in ("zz not hex", "zz nor this")
    assert play_save.open_store(st).load()[0] == b"fresh"


def test_step_reports_screen_and_leds():
    r = rig()
    assert r.step(0, 0) & web_runner.SCREEN  # the menu
    assert r.step(0, 20) & web_runner.SCREEN == 0  # nothing changed
    assert len(r.frame_hex()) == 2048 and len(r.leds_hex()) == r.hw.leds.n * 6
    c = Clock(r)
    c.t = 40
    c.tap(DOWN)
    c.tap(A)  # score keeper: the pegboard lights up
    assert r.app.mode == "keeper"
    c.changes = 0
    c.tap(UP)
    assert c.changes & web_runner.LEDS and c.changes & web_runner.SCREEN


def test_crash_shows_the_message_logs_it_and_restarts_after_the_pause():
    r = rig(pause_ms=1000)
    c = Clock(r)
    c.run(0, 100)
    first = r.app
    first.tick = _boom
    c.run(0, 20)
    assert r.app is None and r.crashes == 1 and r.last_crash == "RuntimeError: boom"
    assert b"boom" in crashlog.read(r.hw.storage)
    c.run(0, 900)
    assert r.app is None  # still on the error screen
    c.run(0, 200)
    assert r.app is not None and r.app is not first


def test_a_skips_the_error_pause():
    r = rig(pause_ms=100000)
    c = Clock(r)
    c.run(A, 100)  # A held as it crashes: it must be let go first
    r.app.tick = _boom
    c.run(A, 200)
    assert r.app is None
    c.run(0, 40)
    c.run(A, 100)
    c.run(0, 40)
    c.run(0, 20)
    assert r.app is not None


def test_crashes_in_a_row_stop_until_a_then_the_menu():
    kv = web.MemoryKV()
    r = rig(kv, pause_ms=100)
    c = Clock(r)
    c.run(0, 40)
    c.tap(DOWN)
    c.tap(A)
    assert r.app.mode == "keeper"
    for _ in range(3):
        if r.app is None:
            c.run(0, 200)
        r.app.tick = _boom
        c.run(0, 20)
    assert r.crashes == 3 and r.app is None
    c.run(0, 5000)
    assert r.app is None  # stopped: only A goes on
    c.tap(A)
    c.run(0, 20)
    assert r.app is not None and r.app.mode is None  # the menu, not the failing mode


def test_reset_builds_a_new_app_and_storage_resumes_the_mode():
    kv = web.MemoryKV()
    r = rig(kv)
    c = Clock(r)
    c.run(0, 40)
    c.tap(DOWN)
    c.tap(A)
    c.tap(UP, 3)
    scores = list(r.app.top().ki.keeper.scores)
    assert sum(scores) == 3
    old = r.app
    r.hw.reset()
    c.run(0, 40)
    assert r.app is not old and r.app.mode == "keeper"
    # a new page over the same storage: the keeper again, with its scores
    r2 = rig(kv)
    Clock(r2).run(0, 40)
    assert r2.app.mode == "keeper"
    assert list(r2.app.top().ki.keeper.scores) == scores


def test_keyboard_interrupt_passes_through():
    r = rig()
    r.step(0, 0)

    def stop(now=None):
        raise KeyboardInterrupt

    r.app.tick = stop
    try:
        r.step(0, 20)
        assert False
    except KeyboardInterrupt:
        pass


def test_display_off_shows_a_dark_frame():
    r = rig()
    r.step(0, 0)
    r.hw.display.power(False)
    assert r.frame_hex() == "00" * 1024
    assert r.step(0, 20) & web_runner.SCREEN


def test_contrast_change_is_reported_for_the_page():
    r = rig()
    r.step(0, 0)
    r.step(0, 20)
    r.hw.display.contrast(8)  # firmware/idle.py dims the panel so
    assert r.step(0, 40) & web_runner.SCREEN and r.contrast() == 8
    r.hw.display.contrast(8)
    assert not r.step(0, 60) & web_runner.SCREEN


def test_screen_lines_are_the_screens_text_and_leave_its_pixels():
    r = rig()
    c = Clock(r)
    c.run(0, 100)
    before = r.frame_hex()
    lines = r.screen_lines()
    assert lines[0] == "Cribbage" and "Play the computer" in lines and "Score keeper" in lines
    assert r.frame_hex() == before  # a whole redraw of what is shown
    assert r.app.canvas.text.__name__ == "text"  # the canvas's own again
    c.tap(A)
    c.run(0, 1000)
    assert r.screen_lines()[0] == "Cut for deal"  # from the menu: the cut's page, A goes on
    c.tap(A)
    c.run(0, 2000)
    lines = r.screen_lines()
    assert lines[0].startswith("You 0") and "CPU 0" in lines[0], lines
    assert web_screen._readable("5\x81 10\x80 \x84\x86") == "5\u2666 10\u2663 10\u2190"


def _dealt(r):
    c = Clock(r)
    for _ in range(100):
        c.run(0, 100)
        tb = getattr(r.app.top(), "table", None)
        if tb is not None and tb.mode == 1:  # firmware.play.table.DISCARD
            return c, tb
    assert False, "no hand to pick from"


def test_a_first_visit_deals_at_once_and_a_later_one_resumes():
    kv = web.MemoryKV()
    r = web_runner.start(kv, "pico", deal=True)
    c, tb = _dealt(r)
    assert r.app.mode == "play" and len(tb.hand) == 6
    c.tap(A)  # a card marked: the game is saved at the discard
    c.run(0, 500)
    r2 = web_runner.start(kv, "pico", deal=False)
    Clock(r2).run(0, 200)
    assert r2.app.mode == "play"  # resumed, not the menu
    r3 = web_runner.start(web.MemoryKV(), "pico")
    Clock(r3).run(0, 200)
    assert r3.app.mode is None  # the menu when not asked to deal


def test_a_first_visit_shows_the_hand_on_its_first_frame_the_cut_said_in_a_line():
    from engine.match import Match
    from firmware.ui.cardtext import card_text

    r = web_runner.start(web.MemoryKV(), "pico", deal=True)
    assert r.step(0, 0) & web_runner.SCREEN  # the first frame the page draws
    t = r.app.top()
    tb = t.table
    lines = r.screen_lines()
    assert r.hand_drawn is not None and r.hand_drawn[0] == 6, (r.hand_drawn, lines)
    assert tb.page == 0 and "Cut for deal" not in lines, lines
    # the engine's cut for this match, as a new match of its seed makes it
    s = r.app.settings
    m = t.match
    twin = Match(
        m.games, m.seed, s.target or None, None, s.open_hands, s.muggins, s.variant, s.deals
    )
    events = twin.game.take_events()
    cuts = [e for e in events if e[0] == "cut"]
    hand = [e for e in events if e[0] == "hand" and e[1] == 0][0][2]
    assert sorted(tb.hand) == sorted(hand) and t.game.dealer == twin.game.dealer
    a, b = [web_screen._readable(card_text(c)) for c in cuts[-1][1:3]]
    deals = "You deal" if twin.game.dealer == 0 else "CPU deals"
    assert "Cut %s/%s: %s" % (a, b, deals) in lines, lines
    assert (cuts[-1][1] >> 2 < cuts[-1][2] >> 2) == (twin.game.dealer == 0)  # the lower deals
    c = Clock(r)
    c.t = 20
    for _ in range(60):  # no cut page after it either: on to your discard
        c.run(0, 100)
        assert r.app.top().table.page == 0
        if tb.mode == 1:  # firmware.play.table.DISCARD
            break
    assert tb.mode == 1 and len(tb.hand) == 6


def test_a_new_match_opened_from_the_menu_still_shows_its_cut_page():
    r = web_runner.start(web.MemoryKV(), "pico")
    c = Clock(r)
    c.run(0, 300)
    c.tap(A)  # Play the computer
    pages = set()
    for _ in range(20):
        c.run(0, 100)
        pages.add(getattr(getattr(r.app.top(), "table", None), "page", None))
    assert 1 in pages  # firmware.play.table's cut page, waiting for A


def test_spoken_says_the_hand_the_cursor_the_crib_and_a_lists_selected_entry():
    from firmware.ui.cardtext import card_text

    r = web_runner.start(web.MemoryKV(), "pico", deal=True)
    c, tb = _dealt(r)
    c.tap(A)
    said = r.spoken()
    cards = [web_screen._readable(card_text(x)) for x in tb.hand]
    hand = [s for s in said if s.startswith("Your hand: ")]
    assert hand and hand[0].startswith("Your hand: " + " ".join(cards)), said
    assert "; for the crib: " + cards[0] in hand[0], said
    r.restart(False)
    c.run(0, 300)
    c.tap(DOWN)
    assert r.spoken()[-1] == "Selected: Score keeper", r.spoken()


def test_tap_card_moves_the_cursor_then_asks_for_a():
    r = web_runner.start(web.MemoryKV(), "pico", deal=True)
    c, tb = _dealt(r)
    r.screen_lines()
    n, x0, y0 = r.hand_drawn
    assert n == 6
    last = x0 + 5 * ((128 - 13 - 2 * x0) // 5) + 6  # inside the last card
    assert r.tap_card(last, y0 + 8) == 1 and tb.cursor == 5
    assert r.tap_card(last, y0 + 8) == 2 and tb.cursor == 5
    assert r.tap_card(last, 2) == 0 and r.tap_card(x0 - 2, y0 + 8) == 0
    assert r.tap_card(x0 + 1, y0 + 8) == 1 and tb.cursor == 0


def test_a_reload_puts_both_rear_pegs_back():
    kv = web.MemoryKV()
    r = web_runner.start(kv, "pico", deal=True)
    c, tb = _dealt(r)
    peg = r.app.pegboard
    for _ in range(400):  # A and RIGHT as a player would, until both have scored
        play = r.app.stack[1]  # the play screen (a page may be over it)
        game = play.game
        if min(game.scores) > 0 and play.saved_at == len(game.moves):
            if list(peg.rear) != list(peg.front):
                break
        c.tap(A if tb.mode != 1 or tb.cursor == (1 if tb.marked else 0) else 8)
    want_front, want_rear = list(peg.front), list(peg.rear)
    assert min(want_front) > 0 and want_rear != want_front, (want_front, want_rear)
    r2 = web_runner.start(kv, "pico")
    c2 = Clock(r2)
    c2.t = c.t
    c2.run(0, 200)
    assert r2.app.mode == "play"
    peg2 = r2.app.pegboard
    game = r2.app.top().game
    assert list(peg2.front) == list(game.scores)
    assert list(peg2.rear) == want_rear or list(game.scores) != want_front, (
        list(peg2.rear),
        want_rear,
    )
    assert list(peg2.rear) != list(peg2.front)
