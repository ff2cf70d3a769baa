# portable
"""The hand counter (firmware/hand_counter.py): a hand's total and its lines
(R12: fifteens, pairs, runs, flushes, nobs; a crib's flush needs all five),
a hand of nothing is the 19, and its five cards stay distinct. Runs under
CPython and MicroPython."""

from engine.cards import parse_many
from firmware.hand_counter import HandCounter

STARTER = 4  # firmware.hand_counter._STARTER: the starter's slot


def counter(words):
    h = HandCounter()
    for i, card in enumerate(parse_many(words)):
        h.set(i, card)
    return h


def test_hand_counter_totals_and_lines():
    h = counter("5C 5D 5H JS 5S")
    assert h.total() == 29 and h.verdict() == "29 points"
    lines = h.lines()
    # 8 fifteens, the four 5s as one double pair royal (R12), nobs
    assert len(lines) == 8 + 1 + 1 and lines[-1] == "nobs 1: JS"
    assert lines[8] == "double pair royal 12: 5C 5D 5H 5S"
    assert counter("3C 4D 4H 5S 9C").total() == 8


def test_zero_hand_is_nineteen():
    h = counter("2C 4D 6H 8S TC")  # nothing: no 15, pair, run, flush or nobs
    assert h.total() == 0 and h.verdict() == "19 (nothing)" and h.lines() == []


def test_crib_flush_rule():
    h = counter("2H 4H 6H 8H KS")
    assert h.total() == 4
    h.crib = True
    assert h.total() == 0  # a crib needs all five for a flush (R12)


def test_hand_counter_keeps_cards_distinct():
    h = HandCounter()
    assert h.verdict() == "enter 5 more cards"
    for slot in range(5):
        h.set(slot, slot)  # the four aces and the two of clubs
    assert h.ready() and sorted(h.cards) == [0, 1, 2, 3, 4]
    try:
        h.set(0, 4)
        assert False
    except ValueError as e:
        assert "already" in str(e)
    h.set(0, 0)  # a card may go back where it is
    h.clear(STARTER)
    assert not h.ready() and h.verdict() == "enter 1 more card"
    h.clear()
    assert h.cards == [-1] * 5
