"""The command line as real processes under CPython and MicroPython: the same
output, exit status 2 on bad input, and the same self-play logs."""

import json
import os
import subprocess
import sys

from unixport import micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def interpreters():
    return [sys.executable, micropython()]


def run(exe, *args):
    return subprocess.run(
        [exe, "-m", "engine"] + list(args), cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def test_score_same_on_both_interpreters():
    outs = [run(exe, "score", "5H", "5D", "JS", "4C", "6S").stdout for exe in interpreters()]
    assert outs[0] == outs[1] and outs[0].endswith("total 17\n")


def test_bad_card_exit_2_on_both():
    for exe in interpreters():
        p = run(exe, "score", "5H", "5D", "JS", "4C", "4C")
        assert p.returncode == 2 and "twice" in p.stderr


def test_selfplay_same_games_on_both(tmp_path):
    summaries = []
    logs = []
    for i, exe in enumerate(interpreters()):
        log = tmp_path / ("log%d.txt" % i)
        p = run(exe, "selfplay", "--games", "8", "--seed", "31", "--log", str(log))
        assert p.returncode == 0, p.stderr
        summaries.append(json.loads(p.stdout.strip().split("\n")[-1]))
        logs.append(log.read_text())
    assert summaries[0] == summaries[1]
    assert logs[0] == logs[1] and logs[0].count("\nend ") == 8
