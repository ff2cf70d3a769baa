"""Leak and heap checks on the MicroPython unix port with a device-like heap
(the short CI version of tools/soak.py)."""

import json
import os
import subprocess

from unixport import compile_mpy, micropython

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


# the names of firmware.statcheck interned as a statistics record is read,
# then the module forgotten as firmware.stats forgets it
INTERN_STATCHECK = """
from firmware import statcheck
from firmware.play_load import _forget
statcheck = None
_forget(("firmware.statcheck",))
"""


def test_games_from_the_menu_leave_the_heap_flat_but_for_names_interned_once(tmp_path):
    """tools/bench_device.py's soak on the unix port: games back to back from
    the menu of one app over one storage (tools/devbench.py, as on a Pico).
    The heap at the menu is the same after every game from the second. The
    first leaves less only because a fresh storage has no statistics record
    until the first game's end, so the second game's end is the first to read
    one, which imports firmware.statcheck and interns its names (its module
    and file names, its globals) for good: MicroPython never frees a qstr.
    With those names interned before the first game, every game leaves the
    heap where the first left it."""
    import shutil
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import bench_device
    import check_mpy

    out = bench_device.build(str(tmp_path / "mpy"), check_mpy.unix_port_arch())

    def menu_heaps(before):
        shutil.rmtree(os.path.join(out, "data"), ignore_errors=True)
        code = "import sys\nsys.path[:] = ['.']\n%s\nimport devbench\n" % before
        code += "devbench.main('game', 4, 0, 0, 0)\n"
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
        return [got["menu_heap%d" % i] for i in (1, 2, 3, 4)]

    plain = menu_heaps("")
    assert plain[1] == plain[2] == plain[3], plain
    # the names: about 110 bytes of text (none where the first game interned them)
    assert 0 <= plain[1] - plain[0] <= 256, plain
    interned = menu_heaps(INTERN_STATCHECK)
    # with its names interned first, what the second game's end may still
    # leave is one growth of a table that never shrinks (sys.modules' or the
    # qstr pool's), 128 bytes at most; nothing after it
    assert interned[1] == interned[2] == interned[3], interned
    assert 0 <= interned[1] - interned[0] <= 128, (interned, plain)
