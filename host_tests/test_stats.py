# portable
"""Statistics (firmware/store/stats.py, firmware/screens/stats.py) through the app:
games played with button events add up to what their exported logs say
(counted from the log text, line by line, docs/gamelog.md; host_tests/
statslogs.py); they survive a restart; a game whose over page shows again
after a power cut counts once; a resumed game counts whole (also saved and
quit and resumed at every decision: every deal once); the coach's
figures are the reviews of the same games; a damaged record is reported and
fresh figures start; each kind of game (V5, V6) counts in its own record and
pages; the screen shows the figures and a long B resets them after asking.
The record itself (sizes, versions, refusals, feeding it events, issue 11.5):
test_stats_record.py. Runs on CPython and MicroPython."""

import screentext
from driver import Driver
from engine.review import review_game, summary
from firmware.app import App, MessageScreen
from firmware.hal import A, B, DOWN, RIGHT
from firmware.hw import host
from firmware.screens.stats import ResetMenu, StatsScreen
from firmware.store.stats import Stats
from playdriver import new_driver, over, play_game, wait_for_you
from statslogs import check_figures, stored


def play_match(d, seed):
    """Play every game of the match on screen; the log of each game."""
    logs = []
    while True:
        play_game(d, seed + len(logs))
        logs.append(d.hw.storage.read("last.log").decode())
        if over(d).match_over:
            return logs
        d.press(A)


def test_games_played_on_screen_add_up_to_their_logs_and_survive_a_restart():
    storage = host.DictStorage()
    d = new_driver(storage, seed=61, target=61, match=3)
    logs = play_match(d, 61)
    assert len(logs) in (2, 3)
    st = stored(storage)
    check_figures(st, logs)
    won = over(d).lines[-1] == "You win the match!"
    assert st.matches == 1 and st.match_wins == (1 if won else 0)
    assert st.deals > 2 * len(logs) and st.hands > 0
    # a one-game match to 121 against the hard computer on the same device
    d = new_driver(storage, seed=122, target=121, level="hard")
    play_game(d, 122)
    logs.append(storage.read("last.log").decode())
    st = stored(storage)
    check_figures(st, logs)
    assert st.games == len(logs) and st.matches == 1  # single games are not matches
    # a restart: a new app over the same storage shows the same figures
    app = App(host.make(storage=storage))
    d = Driver(app)
    app.open("stats")
    d.tick(2)
    top = app.top()
    assert isinstance(top, StatsScreen), app.last_error
    check_figures(top.stats, logs)
    assert ("Games", "%d" % len(logs)) in top.rows
    assert app.errors == 0


def test_a_game_counts_once_when_its_over_page_shows_again_after_a_power_cut():
    storage = host.DictStorage()
    d = new_driver(storage, seed=7, target=61, match=3)
    play_game(d, 7)  # the over page of game 1; the match is saved
    first = storage.read("last.log").decode()
    assert stored(storage).games == 1
    d = new_driver(storage, ticks=0)  # power back: play finds the game over
    wait_for_you(d)
    s = over(d)  # and its app ends into the game-over mode's: the same page
    assert s.game.phase == "over" and d.app.top() is s
    st = stored(storage)
    check_figures(st, [first])
    d.press(A)  # on to game 2, which counts
    play_game(d, 8)
    check_figures(stored(storage), [first, storage.read("last.log").decode()])
    assert d.app.errors == 0


def coach_rows(storage):
    """The Statistics page's Discards and Plays rows, opened as you would."""
    app = App(host.make(storage=storage))
    d = Driver(app)
    app.open("stats")
    d.tick(2)
    d.press(RIGHT)
    rows = app.top().rows
    assert app.errors == 0, app.last_error
    return rows[1], rows[3]


def review_rows(text):
    """The same rows from ``engine review``'s summary of the log (seat A)."""
    lines = summary(review_game(text, 0))
    lost = (
        lines[0].split("gave up ")[1].split(" ")[0] if "gave up nothing" not in lines[0] else "0.0"
    )
    played = lines[1].split("gave up ")[1].split(" ")[0]
    return ("Discards", "-%s/deal" % lost), ("Plays", "-%s/deal" % played)


def check_coach_is_the_review(storage):
    text = storage.read("last.log").decode()
    st = stored(storage)
    check_figures(st, [text])
    r = review_game(text, 0)
    assert (st.coached, st.coach_lost, st.coach_played) == (r.deals, r.lost, r.played)
    assert st.coached == st.deals  # every deal once: you discard in each
    assert st.recent == [[r.deals, r.lost, r.played]]
    assert coach_rows(storage) == review_rows(text)


def test_a_resumed_game_counts_whole():
    storage = host.DictStorage()
    d = new_driver(storage, seed=31, target=61)
    play_game(d, 31, decisions=5)
    d = new_driver(storage, ticks=0)  # a power cut: the saved game resumes
    play_game(d, 31)
    st = stored(storage)
    assert st.deals >= 2
    check_coach_is_the_review(storage)  # weighed whole, not since the resume


def save_and_quit(d):
    """B, then the pause menu's Save and quit: back at the start menu."""
    from firmware.play.pause import PauseMenu

    d.press(B)
    menu = d.top()
    assert isinstance(menu, PauseMenu)
    d.press(DOWN, 2)
    d.press(A)
    assert len(d.app.stack) == 1, d.app.stack


def test_a_game_saved_and_quit_and_resumed_at_every_decision_counts_every_deal_once():
    """Save and quit, then a restart (a new app over the storage) and Play
    the computer again, before every decision of a game: the statistics
    count it once, and the page's coach figures are the review's."""
    storage = host.DictStorage()
    d = new_driver(storage, seed=41, target=61)
    resumes = 0
    while True:
        if wait_for_you(d) == "over":
            break
        save_and_quit(d)
        d = new_driver(storage, ticks=0)
        resumes += 1
        if wait_for_you(d) == "over":
            break
        play_game(d, 41, decisions=1)
    assert resumes > 20 and over(d).game.phase == "over"
    check_coach_is_the_review(storage)


def test_the_coach_figures_are_the_reviews_of_the_same_games():
    # every discard and play you make is weighed as engine.review weighs it
    # in the game's log: the same hundredths, deals and lines on the screen
    storage = host.DictStorage()
    d = new_driver(storage, seed=61, target=61, match=3)
    logs = play_match(d, 61)
    reviews = [review_game(text, 0) for text in logs]
    st = stored(storage)
    assert st.coached == sum([r.deals for r in reviews]) > 0
    assert st.coach_lost == sum([r.lost for r in reviews]) > 0
    assert st.coach_played == sum([r.played for r in reviews]) > 0
    assert st.recent == [[r.deals, r.lost, r.played] for r in reversed(reviews)]  # newest first
    # one game: the statistics' lines say what the review's summary says
    one = Stats()
    one.add_coach(reviews[0].deals, reviews[0].lost, reviews[0].played)
    lines = summary(reviews[0])
    assert lines[0].startswith("your discards gave up %.1f points" % one.coach_avg()[0])
    assert lines[1].startswith("your plays gave up %.1f points" % one.coach_avg()[1])
    app = App(host.make(storage=storage))
    d = Driver(app)
    app.open("stats")
    d.tick(2)
    d.press(RIGHT)
    top = app.top()
    want = "%.1f" % (st.coach_lost / (100 * st.coached))
    rows = top.rows
    assert rows[1] == ("Discards", "-%s/deal" % want), rows
    assert rows[2] == (" last %d games" % len(logs), "-%.1f" % st.recent_avg()[1]), rows
    assert rows[3] == ("Plays", "-%.1f/deal" % (st.coach_played / (100 * st.coached))), rows
    assert app.errors == 0


def test_a_damaged_record_is_reported_and_fresh_figures_start():
    storage = host.DictStorage()
    storage.write("stats.rec", b"STAT\x01garbage that is not a record")
    d = new_driver(storage, seed=12, target=61)
    play_game(d, 12)
    d.tick(2)
    top = d.app.top()
    assert isinstance(top, MessageScreen) and top.title == "Statistics"
    assert "afresh" in " ".join(top.lines)
    d.press(A)
    assert d.app.top() is over(d)
    check_figures(stored(storage), [storage.read("last.log").decode()])
    assert storage.exists("stats.bad")  # the damaged file is kept aside
    assert d.app.errors == 0


def test_the_screen_reports_a_damaged_record_and_shows_zeros():
    for junk in (b"", b"\xff" * 40, b"STAT\x01\x00\x00\x00\x01\x00\x03abc\x00\x00"):
        storage = host.DictStorage({"stats.rec": junk})
        app = App(host.make(storage=storage))
        d = Driver(app)
        app.open("stats")
        d.tick(2)
        assert isinstance(app.top(), MessageScreen), junk
        d.press(A)
        top = app.top()
        assert isinstance(top, StatsScreen)
        assert ("Games", "0") in top.rows
        for _ in range(3):
            d.press(RIGHT)
            d.press(DOWN)
        assert app.errors == 0


def goto_stats(d):
    from firmware.screens.menu import ENTRIES

    names = [e[1] for e in ENTRIES]
    for _ in range(names.index("stats")):
        d.press(DOWN)
    d.press(A)
    assert isinstance(d.app.top(), StatsScreen)


def test_pages_scroll_and_a_long_b_resets_after_asking():
    storage = host.DictStorage()
    st = Stats(storage)
    st.games, st.wins, st.deals, st.hands, st.hand_points = 4, 3, 30, 25, 200
    st.best, st.best_cards = 28, [16, 17, 18, 41, 19]
    st.save()
    d = Driver(App(host.make(storage=storage)))
    goto_stats(d)
    top = d.app.top()
    assert top.title == "Results 1/3"
    cut = []
    for _ in range(3):  # every page's text, the footer too, fits the 21 columns
        cut += screentext.off_screen(d.app, lambda: d.tick(1))
        d.press(RIGHT)
    assert cut == [], cut
    assert (
        ("Won", "3") in top.rows and ("Lost", "1") in top.rows and ("Win rate", "75%") in top.rows
    )
    d.press(DOWN)
    d.press(DOWN)
    d.press(DOWN)
    d.press(DOWN)
    assert top.top == 3  # eight rows, five shown: scrolled to the end
    d.press(RIGHT)
    assert top.title == "Per deal 2/3" and ("Hand", "8.00") in top.rows and top.top == 0
    d.press(RIGHT)
    assert top.title == "Best hand 3/3" and top.best == "28 points"
    # long B, then "No": nothing changes
    d.tick(45, B)
    assert isinstance(d.app.top(), ResetMenu)
    d.tick(2, 0)
    d.press(A)
    assert d.app.top() is top and stored(storage).games == 4
    # long B, then "Yes": all back to 0, stored
    d.tick(45, B)
    d.tick(2, 0)
    d.press(DOWN)
    d.press(A)
    assert d.app.top() is top
    assert stored(storage).games == 0 and top.best == "No hand counted yet"
    # a short B goes back to the menu
    d.press(B)
    assert len(d.app.stack) == 1
    assert d.app.errors == 0


def test_each_kind_of_game_counts_in_its_own_record_and_screen_pages():
    storage = host.DictStorage()
    logs = {}
    for name, game, seed in (("stats5", "5-card 61", 61), ("statsd", "6 deals", 62)):
        d = new_driver(storage, seed=seed, game=game)
        play_game(d, seed)
        logs[name] = storage.read("last.log").decode()
        assert d.app.errors == 0
    assert not storage.exists("stats.rec")  # the six-card record is untouched
    five = Stats(storage, "stats5")
    assert five.load() is None
    check_figures(five, [logs["stats5"]])
    assert five.games == 1 and len(five.best_cards) == 4  # three kept and the starter
    deals = Stats(storage, "statsd")
    assert deals.load() is None
    check_figures(deals, [logs["statsd"]]) if "\nend tie" not in logs["statsd"] else None
    assert deals.games == 1 and deals.ties == logs["statsd"].count("\nend tie")
    app = App(host.make(storage=storage))
    d = Driver(app)
    app.open("stats")
    d.tick(2)
    top = app.top()
    assert isinstance(top, StatsScreen) and top.title == "Results 1/9"
    for _ in range(3):
        d.press(RIGHT)
    assert top.title == "5-card Results 4/9" and ("Games", "1") in top.rows
    d.press(RIGHT)
    d.press(RIGHT)
    assert top.title == "5-card Best hand 6/9"
    assert not screentext.off_screen(app, lambda: d.tick(1))
    d.press(RIGHT)
    assert top.title == "Deals Results 7/9" and ("Tied", "%d" % deals.ties) in top.rows
    assert app.errors == 0
