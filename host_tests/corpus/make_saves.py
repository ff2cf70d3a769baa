"""Writes host_tests/corpus/saves/: records as the device stores them today
(RecordStore files: a match in progress at several points, the keeper, the
settings, the statistics), and beside each and beside every
corpus/logs/good-own-*.log a ``.state`` file: what it loads or replays to
(host_tests/test_corpus_saves.py's description). The test requires the same
state ever after. The files are committed: run this (CPython, from the
repository root) only to ADD records, never to rewrite the old ones (it
keeps every existing file unless given ``--force``). Imports engine and
firmware modules and host_tests/corpus_state.py.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [ROOT, os.path.dirname(HERE)]

from engine.match import Match  # noqa: E402
from engine.players import make  # noqa: E402
from engine.score import hand_score  # noqa: E402
from firmware.play import save as play_save  # noqa: E402
from firmware.hw.host import DictStorage  # noqa: E402
import corpus_state as t  # noqa: E402

SAVES = os.path.join(HERE, "saves")
LOGS = os.path.join(HERE, "logs")
FORCE = "--force" in sys.argv


def play(match, decisions, until=None, seed=7):
    """Feed ``match``'s game ``decisions`` decisions of random players (or
    until ``until(match)``); a finished game goes on to the next."""
    players = [make("random", seed), make("random", seed + 1)]
    g = match.game
    n = 0
    while n < decisions:
        if until is not None and until(match):
            break
        seat = g.to_act()
        if seat < 0:
            if not match.next_game():
                break
            g = match.game
            continue
        v = g.view(seat)
        if g.phase == "discard":
            g.act(seat, players[seat].discard(v))
        elif g.phase == "count":
            g.act(seat, hand_score(v.count_cards, v.starter, v.counting == "crib"))
        else:
            g.act(seat, players[seat].play(v))
        g.take_events()
        n += 1
    return match


def write(name, data, state):
    path = os.path.join(SAVES, name)
    if os.path.exists(path) and not FORCE:
        print("kept", name)
        return
    with open(path, "wb") as f:
        f.write(data)
    with open(path[:-4] + ".state", "w") as f:
        f.write("\n".join(state) + "\n")
    print("wrote", name)


def game(name, level, match):
    st = DictStorage()
    play_save.open_store(st).save(play_save.payload(level, match))
    data = st.files["game.rec"]
    state, problem = t.load_state(name, data)
    assert problem is None, problem
    assert state == t.match_state(level, match)
    write(name, data, state)


def games():
    game("game-new.rec", "medium", play(Match(1, 101, 121), 0))
    game("game-discard-half.rec", "easy", play(Match(1, 102, 61), 1))
    game("game-mid-play.rec", "hard", play(Match(1, 103, 121), 12))
    game("game-late-121.rec", "medium", play(Match(1, 104, 121), 90))
    game(
        "game-muggins-count.rec",
        "hard",
        play(Match(1, 105, 121, None, False, True), 200, lambda m: m.game.phase == "count"),
    )
    game("game-open-hands.rec", "medium", play(Match(1, 106, 61, 1, True), 20))
    game(
        "game-match-second.rec",
        "hard",
        play(Match(3, 107, 61), 400, lambda m: m.played == 1 and len(m.game.moves) >= 40, 3),
    )
    game("game-over.rec", "easy", play(Match(3, 108, 61), 400, lambda m: m.game.phase == "over"))
    game("game-five.rec", "medium", play(Match(1, 109, 61, None, False, False, "five"), 30))
    game("game-deals.rec", "medium", play(Match(1, 110, None, 0, False, False, "six", 4), 25))


def newest(files, name):
    """The newest copy of record ``name``: the keeper's store writes its two
    files in turn (firmware/store/records.py's slots), so the higher sequence number."""
    rec, old = files.get(name + ".rec"), files.get(name + ".old")
    return old if rec is None or (old is not None and old[5:9] > rec[5:9]) else rec


def keeper():
    from firmware import hal
    from firmware.keeper.control import KeeperInput, open_store

    st = DictStorage()
    ki = KeeperInput(open_store(st))
    for kind, bit in (
        ("press", hal.UP),
        ("press", hal.UP),
        ("press", hal.RIGHT),
        ("tap", hal.A),
        ("press", hal.UP),
        ("press", hal.UP),
        ("press", hal.UP),
        ("tap", hal.A),
        ("press", hal.DOWN),
        ("press", hal.UP),
        ("tap", hal.A),
        ("press", hal.UP),
        ("press", hal.UP),
        ("tap", hal.A),
        ("tap", hal.B),
    ):
        ki.handle((kind, bit))
    data = newest(st.files, "keeper")
    state, problem = t.load_state("keeper-game.rec", data)
    assert problem is None, problem
    write("keeper-game.rec", data, state)
    # five-card: three for last, two awards, a deal entry (V5)
    st = DictStorage()
    ki = KeeperInput(open_store(st), defaults=(61, 3, True, 0))
    for kind, bit in (("long", hal.A), ("press", hal.UP), ("press", hal.DOWN), ("press", hal.RIGHT),
                      ("tap", hal.A), ("press", hal.UP), ("tap", hal.A)):  # fmt: skip
        ki.handle((kind, bit))
    data = newest(st.files, "keeper")
    state, problem = t.load_state("keeper-five.rec", data)
    assert problem is None and "five 1 deals 0" in state, (problem, state)
    write("keeper-five.rec", data, state)
    # six fixed deals, all entered level: a tie (V6), then the next game of the match
    st = DictStorage()
    ki = KeeperInput(open_store(st), defaults=(121, 3, False, 6))
    for _ in range(6):
        for kind, bit in (("press", hal.DOWN), ("press", hal.RIGHT), ("tap", hal.A),
                          ("press", hal.RIGHT), ("tap", hal.A)):  # fmt: skip
            ki.handle((kind, bit))
    assert ki.keeper.winner == 2
    ki.handle(("tap", hal.A))
    ki.handle(("press", hal.UP))
    data = newest(st.files, "keeper")
    state, problem = t.load_state("keeper-deals.rec", data)
    assert problem is None and "five 0 deals 6" in state, (problem, state)
    write("keeper-deals.rec", data, state)


def settings():
    from firmware.store.settings import Settings

    st = DictStorage()
    s = Settings(st)
    for name, value in (("difficulty", "hard"), ("target", 61), ("match", 3), ("muggins", True)):
        s.set(name, value)
    s.save()
    data = st.files["settings.rec"]
    state, problem = t.load_state("settings-changed.rec", data)
    assert problem is None, problem
    write("settings-changed.rec", data, state)
    s.step(1, 3)  # the game: 6-card 61 -> 8 deals (V6)
    s.save()
    data = st.files["settings.rec"]
    state, problem = t.load_state("settings-deals.rec", data)
    assert problem is None and "variant six deals 8" in state, (problem, state)
    write("settings-deals.rec", data, state)


def stats():
    from engine.replay import replay_moves
    from firmware.store.stats import Stats, key

    st = DictStorage()
    s = Stats(st)
    for seed in (111, 112):
        m = play(Match(1, seed, 61), 400, lambda m: m.game.phase == "over")
        replay_moves(m.game.blank(), m.game.moves, s.feed)
        s.mark(key(m.game))
    s.add_match(True)
    s.save()
    data = st.files["stats.rec"]
    state, problem = t.load_state("stats-two-games.rec", data)
    assert problem is None, problem
    write("stats-two-games.rec", data, state)
    # five-card (V5) and fixed deals (V6), each in its own record
    for name, variant, deals in (("stats5", "five", 0), ("statsd", "six", 4)):
        st = DictStorage()
        s = Stats(st, name)
        for seed in (113, 114):
            m = Match(1, seed, None, None, False, False, variant, deals)
            play(m, 400, lambda m: m.game.phase == "over")
            replay_moves(m.game.blank(), m.game.moves, s.feed)
            s.mark(key(m.game))
        if deals:
            s.feed(("end", 2, 50, 50, ""))  # and a tie
        s.save()
        data = st.files[name + ".rec"]
        rec = "%s-two-games.rec" % name
        state, problem = t.load_state(rec, data)
        assert problem is None, problem
        write(rec, data, state)
    # the coach's figures (record version 3): each game's as engine.review weighs them
    from engine.review import review_moves

    st = DictStorage()
    s = Stats(st)
    for seed in (115, 116, 117):
        m = play(Match(1, seed, 61), 400, lambda m: m.game.phase == "over")
        replay_moves(m.game.blank(), m.game.moves, s.feed)
        s.mark(key(m.game))
        r = review_moves(m.game, 0)
        s.add_coach(r.deals, r.lost, r.played)
    s.save()
    data = st.files["stats.rec"]
    state, problem = t.load_state("stats-coached.rec", data)
    assert problem is None and any(x.startswith("coach ") for x in state), (problem, state)
    write("stats-coached.rec", data, state)


def logs():
    for name in sorted(os.listdir(LOGS)):
        if not (name.startswith("good-own-") and name.endswith(".log")):
            continue
        path = os.path.join(LOGS, name[:-4] + ".state")
        if os.path.exists(path) and not FORCE:
            continue
        with open(os.path.join(LOGS, name), "rb") as f:
            state = t.log_state(f.read())
        with open(path, "w") as f:
            f.write("\n".join(state) + "\n")
        print("wrote", path)


if __name__ == "__main__":
    os.makedirs(SAVES, exist_ok=True)
    games()
    keeper()
    settings()
    stats()
    logs()
