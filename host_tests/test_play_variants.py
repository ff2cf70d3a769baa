# portable
"""The play screen's other games through the app, button events only: five-card
(V5: three-card hands shown, three for last said and pegged) and a fixed
number of deals (V6: the deals counted, a tie counting for neither), the demo
playing the Settings' game, and the game kind staying with the match through
a power cut and the rematch. Runs on CPython and MicroPython."""

from driver import Driver
from engine.rng import Rng
from firmware.app import App
from firmware.hal import A
from firmware.hw import host
from firmware.pegboard import Pegboard
from firmware.play.screen import PlayScreen
from firmware.play.table import CONFIRM, COUNT, DISCARD, NO_PAGE, OVER_PAGE, PLAY, SHOW_PAGE
from playdriver import (
    check_log_agrees,
    decide,
    new_driver,
    over,
    play_game,
    screen,
    wait_for_you,
)
from firmware.screens.settings import label as setting_label


def play_watching(d, seed):
    """``play_game``, noting every show page: (title, cards shown, starter)."""
    s = screen(d)
    shows = []
    tops = []
    for _ in range(20000):
        t = s.table
        assert d.app.errors == 0, d.app.last_error
        if t.page == OVER_PAGE:
            wait_for_you(d)  # the game's end, a step a frame
            return shows, tops
        if t.page == SHOW_PAGE and (not shows or shows[-1][0] != t.title):
            shows.append((t.title, list(t.page_cards), t.page_starter))
        if t.page != NO_PAGE:
            d.press(A)
        elif t.mode in (DISCARD, CONFIRM, PLAY, COUNT) and not s.queue and s.wait <= 0:
            tops.append(t.s_top[2])
            decide(d, Rng(seed * 7919 + len(s.game.moves)))
        else:
            d.tick(1, 0, 250)
    raise AssertionError("the game never ended")


def test_a_five_card_game_through_buttons_shows_three_card_hands():
    d = new_driver(seed=21, game="5-card 61", level="hard")
    s = screen(d)
    g = s.game
    assert g.five and g.target == 61
    shows, tops = play_watching(d, 21)
    assert g.phase == "over" and max(g.scores) >= 61
    hands = [x for x in shows if " hand: " in x[0]]
    cribs = [x for x in shows if " crib: " in x[0]]
    assert hands and cribs
    assert all([len(x[1]) == 3 for x in hands]), hands  # three kept cards (V5.4)
    assert all([len(x[1]) == 4 for x in cribs]), cribs
    text = check_log_agrees(d)
    assert text.startswith("game 1 target=61 five") and "\nreset" not in text
    assert " 3 3 start" in text


def test_a_game_of_six_fixed_deals_through_buttons_counts_the_deals():
    d = new_driver(seed=22, game="6 deals")
    s = screen(d)
    g = s.game
    assert g.deals == 6 and g.target == 0
    shows, tops = play_watching(d, 22)
    assert g.phase == "over" and g.deal_number == 6
    seen = set([x.strip("\x85\x86") for x in tops])
    assert seen == set(["%d/6" % i for i in range(1, 7)]), seen
    lines = s.table.lines
    if g.winner == 2:
        assert lines[0] == "A tie after 6 deals"
    else:
        assert lines[0] in ("You win!", "The computer wins")
    assert "Skunk!" not in lines and "Double skunk!" not in lines
    text = check_log_agrees(d)
    assert text.startswith("game 1 deals=6")


def test_a_tie_over_page_counts_for_neither():
    from engine.match import Match

    d = new_driver(seed=23, game="8 deals", match=3)
    s = screen(d)
    m = Match(3, 5, None, None, False, False, "six", 8)
    from firmware.play.over_page import fill

    wins = fill(s.table, m, False, 2, 90, 90, "")
    assert wins == [0, 0] and not s.table.match_over
    assert s.table.lines[:2] == ["A tie after 8 deals", "You 90  CPU 90"]
    assert s.table.foot == "A: next game  B: menu"


def test_demo_plays_the_settings_game_five_card_and_fixed_deals():
    for game, check in (("5-card 61", "five"), ("8 deals", "deals")):
        app = App(host.make())
        while setting_label(app.settings, 1) != game:
            app.settings.step(1, 1)
        d = Driver(app)
        app.open("demo")
        s = d.loaded()
        g = s.game
        assert (g.five, g.deals) == ((True, 0) if check == "five" else (False, 8))
        for _ in range(6000):
            d.tick(1, 0, 250)
            if g.phase == "over" and s.table.page == OVER_PAGE:
                break
        assert g.phase == "over" and s.table.page == OVER_PAGE
        if check == "deals":
            assert g.deal_number == 8
        else:
            assert max(g.scores) >= 61
        assert app.errors == 0, app.last_error


def test_five_card_three_for_last_is_said_and_pegged():
    board = Pegboard({"holes": 121, "order": "chain"})
    app = App(host.make(), pegboard=board)
    while setting_label(app.settings, 1) != "5-card 61":
        app.settings.step(1, 1)
    d = Driver(app)
    app.push(PlayScreen(24))
    s = screen(d)
    said = []
    for _ in range(400):
        if s.table.page != NO_PAGE:  # the cut waits for your A
            d.press(A)
        d.tick(1, 0, 100)
        if s.table.line not in said:
            said.append(s.table.line)
        if s.table.mode == DISCARD:
            break
    pone = 1 - s.game.dealer
    assert "%s: 3 for last" % s.names[pone] in said, said
    assert s.table.scores[pone] == 3 and board.front[pone] == 3
    assert app.errors == 0


def test_the_game_kind_stays_with_the_match_through_a_power_cut_and_the_rematch():
    for game, five, deals in (("5-card 61", True, 0), ("6 deals", False, 6)):
        storage = host.DictStorage()
        d = new_driver(storage, seed=25, game=game)
        s = screen(d)
        play_game(d, 25, decisions=4)
        d2 = new_driver(storage, ticks=0)  # power back; the device now says 6-card 121
        s2 = screen(d2)
        g = s2.game
        assert (g.five, g.deals) == (five, deals)
        assert bytes(g.moves) == bytes(s.game.moves)
        play_game(d2, 25)
        assert over(d2).match_over and over(d2).game.phase == "over"
        check_log_agrees(d2)
        d2.press(A)  # the rematch: the finished match's game, not the device's
        d2.tick(2)
        s3 = screen(d2)
        g = s3.game
        assert g.phase != "over" and (g.five, g.deals, s3.match.variant) == (
            five,
            deals,
            "five" if five else "six",
        )
        assert d2.app.errors == 0
