# portable: runs under MicroPython too
"""Hostile input to the engine's readers never escapes as anything but their
own clear errors: random and mutated save records, game logs and command
lines (the short CI version of tools/fuzz_engine.py, whose fuzzers these
are)."""

from fuzz_engine import fuzz_cli, fuzz_logs, fuzz_saves


def test_mutated_and_random_saves_only_raise_save_error():
    ok, refused = fuzz_saves(300)
    assert refused > 0


def test_mutated_logs_only_raise_log_error():
    assert fuzz_logs(150) > 100


def test_random_command_lines_exit_0_or_2():
    statuses = fuzz_cli(150)
    assert statuses.get(2, 0) > 50
