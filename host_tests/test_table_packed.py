# portable
"""What a side of a table (engine.table.peer) keeps packed: its log
(engine.table.standing's ``Log``: the lines as one bytearray) gives back
the lines it was given, their count, their bytes in pieces; the game's
finished deals (``Peer.done``) are the bytes a save holds, read back deal
by deal (engine.table.replay). A save and restore at each deal's start,
late in a match, gives the same log, the same finished deals and the same
save again, and the match plays on to the same log as the side not cut;
the saves of host_tests/corpus/tables/, written by the code before the
packing, restore and play out to the log they came to then
(host_tests/corpus/make_tables.py). Runs on CPython and MicroPython."""

from engine.players import RandomPlayer
from engine.table import resume
from engine.table.replay import deals, end, record
from engine.table.standing import Log
from tablerig import check_log, decide, play_out, table

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
TABLES = _HERE + "/corpus/tables"
MOMENTS = ("five-late", "late-game-deal", "new-game")  # make_tables.py's


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def test_the_log_gives_back_its_lines():
    lines = ["game 1 target=121", "", "deal A 1 2 3 4 5 6 B 7 8 9 10 11 12", "x" * 700, "end"]
    log = Log()
    assert len(log) == 0 and list(log) == [] and log.size() == 0
    for i, text in enumerate(lines):
        log.append(text)
        assert len(log) == i + 1 and list(log) == lines[: i + 1]
    joined = "\n".join(lines).encode()
    assert log.size() == len(joined) + 1
    assert b"".join([bytes(p) for p in log.pieces()]) == joined + b"\n"
    assert b"".join([bytes(p) for p in log.pieces(len(joined))]) == joined
    assert max([len(p) for p in log.pieces()]) < log.size()  # in pieces, not the whole
    again = Log(joined)  # from a save's text
    assert again == log and len(again) == len(lines) and list(again) == lines
    assert Log(b"") == Log() and not (Log(b"a") == Log(b"b")) and Log(b"a") != Log(b"b")
    assert not (log == lines)  # a log is not its list: list(log) is


def test_the_log_is_kept_in_parts_that_do_not_grow_with_the_match():
    # a match's log is KB: one buffer of it would need a block that big
    # free in one piece of the heap, late in the match
    log = Log()
    lines = ["deal %d A 1 2 3 4 5 6 B 7 8 9 10 11 12 starter 13" % i for i in range(300)]
    for text in lines:
        log.append(text)
    assert log.size() > 10 * 512
    assert max([len(p) for p in log.parts]) <= 512
    assert list(log) == lines
    joined = "\n".join(lines).encode()
    assert b"".join([bytes(p) for p in log.pieces(len(joined))]) == joined
    assert Log(joined) == log


class _Deal:
    def __init__(self, cards, mine, starter, plays):
        self.cards = cards
        self.mine = mine
        self.starter = starter
        self.plays = plays


def test_the_finished_deals_are_the_bytes_of_a_save():
    one = _Deal([0, 1, 2, 3, 4, 5], (4, 5), 51, [(1, 20), (0, 0), (1, None), (0, 1)])
    two = _Deal([40, 41, 42, 43, 44], (40, 44), 13, [])
    done = bytearray(1)
    done[0] += 1
    done += record(1, one, (10, 11, 12, 13, 20, 30), (12, 13))
    assert bytes(done) == bytes(
        [1, 10, 11, 12, 13, 20, 30, 0, 1, 2, 3, 4, 5, 51, 12, 13, 4, 5, 4, 1, 20, 0, 0, 1, 52, 0, 1]
    )
    got = list(deals(done, 6))
    assert got == [
        (((10, 11, 12, 13, 20, 30), (0, 1, 2, 3, 4, 5)), 51, ((12, 13), (4, 5)), one.plays)
    ]
    assert end(bytes(done) + b"tail", 0, 6) == len(done)
    five = bytearray(1)
    five[0] += 1
    five += record(0, two, (1, 2, 3, 4, 6), (1, 2))
    hands = ((40, 41, 42, 43, 44), (1, 2, 3, 4, 6))
    assert list(deals(five, 5)) == [(hands, 13, ((40, 44), (1, 2)), [])]
    for cut in range(1, len(done)):  # a save that ends inside the deals
        try:
            end(bytes(done[:cut]), 0, 6)
        except ValueError:
            continue
        raise AssertionError("deals cut short were taken")


def _step(a, b, pipe, players):
    moved = pipe.flow()
    for peer in (a, b):
        if peer.waiting():
            peer.act(decide(peer, players[peer.seat]))
            moved = True
    assert moved and not a.broken and not b.broken
    return moved


def test_a_save_at_each_deal_late_in_a_match_restores_the_same():
    # seat A saved and restored as each deal of the second game starts: the
    # same log, deals and save; the match then ends as the one not cut
    players = (RandomPlayer(5), RandomPlayer(6))
    a, b, pipe = table(41, games=3)
    seen = 0
    while not (a.over and b.over):
        at = (a.game_no, a.game.deal_number if a.game else 0)
        _step(a, b, pipe, players)
        now = (a.game_no, a.game.deal_number if a.game else 0)
        if now != at and a.game_no >= 1 and not a.over:
            data = resume.save(a)
            back = resume.restore(bytes(data))
            assert back.log == a.log and list(back.log) == list(a.log)
            assert len(back.log) == len(a.log) and back.done == a.done
            assert back.done[0] == max(a.game.deal_number - 1, 0)
            assert back.game.scores == a.game.scores and back.full.scores == a.full.scores
            assert resume.save(back) == data
            a = back
            pipe.sides = (a, b)
            b.resume_link()
            seen += 1
    assert seen >= 3
    twin, twin_b, twin_pipe = table(41, games=3)
    play_out(twin, twin_b, twin_pipe, (RandomPlayer(5), RandomPlayer(6)))
    assert twin.over and a.log == twin.log and list(a.log) == list(twin.log)
    check_log(a, b, refusals=True)


def test_the_saves_of_before_the_packing_restore_to_the_same_match():
    for name in MOMENTS:
        saves = [_read(TABLES + "/%s-%s.tbl" % (name, side)) for side in "ab"]
        a, b = resume.restore(saves[0]), resume.restore(saves[1])
        assert resume.save(a) == saves[0] and resume.save(b) == saves[1]
        assert a.log == b.log and a.done == b.done and len(a.log) > 10
        pipe = table(0)[2]
        pipe.sides = (a, b)
        play_out(a, b, pipe, (RandomPlayer(3), RandomPlayer(4)))  # make_tables.py's players
        want = _read(TABLES + "/%s.log" % name).decode()
        assert "\n".join(a.log) + "\n" == want, name
        check_log(a, b, refusals=True)
