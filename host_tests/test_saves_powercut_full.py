"""The end-of-game power cut of test_saves_powercut.py at every byte, not a
sample: slow (a minute and more), so outside the quick run; CI runs it.
CPython only (pytest)."""

import pytest
from savecuts import end_of_game_cuts


@pytest.mark.slow
def test_power_cut_anywhere_at_the_end_of_a_game_counts_it_once():
    assert end_of_game_cuts(1) > 2 * 50
