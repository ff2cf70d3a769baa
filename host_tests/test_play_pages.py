# portable
"""What the play screen says and shows (firmware/play/screen.py through the
app, button events only): the pegging messages' wording, drawing that stays
on the screen, hints for the discard and the play, your muggins count (V4)
and the computer's take, the show page (its lines fit and add up to the
hand; a long show scrolls, marked), no text of a whole game cut at the
screen's edge, and the game's review from the game-over page. Runs on
CPython and MicroPython."""

from engine.rng import Rng
from firmware.ui import cardtext
from firmware.play import table as play_table
from firmware.app import MessageScreen
from firmware.hal import A, B, DOWN, UP
from firmware.play.hint import hint_text
from firmware.play.table import CONFIRM, COUNT, DISCARD, NO_PAGE, OVER_PAGE, PLAY, SHOW_PAGE
from playdriver import (
    check_log_agrees,
    decide,
    enter_count,
    new_driver,
    over,
    play_game,
    screen,
    wait_for_you,
    worth,
)


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


def test_your_turn_says_b_opens_the_hint_and_the_hint_says_what_its_figure_counts():
    whose = []
    for seed in (12, 13):  # the computer's crib, then yours
        d = new_driver(seed=seed)
        s = screen(d)
        assert wait_for_you(d) == DISCARD
        d.run(3000)  # the last message gone: the line says what the keys do
        assert "B: hint" in s.table.line and len(s.table.line) <= 21, s.table.line
        mine = s.game.dealer == 0
        whose.append(mine)
        d.press(B)
        assert type(d.top()).__name__ == "PauseMenu" and d.top().items[1] == "Hint"
        d.press(DOWN)
        d.press(A)
        hint = d.top()
        assert isinstance(hint, MessageScreen) and hint.title == "Hint"
        head = " ".join(hint.lines[:3])
        # the starter and the crib, whose: the figure is not the four cards' worth
        assert head == "Lay away (hand with starter %s crib, on average):" % (
            "+ your" if mine else "- CPU's"
        ), hint.lines
        assert len(hint.lines) <= 6  # the heading and three keeps on one screen
        d.press(A)
        decide(d, Rng(seed))
        assert wait_for_you(d) == PLAY
        d.run(3000)
        assert "B: hint" in s.table.line and s.table.line.startswith("A: play")
        assert d.app.errors == 0
    assert whose == [False, True]


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
        mine = "+ your" if g.dealer == 0 else "- CPU's"
        want = "Lay away (hand with starter %s crib, on average; going out counts 20):" % mine
        assert lines[0] == want
        figures = [float(x.split()[2]) for x in lines[1:]]
        assert len(figures) == 3 and figures == sorted(figures, reverse=True), lines
        for x in lines[1:]:
            assert len(x) <= 21, x
            outs += x.endswith("% out")
    assert outs  # the chance is said where it counts


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


SHOW_ROWS = 4  # lines of a hand's count on screen at once (firmware.play.show)


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


def _over_page():
    # a game to 61 played to its game-over page (the game-over mode's), its
    # end's work done
    d = new_driver(seed=11, target=61)
    play_game(d, 11)
    return d, over(d)


def test_the_review_shows_at_once_weighs_a_decision_a_frame_then_reads_as_review_moves():
    # DOWN on the game-over page: a bar first (the review takes over a second
    # on a Pico), one of your decisions weighed a frame, then the review's page
    from engine.review import lines_of, review_moves, review_steps
    from firmware.ui.wrap import wrap

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
    assert d.top() is s and over(d) is s and d.app.errors == 0


def test_b_stops_the_review_and_goes_back_to_the_game_over_page():
    d, s = _over_page()
    d.press(DOWN)
    assert type(d.top()).__name__ == "Working" and d.top().title == "Review"
    d.press(B)
    assert d.top() is s and over(d) is s and d.app.errors == 0


def _item_points(line, name):
    # the points of one said item: 'Red 15 2: 5C TD' -> 2, 'Red pair royal 6' -> 6
    head = line[len(name) + 1 :].split(":")[0].split()
    return int(head[-1])


def test_demo_and_open_hands_say_why_a_card_pegged_in_the_shows_wording():
    from engine.game import Game

    five = [16, 17, 18]  # 5C 5D 5H: a fifteen and a pair royal
    score = ("score", 1, 8, 8, "peg")
    for names, human, open_hands in ((("You", "CPU"), True, True), (("Red", "Blue"), False, False)):
        t = play_table.Table(names, human)
        t.pile = list(five)
        queue = []
        t.apply(score, Game(1, 61, 0, open_hands), queue)
        who = names[1]
        assert t.msg == who + " 15 2: 5\x80 5\x81 5\x82"  # as the show page says it
        assert queue == [("why", who + " pair royal 6")]  # its cards do not fit the line
        assert t.apply(queue.pop(0), None, queue) > 0 and t.msg == who + " pair royal 6"
        t.starter = 10 * 4 + 3  # JS
        t.apply(("score", 1, 2, 10, "heels"), Game(1, 61, 0, open_hands), queue)
        assert t.msg == who + " heels 2: J\x83"
    t = play_table.Table(("You", "CPU"), True)  # a game with hidden hands: as before
    t.pile = list(five)
    queue = []
    t.apply(score, Game(1, 61, 0, False), queue)
    assert t.msg == "CPU 15+pair royal 8" and queue == []  # in the 17 cells left


def test_the_demo_says_every_pegged_point_item_by_item():
    d = new_driver()
    d.app.home()
    d.follow().open("demo")
    s = d.app.top()
    said = []
    plain = s._apply

    def apply(e):
        ms = plain(e)
        said.append((e, s.table.msg))
        return ms

    s._apply = apply
    for _ in range(3000):  # stepped on by a button, as a watcher may
        d.press(DOWN)
        if len([x for x in said if x[0][0] == "show"]) >= 12:
            break
    assert d.app.errors == 0, d.app.last_error
    assert [m for e, m in said if len(m) > 21] == []  # every line fits the screen's 21 cells
    pegs = 0
    for i in range(len(said)):
        e, msg = said[i]
        if e[0] != "score" or e[4] != "peg":
            continue
        pegs += 1
        who = s.names[e[1]]
        total = _item_points(msg, who)
        j = i + 1
        while j < len(said) and said[j][0][0] == "why":
            total += _item_points(said[j][1], who)
            j += 1
        assert total == e[2], (e, said[i:j])
    assert pegs >= 3
