# portable
"""Saves and game logs written by the code of their day must load to the same
state ever after (issue 13.7). A save is a seed plus every decision, replayed
on load, so a change to dealing or to the random stream would silently
change what an old save replays to; a log names its cards, but its replay
must still end where it ended.

host_tests/corpus/saves/ holds records as the device stores them (a match
in progress at several points, including muggins, open hands, a match's
second game, a finished game and the variants; the keeper; the settings;
the statistics) and host_tests/corpus/logs/good-own-*.log the logs the app
wrote; beside each, ``<name>.state`` is the state it loaded to when it was
written (host_tests/corpus/make_saves.py wrote both). Each must still load,
through the loader the app uses, to exactly that state, or be refused with
a message naming its version while the program's version is higher than the
record's (a deliberate format change; then the corpus grows a new record).
Runs on CPython and MicroPython."""

from engine import logcheck
from engine.cards import text
from firmware.hw.host import DictStorage

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
SAVES = _HERE + "/corpus/saves"
LOGS = _HERE + "/corpus/logs"


def _cards(cards):
    return " ".join([text(c) for c in cards]) if cards else "-"


def game_state(game):
    """A game as lines of text: everything a replay decides."""
    g = game
    out = [
        "target %s deals %d variant %s open %d muggins %d counters %s"
        % (g.target, g.deals, g.variant, g.open_hands, g.muggins, list(g.counters)),
        "seed %d first_dealer %s dealt_first %s" % (g.seed, g.first_dealer, g.dealt_first),
        "phase %s deal %d dealer %d turn %d" % (g.phase, g.deal_number, g.dealer, g.turn),
        "scores %d %d winner %s skunk %s" % (g.scores[0], g.scores[1], g.winner, g.skunk or "-"),
        "hand0 %s" % _cards(g.hands[0]),
        "hand1 %s" % _cards(g.hands[1]),
        "kept0 %s" % _cards(g.kept[0]),
        "kept1 %s" % _cards(g.kept[1]),
        "crib %s" % _cards(g.crib),
        "starter %s" % (text(g.starter) if g.starter is not None else "-"),
        "pile %s count %d" % (_cards(g.pile), g.count),
        "moves %d" % (len(g.moves) // 2),
    ]
    return out


def match_state(level, match):
    out = [
        "level %s" % level,
        "match best of %d wins %d %d skunks %d %d played %d"
        % (
            match.games,
            match.wins[0],
            match.wins[1],
            match.skunks[0],
            match.skunks[1],
            match.played,
        ),
    ]
    return out + game_state(match.game)


def keeper_state(ki):
    k = ki.keeper
    out = [
        "target %d best_of %d colors %d %d first_dealer %d own %d"
        % (k.target, k.best_of, k.colors[0], k.colors[1], k.first_dealer, k.own),
        "game %d wins %d %d dealer %d" % (k.game_no, k.wins[0], k.wins[1], k.dealer),
        "scores %d %d winner %s" % (k.scores[0], k.scores[1], k.winner),
        "pegs %s %s" % (k.pegs(0), k.pegs(1)),
        "undo %d redo %d mode %s" % (k.can_undo(), k.can_redo(), ki.mode),
    ]
    if k.five or k.deals:  # five-card (V5), fixed deals (V6): not in older records
        out.append("five %d deals %d" % (k.five, k.deals))
    return out


def settings_state(s):
    from firmware.settings import FIELDS

    out = ["%s %s" % (f[0], getattr(s, f[0])) for f in FIELDS]
    if s.variant != "six" or s.deals:  # the game's kind beyond 121/61
        out.append("variant %s deals %d" % (s.variant, s.deals))
    return out


def stats_state(st):
    from firmware.stats import COUNTERS

    out = ["%s %d" % (name, getattr(st, name)) for name in COUNTERS]
    out.append("best %s" % _cards([c for c in st.best_cards if c != 255]))
    if st.ties:  # fixed deals (V6)
        out.append("ties %d" % st.ties)
    if st.coached:  # the coach's figures (record version 3)
        out.append("coach %d %d %d" % (st.coached, st.coach_lost, st.coach_played))
        out.append("recent %s" % " ".join(["%d/%d/%d" % tuple(g) for g in st.recent]))
    return out


def load_state(name, data):
    """``(lines, problem)``: the state the app's loader gives for the record
    ``data`` of corpus file ``name`` (its kind is the name's first word)."""
    kind = name.split("-", 1)[0]
    st = DictStorage({kind + ".rec": bytes(data)})
    if kind == "game":
        from firmware import play_save, play_start

        level, match, notice = play_start.load(play_save.open_store(st))
        if match is None:
            return None, notice[1] if notice else "nothing loaded"
        return match_state(level, match), None
    if kind == "keeper":
        from firmware.keeper_input import KeeperInput, open_store

        ki = KeeperInput(open_store(st))
        return keeper_state(ki), ki.message or None
    if kind == "settings":
        from firmware.settings import Settings

        s = Settings(st)
        s.load()
        return settings_state(s), s.problem
    if kind in ("stats", "stats5", "statsd"):  # six-card, five-card, fixed deals
        from firmware.stats import Stats

        s = Stats(st, kind)
        problem = s.load()
        return stats_state(s), problem
    raise ValueError("no loader for %s" % name)


def log_state(data):
    """The state each game of a log replays to (engine.logcheck)."""
    out = []
    for g in _games(data):
        out.extend(game_state(g))
    return out


def _games(data):
    # every game of a log file (a match's log holds several), in order
    return [g for g in logcheck.replay_lines(logcheck.text_lines(data.decode()))]


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _listdir(folder):
    import os

    return sorted(os.listdir(folder))


def _expected(path):
    text_ = _read(path).decode()
    return [ln for ln in text_.split("\n") if ln]


def _versions(kind):
    # (the record's RecordStore version, the program's) for a refusal's excuse
    if kind == "game":
        return 1  # firmware.play_save._SAVE_VERSION (a const: no global on a device)
    if kind == "keeper":
        from firmware.keeper import VERSION

        return VERSION
    if kind.startswith("stats"):
        from firmware.stats import VERSION

        return VERSION
    return 1  # firmware.settings._VERSION


def test_every_corpus_save_loads_to_the_state_it_was_saved_in():
    names = [n for n in _listdir(SAVES) if n.endswith(".rec")]
    kinds = {}
    for name in names:
        data = _read(SAVES + "/" + name)
        want = _expected(SAVES + "/" + name[:-4] + ".state")
        got, problem = load_state(name, data)
        kind = name.split("-", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
        if got is None or problem:
            # refused: only a deliberate new format may refuse an old record
            assert data[4] < _versions(kind), (name, problem)
            assert "version" in (problem or ""), (name, problem)
            continue
        assert got == want, (name, [ln for ln in got if ln not in want])
    assert kinds.get("game", 0) >= 6 and kinds.get("keeper") and kinds.get("settings"), kinds
    assert kinds.get("stats"), kinds


def test_every_log_the_app_wrote_replays_to_the_state_it_ended_in():
    names = [n for n in _listdir(LOGS) if n.startswith("good-own-") and n.endswith(".log")]
    assert len(names) >= 5, names
    for name in names:
        want = _expected(LOGS + "/" + name[:-4] + ".state")
        assert log_state(_read(LOGS + "/" + name)) == want, name


def test_a_changed_replay_would_be_caught():
    # the newly dealt match with its game's seed changed loads to another
    # deal: the comparison above fails when dealing changes
    from engine.crc import crc16
    from engine.restore import load_match

    data = _read(SAVES + "/game-new.rec")
    got, _ = load_state("game-new.rec", data)
    record = bytearray(data[12:-2])  # RecordStore: head 11 bytes, level byte, ..., crc 2
    record[20] ^= 1  # the low byte of the game's seed (engine.save's layout)
    c = crc16(bytes(record[:-2]))
    record[-2] = c >> 8
    record[-1] = c & 255
    other = load_match(bytes(record))
    assert match_state(got[0][6:], other) != got
