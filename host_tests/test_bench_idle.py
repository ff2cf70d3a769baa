"""tools/bench/idle_cpu.py on the emulated Pico (tools/emu, $PICO_UF2): napping when
nothing animates costs the CPU far fewer cycles a second than running every
frame, and the loop still took the presses before the idle time. Cycle
counts, not times: the emulator is deterministic. Slow (about a minute);
skipped without a firmware (host_tests/device_checks.py), skipped without
Node.js (failed under CI=true). CPython only; imports idle_cpu from tools/bench/
and device_checks."""

import os
import sys

import pytest
from device_checks import mp_firmware

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))

import idle_cpu as bench_idle  # noqa: E402  tools/bench/idle_cpu.py


@pytest.mark.slow
def test_naps_cost_a_fraction_of_the_frames_cycles():
    r = bench_idle.measure(mp_firmware(), 10)
    for line in r["lines"]:
        assert "score=[2, 0]" in line, line  # the two presses before the idle time counted
    assert "naps=0" in r["lines"][0]
    assert "naps=10" in r["lines"][1], r["lines"][1]  # one nap a second
    assert r["naps"] * 4 < r["frames"], r
