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


def test_games_from_the_menu_leave_the_heap_flat_from_the_first_record_read(tmp_path):
    """tools/bench_device.py's soak on the unix port: games back to back from
    the menu of one app over one storage (tools/bench/devbench.py, as on a Pico).
    On a fresh storage the heap at the menu is the same after every game
    from the second. The first leaves less only because a fresh storage has
    no statistics record until the first game's end, so the second game's
    end is the first to read one: that imports firmware.store.stats_record while the
    game's end holds its other modules, which interns its names and grows the
    firmware package's dict by one module for good (MicroPython never frees a
    qstr nor shrinks a dict). On a storage that already holds a record (one
    game played before), the heap steps up at most once, by a dict's slot
    table, and is then the same after every game."""
    import shutil
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
    import mp_device as bench_device
    import check_mpy

    out = bench_device.build(str(tmp_path / "mpy"), check_mpy.unix_port_arch())

    def menu_heaps(games, fresh=True):
        if fresh:
            shutil.rmtree(os.path.join(out, "data"), ignore_errors=True)
        code = "import sys\nsys.path[:] = ['.']\nimport devbench\n"
        code += "devbench.main('game', %d, 0, 0, 0)\n" % games
        p = subprocess.run(
            [micropython(), "-X", "heapsize=1m", "-c", code],
            cwd=out,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert p.returncode == 0 and "@@ done 1" in p.stdout, p.stdout[-2000:] + p.stderr
        got = bench_device.parse(p.stdout)
        assert got["errors"] == 0 and got["crashes"] == 0, got
        return [got["menu_heap%d" % i] for i in range(1, games + 1)]

    fresh = menu_heaps(4)
    assert fresh[1] == fresh[2] == fresh[3], fresh
    # after the first game: the names it interned and a dict's slot more, or
    # (each game's app built afresh after the menu's switch) a few bytes less
    assert -256 <= fresh[1] - fresh[0] <= 1024, fresh
    menu_heaps(1)  # a game played: its statistics record and log are on the storage
    # on a played storage the heap at the menu may step up once by a dict's
    # slot table (MicroPython never shrinks a dict; a game's first use of a
    # module loaded when first asked for), then it stays flat: no game leaks
    played = menu_heaps(8, fresh=False)
    assert played[-4] == played[-3] == played[-2] == played[-1], played
    assert -256 <= played[-1] - played[0] <= 256, played  # one step, up or down
    assert len(set(played)) <= 2, played
