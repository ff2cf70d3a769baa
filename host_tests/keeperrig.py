"""The score keeper and hand counter screens' rig, for tests: ``Rig`` (one
headless app over a dict of files, the storage that outlives a restart,
driven by tools/driver.py's ``Driver`` with raw button levels), ``FRAME``
(one frame's milliseconds), ``saved_keeper`` (the keeper as its store holds
it), ``number`` (score mode: an award entered as a number), ``shown`` (the
text on the display now) and ``mash`` (random buttons, chords, long presses
and repeats, failing on any error of the app). Used by the test_keeper_screen*
and test_counter_screen modules and test_odds. Portable (CPython and
MicroPython). Not a test module. Imports engine.rng, firmware.app,
firmware.hal, firmware.hw.host, firmware.keeper.game, firmware.keeper.control,
host_tests/screentext.py and tools/driver.py.
"""

from driver import Driver
from engine.rng import Rng
from firmware.app import App
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw import host
from firmware.keeper.control import open_store
from screentext import drawn_text
from firmware.keeper.record import from_bytes


FRAME = 20


def Rig(files=None, pegboard=None, root=None):
    """One app over ``files`` (a dict: the storage that outlives a restart),
    driven by tools/driver.py's ``Driver``; ``rig.files`` is that dict."""
    files = {} if files is None else files
    rig = Driver(App(host.make(storage=host.DictStorage(files)), root=root, pegboard=pegboard), 1)
    rig.files = files
    return rig


def saved_keeper(files):
    payload, version, problem = open_store(host.DictStorage(files)).load()
    assert problem is None, problem
    return from_bytes(payload, version)


def number(rig, points):
    """Score mode: A, UP ``points`` times, A."""
    rig.tap(A)
    rig.tap(UP, points)
    rig.tap(A)


def shown(rig):
    """The text the keeper screen puts on the display now."""
    return drawn_text(rig.app, lambda: rig.run(FRAME))


def mash(rig, seed, n):
    rng = Rng(seed)
    bits = (UP, DOWN, LEFT, RIGHT, A, B)
    for _ in range(n):
        r = rng.below(10)
        if r < 7:
            mask = bits[rng.below(6)]
        elif r < 9:
            mask = bits[rng.below(6)] | bits[rng.below(6)]
        else:
            mask = 0
        rig.hw.buttons.set(mask)
        rig.run(FRAME * (1 + rng.below(45)))  # up to 900 ms: longs and repeats
        rig.hw.buttons.set(0)
        rig.run(FRAME * rng.below(4))
        assert rig.app.errors == 0, rig.app.last_error
