"""Two simulator processes play a whole match over 127.0.0.1, each by a
script of button presses on the "Play a friend" table
(firmware/screens/friend_table.py): straight (tools/sim.py --host PORT / --join
HOST:PORT) and through a room of the table server (--server HOST:PORT --room
CODE [--open], the server run here in a thread): both write the same
friend.log and it replays clean (engine.logcheck); a port that cannot be
opened, a bad address or room code, a server that does not answer and
--room without --server are refused with a message and exit status 2.
CPython only (subprocess, sockets)."""

import os
import socket
import subprocess
import sys

from engine import logcheck
from wsclient import serve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM = [sys.executable, os.path.join(ROOT, "tools", "sim.py")]
SCRIPT = " ".join(["a wait:60"] * 900)  # A marks, plays or says go; a no-op otherwise


def _free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def _sim(args, storage):
    return subprocess.Popen(
        SIM + args + ["--storage", str(storage), "--script", SCRIPT],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _match(tmp_path, first, second):
    # two simulators, ``first`` seat A and ``second`` seat B: one match, one log
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    sims = (_sim(first, a), _sim(second, b))
    outs = [p.communicate(timeout=280)[0] for p in sims]
    for p, out in zip(sims, outs):
        assert p.returncode == 0, out[-2000:]
    logs = [(d / "friend.log").read_bytes() for d in (a, b)]
    assert logs[0] == logs[1]
    games = list(logcheck.replay_file(open(a / "friend.log", "rb")))
    assert len(games) == 1 and games[0].winner in (0, 1)


def test_two_simulators_play_a_match_by_scripts(tmp_path):
    port = _free_port()
    _match(tmp_path, ["--host", str(port)], ["--join", "127.0.0.1:%d" % port])


def test_two_simulators_play_a_match_in_a_room_of_the_table_server(tmp_path):
    server = ["--server", "127.0.0.1:%d" % serve(), "--room"]
    # the code in small letters is the same room; the joiner waits for it to open
    _match(tmp_path, server + ["KQWX", "--open"], server + ["kqwx"])


def test_bad_table_arguments_refused(tmp_path):
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen(1)
    try:
        port = taken.getsockname()[1]
        here = "127.0.0.1:%d" % port
        for args in (
            ["--host", str(port)],
            ["--join", "nowhere"],
            ["--server", "nowhere", "--room", "KQWX"],
            ["--server", here, "--room", "KQ1X"],
            ["--server", here],
            ["--room", "KQWX"],
            ["--server", "127.0.0.1:%d" % _free_port(), "--room", "KQWX", "--open"],
        ):
            proc = subprocess.run(
                SIM + args + ["--script", "a"], cwd=ROOT, capture_output=True, text=True
            )
            assert proc.returncode == 2, proc.stdout + proc.stderr
            assert proc.stderr.startswith("sim.py: ") and "Traceback" not in proc.stderr
    finally:
        taken.close()
