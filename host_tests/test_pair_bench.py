"""tools/bench/pairs.py: a player against hard on the same deals as hard itself.
Hard against itself changes nothing; greedy, which pegs only for the points in
front of it, loses pegging points and whole deals to hard's seat. CPython only."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import pairs as pair_bench  # noqa: E402  tools/bench/pairs.py
from engine.players import make  # noqa: E402


def test_hard_against_itself_changes_nothing():
    for kind in ("peg", "deal", "end"):
        assert pair_bench.bed(kind, make("hard", 3), 12, 5000) == (0.0, 0.0, 0)


def test_greedy_loses_pegging_and_deals_to_hard():
    m, half, differ = pair_bench.bed("peg", make("greedy", 3), 150, 5000)
    assert m + half < 0 and differ > 50
    m, half, differ = pair_bench.bed("deal", make("greedy", 3), 150, 5000)
    assert m + half < 0 and differ > 50


def test_bad_arguments_give_usage_and_2(capsys):
    assert pair_bench.main(["--a", "nobody"]) == 2
    assert pair_bench.main(["--bed", "peg"]) == 2
    assert pair_bench.main(["--a", "hard", "--n", "x"]) == 2
    assert "usage" in capsys.readouterr().out
