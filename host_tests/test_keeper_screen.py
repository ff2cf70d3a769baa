# portable
"""The score keeper screen driven like a player would: raw button levels
into the headless app (host backend, simulated clock), never by calling the
screen directly. Scores expected here are worked out by hand from the rules
(R5 heels, R11 deal entry order, R14 game end, R15 skunks, V2 matches; V5
five-card, V6 fixed deals); also what it draws (big scores, the entry being
made), its menu, the device's settings it starts from, and the LED
pegboard it feeds. Restarts, damaged storage and mashing:
test_keeper_screen_saves.py; the hand counter: test_counter_screen.py. Runs
under CPython (pytest) and the MicroPython unix port."""

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.keeper.game import Keeper
from firmware.keeper.control import DEAL, OVER, SCORE
from keeperrig import Rig, number, saved_keeper, shown
from firmware.screens.settings import label as setting_label
from firmware.keeper.record import from_bytes


def test_keeper_opens_from_the_menu_with_a_fresh_game():
    rig = Rig()
    screen = rig.open("keeper")
    assert type(screen).__name__ == "KeeperScreen"
    k = screen.ki.keeper
    assert k.scores == [0, 0] and k.target == 121 and k.dealer == 0
    assert rig.app.errors == 0


def test_keeper_session_by_buttons_ends_in_the_right_score():
    rig = Rig()
    s = rig.open("keeper")
    rig.tap(RIGHT)
    rig.tap(UP, 2)  # B +1 +1 = 2
    rig.tap(LEFT)
    number(rig, 5)  # A +5 = 5
    rig.hold(A)  # R5 heels: the dealer (A deals first) +2 = 7
    rig.tap(DOWN)  # deal entry: pone (B) first, then the dealer (A), R11
    rig.tap(UP, 3)
    assert s.line == "pone B: 3" and s.selected() == 1
    rig.tap(A)
    rig.tap(RIGHT)  # +10
    rig.tap(UP)
    assert s.line == "B 3  dealer A: 11" and s.selected() == 0
    rig.tap(A)  # B 2+3 = 5, A 7+11 = 18, B deals next
    k = s.ki.keeper
    assert k.scores == [18, 5]
    assert k.dealer == 1 and k.deal_number == 2
    rig.tap(B)  # undo the deal entry
    assert s.ki.keeper.scores == [7, 2] and s.ki.keeper.dealer == 0
    assert "undone" in s.msg[0] + " " + s.msg[1]
    rig.hold(B)  # redo it
    k = s.ki.keeper
    assert k.scores == [18, 5] and k.dealer == 1
    assert s.status.startswith("deal 2")
    assert saved_keeper(rig.files).scores == [18, 5]
    assert rig.app.errors == 0


def test_keeper_number_entry_shows_pending_and_side():
    rig = Rig()
    s = rig.open("keeper")
    rig.tap(A)
    rig.tap(UP, 7)
    rig.tap(RIGHT)
    assert s.line == "add to B: 7"
    assert s.selected() == 1
    rig.tap(B)  # cancel: nothing added
    assert s.ki.keeper.scores == [0, 0] and s.ki.mode == SCORE
    rig.tap(A)
    rig.tap(UP, 40)  # an award stops at 29
    assert s.line == "add to B: 29"
    rig.tap(A)
    assert s.ki.keeper.scores == [0, 29]


def test_keeper_deal_entry_shows_the_number_being_entered():
    from firmware.keeper.screen import HINTS

    rig = Rig()
    rig.open("keeper")
    rig.tap(DOWN)
    rig.tap(UP, 8)
    text = shown(rig)
    assert "pone B: 8" in text, text  # not hidden under a wrapped hint
    assert HINTS[DEAL] in text
    rig.tap(A)
    rig.tap(RIGHT)
    rig.tap(UP, 2)
    assert "B 8  dealer A: 12" in shown(rig)
    for hint in HINTS.values():
        assert len(hint) <= 21, hint


def test_keeper_game_over_winner_and_double_skunk():
    rig = Rig()
    s = rig.open("keeper")
    for _ in range(4):
        number(rig, 29)
    assert s.ki.keeper.scores == [116, 0]
    number(rig, 5)  # 121: A wins; B under 61 (R15)
    k = s.ki.keeper
    assert s.ki.mode == OVER and k.winner == 0
    assert s.line == "A wins 121-0 double-skunk"
    assert s.msg[1] == "A:new B:undo A+B:menu"
    assert s.selected() == -1
    rig.tap(UP)  # nothing counts after the game is won (R14)
    assert s.ki.keeper.scores == [121, 0]
    rig.tap(A)  # one game match over: a new match
    k = s.ki.keeper
    assert k.scores == [0, 0] and s.ki.mode == SCORE
    assert rig.app.errors == 0


def test_keeper_menu_new_best_of_3_match_and_tally():
    rig = Rig()
    s = rig.open("keeper")
    number(rig, 9)
    rig.chord(A | B)
    m = rig.top()
    assert type(m).__name__ == "KeeperMenu"
    rig.tap(DOWN, 3)  # Match
    rig.tap(RIGHT)  # best of 3
    rig.tap(DOWN, 3)  # First deal
    rig.tap(RIGHT)  # B deals first
    rig.tap(UP, 5)  # New match: asks first
    rig.tap(A)
    assert rig.top() is m and m.armed
    rig.tap(A)
    assert rig.top() is s
    k = s.ki.keeper
    assert k.best_of == 3 and k.scores == [0, 0] and k.dealer == 1
    assert s.tally == "0-0"
    rig.tap(RIGHT)
    for _ in range(4):
        number(rig, 29)
    number(rig, 10)  # B 126 (over the line: still a win), A 0
    k = s.ki.keeper
    assert k.winner == 1 and s.tally == "0-1"
    rig.tap(A)  # game 2 of the match; the first dealer alternates (V2)
    k = s.ki.keeper
    assert k.game_no == 2 and k.wins == [0, 1] and k.dealer == 0
    assert saved_keeper(rig.files).game_no == 2
    assert rig.app.errors == 0


def test_keeper_starts_from_the_device_settings_unless_its_menu_sets_its_own():
    files = {}
    rig = Rig(files)
    rig.app.settings.set("target", 61)
    rig.app.settings.set("match", 3)
    rig.app.settings.save()  # the next app (a mode opened) reads them
    s = rig.open("keeper")
    k = s.ki.keeper
    assert (k.target, k.best_of, k.own) == (61, 3, False)
    assert s.status == "deal 1  to 61" and s.tally == "0-0"
    number(rig, 5)  # once something is scored the match keeps its settings
    rig.app.home()
    rig.app.settings.set("target", 121)
    rig.app.settings.save()
    s = rig.open("keeper")
    assert s.ki.keeper.target == 61 and s.ki.keeper.scores == [5, 0]
    rig.tap(B)  # undone: nothing played, but the undone award is kept to redo
    rig.app.home()
    s = rig.open("keeper")
    assert s.ki.keeper.target == 61
    # the keeper's menu sets its own target: the device's no longer count
    rig.chord(A | B)
    rig.tap(DOWN, 2)  # Game
    rig.tap(LEFT)  # 61 -> 121: the device's now, so still following it
    rig.tap(UP)
    rig.tap(A)
    rig.tap(A)
    k = s.ki.keeper
    assert (k.target, k.best_of, k.own) == (121, 3, False) and k.fresh()
    rig.chord(A | B)
    rig.tap(DOWN, 2)
    rig.tap(RIGHT)  # 121 -> 61, which the device does not say: the keeper's own
    rig.tap(UP)
    rig.tap(A)
    rig.tap(A)
    k = s.ki.keeper
    assert (k.target, k.own) == (61, True)
    assert saved_keeper(files).own
    rig = Rig(files)  # power cut; the device still says 121
    s = rig.open("keeper")
    assert s.ki.keeper.target == 61 and s.status == "deal 1  to 61"
    assert rig.app.errors == 0


def test_keeper_new_match_after_a_match_takes_the_device_settings():
    files = {}
    rig = Rig(files)
    s = rig.open("keeper")
    for _ in range(4):
        number(rig, 29)
    number(rig, 5)  # A wins the one-game match to 121
    assert s.ki.mode == OVER
    rig.app.home()
    rig.app.settings.set("target", 61)
    rig.app.settings.save()
    s = rig.open("keeper")
    assert s.ki.keeper.target == 121 and s.ki.mode == OVER  # the won game stays
    rig.tap(A)  # a new match: the device now says 61
    k = s.ki.keeper
    assert k.target == 61 and k.scores == [0, 0] and s.status == "deal 1  to 61"
    assert saved_keeper(files).target == 61


def test_keeper_record_keeps_its_own_flag_and_reads_old_records():
    k = Keeper(61, 3, (2, 4), 1, True)
    k2 = from_bytes(k.to_bytes())
    assert (k2.target, k2.best_of, k2.colors, k2.first_dealer, k2.own) == (61, 3, [2, 4], 1, True)
    old = bytearray(Keeper(121, 1, (0, 1), 1).to_bytes())
    assert old[4] == 1  # a record saved before the flag: the first dealer alone
    assert from_bytes(bytes(old)).own is False
    assert from_bytes(bytes(old)).follow(61, 1)
    old[4] = 4
    try:
        from_bytes(bytes(old))
        raise AssertionError("a dealer byte of 4 was accepted")
    except ValueError:
        pass


def test_keeper_menu_main_menu_and_back_resumes():
    rig = Rig()
    s = rig.open("keeper")
    number(rig, 4)
    rig.chord(A | B)
    rig.tap(UP)  # wraps to "Main menu"
    rig.tap(A)
    assert type(rig.top()).__name__ == "MenuScreen"
    s2 = rig.open("keeper")
    assert s2 is not s and s2.ki.keeper.scores == [4, 0]
    rig.chord(A | B)
    rig.tap(A)  # "Back to game"
    assert rig.top() is s2
    rig.tap(UP)  # the chord's buttons did nothing else
    assert s2.ki.keeper.scores == [5, 0]
    assert rig.app.errors == 0


def test_keeper_feeds_the_led_pegboard():
    import boards
    from firmware.pegboard import Pegboard

    board = boards.load("pico")
    peg = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS)
    rig = Rig(pegboard=peg)
    rig.open("keeper")
    number(rig, 7)
    rig.tap(RIGHT)
    number(rig, 3)
    number(rig, 2)
    assert list(peg.front) == [7, 5] and list(peg.rear) == [0, 3]
    rig.run(2000)  # let the walk finish
    writes = rig.hw.leds.writes
    assert writes > 0
    # A's front peg at hole 7 is lit in A's colour (red), B's at hole 5 in blue
    r, g, b = rig.hw.leds.rgb(peg.led(0, 7))
    assert r > 0 and g == 0 and b == 0
    r, g, b = rig.hw.leds.rgb(peg.led(1, 5))
    assert b > 0 and r == 0
    rig2 = Rig(rig.files, pegboard=Pegboard(board.LAYOUT, board.POWER, board.N_LEDS))
    rig2.open("keeper")
    assert list(rig2.app.pegboard.front) == [7, 5]


def test_keeper_screen_draws_big_scores():
    rig = Rig()
    s = rig.open("keeper")
    blank = bytes(rig.hw.display.buf)
    number(rig, 8)
    assert bytes(rig.hw.display.buf) != blank
    # the 3x digit "8" of side A: its middle bar is ink, the hole above it is not
    x0 = (64 - 15) // 2
    d = rig.hw.display
    assert d.pixel(x0 + 7, 21 + 3 * 3 + 1) == 1
    assert d.pixel(x0 + 7, 21 + 3 * 1 + 1) == 0
    assert s.ki.keeper.scores[0] == 8


def _choose_game(settings, name):
    while setting_label(settings, 1) != name:  # "Game", stepped as LEFT/RIGHT do
        settings.step(1, 1)
    settings.save()  # the app that opens the keeper reads them


def test_keeper_fixed_deals_count_on_screen_and_board_and_end_in_a_tie():
    from boards import pico
    from firmware.pegboard import Pegboard

    peg = Pegboard(pico.LAYOUT)
    rig = Rig(pegboard=peg)
    _choose_game(rig.app.settings, "6 deals")
    s = rig.open("keeper")
    k = s.ki.keeper
    assert k.deals == 6 and k.target == 0 and s.status == "deal 1 of 6"
    assert peg.target == 0 and peg.deals_left == 6
    for i in range(6):
        rig.tap(DOWN)  # the deal's points: the pone's 10, then the dealer's 10
        rig.tap(RIGHT)
        rig.tap(A)
        rig.tap(RIGHT)
        rig.tap(A)
        if i < 5:
            assert s.status == "deal %d of 6" % (i + 2) and peg.deals_left == 5 - i
    assert k.over() and k.winner == 2 and k.scores == [60, 60]
    assert s.line == "a tie 60-60" and peg.deals_left == 0
    rig.tap(B)  # undo the last deal: the game goes on
    assert not k.over() and s.status == "deal 6 of 6" and peg.deals_left == 1
    assert rig.app.errors == 0


def test_keeper_five_card_status_and_three_for_last_by_one_press():
    rig = Rig()
    _choose_game(rig.app.settings, "5-card 61")
    s = rig.open("keeper")
    k = s.ki.keeper
    assert k.five and k.target == 61 and s.status == "5-card  deal 1"
    assert s.msg[1] == "hold A: 3 for last"
    rig.hold(A)
    assert k.scores[k.dealer ^ 1] == 3 and k.scores[k.dealer] == 0
    assert s.msg[1] == "3 for last: %s +3" % "AB"[k.dealer ^ 1]
    rig.tap(UP)  # the next award: the start's hint is gone
    assert s.msg[1] != "hold A: 3 for last" and not k.can_start()
    assert rig.app.errors == 0


def test_every_keeper_mode_shows_its_way_to_the_menu_once_its_message_is_read():
    from firmware.keeper.control import NUMBER

    rig = Rig()
    s = rig.open("keeper")
    assert "A+B:menu" in shown(rig)  # a fresh game: the hint at once
    rig.tap(UP)  # B... A +1: the award said where the hint was
    assert "+1 = 1" in shown(rig) and "A+B:menu" not in shown(rig)
    rig.run(4200)  # read: the hint comes back by itself
    assert "A+B:menu" in shown(rig) and s.ki.message
    rig.tap(A)  # a number: B goes back to the scores, whose hint has the menu
    assert s.ki.mode == NUMBER and "B:back" in shown(rig)
    rig.tap(B)
    rig.tap(DOWN)  # a deal's entry: the same
    assert s.ki.mode == DEAL and "B:back" in shown(rig)
    rig.tap(B)
    for _ in range(5):
        number(rig, 29)
    assert s.ki.mode == OVER
    rig.run(4200)
    assert "A+B:menu" in shown(rig)
    rig.chord(A | B)
    assert type(rig.top()).__name__ == "KeeperMenu"
    assert rig.app.errors == 0
