"""The play screen (firmware/play/screen.py) worked through the app by its
buttons, for tests: ``new_driver`` (an app with the given settings and the
play screen open, resuming a save when storage holds one), ``screen`` (the
play screen on the app's stack), ``wait_for_you`` (time passes until you
must decide or the game is over), ``decide`` (one decision of a simple
player, buttons only), ``play_game`` (to the game-over page, or a number of
decisions), ``check_table`` (the table shown agrees with the engine),
``check_log_agrees`` (the exported last.log replays to the same game), and
``move_to``, ``worth``, ``enter_count`` (the cursor, a muggins count),
``on_top`` (the play screen or one of its pages is on top). Used
by the test_play_* modules and the golden screens, statistics, saves, odds
and expert tests. Portable (CPython and MicroPython). Not a test module.
Imports engine.logcheck, engine.rng, engine.score, firmware.app, firmware.hal,
firmware.hw.host, firmware.play.screen, firmware.play.table and tools/driver.py.
"""

from driver import Driver
from engine import logcheck
from engine.rng import Rng
from firmware.app import App
from firmware.hal import A, LEFT, RIGHT, UP
from firmware.hw import host
from firmware.play.finished import FinishedGame
from firmware.play.screen import PlayScreen
from firmware.play.table import CONFIRM, COUNT, DISCARD, NO_PAGE, OVER_PAGE, PLAY
from firmware.screens.settings import label as setting_label


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
    app.settings.save()  # the next app (a mode opened) reads them
    while game and setting_label(app.settings, 1) != game:  # as LEFT/RIGHT step it on the screen
        app.settings.step(1, 1)
    app.settings.set("match", match)
    app.settings.set("open_hands", open_hands)
    app.settings.set("difficulty", level)
    app.settings.set("muggins", muggins)
    app.settings.save()
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


def over(d):
    """The game-over mode's screen (firmware.play.finished) when its app
    runs (your game ended into it), else None."""
    for s in d.app.stack:
        if isinstance(s, FinishedGame):
            return s
    return None


def on_top(d, s):
    """The play screen ``s`` or one of its pages (the cut, a show, game
    over: a ``firmware.play.page.Page``, which shows its table) is the top
    screen. Not by its class: on a device the pages' code is forgotten
    after each page and loaded again (a new class) for the next."""
    top = d.app.top()
    return top is s or getattr(top, "table", None) is s.table


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
    the game-over page shows (your game: the game-over mode's, its
    statistics and last.log done, a step a frame; the demo's: the play
    screen's) and the page takes keys (it ignores a press begun in its
    first moment: ``quiet``); returns the mode or "over"."""
    for _ in range(limit):
        assert d.app.errors == 0, d.app.last_error
        f = over(d)
        if f is not None:
            if f.work is None and not d.app.buttons.quiet():  # (a message may be over it)
                return "over"
            d.tick(1, 0, 20)
            continue
        s = screen(d)
        if s.table.page == OVER_PAGE:
            if not d.app.buttons.quiet():
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
    """The exported last.log replays to the finished game the game-over
    mode shows; its text."""
    f = over(d)
    text = d.hw.storage.read("last.log").decode()
    g = logcheck.replay(text)
    assert g.winner == f.game.winner
    assert g.scores == f.game.scores
    assert g.target == f.game.target
    return text
