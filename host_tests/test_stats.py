# portable
"""Statistics (firmware/stats.py, firmware/screens/stats.py): games played
through the app with button events add up to what their exported logs say
(counted here from the log text, line by line, docs/gamelog.md); they survive a
restart; a game whose over page shows again after a power cut counts once; a
damaged record is reported and fresh figures start; the screen shows the
figures and a long B resets them after asking. Runs on CPython and
MicroPython."""

import screentext
from driver import Driver
from engine.cards import text as card_text
from engine.review import review_game, summary
from firmware.app import App, MessageScreen
from firmware.hal import A, B, DOWN, RIGHT
from firmware.hw import host
from firmware.screens.play import OVER_PAGE
from firmware.screens.stats import ResetMenu, StatsScreen
from firmware.stats import COUNTERS, Stats
from playdriver import new_driver, play_game, screen, wait_for_you

FIGURES = (
    "games",
    "wins",
    "skunks_given",
    "doubles_given",
    "skunks_taken",
    "doubles_taken",
    "deals",
    "pegging",
    "heels",
    "hands",
    "hand_points",
    "cribs",
    "crib_points",
    "muggins_lost",
    "best",
)

_SIZES = (0, 85, 89, 191)  # firmware.stats' payload bytes by version


def from_logs(texts):
    """The figures, counted from GAMELOG texts (seat A is the player); the
    best hand as card words."""
    f = {}
    for name in FIGURES:
        f[name] = 0
    best_cards = None
    for text in texts:
        dealt = []
        kept = []
        starter = None
        for ln in text.split("\n"):
            w = ln.split()
            if not w:
                continue
            if w[0] == "deal":
                f["deals"] += 1
            elif w[0] == "hand" and w[1] == "A":
                dealt = w[2:]
            elif w[0] == "crib" and w[1] == "A":
                kept = [c for c in dealt if c not in w[2:]]
            elif w[0] == "starter":
                starter = w[1]
            elif w[0] == "show" and w[1] == "A":
                if w[2] == "crib":
                    f["cribs"] += 1
                else:
                    f["hands"] += 1
                    if best_cards is None or int(w[3]) > f["best"]:
                        f["best"] = int(w[3])
                        best_cards = kept + [starter]
            elif w[0] == "score":
                points = int(w[2])
                reason = w[4]
                if w[1] == "A":
                    if reason in ("peg", "go"):
                        f["pegging"] += points
                    elif reason == "hand":
                        f["hand_points"] += points
                    elif reason == "crib":
                        f["crib_points"] += points
                    elif reason == "heels":
                        f["heels"] += points
                elif reason == "muggins":
                    f["muggins_lost"] += points
            elif w[0] == "end":
                f["games"] += 1
                skunk = w[4] if len(w) > 4 else ""
                if w[1] == "A":
                    f["wins"] += 1
                    f["skunks_given"] += 1 if skunk else 0
                    f["doubles_given"] += 1 if skunk == "double-skunk" else 0
                else:
                    f["skunks_taken"] += 1 if skunk else 0
                    f["doubles_taken"] += 1 if skunk == "double-skunk" else 0
    return f, best_cards


def check_figures(st, texts):
    want, best_cards = from_logs(texts)
    for name in FIGURES:
        assert getattr(st, name) == want[name], (name, getattr(st, name), want[name])
    assert [card_text(c) for c in st.best_cards] == (best_cards or [])


def stored(storage):
    st = Stats(storage)
    assert st.load() is None, st.problem
    return st


def play_match(d, seed):
    """Play every game of the match on screen; the log of each game."""
    s = screen(d)
    logs = []
    while True:
        play_game(d, seed + len(logs))
        logs.append(d.hw.storage.read("last.log").decode())
        if s.table.match_over:
            return logs
        d.press(A)


def test_games_played_on_screen_add_up_to_their_logs_and_survive_a_restart():
    storage = host.DictStorage()
    d = new_driver(storage, seed=61, target=61, match=3)
    s = screen(d)
    logs = play_match(d, 61)
    assert len(logs) in (2, 3)
    st = stored(storage)
    check_figures(st, logs)
    assert st.matches == 1 and st.match_wins == (1 if s.match.winner == 0 else 0)
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
    d = new_driver(storage, ticks=0)  # power back: the same over page
    s = screen(d)
    wait_for_you(d)
    assert s.game.phase == "over" and s.table.page == OVER_PAGE
    st = stored(storage)
    check_figures(st, [first])
    d.press(A)  # on to game 2, which counts
    play_game(d, 8)
    check_figures(stored(storage), [first, storage.read("last.log").decode()])
    assert d.app.errors == 0


def test_a_resumed_game_counts_whole():
    storage = host.DictStorage()
    d = new_driver(storage, seed=31, target=61)
    play_game(d, 31, decisions=5)
    d = new_driver(storage, ticks=0)
    play_game(d, 31)
    st = stored(storage)
    check_figures(st, [storage.read("last.log").decode()])
    assert st.deals >= 2
    # the coach weighs the discards made since the resume only
    assert 0 < st.coached < st.deals
    assert st.recent == [[st.coached, st.coach_lost, st.coach_played]]


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
    assert screen(d).table.page == OVER_PAGE
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


def test_a_record_of_the_wrong_size_gives_fresh_figures():
    from firmware.records import RecordStore

    storage = host.DictStorage()
    RecordStore(storage, "stats", b"STAT", 1).save(b"\x00\x01\x02")
    st = Stats(storage)
    assert "size" in st.load()
    assert st.games == 0 and st.best_cards == []


def test_figures_survive_their_record():
    storage = host.DictStorage()
    st = Stats(storage)
    st.load()
    big = (1000003, 900007, 80009, 7001, 60013, 5003, 400009, 300007, 40000019, 200000033)
    big += (3000017, 30000001, 600000007, 20000003, 400000009, 50000017, 40000013, 8)
    big += (4000000007, 123457)  # four bytes each, all of them possible together
    for i in range(len(COUNTERS)):
        setattr(st, COUNTERS[i], big[i])
    st.best_cards = [4, 9, 14, 19, 51]  # 2C 3D 4H 5S and KS: 8
    assert st.save()
    back = stored(storage)
    for name in COUNTERS:
        assert getattr(back, name) == getattr(st, name), name
    assert back.best_cards == [4, 9, 14, 19, 51]


def test_feed_counts_a_hand_made_deal():
    # A deals; A holds 5C 5D 5H JS after laying away 2C 3C, starter 5S: 29 (R12)
    st = Stats()
    five = [4 * 4 + s for s in range(4)]
    js = 10 * 4 + 3
    for e in (
        ("deal", 0),
        ("hand", 0, (five[0], five[1], 4, 8, five[2], js)),
        ("hand", 1, (0, 1, 2, 3, 12, 13)),
        ("crib", 0, 4, 8),
        ("starter", five[3]),
        ("play", 1, 0, 1),
        ("score", 0, 2, 2, "peg"),
        ("score", 1, 1, 1, "go"),
        ("score", 0, 1, 3, "go"),
        ("show", 1, "hand", 4),
        ("score", 1, 4, 5, "hand"),
        ("claim", 0, "hand", 20),
        ("show", 0, "hand", 29),
        ("score", 0, 20, 23, "hand"),
        ("score", 1, 9, 14, "muggins"),
        ("show", 0, "crib", 0),
        ("deal", 1),
        ("score", 1, 2, 16, "heels"),
        ("end", 0, 61, 16, "skunk"),
    ):
        st.feed(e)
    assert (st.games, st.wins, st.losses, st.skunks_given, st.doubles_given) == (1, 1, 0, 1, 0)
    assert (st.deals, st.pegging, st.heels) == (2, 3, 0)
    assert (st.hands, st.hand_points, st.best) == (1, 20, 29)
    assert sorted(st.best_cards) == sorted(five + [js])
    assert (st.cribs, st.crib_points, st.muggins_lost) == (1, 0, 9)
    assert st.hand_avg() == 20.0 and st.crib_avg() == 0.0 and st.peg_avg() == 1.5


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


def test_short_of_memory_at_a_game_end_the_statistics_are_left_as_they_are():
    # issue 11.5: a MemoryError while the record was checked gave fresh
    # figures, counted the game on them and saved them over the real ones
    from engine.game import run
    from engine.match import Match
    from engine.players import RandomPlayer
    import endlog

    storage = host.DictStorage()
    st = Stats(storage)
    st.load()
    st.games, st.wins, st.deals = 3, 2, 30
    assert st.save()
    before = storage.files["stats.rec"]
    match = Match(1, 5, 61)
    run(match.game, [RandomPlayer(1), RandomPlayer(2)])
    plain = Stats.check

    def short(self, payload, version=1):
        raise MemoryError("memory allocation failed, allocating 512 bytes")

    Stats.check = short
    try:
        problem, failed = endlog.game_done(storage, match, True, True)
    finally:
        Stats.check = plain
    assert failed and "memory" in failed, (problem, failed)
    assert storage.files["stats.rec"] == before and "stats.old" not in storage.files
    problem, failed = endlog.game_done(storage, match, True, True)  # with memory: counted
    st = Stats(storage)
    assert st.load() is None and st.games == 4


# ---- each kind of game apart (V5, V6)


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


def test_ties_count_apart_and_version_1_records_still_load():
    st = Stats()
    st.feed(("deal", 0))
    st.feed(("end", 2, 90, 90, ""))  # a tie of fixed deals (V6)
    assert st.games == 1 and st.ties == 1 and st.wins == 0 and st.losses == 0
    data = st.payload()[: _SIZES[2]]  # version 2: no coach figures after the ties
    again = Stats()
    assert again.check(data, 2) is None and again.ties == 1
    old = Stats()
    assert old.check(data[:-4], 1) is None and old.ties == 0 and old.games == 1  # version 1
    assert "size" in Stats().check(data[:-4], 2)
    st.ties = 2  # more ties than games that were not won
    bad = Stats()
    assert "ties" in bad.check(st.payload(), 3) and bad.games == 0


def test_coach_figures_survive_their_record_and_older_records_load_without_them():
    st = Stats()
    st.games, st.deals = 12, 90
    for i in range(12):
        st.add_coach(7, 100 + i, 30 + i)
    assert st.coached == 84 and len(st.recent) == 10 and st.recent[0] == [7, 111, 41]
    data = st.payload()
    assert len(data) == _SIZES[3] == 191
    again = Stats()
    assert again.check(data, 3) is None
    got = (again.coached, again.coach_lost, again.coach_played, again.recent)
    assert got == (84, st.coach_lost, st.coach_played, st.recent)
    old = Stats()  # a version 2 record: the same figures, no coach's
    assert old.check(data[: _SIZES[2]], 2) is None and old.games == 12
    assert (old.coached, old.coach_lost, old.coach_played, old.recent) == (0, 0, 0, [])
    assert old.coach_avg() == (None, None) and old.recent_avg() == (0, None, None)
    assert "version 4" in Stats().check(data, 4) and "version 0" in Stats().check(data, 0)
    few = Stats()
    few.games, few.deals = 1, 9
    few.add_coach(8, 250, 40)
    back = Stats()
    assert back.check(few.payload(), 3) is None and back.recent == [[8, 250, 40]]


def test_impossible_coach_figures_are_refused():
    def refused(**change):
        st = Stats()
        st.games, st.deals = 3, 30
        for _ in range(3):
            st.add_coach(9, 300, 100)
        for name, value in change.items():
            setattr(st, name, value)
        got = Stats()
        why = got.check(st.payload(), 3)
        assert got.coached == 0 or why is None
        return why

    assert refused() is None
    assert "coached > deals" in refused(coached=31)
    assert "coach_lost" in refused(coach_lost=6000 * 27 + 1)
    assert "coach_played" in refused(coach_played=50000 * 27 + 1)
    assert "gap" in refused(recent=[[9, 300, 100], [0, 0, 0], [9, 300, 100]])
    assert "without deals" in refused(recent=[[9, 300, 100], [0, 0, 5]])
    assert "its deals" in refused(recent=[[1, 6001, 0]])
    assert "its deals" in refused(recent=[[1, 0, 50001]])
    assert "totals" in refused(recent=[[9, 300, 100]] * 4)  # more recent games than games
    assert "totals" in refused(coach_lost=899)
    assert "totals" in refused(coach_played=299)


def test_the_record_sizes_written_as_constants_agree_with_the_counters():
    # firmware/stats.py writes its sizes as const() for the device (no names)
    import sys

    from firmware import stats

    if sys.implementation.name != "cpython":
        return  # folded into the code there, no attributes: CPython checks the values
    assert stats._N == len(stats.COUNTERS)
    assert stats._SIZE == 4 * stats._N + 5
    assert stats._COACH == 12 + stats._GAME * stats._RECENT
    assert len(Stats().payload()) == _SIZES[stats.VERSION] == 191
