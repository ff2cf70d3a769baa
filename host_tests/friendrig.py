"""The friend mode's tests' rig, shared by test_friend_screen and
test_friend_power: ``table_app(ends, n, storage)``, an app whose table
links to the others' through the in-memory link (tools/memlink.py's
``MemLink``, one end in the list ``ends`` for each table opened), with the
quick t31 prime and its own secret; ``to_menu(d)``, the friend menu from
the start menu; ``open_table(d, join)``, a table opened (or joined) there, its side
and link made.
Portable (CPython and MicroPython). Not a test module. Imports
host_tests/apprig.py, tools/driver.py, firmware.app, firmware.hal, firmware.hw.host,
firmware.screens.friend, firmware.screens.friend_table and
tools/memlink.py."""

from apprig import new_app
from driver import Driver
from firmware.app import App
from firmware.hal import A, DOWN, UP
from firmware.hw import host
from firmware.screens.friend import FriendMenu
from firmware.screens.friend_table import FriendTable
from memlink import MemLink


def table_app(ends, n, storage=None, pegboard=None):
    """The app of side ``n`` over ``storage`` (a fresh one when None), with
    ``pegboard`` as its LED board (None: none)."""
    if pegboard is None:
        d = new_app(storage or host.DictStorage())
    else:
        d = Driver(App(host.make(storage=storage or host.DictStorage()), pegboard=pegboard))

    def make(peer):
        link = MemLink(ends)
        link.peer = peer
        for end in ends:  # connected: each asks for what it missed, as a link does
            end.peer.resume_link()
        return link

    d.hw.table_link = make
    d.hw.table_prime = "t31"
    d.hw.table_secret = b"side %d" % n
    return d


def to_menu(d):
    d.tap(UP)  # the start menu wraps to its last entry
    d.tap(A)
    assert isinstance(d.app.top(), FriendMenu)


def open_table(d, join):
    """The table ``d`` opens (``join`` False) or joins."""
    to_menu(d)
    if join:
        d.tap(DOWN)
    d.tap(A)
    t = d.app.top()
    assert isinstance(t, FriendTable)
    for _ in range(40):  # it opens a step a frame: the code still to load, the side, the link
        if t.link is not None:
            break
        d.tick(1)
    assert t.link is not None and t.peer is not None
    return t
