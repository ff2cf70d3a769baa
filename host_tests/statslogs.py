"""The statistics as a game's log counts them, for tests: ``FIGURES`` (the
figures firmware/store/stats.py keeps that a GAMELOG text shows, docs/gamelog.md),
``from_logs`` (those figures counted from log texts line by line, seat A the
player), ``check_figures`` (a Stats agrees with its logs) and ``stored``
(the Stats a storage holds, failing if its record does not load). Used by
test_stats and test_stats_record. Portable (CPython and MicroPython). Not a
test module. Imports engine.cards and firmware.store.stats.
"""

from engine.cards import text as card_text
from firmware.store.stats import Stats


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
