# portable
"""The "Play a friend" screen (firmware/screens/friend.py, friend_table.py) on two apps
whose links are an in-memory pipe: opened from the menu's last entry, one
opens a table and one joins it; pressing A again and again (it marks two
cards for the crib, plays a card, says go, and does nothing while the other
is to move) plays the whole match to "Match over" on both, with the same
friend.log replaying clean (engine.logcheck); LEFT/RIGHT move the cursor
over the hand; the hand shown is the player's own; B goes back; with the
real prime the deal goes one exponentiation a frame, the status saying how
far it is. Runs on CPython and MicroPython."""

import screentext
from engine import logcheck
from engine.logread import text_lines
from firmware.hal import A, B, RIGHT
from friendrig import open_table, table_app, to_menu
from firmware.screens.friend import FriendMenu
from firmware.screens.friend_table import FriendTable
from firmware.store.table_save import SAVE


def _apps():
    ends = []
    return [table_app(ends, 0), table_app(ends, 1)]


def _text(d):
    return screentext.drawn_text(d.app, lambda: d.tick(1))


def test_two_apps_play_a_match_by_pressing_a():
    d0, d1 = _apps()
    t0 = open_table(d0, False)
    t1 = open_table(d1, True)
    assert t0.seat == 0 and t1.seat == 1
    for _ in range(3000):
        if t0.peer.over and t1.peer.over:
            break
        for d in (d0, d1):
            d.tap(A)
    assert t0.peer.over and t1.peer.over
    d0.tick(2)
    d1.tick(2)
    assert "Match over" in _text(d0) and "Match over" in _text(d1)
    logs = [d.hw.storage.read("friend.log") for d in (d0, d1)]
    assert logs[0] == logs[1]
    games = list(logcheck.replay_lines(text_lines(logs[0].decode())))
    assert len(games) == 1 and games[0].winner in (0, 1)
    d0.tap(B)
    assert isinstance(d0.app.top(), FriendMenu)


def test_the_hand_is_ones_own_and_the_cursor_moves():
    d0, d1 = _apps()
    t0 = open_table(d0, False)
    t1 = open_table(d1, True)
    for _ in range(20):
        d0.tick(1)
        d1.tick(1)
    hand = t0.peer.game.hands[0]
    assert len(hand) == 6 and hand == t0.peer.deal.cards
    assert not set(hand) & set(t1.peer.deal.cards)
    assert "Lay away two" in _text(d0)
    d0.tap(RIGHT)
    assert t0.cursor == 1
    d0.tap(A)  # marks the second card
    assert t0.marked == [hand[1]]


def test_a_power_cut_resumes_the_table_from_its_save():
    d0, d1 = _apps()
    t0 = open_table(d0, False)
    t1 = open_table(d1, True)
    for _ in range(40):  # into the match: a few decisions each
        for d in (d0, d1):
            d.tap(A)
    assert t0.peer.game is not None and d1.hw.storage.read(SAVE)
    ends = _ends(t0)
    ends.remove(t1.link)  # side B's power goes: its app, its link, its memory
    d1b = table_app(ends, 1, d1.hw.storage)
    to_menu(d1b)
    assert "Resume the table" in _text(d1b)
    d1b.tap(A)
    t1b = d1b.app.top()
    assert isinstance(t1b, FriendTable) and t1b.peer.seat == 1
    for _ in range(3000):
        if t0.peer.over and t1b.peer.over:
            break
        for d in (d0, d1b):
            d.tap(A)
    assert t0.peer.over and t1b.peer.over
    d0.tick(2)  # a frame for each screen after the last message (it came by the link)
    d1b.tick(2)
    logs = [d.hw.storage.read("friend.log") for d in (d0, d1b)]
    assert logs[0] == logs[1]
    list(logcheck.replay_lines(text_lines(logs[0].decode())))
    assert d1b.hw.storage.read(SAVE) is None  # the match over: the save goes


def test_the_led_board_pegs_both_sides_scores_each_its_own_first():
    import boards
    from firmware.pegboard import Pegboard

    board = boards.load("pico")
    ends = []
    pegs = [Pegboard(board.LAYOUT, board.POWER, board.N_LEDS) for _ in (0, 1)]
    d0, d1 = table_app(ends, 0, pegboard=pegs[0]), table_app(ends, 1, pegboard=pegs[1])
    d0.app.settings.set("match", 3)  # the board starts again at each game's start
    d0.app.settings.save()  # the friend mode's app reads them
    tables = (open_table(d0, False), open_table(d1, True))
    walked = 0
    for _ in range(9000):
        if tables[0].peer.over and tables[1].peer.over:
            break
        for d in (d0, d1):
            d.tap(A)
        for t, peg in zip(tables, pegs):
            g = t.peer.game
            if g is not None:  # this side's score in player 0's track, the other's in 1's
                assert list(peg.front) == [g.scores[t.seat], g.scores[1 - t.seat]]
                walked = max(walked, peg.front[0])
    assert tables[0].peer.over and tables[1].peer.over
    assert walked > 0 and tables[0].peer.game_no >= 2
    g = tables[0].peer.game
    assert max(g.scores) >= g.target  # the last game's end, pegged on both boards
    assert list(pegs[1].front) == [g.scores[1], g.scores[0]]
    assert d0.hw.leds.writes > 0


def test_a_resumed_side_pegs_the_scores_it_resumes_at():
    import boards
    from firmware.pegboard import Pegboard

    board = boards.load("pico")
    ends = []
    d0, d1 = table_app(ends, 0), table_app(ends, 1)
    t0, t1 = open_table(d0, False), open_table(d1, True)
    for _ in range(3000):  # into the match, till both sides have scored
        g = t0.peer.game
        if g is not None and min(g.scores) > 0 and not t0.peer.busy():
            break
        for d in (d0, d1):
            d.tap(A)
    scores = list(t1.peer.game.scores)
    assert min(scores) > 0
    ends.remove(t1.link)  # side B's power goes
    peg = Pegboard(board.LAYOUT, board.POWER, board.N_LEDS)
    d1b = table_app(ends, 1, d1.hw.storage, pegboard=peg)
    to_menu(d1b)
    d1b.tap(A)  # "Resume the table"
    t1b = d1b.app.top()
    for _ in range(200):  # its journal fed again, a step a frame
        d1b.tick(1)
        if t1b.peer is not None and not t1b.peer.replaying:
            break
    g = t1b.peer.game
    assert list(g.scores) == scores
    assert list(peg.front) == [scores[1], scores[0]]


def _ends(table):
    return table.link.ends


def test_the_deal_goes_a_power_a_frame_saying_how_far_it_is():
    import builtins

    import engine.table.deal as deal_module

    d0, d1 = _apps()
    for d in (d0, d1):
        d.hw.table_prime = "p256"  # the device's: a frame's work is one power of it
    t0 = open_table(d0, False)
    t1 = open_table(d1, True)
    powers = [0]

    def counted(x, e, m):
        powers[0] += 1
        return builtins.pow(x, e, m)

    said = []
    most = 0
    deal_module.pow = counted
    try:
        for _ in range(2000):
            if t0.peer.waiting() and t1.peer.waiting():
                break
            for d, t in ((d0, t0), (d1, t1)):
                before = powers[0]
                d.tick(1)
                most = max(most, powers[0] - before)
                said.append(t._status())
    finally:
        deal_module.pow = builtins.pow
    assert t0.peer.waiting() and t1.peer.waiting()  # both hands dealt: lay away two
    assert most == 1
    assert "Shuffling 1/52" in said and "Shuffling 52/52" in said and "Dealing 6/6" in said


def test_the_heap_is_collected_in_frames_of_its_own_between_powers():
    import builtins

    import engine.table.deal as deal_module
    import firmware.screens.friend_table as table_module

    d0, d1 = _apps()
    d0.hw.table_prime = "p256"  # a frame's work is one power of it
    d1.hw.table_prime = "p256"
    open_table(d0, False)
    open_table(d1, True)
    powers = [0]
    collections = [0]

    def counted(x, e, m):
        powers[0] += 1
        return builtins.pow(x, e, m)

    def collect():
        collections[0] += 1
        return True

    frames = []  # side A's: (powers, collections) in each
    real = table_module._collect
    deal_module.pow = counted
    table_module._collect = collect
    try:
        for _ in range(400):  # the first deal's work, then both wait to lay away
            before = (powers[0], collections[0])
            d0.tick(1)
            frames.append((powers[0] - before[0], collections[0] - before[1]))
            d1.tick(1)
    finally:
        deal_module.pow = builtins.pow
        table_module._collect = real
    steps = sum(p for p, c in frames)
    assert steps >= 2 * table_module.COLLECT_EVERY
    assert sum(c for p, c in frames) >= steps // (table_module.COLLECT_EVERY + 1)
    assert not [f for f in frames if f[0] and f[1]]  # never a collection and a power in one frame
    since = 0
    for p, c in frames:
        since = 0 if c else since + p
        assert since <= table_module.COLLECT_EVERY
