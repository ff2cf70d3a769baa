"""The whole device app in a device-like heap: engine/, firmware/, boards/ and
the host backend compiled to .mpy (tools/check_mpy.py's helper, through
tools/bench/app_game.py), then a whole game against the hard computer played
through button presses (tools/bench/app_driver.py), booted as firmware.main boots
the device and opened from its menu, under ``micropython -X
heapsize=180k`` (``HEAP``) with nothing but those .mpy files on ``sys.path``. The game
must finish without an error caught by the app, and the last.log it exported
must replay under CPython (engine.gamelog) to the same end; three games in a
row leave the heap where the first left it, with no module loaded twice.
CPython only (it starts the unix port)."""

import os
import sys

import pytest
from unixport import micropython

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import app_game as bench_app  # noqa: E402  tools/bench/app_game.py
from engine import logcheck  # noqa: E402

# the unix port's 8-byte words: about 100 KB of a device's heap. It was 160k
# until issue 17's power care (idle timers, naps, battery gauge and the 'Dim
# after' setting: +3.7 KB on the emulated Pico, +5 KB here) left too little
# room for fragmentation; the device itself has about 240 KB. 166k since the
# viper drawing loops (firmware/fast.py, 0.9 KB here) made every frame 10x
# faster on the Pico; the device's own budget (96 KB of live heap on the
# emulated Pico, real boot path) is tools/bench_device.py's. 174k since the
# five-card and fixed-deals games, the live odds and the coach: measured here
# (30 Nov), all four games finish at 172k, not at 170k (the five-card and
# muggins games run out there; at 168k all do, in a save or the computer's
# move), rounded up to the next 2k: 174k. Even after the statistics stopped
# being held through a game and the odds module and five-card's discards
# stopped being held or loaded untidily (bench_app live peak, 121 game seed 5:
# 168,640 -> 164,864 bytes; 162,528 before the five-card and fixed-deals
# commits). What grew is what a six-card game holds (play table, pegboard,
# app, settings and stats: the game's kind; firmware.play.draw), about 4 KB here;
# five-card adds its discards, crib table and scorer. 180k since the games
# are booted as the device boots (resume, the mode record) and opened from
# the menu, not pushed straight onto the app (issue 11.8): that path holds
# about 7 KB more here (five-card seed 3, bench_app live peak 167,392 ->
# 174,304 bytes); the five-card game then runs out at 176k and all finish at
# 178k, rounded up to the next 2k. 182k since hard's pegging scores replies
# from rank tables (issue 12: its worst decision 55.9 -> 9.1 ms on the
# emulated Pico): its code and tables add 1.3 KB here to the five-card game's
# live peak (bench_app, seed 3: 175,520 -> 176,800 bytes; 0.6 KB on the
# emulated Pico), and that game ran out at 180k.
HEAP = "182k"


@pytest.fixture(scope="module")
def mpy_dir(tmp_path_factory):
    micropython()
    out = str(tmp_path_factory.mktemp("mpy"))
    bench_app.build(out)
    return out


def play(mpy_dir, tmp_path, seed, level, target, muggins=False, variant="six", deals=0):
    folder = str(tmp_path / "storage")
    r = bench_app.run_child(mpy_dir, folder, seed, level, target, HEAP, muggins, "", variant, deals)
    assert r["finished"] and r["errors"] == 0, r
    with open(os.path.join(folder, "last.log")) as f:
        text = f.read()
    g = logcheck.replay(text)
    assert g.winner == r["winner"] and g.scores == r["scores"]
    if deals:
        assert g.deal_number == deals and r["deals"] == deals
    else:
        assert max(g.scores) >= target
    kind = "statsd" if deals else "stats5" if variant == "five" else "stats"
    assert os.path.exists(os.path.join(folder, kind + ".rec"))  # counted, in its kind's record
    return r, text


def test_only_mpy_files_are_on_the_path(mpy_dir):
    import device_files

    data = [p.split("/")[-1] for p in device_files.DATA]  # the win-chance table, read by seeking
    found = []
    for folder, dirs, files in os.walk(mpy_dir):
        found += [f for f in files if not f.endswith(".mpy") and f not in data]
    assert found == []
    names = [
        os.path.relpath(os.path.join(d, f), mpy_dir) for d, _, fs in os.walk(mpy_dir) for f in fs
    ]
    for must in ("engine/game.mpy", "firmware/play/screen.mpy", "boards/pico.mpy"):
        assert must in names


def test_a_121_game_against_the_hard_computer_in_a_small_heap(mpy_dir, tmp_path):
    r, text = play(mpy_dir, tmp_path, 5, "hard", 121)
    assert r["deals"] >= 5 and r["moves"] > 100
    assert text.startswith("game 1 target=121")


def test_a_muggins_game_in_a_small_heap(mpy_dir, tmp_path):
    # the driver claims 0 at every count: the computer takes every point (V4)
    r, text = play(mpy_dir, tmp_path, 2, "hard", 61, muggins=True)
    claims = [ln for ln in text.split("\n") if ln.startswith("claim A")]
    assert claims and all([ln.endswith(" 0") for ln in claims])
    assert " muggins" in text


def test_a_five_card_game_in_a_small_heap(mpy_dir, tmp_path):
    r, text = play(mpy_dir, tmp_path, 3, "hard", 61, variant="five")
    assert text.startswith("game 1 target=61 five")
    assert " 3 3 start" in text  # three for last (V5.2)
    assert "reset" not in text  # one play sequence (V5.3)


def test_a_game_of_eight_fixed_deals_in_a_small_heap(mpy_dir, tmp_path):
    r, text = play(mpy_dir, tmp_path, 4, "hard", 121, variant="six", deals=8)
    assert text.startswith("game 1 deals=8")
    assert "\nend " in text


# Three games one after the other in one interpreter (issue 13.2), each
# followed by its game-over mode's app there too (no reset between): after
# each game's end (its statistics counted and last.log written) the live heap
# is measured and every function of every loaded module is checked to belong
# to the module now in sys.modules: a module unloaded and loaded again while
# something kept its old functions would exist twice. The play screen forgets
# code while a game goes on (firmware/play/heap.py), so this is what holds it
# to that. A roomier heap than HEAP: this checks what stays, the tests above
# what fits (each game's end in an interpreter of its own, as the device's
# reset gives it: tools/bench/app_game.py's run_child).
CYCLE_HEAP = "256k"
CYCLE = """
import gc
import json
import sys
sys.path[:] = [%r]
import app_driver

def twice():
    dicts = [m.__dict__ for m in sys.modules.values()]
    stale = []

    def check(where, v):
        g = getattr(v, '__globals__', None)
        if g is not None and not [d for d in dicts if d is g]:
            stale.append(where)

    for name, m in sys.modules.items():
        for k in dir(m):
            v = getattr(m, k)
            if type(v) is type:
                for a, f in v.__dict__.items():
                    check('%%s.%%s.%%s' %% (name, k, a), f)
            else:
                check('%%s.%%s' %% (name, k), v)
    return stale

heaps = []
stale = []
for i in range(3):
    r = app_driver.drive(%d + i, 'hard', 61, %r + str(i), False, '')
    assert r['finished'] and r['errors'] == 0 and r['ended_into'] == 'game_over', r
    r = app_driver.finish(%r + str(i))  # here in the same interpreter: no reset
    assert r['finished'] and r['errors'] == 0, r
    r = None
    gc.collect()
    gc.collect()
    heaps.append(gc.mem_alloc())
    stale += twice()
print(json.dumps({'heaps': heaps, 'stale': stale, 'modules': sorted(sys.modules)}))
"""


def test_the_heap_returns_after_a_game_and_no_module_exists_twice(mpy_dir, tmp_path):
    import json
    import subprocess

    folder = str(tmp_path / "storage")
    for i in range(3):
        os.makedirs(folder + str(i))
    code = CYCLE % (mpy_dir, 11, folder, folder)
    p = subprocess.run(
        [micropython(), "-X", "heapsize=" + CYCLE_HEAP, "-c", code],
        cwd=mpy_dir,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    r = json.loads(p.stdout.strip().split("\n")[-1])
    assert r["stale"] == [], r
    first, second, third = r["heaps"]
    # no growth from game to game: flat from the second game; the first
    # differs from it by a one-time amount (what the first game and its
    # game-over mode leave loaded and interned when the next app starts in
    # the same interpreter: 1.9-2.5 KB here, the same modules loaded)
    assert third == second and abs(second - first) <= 3072, r["heaps"]
