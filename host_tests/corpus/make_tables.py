"""Writes host_tests/corpus/tables/: both sides' saves of a friend match
(engine.table.resume, the test prime) at a moment late in it, as
``NAME-a.tbl`` and ``NAME-b.tbl``, and ``NAME.log``, the match's whole log
when the two sides restored from them play it out
(host_tests/test_table_packed.py's players). The test requires the code of
today to restore them and come to the same log. The files are committed:
run this (CPython, from the repository root) only to ADD moments, never to
rewrite the old ones (it keeps every existing file unless given
``--force``); with a checkout's root as its argument the saves are that
code's (the committed ones are those of the code before ``Peer.log`` and
``Peer.done`` were packed). Imports engine.players, engine.table.resume and
host_tests/tablerig.py.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
ARGS = [a for a in sys.argv[1:] if a != "--force"]
sys.path[:0] = [ARGS[0] if ARGS else ROOT, os.path.dirname(HERE)]

from engine.players import RandomPlayer  # noqa: E402
from engine.table import resume  # noqa: E402
from tablerig import decide, play_out, table  # noqa: E402

TABLES = os.path.join(HERE, "tables")
FORCE = "--force" in sys.argv
# a moment: the seed and settings of the match, the game's number and deal
# in seat A's game, and whether the deal's cards are dealt already
MOMENTS = {
    "late-game-deal": (31, {"games": 3}, 1, 4, True),
    "new-game": (32, {"games": 3, "target": 61}, 1, 1, False),
    "five-late": (33, {"games": 3, "variant": "five"}, 2, 3, True),
}


def players():
    """The players of the play-out (the same in the test)."""
    return (RandomPlayer(3), RandomPlayer(4))


def until(a, b, pipe, game_no, deal, dealt):
    """Both sides play (random players) until seat A's game ``game_no`` is
    at its deal ``deal`` (its cards dealt, when ``dealt``), then carry what
    is in flight."""
    ps = (RandomPlayer(1), RandomPlayer(2))
    for _ in range(100000):
        g = a.game
        if a.game_no == game_no and g.deal_number == deal and (a.deal.cards or not dealt):
            while pipe.flow():
                pass
            return
        moved = pipe.flow()
        for peer in (a, b):
            if peer.waiting():
                peer.act(decide(peer, ps[peer.seat]))
                moved = True
        if not moved or a.over:
            break
    raise SystemExit("make_tables.py: the moment never came")


def write(path, data):
    if os.path.exists(path) and not FORCE:
        print("kept", path)
        return
    with open(path, "wb") as f:
        f.write(data)
    print("wrote", path)


def main():
    os.makedirs(TABLES, exist_ok=True)
    for name, (seed, settings, game_no, deal, dealt) in sorted(MOMENTS.items()):
        a, b, pipe = table(seed, **settings)
        until(a, b, pipe, game_no, deal, dealt)
        saves = (bytes(resume.save(a)), bytes(resume.save(b)))
        a, b = resume.restore(saves[0]), resume.restore(saves[1])
        pipe.sides = (a, b)
        play_out(a, b, pipe, players())
        assert a.log == b.log and not a.broken
        write(os.path.join(TABLES, name + "-a.tbl"), saves[0])
        write(os.path.join(TABLES, name + "-b.tbl"), saves[1])
        write(os.path.join(TABLES, name + ".log"), ("\n".join(a.log) + "\n").encode())


if __name__ == "__main__":
    main()
