"""A table over TCP on 127.0.0.1, two processes of tools/table_play.py
each playing its side by a built-in player: straight (--host/--join) and
through the table server (tools/table_server.py, rooms by code): each
plays the whole match, both write the same log and it replays clean
(engine.logcheck); the server's greetings refused with a reason (not a
greeting, a bad code, no such room, a seat taken). CPython only
(subprocess, asyncio)."""

import os
import subprocess
import sys

from engine import logcheck

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
sys.path.insert(0, TOOLS)
import table_server  # noqa: E402

PLAY = [sys.executable, os.path.join(TOOLS, "table_play.py")]


def _start(args):
    return subprocess.Popen(
        args, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


def _port(proc, prefix):
    line = proc.stdout.readline()
    assert line.startswith(prefix), line
    return int(line.rsplit(":", 1)[1])


def _both(first, second, tmp_path):
    out = []
    for proc, name in ((first, "a"), (second, "b")):
        text, _ = proc.communicate(timeout=120)
        out.append(text)
        assert proc.returncode == 0, text
    logs = [(tmp_path / n).read_text() for n in ("a.log", "b.log")]
    assert logs[0] == logs[1]
    games = list(logcheck.replay_file(open(tmp_path / "a.log", "rb")))
    assert len(games) in (2, 3) and all([g.winner is not None for g in games])
    last = [o.strip().split("\n")[-1] for o in out]
    assert last[0] == last[1] and last[0].startswith("match over: ")
    wins = [int(w) for w in last[0].split()[3::2]]  # "match over: A n B m"
    assert max(wins) == 2 and sum(wins) == len([g for g in games if g.winner != 2])


def test_two_processes_play_a_match_over_tcp(tmp_path):
    common = ["--prime", "t31", "--timeout", "100"]
    host = _start(
        PLAY
        + ["--host", "0", "--games", "3", "--seed", "1", "--log", str(tmp_path / "a.log")]
        + common
    )
    port = _port(host, "listening on")
    join = _start(
        PLAY
        + ["--join", "127.0.0.1:%d" % port, "--seed", "2", "--log", str(tmp_path / "b.log")]
        + common
        + ["--player", "easy"]
    )
    _both(host, join, tmp_path)


def test_two_processes_play_a_match_through_the_server(tmp_path):
    server = _start([sys.executable, os.path.join(TOOLS, "table_server.py"), "--port", "0"])
    try:
        port = _port(server, "table server on")
        where = ["--server", "127.0.0.1:%d" % port, "--room", "KQWX", "--timeout", "100"]
        host = _start(
            PLAY
            + where
            + ["--open", "--games", "3", "--prime", "t31", "--seed", "3"]
            + ["--log", str(tmp_path / "a.log")]
        )
        join = _start(PLAY + where + ["--seed", "4", "--log", str(tmp_path / "b.log")])
        _both(host, join, tmp_path)
    finally:
        server.kill()
        server.wait()


def test_the_server_refuses_bad_greetings():
    s = table_server.Server()
    assert s.seat("HELLO".split()) == "not a table greeting"
    assert "letters" in s.seat("TABLE 1 OPEN AB1".split())
    assert s.seat("TABLE 1 JOIN ZZZZ".split()) == "no room ZZZZ"
    room, seat = s.seat("TABLE 1 OPEN KQWX".split())
    assert seat == 0 and room.code == "KQWX"
    room.seats[0] = object()
    assert "taken" in s.seat("TABLE 1 OPEN KQWX".split())
    room2, seat2 = s.seat("TABLE 1 JOIN kqwx".split())
    assert room2 is room and seat2 == 1
    chosen, _ = s.seat("TABLE 1 OPEN ?".split())
    assert len(chosen.code) == 4 and chosen.code in s.rooms
