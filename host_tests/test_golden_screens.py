"""Golden screenshots: the main screens rendered from fixed seeds and button
scripts with the host backend, their 1024-byte framebuffer compared with the
pictures stored in host_tests/golden/ (``NAME.pbm``, a 128x64 binary PBM any
image viewer opens, with ``NAME.png`` beside it, four times larger, for
people). Everything here runs on the simulated clock from fixed seeds, so a
picture changes only when the drawing does.

After a deliberate change of the drawing, regenerate and look at the PNGs:

    GOLDEN_UPDATE=1 python -m pytest host_tests/test_golden_screens.py

A mismatch writes the picture it got as ``host_tests/golden/NAME.new.png``
(ignored by git) to compare. CPython only (files, Pillow for the previews).
"""

import os

import pytest

import screentext
from driver import Driver
from engine.rng import Rng
from firmware.app import App
from firmware.hal import A, DOWN, RIGHT, UP
from firmware.hw import host
from firmware.play.screen import PlayScreen
from firmware.play.table import COUNT, DISCARD, OVER_PAGE, PLAY, SHOW_PAGE
from firmware.store.stats import Stats
from playdriver import decide, new_driver, over, play_game, screen, wait_for_you
from firmware.screens.settings import label as setting_label

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
W = 128
H = 64


def pbm(buf):
    """The MONO_VLSB framebuffer as a binary PBM (P4: rows of bits, MSB
    first, 1 = lit)."""
    rows = bytearray()
    for y in range(H):
        for xb in range(0, W, 8):
            v = 0
            for i in range(8):
                if (buf[(y >> 3) * W + xb + i] >> (y & 7)) & 1:
                    v |= 0x80 >> i
            rows.append(v)
    return b"P4\n%d %d\n" % (W, H) + bytes(rows)


def pixels(data):
    """The set of lit (x, y) of a PBM made by ``pbm``."""
    head = b"P4\n%d %d\n" % (W, H)
    assert data.startswith(head), "not a 128x64 P4 PBM"
    bits = data[len(head) :]
    lit = set()
    for y in range(H):
        for x in range(W):
            if bits[y * (W // 8) + (x >> 3)] & (0x80 >> (x & 7)):
                lit.add((x, y))
    return lit


def png(path, data):
    from PIL import Image

    img = Image.new("L", (W, H), 0)
    for x, y in pixels(data):
        img.putpixel((x, y), 255)
    img.resize((W * 4, H * 4), Image.NEAREST).save(path)


def check(d, name):
    """Redraw the top screen and compare it with golden ``name``; no text on
    it may be cut at an edge of the screen."""
    cut = screentext.off_screen(d.app, lambda: d.tick(1))
    assert cut == [], "%s: text cut at the edge: %r" % (name, cut)
    d.app.invalidate()
    d.tick(1)
    assert d.app.errors == 0, d.app.last_error
    got = pbm(d.hw.display.buf)
    path = os.path.join(GOLDEN, name + ".pbm")
    if UPDATE:
        os.makedirs(GOLDEN, exist_ok=True)
        with open(path, "wb") as f:
            f.write(got)
        png(os.path.join(GOLDEN, name + ".png"), got)
        return
    if not os.path.exists(path):
        pytest.fail("no golden picture %s: run with GOLDEN_UPDATE=1" % path)
    with open(path, "rb") as f:
        want = f.read()
    if got != want:
        png(os.path.join(GOLDEN, name + ".new.png"), got)
        differ = pixels(got) ^ pixels(want)
        pytest.fail(
            "%s differs from its golden picture in %d pixels (first %r); see %s.new.png"
            % (name, len(differ), sorted(differ)[:3], name)
        )


def app_driver(storage=None):
    return Driver(App(host.make(storage=storage)))


def test_menu_and_settings():
    d = app_driver()
    check(d, "menu")
    for _ in range(3):
        d.press(DOWN)
    d.press(A)
    d.press(RIGHT)  # difficulty medium -> hard
    check(d, "settings")


def wait_mode(d, s, want, seed, limit=60):
    """Play (the test player) until the screen asks for ``want``."""
    for _ in range(limit):
        mode = wait_for_you(d)
        if mode == want:
            return
        assert mode != "over"
        decide(d, Rng(seed + len(s.game.moves)))
    raise AssertionError("never asked for %r" % want)


def test_a_game_discard_play_show_and_game_over():
    d = new_driver(seed=41, target=61)
    s = screen(d)
    wait_mode(d, s, DISCARD, 41)
    d.press(A)  # the first card chosen for the crib
    d.press(RIGHT)
    d.press(RIGHT)
    check(d, "discard")
    d.press(A)
    d.press(A)  # lays both away
    for _ in range(60):  # a turn with a pile and a card that does not fit
        mode = wait_for_you(d)
        assert mode != "over"
        if mode == PLAY and s.table.dimmed and s.table.pile:
            break
        decide(d, Rng(41 + len(s.game.moves)))
    d.tick(1, 0, 3000)  # let the message line settle to its idle text
    check(d, "play_dimmed")
    for _ in range(400):  # on to a show page, all its lines told
        if s.table.page == SHOW_PAGE and len(s.table.lines) >= 3:
            d.press(A)
            break
        if s.table.page != 0:
            d.press(A)
        elif s.table.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            decide(d, Rng(41 + len(s.game.moves)))
        else:
            d.tick(1, 0, 100)
    assert s.table.page == SHOW_PAGE and s.table.shown == len(s.table.lines)
    check(d, "show")
    play_game(d, 41)
    assert d.app.top() is over(d)  # the game-over mode's page
    check(d, "game_over")


def test_muggins_count():
    app = App(host.make())
    app.settings.set("target", 61)
    app.settings.set("muggins", True)
    app.settings.save()  # the next app (a mode opened) reads them
    d = Driver(app)
    app.push(PlayScreen(43))
    s = screen(d)
    wait_mode(d, s, COUNT, 43)
    for _ in range(3):
        d.press(RIGHT)
    d.press(UP)
    check(d, "muggins_count")


def test_keeper_and_counter():
    d = app_driver()
    d.app.open("keeper")
    d.tick(2)
    d.press(UP)
    d.press(UP)
    d.press(RIGHT)
    d.press(UP)
    check(d, "keeper")
    d.app.home()
    d.follow().open("counter")
    d.tick(2)
    for step in (UP, UP, A, RIGHT, UP, A, UP, A, DOWN, A, RIGHT, A):
        d.press(step)
    check(d, "counter")


def test_stats_pages():
    storage = host.DictStorage()
    st = Stats(storage)
    st.games, st.wins, st.skunks_given, st.matches, st.match_wins = 12, 7, 1, 3, 2
    st.deals, st.pegging, st.hands, st.hand_points, st.cribs, st.crib_points = (
        90,
        301,
        88,
        690,
        45,
        201,
    )
    st.best, st.best_cards = 28, [16, 17, 18, 41, 19]  # what these five score
    for i in range(12):  # the coach's figures: 7 deals a game, giving up less and less
        st.add_coach(7, 7 * (190 - 10 * i), 7 * (60 - 3 * i))
    st.save()
    d = app_driver(storage)
    d.app.open("stats")
    d.tick(2)
    check(d, "stats_results")
    d.press(RIGHT)
    check(d, "stats_per_deal")
    d.press(RIGHT)
    check(d, "stats_best_hand")


# ---- five-card (V5) and fixed deals (V6)


def test_settings_game_choices():
    d = app_driver()
    for _ in range(3):
        d.press(DOWN)
    d.press(A)
    d.press(DOWN)  # Game
    d.press(RIGHT)
    d.press(RIGHT)  # 6-card 121 -> 6-card 61 -> 5-card 61
    assert d.app.settings.variant == "five"
    check(d, "settings_five")


def test_five_card_play_and_a_three_card_show():
    d = new_driver(seed=51, game="5-card 61")
    s = screen(d)
    wait_mode(d, s, DISCARD, 51)
    d.press(A)
    d.press(RIGHT)
    check(d, "five_discard")
    d.press(A)
    d.press(A)
    d.press(A)  # lays both away
    for _ in range(60):
        mode = wait_for_you(d)
        assert mode != "over"
        if mode == PLAY and s.table.pile:
            break
        decide(d, Rng(51 + len(s.game.moves)))
    d.tick(1, 0, 3000)
    check(d, "five_play")
    for _ in range(400):  # on to the show of a three-card hand, all told
        t = s.table
        if t.page == SHOW_PAGE and " hand: " in t.title and len(t.lines) >= 2:
            d.press(A)
            break
        if t.page != 0:
            d.press(A)
        elif t.mode in (DISCARD, PLAY) and not s.queue and s.wait <= 0:
            decide(d, Rng(51 + len(s.game.moves)))
        else:
            d.tick(1, 0, 100)
    assert s.table.page == SHOW_PAGE and len(s.table.page_cards) == 3
    check(d, "five_show")


def test_fixed_deals_play_and_a_tie():
    from engine.match import Match

    d = new_driver(seed=52, game="6 deals")
    s = screen(d)
    for _ in range(40):  # on to the second deal's discard
        mode = wait_for_you(d)
        if mode == DISCARD and s.table.deal_no == 2:
            break
        decide(d, Rng(52 + len(s.game.moves)))
    assert s.table.deal_no == 2
    check(d, "deals_discard")
    from firmware.play.game_over import GameOverPage
    from firmware.play.over_page import fill

    s.table.page = OVER_PAGE
    fill(s.table, Match(1, 5, None, None, False, False, "six", 6), False, 2, 84, 84, "")
    d.app.push(GameOverPage(s))  # the page's screen over the table (the demo's)
    check(d, "deals_tie")


def test_keeper_five_card_and_fixed_deals():
    d = app_driver()
    st = d.app.settings
    while setting_label(st, 1) != "5-card 61":
        st.step(1, 1)
    d.app.open("keeper")
    d.tick(2)
    check(d, "keeper_five")
    d = app_driver()  # a new device: nothing kept
    st = d.app.settings
    while setting_label(st, 1) != "8 deals":
        st.step(1, 1)
    d.app.open("keeper")
    d.tick(2)
    for _ in range(3):  # three deals of 12 and 9
        d.press(DOWN)
        d.press(RIGHT)
        d.press(UP)
        d.press(UP)
        d.press(A)
        for _ in range(9):
            d.press(UP)
        d.press(A)
    check(d, "keeper_deals")


def test_stats_five_card_best_hand():
    from engine.score import show_score

    storage = host.DictStorage()
    st = Stats(storage, "stats5")
    st.games, st.wins, st.deals, st.hands, st.hand_points = 2, 1, 14, 14, 40
    st.best_cards = [16, 17, 18, 41]  # three fives and a jack starter
    st.best = show_score(st.best_cards[:3], st.best_cards[3])
    assert st.save()
    d = app_driver(storage)
    d.app.open("stats")
    d.tick(2)
    for _ in range(5):
        d.press(RIGHT)
    check(d, "stats_five_best_hand")


# ---- Learn to play: every step of the lesson


def test_learn_every_step():
    from engine.lesson import N

    d = app_driver()
    d.open("learn")
    for k in range(N):
        check(d, "learn_%02d" % (k + 1))
        d.tap(RIGHT)
