"""Writes host_tests/corpus/records/: saves whose CRC is good but whose
content the app must refuse (issue 11.1, 11.5), and damaged, cut-short,
foreign and future-version ones, and for the game and the keeper the text
of a web page's localStorage value that is not hex (which the web store reads
as those bytes), one file each, named
``<record>-<what>.rec`` for the record ``<record>`` (game, keeper, stats,
settings). test_saves_refused puts each over a good save and checks the app
names it, keeps it aside as .bad and uses the copy before it;
test_corpus_web puts each game and keeper file in both copies of the web
page's storage and checks it is named, kept aside and a fresh start made.
The files are
committed; run this (CPython, from the repository root) only to add more:
it writes only the files that are not there (``--force``: all).
Imports engine and firmware modules and host_tests/enginetools.py.
"""

import os
import sys

TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # host_tests/
sys.path.insert(0, os.path.dirname(TESTS))
sys.path.insert(0, TESTS)

from engine import save  # noqa: E402
from engine.crc import crc16  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.players import make  # noqa: E402
from enginetools import first_game_played  # noqa: E402
from firmware.keeper import game as kp  # noqa: E402
from firmware.store.records import pack  # noqa: E402
from firmware.store.stats import COUNTERS, Stats  # noqa: E402
from firmware.store.stats import VERSION as STATS_VERSION  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "records")
FORCE = "--force" in sys.argv  # rewrite the files that exist too


def reseal(inner):
    # an engine.save record with its own CRC made good again
    body = bytes(inner[:-2])
    c = crc16(body)
    return body + bytes((c >> 8, c & 255))


def game_records():
    m = Match(3, 11, 61)
    g = m.game
    players = [make("random", 1), make("random", 2)]
    while len(g.moves) < 14:
        seat = g.waiting()[0]
        p = players[seat]
        view = g.view(seat)
        g.act(seat, p.discard(view) if g.phase == "discard" else p.play(view))
    inner = bytearray(save.save_match(m))
    good = b"\x01" + bytes(inner)  # difficulty medium, then the match
    out = {}
    bad = bytearray(inner)
    bad[-3] = 0x3F  # the last decision: a card index no hand has
    out["illegal-decision"] = b"\x01" + reseal(bad)
    bad = bytearray(inner)
    bad[4] = 2  # an inner save format this version does not know
    out["inner-version"] = b"\x01" + reseal(bad)
    out["unknown-difficulty"] = b"\x09" + bytes(inner)
    bad = bytearray(inner)
    bad[12] = 2  # wins 2-0 in a best of 3 that is still being played
    bad[13] = 0
    bad[16] = 2
    out["impossible-match-score"] = b"\x01" + reseal(bad)
    out["empty"] = b""
    out["not-a-match"] = b"\x01" + save.save_game(g)
    # engine.save's layout: wins 12-13, skunks 14-15, played 16, the game's seed 17-20;
    # each record below loads but for the one thing it is refused for
    two = Match(3, 11, 61)
    first_game_played(two, players)  # game 1 played out, game 2 begun
    bad = bytearray(save.save_match(two))
    w = 12 if bad[12] else 13
    bad[w + 2] = bad[w] + 1  # more skunks than wins
    out["more-skunks-than-wins"] = b"\x01" + reseal(bad)
    bad = bytearray(save.save_match(Match(3, 11, 61)))  # newly dealt: no decision to fail
    bad[20] ^= 1  # a game seed that is not the match's seed plus the games played
    out["wrong-game-seed"] = b"\x01" + reseal(bad)
    d = Match(3, 11, None, None, False, False, "six", 4)
    first_game_played(d, players)
    bad = bytearray(save.save_match(d))
    bad[14] = bad[12]  # the games won in fixed deals (V6) won by skunks
    bad[15] = bad[13]
    out["skunk-fixed-deals"] = b"\x01" + reseal(bad)
    return good, out


def keeper_records():
    k = kp.Keeper(121, 1, (0, 1), 0)
    k.add(0, 5)
    k.add(1, 7)
    good = k.to_bytes()
    out = {}
    bad = bytearray(good)
    bad[8], bad[9], bad[10], bad[11] = 205, 200, 200, 190  # 205-200 against 121
    out["scores-over-target"] = bytes(bad)
    bad = bytearray(good)
    bad[18] = 9  # an action the keeper does not have
    out["unknown-action"] = bytes(bad)
    out["wrong-length"] = good + b"\x01"
    w = kp.Keeper(61, 1, (0, 1), 0)
    w.add(0, 29)
    w.add(0, 29)
    w.add(0, 29)  # won
    bad = bytearray(w.to_bytes() + bytes((1, 1, 5)))  # an ADD (firmware.keeper.game._ADD)
    bad[15] += 1  # one action more, after the win
    bad[17] += 1
    out["action-after-win"] = bytes(bad)
    bad = bytearray(good)
    bad[5] = 1  # a game won in a one-game match still being played
    out["impossible-tally"] = bytes(bad)
    return good, out


def stats_payload(**figures):
    s = Stats()
    for name in COUNTERS:
        setattr(s, name, figures.get(name, 0))
    s.best_cards = figures.get("cards", [])
    s.ties = figures.get("ties", 0)
    return s.payload()


def stats_records():
    good = stats_payload(games=4, wins=3, deals=40, hands=38, hand_points=300)
    out = {
        "lost-minus-996": stats_payload(games=4, wins=1000, deals=40),
        "win-rate-25000": stats_payload(games=4, wins=1, deals=40, matches=1, match_wins=250),
        "best-99-five-alike": stats_payload(
            games=4, wins=1, deals=40, hands=30, hand_points=99, best=99, cards=[5, 5, 5, 5, 5]
        ),
        "best-not-what-it-scores": stats_payload(
            games=1, deals=5, hands=5, hand_points=40, best=29, cards=[4, 8, 12, 16, 20]
        ),
        "wrong-size": good[:-1],
        "more-skunks-than-wins": stats_payload(games=4, wins=1, skunks_given=2, deals=40),
        "ties-six-card": stats_payload(games=4, wins=1, ties=2, deals=40),
    }
    return good, out


def stats5_records():
    good = stats_payload(games=4, wins=3, skunks_given=1, deals=30)
    out = {
        "ties": stats_payload(games=4, wins=1, ties=1, deals=30),
        "double-skunk": stats_payload(games=4, wins=3, skunks_given=1, doubles_given=1, deals=30),
        "double-skunk-taken": stats_payload(
            games=4, wins=1, skunks_taken=1, doubles_taken=1, deals=30
        ),
    }
    return good, out


def statsd_records():
    good = stats_payload(games=4, wins=2, ties=1, deals=24)
    out = {
        "skunk": stats_payload(games=4, wins=2, ties=1, skunks_given=1, deals=24),
        "double-skunk": stats_payload(games=4, wins=2, skunks_given=1, doubles_given=1, deals=24),
        "skunk-taken": stats_payload(games=4, wins=1, skunks_taken=1, deals=24),
    }
    return good, out


def settings_records():
    good = bytes((2, 1, 1, 0, 0, 2))
    out = {"no-such-difficulty": bytes((7, 1, 1, 0, 0, 2)), "empty": b""}
    return good, out


# (record, magic, its files, the record version they are written in)
RECORDS = (
    ("game", b"CRBM", game_records, 1),
    ("keeper", kp.MAGIC, keeper_records, 1),
    ("stats", b"STAT", stats_records, STATS_VERSION),
    ("stats5", b"STAT", stats5_records, STATS_VERSION),
    ("statsd", b"STAT", statsd_records, STATS_VERSION),
    ("settings", b"SETT", settings_records, 1),
)


def main():
    os.makedirs(HERE, exist_ok=True)
    n = 0
    for name, magic, build, version in RECORDS:
        good, bad = build()
        files = {}
        for what in bad:
            files[what] = pack(magic, version, 7, bad[what])
        whole = pack(magic, version, 7, good)
        damaged = bytearray(whole)
        damaged[12] ^= 0x55
        files["damaged"] = bytes(damaged)
        files["cut-short"] = whole[:-3]
        files["foreign"] = pack(b"JUNK", 1, 7, good)
        files["future-version"] = pack(magic, version + 1, 7, good)
        files["stray-bytes"] = whole + b"\x00"
        if name in ("game", "keeper"):  # the two-copy records the web page keeps
            # a localStorage value that is not hex: the web store
            # (firmware/hw/web.py) reads it as its own text
            files["not-hex"] = b"zz: some text, not hex"
        for what in files:
            path = os.path.join(HERE, "%s-%s.rec" % (name, what))
            if os.path.exists(path) and not FORCE:
                continue  # a file once written stays as it is: the formats it was made in
            with open(path, "wb") as f:
                f.write(files[what])
            n += 1
    print("%d records in %s" % (n, HERE))


if __name__ == "__main__":
    main()
