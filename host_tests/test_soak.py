"""Leak and heap checks on the MicroPython unix port with a device-like heap
(the short CI version of tools/bench/game_soak.py)."""

import json
import os
import subprocess

from unixport import compile_mpy, micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_games_in_a_row_leave_the_heap_where_it_was():
    p = subprocess.run(
        [micropython(), "-X", "heapsize=160k", "tools/bench/game_soak.py", "--games", "60"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads(p.stdout.strip().split("\n")[-1])
    assert r["games"] == 60 and r["deals"] > 300
    assert r["grown"] <= 256


RESTORE = """
import gc, sys
sys.path.insert(0, '.')
from engine.game import Game, run
from engine.players import RandomPlayer
from engine.restore import load_game
from engine.save import save_game
g = Game(seed=8)
run(g, [RandomPlayer(1), RandomPlayer(2)])
record = save_game(g)
g = None
gc.collect()
before = gc.mem_alloc()
back = load_game(record)
gc.collect()
print(back.scores, gc.mem_alloc() - before)
"""


def compile_engine(dest):
    # The device loads .mpy: compiling source at import needs far more heap.
    engine = sorted([n for n in os.listdir(os.path.join(ROOT, "engine")) if n.endswith(".py")])
    compile_mpy(dest, ["engine/" + n for n in engine])


def test_restoring_a_whole_game_fits_a_small_heap(tmp_path):
    # Restore replays every decision; it must not keep a whole game's events.
    compile_engine(str(tmp_path))
    p = subprocess.run(
        [micropython(), "-X", "heapsize=48k", "-c", RESTORE],
        cwd=str(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    held = int(p.stdout.split()[-1])
    assert held < 4096, p.stdout
