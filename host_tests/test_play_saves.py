# portable
"""The play screen's game kept through power cuts and quits (firmware/screens/
play.py through the app, button events only): a cut at several points resumes
the same game, which then ends exactly as the uninterrupted one; a cut while
the computer shows its moves, inside a save (the decision kept, before or
after) or half way through a muggins count (V4); a damaged save starts a new
match and says why; the pause menu's save and quit, and abandon; the log of a
game in progress replays (docs/gamelog.md). Runs on CPython and MicroPython."""

import endlog
from engine import logcheck
from engine.rng import Rng
from firmware.app import MessageScreen
from firmware.hal import A, B, DOWN, RIGHT, UP
from firmware.hw import host
from firmware.play.hint import hint_text
from firmware.play.table import COUNT, DISCARD
from playdriver import (
    check_log_agrees,
    check_table,
    decide,
    new_driver,
    on_top,
    over,
    play_game,
    screen,
    wait_for_you,
)


def test_power_cut_resumes_the_same_game_which_then_ends_the_same():
    # the uninterrupted game
    d = new_driver(seed=21, target=61)
    play_game(d, 21)
    whole = bytes(over(d).game.moves)  # the game-over mode's
    final = list(over(d).game.scores)
    # the same game, the power cut after 3, 7 and 12 more decisions
    storage = host.DictStorage()
    d = new_driver(storage, seed=21, target=61)
    for k in (3, 4, 5):
        play_game(d, 21, decisions=k)
        before = screen(d).game
        hands = [list(h) for h in before.hands]
        scores = list(before.scores)
        moves = bytes(before.moves)
        d = new_driver(storage, target=121, ticks=0)  # the save's settings count
        s = screen(d)
        g = s.game
        assert g.target == 61
        assert bytes(g.moves) == moves and g.hands == hands and g.scores == scores
        assert whole.startswith(moves)
        assert s.table.scores == scores
    play_game(d, 21)
    assert bytes(over(d).game.moves) == whole
    assert over(d).game.scores == final
    assert d.app.errors == 0


def test_resume_while_the_computer_is_showing_its_moves():
    storage = host.DictStorage()
    d = new_driver(storage, seed=8, target=61)
    play_game(d, 8, decisions=2)  # the discard and one card: the computer answers
    d.tick(3)
    moves = bytes(screen(d).game.moves)
    d2 = new_driver(storage, ticks=0)
    g = screen(d2).game
    assert moves.startswith(bytes(g.moves)) and len(g.moves) >= 8
    wait_for_you(d2)
    check_table(screen(d2))


def test_power_cut_inside_a_save_keeps_the_decision_before_or_after():
    from memstorage import MemStorage, PowerCut

    # a save is one write, over the older of the two copies (records.py's
    # slots): cut before it the decision is lost, after it it is kept
    for step in (0, 1):
        storage = MemStorage()
        d = new_driver(storage, seed=50)
        play_game(d, 50, decisions=2)
        wait_for_you(d)
        s = screen(d)
        saved = bytes(s.game.moves)  # saved before it asked
        storage.arm(step=step)
        cut = False
        try:
            decide(d, Rng(step))
        except PowerCut:
            cut = True  # the power went half way through the press
        assert cut == (step < 1) and d.app.errors == 0, step
        after = bytes(s.game.moves)
        assert len(after) > len(saved)
        d2 = new_driver(storage.reboot(), ticks=0)
        got = bytes(screen(d2).game.moves)
        assert got == (saved if step < 1 else after), step
        wait_for_you(d2)
        assert d2.app.errors == 0


def test_muggins_count_resumes_after_a_power_cut():
    storage = host.DictStorage()
    d = new_driver(storage, seed=23, target=61, muggins=True)
    s = screen(d)
    while wait_for_you(d) != COUNT:
        decide(d, Rng(len(s.game.moves)))
    d.press(RIGHT)  # half entered when the power goes
    cards = list(s.table.page_cards)
    moves = bytes(s.game.moves)
    d = new_driver(storage, ticks=0)
    s = screen(d)
    assert wait_for_you(d) == COUNT
    assert bytes(s.game.moves) == moves and s.table.page_cards == cards and s.table.claim == 0
    assert hint_text(s).startswith("Muggins")
    play_game(d, 23)
    assert s.game.phase == "over"
    check_log_agrees(d)
    assert d.app.errors == 0


def test_a_damaged_save_starts_a_new_match_and_says_why():
    storage = host.DictStorage()
    d = new_driver(storage, seed=4)
    play_game(d, 4, decisions=1)
    data = bytearray(storage.read("game.rec"))
    data[20] ^= 0xFF
    storage.write("game.rec", bytes(data))
    storage.remove("game.old") if storage.exists("game.old") else None
    d = new_driver(storage)
    d.tick(2)
    assert isinstance(d.app.top(), MessageScreen)
    d.press(A)
    s = screen(d)
    assert s is not None and len(s.game.moves) == 0
    assert d.app.errors == 0


def test_pause_menu_hint_and_save_and_quit():
    storage = host.DictStorage()
    d = new_driver(storage, seed=17)
    wait_for_you(d)
    d.press(B)
    assert d.app.top().title == "Paused"
    d.press(DOWN)
    d.press(A)  # Hint
    top = d.app.top()
    assert isinstance(top, MessageScreen) and top.title == "Hint"
    assert "Lay away" in top.lines[0]
    d.press(A)
    s = screen(d)
    assert on_top(d, s) and s.table.mode == DISCARD
    moves = bytes(s.game.moves)
    d.press(B)
    d.press(DOWN)
    d.press(DOWN)
    d.press(A)  # Save and quit
    assert len(d.app.stack) == 1
    d2 = new_driver(storage, ticks=0)
    assert bytes(screen(d2).game.moves) == moves


def test_abandon_asks_then_deletes_the_save():
    storage = host.DictStorage()
    d = new_driver(storage, seed=17)
    wait_for_you(d)
    d.press(B)
    d.press(UP)  # wraps to the last entry: Abandon
    d.press(A)
    d.press(A)  # "No, play on"
    assert d.app.top() is screen(d) and storage.exists("game.rec")
    d.press(B)
    d.press(UP)
    d.press(A)
    d.press(DOWN)
    d.press(A)  # "Yes, abandon it"
    assert len(d.app.stack) == 1 and not storage.exists("game.rec")


def test_log_text_replays_mid_game():
    d = new_driver(seed=30)
    play_game(d, 30, decisions=6)
    s = screen(d)
    g = logcheck.replay(endlog.log_text(s.game))
    assert g.scores == s.game.scores and g.winner is None
