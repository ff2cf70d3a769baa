# portable
"""Live odds (issue 16.2): the play screen's chance to win (the solid part of
the line under the scores) and the score keeper's two chances are the
engine's table (engine.winprob) at the scores shown and whose deal it is,
updated as the game goes; a game of fixed deals has none. Through buttons
only, on CPython and MicroPython."""

from engine.rng import Rng
from engine.winprob import lookup
from firmware.hal import A, B, DOWN, RIGHT, UP
from playdriver import decide, new_driver, on_top, over, screen, wait_for_you
from keeperrig import Rig
from firmware.screens.settings import label as setting_label


def _want(g, scores, dealer):
    return lookup(scores[0], scores[1], dealer == 0, g.target, g.five)


def test_play_screen_odds_follow_the_scores_and_the_deal():
    d = new_driver(target=121, level="hard", seed=3)
    seen = set()
    for n in range(40):
        if wait_for_you(d) == "over":
            break
        s = screen(d)
        t = s.table
        assert t.odds is not None and t.odds == _want(s.game, t.scores, t.dealer)
        seen.add(t.odds)
        decide(d, Rng(n + 1))
    assert len(seen) > 3  # it moved as the scores did


def test_five_card_and_fixed_deals():
    d = new_driver(target=61, level="hard", seed=4, game="5-card 61")
    wait_for_you(d)
    s = screen(d)
    assert s.game.five and s.game.scores[1 - s.game.dealer] == 3  # three for last
    assert s.table.odds == _want(s.game, s.table.scores, s.table.dealer)
    d = new_driver(target=61, level="hard", seed=4, game="6 deals")
    wait_for_you(d)
    assert screen(d).table.odds is None


def test_keeper_odds_for_each_side():
    rig = Rig()
    s = rig.open("keeper")
    k = s.ki.keeper
    assert s.odds == lookup(0, 0, k.dealer == 0, 121, False)
    rig.tap(RIGHT)
    rig.tap(UP, 2)  # B +2
    rig.tap(A)
    assert k.scores[1] == 2 or k.scores[0] == 2
    assert s.odds == lookup(k.scores[0], k.scores[1], k.dealer == 0, 121, False)


def test_expert_level_hints_by_the_chance_to_win_near_the_end():
    from firmware.play.hint import hint_text

    d = new_driver(target=121, level="expert", seed=6)
    assert wait_for_you(d) != "over"
    s = screen(d)
    assert s.level == "expert"
    far = hint_text(s)
    assert far.startswith("Lay away (hand with starter")  # away from the end: hard's figures
    s.game.scores[0] = 110
    s.game.scores[1] = 112
    near = hint_text(s).split("\n")
    assert near[0] == "Lay away (chance to win):" and len(near) == 4
    assert near[1].endswith("%")


def test_keeper_menu_shows_the_odds_on_the_led_board_for_a_moment():
    import boards
    from firmware.pegboard import Pegboard

    board = boards.load("pico")
    peg = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS)
    rig = Rig(pegboard=peg)
    s = rig.open("keeper")
    rig.tap(A)
    rig.tap(UP, 20)
    rig.tap(A)  # A +20
    buf = bytearray(peg.n * 3)
    peg.render(buf)
    before = sum([1 for i in range(peg.n) if buf[3 * i] or buf[3 * i + 1] or buf[3 * i + 2]])
    rig.chord(A | B)
    rig.tap(UP)  # wraps to "Main menu"
    rig.tap(UP)  # "Odds on board"
    rig.tap(A)
    assert type(rig.top()).__name__ == "KeeperScreen"
    assert s.odds is not None and s.odds > 128  # A well ahead
    assert peg._odds == s.odds
    peg.render(buf)
    lit = sum([1 for i in range(peg.n) if buf[3 * i] or buf[3 * i + 1] or buf[3 * i + 2]])
    assert lit > before + peg.holes // 3  # both shares along the tracks
    rig.tick(200)  # 4 s
    assert peg._odds == -1


def test_pause_menu_shows_your_odds_on_the_led_board_for_a_moment():
    import boards
    from driver import Driver
    from firmware.app import App
    from firmware.hw import host
    from firmware.pegboard import Pegboard
    from firmware.play.screen import PlayScreen

    board = boards.load("pico")
    peg = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS)
    for deals in (0, 8):
        app = App(host.make(), pegboard=peg)
        app.settings.set("difficulty", "hard")
        app.settings.save()  # the next app (a mode opened) reads them
        while deals and setting_label(app.settings, 1) != "8 deals":
            app.settings.step(1, 1)
        d = Driver(app)
        app.push(PlayScreen(5))
        d.tick(2)
        s = screen(d)
        for n in range(6):  # into the game: the scores move
            wait_for_you(d)
            decide(d, Rng(n + 7))
        wait_for_you(d)
        d.tap(B)
        menu = d.app.top()
        assert menu.items[3] == "Odds on board"
        d.tap(DOWN, 3)
        d.tap(A)
        if deals:  # fixed deals (V6): no table, and it says so
            assert s.table.odds is None and d.app.top().title == "Odds"
            assert peg._odds == -1
            continue
        assert on_top(d, s) and s.table.odds is not None
        assert peg._odds == s.table.odds
        d.tick(200)  # 4 s: gone
        assert peg._odds == -1


def test_down_on_the_game_over_page_opens_the_review():
    from firmware.hal import DOWN
    from engine.review import lines_of, review_moves

    d = new_driver(target=61, level="hard", seed=8)
    n = 0
    while wait_for_you(d) != "over":
        decide(d, Rng(n + 5))
        n += 1
    s = over(d)  # the game-over mode's page
    assert s.title.startswith("Game over")
    d.press(DOWN)
    while type(d.app.stack[-1]).__name__ == "Working":  # a decision a frame
        d.tick(1)
    top = d.app.stack[-1]
    assert type(top).__name__ == "MessageScreen" and top.title == "Review"
    text = " ".join(top.lines)
    assert "your discards gave up" in text and "your plays gave up" in text
    assert lines_of(review_moves(s.game, 0))[-1].split()[0] == "your"
    d.press(A)  # back to the over page
    assert d.app.top() is s and s.title.startswith("Game over")
