# portable
"""firmware/play/screen.py through the app, with button events only: whole
games against the computer (61 and 121, V1) ending on the game-over page, the
exported last.log replaying (docs/gamelog.md) to the same score, best of three
and the rematch, open hands (V3) showing the computer's cards and hidden ones
hidden, the table on screen always agreeing with the engine, the messages and
the pegboard telling every award, a seeded button-mashing fuzz that never
raises, the demo (computer against itself), and on a device the code held only
while it is used. The buttons are worked by host_tests/playdriver.py. Runs on
CPython and MicroPython."""

import endlog
from driver import Driver
from engine import logcheck
from engine.rng import Rng
from firmware.app import App
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw import host
from firmware.pegboard import Pegboard
from firmware.play.screen import PlayScreen
from firmware.play.table import CONFIRM, COUNT, DISCARD, NO_PAGE, OVER_PAGE, PLAY, SHOW_PAGE
from playdriver import (
    check_log_agrees,
    check_table,
    decide,
    move_to,
    new_driver,
    on_top,
    over,
    play_game,
    screen,
    wait_for_you,
)


def test_a_game_to_61_through_buttons_ends_on_the_game_over_page():
    d = new_driver(seed=11, target=61)
    s = screen(d)
    assert s.game.target == 61 and s.game.first_dealer is None  # R2: cut for deal
    n = play_game(d, 11)
    assert n >= 8  # two decisions at least per deal, several deals
    # the game ended the play mode's app into the game-over mode's
    f = over(d)
    assert d.app.mode == "game_over" and screen(d) is None and d.app.top() is f
    g = f.game
    assert g.phase == "over" and max(g.scores) >= 61 and min(g.scores) < 61
    assert bytes(g.moves) == bytes(s.game.moves)  # the game the play screen ended
    text = check_log_agrees(d)
    assert text.startswith("game 1 target=61")
    assert "cut A" in text  # the cut for deal is in the log
    # one game match: it is over, the save is gone; A is a rematch, B the menu
    assert not d.hw.storage.exists("game.rec")
    assert f.foot == "A: rematch  B: menu" and f.match_over
    d.press(B)
    assert d.app.mode is None and len(d.app.stack) == 1  # the menu's app
    assert type(d.app.top()).__name__ == "MenuScreen"
    assert d.app.errors == 0


def test_a_finished_match_offers_a_rematch_with_the_same_settings_first():
    storage = host.DictStorage()
    d = new_driver(storage, seed=11, target=61, match=1, open_hands=True, level="hard")
    s = screen(d)
    play_game(d, 11)
    f = over(d)
    assert f.match_over and f.foot.startswith("A: rematch")
    old = f.game
    d.app.settings.set("target", 121)  # the rematch is the finished match's, not the device's
    d.app.settings.save()
    d.press(A)
    d.tick(2)
    s = screen(d)  # the play mode's app again, the rematch resumed from its save
    assert d.app.mode == "play" and s.game.seed != old.seed and s.game.phase != "over"
    assert s.table.page != OVER_PAGE and s.table.scores == [0, 0]
    m = s.match
    assert (m.games, m.target, m.open_hands, m.muggins, s.level) == (1, 61, True, False, "hard")
    assert s.game.seed != old.seed
    wait_for_you(d)
    assert d.hw.storage.exists("game.rec")  # saved: a power cut resumes the rematch
    d2 = new_driver(storage, ticks=0)
    assert bytes(screen(d2).game.moves) == bytes(s.game.moves)
    assert screen(d2).game.target == 61
    assert d.app.errors == 0


def test_on_a_device_the_game_over_mode_works_a_step_a_frame_and_keys_wait_for_it():
    # a power cut on the game-over page of a match's first game: the device
    # restarts into the game-over mode (its record), where (hw.staged, a
    # device) the saved match is replayed a few decisions a frame, the
    # statistics and the log a step a frame, no key acting till that is done,
    # and the game, counted once already, is not counted again
    from firmware.play.match_start import RESUME_STEP
    from firmware.store.stats import Stats

    storage = host.DictStorage()
    d = new_driver(storage, seed=12, target=61, match=3, level="hard")
    first = screen(d).game.dealt_first
    play_game(d, 12)
    moves = bytes(over(d).game.moves)
    st = Stats(storage)
    st.load()
    assert st.games == 1
    storage.remove("last.log")
    hw = host.make(storage=storage)
    hw.staged = True
    d = Driver(App(hw, resume=True), ticks=0)
    f = over(d)
    assert f is not None and f.work is not None and f.lines == []
    frames = 0
    while not f.lines:
        d.tick(1, A)  # held, then pressed: nothing acts
        d.tick(1, 0)
        frames += 2
    assert frames >= len(moves) // 2 // RESUME_STEP  # the replay spread over frames
    assert bytes(f.game.moves) == moves and f.lines[0] in ("You win!", "The computer wins")
    while f.work is not None:
        d.tick(1, A)
        d.tick(1, 0)
        assert over(d) is f and d.app.errors == 0  # A waits for the work
    assert storage.exists("last.log") and not f.match_over
    st.load()
    assert st.games == 1  # counted once, before the power cut
    while d.app.buttons.quiet():
        d.tick(1)
    d.press(A)  # the match's next game, dealt and saved here, resumed by play
    d.tick(6)
    s2 = screen(d)
    assert d.app.mode == "play" and s2.match.played == 1 and s2.game.phase != "over"
    assert s2.game.dealt_first == 1 - first  # V2: the first deal alternates
    assert d.app.errors == 0


def test_a_game_to_121_with_the_hard_computer():
    d = new_driver(seed=5, target=121, level="hard")
    s = screen(d)
    assert s.level == "hard"
    play_game(d, 5)
    f = over(d)
    g = f.game
    assert max(g.scores) >= 121
    check_log_agrees(d)
    assert f.lines[0] in ("You win!", "The computer wins")
    assert (g.skunk != "") == (("Skunk!" in f.lines) or ("Double skunk!" in f.lines))
    assert d.app.errors == 0


def test_best_of_three_goes_on_to_the_next_game_and_keeps_the_match_score():
    d = new_driver(seed=3, target=61, match=3)
    s = screen(d)
    first = s.game.dealt_first
    play_game(d, 3)
    w1 = over(d).game.winner
    assert d.hw.storage.exists("game.rec")  # the match goes on
    d.press(A)
    d.tick(2)
    s = screen(d)
    assert s.game.winner is None and s.match.wins[w1] == 1
    assert s.game.dealt_first == 1 - first  # V2: the first deal alternates
    assert s.table.scores == [0, 0]
    games = 1
    while True:
        play_game(d, 3 + games)
        games += 1
        if over(d).match_over:
            break
        d.press(A)
    assert games in (2, 3)
    assert not d.hw.storage.exists("game.rec")
    assert any([ln.endswith("the match!") for ln in over(d).lines])
    assert d.app.errors == 0


def test_open_hands_show_the_computer_cards():
    d = new_driver(seed=9, open_hands=True)
    s = screen(d)
    wait_for_you(d)
    assert s.game.open_hands
    assert s.table.opp == s.game.hands[1] and len(s.table.opp) in (4, 6)
    decide(d, Rng(1))
    mode = wait_for_you(d)
    assert mode == PLAY
    assert s.table.opp == s.game.hands[1]
    assert s.table.idle.startswith("CPU ")  # its cards are named on the message line


def test_hidden_hands_stay_hidden():
    d = new_driver(seed=9)
    s = screen(d)
    wait_for_you(d)
    assert s.table.opp is None
    assert s.table.opp_left in (4, 6)


def test_dimmed_cards_cannot_be_played_and_go_is_said_for_you():
    d = new_driver(seed=13, target=121)
    seen_dim = 0
    seen_go = 0
    s = screen(d)
    for _ in range(60):
        mode = wait_for_you(d)
        if mode == "over":
            break
        if mode == PLAY and s.table.dimmed:
            seen_dim += 1
            k = 0
            while not s.table.dimmed & (1 << k):
                k += 1
            move_to(d, s, k)
            n = len(s.game.moves)
            d.press(A)
            assert len(s.game.moves) == n  # refused: nothing happened
            assert "pass 31" in s.table.line
        before = sum(
            [1 for i in range(0, len(s.game.moves), 2) if s.game.moves[i : i + 2] == bytes((0, 52))]
        )
        decide(d, Rng(len(s.game.moves)))
        after = sum(
            [1 for i in range(0, len(s.game.moves), 2) if s.game.moves[i : i + 2] == bytes((0, 52))]
        )
        seen_go += after - before
    moves = s.game.moves
    gos = [i for i in range(0, len(moves), 2) if moves[i] == 0 and moves[i + 1] == 52]
    assert seen_dim > 0
    assert gos  # the screen said go for you (never by a button)
    assert d.app.errors == 0


def test_messages_tell_every_award_and_the_pegboard_mirrors_them():
    import boards

    peg = Pegboard(boards.load("pico").LAYOUT)
    app = App(host.make(), pegboard=peg)
    app.settings.set("target", 61)
    app.settings.save()  # the next app (a mode opened) reads them
    d = Driver(app)
    said = []
    app.push(PlayScreen(44))
    s = screen(d)
    real_say = s.table.say

    def say(text, ms=2500):
        said.append(text)
        real_say(text, ms)

    s.table.say = say
    walked = []
    real_set = peg.set_pegs

    def set_pegs(player, front, rear, animate=False):
        walked.append((player, front, rear))
        real_set(player, front, rear, animate)

    peg.set_pegs = set_pegs
    play_game(d, 44)
    text = d.hw.storage.read("last.log").decode()
    awards = [ln.split() for ln in text.split("\n") if ln.startswith("score ")]
    told_pegs = [("AB".index(w[1]), int(w[3]), int(w[3]) - int(w[2])) for w in awards]
    assert walked[: len(awards)] == told_pegs
    # then the game-over mode's app sets each seat's pegs where its last award left them
    last = {seat: (seat, 0, 0) for seat in (0, 1)}
    for t in told_pegs:
        last[t[0]] = t
    assert walked[len(awards) :] == [last[0], last[1]]
    assert peg.front == s.game.scores
    names = ("You", "CPU")
    told = [(names["AB".index(w[1])], w[2]) for w in awards if w[4] in ("peg", "go", "heels")]
    heard = []
    for t in said:
        words = t.replace(":", "").split()
        if words[-2:-1] == ["for"]:
            heard.append((words[0], words[-1]))
    assert told == heard
    assert peg._cel == s.game.winner  # the winner's track celebrates
    assert app.errors == 0


BITS = (UP, DOWN, LEFT, RIGHT, A, B)


def test_fuzz_random_buttons_never_raise_and_the_game_stays_legal():
    storage = host.DictStorage()
    d = new_driver(storage, seed=77, target=61, match=3)
    rng = Rng(2024)
    games = 0
    decisions = 0
    logged = []  # the games whose over page was checked
    for step in range(4000):
        r = rng.below(100)
        s = screen(d)
        before = len(s.game.moves) if s is not None else 0
        if r < 3:
            d.tick(40, BITS[rng.below(6)])  # held: long press and repeats
            d.tick(2, 0)
        elif r < 70:
            bit = B if rng.below(30) == 0 else A if rng.below(3) == 0 else BITS[rng.below(5)]
            d.tick(rng.below(3) + 1, bit)
            d.tick(rng.below(3) + 1, 0)
        else:
            d.tick(rng.below(6) + 1, 0, 200)
        assert d.app.errors == 0, d.app.last_error
        f = over(d)
        if f is not None:  # the game-over mode: its game's log, once its work is done
            if f.work is None and not [g for g in logged if g == bytes(f.game.moves)]:
                logged.append(bytes(f.game.moves))
                games += 1
                check_log_agrees(d)
            continue
        s = screen(d)
        if s is None:  # quit or abandoned through the menu: come back
            d.app.home()
            d.follow().open("play")
            d.tick(2)
            if not isinstance(d.app.top(), PlayScreen):
                d.press(A)
            continue
        if on_top(d, s) and s.table.page == NO_PAGE and not s.queue and s.wait <= 0:
            if s.table.mode in (DISCARD, CONFIRM, PLAY):
                check_table(s)
        if len(s.game.moves) > before:
            decisions += 1
    assert d.app.errors == 0
    assert decisions > 150 and games >= 1, (decisions, games)
    s = screen(d)
    if s is not None:
        logcheck.replay(endlog.log_text(s.game))


def test_demo_plays_itself_and_buttons_step():
    app = App(host.make())
    d = Driver(app)
    app.open("demo")
    s = d.loaded()
    assert not s.human
    first = None
    for _ in range(4000):
        d.tick(1, 0, 250)
        if s.game.phase == "over":
            first = s.game
            break
    assert first is not None and max(first.scores) >= first.target
    assert app.errors == 0
    # pressing A steps faster than waiting
    n = len(s.game.moves)
    for _ in range(40):
        d.press(A)
    assert len(s.game.moves) > n or s.game is not first
    assert not app.hw.storage.exists("game.rec")  # the demo saves nothing
    d.press(B)
    assert len(app.stack) == 1
    assert app.errors == 0


def test_on_a_device_code_is_held_only_while_it_is_used():
    # firmware.play.heap: a page's code only while the page shows (or is
    # next), the play's code (your keys, the computer's turns) not while a
    # page shows, your discard's keys only in your discard, the match's
    # opening only till it has opened, the pause menu's only while it is
    # open (your keys' code not then), a hint's only while it works and
    # shows, the computer's turn code once your keys' code has gone.
    # Forgetting is a device's (MicroPython, CircuitPython): CPython keeps
    # modules
    import sys

    from firmware.play.heap import PAGE_CODE, PAGES, PLAY_CODE, _forget

    if sys.implementation.name == "cpython":
        return
    _forget(PAGE_CODE)  # as a fresh boot into play: a page left by a game that ended its app
    d = new_driver(seed=5, target=61, muggins=True)
    d.hw.staged = True
    _forget(("firmware.screens.menu", "firmware.screens.settings"))  # a mode's root is bare
    s = screen(d)
    seen = set()
    for _ in range(3000):
        assert d.app.errors == 0, d.app.last_error
        t = s.table
        held = [m for m in PAGES[1:] if m in sys.modules]
        if s.game.to_act(1) == 1 and PLAY_CODE[2] in sys.modules:
            # the computer's turn code loads once the coach has weighed
            # what it noted and your keys' code has gone (heap.off_turn)
            assert PLAY_CODE[0] not in sys.modules and not s.coach[4], s.coach[4]
            seen.add("computer")
        if t.page != NO_PAGE:
            assert held == [PAGES[t.page]], (t.page, held)
            if t.page == SHOW_PAGE:
                assert [m for m in PLAY_CODE if m in sys.modules] == []
                seen.add("show")
        elif t.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            assert held == [], (t.mode, held)
            assert PLAY_CODE[0] in sys.modules  # your keys
            # your discard's keys while you discard, and not in the play
            assert (PLAY_CODE[1] in sys.modules) == (t.mode == DISCARD), t.mode
            assert "firmware.play.opening" not in sys.modules  # gone once the match opened
            seen.add(t.mode)
            if "paused" not in seen:
                d.press(B)  # the pause menu, then back: its code goes with it
                assert "firmware.play.pause" in sys.modules
                keys = [m for m in PLAY_CODE[:2] if m in sys.modules]
                assert keys == [], keys  # your keys' code goes while the menu is open
                assert "firmware.play.draw" not in sys.modules  # and the table's drawing
                d.press(A)  # Back to the game
                assert on_top(d, s) and "firmware.play.pause" not in sys.modules
                assert "firmware.play.draw" in sys.modules  # the table drawn again
                assert "firmware.ui.list_screen" not in sys.modules  # the menus' screen too
                seen.add("paused")
            elif "hint" not in seen and t.mode == DISCARD:
                d.press(B)
                d.press(DOWN)
                d.press(A)  # Hint: on a device it works a step a frame
                assert type(d.app.top()).__name__ == "Working"
                assert "firmware.play.pause" not in sys.modules  # the menu's code goes
                while type(d.app.top()).__name__ == "Working":
                    d.tick(1, 0, 250)
                assert d.app.top().title == "Hint"
                d.press(A)
                assert on_top(d, s)
                assert [
                    m for m in ("firmware.play.hint", "firmware.working") if m in sys.modules
                ] == []
                seen.add("hint")
            decide(d, Rng(5 + len(s.game.moves)))
            continue
        elif t.mode == COUNT:
            assert held == [PAGES[2]]  # your muggins count is the show's code
            seen.add(COUNT)
            decide(d, Rng(5))
            continue
        if over(d) is not None:  # the game ended the play mode's app
            break
        if t.page != NO_PAGE:
            d.press(A)
        else:
            had, saved = PLAY_CODE[0] in sys.modules, s.saved_at
            d.tick(1, 0, 3000)  # a wait a frame: notes left for the computer's turn
            if not had and PLAY_CODE[0] in sys.modules:  # your keys loaded: not with a save
                assert s.saved_at == saved
                seen.add("loaded")
    assert s.game.phase == "over" and seen >= {
        "show",
        "paused",
        "computer",
        DISCARD,
        PLAY,
        COUNT,
    }, seen


def test_on_a_device_a_five_card_game_holds_none_of_the_six_card_discard():
    # engine.opponent.needs: a five-card discard's code is engine.keep,
    # engine.crib_table5 and engine.discard5, never the six-card game's
    # engine.discard and engine.crib_table (the coach's figure and the
    # computer's discard alike); a device only, as above
    import sys

    from firmware.play.heap import _forget

    if sys.implementation.name == "cpython":
        return
    six = ("engine.discard", "engine.crib_table")
    _forget(("engine.coach", "engine.expert", "engine.baseline") + six)
    d = new_driver(seed=9, game="5-card 61")
    d.hw.staged = True
    s = screen(d)
    assert s.game.five
    seen = set()
    for _ in range(3000):
        assert d.app.errors == 0, d.app.last_error
        assert [m for m in six if m in sys.modules] == []
        for m in ("engine.discard5", "engine.coach"):
            if m in sys.modules:
                seen.add(m)
        t = s.table
        if t.page == NO_PAGE and t.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            decide(d, Rng(9 + len(s.game.moves)))
            continue
        if over(d) is not None:
            break
        if t.page != NO_PAGE:
            d.press(A)
        else:
            d.tick(1, 0, 250)
    assert s.game.phase == "over" and seen == {"engine.discard5", "engine.coach"}, seen


def test_b_on_a_matchs_game_over_page_saves_the_next_game_and_play_resumes_it():
    storage = host.DictStorage()
    d = new_driver(storage, seed=3, target=61, match=3)
    first = screen(d).game.dealt_first
    play_game(d, 3)
    w1 = over(d).game.winner
    d.press(B)  # the menu, the match's next game dealt and saved on the way
    assert d.app.mode is None and type(d.app.top()).__name__ == "MenuScreen"
    d2 = new_driver(storage, ticks=0)  # Play again: the saved next game resumes
    wait_for_you(d2)
    s = screen(d2)
    assert s.match.played == 1 and s.match.wins[w1] == 1 and s.game.phase != "over"
    assert s.game.dealt_first == 1 - first and s.table.scores == [0, 0]
    assert d2.app.errors == 0
