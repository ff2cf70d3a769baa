"""The win-chance table's start value against self-play it did not come from:
the first dealer's win rate of hard against hard, measured here over 3,000
games with a seed of its own (the generator, tools/gen/winprob.py, uses 1616),
must hold the table's 0-0 value inside its 95% interval, for 121 and for 61
(about a minute of self-play; marked slow). The generator's --join writes the
header engine.winprob checks: the committed table's parts joined give the
committed file. CPython only."""

import pytest

import os
import sys

sys.path.insert(
    0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "gen")
)
import winprob as gen_winprob  # noqa: E402  tools/gen/winprob.py
from engine.winprob import lookup

GAMES = 3000
SEED = 99


@pytest.mark.slow
@pytest.mark.parametrize("target", [121, 61])
def test_start_value_is_inside_the_first_dealers_self_play_interval(target):
    wins = gen_winprob.play_from(0, 0, GAMES, SEED, target, False)
    p, lo, hi = gen_winprob.interval(wins, GAMES)
    table = lookup(0, 0, True, target, False) / 255
    assert lo <= table <= hi, (target, table, p, lo, hi)


def test_the_generators_join_writes_the_table_with_its_header(tmp_path):
    from engine import winprob, winprob_check

    with open(winprob.path(), "rb") as f:
        data = f.read()
    tables = data[winprob.HEADER :]
    parts = []
    at = 0
    for i, size in enumerate((121 * 121, 61 * 61, 61 * 61)):
        part = tmp_path / ("part%d" % i)
        part.write_bytes(tables[at : at + size])
        parts.append(str(part))
        at += size
    out = tmp_path / "joined.bin"
    gen_winprob.main(["--join"] + parts + ["--out", str(out)])
    assert out.read_bytes() == data
    with open(str(out), "rb") as f:
        assert winprob_check.check(f, winprob.HEADER, winprob._head(f)) == ""
