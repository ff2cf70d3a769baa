"""The score keeper and hand counter screens' rig, for tests: ``Rig`` (one
headless app over a dict of files, the storage that outlives a restart,
driven by tools/driver.py's ``Driver`` with raw button levels). Used by the
keeper screen tests and test_odds. Portable (CPython and MicroPython). Not a
test module. Imports firmware.app, firmware.hw.host and tools/driver.py.
"""

from driver import Driver
from firmware.app import App
from firmware.hw import host


def Rig(files=None, pegboard=None, root=None):
    """One app over ``files`` (a dict: the storage that outlives a restart),
    driven by tools/driver.py's ``Driver``; ``rig.files`` is that dict."""
    files = {} if files is None else files
    rig = Driver(App(host.make(storage=host.DictStorage(files)), root=root, pegboard=pegboard), 1)
    rig.files = files
    return rig
