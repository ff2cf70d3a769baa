"""The command line as real processes under CPython and MicroPython: the same
output, exit status 2 on bad input, and the same self-play logs. Without a
MicroPython unix port the CPython half still runs (CI=true: fails)."""

import json
import os
import subprocess
import sys

from unixport import micropython, micropython_if_any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def interpreters():
    mp = micropython_if_any()
    return [sys.executable] + ([mp] if mp else [])


def same(values):
    return all(v == values[0] for v in values)


def run(exe, *args, heap=None, timeout=300):
    # ``python -m engine ARGS`` on ``exe``; ``heap``: the unix port's heap size
    small = ["-X", "heapsize=" + heap] if heap else []
    return subprocess.run(
        [exe] + small + ["-m", "engine"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_score_same_on_both_interpreters():
    outs = [run(exe, "score", "5H", "5D", "JS", "4C", "6S").stdout for exe in interpreters()]
    assert same(outs) and outs[0].endswith("total 17\n")


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
    assert same(summaries)
    assert same(logs) and logs[0].count("\nend ") == 8


# ---- issue 11.6/11.7, 10.7: replay refuses every wrong log with a message and
# exit 2, never a traceback, the same on both interpreters

CORPUS = os.path.join(ROOT, "host_tests", "corpus", "logs")


def test_replay_of_the_log_corpus_same_on_both_and_never_a_traceback():
    names = sorted([n for n in os.listdir(CORPUS) if n.endswith((".log", ".bin"))])
    assert len(names) >= 20
    for name in names:
        got = []
        for exe in interpreters():
            p = run(exe, "replay", os.path.join("host_tests", "corpus", "logs", name))
            assert "Traceback" not in p.stderr, (exe, name, p.stderr)
            assert p.returncode == (2 if name.startswith("bad-") else 0), (exe, name, p.stderr)
            if p.returncode:
                first = p.stderr.split("\n")[0]
                assert first.startswith("error: ") and len(first) <= 170, (exe, name, first)
            got.append((p.returncode, p.stdout, p.stderr))
        assert same(got), (name, got)


def test_replay_of_a_non_utf8_or_empty_file_says_so_and_exits_2(tmp_path):
    # issue 10.7: a traceback and exit 1, or nothing and exit 0
    latin = tmp_path / "latin1.log"
    latin.write_bytes("game 1 target=121\n# caf\u00e9\n".encode("latin-1"))
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    for exe in interpreters():
        for path, words in ((latin, "not ASCII"), (empty, "empty")):
            p = run(exe, "replay", str(path))
            assert p.returncode == 2 and words in p.stderr, (exe, path, p.stderr)
            assert "Traceback" not in p.stderr


def test_selfplay_log_to_a_full_disk_is_a_message(tmp_path):
    if not os.path.exists("/dev/full"):
        return
    for exe in interpreters():
        p = run(exe, "selfplay", "--games", "3", "--log", "/dev/full")
        assert p.returncode == 2 and "cannot write the log" in p.stderr, (exe, p.stderr)
        assert "Traceback" not in p.stderr


def test_non_ascii_digits_and_cards_refused_alike():
    for exe in interpreters():
        p = run(exe, "selfplay", "--games", "\u0661\u0662")
        assert p.returncode == 2 and "whole number" in p.stderr, (exe, p.stderr)
        p = run(exe, "score", "5H", "5D", "JS", "4C", "5\u017f")
        assert p.returncode == 2 and "not a card" in p.stderr, (exe, p.stderr)
        p = run(exe, "score", "5H", "5D", "JS", "4C", "\u00a06S")
        assert p.returncode == 2 and "not a card" in p.stderr, (exe, p.stderr)
        p = run(exe, "frob" * 50)  # the unix port itself dies on an argument of 256 or more
        assert p.returncode == 2 and len(p.stderr.split("\n")[0]) < 120, (exe, p.stderr)


def test_micropython_replays_a_large_log_in_a_small_heap(tmp_path):
    # 11.7: MicroPython ran out of memory on any log over ~0.44 MB, even its own
    log = tmp_path / "big.log"
    p = run(sys.executable, "selfplay", "--games", "130", "--seed", "3", "--log", str(log))
    assert p.returncode == 0, p.stderr
    assert log.stat().st_size > 500000
    p = run(micropython(), "replay", str(log), heap="256k", timeout=600)
    assert p.returncode == 0, p.stderr[-500:]
    assert p.stdout.count("every line checks") == 130


# ---- review takes every log replay takes, in constant memory, and refuses
# the rest with a message and exit 2 (never a traceback), on both interpreters


def test_review_of_the_log_corpus_takes_what_replay_takes():
    names = sorted([n for n in os.listdir(CORPUS) if n.endswith((".log", ".bin"))])
    for name in names:
        path = os.path.join("host_tests", "corpus", "logs", name)
        for exe in interpreters():
            for seat in ("A", "B"):
                p = run(exe, "review", path, "--seat", seat)
                assert "Traceback" not in p.stderr, (exe, name, p.stderr)
                assert p.returncode == (2 if name.startswith("bad-") else 0), (exe, name, p.stderr)
                if p.returncode:
                    assert p.stderr.startswith("error: ") and p.stderr.count("\n") == 1, p.stderr
                else:
                    assert "your plays gave up" in p.stdout, (exe, name, p.stdout)


def test_review_of_a_log_that_starts_with_a_comment_and_a_blank_line(tmp_path):
    own = open(os.path.join(CORPUS, "good-own-121.log")).read()
    log = tmp_path / "commented.log"
    log.write_text("# a comment\n\n" + own)
    for exe in interpreters():
        want = run(exe, "review", os.path.join(CORPUS, "good-own-121.log"))
        p = run(exe, "review", str(log))
        assert p.returncode == 0 and p.stdout == want.stdout and want.stdout, (exe, p.stderr)


def test_review_of_a_2mb_line_and_of_a_binary_file_is_a_message(tmp_path):
    one = tmp_path / "one.log"
    one.write_bytes(b"game 1 " + b"x" * 2000000)
    for exe in interpreters():
        for path, words in ((one, "longer than"), (os.path.join(CORPUS, "bad-binary.bin"), "")):
            p = run(exe, "review", str(path))
            assert p.returncode == 2 and words in p.stderr, (exe, path, p.stderr)
            assert "Traceback" not in p.stderr and "usage" not in p.stderr, p.stderr


def test_an_error_in_a_logs_content_prints_no_usage():
    for exe in interpreters():
        for cmd in ("replay", "review"):
            p = run(exe, cmd, os.path.join("host_tests", "corpus", "logs", "bad-wrong-seed.log"))
            assert p.returncode == 2 and "seed=13" in p.stderr, (exe, p.stderr)
            assert "usage" not in p.stderr, (exe, cmd, p.stderr)
        p = run(exe, "review")  # a wrong command line still shows the usage
        assert p.returncode == 2 and "usage" in p.stderr


def test_micropython_reviews_a_60_game_log_in_a_small_heap(tmp_path):
    log = tmp_path / "big.log"
    p = run(sys.executable, "selfplay", "--games", "60", "--seed", "3", "--log", str(log))
    assert p.returncode == 0, p.stderr
    assert log.stat().st_size > 250000
    want = run(sys.executable, "review", str(log))
    assert want.returncode == 0 and want.stdout.count("\ngame ") == 59, want.stderr
    p = run(micropython(), "review", str(log), heap="192k", timeout=600)
    assert p.returncode == 0, p.stderr[-500:]
    got = p.stdout.split("\n")
    assert len(got) == len(want.stdout.split("\n"))  # %.1f may round a last digit apart
    assert [x for x in got if x.startswith("game ")] == ["game %d" % i for i in range(1, 61)]
