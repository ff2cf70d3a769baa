"""The app tests' rig: ``new_app`` (a headless firmware/app.py over the host
backend, an optional storage and root screen, driven by tools/driver.py's
``Driver``) and ``drawn_text`` (every string the next full redraw puts on
the screen). Used by test_app, test_app_settings and test_app_resume.
Portable (CPython and MicroPython). Not a test module. Imports
firmware.app, firmware.hw.host, host_tests/screentext.py and
tools/driver.py.
"""

import screentext
from driver import Driver
from firmware.app import App
from firmware.hw import host


def new_app(storage=None, root=None):
    return Driver(App(host.make(storage=storage), root=root))


def drawn_text(d):
    """Every string the next full redraw puts on the screen, joined by spaces."""
    return screentext.drawn_text(d.app, lambda: d.tick(1))
