# portable: runs under MicroPython too
"""Save and restore a game or match in progress; damaged records refused."""

from engine.crc import crc16
from engine.game import Game, run
from engine.match import Match
from engine.players import RandomPlayer
from engine.restore import SaveError, load_game, load_match
from engine.save import save_game, save_match
from enginetools import first_game_played


def same_state(a, b):
    return (
        a.scores == b.scores
        and a.phase == b.phase
        and a.dealer == b.dealer
        and a.hands == b.hands
        and a.kept == b.kept
        and a.crib == b.crib
        and a.starter == b.starter
        and a.pile == b.pile
        and a.count == b.count
        and a.turn == b.turn
        and a.gone == b.gone
        and a.deal_number == b.deal_number
        and a.moves == b.moves
        and a.rng.state == b.rng.state
    )


def test_round_trip_at_every_decision():
    for seed, target in ((4, 121), (8, 61)):
        g = Game(seed=seed, target=target)
        g.start()
        players = [RandomPlayer(seed), RandomPlayer(seed + 1)]
        n = 0
        while g.waiting():
            back = load_game(save_game(g))
            assert same_state(g, back)
            assert back.take_events() == []
            seat = g.waiting()[0]
            v = g.view(seat)
            g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
            n += 1
        back = load_game(save_game(g))
        assert back.winner == g.winner and back.scores == g.scores and back.phase == "over"
        assert n > 30
        assert len(save_game(g)) < 400


def test_restored_game_plays_on_identically():
    g = Game(seed=21)
    g.start()
    players = [RandomPlayer(1), RandomPlayer(2)]
    for _ in range(25):
        seat = g.waiting()[0]
        v = g.view(seat)
        g.act(seat, players[seat].discard(v) if v.phase == "discard" else players[seat].play(v))
    back = load_game(save_game(g))
    g.take_events()
    tail_a = []
    tail_b = []
    run(g, [RandomPlayer(7), RandomPlayer(8)], tail_a.append)
    run(back, [RandomPlayer(7), RandomPlayer(8)], tail_b.append)
    assert tail_a == tail_b and g.scores == back.scores


def refused(record, words):
    try:
        load_game(record)
    except SaveError as e:
        assert words in str(e), str(e)
        return True
    return False


def reseal(body):
    c = crc16(body)
    return body + bytes((c >> 8, c & 255))


def test_damaged_records_are_refused():
    g = Game(seed=6)
    run(g, [RandomPlayer(1), RandomPlayer(2)])
    good = save_game(g)
    for n in range(len(good)):
        assert refused(good[:n], "")  # every truncation
    for i in range(len(good)):
        for flip in (1, 0x80, 0xFF):
            bad = bytearray(good)
            bad[i] ^= flip
            assert refused(bytes(bad), "")  # every single-byte change
    assert refused(b"PK\x03\x04" + good[4:], "not a cribbage save")
    assert refused(good + b"\x00", "")
    assert refused(reseal(good[:4] + b"\x02" + good[5:-2]), "newer version")
    assert refused(save_match(Match(3, 1)), "saved match")
    assert refused("not bytes", "not a saved game")
    assert refused(None, "not a saved game")


def test_records_whose_moves_do_not_replay_are_refused():
    g = Game(seed=6)
    run(g, [RandomPlayer(1), RandomPlayer(2)])
    body = bytearray(save_game(g)[:-2])
    body[-1] = 52 if body[-1] != 52 else 0  # the last decision changed
    assert refused(reseal(bytes(body)), "does not replay")
    body = bytearray(save_game(g)[:-2])
    body[6] = 100  # target 100
    assert refused(reseal(bytes(body)), "impossible settings")


def test_match_round_trip_v2():
    m = Match(5, seed=12)
    players = [RandomPlayer(3), RandomPlayer(4)]
    run(m.game, players)
    m.next_game()
    run(m.game, players)
    m.next_game()
    seat = m.game.waiting()[0]
    m.game.act(seat, players[seat].discard(m.game.view(seat)))
    back = load_match(save_match(m))
    assert back.wins == m.wins and back.played == 2 and back.skunks == m.skunks
    assert same_state(back.game, m.game)
    assert back.game.dealt_first == m.game.dealt_first
    try:
        load_game(save_match(m))
    except SaveError as e:
        assert "match" in str(e)
    else:
        assert False


def test_match_alternates_first_dealer_and_ends_at_a_majority_v2():
    m = Match(3, seed=30)
    firsts = []
    players = [RandomPlayer(9), RandomPlayer(10)]
    while True:
        firsts.append(m.game.dealt_first)
        assert m.game.scores == [0, 0]
        run(m.game, players)
        if not m.next_game():
            break
    for i in range(1, len(firsts)):
        assert firsts[i] == 1 - firsts[i - 1]
    assert max(m.wins) == 2 and m.over and m.winner == m.wins.index(2)
    assert 2 <= m.played <= 3


def test_a_match_save_with_impossible_skunks_or_game_seed_is_refused():
    # a good CRC over content no match reaches: more skunks than wins (a
    # skunk counts for the game's winner), skunks in fixed deals (V6 has
    # none), a game that is not the match's seed plus the games played
    from engine.crc import crc16
    from engine.match import Match
    from engine.restore import SaveError, load_match
    from engine.save import save_match

    def sealed(record, **at):
        b = bytearray(record)
        for i, v in at.items():
            b[int(i[1:])] = v
        c = crc16(bytes(b[:-2]))
        b[-2], b[-1] = c >> 8, c & 255
        return bytes(b)

    def refused(record):
        try:
            load_match(record)
        except SaveError as e:
            return str(e)
        return None

    def played_one(m):
        from engine.players import make

        first_game_played(m, [make("random", 1), make("random", 2)])
        return save_match(m)

    # engine.save's layout: wins 12-13, skunks 14-15, played 16, the game's seed 17-20
    rec = played_one(Match(3, 11, 61))
    w = 12 if rec[12] else 13
    assert refused(rec) is None
    assert refused(sealed(rec, **{"b%d" % (w + 2): rec[w]})) is None  # every win a skunk
    assert "more skunks than wins" in refused(sealed(rec, **{"b%d" % (w + 2): rec[w] + 1}))
    new = save_match(Match(3, 11, 61))
    assert refused(new) is None
    assert "not the match's game 1" in refused(sealed(new, b20=new[20] ^ 1))
    assert "not the match's game 2" in refused(sealed(rec, b20=rec[20] ^ 2))
    fixed = played_one(Match(3, 11, None, None, False, False, "six", 4))
    assert refused(fixed) is None
    won = 12 if fixed[12] else 13
    assert "skunks in a match of fixed deals" in refused(sealed(fixed, **{"b%d" % (won + 2): 1}))
    # the seed as Game folds it past 32 bits (engine.game): game 2 of a match seeded 2**32 - 1
    top = Match(3, 0xFFFFFFFF, 61)
    rec = played_one(top)
    assert not top.over and top.game.seed == 1 and refused(rec) is None
