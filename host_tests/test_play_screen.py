# portable
"""firmware/screens/play.py through the app, with button events only: whole
games against the computer (61 and 121, V1) ending on the game-over page, the
exported last.log replays (docs/gamelog.md) to the same score, a power cut at
several points resumes the same game (and it then ends exactly as the
uninterrupted one), open hands (V3) show the computer's cards, the table on
screen always agrees with the engine, hints, and a seeded button-mashing fuzz
never raises. Also the demo (computer against itself). Runs on CPython and
MicroPython."""

from engine import logcheck
from engine.rng import Rng
from firmware.app import App, MessageScreen
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw import host
from driver import Driver
import endlog
from firmware.pegboard import Pegboard
from firmware import cardtext, play_table
from firmware.screens.pause import hint_text
from firmware.screens.play import (
    CONFIRM,
    COUNT,
    DISCARD,
    NO_PAGE,
    OVER_PAGE,
    PLAY,
    SHOW_PAGE,
    PlayScreen,
)

SHOW_ROWS = 4  # lines of a hand's count on screen at once (firmware.play_show)
BITS = (UP, DOWN, LEFT, RIGHT, A, B)


def new_driver(
    storage=None,
    target=61,
    match=1,
    open_hands=False,
    level="medium",
    seed=None,
    ticks=2,
    muggins=False,
    game="",
):
    """An app with the given settings and the play screen open (resuming when
    ``storage`` holds a save; a new match from ``seed`` otherwise); ``game``
    names the Settings' game ("5-card 61", "6 deals"...) when not ``target``."""
    app = App(host.make(storage=storage))
    app.settings.set("target", target)
    while game and app.settings.label(1) != game:  # as LEFT/RIGHT step it on the screen
        app.settings.step(1, 1)
    app.settings.set("match", match)
    app.settings.set("open_hands", open_hands)
    app.settings.set("difficulty", level)
    app.settings.set("muggins", muggins)
    d = Driver(app)
    if seed is None:
        app.open("play")
    else:
        app.push(PlayScreen(seed))
    d.tick(ticks)
    return d


def screen(d):
    for s in d.app.stack:
        if isinstance(s, PlayScreen):
            return s
    return None


def check_table(s):
    """What the screen shows agrees with the engine (when you must act)."""
    g = s.game
    v = g.view(0)
    assert s.table.scores == g.scores, (s.table.scores, g.scores)
    assert s.table.hand == v.hand, (s.table.hand, v.hand)
    assert s.table.pile == v.pile and s.table.count == v.count
    assert s.table.starter == v.starter
    assert s.table.dealer == g.dealer
    if g.open_hands:
        assert s.table.opp == v.opponent_hand
    else:
        assert s.table.opp is None and s.table.opp_left == v.opponent_left


def wait_for_you(d, limit=3000):
    """Let time pass (A through pages) until the screen asks for a decision or
    the game-over page shows and the game's end (statistics, last.log, a
    step a frame) is done; returns the mode or "over"."""
    for _ in range(limit):
        s = screen(d)
        assert d.app.errors == 0, d.app.last_error
        if s.table.page == OVER_PAGE:
            if s.ending is None:
                return "over"
            d.tick(1, 0, 20)
            continue
        if s.table.page != NO_PAGE:
            d.press(A)
        elif s.table.mode in (DISCARD, CONFIRM, PLAY, COUNT) and not s.queue and s.wait <= 0:
            return s.table.mode
        else:
            d.tick(1, 0, 250)
    raise AssertionError("the screen never asked for a decision")


def move_to(d, s, pos):
    n = len(s.table.hand)
    steps = (pos - s.table.cursor) % n
    if steps * 2 > n:
        for _ in range(n - steps):
            d.press(LEFT)
    else:
        for _ in range(steps):
            d.press(RIGHT)
    assert s.table.cursor == pos


def worth(g):
    """What the hand or crib being counted (muggins) is worth."""
    from engine.score import hand_score

    v = g.view(0)
    return hand_score(v.count_cards, v.starter, v.counting == "crib")


def enter_count(d, s, points):
    """Type ``points`` on the count page (RIGHT adds 2, UP 1) and claim it."""
    assert s.table.mode == COUNT and s.table.claim == 0
    for _ in range(points // 2):
        d.press(RIGHT)
    if points & 1:
        d.press(UP)
    assert s.table.claim == min(points, 29) and s.table.s_claim == str(s.table.claim)
    n = len(s.game.moves)
    d.press(A)
    assert len(s.game.moves) == n + 2


def decide(d, rng):
    """One decision of a simple player, through buttons only."""
    s = screen(d)
    if s.table.mode == COUNT:  # muggins: count exactly
        enter_count(d, s, worth(s.game))
        return
    check_table(s)
    g = s.game
    if s.table.mode == DISCARD:
        before = list(s.table.hand)
        n = len(before)  # six, or five in five-card (V5)
        i = rng.below(n)
        j = (i + 1 + rng.below(n - 1)) % n
        move_to(d, s, i)
        d.press(A)
        move_to(d, s, j)
        d.press(A)
        assert s.table.mode == CONFIRM
        d.press(A)
        crib = g.discards[0]
        assert set(crib) == set((before[i], before[j]))
        return
    assert s.table.mode == PLAY
    fits = [k for k in range(len(s.table.hand)) if g.can_play(0, s.table.hand[k])]
    assert fits, "the screen asks for a card when it should say go for you"
    k = fits[rng.below(len(fits))]
    card = s.table.hand[k]
    move_to(d, s, k)
    n = len(g.moves)
    d.press(A)
    assert g.moves[n : n + 2] == bytes((0, card))


def play_game(d, seed=1, decisions=None):
    """Play until the game-over page; returns the number of decisions made.
    The player's choices hang only on the game's state, so a resumed game is
    played on the same way."""
    n = 0
    while True:
        mode = wait_for_you(d)
        if mode == "over":
            return n
        s = screen(d)
        decide(d, Rng(seed * 7919 + len(s.game.moves)))
        n += 1
        if decisions is not None and n >= decisions:
            return n


def check_log_agrees(d):
    s = screen(d)
    text = d.hw.storage.read("last.log").decode()
    g = logcheck.replay(text)
    assert g.winner == s.game.winner
    assert g.scores == s.game.scores
    assert s.table.scores == s.game.scores
    assert g.target == s.game.target
    return text


def test_a_game_to_61_through_buttons_ends_on_the_game_over_page():
    d = new_driver(seed=11, target=61)
    s = screen(d)
    assert s.game.target == 61 and s.game.first_dealer is None  # R2: cut for deal
    n = play_game(d, 11)
    assert n >= 8  # two decisions at least per deal, several deals
    g = s.game
    assert g.phase == "over" and max(g.scores) >= 61 and min(g.scores) < 61
    assert s.table.page == OVER_PAGE
    text = check_log_agrees(d)
    assert text.startswith("game 1 target=61")
    assert "cut A" in text  # the cut for deal is in the log
    # one game match: it is over, the save is gone; A is a rematch, B the menu
    assert not d.hw.storage.exists("game.rec")
    assert s.table.foot == "A: rematch  B: menu"
    d.press(B)
    assert screen(d) is None and len(d.app.stack) == 1
    assert d.app.errors == 0


def test_a_finished_match_offers_a_rematch_with_the_same_settings_first():
    storage = host.DictStorage()
    d = new_driver(storage, seed=11, target=61, match=1, open_hands=True, level="hard")
    s = screen(d)
    play_game(d, 11)
    assert s.table.match_over and s.table.foot.startswith("A: rematch")
    old = s.game
    d.app.settings.set("target", 121)  # the rematch is the finished match's, not the device's
    d.press(A)
    assert screen(d) is s and s.game is not old and s.game.phase != "over"
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


def test_on_a_device_a_rematch_is_dealt_a_step_a_frame_under_the_over_page():
    # hw.staged (a device): the computer's modules the game's end forgot and
    # firmware.play_start load a frame each, the over page shown meanwhile
    # (no frame holds them all: firmware/screens/play.py, _start_step)
    # engine.crib_table, discard, opponent, the save's code (engine.save,
    # firmware.play_save), engine.restore, firmware.play_start
    again = 7

    d = new_driver(seed=12, target=61, match=1, level="hard")
    s = screen(d)
    play_game(d, 12)
    assert s.table.match_over and s.ending is None
    d.hw.staged = True
    old = s.game
    for _ in range(4):  # the press
        if not s.starting:
            d.tick(1, A)
    frames = 0
    while s.game is old:
        assert s.table.page == OVER_PAGE and s.starting > 0 and s.busy()
        d.tick(1)
        frames += 1
    assert frames == again + 2  # then a collection, then the deal
    assert s.starting == 1 and s.table.page != OVER_PAGE
    d.tick(1)
    assert s.starting == 0 and s.game.phase != "over" and d.app.errors == 0
    wait_for_you(d)


def test_a_game_to_121_with_the_hard_computer():
    d = new_driver(seed=5, target=121, level="hard")
    s = screen(d)
    assert s.level == "hard"
    play_game(d, 5)
    g = s.game
    assert max(g.scores) >= 121
    check_log_agrees(d)
    assert s.table.lines[0] in ("You win!", "The computer wins")
    assert (g.skunk != "") == (("Skunk!" in s.table.lines) or ("Double skunk!" in s.table.lines))
    assert d.app.errors == 0


def test_best_of_three_goes_on_to_the_next_game_and_keeps_the_match_score():
    d = new_driver(seed=3, target=61, match=3)
    s = screen(d)
    first = s.game.dealt_first
    play_game(d, 3)
    w1 = s.game.winner
    assert d.hw.storage.exists("game.rec")  # the match goes on
    d.press(A)
    assert s.game.winner is None and s.match.wins[w1] == 1
    assert s.game.dealt_first == 1 - first  # V2: the first deal alternates
    assert s.table.scores == [0, 0]
    games = 1
    while True:
        play_game(d, 3 + games)
        games += 1
        if s.table.match_over:
            break
        d.press(A)
    assert games in (2, 3)
    assert not d.hw.storage.exists("game.rec")
    assert any([ln.endswith("the match!") for ln in s.table.lines])
    assert d.app.errors == 0


def test_power_cut_resumes_the_same_game_which_then_ends_the_same():
    # the uninterrupted game
    d = new_driver(seed=21, target=61)
    play_game(d, 21)
    whole = bytes(screen(d).game.moves)
    final = list(screen(d).game.scores)
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
    assert bytes(screen(d).game.moves) == whole
    assert screen(d).game.scores == final
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
    assert d.app.top() is s and s.table.mode == DISCARD
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


def test_peg_text_names_what_scored():
    # 5H TD: fifteen; 4C 4D 4H: pair royal; 10C 10D JC AC: 31
    assert play_table.peg_text([4 * 4 + 2, 9 * 4 + 1], 2) == "15 for 2"
    assert play_table.peg_text([12, 13, 14], 6) == "pair royal for 6"
    assert play_table.peg_text([9 * 4, 9 * 4 + 1, 10 * 4, 0], 2) == "31 for 2"
    # named as the show names them (one wording, engine.score.item_name)
    assert play_table.peg_text([12, 13, 14, 15], 12, 30) == "double pair royal for 12"
    assert play_table.peg_text([8, 12, 16], 3) == "run for 3"  # 3C 4C 5C
    # kept to the room the message line leaves after the name: 'CPU ' + 17 cells
    five = [16, 17, 18]  # 5C 5D 5H: 15 and a pair royal
    assert play_table.peg_text(five, 8) == "15+pair royal for 8"
    assert play_table.peg_text(five, 8, 17) == "15+pair royal 8"
    assert play_table.peg_text([0, 4, 8, 9, 10, 11], 14, 17) == "pegs 14"


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
        s = screen(d)
        if s is None:  # quit or abandoned through the menu: come back
            d.app.home()
            d.app.open("play")
            d.tick(2)
            if not isinstance(d.app.top(), PlayScreen):
                d.press(A)
            continue
        if d.app.top() is s and s.table.page == NO_PAGE and not s.queue and s.wait <= 0:
            if s.table.mode in (DISCARD, CONFIRM, PLAY):
                check_table(s)
        if len(s.game.moves) > before:
            decisions += 1
        over = s.game.phase == "over" and s.table.page == OVER_PAGE and s.ending is None
        if over and s.game.winner is not None:
            if not [g for g in logged if g is s.game]:
                logged.append(s.game)
                games += 1
                check_log_agrees(d)
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


def test_drawing_stays_on_the_screen_and_shows_something():
    d = new_driver(seed=2)
    s = screen(d)
    pages = set()
    for _ in range(400):
        s = screen(d)
        if s is None or s.table.page == OVER_PAGE:
            break
        d.app.invalidate()
        if s.table.mode in (DISCARD, CONFIRM, PLAY) and s.table.page == NO_PAGE and not s.queue:
            decide(d, Rng(len(s.game.moves)))
        elif s.table.page != NO_PAGE:
            pages.add(s.table.page)
            d.tick(1)
            disp = d.hw.display
            assert sum([disp.buf[i] != 0 for i in range(1024)]) > 50
            d.press(A)
        else:
            d.tick(1, 0, 100)
        assert d.app.errors == 0, d.app.last_error
    assert len(pages) >= 2  # the cut, the show


def test_messages_tell_every_award_and_the_pegboard_mirrors_them():
    import boards

    peg = Pegboard(boards.load("pico").LAYOUT)
    app = App(host.make(), pegboard=peg)
    app.settings.set("target", 61)
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
    assert walked == [("AB".index(w[1]), int(w[3]), int(w[3]) - int(w[2])) for w in awards]
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


def test_hint_in_the_play_names_a_card_you_can_play():
    d = new_driver(seed=12)
    s = screen(d)
    wait_for_you(d)
    decide(d, Rng(5))
    assert wait_for_you(d) == PLAY
    text = hint_text(s)
    assert text.startswith("Play")
    best = text.split("\n")[1].split()[0]
    assert best in [play_table.card_text(c) for c in s.table.hand if s.game.can_play(0, c)]


def test_a_show_longer_than_the_screen_marks_the_lines_out_of_sight():
    from screentext import drawn_lines

    d = new_driver(seed=41)
    s = screen(d)
    for _ in range(2000):  # on to a show of more lines than the four rows
        t = s.table
        if t.page == SHOW_PAGE and len(t.lines) > SHOW_ROWS:
            break
        if t.page != NO_PAGE:
            d.press(A)
        elif t.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            decide(d, Rng(41 + len(s.game.moves)))
        else:
            d.tick(1, 0, 100)
    t = s.table
    assert t.page == SHOW_PAGE and len(t.lines) > SHOW_ROWS
    d.press(A)  # tell every line: the window ends on the last (the total)
    assert t.shown == len(t.lines) and t.top_line > 0

    def shown():
        return drawn_lines(d.app, lambda: d.tick(1))

    seen = [x[0] for x in shown()]
    assert t.lines[0] not in seen and t.lines[-1] in seen
    assert ("\x87", 122, 31) in shown()  # a mark: there is more above
    for line, x, y in shown():
        if 31 <= y and line not in ("\x87", "\x88"):
            assert x + len(line) * 6 <= 122, line  # clear of the marks' column
    for _ in range(t.top_line):
        d.press(UP)
    assert t.top_line == 0
    seen = shown()
    assert t.lines[0] in [x[0] for x in seen] and ("\x88", 122, 55) in seen
    assert "\x87" not in [x[0] for x in seen]
    assert d.app.errors == 0


def test_no_text_of_a_game_is_cut_at_the_screen_edge():
    # every frame of a muggins game with open hands, your counts one short
    from screentext import off_screen

    d = new_driver(seed=9, target=61, open_hands=True, muggins=True)
    s = screen(d)
    cut = []
    for _ in range(3000):
        cut += off_screen(d.app, lambda: d.tick(1))
        t = s.table
        if t.page == OVER_PAGE:
            break
        if t.page != NO_PAGE:
            d.press(A)
        elif t.mode in (DISCARD, PLAY, COUNT) and not s.queue and s.wait <= 0:
            if t.mode == COUNT:
                enter_count(d, s, max(0, worth(s.game) - 1))
            else:
                decide(d, Rng(9 + len(s.game.moves)))
        else:
            d.tick(1, 0, 100)
    assert t.page == OVER_PAGE
    assert cut == [], cut


def test_discard_hint_near_the_end_is_in_the_order_of_the_figures_shown():
    # 61 game at 43-34: the chance of counting out this deal is in the order,
    # so it is in the figure shown too (issue 10: "1.8" stood above "3.1")
    from engine.game import Game

    class Paused:  # what hint_text reads of the play screen
        pass

    outs = 0
    for seed in (1, 14, 28):
        g = Game(seed, 61, 1)
        g.start()
        g.scores[0], g.scores[1] = 43, 34
        p = Paused()
        p.game = g
        p.table = Paused()
        p.table.mode = DISCARD
        lines = hint_text(p).split("\n")
        assert lines[0] == "Lay away (points expected, going out counted as 20):"
        figures = [float(x.split()[2]) for x in lines[1:]]
        assert len(figures) == 3 and figures == sorted(figures, reverse=True), lines
        for x in lines[1:]:
            assert len(x) <= 21, x
            outs += x.endswith("% out")
    assert outs  # the chance is said where it counts


def test_show_lines_fit_the_screen_and_add_up_to_the_hand():
    from engine.breakdown import hand_breakdown
    from engine.score import hand_score

    rng = Rng(99)
    deck = bytearray(range(52))
    hands = [[16, 17, 18, 40], [0, 4, 8, 12], [4 * 2, 4 * 2 + 1, 4 * 3, 4 * 3 + 1]]
    for _ in range(1500):
        rng.shuffle(deck)
        hands.append([deck[0], deck[1], deck[2], deck[3], deck[4]])
    hands.append([19, 18, 17, 16, 41])  # 5S 5H 5D 5C + JD: 28 (29 with JC)
    hands.append([16 + 2, 20 + 2, 24 + 2, 28 + 2, 0 + 2])  # five hearts
    hands.append([36, 37, 38, 39, 16])  # four tens: "double pair royal 12", no room for cards
    hands.append([32, 37, 40, 44, 48])  # 9C 10D JC QC KC: "run 5: 9 10 J Q K"
    for h in hands:
        if len(set(h)) < 4:
            continue
        cards, starter = h[:4], h[4] if len(h) > 4 else 51
        if starter in cards:
            continue
        for crib in (False, True):
            total = 0
            for item in hand_breakdown(cards, starter, crib):
                text = cardtext.item_text(item, 20)  # as the show page asks
                assert len(text) <= 20, text
                total += int(text.split(":")[0].split()[-1])
            assert total == hand_score(cards, starter, crib)
    royal = [cardtext.item_text(i) for i in hand_breakdown([16, 17, 18, 40], 51)]
    assert "pair royal 6: 5 5 5" in royal  # as pegging says it, not three pairs (22 with suits)
    assert not [x for x in royal if x.startswith("pair 2")]


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


def test_muggins_a_short_count_gives_the_computer_the_difference():
    # V4: the player counts; claims below the value give the rest to the other
    d = new_driver(seed=19, target=121, muggins=True)
    s = screen(d)
    assert s.game.muggins and s.game.counters == (0,)
    counts = []  # (claimed, worth)
    pages = []
    while True:
        mode = wait_for_you(d)
        if mode == "over":
            break
        if mode != COUNT:
            decide(d, Rng(len(s.game.moves)))
            continue
        real = worth(s.game)
        assert len(s.table.page_cards) == 4 and s.table.page_starter == s.game.starter
        k = len(counts)
        claim = real - 2 if real >= 2 and k % 3 == 0 else real + 3 if k % 3 == 1 else real
        claim = min(max(claim, 0), 29)
        counts.append((claim, real))
        enter_count(d, s, claim)
        for _ in range(40):  # to the show page of this count
            if s.table.page == SHOW_PAGE:
                pages.append(list(s.table.lines))
                break
            d.tick(1, 0, 100)
    assert any([c < r for c, r in counts]) and any([c > r for c, r in counts])
    text = check_log_agrees(d)
    assert text.split("\n")[0].split()[-1] == "muggins"
    lines = text.split("\n")
    claims = [i for i in range(len(lines)) if lines[i].startswith("claim A")]
    assert len(claims) == len(counts)
    taken = 0
    for (claim, real), i in zip(counts, claims):
        assert lines[i].split()[3] == str(claim)
        assert lines[i + 1].split()[:2] == ["show", "A"] and lines[i + 1].split()[3] == str(real)
        j = i + 2
        got = min(claim, real)
        if got:
            w = lines[j].split()
            assert w[:3] == ["score", "A", str(got)] and w[4] in ("hand", "crib")
            j += 1
        if claim < real and not lines[j - 1].startswith("end"):
            w = lines[j].split()
            assert w[:3] == ["score", "B", str(real - claim)] and w[4] == "muggins"
            taken += real - claim
    assert taken > 0
    # what the show pages said
    for (claim, real), said in zip(counts, pages):
        assert said[0] == "You said %d" % claim
        if claim < real:
            assert said[-1] == "CPU takes %d: muggins" % (real - claim)
        else:
            assert "muggins" not in said[-1]
    assert d.app.errors == 0


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


# ---- five-card (V5) and fixed deals (V6)


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
    from firmware.play_over import open_page

    wins = open_page(s.table, m, False, 2, 90, 90, "")
    assert wins == [0, 0] and not s.table.match_over
    assert s.table.lines[:2] == ["A tie after 8 deals", "You 90  CPU 90"]
    assert s.table.foot == "A: next game"


def test_demo_plays_the_settings_game_five_card_and_fixed_deals():
    for game, check in (("5-card 61", "five"), ("8 deals", "deals")):
        app = App(host.make())
        while app.settings.label(1) != game:
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
    while app.settings.label(1) != "5-card 61":
        app.settings.step(1, 1)
    d = Driver(app)
    app.push(PlayScreen(24))
    s = screen(d)
    said = []
    for _ in range(400):
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
        assert s2.table.match_over and g.phase == "over"
        check_log_agrees(d2)
        d2.press(A)  # the rematch: the finished match's game, not the device's
        g = s2.game
        assert g.phase != "over" and (g.five, g.deals, s2.match.variant) == (
            five,
            deals,
            "five" if five else "six",
        )
        assert d2.app.errors == 0


def _over_page():
    # a game to 61 played to its game-over page, its end's work done
    d = new_driver(seed=11, target=61)
    s = screen(d)
    play_game(d, 11)
    while s.ending is not None:
        d.tick(1)
    return d, s


def test_the_review_shows_at_once_weighs_a_decision_a_frame_then_reads_as_review_moves():
    # DOWN on the game-over page: a bar first (the review takes over a second
    # on a Pico), one of your decisions weighed a frame, then the review's page
    from engine.review import lines_of, review_moves, review_steps
    from firmware.wrap import wrap

    d, s = _over_page()
    lines = lines_of(review_moves(s.game, 0))
    want = "\n".join(lines)
    yields = len(list(review_steps(s.game, 0)))
    assert yields >= 8  # two a discard, one a card played: a game's worth
    d.press(DOWN)
    top = d.top()
    assert type(top).__name__ == "Working" and top.title == "Review"
    assert top.at < len(s.game.moves)
    frames = 0
    while type(d.top()).__name__ == "Working":
        at = d.top().at
        d.tick(1)
        frames += 1
        assert frames <= yields + len(lines) + 6  # and its lines wrapped a few a frame
        if type(d.top()).__name__ == "Working":
            assert d.top().at >= at  # onward through the game's decisions
    assert frames >= yields  # never more than one decision's weighing a frame
    page = d.top()
    assert isinstance(page, MessageScreen) and page.title == "Review"
    assert page.lines == wrap(want)
    d.press(B)
    assert d.top() is s and s.table.page == OVER_PAGE and d.app.errors == 0


def test_b_stops_the_review_and_goes_back_to_the_game_over_page():
    d, s = _over_page()
    d.press(DOWN)
    assert type(d.top()).__name__ == "Working" and d.top().title == "Review"
    d.press(B)
    assert d.top() is s and s.table.page == OVER_PAGE and d.app.errors == 0


def test_on_a_device_code_is_held_only_while_it_is_used():
    # firmware.play_load: a page's code only while the page shows (or is
    # next), the play's code (your keys, the computer's turns) not while a
    # page shows, the pause menu's only while it is open. Forgetting is a
    # device's (MicroPython, CircuitPython): CPython keeps modules
    import sys

    from firmware.play_load import PAGES, PLAY_CODE

    if sys.implementation.name == "cpython":
        return
    d = new_driver(seed=5, target=61, muggins=True)
    d.hw.staged = True
    s = screen(d)
    seen = set()
    for _ in range(3000):
        assert d.app.errors == 0, d.app.last_error
        t = s.table
        held = [m for m in PAGES[1:] if m in sys.modules]
        if t.page != NO_PAGE:
            assert held == [PAGES[t.page]], (t.page, held)
            if t.page == SHOW_PAGE:
                assert [m for m in PLAY_CODE if m in sys.modules] == []
                seen.add("show")
        elif t.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            assert held == [], (t.mode, held)
            assert PLAY_CODE[0] in sys.modules  # your keys
            seen.add(t.mode)
            if "paused" not in seen:
                d.press(B)  # the pause menu, then back: its code goes with it
                assert "firmware.screens.pause" in sys.modules
                d.press(A)  # Back to the game
                assert d.app.top() is s and "firmware.screens.pause" not in sys.modules
                seen.add("paused")
            decide(d, Rng(5 + len(s.game.moves)))
            continue
        elif t.mode == COUNT:
            assert held == [PAGES[2]]  # your muggins count is the show's code
            seen.add(COUNT)
            decide(d, Rng(5))
            continue
        if t.page == OVER_PAGE and s.ending is None:
            break
        if t.page != NO_PAGE:
            d.press(A)
        else:
            d.tick(1, 0, 250)
    assert s.game.phase == "over" and seen >= {"show", "paused", DISCARD, PLAY, COUNT}, seen
    assert [m for m in PLAY_CODE if m in sys.modules] == []  # till the next game
