"""Writes host_tests/corpus/logs/: game logs ``good-*.log`` that every reader
must accept (this engine's own, and valid ones as other programs write them)
and ``bad-*.log`` that it must refuse, each with a line ``# expect: WORDS``
near its top naming what the refusal must say (binary ones have it in
``expect.txt``). test_gamelog replays each on both interpreters;
test_cli_process runs ``python -m engine replay`` on each (exit 0 or 2, never
a traceback). The files are committed; run this (CPython, from the
repository root) only to change them. Imports engine modules.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine import gamelog  # noqa: E402
from engine.game import Game, run  # noqa: E402
from engine.players import RandomPlayer  # noqa: E402

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "logs")


def game_log(
    seed, target=121, first=None, muggins=False, stop=None, variant="six", deals=0, counters=(0,)
):
    g = Game(seed, target, first, False, muggins, counters, variant, deals)
    events = []
    run(g, [RandomPlayer(seed), RandomPlayer(seed + 7)], events.append)
    lines = [gamelog.header(g)] + [gamelog.line(e) for e in events]
    return lines[:stop] if stop else lines


def foreign(lines, seed_note="seed=1 game=0 A=bot1 B=bot2"):
    # as another program writes it: its own notes, no rng=, no cut lines,
    # the pone's hand line first
    head = lines[0].split()
    rules = [w for w in head[3:] if "=" not in w]  # bare words: rule settings (five)
    out = [" ".join(head[:3] + rules + seed_note.split())]
    body = [ln for ln in lines[1:] if not ln.startswith("cut ")]
    i = 0
    while i < len(body):
        if body[i].startswith("deal "):
            dealer = body[i].split()[1]
            h = i + 2 if body[i + 1].startswith("score ") else i + 1  # V5.2's start line
            a, b = body[h], body[h + 1]
            if a.split()[1] == dealer:  # put the pone's first
                body[h], body[h + 1] = b, a
        i += 1
    return out + body


def insert_after(lines, prefix, new, nth=1):
    out = []
    seen = 0
    done = False
    for ln in lines:
        out.append(ln)
        if not done and ln.startswith(prefix):
            seen += 1
            if seen == nth:
                out.append(new)
                done = True
    return out


def replace_first(lines, prefix, new):
    out = list(lines)
    for i in range(len(out)):
        if out[i].startswith(prefix):
            out[i] = new
            return out
    raise ValueError(prefix)


def text(lines, expect=None, ending="\n"):
    head = ["# expect: " + expect] if expect else []
    return (ending.join(head + lines) + ending).encode("ascii", "surrogateescape")


def logs():
    own = game_log(3)
    out = {}
    out["good-own-121.log"] = text(own)
    out["good-own-three-games.log"] = b"".join(
        [text(game_log(s, 121 if s % 2 else 61, s % 2)) for s in (4, 5, 6)]
    )
    out["good-own-muggins.log"] = text(game_log(40, 61, None, True))
    out["good-muggins-both-count.log"] = text(game_log(41, 61, None, True, counters=(0, 1)))
    out["good-muggins-b-counts.log"] = text(game_log(42, 121, None, True, counters=(1,)))
    out["good-in-progress.log"] = text(game_log(8, stop=40))
    out["good-foreign-writer.log"] = text(foreign(game_log(9)))
    out["good-crlf.log"] = text(game_log(10), ending="\r\n")
    out["good-comments-and-blanks.log"] = text(
        ["# written by hand", ""] + insert_after(game_log(11), "deal ", "# a note")
    )
    # refused
    bad = game_log(12)
    out["bad-empty.log"] = b""
    out["bad-comments-only.log"] = b"# nothing but a comment\n\n# and another\n"
    out["bad-impossible-deal.log"] = text(
        [
            "game 1 target=121",
            "deal A",
            "hand B 5H 5H 5H JD 2C 3C",
            "hand A 9S 9D KS KD QC QH",
            "crib B 2C 3C",
            "crib A QC QH",
            "starter 5H",
            "show B hand 27",
        ],
        "impossible deal",
    )
    i = [k for k, ln in enumerate(bad) if ln.startswith("play ")][2]
    out["bad-cut-mid-play.log"] = text(bad[:i] + ["cut A 7C B 2D"] + bad[i:], "cut line after")
    out["bad-unknown-bare-word.log"] = text([bad[0] + " bogus"] + bad[1:], "does not know")
    # the variants (V5 five-card, V6 fixed deals)
    five = game_log(13, 61, None, False, None, "five")
    out["good-own-five.log"] = text(five)
    out["good-own-deals.log"] = text(game_log(14, None, 0, False, None, "six", 6))
    out["good-own-five-deals.log"] = text(game_log(15, None, None, True, None, "five", 8))
    out["good-foreign-five.log"] = text(foreign(game_log(16, 61, None, False, None, "five")))
    tie = [game_log(s, None, s % 2, False, None, "five", 2) for s in range(200)]
    tie = [g for g in tie if g[-1].startswith("end tie")][0]
    out["good-own-tie.log"] = text(tie)
    out["bad-deals-past-the-end.log"] = text(
        ["game 1 deals=6"] + bad[1:], "rules give 'end B 53 61'"
    )
    out["bad-deals-and-target.log"] = text(["game 1 target=121 deals=6"] + bad[1:], "not both")
    out["bad-deals-odd.log"] = text(["game 1 deals=7"] + bad[1:], "even number")
    out["bad-five-to-121.log"] = text(["game 1 target=121 five"] + five[1:], "played to 61")
    out["bad-five-six-cards.log"] = text(
        [five[0]] + bad[1:], "holds 5 cards in this game (five-card, V5)"
    )
    out["bad-six-five-cards.log"] = text(["game 1 target=61"] + five[1:], "holds 6 cards")
    out["bad-five-no-start.log"] = text(
        [ln for ln in five if not ln.endswith(" start")], "rules give 'score"
    )
    at = [k for k, ln in enumerate(five) if ln.startswith("show ")][0]
    out["bad-five-reset.log"] = text(five[:at] + ["reset"] + five[at:], "rules give 'show")
    head = bad[0].split()
    seed = int(head[3].split("=")[1])
    head[3] = "seed=%d" % (seed + 1)
    out["bad-wrong-seed.log"] = text([" ".join(head)] + bad[1:], "not what seed=")
    hand = [ln for ln in bad if ln.startswith("hand ")][0]
    nbsp = "\udcc2\udca0"  # U+00A0 in UTF-8, as surrogate escapes
    odd = hand.replace(" ", nbsp, 2).replace(nbsp, " ", 1)  # its second space
    out["bad-nbsp.log"] = text(replace_first(bad, hand, odd), "not ASCII")
    out["bad-long-s.log"] = text(replace_first(bad, hand, hand[:-1] + "\udcc5\udcbf"), "not ASCII")
    out["bad-latin1-comment.log"] = text(["# caf\udce9"] + bad, "not ASCII")
    out["bad-cr-only.log"] = text(bad, "carriage return", ending="\r")
    out["bad-long-line.log"] = text(bad[:3] + ["play A" + " 5H" * 100] + bad[3:], "longer than")
    out["good-long-comment.log"] = text(bad[:3] + ["# " + "x" * 1000] + bad[3:])
    out["bad-second-game-line.log"] = text(bad[:5] + ["game 1 target=121 open"], "no deal")
    out["bad-starter-in-hand.log"] = text(
        replace_first(bad, "starter ", "starter " + hand.split()[2]), "dealt twice"
    )
    out["bad-not-a-number.log"] = text(
        replace_first(
            bad,
            "play ",
            " ".join(
                [ln for ln in bad if ln.startswith("play ")][0].split()[:3] + ["\udcd9\udca1"]
            ),
        ),
        "not ASCII",
    )
    out["bad-five-start-after-hands.log"] = text(
        five[:3] + five[4:6] + [five[3]] + five[6:], "rules give 'score B 3 3 start'"
    )
    out["bad-deals-twice.log"] = text(["game 1 deals=8 deals=6"] + bad[1:], "'deals' twice")
    out["bad-target-twice.log"] = text(["game 1 target=121 target=61"] + bad[1:], "'target' twice")
    gone = [k for k, ln in enumerate(bad) if ln.startswith("go ")][0]
    out["bad-missing-go.log"] = text(
        bad[:gone] + bad[gone + 1 :], "B has not said go (no card of B's fits under 31)"
    )
    out["bad-binary.bin"] = bytes(range(256)) * 4
    return out


def main():
    os.makedirs(HERE, exist_ok=True)
    files = logs()
    for name in files:
        with open(os.path.join(HERE, name), "wb") as f:
            f.write(files[name])
    with open(os.path.join(HERE, "expect.txt"), "w") as f:
        f.write("bad-binary.bin: control character\n")
    print("%d logs in %s" % (len(files), HERE))


if __name__ == "__main__":
    main()
