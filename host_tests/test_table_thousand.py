"""A thousand seeded matches at a table (engine.table) through an in-memory
pipe, of every kind in turn (host_tests/tablerig.py's KINDS), with the
tests' small prime: every match ends with both sides' logs identical,
replaying clean under the rules, nothing refused. Slow (a minute or two):
CPython only; test_table runs thirty of them everywhere."""

import pytest
from tablerig import check_matches


@pytest.mark.slow
def test_a_thousand_matches():
    check_matches(1000)
