"""Opening a mode a module a frame (firmware/loading.py, issue 12: no frame
may freeze while a mode's code loads): in a fresh MicroPython unix port, on
hardware that says it is a device (``staged``), every mode of the start
menu is opened from the menu; the first frame shows the loading screen,
each frame after it loads at most one module of the mode's list
(firmware/loads.py), the mode opens with nothing of its code left to load,
and B while loading goes back to the menu. The list itself is checked
against the screens' imports: it is what tools/gen/package_json.py makes
(test_deploy checks it is current), and each module in it finds what it
imports already loaded. Imports pytest and host_tests/unixport.py; runs the
app in subprocesses.
"""

import json
import os
import subprocess

from unixport import ROOT, micropython

SCRIPT = r"""
import sys
sys.path[:0] = ['.', 'tools']
from firmware.app import App
from firmware.hal import B
from firmware.hw import host
from firmware.loads import LOADS
import json

def ours():
    return set(n for n in sys.modules if n.split('.')[0] in ('engine', 'firmware', 'boards'))

out = {}
def device():
    hw = host.make()
    hw.staged = True  # as the device's backends are (firmware/hal.py)
    return App(hw)

for mode in LOADS:
    app = device()
    t = [0]
    def tick():
        app.tick(t[0])
        t[0] += 20
    tick()
    before = ours()
    pre = ('firmware.screens.' + mode) in sys.modules
    app.open(mode)
    tick()
    first = type(app.top()).__name__
    steps = []
    seen = ours()
    for _ in range(100):
        if type(app.top()).__name__ != 'Loading':
            break
        tick()
        now = ours()
        steps.append(sorted(now - seen))
        seen = now
    starts = []
    for _ in range(5):
        top = app.top()
        starts.append([getattr(top, 'starting', 0), getattr(top, 'game', 0) is None])
        if not starts[-1][0]:
            break
        tick()
    out[mode] = {'starts': starts, 'first': first, 'pre': pre, 'steps': steps,
                 'top': type(app.top()).__name__, 'errors': app.errors,
                 'depth': len(app.stack), 'loader': 'firmware.loading' in sys.modules}
    app.home()
    tick()
    out[mode]['forgotten'] = sorted(ours() - before)
# B while loading: back at the menu, nothing of the mode kept
app = device()
app.tick(0)
before = ours()
app.open('play')
app.tick(20)
app.tick(40)
app.hw.buttons.set(B)
for k in range(3):
    app.tick(60 + 20 * k)
app.hw.buttons.set(0)
for k in range(3):
    app.tick(120 + 20 * k)
out['cancel'] = {'top': type(app.top()).__name__, 'depth': len(app.stack),
                 'kept': sorted(ours() - before)}
print(json.dumps(out))
"""

# the app's own modules, never forgotten with a mode (firmware.app_rare.due's keep)
KEEP = (
    "firmware.crashfast",
    "firmware.crashlog",
    "firmware.crash",
    "firmware.battery",
    "firmware.idle",
    "firmware.ui.wrap",
    "firmware.fast",
)


def run(script):
    p = subprocess.run(
        [micropython(), "-X", "heapsize=4m", "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    return json.loads(p.stdout.strip().splitlines()[-1])


def test_every_mode_opens_a_module_a_frame_behind_a_loading_screen():
    from firmware.loads import LOADS

    got = run(SCRIPT)
    for mode, modules in LOADS.items():
        r = got[mode]
        assert not r["pre"], mode  # no mode's screen is the menu's own (settings neither)
        assert r["first"] == "Loading", mode  # shown in the frame that asked
        assert r["errors"] == 0 and r["depth"] == 2, (mode, r)
        assert not r["loader"], mode  # its code is not held while the mode runs
        assert r["top"] not in ("Loading", "MessageScreen"), (mode, r)
        *loading, opened = r["steps"]
        for step in loading:
            assert len(step) <= 1, (mode, step)  # one module a frame
            assert set(step) <= set(modules), (mode, step)
        # the frame that opens the mode has nothing of its list left to load
        assert not set(opened) & set(modules), (mode, opened)
        kept = set(r["forgotten"]) - set(KEEP)  # the app's own stay (firmware.app_rare.due's keep)
        assert not kept, (mode, kept)  # the mode's code is gone at the menu
    # a game's start: a collection a frame after the screen shows, the deal in
    # the next (so no collection falls in its frame), then play_start goes
    for mode in ("play", "demo"):
        want = [[3, True], [2, True], [1, False], [0, False]]
        assert got[mode]["starts"] == want, got[mode]
    assert len(LOADS) >= 6
    assert got["cancel"] == {"top": "MenuScreen", "depth": 1, "kept": []}


def test_each_listed_module_finds_its_imports_loaded():
    # the list's order, in a fresh interpreter: importing a module loads only
    # itself (and its package), so a frame never loads more than one
    script = r"""
import sys, json
sys.path[:0] = ['.']
import firmware.main, firmware.app, firmware.app_rare, firmware.screens.menu
from firmware.loads import LOADS
base = set(sys.modules)
out = {}
for mode, mods in LOADS.items():
    for k in [k for k in sys.modules if k not in base]:
        del sys.modules[k]
    extra = []
    for m in mods:
        have = set(sys.modules)
        __import__(m)
        new = sorted(k for k in sys.modules if k not in have and k != m)
        new = [k for k in new if k.split('.')[0] in ('engine', 'firmware', 'boards')]
        if new:
            extra.append([m, new])
    out[mode] = extra
print(json.dumps(out))
"""
    got = run(script)
    assert got and all(v == [] for v in got.values()), got


def test_the_list_is_what_the_screens_import():
    import sys

    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import device_files
    from firmware.loads import LOADS

    assert LOADS == device_files.mode_loads()
    assert sorted(LOADS) == sorted(device_files.mode_entries())
    # the computer (the code of its decisions loads in the game, firmware.play.heap),
    # then the match's start with the restoring of a save (engine.restore)
    assert LOADS["play"][-5:-1] == (
        "engine.opponent", "engine.match", "engine.restore", "firmware.play.match_start",
    )  # fmt: skip
    # the app's rare steps, which open the mode, last: not in the frame that opens it
    assert all(modules[-1] == "firmware.app_rare" for modules in LOADS.values())
