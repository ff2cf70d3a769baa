"""The state a saved record or a game log loads to, as lines of text, for
the corpus of old saves (host_tests/corpus/): ``load_state(name, data)``
(through the loader the app uses, by the record's kind: a game in progress,
the keeper, the settings, the statistics; ``storage_state``: the same from
a storage holding the record's files), ``log_state`` (every game of a
log replayed), and ``game_state``, ``match_state``, ``keeper_state``,
``settings_state``, ``stats_state``. test_corpus_saves compares them with
the committed ``.state`` files; host_tests/corpus/make_saves.py writes
those. Portable (CPython and MicroPython). Not a test module. Imports
engine.cards, engine.logcheck, firmware.hw.host, firmware.keeper.control,
firmware.play.save, firmware.play.match_start, firmware.store.settings and
firmware.store.stats.
"""

from engine import logcheck
from engine.cards import text
from firmware.hw.host import DictStorage


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
    from firmware.store.settings import FIELDS

    out = ["%s %s" % (f[0], getattr(s, f[0])) for f in FIELDS]
    if s.variant != "six" or s.deals:  # the game's kind beyond 121/61
        out.append("variant %s deals %d" % (s.variant, s.deals))
    return out


def stats_state(st):
    from firmware.store.stats import COUNTERS

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
    return storage_state(kind, DictStorage({kind + ".rec": bytes(data)}))


def storage_state(kind, st):
    """``(lines, problem)``: the state the app's loader gives for the record
    ``kind`` (game, keeper, settings, stats, stats5, statsd) held in the
    storage ``st``, whichever of its files hold it."""
    if kind == "game":
        from firmware.play import match_start as play_start
        from firmware.play import save as play_save

        level, match, notice = play_start.load(play_save.open_store(st))
        if match is None:
            return None, notice[1] if notice else "nothing loaded"
        return match_state(level, match), None
    if kind == "keeper":
        from firmware.keeper.control import KeeperInput, open_store

        ki = KeeperInput(open_store(st))
        return keeper_state(ki), ki.message or None
    if kind == "settings":
        from firmware.store.settings import Settings

        s = Settings(st)
        s.load()
        return settings_state(s), s.problem
    if kind in ("stats", "stats5", "statsd"):  # six-card, five-card, fixed deals
        from firmware.store.stats import Stats

        s = Stats(st, kind)
        problem = s.load()
        return stats_state(s), problem
    raise ValueError("no loader for %s" % kind)


def log_state(data):
    """The state each game of a log replays to (engine.logcheck)."""
    out = []
    for g in _games(data):
        out.extend(game_state(g))
    return out


def _games(data):
    # every game of a log file (a match's log holds several), in order
    return [g for g in logcheck.replay_lines(logcheck.text_lines(data.decode()))]
