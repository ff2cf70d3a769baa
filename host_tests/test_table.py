# portable
"""Two sides of a table (engine.table) through an in-memory pipe: seeded
matches of every kind of game (six-card to 121 and 61, five-card, fixed
deals V6, best of three V2) end with both sides' logs identical and
replaying clean under the rules (engine.logcheck); each side held only its
own cards until the other's were played or shown; the deal is the same for
the same two secrets and changes with either; the real prime deals too; a
side whose work is spread over calls (``Peer.step``, as the device spreads
it over frames) does at most one exponentiation a call and plays the very
same matches, seat 0 encrypting the next deal's deck while the play goes
on. The 1,000-game run is test_table_thousand's. Runs on CPython and
MicroPython."""

import builtins

import engine.table.deal as deal_module
from engine.table.hidden import UNSEEN
from engine.players import RandomPlayer
from tablerig import check_matches, decide, play_out, table

ONE_POWER = 16  # of the test prime (4 bytes): engine.table.deal's cost


def test_matches_logs_identical_and_clean():
    check_matches(30)


def test_real_prime_deals():
    check_matches(1, prime="p256")


def test_each_side_sees_only_its_own_cards():
    a, b, pipe = table(3)
    while a.game is None or a.game.phase != "play" or a.game.pending:
        pipe.flow()
        for peer in (a, b):
            if peer.waiting() and peer.game.phase == "discard":
                peer.act(tuple(peer.game.hands[peer.seat][:2]))
    for peer in (a, b):
        other = peer.game.dealt[1 - peer.seat]
        assert list(other) == [UNSEEN] * 6
        mine = peer.deal.cards
        assert len(mine) == 6 and UNSEEN not in mine
    assert not set(a.deal.cards) & set(b.deal.cards)


def test_same_secrets_same_deal_and_either_changes_it():
    def first_hand(host, guest):
        a, b, pipe = table(0)
        a.secret = host
        b.secret = guest
        while a.deal is None or a.deal.cards is None:
            pipe.flow()
        return a.deal.cards

    one = first_hand(b"x", b"y")
    assert first_hand(b"x", b"y") == one
    assert first_hand(b"x", b"z") != one
    assert first_hand(b"w", b"y") != one


def test_work_spread_over_calls_is_one_power_a_call_and_the_same_matches():
    assert check_matches(10, step=ONE_POWER) == check_matches(10)
    powers = [0]
    most = [0]

    def counted(x, e, m):
        powers[0] += 1
        return builtins.pow(x, e, m)

    a, b, pipe = table(3, ONE_POWER, games=3)
    for side in (a, b):

        def work(side=side, work=side.work):
            before = powers[0]
            did = work()
            most[0] = max(most[0], powers[0] - before)
            return did

        side.work = work
    deal_module.pow = counted
    try:
        play_out(a, b, pipe)
    finally:
        deal_module.pow = builtins.pow
    assert a.over and b.over and a.log == b.log
    assert powers[0] > 2 * 131 * 3  # each side's deals did every power of theirs
    assert most[0] == 1


def test_seat_0_encrypts_the_next_deck_while_the_play_goes_on():
    a, b, pipe = table(5, ONE_POWER)
    players = (RandomPlayer(1), RandomPlayer(2))
    while a.game is None or a.game.phase != "play" or a.busy():
        pipe.flow()
        for peer in (a, b):
            if peer.waiting():
                peer.act(decide(peer, players[peer.seat]))
    a.work()  # nothing due: the next deal's deck begun, its key a call's work
    assert a.ahead is not None and a.ahead.key == (0, 2, 1 - a.game.dealer)
    assert a.ahead.deal.done == 0
    a.work()  # then one power of it a call
    done = a.ahead.deal.done
    a.work()
    assert done == 1 and a.ahead.deal.done == 2
    b.work()
    assert b.ahead is None  # seat 1's deck needs seat 0's
    play_out(a, b, pipe, players)
    assert a.log == b.log
