"""Opening a mode a module a frame (firmware/loading.py, issue 12: no frame
may freeze while a mode's code loads): in a fresh MicroPython unix port, on
hardware that says it is a device (``staged``), every mode of the start
menu is opened from the menu, which records it and asks a restart; in the
restarted interpreter (its modules reset as a soft reset leaves them) the
first frame shows the loading screen, each frame after it loads at most one
module of the mode's list (firmware/loads.py), the mode opens with nothing
of its code left to load, and back at the menu (from the mode, or B while
loading) is a restart too, the menu's cursor on the mode left. The list itself is checked
against the screens' imports: it is what tools/gen_package_json.py makes
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
import json
base = set(sys.modules)  # what the interpreter holds before main.py's imports

def ours():
    return set(n for n in sys.modules if n.split('.')[0] in ('engine', 'firmware', 'boards'))

def fresh():
    # a soft reset: the modules a boot starts with, and nothing else
    for k in [k for k in sys.modules if k not in base]:
        del sys.modules[k]

out = {}
restarts = []
storage = None
def device(resume=False):
    from firmware.app import App
    from firmware.hw import host
    hw = host.make(storage=storage)
    hw.staged = True  # as the device's backends are (firmware/hal.py)
    hw.restart = lambda: restarts.append(1)  # done in place: the app stops
    return App(hw, resume=resume)

def record():
    from firmware.app_rare import LastMode
    return list(LastMode(storage).load()[:2])

t = [0]
def tick(app):
    app.tick(t[0])
    t[0] += 20

from firmware.hw import host
from firmware.screens.menu import ENTRIES
names = [e[1] for e in ENTRIES]
for mode in sorted(__import__('firmware.loads').loads.LOADS):
    fresh()
    storage = host.DictStorage()
    del restarts[:]
    app = device()
    tick(app)
    app.open(mode)  # from the menu: recorded, then a restart into it
    asked = [len(restarts), app.restarting, record(), len(app.stack)]
    fresh()
    app = device(resume=True)  # the new interpreter's app, into the mode
    before = ours()
    pre = ('firmware.screens.' + mode) in sys.modules
    tick(app)
    first = type(app.top()).__name__
    steps = []
    seen = ours()
    for _ in range(100):
        if type(app.top()).__name__ != 'Loading':
            break
        tick(app)
        now = ours()
        steps.append(sorted(now - seen))
        seen = now
    starts = []
    for _ in range(5):
        top = app.top()
        starts.append([getattr(top, 'starting', 0), getattr(top, 'game', 0) is None])
        if not starts[-1][0]:
            break
        tick(app)
    out[mode] = {'starts': starts, 'first': first, 'pre': pre, 'steps': steps,
                 'top': type(app.top()).__name__, 'errors': app.errors,
                 'depth': len(app.stack), 'loader': 'firmware.loading' in sys.modules,
                 'asked': asked}
    del restarts[:]
    app.home()  # back at the menu: a restart into it, the cursor kept
    out[mode]['home'] = [len(restarts), record()]
    fresh()
    app = device(resume=True)
    tick(app)
    out[mode]['menu'] = [len(app.stack), app.stack[0].cursor == names.index(mode), app.mode]
# B while loading: back at the menu by a restart, the record naming it
fresh()
storage = host.DictStorage()
app = device()
app.open('keeper')
fresh()
app = device(resume=True)
from firmware.hal import B
tick(app)
del restarts[:]
app.hw.buttons.set(B)
for k in range(3):
    tick(app)
out['cancel'] = {'restarts': len(restarts), 'record': record()}
print(json.dumps(out))
"""


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


def test_every_mode_opens_by_a_restart_and_a_module_a_frame_behind_a_loading_screen():
    from firmware.loads import LOADS
    from firmware.screens.menu import ENTRIES

    got = run(SCRIPT)
    for mode, modules in LOADS.items():
        r = got[mode]
        # the menu records the mode and asks a restart; nothing is pushed
        assert r["asked"] == [1, True, [mode, 0], 1], (mode, r["asked"])
        assert not r["pre"], mode  # no mode's screen is the menu's own (settings neither)
        assert r["first"] == "Loading", mode  # shown in the first frame after the restart
        assert r["errors"] == 0 and r["depth"] == 2, (mode, r)
        assert not r["loader"], mode  # its code is not held while the mode runs
        assert r["top"] not in ("Loading", "MessageScreen"), (mode, r)
        *loading, opened = r["steps"]
        for step in loading:
            assert len(step) <= 1, (mode, step)  # one module a frame
            assert set(step) <= set(modules), (mode, step)
        # the frame that opens the mode has nothing of its list left to load
        assert not set(opened) & set(modules), (mode, opened)
        # back at the menu: a restart, the record naming the menu with the
        # mode's entry, where the new menu's cursor is
        index = [e[1] for e in ENTRIES].index(mode)
        assert r["home"] == [1, ["", index]], (mode, r["home"])
        assert r["menu"] == [1, True, None], (mode, r["menu"])
    # a game's start: a collection a frame after the screen shows, the deal in
    # the next (so no collection falls in its frame), then play_start goes
    for mode in ("play", "demo"):
        want = [[3, True], [2, True], [1, False], [0, False]]
        assert got[mode]["starts"] == want, got[mode]
    assert len(LOADS) >= 6
    index = [e[1] for e in ENTRIES].index("keeper")
    assert got["cancel"] == {"restarts": 1, "record": ["", index]}


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
    # the computer (the code of its decisions loads in the game, firmware.play_load),
    # then the match's start with the restoring of a save (engine.restore)
    assert LOADS["play"][-5:-1] == (
        "engine.opponent", "engine.match", "engine.restore", "firmware.play_start",
    )  # fmt: skip
    # the app's rare steps, which open the mode, last: not in the frame that opens it
    assert all(modules[-1] == "firmware.app_rare" for modules in LOADS.values())
